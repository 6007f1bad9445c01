"""Starfire derived stats: :class:`StarfireStats` and :func:`derive`.

Numbers come from the tables in :mod:`sheetgen.games.starfire.data` and the rules
of play in :mod:`sheetgen.games.starfire.play`. Rule ids are the rulings in
``RULINGS.md`` (SF-1 .. SF-11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sheetgen.core.jsondata import JSONObject, stats_dict
from sheetgen.games.starfire import data
from sheetgen.games.starfire.data import HULLS, SYSTEMS, Hull, HullKind, RoomPattern
from sheetgen.games.starfire.notation import notation, system_string
from sheetgen.games.starfire.play import engine_mp, mp_after_rooms_lost, targeting_range
from sheetgen.games.starfire.rules import Design

__all__ = [
    "HullTotal",
    "StarfireStats",
    "derive",
    "fleet_totals",
]


# --- derived stats ------------------------------------------------------------------


@dataclass
class WeaponMount:
    """The launchers of one weapon type on a design: ``count``, restricted arc, munitions each."""

    code: str
    name: str
    count: int
    restricted_arc: bool
    munitions: int | None


@dataclass
class StarfireStats:
    """Derived stats of a Starfire design (JSON keys of ``sheetgen stats --json``).

    ``engine_rooms`` lists drives per room in order; ``mp_after_rooms_lost[k]``
    is the MP with the first ``k`` rooms (left to right) destroyed; ``systems``
    are the codes in damage order, restricted-arc weapons with ``+``. ``notes`` are
    the rules' notes on the design; ``design_notes`` the design's own ``notes:``.
    """

    name: str
    hull: str
    hull_name: str
    kind: str
    hull_spaces: int
    hull_spaces_used: int
    hull_spaces_free: int
    turn_mode: int
    movement_points: int
    max_movement_points: int
    engines: int
    engine_rooms: list[int]
    mp_after_rooms_lost: list[int]
    crew_quarters: int
    crew_quarters_required: int
    systems: list[str]
    system_rooms: list[int | None]
    system_string: str
    notation: str
    shields: int
    armor: int
    point_defense: int
    combat_sensors: bool
    targeting_range: int
    weapons: list[WeaponMount]
    munitions: dict[str, int]
    double_damage: bool
    notes: list[str]
    count: int = 1
    game: str = "starfire"
    design_notes: str | None = None
    design_class: str | None = None
    #: the design's ``condition:`` block (the ship as play left it), ``None`` as built
    condition: dict[str, Any] | None = None

    def to_dict(self) -> JSONObject:
        """The object ``sheetgen stats --json`` prints: ``name``, ``game``, the other
        fields in order, ``class`` last."""
        return stats_dict(self)


def derive(design: Design) -> StarfireStats:
    """Derived stats from the encoded tables (SF-1, SF-2, SF-5, SF-6, SF-8, SF-10); never raises.

    An unknown hull derives as an empty base-like hull so an illegal design can
    still be shown.
    """
    hull = HULLS.get(design.hull) or Hull(
        design.hull, design.hull, 0, 0, 0, None, 0, HullKind.WARSHIP, RoomPattern.NONE
    )
    slots = design.systems.slots
    restricted = data.RESTRICTED_ARC.get(hull.code, frozenset())
    counts = Counter(s.code for s in slots)
    rooms = design.systems.rooms
    sizes = [len(r) for r in rooms] + [1 for s in slots if s.code == "I" and s.room is None]
    engines = counts["I"]
    mp = engine_mp(hull, engines)
    speed = mp if design.speed is None or hull.kind is HullKind.BASE else min(design.speed, mp)
    used = sum(SYSTEMS[s.code].hull_spaces for s in slots)
    weapons = [
        WeaponMount(
            code,
            data.WEAPONS[code].name,
            counts[code],
            code in restricted,
            design.munitions.get(code) if code in data.MUNITION_WEAPONS else None,
        )
        for code in data.WEAPONS
        if counts[code]
    ]
    # keep the order weapons first appear in the system string
    first_at = {s.code: i for i, s in reversed(list(enumerate(slots)))}
    weapons.sort(key=lambda w: first_at[w.code])
    notes = []
    if hull.kind is HullKind.FREIGHTER:
        notes.append("Freighter: takes double damage from every successful attack.")
    if hull.kind is HullKind.BASE:
        notes.append(
            "Base: no blindspot, fires in any direction; never moves; plasma torpedoes fired at it are +1 to hit."
        )
        if counts["Y"] and any(w.code in data.BASE_EXTENDED_WEAPONS for w in weapons):
            notes.append(
                "Base with combat sensors: R, G and Pt beyond 12 hexes use the range less 5, never below 12."
            )
    if any(w.restricted_arc for w in weapons):
        notes.append("Weapons marked + fire only into the front 120° arc and the ship's own hex.")
    if not counts["Y"]:
        notes.append("No combat sensors (Y): targets only out to 10 hexes.")
    if counts["D"]:
        notes.append(
            "Point defense: one intercept attempt per D per attack, not against fire from the blindspot."
        )
    tm = 0 if hull.kind is HullKind.BASE else hull.turn_mode
    stat_systems = system_string(slots, restricted)

    return StarfireStats(
        name=design.name,
        design_class=design.design_class,
        design_notes=design.notes,
        hull=hull.code,
        hull_name=hull.name,
        kind=hull.kind.value,
        hull_spaces=hull.hull_spaces,
        hull_spaces_used=used,
        hull_spaces_free=max(0, hull.hull_spaces - used),
        turn_mode=tm,
        movement_points=speed,
        max_movement_points=hull.max_mp,
        engines=engines,
        engine_rooms=sizes,
        mp_after_rooms_lost=mp_after_rooms_lost(hull, sizes, speed),
        crew_quarters=counts["Q"],
        crew_quarters_required=hull.quarters,
        systems=[s.code + ("+" if s.code in restricted else "") for s in slots],
        system_rooms=[s.room for s in slots],
        system_string=stat_systems,
        notation=notation(hull.code, stat_systems, tm, speed),
        shields=counts["S"],
        armor=counts["A"],
        point_defense=counts["D"],
        combat_sensors=bool(counts["Y"]),
        # the same reach the sheet's range columns show (SF-8 base range rule)
        targeting_range=targeting_range(
            [w.code for w in weapons], combat_sensors=bool(counts["Y"]), base=hull.kind is HullKind.BASE
        ),
        weapons=weapons,
        munitions={w.code: w.munitions for w in weapons if w.munitions is not None},
        double_damage=hull.kind is HullKind.FREIGHTER,
        notes=notes,
        count=design.count,
        condition=design.condition,
    )


# --- fleet totals -------------------------------------------------------------------


@dataclass(frozen=True)
class HullTotal:
    """The ships of one hull in a fleet: ``hull`` code, number of ``ships`` and their
    ``hull_spaces`` together (HS)."""

    hull: str
    ships: int
    hull_spaces: int


def fleet_totals(ships: Iterable[tuple[StarfireStats, int]]) -> list[HullTotal]:
    """Ships and hull spaces per hull of a fleet given as ``(stats, count)`` pairs, the
    game's measure of a fleet's size: each ship counts its hull's HS from the Hull Chart
    (seed 001, Hull Chart: a DD is 30 HS), whatever its systems fill. Hulls in the
    chart's order (ES .. BS2), hulls the chart lacks after them, as first met.

    >>> from sheetgen.games.starfire.notation import parse_system_string
    >>> dd = derive(Design("Hammer", "DD", parse_system_string("SAAA(I)(I)(I)QQLL")))
    >>> es = derive(Design("Picket", "ES", parse_system_string("SA(I)(I)QL")))
    >>> fleet_totals([(dd, 2), (es, 1)])
    [HullTotal(hull='ES', ships=1, hull_spaces=12), HullTotal(hull='DD', ships=2, hull_spaces=60)]
    """
    by_hull: dict[str, list[int]] = {}
    for stats, count in ships:
        row = by_hull.setdefault(stats.hull, [0, 0])
        row[0] += count
        row[1] += stats.hull_spaces * count
    order = list(HULLS)
    codes = sorted(by_hull, key=lambda code: order.index(code) if code in HULLS else len(order))
    return [HullTotal(code, *by_hull[code]) for code in codes]
