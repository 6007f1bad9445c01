"""Each game keeps its rulings in its own package and names its rule text once (its
``title``); the core keeps only the mechanism and the project's input ids."""

from __future__ import annotations

import importlib

import pytest

from sheetgen.core.rulings import INPUT_RULINGS
from sheetgen.games import GAMES, find_game, rulebook

from tests.conftest import ROOT
from tests.every_game import every_game


@pytest.mark.parametrize("game_id", every_game())
def test_a_games_rulings_live_in_its_package_and_name_it(game_id: str) -> None:
    game = find_game(game_id)
    assert game.rulings, game_id
    assert {r.game for r in game.rulings} == {game_id}
    home = importlib.import_module(f"{type(game).__module__}.rulings")
    assert game.rulings == home.RULINGS


@pytest.mark.parametrize("game_id", every_game())
def test_explain_names_the_rule_text_by_the_games_title(game_id: str) -> None:
    book = rulebook()
    assert book.texts[game_id] == find_game(game_id).title
    for r in find_game(game_id).rulings:
        assert book.reads(r).startswith(f"{find_game(game_id).title}: ")
        assert ("Game", f"{game_id}, {find_game(game_id).title}") in book.explained(r)


def test_the_rulebook_is_the_input_ids_then_each_games_in_registry_order() -> None:
    expected = INPUT_RULINGS + tuple(r for g in GAMES for r in find_game(g).rulings)
    assert rulebook().rulings == expected
    assert all(not r.game for r in INPUT_RULINGS)


def test_the_core_rulings_name_no_game() -> None:
    text = (ROOT / "sheetgen" / "core" / "rulings.py").read_text(encoding="utf-8")
    assert [g for g in GAMES if f'"{g}"' in text] == []
