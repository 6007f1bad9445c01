"""``sheetgen play``'s arguments: a bundled scenario's name as ``kit`` takes it, extra
arguments refused, and ``play export``'s -o a .yaml/.yml file and never a folder (one line,
exit 2)."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path
from typing import Any

from sheetgen.play.engine import Engine

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"


def _one_line(result: Any, words: str) -> None:
    assert result.exit_code == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], lines


def test_a_bundled_scenario_name_is_played_from_the_workspace_copy(invoke: Any, tmp_path: Path) -> None:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    with socket.socket() as busy:  # the port refuses after the scenario is found and read
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        found = invoke("play", "small-task-groups", "--workspace", tmp_path, "--port", str(port))
    _one_line(found, "cannot listen on")


def test_a_bundled_scenario_outside_the_workspace_says_how_to_copy_it(invoke: Any, tmp_path: Path) -> None:
    result = invoke("play", "small-task-groups", "--workspace", tmp_path)
    _one_line(result, "a bundled scenario")
    assert (
        "sheetgen examples" in result.stderr and "starfire/scenarios/small-task-groups.yaml" in result.stderr
    )
    _one_line(invoke("play", "no-such-scenario", "--workspace", tmp_path), "nor a bundled scenario")
    assert Engine(tmp_path).games() == []


def test_extra_arguments_are_refused(invoke: Any, tmp_path: Path) -> None:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    scenario = tmp_path / SCENARIO
    _one_line(invoke("play", scenario, "EXTRA", "--workspace", tmp_path), "EXTRA: play takes one SCENARIO")
    _one_line(invoke("play", scenario, "-o", tmp_path / "x.yaml", "--workspace", tmp_path), "play takes one")
    assert Engine(tmp_path).games() == []


def test_export_wants_a_yaml_file(invoke: Any, tmp_path: Path) -> None:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    game = Engine(tmp_path).create(SCENARIO).id
    folder = tmp_path / "out"
    folder.mkdir()
    for force in ((), ("--force",)):
        result = invoke("play", "export", game, "-o", folder, "--workspace", tmp_path, *force)
        _one_line(result, f"{folder} is a folder")
    text = tmp_path / "out.txt"
    _one_line(
        invoke("play", "export", game, "-o", text, "--workspace", tmp_path), "name a .yaml or .yml file"
    )
    assert not text.exists()
    written = invoke("play", "export", game, "-o", tmp_path / "out.yml", "--workspace", tmp_path)
    assert written.exit_code == 0, written.stderr
