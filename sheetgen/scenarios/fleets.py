"""Fleet files read as designs: which fleet and side a design came from, and its ships.

A fleet file is a YAML mapping with ``designs:`` (a list of designs) and
optionally ``fleet:`` (its name), ``side:`` and ``game:``; each design in it
may give ``count:`` ships. :func:`~sheetgen.scenarios.loading.load_designs`
reads each design as one :class:`~sheetgen.scenarios.loading.Entry`; the
functions here group those entries back into their fleets (``sheetgen stats``
prints a fleet's totals) and number a design's ships (``sheetgen sheets``
prints one sheet per ship).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheetgen.scenarios.loading import Entry

if TYPE_CHECKING:
    from sheetgen.games.base import Stats

__all__ = ["Fleet", "fleet_of", "fleet_side", "fleets", "numbered_ships"]


@dataclass
class Fleet:
    """One fleet file's designs: its ``name`` (``fleet:``, else the file's name as
    given), ``side`` (``side:``, else None) and ``entries`` in reading order."""

    name: str
    side: str | None
    entries: list[Entry] = field(default_factory=list)

    def totals(self) -> list[tuple[str, str]]:
        """The label/value rows the game of the fleet's first design sums for it
        (:meth:`~sheetgen.games.base.Game.fleet_totals`) over the designs of that
        game, each counted ``count`` times; empty when the game sums nothing."""
        game = self.entries[0].game
        return game.fleet_totals([(e.stats, e.count) for e in self.entries if e.game is game])


def fleet_of(entry: Entry) -> tuple[str, str | None] | None:
    """``(fleet name, side)`` of a design read from a fleet file (``designs:``), else None.

    The name is the file's ``fleet:`` (else the file's name as given), the side
    its ``side:`` (else None), both as text."""
    data = entry.document.data
    if not entry.base or entry.base[0] != "designs" or not isinstance(data, dict):
        return None
    name = data.get("fleet")
    side = data.get("side")
    return (str(name) if name is not None else entry.document.source), (
        str(side) if side is not None else None
    )


def fleet_side(entry: Entry) -> str | None:
    """The ``side:`` of the fleet file ``entry`` was read from, else None."""
    fleet = fleet_of(entry)
    return fleet[1] if fleet is not None else None


def fleets(entries: list[Entry]) -> list[Fleet]:
    """``entries`` read from fleet files grouped by the file document they come
    from, in reading order; designs from other files are left out."""
    groups: dict[int, Fleet] = {}
    for entry in entries:
        fleet = fleet_of(entry)
        if fleet is not None:
            groups.setdefault(id(entry.document), Fleet(*fleet)).entries.append(entry)
    return list(groups.values())


def numbered_ships(entry: Entry) -> list[Stats]:
    """Derived stats of each ship ``entry`` stands for: one, named as the design,
    when ``count`` is 1; else ``count`` ships named ``Name 1`` .. ``Name k`` (as
    a kit numbers them), each with the design's name as its class where the game
    has classes (:meth:`~sheetgen.games.base.Game.named`)."""
    game, stats = entry.game, entry.stats
    if entry.count == 1:
        return [game.named(stats, stats.name)]
    return [game.named(stats, f"{stats.name} {k + 1}") for k in range(entry.count)]
