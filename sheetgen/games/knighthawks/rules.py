"""Knight Hawks 2000 designs and their construction checks.

:class:`Design` (weapons, linked groups, crew, mine drops) is what
:mod:`sheetgen.games.knighthawks.parse` builds from YAML; :func:`check` holds it
against the tables in :mod:`sheetgen.games.knighthawks.data`. Rule ids are the
rulings in ``RULINGS.md`` (KH-1 .. KH-7). Derived stats are in
:mod:`sheetgen.games.knighthawks.stats`, the rules of play in
:mod:`sheetgen.games.knighthawks.play`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sheetgen.core.fields import did_you_mean
from sheetgen.core.findings import Finding, Path, error, in_order, note, warning
from sheetgen.games.knighthawks import data
from sheetgen.games.knighthawks.data import WeaponKind
from sheetgen.games.knighthawks.play import minimum_crew, weapon

__all__ = [
    "CrewMember",
    "Design",
    "LinkedGroup",
    "MineDrop",
    "WeaponEntry",
    "bounds",
    "check",
    "check_plan_on_map",
    "weapons_carried",
]


# --- the design ----------------------------------------------------------------------------


@dataclass
class WeaponEntry:
    """One line of a design's ``weapons:``: the code as written, how many, the
    ordnance carried for it (``None``: not stated), the bay name, where it is."""

    code: str
    count: int
    ordnance: int | None = None
    bay: str | None = None
    path: Path = ()


@dataclass
class LinkedGroup:
    """Weapons linked to fire as one attack: ``members`` maps code to how many."""

    name: str
    members: dict[str, int]
    path: Path = ()


@dataclass
class CrewMember:
    """One named crew member at a station, with IM and skill levels by name."""

    station: str
    name: str | None = None
    im: int | None = None
    skills: dict[str, int] = field(default_factory=dict)
    post: str | None = None
    strength: int | None = None
    dexterity: int | None = None
    path: Path = ()


@dataclass
class MineDrop:
    """One hex of a minelaying plan: the hex label as the map prints it, its grid level,
    mines laid there; ``cell`` the 0-based (column, row) read by the shared hex reader
    (``None`` when the label could not be read), so every spelling of a hex is one hex."""

    hex: str
    level: int
    mines: int
    path: Path = ()
    cell: tuple[int, int] | None = None


@dataclass
class Design:
    """A Knight Hawks 2000 design as read from YAML (see the package docstring)."""

    name: str
    hull_size: int
    structure_points: int
    adf: int
    mr: int
    role: str = "military"
    design_class: str | None = None
    weapons: list[WeaponEntry] = field(default_factory=list)
    linked: list[LinkedGroup] = field(default_factory=list)
    icm_salvos: int = 0
    abm_salvos: int = 0
    magnetic_shielding: bool = False
    sensors: list[str] = field(default_factory=list)
    mastercomp: bool = True
    system_computers: list[str] = field(default_factory=list)
    void_engines: int = 1
    crew: list[CrewMember] = field(default_factory=list)
    crew_total: int | None = None
    minelaying: list[MineDrop] = field(default_factory=list)
    notes: str | None = None
    count: int = 1
    #: the ship as play left it (``condition:``; the game's ``live`` module)
    condition: dict[str, Any] | None = None


# --- checks ---------------------------------------------------------------------------------


def _known_codes() -> str:
    return ", ".join(data.WEAPONS)


def _unknown_weapon(code: str, path: Path) -> Finding:
    extra = ""
    upper = code.strip().upper()
    if upper in data.CLASSIC_CODES:
        extra = f" ({code} is classic Knight Hawks, a different game's data)"
    elif upper in data.DEFENCES:
        extra = f" ({upper} is a defence: write it under 'defences')"
    else:
        extra = did_you_mean(code, data.WEAPONS)
    return error("KH-7", f"unknown weapon {code!r}{extra}; the weapons list has {_known_codes()}", path)


def crew_size(design: Design) -> int:
    """Everyone aboard: ``crew_total`` when stated, else the named crew."""
    return design.crew_total if design.crew_total is not None else len(design.crew)


def _over(what: str, value: int, most: int, path: Path, why: str) -> Finding | None:
    """An error if ``value`` is above ``most`` or below ``-most`` (a negative count is a rule
    error of its own, but one this far below 0 is as unusable as one this far above)."""
    if -most <= value <= most:
        return None
    if value < 0:
        return error(
            "SCHEMA", f"{what} {value:,} is below -{most:,}, beyond any number sheetgen reads here", path
        )
    return error("SCHEMA", f"{what} {value:,} is more than the {most:,} {why}", path)


def bounds(design: Design) -> list[Finding]:
    """Every number and list of ``design`` held to the bounds in :mod:`~sheetgen.games.knighthawks.data`
    (``MAX_*``: each the project's choice, the text setting none; every message says so).

    A design past any of them is unusable input: ``SCHEMA`` errors (an out-of-range number,
    exit status 2) that the reader raises before any rule, stat or sheet sees the design,
    so printed outputs only ever hold counts they can print in bounded time.
    """
    d = data
    # the text sets no top on a ship's ADF or MR (data.MAX_ADF): 30 is the project's bound
    speed = "sheetgen allows (the project's bound, the seeker missile's figure; the text sets no top)"
    checks: list[Finding | None] = [
        _over("hull size", design.hull_size, d.MAX_HULL_SIZE, ("hull_size",), "sheetgen allows"),
        _over(
            "structure points",
            design.structure_points,
            d.MAX_STRUCTURE_POINTS,
            ("structure_points",),
            "sheetgen allows",
        ),
        _over("ADF", design.adf, d.MAX_ADF, ("adf",), speed),
        _over("MR", design.mr, d.MAX_MR, ("mr",), speed),
        _over(
            "void engines",
            design.void_engines,
            d.MAX_VOID_ENGINES,
            ("void_engines",),
            "sheetgen allows",
        ),
        _over("weapon lines", len(design.weapons), d.MAX_WEAPON_LINES, ("weapons",), "sheetgen allows"),
        _over("linked groups", len(design.linked), d.MAX_LINKED_GROUPS, ("linked",), "sheetgen allows"),
        _over("ICM salvos", design.icm_salvos, d.MAX_SALVOS, ("defences", "icm"), "sheetgen allows"),
        _over("ABM salvos", design.abm_salvos, d.MAX_SALVOS, ("defences", "abm"), "sheetgen allows"),
        _over("sensors", len(design.sensors), d.MAX_SENSORS, ("sensors",), "sheetgen allows"),
        _over(
            "system computers",
            len(design.system_computers),
            d.MAX_SYSTEM_COMPUTERS,
            ("computers", "systems"),
            "sheetgen allows",
        ),
        _over(
            "crew total",
            design.crew_total or 0,
            d.MAX_CREW,
            ("crew", "total"),
            "sheetgen allows",
        ),
        _over(
            "named gunners",
            sum(1 for c in design.crew if c.station == "gunner"),
            d.MAX_GUNNERS,
            ("crew", "gunners"),
            "sheetgen allows",
        ),
        _over(
            "minelaying entries",
            len(design.minelaying),
            d.MAX_MINE_DROPS,
            ("minelaying",),
            "sheetgen allows",
        ),
    ]
    total = 0
    for entry in design.weapons:
        total += max(entry.count, 0)
        checks.append(
            _over("weapon count", entry.count, d.MAX_WEAPONS, (*entry.path, "count"), "sheetgen allows")
        )
        if entry.ordnance is not None:
            checks.append(
                _over(
                    "ordnance",
                    entry.ordnance,
                    d.MAX_ORDNANCE,
                    (*entry.path, "ordnance"),
                    "sheetgen allows on one line",
                )
            )
    if all(e.count <= d.MAX_WEAPONS for e in design.weapons):
        checks.append(_over("weapons carried in all", total, d.MAX_WEAPONS, ("weapons",), "sheetgen allows"))
    for group in design.linked:
        for code, n in group.members.items():
            checks.append(
                _over(
                    f"linked {code} count",
                    n,
                    d.MAX_WEAPONS,
                    (*group.path, "weapons", code),
                    "sheetgen allows",
                )
            )
    for member in design.crew:
        for key, value, most in (
            ("im", member.im, d.MAX_IM),
            ("str", member.strength, d.MAX_ABILITY),
            ("dex", member.dexterity, d.MAX_ABILITY),
        ):
            if value is not None:
                checks.append(_over(key.upper(), value, most, (*member.path, key), "sheetgen allows"))
        checks.append(
            _over(
                "skills",
                len(member.skills),
                d.MAX_SKILLS,
                (*member.path, "skills"),
                "sheetgen allows",
            )
        )
        for name, level in member.skills.items():
            checks.append(
                _over(
                    f"{name} level",
                    level,
                    d.MAX_SKILL_LEVEL,
                    (*member.path, "skills", name),
                    "sheetgen allows (the project's bound; the highest level the text names is 6)",
                )
            )
    for drop in design.minelaying:
        checks.append(_over("mines", drop.mines, d.MAX_ORDNANCE, (*drop.path, "mines"), "sheetgen allows"))
        checks.append(
            _over(
                "grid level",
                drop.level,
                d.MAX_LEVEL,
                (*drop.path, "level"),
                "levels up (or down) sheetgen allows",
            )
        )
    return [f for f in checks if f is not None]


def check(design: Design) -> list[Finding]:
    """Every construction finding for ``design`` (RULINGS KH-1 to KH-7); never raises.

    Errors make the design illegal; warnings and notes do not.
    """
    out: list[Finding] = []
    hs = design.hull_size
    if hs <= 0:
        out.append(error("KH-2", f"hull size must be 1 or more, found {hs}", ("hull_size",)))
    if design.structure_points <= 0:
        out.append(
            error(
                "KH-3",
                f"structure points must be 1 or more, found {design.structure_points}",
                ("structure_points",),
            )
        )
    for key, value in (("adf", design.adf), ("mr", design.mr)):
        if value < 0:
            out.append(error("KH-1", f"{key.upper()} must be 0 or more, found {value}", (key,)))
    if design.mr == 0 and hs > 0:
        out.append(note("KH-1", "MR 0: the ship has no maneuver points", ("mr",)))
    out.extend(_check_weapons(design))
    out.extend(_check_linked(design))
    out.extend(_check_defences(design))
    out.extend(_check_crew(design))
    out.extend(_check_systems(design))
    out.extend(_check_minelaying(design))
    return in_order(out)


def _check_weapons(design: Design) -> list[Finding]:
    """KH-4, KH-7: known codes, positive counts, ordnance only where a weapon uses it."""
    out: list[Finding] = []
    for entry in design.weapons:
        w = weapon(entry.code)
        if w is None:
            out.append(_unknown_weapon(entry.code, (*entry.path, "code")))
            continue
        if entry.count <= 0:
            out.append(
                error(
                    "KH-4", f"{w.code} count must be 1 or more, found {entry.count}", (*entry.path, "count")
                )
            )
        if entry.ordnance is not None:
            if w.ordnance is None:
                out.append(
                    error(
                        "KH-4",
                        f"{w.code} ({w.name}) carries no ordnance; only "
                        f"{', '.join(x.code for x in data.WEAPONS.values() if x.ordnance)} do",
                        (*entry.path, "ordnance"),
                    )
                )
            elif entry.ordnance < 0:
                out.append(
                    error(
                        "KH-4",
                        f"{w.code} ordnance must be 0 or more, found {entry.ordnance}",
                        (*entry.path, "ordnance"),
                    )
                )
        elif w.ordnance is not None:
            out.append(
                note(
                    "KH-4",
                    f"no ordnance stated for {w.code}: the sheet prints a blank count to fill in",
                    entry.path,
                )
            )
    return out


def weapons_carried(design: Design) -> Counter[str]:
    """Weapons the design carries, by list code: the summed counts of its known
    weapon entries (entries of 0 or less and unknown codes skipped)."""
    counts: Counter[str] = Counter()
    for entry in design.weapons:
        w = weapon(entry.code)
        if w is not None and entry.count > 0:
            counts[w.code] += entry.count
    return counts


def _check_linked(design: Design) -> list[Finding]:
    """KH-4: linked groups use weapons the design carries, each weapon in one group."""
    out: list[Finding] = []
    carried = weapons_carried(design)
    used: Counter[str] = Counter()
    for group in design.linked:
        size = 0
        for code, n in group.members.items():
            path = (*group.path, "weapons", code)
            w = weapon(code)
            if w is None:
                out.append(_unknown_weapon(code, path))
                continue
            if n <= 0:
                out.append(error("KH-4", f"linked {w.code} count must be 1 or more, found {n}", path))
                continue
            size += n
            used[w.code] += n
            if used[w.code] > carried[w.code]:
                out.append(
                    error(
                        "KH-4",
                        f"{used[w.code]} {w.code} linked but the design carries {carried[w.code]}",
                        path,
                    )
                )
            if w.kind not in data.GUNS:
                out.append(
                    warning(
                        "KH-4",
                        f"{w.code} ({w.kind.value}) linked: the text links guns; "
                        f"{w.code} attacks on its own rules",
                        path,
                    )
                )
        if 0 < size < 2:
            out.append(
                warning(
                    "KH-4",
                    f"linked group {group.name!r} holds one weapon: linking changes nothing",
                    group.path,
                )
            )
    return out


def _check_defences(design: Design) -> list[Finding]:
    """KH-4: magnetic shielding needs HS 2 or more; salvos carried are 0 or more."""
    out: list[Finding] = []
    ms = data.DEFENCES["MS"]
    if design.magnetic_shielding and 0 < design.hull_size < ms.min_hull_size:
        out.append(
            error(
                "KH-4",
                f"magnetic shielding needs hull size {ms.min_hull_size} or more; this ship is HS {design.hull_size}",
                ("defences", "magnetic_shielding"),
            )
        )
    for key, value in (("icm", design.icm_salvos), ("abm", design.abm_salvos)):
        if value < 0:
            out.append(
                error(
                    "KH-4",
                    f"{key.upper()} salvos carried must be 0 or more, found {value}",
                    ("defences", key),
                )
            )
    return out


def _check_crew(design: Design) -> list[Finding]:
    """KH-2, the text's boarding rule (seed 002, BOARDING, line 257): a ship boards only with
    crew enough to send a party and still fly her, the minimum crew being her hull size. Crew
    below HS is legal but cannot board (a warning), and is read alike whether ``crew:`` is
    absent (no crew: 0), ``total: 0`` or any total below HS; exactly HS is a note. A negative
    total is an error."""
    out: list[Finding] = []
    hs = design.hull_size
    crew = crew_size(design)
    where: Path = ("crew", "total") if design.crew_total is not None else ("crew",)
    if design.crew_total is not None and design.crew_total < 0:
        out.append(error("KH-2", f"crew total must be 0 or more, found {design.crew_total}", where))
        return out
    if hs > 0 and crew < minimum_crew(hs):
        out.append(
            warning(
                "KH-2",
                f"crew of {crew} is below the minimum crew of {hs} (the hull size): "
                "cannot board another ship and fly this one at once",
                where,
            )
        )
    elif hs > 0 and crew == minimum_crew(hs):
        out.append(note("KH-2", f"crew of {crew} exactly flies the ship: none spare for boarding", where))
    if design.crew_total is not None and design.crew_total < len(design.crew):
        out.append(
            warning(
                "KH-2",
                f"{len(design.crew)} crew named but the crew total is {design.crew_total}",
                ("crew", "total"),
            )
        )
    return out


def _check_systems(design: Design) -> list[Finding]:
    """KH-6: void engines, sensors and computers the damage results act on."""
    out: list[Finding] = []
    if design.void_engines < 0:
        out.append(
            error("KH-6", f"void engines must be 0 or more, found {design.void_engines}", ("void_engines",))
        )
    elif design.void_engines == 0 and design.adf > 0:
        out.append(
            warning(
                "KH-6",
                f"ADF {design.adf} with no void engines: a Void Engine result has nothing to damage",
                ("void_engines",),
            )
        )
    if not design.sensors:
        out.append(
            warning("KH-6", "no sensors: the ship cannot detect, nor acquire new targets", ("sensors",))
        )
    return out


def _check_minelaying(design: Design) -> list[Finding]:
    """KH-4: a minelaying plan needs mines aboard, at most 10 a hex, no more than carried."""
    out: list[Finding] = []
    if not design.minelaying:
        return out
    carried = sum(
        e.ordnance or 0
        for e in design.weapons
        if (w := weapon(e.code)) is not None and w.kind is WeaponKind.MINE and e.count > 0
    )
    has_layer = any((w := weapon(e.code)) is not None and w.kind is WeaponKind.MINE for e in design.weapons)
    if not has_layer:
        out.append(error("KH-4", "a minelaying plan needs mines among the weapons", ("minelaying",)))
    per_hex: Counter[tuple[tuple[int, int] | str, int]] = Counter()
    total = 0
    for drop in design.minelaying:
        if drop.mines <= 0:
            out.append(
                error(
                    "KH-4",
                    f"mines in hex {drop.hex} must be 1 or more, found {drop.mines}",
                    (*drop.path, "mines"),
                )
            )
            continue
        key = (drop.cell or drop.hex, drop.level)
        before = per_hex[key]
        per_hex[key] += drop.mines
        total += drop.mines
        if per_hex[key] > data.MAX_MINES_PER_HEX >= before:
            where = f"hex {drop.hex}" + (f" level {drop.level:+d}" if drop.level else "")
            out.append(
                error(
                    "KH-4",
                    f"{per_hex[key]} mines in {where}: at most {data.MAX_MINES_PER_HEX} a hex",
                    (*drop.path, "mines"),
                )
            )
    if has_layer and total > carried:
        out.append(
            error("KH-4", f"the plan lays {total} mines but the design carries {carried}", ("minelaying",))
        )
    return out


def check_plan_on_map(plan: Sequence[MineDrop], cols: int, rows: int, layers: Sequence[int]) -> list[Finding]:
    """KH-4: every hex of a minelaying plan lies on a ``cols`` x ``rows`` map (columns and
    rows numbered from 1) and on one of its grid ``layers``; an error at the entry otherwise."""
    out: list[Finding] = []
    levels = sorted(set(layers))
    known = ", ".join(f"{x:+d}" if x else "0" for x in levels)
    for drop in plan:
        if drop.cell is not None and not (0 <= drop.cell[0] < cols and 0 <= drop.cell[1] < rows):
            out.append(
                error(
                    "KH-4",
                    f"mines in hex {drop.hex}, off the scenario's {cols} x {rows} map "
                    f"(columns run 1-{cols} and rows 1-{rows})",
                    (*drop.path, "hex"),
                )
            )
        if drop.level not in levels:
            level = f"{drop.level:+d}" if drop.level else "0"
            out.append(
                error(
                    "KH-4",
                    f"mines on level {level}, not one of the scenario map's layers ({known})",
                    (*drop.path, "level"),
                )
            )
    return out
