"""``sheetgen examples`` ends with a kit to try: the first registered game's
``first_scenario`` (what ``sheetgen kit`` prints without an argument), copied there."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.kit import default_scenario_name

from tests.every_game import every_game

Invoke = Callable[..., Any]


def test_the_hinted_kit_is_a_copied_scenario(invoke: Invoke, tmp_path: Path) -> None:
    folder = tmp_path / "examples"
    r = invoke("examples", folder)
    assert r.exit_code == 0, r.stderr
    hinted = re.search(r"sheetgen kit (\S+)", r.stderr)
    assert hinted is not None, r.stderr
    assert Path(hinted.group(1)) == folder / default_scenario_name()
    assert Path(hinted.group(1)).is_file()


@pytest.mark.parametrize("game_id", every_game())
def test_every_games_first_scenario_is_bundled(game_id: str) -> None:
    game = find_game(game_id)
    assert game.first_scenario
    assert game.files().designs / "scenarios" / game.first_scenario in game.files().scenarios
