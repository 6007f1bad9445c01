"""``sheetgen roll``: a random ship from a game's systems table, as a YAML design.

The game's :meth:`~sheetgen.games.base.Game.roll` builds the ship; only Space
Cruisers rolls ships (its d20 systems table). The roll is seeded (``--seed``),
so the same command prints the same ship on every machine.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import (
    YAML_FORMATS,
    Force,
    _err,
    _fail,
    _format_for,
    _name_or_fail,
    _write_design,
    app,
    given_path,
    short_help,
)

__all__ = ["roll"]


class RollHull(StrEnum):
    military = "military"
    commercial = "commercial"
    station = "station"
    fighter = "fighter"


@app.command(short_help=short_help("roll"))
def roll(
    game: Annotated[
        str, typer.Argument(help="Game id of a game whose ships are rolled (another id is told which).")
    ],
    seed: Annotated[int, typer.Option(help="Seed of the dice; the same seed gives the same ship.")] = 1,
    systems: Annotated[
        int | None,
        typer.Option(
            help="Rolls on the systems table (default 5, the basic rules; fighters 3).", min=0, max=40
        ),
    ] = None,
    hull: Annotated[RollHull, typer.Option(help="Hull to build on.")] = RollHull.military,
    fighters: Annotated[
        bool, typer.Option("--fighters", help="Playing with fighters: a roll of 1 gives a cargo bay.")
    ] = False,
    name: Annotated[str | None, typer.Option(help="The ship's name.")] = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the YAML here instead of printing it.", parser=given_path),
    ] = None,
    force: Force = False,
) -> None:
    """Roll a random ship on the d20 systems table and print it as a YAML design.

    Duplicate once-only systems are rerolled and a 20 is a seeded choice; the
    YAML's comments record every roll and the command that repeats it.
    """
    from sheetgen.games import UnknownGame, find_game, rolling_games

    _name_or_fail(name)
    if output is not None:
        _format_for(output, None, YAML_FORMATS)
    try:
        found = find_game(game)
    except UnknownGame as exc:
        _fail(str(exc))
    try:
        text = found.roll(seed, name=name, systems=systems, hull=hull.value, fighters=fighters)
    except NotImplementedError as exc:
        _fail(f"{exc}; roll knows: {', '.join(rolling_games())}")
    except ValueError as exc:
        _fail(str(exc))
    from sheetgen.scenarios.json_schemas import modeline

    text = f"{modeline(found.id)}\n{text}"
    if output is None:
        typer.echo(text, nl=False)
        return
    _write_design(output, text, force=force)
    _err(f"wrote {output}")
