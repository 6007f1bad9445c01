"""Starfire designs and their construction checks.

:class:`Design` is what :mod:`sheetgen.games.starfire.parse` builds from YAML;
:func:`check` holds it against the tables in :mod:`sheetgen.games.starfire.data`.
Rule ids are the rulings in ``RULINGS.md`` (SF-1 .. SF-11). Derived stats are in
:mod:`sheetgen.games.starfire.stats`, the rules of play in :mod:`sheetgen.games.starfire.play`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from sheetgen.core.fields import did_you_mean
from sheetgen.core.findings import Char, Finding, Path, error, in_order, note, warning
from sheetgen.games.starfire import data
from sheetgen.games.starfire.data import HULLS, SYSTEMS, Hull, HullKind, RoomPattern
from sheetgen.games.starfire.notation import Slot, SystemString, parse_system_string, system_string
from sheetgen.games.starfire.play import engine_mp, fixed_rooms, room_sizes_ok

__all__ = [
    "Design",
    "check",
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
    #: the ship as play left it (``condition:``; :mod:`sheetgen.games.starfire.live`)
    condition: dict[str, Any] | None = None

    @classmethod
    def from_string(cls, name: str, hull: str, systems: str, **kw: Any) -> Design:
        """A design from a hull code and system string (handy in tests and scripts)."""
        return cls(name=name, hull=hull, systems=parse_system_string(systems), systems_text=systems, **kw)


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
                f"unknown hull {design.hull!r}{did_you_mean(design.hull, HULLS)}; the Hull Chart has {', '.join(HULLS)}",
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
    return in_order(_one_fix(out))


#: The start of the SF-1 line that gives a system string in the wrong letter case back in
#: capitals (:func:`~sheetgen.games.starfire.notation.parse_system_string`).
_CASE_FIX = "system codes are capitals"
_ROOMS_FIX = re.compile(r"^(drive \(I\) outside an engine room: .*?); write (\S+)$")


def _one_fix(findings: list[Finding]) -> list[Finding]:
    """One string to write for one system string: when the letter case (SF-1) and the
    engine rooms (SF-5) both need fixing, the SF-1 line gives the string with both fixed and
    the SF-5 line says what is wrong without a second, different string."""
    case = next((f for f in findings if f.rule == "SF-1" and f.message.startswith(_CASE_FIX)), None)
    rooms = next((f for f in findings if f.rule == "SF-5" and _ROOMS_FIX.match(f.message)), None)
    if case is None or rooms is None:
        return findings
    m = _ROOMS_FIX.match(rooms.message)
    assert m is not None
    fixed_case = Finding(
        case.rule, case.severity, re.sub(r"write '.*'$", f"write {m.group(2)!r}", case.message), case.path
    )
    fixed_rooms = Finding(rooms.rule, rooms.severity, m.group(1), rooms.path)
    return [fixed_case if f is case else fixed_rooms if f is rooms else f for f in findings]


def _check_order(design: Design) -> list[Finding]:
    """SF-3: all S first, then all A, then at most one Z as the first internal system."""
    rank = {"S": 0, "A": 1, "Z": 2}
    stage = 0
    names = {"S": "shields (S)", "A": "armor (A)", "Z": "datalink (Z)"}
    for i, s in enumerate(design.systems.slots):
        r = rank.get(s.code, 3)
        if s.code == "Z" and stage == 2:
            # RULINGS SF-3: only the first internal system may be the datalink, so a second Z
            # right after the first is out of place too.
            return [
                error(
                    "SF-3",
                    f"{names['Z']} must be the first internal system: found a second Z at position {i + 1}",
                    _at(design, s),
                )
            ]
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
    # only the drives (I) in a room count towards its size; anything else in a room is
    # its own SF-5 error, and the message shows the rooms as written
    sizes = [sum(1 for i in r if slots[i].code == "I") for r in rooms]
    if hull.kind is HullKind.BASE or not rooms or room_sizes_ok(hull.rooms, sizes):
        return out
    first = slots[rooms[0][0]]
    found = "".join("(" + "".join(slots[i].code for i in r) + ")" for r in rooms)
    drives = sum(sizes)
    fit = fixed_rooms(hull.rooms, drives)
    hint = f"; {drives} drive{'s' if drives != 1 else ''} fit as {_rooms_text(fit)}" if fit else ""
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
    """SF-1: design speed and stated turn mode against what the hull and engines give.

    A stated speed (MP) above the hull's Max MP or above the engines' MP is an error;
    a lower one is a note; a stated turn mode that differs from the hull's is a warning."""
    out: list[Finding] = []
    if hull.kind is HullKind.BASE:
        return out
    engines = sum(1 for s in design.systems.slots if s.code == "I")
    mp = engine_mp(hull, engines)
    if design.speed is not None:
        # RULINGS SF-1: Max MP is the most a ship can be given, and the engines give no more
        # than floor(engines x rate); a faster stated speed is illegal, a slower one is chosen.
        if design.speed > hull.max_mp:
            out.append(
                error(
                    "SF-1",
                    f"speed {design.speed} is above the {hull.code} hull's Max MP {hull.max_mp}; the rules give {mp} MP ({engines} I)",
                    ("speed",),
                )
            )
        elif design.speed > mp:
            out.append(
                error(
                    "SF-1",
                    f"speed {design.speed} is above the {mp} MP the engines give ({engines} I on {hull.code}, Max MP {hull.max_mp})",
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
                    f"{code} does not use munitions{did_you_mean(code, data.MUNITION_WEAPONS)};"
                    f" only {', '.join(data.MUNITION_WEAPONS)} do",
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
