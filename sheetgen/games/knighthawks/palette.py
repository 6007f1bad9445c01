"""The designer's Knight Hawks 2000 palette: the weapons and the defensive systems from
their tables (Knight Hawks 2000, WEAPONS and DEFENSIVE SYSTEMS; RULINGS KH-4), and the crew
positions a record sheet names (THE GAME TURN; RULINGS KH-2)."""

from __future__ import annotations

from sheetgen.games.base import PaletteItem
from sheetgen.games.knighthawks import data

__all__ = ["palette"]


def _damage(w: data.Weapon) -> str:
    """``80D10 (800 max) a hit`` as the table gives it; ``-`` where it gives none."""
    if w.max_damage is None:
        return "no damage of its own"
    dice = f"{w.dice}D10, " if w.dice else ""
    return f"damage {dice}{w.max_damage:,} max a {w.per}"


def _range(w: data.Weapon) -> str:
    """``range 1,800,000 km`` as the table gives it; a guided vehicle's ADF instead."""
    if w.range_km is None:
        return f"guided: ADF {w.adf}" if w.adf is not None else "no range"
    return f"range {w.range_km:,} km"


def palette() -> list[PaletteItem]:
    """Each weapon (``weapons``: one ``{code, count: 1}`` item added, with one round of
    ordnance where it fires ordnance) and each defence (``defences``: ICM and ABM salvos
    counted up by one, magnetic shielding set) and each crew position (``crew``: a member
    named for the station added, a gunner to the ``gunners`` list)."""
    weapons = [
        PaletteItem(
            "weapons",
            w.code,
            w.name,
            "turret" if w.any_arc else "",
            f"{_damage(w)}; {_range(w)}" + (f"; {w.note}" if w.note else ""),
            "list",
            "weapons",
            "{code: " + w.code + ", count: 1" + (", ordnance: 1}" if w.ordnance else "}"),
            "KH-4",
        )
        for w in data.WEAPONS.values()
    ]
    key = {"ICM": ("count", "icm"), "ABM": ("count", "abm"), "MS": ("flag", "magnetic_shielding")}
    defences = []
    for d in data.DEFENCES.values():
        edit, value = key[d.code]
        cut = f", damage cut by {d.damage_cut}" if d.damage_cut is not None else ""
        size = f"hull size {d.min_hull_size}+" if d.min_hull_size > 1 else ""
        defences.append(
            PaletteItem(
                "defences",
                d.code,
                d.name,
                ("a salvo" if edit == "count" else "") or size,
                f"{d.to_hit}% to be hit{cut}; {d.note}",
                edit,
                "defences",
                value,
                "KH-4",
            )
        )
    crew = [
        PaletteItem(
            "crew positions",
            station,
            station.replace("_", " "),
            "one a weapon" if station == "gunners" else "one",
            _STATIONS[station],
            "member",
            "crew",
            station,
            "KH-2",
        )
        for station in data.CREW_ROLES
    ]
    return weapons + defences + crew


#: What each crew position does in play (the project's own words, after THE GAME TURN).
_STATIONS: dict[str, str] = {
    "captain": "Leadership: initiative and rallying the crew",
    "pilot": "Starship Pilot: evasion and maneuvers",
    "gunners": "Gunner: a weapon's to-hit from STR or DEX",
    "engineer": "Engineer Damage Control: repairs with the DCR",
    "sensor_operator": "Sensor Operation: detection",
}
