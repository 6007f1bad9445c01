"""``sheetgen play``: the games kept, and its refusals (one line, exit 2)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sheetgen.play.engine import Engine

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"


def test_list_shows_the_games_kept(invoke: Any, tmp_path: Path) -> None:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    assert "no games kept" in invoke("play", "--list", "--workspace", tmp_path).stdout
    engine = Engine(tmp_path)
    game = engine.create(SCENARIO)
    engine.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 1})
    result = invoke("play", "--list", "--workspace", tmp_path)
    assert result.exit_code == 0
    assert game.id in result.stdout and "1 events" in result.stdout and SCENARIO in result.stdout


def test_refusals_are_one_line_and_exit_2(invoke: Any, tmp_path: Path) -> None:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    (tmp_path / "ws").mkdir()
    outside = invoke("play", tmp_path / SCENARIO, "--workspace", tmp_path / "ws")
    assert outside.exit_code == 2 and "not inside the workspace" in outside.stderr
    design = invoke("play", tmp_path / "starfire/ships/destroyer-hammer.yaml", "--workspace", tmp_path)
    assert design.exit_code == 2 and "cannot be played" in design.stderr
    assert len(design.stderr.strip().splitlines()) == 1
    assert invoke("play", "--workspace", tmp_path).exit_code == 2
    assert Engine(tmp_path).games() == []


def test_a_busy_port_is_refused_before_a_game_is_kept(invoke: Any, tmp_path: Path) -> None:
    import socket

    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = invoke("play", tmp_path / SCENARIO, "--workspace", tmp_path, "--port", str(port))
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"sheetgen: error: cannot listen on 127.0.0.1:{port}: Address already in use"
    ]
    assert Engine(tmp_path).games() == []
