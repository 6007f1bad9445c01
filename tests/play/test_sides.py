"""Side tokens (docs/play.md, "Several devices, one game"): a device joins as a side with
the join code, and while the game's sides own their ships (the default) it changes only its
side's ships; the host's machine changes any ship; a refused change is 403 with one line."""

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
HIT = {"action": "damage", "amount": 1}


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    return tmp_path


@pytest.fixture
def app(workspace: Path) -> Any:
    return create_app(workspace, hosts=["testserver"])


@pytest.fixture
def host(app: Any) -> Iterator[TestClient]:
    with TestClient(app, client=HOST) as c:
        yield c


@pytest.fixture
def game(host: TestClient) -> dict[str, str]:
    made: dict[str, str] = host.post("/api/play", json={"scenario": SCENARIO}).json()
    return made


@pytest.fixture
def guest(app: Any, host: TestClient, game: dict[str, str]) -> Iterator[TestClient]:
    # the same server as the host's (one engine, one set of sockets), seen from another machine
    with TestClient(app, client=GUEST, headers={"X-Join-Code": game["code"]}) as c:
        yield c


def _token(guest: TestClient, game: dict[str, str], side: str) -> str:
    answer = guest.post(f"/api/play/{game['id']}/join", json={"side": side})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


def _one_line(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert len(body["lines"]) == 1 and words in body["error"], body


def test_a_side_changes_its_own_ships_and_no_other(
    host: TestClient, guest: TestClient, game: dict[str, str]
) -> None:
    url = f"/api/play/{game['id']}"
    token = _token(guest, game, "Player A")
    assert len(token) == 16 and token == _token(guest, game, "Player A")  # the same for the side
    assert token != _token(guest, game, "Player B")
    mine = guest.post(f"{url}/events", json={"ship": "Hammer", **HIT}, headers={"X-Side-Token": token})
    assert mine.status_code == 200 and mine.json()["version"] == 1
    assert mine.json()["log"][-1]["who"] == "Player A"
    theirs = guest.post(f"{url}/events?token={token}", json={"ship": "Anvil", **HIT})
    _one_line(theirs, 403, "Anvil is Player B's ship; Player A changes only its own ships")
    _one_line(guest.post(f"{url}/events", json={"ship": "Hammer", **HIT}), 403, "join the game as a side")
    wrong = guest.post(f"{url}/events", json={"ship": "Hammer", **HIT}, headers={"X-Side-Token": "A" * 16})
    _one_line(wrong, 403, "not one of this game's")
    _one_line(
        guest.post(f"{url}/events", json={"action": "next_turn"}, headers={"X-Side-Token": token}),
        403,
        "only the host may send next_turn",
    )
    assert (
        guest.post(
            f"{url}/events", json={"action": "roll", "dice": "1d10"}, headers={"X-Side-Token": token}
        ).status_code
        == 200
    )
    # the host's machine changes any ship, with no token
    assert host.post(f"{url}/events", json={"ship": "Anvil", **HIT}).status_code == 200
    # an undo takes back only the side's own change: the last one is the host's hit on Anvil
    _one_line(guest.post(f"{url}/undo", headers={"X-Side-Token": token}), 403, "Anvil of Player B")
    state = host.get(url).json()
    assert state["version"] == 3 and state["sides_own_ships"] is True
    b = _token(guest, game, "Player B")
    assert guest.post(f"{url}/undo", headers={"X-Side-Token": b}).status_code == 200
    _one_line(guest.post(f"{url}/join", json={"side": "Player C"}), 409, "no side 'Player C'")


def test_the_host_lets_every_side_change_any_ship(
    host: TestClient, guest: TestClient, game: dict[str, str]
) -> None:
    url = f"/api/play/{game['id']}"
    token = _token(guest, game, "Player A")
    _one_line(guest.post(f"{url}/settings", json={"sides_own_ships": False}), 403, "only the host's machine")
    _one_line(host.post(f"{url}/settings", json={"sides_own_ships": "no"}), 400, "sides_own_ships")
    answer = host.post(f"{url}/settings", json={"sides_own_ships": False})
    assert answer.status_code == 200 and answer.json()["sides_own_ships"] is False
    theirs = guest.post(f"{url}/events", json={"ship": "Anvil", **HIT}, headers={"X-Side-Token": token})
    assert theirs.status_code == 200
    assert host.post(f"{url}/settings", json={"sides_own_ships": True}).json()["sides_own_ships"] is True
    again = guest.post(f"{url}/events", json={"ship": "Anvil", **HIT}, headers={"X-Side-Token": token})
    assert again.status_code == 403


def test_tokens_and_the_setting_survive_a_restart(workspace: Path, game: dict[str, str]) -> None:
    url = f"/api/play/{game['id']}"
    with TestClient(create_app(workspace, hosts=["testserver"]), client=HOST) as first:
        first.post(f"{url}/settings", json={"sides_own_ships": False})
        token = first.post(f"{url}/join", json={"side": "Player B"}).json()["token"]
    headers = {"X-Join-Code": game["code"], "X-Side-Token": token}
    with TestClient(create_app(workspace, hosts=["testserver"]), client=GUEST, headers=headers) as again:
        assert again.get(url).json()["sides_own_ships"] is False
        assert again.post(f"{url}/events", json={"ship": "Hammer", **HIT}).status_code == 200
    assert (workspace / ".sheetgen" / "play.key").stat().st_mode & 0o077 == 0


def test_a_refused_change_reaches_no_socket(
    host: TestClient, guest: TestClient, game: dict[str, str]
) -> None:
    url = f"/api/play/{game['id']}"
    token = _token(guest, game, "Player B")
    with host.websocket_connect(f"{url}/live", headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["version"] == 0
        refused = guest.post(f"{url}/events", json={"ship": "Hammer", **HIT}, headers={"X-Side-Token": token})
        assert refused.status_code == 403
        taken = guest.post(f"{url}/events", json={"ship": "Lance", **HIT}, headers={"X-Side-Token": token})
        assert taken.status_code == 200
        pushed = socket.receive_json()  # the next push is the allowed change: the refused one made none
        assert pushed["version"] == 1 and pushed["log"][-1]["event"]["ship"] == "Lance"
