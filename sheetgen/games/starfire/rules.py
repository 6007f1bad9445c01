"""Starfire construction rules, derived stats and combat numbers.

Everything here reads the tables in :mod:`sheetgen.games.starfire.data`.
Rule ids are the rulings in ``RULINGS.md`` (SF-1 .. SF-11).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sheetgen.core.findings import Char, Finding, Path, error, in_order, note, warning
from sheetgen.core.jsondata import JSONObject, stats_dict
from sheetgen.games.starfire import data
from sheetgen.games.starfire.data import HULLS, SYSTEMS, Hull, HullKind, RoomPattern
from sheetgen.games.starfire.notation import Slot, SystemString, notation, parse_system_string, system_string

__all__ = [
    "Design",
    "StarfireStats",
    "base_effective_range",
    "can_hard_turn",
    "check",
    "derive",
    "engine_modulation_mp",
    "engine_mp",
    "fixed_rooms",
    "intercept_number",
    "is_wreck",
    "room_sizes_ok",
    "to_hit",
    "weapon_damage",
]


@dataclass
class Design:
    """A Starfire design as read from YAML.

    ``systems`` is the parsed system string; ``speed`` and ``turn_mode`` are
    what the design states (``None`` when left to the rules); ``munitions`` is
    munitions per launcher by weapon code (SF-9). ``systems_path`` is where the
    system string sits, so its :class:`Char` findings can be placed.
    """

    name: str
    hull: str
    systems: SystemString
    systems_text: str = ""
    design_class: str | None = None
    speed: int | None = None
    turn_mode: int | None = None
    munitions: dict[str, int] = field(default_factory=dict)
    notes: str | None = None
    count: int = 1
    systems_path: Path = ("systems",)

    @classmethod
    def from_string(cls, name: str, hull: str, systems: str, **kw: Any) -> Design:
        """A design from a hull code and system string (handy in tests and scripts)."""
        return cls(name=name, hull=hull, systems=parse_system_string(systems), systems_text=systems, **kw)


# --- movement -----------------------------------------------------------------


def engine_mp(hull: Hull, engines: int) -> int:
    """Movement points ``engines`` intact drives give on ``hull`` (RULINGS SF-1):
    ``min(Max MP, floor(engines x MPs per engine))``; 0 for bases.

    >>> engine_mp(HULLS["CL"], 5)
    3
    """
    if hull.mp_per_engine is None:
        return 0
    return min(hull.max_mp, math.floor(engines * hull.mp_per_engine))


def room_sizes_ok(pattern: RoomPattern, sizes: list[int]) -> bool:
    """Whether engine rooms of these ``sizes`` (drives per room, in order) follow ``pattern`` (SF-5)."""
    if pattern is RoomPattern.SINGLE:
        return all(s == 1 for s in sizes)
    if pattern is RoomPattern.DOUBLE:
        return all(s == 2 for s in sizes)
    if pattern is RoomPattern.ALTERNATING:
        return all(s == (2 if (len(sizes) - 1 - i) % 2 == 0 else 1) for i, s in enumerate(sizes))
    return not sizes


def fixed_rooms(pattern: RoomPattern, engines: int) -> list[int] | None:
    """Room sizes that hold ``engines`` drives the way ``pattern`` wants, or ``None``
    when no arrangement can (an odd count on a CA, a CL count of 4 or 7...).

    >>> fixed_rooms(RoomPattern.ALTERNATING, 6)
    [1, 2, 1, 2]
    """
    if engines <= 0:
        return [] if engines == 0 else None
    if pattern is RoomPattern.SINGLE:
        return [1] * engines
    if pattern is RoomPattern.DOUBLE:
        return [2] * (engines // 2) if engines % 2 == 0 else None
    if pattern is RoomPattern.ALTERNATING:
        pairs, rest = divmod(engines, 3)
        if rest == 0:
            return [1, 2] * pairs
        if rest == 2:
            return [2] + [1, 2] * pairs
        return None
    return None


def mp_after_rooms_lost(hull: Hull, room_sizes: list[int], speed: int) -> list[int]:
    """MP left after 0, 1, 2... engine rooms are lost, left to right (damage order, SF-5, SF-10).

    Only intact rooms count, same rounding, never above the design speed.
    """
    out = []
    for lost in range(len(room_sizes) + 1):
        out.append(min(speed, engine_mp(hull, sum(room_sizes[lost:]))))
    return out


def can_hard_turn(movement_points: int, turn_mode: int) -> bool:
    """A hard turn needs at least as many MP as the turn mode (seed 001, movement).

    >>> can_hard_turn(2, 2), can_hard_turn(1, 2)
    (True, False)
    """
    return movement_points >= turn_mode and movement_points > 0


def engine_modulation_mp(movement_points: int, turn_mode: int) -> int | None:
    """MP left for a turn of engine modulation: MP - TM, which needs MP >= TM + 1;
    ``None`` when the ship cannot modulate (seed 001: a CT with TM 2 and 6 MP has 4).

    >>> engine_modulation_mp(6, 2), engine_modulation_mp(2, 2)
    (4, None)
    """
    if movement_points < turn_mode + 1:
        return None
    return movement_points - turn_mode


def is_wreck(remaining: list[str]) -> bool:
    """Whether a ship whose undestroyed systems are ``remaining`` (codes) is a wreck:
    nothing but shields, armor and cargo holds left counts as destroyed (SF-10).

    >>> is_wreck(["S", "A", "H"]), is_wreck(["S", "Q"])
    (True, False)
    """
    return all(code.rstrip("+") in ("S", "A", "H") for code in remaining)


# --- combat (SF-8) --------------------------------------------------------------


def base_effective_range(weapon: str, range_hexes: int) -> int:
    """Range a base with combat sensors (Y) uses for R, G or Pt (SF-8):
    beyond 12 hexes, the true range less 5, never below 12.

    >>> base_effective_range("R", 20), base_effective_range("R", 16), base_effective_range("R", 9)
    (15, 12, 9)
    """
    if weapon not in data.BASE_EXTENDED_WEAPONS or range_hexes <= data.BASE_RANGE_FLOOR:
        return range_hexes
    return max(data.BASE_RANGE_FLOOR, range_hexes - data.BASE_RANGE_REDUCTION)


def _chart_range(weapon: str, range_hexes: int, base_with_sensors: bool, combat_sensors: bool) -> int | None:
    if range_hexes < 0:
        raise ValueError(f"range must be 0 or more hexes, got {range_hexes}")
    if weapon not in data.WEAPONS:
        raise ValueError(f"unknown weapon {weapon!r}; the Weapon Chart has {', '.join(data.WEAPONS)}")
    if not combat_sensors and range_hexes > data.UNSENSED_TARGETING_LIMIT:
        return None
    used = base_effective_range(weapon, range_hexes) if base_with_sensors else range_hexes
    return used if used < len(data.RANGES) else None


def to_hit(
    weapon: str,
    range_hexes: int,
    *,
    combat_sensors: bool = True,
    base_with_sensors: bool = False,
    target_modulating: bool = False,
    firer_transited: bool = False,
    target_transited: bool = False,
    target_is_base: bool = False,
) -> int | None:
    """The d10 number to hit (roll at most it) for ``weapon`` at ``range_hexes`` (SF-8).

    ``None`` when it cannot hit: out of the chart's range, beyond 10 hexes
    without combat sensors, or a modified number of 0 or less. Modifiers:
    target using engine modulation -1, firer transiting -3, target transited -2,
    plasma torpedoes at a base +1. ``base_with_sensors`` applies the base range
    rule to R, G and Pt. Raises ``ValueError`` for an unknown weapon or a
    negative range.

    >>> to_hit("F", 0), to_hit("Pt", 3, target_is_base=True), to_hit("R", 11, combat_sensors=False)
    (8, 4, None)
    """
    used = _chart_range(weapon, range_hexes, base_with_sensors, combat_sensors)
    if used is None:
        return None
    number = data.WEAPONS[weapon].to_hit[used]
    if number is None:
        return None
    number += data.ENGINE_MODULATION_TO_HIT if target_modulating else 0
    number += data.TRANSIT_FIRING_TO_HIT if firer_transited else 0
    number += data.TRANSITED_TARGET_TO_HIT if target_transited else 0
    number += data.PLASMA_V_BASE_TO_HIT if (target_is_base and weapon == "Pt") else 0
    return number if number > 0 else None


def weapon_damage(weapon: str, range_hexes: int, *, base_with_sensors: bool = False) -> int | None:
    """Damage (systems destroyed) of one hit by ``weapon`` at ``range_hexes`` (SF-8);
    ``None`` out of range. Freighters take double (SF-10): the caller doubles.

    >>> weapon_damage("F", 0), weapon_damage("Pt", 18), weapon_damage("E", 7)
    (3, 1, None)
    """
    used = _chart_range(weapon, range_hexes, base_with_sensors, True)
    return None if used is None else data.WEAPONS[weapon].damage[used]


def intercept_number(option: int, *, transited: bool = False) -> int | None:
    """d10 number one point defense (D) intercepts on with Point Defense ``option`` 1..6;
    -1 on the turn its ship transits. ``None`` if that leaves 0 or less.
    Raises ``ValueError`` for an option outside 1..6."""
    for row in data.POINT_DEFENSE:
        if row.option == option:
            n = row.intercept_on + (data.TRANSIT_INTERCEPT if transited else 0)
            return n if n > 0 else None
    raise ValueError(f"point defense option must be 1 to 6, got {option}")


# --- checks ---------------------------------------------------------------------


def _at(design: Design, slot: Slot) -> Path:
    return (*design.systems_path, Char(slot.offset))


def _rooms_text(sizes: list[int]) -> str:
    return "".join("(" + "I" * s + ")" for s in sizes)


def _fixed_string(design: Design, hull: Hull) -> str | None:
    """The system string with every drive put in rooms the hull allows, or None."""
    slots = design.systems.slots
    engines = [i for i, s in enumerate(slots) if s.code == "I"]
    sizes = fixed_rooms(hull.rooms, len(engines))
    if sizes is None:
        return None
    rebuilt: list[Slot] = []
    room_of: dict[int, int] = {}
    k = 0
    for room, size in enumerate(sizes):
        for _ in range(size):
            room_of[engines[k]] = room
            k += 1
    for i, s in enumerate(slots):
        rebuilt.append(Slot(s.code, room_of.get(i), s.plus, s.offset))
    # keep each room's drives together at the place of its first drive
    ordered: list[Slot] = []
    placed: set[int] = set()
    for s in rebuilt:
        if s.room is None:
            ordered.append(s)
        elif s.room not in placed:
            placed.add(s.room)
            ordered.extend(x for x in rebuilt if x.room == s.room)
    return system_string(ordered, data.RESTRICTED_ARC.get(hull.code, frozenset()))


def check(design: Design) -> list[Finding]:
    """Every construction finding for ``design`` (RULINGS SF-1 to SF-9); never raises.

    Errors make the design illegal; warnings and notes do not.
    """
    out: list[Finding] = list(
        Finding(f.rule, f.severity, f.message, (*design.systems_path, *f.path))
        for f in design.systems.findings
    )
    hull = HULLS.get(design.hull)
    if hull is None:
        out.append(
            error(
                "SF-1",
                f"unknown hull {design.hull!r}; the Hull Chart has {', '.join(HULLS)}",
                ("hull",),
            )
        )
        return out
    slots = design.systems.slots
    codes = Counter(s.code for s in slots)
    if not slots and not design.systems.findings:
        out.append(error("SF-1", "the system string is empty", design.systems_path))

    # SF-7 hull spaces
    used = sum(SYSTEMS[s.code].hull_spaces for s in slots)
    if used > hull.hull_spaces:
        out.append(
            error(
                "SF-7",
                f"systems use {used} HS but the {hull.code} hull has {hull.hull_spaces} HS: {used - hull.hull_spaces} too many",
                design.systems_path,
            )
        )
    elif used < hull.hull_spaces and slots:
        out.append(
            note(
                "SF-7",
                f"{hull.hull_spaces - used} of {hull.hull_spaces} HS free",
                design.systems_path,
            )
        )

    # SF-2 crew quarters
    if codes["Q"] < hull.quarters:
        out.append(
            error(
                "SF-2",
                f"{hull.code} requires at least {hull.quarters} Q: found {codes['Q']}",
                design.systems_path,
            )
        )

    # SF-4 hull kinds
    if hull.kind is HullKind.WARSHIP and codes["I"] == 0:
        out.append(
            error(
                "SF-4",
                f"warships must mount engines: {hull.code} needs at least one (I)",
                design.systems_path,
            )
        )
    if hull.kind is HullKind.FREIGHTER:
        for s in slots:
            if s.code not in data.FREIGHTER_SYSTEMS:
                out.append(
                    error(
                        "SF-4",
                        f"freighters may mount only I, Q and H: found {s.code}",
                        _at(design, s),
                    )
                )
    if hull.kind is HullKind.BASE:
        for s in slots:
            if s.code == "I":
                out.append(
                    error(
                        "SF-4",
                        f"bases may not mount engines: found I on {hull.code}",
                        _at(design, s),
                    )
                )
        if design.speed:
            out.append(error("SF-4", f"bases have 0 MP: found speed {design.speed}", ("speed",)))
        if design.turn_mode:
            out.append(error("SF-4", f"bases have turn mode 0: found {design.turn_mode}", ("turn_mode",)))

    out.extend(_check_order(design))
    out.extend(_check_rooms(design, hull))
    out.extend(_check_arcs(design, hull))
    out.extend(_check_speed(design, hull))
    out.extend(_check_munitions(design, codes))
    return in_order(out)


def _check_order(design: Design) -> list[Finding]:
    """SF-3: all S first, then all A, then Z; nothing else before them."""
    rank = {"S": 0, "A": 1, "Z": 2}
    stage = 0
    names = {"S": "shields (S)", "A": "armor (A)", "Z": "datalink (Z)"}
    for i, s in enumerate(design.systems.slots):
        r = rank.get(s.code, 3)
        if r < stage:
            after = design.systems.slots[i - 1].code
            where = {
                "S": "come first",
                "A": "come right after the shields",
                "Z": "be the first internal system, right after shields and armor",
            }[s.code]
            return [
                error(
                    "SF-3",
                    f"{names[s.code]} must {where}: found {s.code} at position {i + 1}, after {after}",
                    _at(design, s),
                )
            ]
        stage = max(stage, r)
    return []


def _check_rooms(design: Design, hull: Hull) -> list[Finding]:
    """SF-5: drives in parentheses, rooms sized per hull."""
    out: list[Finding] = []
    slots = design.systems.slots
    bare = [s for s in slots if s.code == "I" and s.room is None]
    if bare and hull.kind is not HullKind.BASE:
        fixed = _fixed_string(design, hull)
        fix = f"; write {fixed}" if fixed else ""
        out.append(
            error(
                "SF-5",
                f"drive (I) outside an engine room: drives are written in parentheses{fix}",
                _at(design, bare[0]),
            )
        )
        return out
    rooms = design.systems.rooms
    sizes = [len(r) for r in rooms]
    if hull.kind is HullKind.BASE or not rooms or room_sizes_ok(hull.rooms, sizes):
        return out
    first = slots[rooms[0][0]]
    found = _rooms_text(sizes)
    fit = fixed_rooms(hull.rooms, sum(sizes))
    hint = f"; {sum(sizes)} drives fit as {_rooms_text(fit)}" if fit else ""
    if hull.rooms is RoomPattern.ALTERNATING:
        msg = f"{hull.code} engine rooms must alternate (I) and (II) ending in (II): found {found}{hint}"
    elif hull.rooms is RoomPattern.DOUBLE:
        msg = f"{hull.code} engine rooms hold two drives each (II): found {found}{hint}"
    else:
        msg = f"{hull.code} engine rooms hold one drive each (I): found {found}{hint}"
    out.append(error("SF-5", msg, _at(design, first)))
    return out


def _check_arcs(design: Design, hull: Hull) -> list[Finding]:
    """SF-6: ``+`` is derived; a typed one is accepted only where the rule puts it."""
    restricted = data.RESTRICTED_ARC.get(hull.code, frozenset())
    out = []
    for s in design.systems.slots:
        if s.plus and s.code not in restricted:
            if s.code in data.WEAPONS or s.code in ("F", "L", "E"):
                where = (
                    f"on {hull.code} only {' and '.join(sorted(restricted))} {'is' if len(restricted) == 1 else 'are'} restricted"
                    if restricted
                    else f"no weapon is restricted on {hull.code}"
                )
            else:
                where = "only weapons can be restricted"
            out.append(error("SF-6", f"{s.code}+ is not a restricted-arc mount: {where}", _at(design, s)))
    return out


def _check_speed(design: Design, hull: Hull) -> list[Finding]:
    """SF-1: design speed and stated turn mode against what the hull and engines give."""
    out: list[Finding] = []
    if hull.kind is HullKind.BASE:
        return out
    engines = sum(1 for s in design.systems.slots if s.code == "I")
    mp = engine_mp(hull, engines)
    if design.speed is not None:
        if design.speed > mp:
            out.append(
                warning(
                    "SF-1",
                    f"speed {design.speed} stated, but the rules give {mp} MP ({engines} I on {hull.code}, Max MP {hull.max_mp}); the design moves at {mp}",
                    ("speed",),
                )
            )
        elif design.speed < mp:
            out.append(
                note(
                    "SF-1",
                    f"speed {design.speed} stated, below the {mp} MP the engines give; the design moves at {design.speed}",
                    ("speed",),
                )
            )
    if design.turn_mode is not None and design.turn_mode != hull.turn_mode:
        out.append(
            warning(
                "SF-1",
                f"turn mode {design.turn_mode} stated, but the {hull.code} hull gives TM {hull.turn_mode}",
                ("turn_mode",),
            )
        )
    if hull.mp_per_engine is not None and engines:
        needed = math.ceil(hull.max_mp / hull.mp_per_engine)
        if engines > needed:
            out.append(
                warning(
                    "SF-1",
                    f"{engines} drives give {math.floor(engines * hull.mp_per_engine)} MP but the {hull.code} hull's Max MP is {hull.max_mp}: {needed} drives reach it (legal; spares keep speed as rooms are lost)",
                    design.systems_path,
                )
            )
    return out


def _check_munitions(design: Design, codes: Counter[str]) -> list[Finding]:
    """SF-9: munitions only for R, G and Pt, and only for launchers the design mounts."""
    out: list[Finding] = []
    for code, count in design.munitions.items():
        if code not in data.MUNITION_WEAPONS:
            out.append(
                error(
                    "SF-9",
                    f"{code} does not use munitions; only {', '.join(data.MUNITION_WEAPONS)} do",
                    ("munitions", code),
                )
            )
        elif codes[code] == 0:
            out.append(
                warning(
                    "SF-9",
                    f"munitions stated for {code} ({count}) but the design mounts no {code}",
                    ("munitions", code),
                )
            )
    for code in data.MUNITION_WEAPONS:
        if codes[code] and code not in design.munitions:
            first = next(s for s in design.systems.slots if s.code == code)
            out.append(
                note(
                    "SF-9",
                    f"no munitions stated for {code}: the sheet prints blank munition boxes to fill in",
                    _at(design, first),
                )
            )
    return out


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
    are the codes in damage order, restricted-arc weapons with ``+``.
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
    design_class: str | None = None

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
        targeting_range=20 if counts["Y"] else data.UNSENSED_TARGETING_LIMIT,
        weapons=weapons,
        munitions={w.code: w.munitions for w in weapons if w.munitions is not None},
        double_damage=hull.kind is HullKind.FREIGHTER,
        notes=notes,
        count=design.count,
    )
