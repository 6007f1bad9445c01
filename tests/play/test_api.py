"""Play mode's HTTP and WebSocket contract (docs/play.md) on the server's application."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"
HOST = ("127.0.0.1", 50000)
GUEST = ("192.0.2.7", 50000)


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    return tmp_path


@pytest.fixture
def host(workspace: Path) -> Iterator[TestClient]:
    with TestClient(create_app(workspace, hosts=["testserver"]), client=HOST) as c:
        yield c


@pytest.fixture
def game(host: TestClient) -> dict[str, str]:
    answer = host.post("/api/play", json={"scenario": SCENARIO})
    assert answer.status_code == 201, answer.text
    made: dict[str, str] = answer.json()
    return made


def _ship(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in state["ships"] if s["name"] == name)


def test_create_list_and_read_a_game(host: TestClient, game: dict[str, str]) -> None:
    assert set(game) == {"id", "code"}
    assert [g["id"] for g in host.get("/api/play").json()["games"]] == [game["id"]]
    state = host.get(f"/api/play/{game['id']}").json()
    assert {"id", "scenario", "turn", "phase", "version", "ships", "log"} <= set(state)
    assert state["scenario"] == SCENARIO and state["code"] == game["code"]
    hammer = _ship(state, "Hammer")
    assert hammer["side"] == "Player A" and hammer["removed"] is False
    assert hammer["now"]["systems"] == "SSSAAA(I)(I)(I)(I)(I)QQYDDRRL"
    assert hammer["now"]["movement_points"] == 5


def test_an_event_answers_the_new_state_and_undo_takes_it_back(
    host: TestClient, game: dict[str, str]
) -> None:
    url = f"/api/play/{game['id']}"
    answer = host.post(
        f"{url}/events", json={"ship": "Hammer", "action": "damage", "amount": 4, "weapon": "F"}
    )
    assert answer.status_code == 200
    assert _ship(answer.json(), "Hammer")["now"]["systems"] == "AA(I)(I)(I)(I)(I)QQYDDRRL"
    assert answer.json()["version"] == 1
    state = host.post(f"{url}/undo").json()
    assert _ship(state, "Hammer")["now"]["systems"] == "SSSAAA(I)(I)(I)(I)(I)QQYDDRRL"
    assert _ship(host.post(f"{url}/redo").json(), "Hammer")["now"]["shields_offline"] == 3


@pytest.mark.parametrize(
    ("event", "status", "line"),
    [
        ({"ship": "Hammer", "action": "damage", "amount": -1}, 409, "1 or more"),
        ({"ship": "Hammer", "action": "damage", "amount": 1, "weapon": "X"}, 409, "unknown weapon"),
        ({"ship": "Ghost", "action": "damage", "amount": 1}, 409, "no ship named 'Ghost'"),
    ],
)
def test_a_refused_event_is_a_4xx_line_and_changes_nothing(
    host: TestClient, game: dict[str, str], event: dict[str, Any], status: int, line: str
) -> None:
    url = f"/api/play/{game['id']}"
    answer = host.post(f"{url}/events", json=event)
    assert answer.status_code == status
    assert answer.json()["error"].startswith("sheetgen: error: ") and line in answer.json()["error"]
    assert host.get(url).json()["version"] == 0


def test_bad_requests_are_refused_in_one_line(host: TestClient, game: dict[str, str]) -> None:
    assert host.get("/api/play/NOSUCH").status_code == 404
    assert host.post(f"/api/play/{game['id']}/events", content=b"[1").status_code == 400
    assert host.post("/api/play", json={"scenario": "../etc/passwd.yaml"}).status_code == 400
    answer = host.post("/api/play", json={"scenario": "starfire/ships/destroyer-hammer.yaml"})
    assert answer.status_code == 409 and "cannot be played" in answer.json()["error"]
    assert host.post(f"/api/play/{game['id']}/undo").status_code == 409


def test_the_websocket_pushes_each_new_state(host: TestClient, game: dict[str, str]) -> None:
    url = f"/api/play/{game['id']}"
    with host.websocket_connect(f"{url}/live", headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["version"] == 0
        host.post(f"{url}/events", json={"ship": "Arrow", "action": "damage", "amount": 1})
        pushed = socket.receive_json()
        assert pushed["version"] == 1 and "code" not in pushed
        assert _ship(pushed, "Arrow")["now"]["shields_offline"] == 1


def test_another_machine_needs_the_join_code(workspace: Path, host: TestClient, game: dict[str, str]) -> None:
    url = f"/api/play/{game['id']}"
    with TestClient(create_app(workspace, hosts=["testserver"]), client=GUEST) as guest:
        assert guest.get(url).status_code == 403
        assert guest.get("/api/play").status_code == 403
        assert (
            guest.post(f"{url}/events", json={"ship": "Arrow", "action": "damage", "amount": 1}).status_code
            == 403
        )
        joined = guest.get(url, headers={"X-Join-Code": game["code"]})
        assert joined.status_code == 200 and "code" not in joined.json()
        assert guest.get(f"{url}?code={game['code'].lower()}").status_code == 200
        assert guest.post("/api/play", json={"scenario": SCENARIO}).status_code == 403
        with pytest.raises(Exception), guest.websocket_connect(f"{url}/live") as socket:  # noqa: B017
            socket.receive_json()
        for _ in range(10):
            guest.get(url, headers={"X-Join-Code": "WRONG1"})
        limited = guest.get(url, headers={"X-Join-Code": game["code"]})
        assert limited.status_code == 429 and limited.headers["Retry-After"] == "60"
    assert host.get(url).json()["version"] == 0


def test_the_play_page_is_served(host: TestClient) -> None:
    page = host.get("/play")
    assert page.status_code == 200 and 'data-testid="play-log"' in page.text
