"""The games a cross-game test runs over: every registered game, then the stand-in game of
tests/standin_game/ (a fifth game kept in the tests), so a test that holds for "every game"
is shown to hold for one added by its package and registry line alone.

``@pytest.mark.parametrize("game", every_game())`` runs a test once per game; the stand-in's
case carries the ``stand_in`` mark, and for it tests/conftest.py registers the stand-in
(:func:`registered`) for that test alone. Outside those cases the registry holds the real
games only, so generated files (docs/rulings.md, the fleet and scenario schemas) are checked
against the games the project ships."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from sheetgen.core.resources import GameFiles
from sheetgen.games import GAMES, find_game

__all__ = ["STAND_IN", "every_game", "files_of", "per_game", "registered", "with_stand_in"]

#: A test that reads the whole registry (not one game) runs with the stand-in registered
#: beside the real games: what holds there holds for each of them.
with_stand_in = pytest.mark.stand_in

#: The stand-in's game id and its registry line's module.
STAND_IN = "stand-in"
STAND_IN_MODULE = "tests.standin_game"


def every_game(*more: Any) -> list[Any]:
    """Every registered game's id, then the stand-in's (marked ``stand_in``), then ``more``
    (other parameters, as ``"fleet"`` and ``"scenario"`` for the schemas)."""
    real = [game_id for game_id in GAMES if game_id != STAND_IN]  # (--stand-in-registered adds it)
    return [*real, pytest.param(STAND_IN, marks=pytest.mark.stand_in), *more]


def files_of(game_id: str) -> GameFiles:
    """:meth:`~sheetgen.games.base.Game.files` of ``game_id``, the stand-in's too (without
    registering it: for parameters, collected before any test runs)."""
    if game_id == STAND_IN and STAND_IN not in GAMES:
        from tests.standin_game import GAME

        return GAME.files()
    return find_game(game_id).files()


def per_game(values: Callable[[GameFiles], Iterable[Any]]) -> list[Any]:
    """``values(files)`` of every game in :func:`every_game`'s order, as parameters; the
    stand-in's marked ``stand_in``."""
    out: list[Any] = []
    for game_id in [g for g in GAMES if g != STAND_IN] + [STAND_IN]:
        marks = [pytest.mark.stand_in] if game_id == STAND_IN else []
        out += [pytest.param(v, marks=marks) for v in values(files_of(game_id))]
    return out


@contextmanager
def registered() -> Iterator[str]:
    """The stand-in registered as its one registry line would register it, the rulebook
    rebuilt; both undone on leaving."""
    import sheetgen.games as games

    if STAND_IN in games.GAMES:  # registered for the whole run (--stand-in-registered)
        yield STAND_IN
        return
    games.GAMES[STAND_IN] = STAND_IN_MODULE
    games.rulebook.cache_clear()
    try:
        yield STAND_IN
    finally:
        del games.GAMES[STAND_IN]
        games._loaded.pop(STAND_IN, None)
        games.rulebook.cache_clear()
