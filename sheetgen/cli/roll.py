"""``sheetgen roll``: a random ship from a game's systems table, as a YAML design.

Only Space Cruisers builds ships by rolling (its d20 systems table). The roll
is seeded (``--seed``, default :data:`~sheetgen.games.spacecruisers.roll.DEFAULT_SEED`),
so the same command prints the same ship on every machine.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import _err, _fail, _write, app

__all__ = ["ROLLABLE", "roll"]

#: Games whose ships can be rolled.
ROLLABLE = ("space-cruisers",)


class RollHull(StrEnum):
    military = "military"
    commercial = "commercial"
    station = "station"
    fighter = "fighter"


@app.command()
def roll(
    game: Annotated[str, typer.Argument(help="Game id: space-cruisers.")],
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
        Path | None, typer.Option("--output", "-o", help="Write the YAML here instead of printing it.")
    ] = None,
) -> None:
    """Roll a random ship on the d20 systems table and print it as a YAML design.

    Duplicate once-only systems are rerolled and a 20 is a seeded choice; the
    YAML's comments record every roll and the command that repeats it.
    """
    from sheetgen.games import GAMES, UnknownGame, find_game

    try:
        found = find_game(game)
    except UnknownGame as exc:
        _fail(str(exc))
    if found.id not in ROLLABLE:
        known = ", ".join(g for g in ROLLABLE if g in GAMES)
        _fail(f"{found.id} builds ships by design, not by rolling; roll knows: {known}")
    from sheetgen.games.spacecruisers.roll import roll_ship

    try:
        ship = roll_ship(seed=seed, systems=systems, hull=hull.value, fighters=fighters, name=name)
    except ValueError as exc:
        _fail(str(exc))
    text = ship.to_yaml()
    if output is None:
        typer.echo(text, nl=False)
        return
    _write(output, text.encode("utf-8"))
    _err(f"wrote {output}")
