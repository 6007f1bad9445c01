"""Space Cruisers derived stats: :class:`SpaceCruisersStats` and :func:`derive`.

Numbers come from the tables in :mod:`sheetgen.games.spacecruisers.data` and the
rules of play in :mod:`sheetgen.games.spacecruisers.play`. Rule ids are the rulings
in ``RULINGS.md`` (SC-1 .. SC-7).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sheetgen.core.jsondata import JSONObject, stats_dict
from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.data import HULLS, SYSTEMS, Hull
from sheetgen.games.spacecruisers.play import hits_on, size_class
from sheetgen.games.spacecruisers.rules import Design, lookup_system

__all__ = [
    "SpaceCruisersStats",
    "WeaponMount",
    "derive",
    "fleet_totals",
]


# --- derived stats ------------------------------------------------------------------


def _is_cargo_bay(name: str) -> bool:
    return lookup_system(name) == "cargo bay"


@dataclass
class WeaponMount:
    """The weapons of one type on a design (JSON ``weapons`` items).

    ``range`` in hexes, ``damage`` as dice (``"1d6+1"`` with a targeting
    computer), ``hits_on`` the d10 roll needed (``None``: no to-hit roll),
    ``arc`` where it fires, ``shots`` per weapon a turn, ``critical_rolls``
    per hit on a ship below zero hull points, ``effect`` for weapons that do no
    damage roll (security team, ion shockwave).
    """

    name: str
    count: int
    range: int
    damage: str | None
    damage_dice: int
    damage_bonus: int
    hits_on: int | None
    arc: str
    shots: int
    critical_rolls: int
    effect: str | None = None


@dataclass
class SystemCount:
    """A system on the ship: table name, how many, how many of them came with the hull."""

    name: str
    count: int
    built_in: int = 0


@dataclass
class SpaceCruisersStats:
    """Derived stats of a design (JSON keys of ``sheetgen stats --json``), RULINGS SC-1 .. SC-7.

    ``hull_points`` = base + 10 x armor; ``initiative_bonus`` = drives + elite
    crew; ``evade_attempts`` = elite crew; ``fighters_carried`` = 5 per cargo
    bay (additional or named among the non-military systems);
    ``construction_points`` = hull 2 + 1 per additional system; ``systems``
    every system the ship carries, built-in ones included.
    """

    name: str
    hull: str
    hull_name: str
    rules: str
    base_hull_points: int
    armor: int
    hull_points: int
    construction_points: int
    additional_systems: int
    size_class: str
    initiative_bonus: int
    drives: int
    shields: int
    phasers: int
    scanners: int
    elite_crew: int
    evade_attempts: int
    security_teams: int
    cloaking_device: bool
    targeting_computer: bool
    jump_plasma_turbines: int
    cargo_bays: int
    fighters_carried: int
    weapons: list[WeaponMount]
    systems: list[SystemCount]
    non_military: list[str]
    non_military_slots: int
    critical_destroys: bool
    all_arcs: bool
    notes: list[str]
    count: int = 1
    game: str = "space-cruisers"
    design_notes: str | None = None
    design_class: str | None = None
    #: the design's ``condition:`` block (the ship as play left it), ``None`` as built
    condition: dict[str, Any] | None = None

    def to_dict(self) -> JSONObject:
        """The object ``sheetgen stats --json`` prints: ``name``, ``game``, the other
        fields in order, ``class`` last."""
        return stats_dict(self)

    def total(self, system: str) -> int:
        """How many of ``system`` the ship carries, built-in ones included."""
        return sum(s.count for s in self.systems if s.name == system)


def _dice_text(dice: int, bonus: int) -> str:
    text = f"{dice}d6"
    return text + (f"{bonus:+d}" if bonus else "")


def derive(design: Design) -> SpaceCruisersStats:
    """Derived stats from the encoded tables (SC-1, SC-2, SC-4, SC-6, SC-7); never raises.

    An unknown hull derives as an empty 0-hull-point hull so an illegal design
    can still be shown.
    """
    hull = HULLS.get(design.hull) or Hull(design.hull, design.hull, "ship", 0, ())
    extra = design.counts()
    systems: list[SystemCount] = []
    for name, k in hull.built_in:
        systems.append(SystemCount(name, k, k))
    for name, k in extra.items():
        for s in systems:
            if s.name == name:
                s.count += k
                break
        else:
            systems.append(SystemCount(name, k))

    def total(name: str) -> int:
        return sum(s.count for s in systems if s.name == name)

    armor = total("armor")
    elite = total("elite crew")
    drives = total("drives")
    tc = total("targeting computer") > 0
    bonus = data.TARGETING_COMPUTER_DAMAGE if tc else 0
    weapons: list[WeaponMount] = []
    for s in systems:
        t = SYSTEMS[s.name]
        w = t.weapon
        if w is None:
            continue
        arc = data.Arc.ALL if hull.all_arcs and w.arc is not data.Arc.ADJACENT else w.arc
        effect = None if w.dice else t.note
        weapons.append(
            WeaponMount(
                name=s.name,
                count=s.count,
                range=w.range,
                damage=_dice_text(w.dice, bonus) if w.dice else None,
                damage_dice=w.dice,
                damage_bonus=bonus if w.dice else 0,
                hits_on=hits_on(s.name),  # SC-7: the play helper's number, no modifiers
                arc=arc.value,
                shots=w.shots,
                critical_rolls=w.critical_rolls,
                effect=effect,
            )
        )
    bays = total("cargo bay") + sum(1 for n in design.non_military if _is_cargo_bay(n))
    n = design.additional
    notes: list[str] = []
    if hull.critical_destroys:
        notes.append("Fighter: any roll on the critical damage table destroys it.")
    if hull.all_arcs:
        notes.append("Station: every weapon fires in any direction; it never moves.")
    if total("cloaking device"):
        notes.append("Cloaked: cannot attack; attackers need 3 more to hit.")
    if tc:
        notes.append("Targeting computer: +1 damage on every weapon hit (included above).")
    if total("security team"):
        notes.append("Security teams: one attack each a turn on an adjacent uncloaked ship without shields.")
    if total("jump plasma turbine"):
        notes.append("Jump plasma turbine: one use, 5 hexes; a d6 of 6 is a critical hit on this ship.")
    return SpaceCruisersStats(
        name=design.name,
        design_class=design.design_class,
        hull=hull.id,
        hull_name=hull.name,
        rules=design.rules,
        base_hull_points=hull.hull_points,
        armor=armor,
        hull_points=hull.hull_points + data.ARMOR_HULL_POINTS * armor,
        construction_points=hull.construction_points + data.SYSTEM_CONSTRUCTION_POINTS * n,
        additional_systems=n,
        size_class=size_class(n).name,
        initiative_bonus=drives + elite,
        drives=drives,
        shields=total("shields"),
        phasers=total("phasers"),
        scanners=total("scanners"),
        elite_crew=elite,
        evade_attempts=elite,
        security_teams=total("security team"),
        cloaking_device=total("cloaking device") > 0,
        targeting_computer=tc,
        jump_plasma_turbines=total("jump plasma turbine"),
        cargo_bays=bays,
        fighters_carried=data.FIGHTERS_PER_CARGO_BAY * bays,
        weapons=weapons,
        systems=systems,
        non_military=list(design.non_military),
        non_military_slots=hull.non_military,
        critical_destroys=hull.critical_destroys,
        all_arcs=hull.all_arcs,
        notes=notes,
        count=design.count,
        design_notes=design.notes,
    )


# --- fleet totals -------------------------------------------------------------------


def fleet_totals(ships: Iterable[tuple[SpaceCruisersStats, int]]) -> dict[str, int]:
    """A fleet's ``figures`` (ships on the table, each ``count`` times) and
    ``construction_points`` (each ship's, RULINGS SC-1), from ``(stats, count)`` pairs:
    the text balances sides by equal figures, or equal construction points with the
    advanced rules (seed 004, Setup). Fighters a cargo bay can carry are room aboard,
    not figures; fighters fielded as designs of their own count as figures.
    """
    out = {"figures": 0, "construction_points": 0}
    for stats, count in ships:
        out["figures"] += count
        out["construction_points"] += stats.construction_points * count
    return out
