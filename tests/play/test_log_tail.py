"""An event's answer and each WebSocket push carry the newest LOG_TAIL log entries, the total
and whether anything can be undone, so their size does not grow with the game (it grew by
about 104 bytes an event); GET .../log pages through the whole log."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.play.engine import Engine
from sheetgen.serve.app import create_app
from sheetgen.serve.play import LOG_PAGE, LOG_TAIL

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"
EVENTS = LOG_TAIL + 30


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, str]:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    engine = Engine(tmp_path)
    game = engine.create(SCENARIO)
    for i in range(EVENTS):
        engine.submit(game.id, {"action": "roll", "dice": "1d10"}, f"p{i}")
    return tmp_path, game.id


@pytest.fixture
def host(played: tuple[Path, str]) -> Iterator[TestClient]:
    with TestClient(create_app(played[0], hosts=["testserver"]), client=("127.0.0.1", 5000)) as c:
        yield c


def test_an_answer_carries_the_newest_entries_and_the_total(
    host: TestClient, played: tuple[Path, str]
) -> None:
    url = f"/api/play/{played[1]}"
    small = host.get(url).json()
    answer = host.post(f"{url}/events", json={"action": "roll", "dice": "1d10", "who": "last"}).json()
    assert len(answer["log"]) == LOG_TAIL and answer["log_total"] == EVENTS + 1
    assert answer["log"][-1]["who"] == "last" and answer["log"][0]["seq"] == EVENTS + 2 - LOG_TAIL
    assert answer["can_undo"] is True and small["can_undo"] is True
    with host.websocket_connect(f"{url}/live", headers={"origin": "http://testserver"}) as socket:
        first = socket.receive_json()
        assert len(first["log"]) == LOG_TAIL and first["log_total"] == EVENTS + 1
        host.post(f"{url}/events", json={"action": "roll", "dice": "1d10"})
        pushed = socket.receive_json()
        assert len(pushed["log"]) == LOG_TAIL and pushed["log_total"] == EVENTS + 2


def test_the_whole_log_is_paged(host: TestClient, played: tuple[Path, str]) -> None:
    url = f"/api/play/{played[1]}/log"
    whole = host.get(url).json()
    assert whole["total"] == EVENTS and [e["who"] for e in whole["log"]] == [f"p{i}" for i in range(EVENTS)]
    page = host.get(url, params={"start": 10, "count": 5}).json()
    assert [e["who"] for e in page["log"]] == ["p10", "p11", "p12", "p13", "p14"] and page["start"] == 10
    assert len(host.get(url, params={"count": 10**8}).json()["log"]) == min(EVENTS, LOG_PAGE)
    assert host.get(url, params={"start": "-1"}).status_code == 400
    assert host.get(url, params={"count": "x"}).status_code == 400


@pytest.mark.parametrize(
    ("count", "line"),
    [
        ("-3", "count is a whole number of 0 or more, not '-3'"),
        ("99999999999999999999", "count is at most 999999999, not '99999999999999999999'"),
        ("0000000000005", None),  # leading zeros: 5
    ],
)
def test_a_log_count_out_of_bounds_says_which_bound(
    host: TestClient, played: tuple[Path, str], count: str, line: str | None
) -> None:
    answer = host.get(f"/api/play/{played[1]}/log?count={count}")
    if line is None:
        assert answer.status_code == 200 and len(answer.json()["log"]) == 5
    else:
        assert answer.status_code == 400 and answer.json()["error"] == f"sheetgen: error: {line}"
