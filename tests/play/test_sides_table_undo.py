"""A side that made a table event (a dice roll, a phase) may undo it while the sides own their
ships; another side may not, and is told whose event it is (docs/play.md, "Several devices,
one game")."""

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


@pytest.fixture
def clients(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient, str]]:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    app = create_app(tmp_path, hosts=["testserver"])
    with TestClient(app, client=("127.0.0.1", 50000)) as host:
        made = host.post("/api/play", json={"scenario": SCENARIO}).json()
        with TestClient(app, client=("192.0.2.7", 50000), headers={"X-Join-Code": made["code"]}) as guest:
            yield host, guest, made["id"]


def _token(guest: TestClient, game: str, side: str) -> dict[str, str]:
    return {"X-Side-Token": guest.post(f"/api/play/{game}/join", json={"side": side}).json()["token"]}


def _refused(answer: Any, words: str) -> None:
    assert answer.status_code == 403, answer.text
    assert words in answer.json()["error"], answer.json()


def test_the_side_that_rolled_undoes_its_roll(clients: tuple[TestClient, TestClient, str]) -> None:
    _host, guest, game = clients
    url = f"/api/play/{game}"
    a, b = _token(guest, game, "Player A"), _token(guest, game, "Player B")
    rolled = guest.post(f"{url}/events", json={"action": "roll", "dice": "1d10"}, headers=a)
    assert rolled.status_code == 200
    assert rolled.json()["log"][-1]["event"]["side"] == "Player A"  # the log keeps who rolled
    _refused(guest.post(f"{url}/undo", headers=b), "Player A's table event (roll); only Player A or the host")
    undone = guest.post(f"{url}/undo", headers=a)
    assert undone.status_code == 200, undone.text
    assert undone.json()["log"][-2]["undone"] is True
    # and puts it back
    assert guest.post(f"{url}/redo", headers=a).status_code == 200


def test_a_host_table_event_stays_the_hosts(clients: tuple[TestClient, TestClient, str]) -> None:
    host, guest, game = clients
    url = f"/api/play/{game}"
    a = _token(guest, game, "Player A")
    assert host.post(f"{url}/events", json={"action": "next_turn"}).status_code == 200
    _refused(
        guest.post(f"{url}/undo", headers=a), "the host's table event (next_turn); only the host may undo it"
    )


def test_a_side_cannot_claim_a_table_event_by_sending_side(
    clients: tuple[TestClient, TestClient, str],
) -> None:
    host, _guest, game = clients
    sent = host.post(f"/api/play/{game}/events", json={"action": "roll", "dice": "1d6", "side": "Player A"})
    assert sent.status_code == 409 and "not 'side'" in sent.json()["error"]
