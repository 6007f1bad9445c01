"""The games registry: the id written in YAML (``game: starfire``) to its module.

Modules are imported on first use, so ``sheetgen validate`` on a Starfire file
never imports the other games; :func:`rolling_games` (``sheetgen roll``'s
error message) imports them all. :func:`find_game` raises :class:`UnknownGame`
(a ``ValueError``) naming what was asked for and the known ids.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from sheetgen.core.findings import quoted
from sheetgen.core.rulings import INPUT_RULINGS, Rulebook

if TYPE_CHECKING:
    from pathlib import Path

    from sheetgen.games.base import AnyGame

__all__ = ["GAMES", "UnknownGame", "bundled_scenarios", "find_game", "rolling_games", "rulebook"]

#: id in YAML -> module holding a ``GAME`` object (RULINGS.md, table of seeds).
GAMES: dict[str, str] = {
    "starfire": "sheetgen.games.starfire",
    "space-cruisers": "sheetgen.games.spacecruisers",
    "kill-radius": "sheetgen.games.killradius",
    "knight-hawks-2000": "sheetgen.games.knighthawks",
}

_loaded: dict[str, AnyGame] = {}


class UnknownGame(ValueError):
    """``game:`` names no registered game."""

    def __init__(self, asked: object) -> None:
        self.asked = asked
        from sheetgen.core.fields import did_you_mean

        meant = did_you_mean(asked, GAMES) if isinstance(asked, str) else ""
        super().__init__(f"unknown game {quoted(asked)}{meant}; known games: {', '.join(GAMES)}")


def find_game(game_id: object) -> AnyGame:
    """The :class:`~sheetgen.games.base.Game` registered as ``game_id``, typed as
    :data:`~sheetgen.games.base.AnyGame` (its design and stats types erased).

    Raises :class:`UnknownGame` for anything else (case and spaces are forgiven:
    ``Starfire`` finds ``starfire``).
    """
    key = str(game_id).strip().lower().replace(" ", "-").replace("_", "-") if game_id is not None else ""
    if key not in GAMES:
        raise UnknownGame(game_id)
    if key not in _loaded:
        _loaded[key] = importlib.import_module(GAMES[key]).GAME
    return _loaded[key]


def bundled_scenarios() -> list[Path]:
    """Every registered game's bundled scenarios (``designs/<game id>/scenarios/``, found by
    :meth:`~sheetgen.games.base.Game.files`), sorted by game id then name."""
    return [path for game_id in sorted(GAMES) for path in find_game(game_id).files().scenarios]


def rolling_games() -> list[str]:
    """Ids of the games whose ships can be rolled (:attr:`~sheetgen.games.base.Game.rolls`),
    in registry order."""
    return [game_id for game_id in GAMES if find_game(game_id).rolls]


@cache
def rulebook() -> Rulebook:
    """Every rule id a finding can cite: the project's input ids, then each registered
    game's :attr:`~sheetgen.games.base.Game.rulings` in registry order, each game's rule
    text named by its :attr:`~sheetgen.games.base.Game.title` (imports every game)."""
    games = [find_game(game_id) for game_id in GAMES]
    rulings = INPUT_RULINGS + tuple(r for game in games for r in game.rulings)
    return Rulebook(rulings, {game.id: game.title for game in games})
