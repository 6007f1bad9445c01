"""The designer's Starfire palette: every system of the System Chart with its hull spaces,
and the engine rooms (Solar Starfire Quick Start, System Chart and Weapon Chart; RULINGS
SF-1, SF-5, SF-8), and the munitions of the launchers (SF-9)."""

from __future__ import annotations

from sheetgen.games.base import PaletteItem
from sheetgen.games.starfire import data

__all__ = ["palette"]

#: One line on what each non-weapon system does for the ship (the project's own words;
#: the weapons' lines are made from the Weapon Chart).
_WHAT: dict[str, str] = {
    "A": "armour: takes a hit after the shields, before the systems behind it",
    "D": "point defence: fires at missiles and torpedoes aimed at the ship",
    "H": "cargo hold",
    "I": "an engine: MP by the hull's MPs per engine; write it in an engine room",
    "Mg": "a magazine: reloads for the launchers",
    "Q": "crew quarters: the hull needs some (SF-2)",
    "S": "shields: take the first hits (damage order starts with them)",
    "X": "science instruments",
    "Y": "combat sensors",
    "Z": "datalink: no hull spaces",
}


def _weapon_line(code: str) -> str:
    """``range 0-17, damage 1`` from the Weapon Chart row of ``code`` (SF-8)."""
    row = data.WEAPONS[code]
    reach = max(r for r, d in enumerate(row.damage) if d is not None)
    hits = [d for d in row.damage if d is not None]
    damage = f"{max(hits)}" if min(hits) == max(hits) else f"{max(hits)} to {min(hits)}"
    return f"weapon: range 0-{reach} hexes, damage {damage} a hit"


def palette() -> list[PaletteItem]:
    """Each System Chart code (``systems``, appended to the system string; its HS as the
    cost), the two engine rooms SF-5 writes, ``(I)`` and ``(II)``, and a round for each
    launcher that fires munitions (``munitions``: R, G, Pt counted up by one, SF-9)."""
    items = [
        PaletteItem(
            "systems",
            s.code,
            s.name,
            f"{s.hull_spaces} HS",
            _weapon_line(s.code) if s.code in data.WEAPONS else _WHAT.get(s.code, s.name.lower()),
            "append",
            "systems",
            s.code,
            "SF-7",
        )
        for s in data.SYSTEMS.values()
    ]
    engine = data.SYSTEMS["I"].hull_spaces
    items += [
        PaletteItem(
            "engine rooms",
            room,
            f"engine room of {n} engine{'s' if n > 1 else ''}",
            f"{n * engine} HS",
            "ES, CT, DD: (I); CA: (II); CL: (I)(II) alternating, ending in (II)",
            "append",
            "systems",
            room,
            "SF-5",
        )
        for n, room in ((1, "(I)"), (2, "(II)"))
    ]
    items += [
        PaletteItem(
            "munitions",
            code,
            data.SYSTEMS[code].name,
            "per launcher",
            "one round more for each launcher of this weapon: a box on the record sheet",
            "count",
            "munitions",
            code,
            "SF-9",
        )
        for code in data.MUNITION_WEAPONS
    ]
    return items
