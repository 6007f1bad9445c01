"""``sheetgen examples`` ends with a kit to try: the first registered game's
``first_scenario`` (what ``sheetgen kit`` prints without an argument), copied there."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetgen.games import GAMES, find_game
from sheetgen.kit import default_scenario, default_scenario_name

Invoke = Callable[..., Any]


def test_the_hinted_kit_is_a_copied_scenario(invoke: Invoke, tmp_path: Path) -> None:
    folder = tmp_path / "examples"
    r = invoke("examples", folder)
    assert r.exit_code == 0, r.stderr
    hinted = re.search(r"sheetgen kit (\S+)", r.stderr)
    assert hinted is not None, r.stderr
    assert Path(hinted.group(1)) == folder / default_scenario_name()
    assert Path(hinted.group(1)).is_file()


def test_every_games_first_scenario_is_bundled() -> None:
    for game_id in GAMES:
        first = find_game(game_id).first_scenario
        assert first and (default_scenario().parents[2] / game_id / "scenarios" / first).is_file(), game_id
