"""Play mode under faults: two writers at once, and the server killed (SIGKILL) mid-burst."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from sheetgen.play.engine import Engine

from tests.conftest import DESIGNS, ROOT

SCENARIO = "starfire/scenarios/small-task-groups.yaml"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    return tmp_path


def test_two_devices_hitting_one_ship_at_once_get_one_order(workspace: Path) -> None:
    engine = Engine(workspace)
    game = engine.create(SCENARIO)
    answers: list[dict[str, Any]] = []
    start = threading.Barrier(2)

    def device(who: str) -> None:
        start.wait()
        answers.append(engine.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 2}, who))

    threads = [threading.Thread(target=device, args=(who,)) for who in ("one", "two")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = engine.state(game.id)
    assert sorted(a["version"] for a in answers) == [1, 2]  # one after the other, never both as 1
    hammer = next(s for s in final["ships"] if s["name"] == "Hammer")["now"]
    # 2 + 2: the three shields knocked offline, then one armor destroyed, whichever came first
    assert hammer["systems"] == "AA(I)(I)(I)(I)(I)QQYDDRRL" and hammer["shields_offline"] == 3
    assert Engine(workspace).state(game.id)["ships"] == final["ships"]  # what a fresh reader sees too


def test_two_servers_on_one_workspace_never_interleave(workspace: Path) -> None:
    first, second = Engine(workspace), Engine(workspace)
    game = first.create(SCENARIO)
    second.state(game.id)  # the second reads the game before the first writes
    first.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 3}, "first")
    state = second.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 1}, "second")
    assert [e["who"] for e in state["log"]] == ["first", "second"]
    assert (
        next(s for s in state["ships"] if s["name"] == "Hammer")["now"]["systems"]
        == "AA(I)(I)(I)(I)(I)QQYDDRRL"
    )


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: dict[str, Any]) -> int:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def _play(workspace: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "sheetgen",
            "play",
            SCENARIO,
            "--workspace",
            str(workspace),
            "--port",
            str(port),
            *extra,
        ],
        cwd=workspace,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait_up(base: str, process: subprocess.Popen[str]) -> None:
    for _ in range(300):
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        try:
            with urllib.request.urlopen(f"{base}/api/play", timeout=2):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the server did not start")


def test_every_acknowledged_event_survives_kill_9(workspace: Path) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = _play(workspace, port)
    try:
        _wait_up(base, server)
        (game,) = Engine(workspace).games()
        url = f"{base}/api/play/{game.id}/events"
        sent: set[str] = set()
        acknowledged: set[str] = set()
        stop = threading.Event()

        def device(name: str) -> None:
            n = 0
            while not stop.is_set():
                who = f"{name}-{n}"
                sent.add(who)
                try:
                    status = _post(url, {"action": "roll", "dice": "1d10", "who": who})
                except OSError:
                    return  # the server is gone
                if status == 200:
                    acknowledged.add(who)
                n += 1

        devices = [threading.Thread(target=device, args=(name,)) for name in ("phone", "tablet")]
        for d in devices:
            d.start()
        while len(acknowledged) < 20:
            time.sleep(0.01)
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        stop.set()
        for d in devices:
            d.join(15)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
        if server.stderr:
            server.stderr.close()
    kept = [e["who"] for e in Engine(workspace).state(game.id)["log"]]
    assert len(kept) == len(set(kept))  # nothing twice
    assert acknowledged <= set(kept) <= sent  # every acknowledged event, nothing never sent
    assert len(set(kept) - acknowledged) <= 2  # at most the events in flight when it died
    # and the game resumes where it was: the server started again serves the same log
    again = _play(workspace, port)
    try:
        _wait_up(base, again)
        with urllib.request.urlopen(f"{base}/api/play/{game.id}", timeout=10) as answer:
            assert [e["who"] for e in json.load(answer)["log"]] == kept
        assert _post(url, {"ship": "Hammer", "action": "damage", "amount": 1}) == 200
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(20)
        if again.stderr:
            again.stderr.close()
