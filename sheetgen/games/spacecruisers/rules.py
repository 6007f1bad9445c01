"""Space Cruisers construction rules, derived stats and to-hit numbers.

Everything here reads the tables in :mod:`sheetgen.games.spacecruisers.data`.
Rule ids are the rulings in ``RULINGS.md`` (SC-1 .. SC-7). Checks never raise;
:func:`hits_on` raises ``ValueError`` only for a weapon the tables lack. Exact
chances (dice enumeration) are in :mod:`sheetgen.games.spacecruisers.odds`,
kept apart so ``sheetgen validate`` never imports the dice library.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sheetgen.core.findings import Char, Finding, Key, Path, error, in_order, note, warning
from sheetgen.core.jsondata import JSONObject, stats_dict
from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.data import HULLS, SYSTEMS, Hull

__all__ = [
    "MAX_COUNT",
    "Design",
    "SpaceCruisersStats",
    "SystemEntry",
    "WeaponMount",
    "check",
    "derive",
    "hits_on",
    "lookup_system",
    "parse_system_item",
    "parse_system_text",
    "size_class",
    "weapon",
]

#: Most copies of one system one entry may ask for (``drives x40``); more is a typo.
MAX_COUNT = 40

_COUNT_AFTER = re.compile(r"^(?P<name>.*?)\s*[x×*]\s*(?P<n>\d+)\s*$", re.IGNORECASE)
_COUNT_BEFORE = re.compile(r"^\s*(?P<n>\d+)\s*(?:[x×*]\s*)?(?P<name>\D.*?)\s*$", re.IGNORECASE)


def lookup_system(name: str) -> str | None:
    """The systems-table name for a spelling (``"Torps"`` gives ``"photon torpedoes"``),
    or ``None`` when no system is called that.

    >>> lookup_system("Torps"), lookup_system("Shield"), lookup_system("tractor beam")
    ('photon torpedoes', 'shields', None)
    """
    return data.SYSTEM_NAMES.get(data.normalise(name))


@dataclass
class SystemEntry:
    """One additional system as the design wrote it.

    ``written`` the text (``"Drives x2"``), ``system`` its table name or
    ``None`` when unknown, ``count`` how many (``x2``), ``path`` where it sits.
    """

    written: str
    system: str | None
    count: int
    path: Path


def parse_system_item(text: str, path: Path) -> tuple[SystemEntry | None, list[Finding]]:
    """Read one list item (``"Drives x2"``, ``"2 drives"``, ``"Cloak"``).

    Returns the entry (``None`` for an empty item) and ``SCHEMA`` findings for a
    count of 0 or more than :data:`MAX_COUNT`. Unknown names are left to
    :func:`check` (rule SC-6).
    """
    stripped = text.strip()
    if not stripped:
        return None, [error("SCHEMA", "empty system name", path)]
    count = 1
    name = stripped
    m = _COUNT_AFTER.match(stripped) or _COUNT_BEFORE.match(stripped)
    if m and m.group("name").strip():
        name, count = m.group("name").strip(), int(m.group("n"))
    if count < 1 or count > MAX_COUNT:
        return None, [error("SCHEMA", f"{stripped!r}: a count must be 1 to {MAX_COUNT}", path)]
    return SystemEntry(name, lookup_system(name), count, path), []


def parse_system_text(text: str, path: Path) -> tuple[list[SystemEntry], list[Finding]]:
    """Read systems written as one comma-separated line, the way the text lists
    its sample ships (``"Shields, Torps, Security, Drives x2"``); each entry's
    path ends in a :class:`~sheetgen.core.findings.Char` offset into ``text``."""
    entries: list[SystemEntry] = []
    findings: list[Finding] = []
    offset = 0
    for part in text.split(","):
        lead = len(part) - len(part.lstrip())
        if part.strip():
            entry, problems = parse_system_item(part, (*path, Char(offset + lead)))
            findings.extend(problems)
            if entry is not None:
                entries.append(entry)
        offset += len(part) + 1
    return entries, findings


@dataclass
class Design:
    """A Space Cruisers design as read from YAML.

    ``hull`` a hull id (SC-1) as written (lower case); ``rules`` ``"basic"`` or
    ``"advanced"``; ``systems`` the additional systems in design order;
    ``non_military`` the named non-military systems of commercial hulls and
    stations (SC-6), with ``non_military_paths`` where each is written.
    """

    name: str
    hull: str
    rules: str = "advanced"
    systems: list[SystemEntry] = field(default_factory=list)
    non_military: list[str] = field(default_factory=list)
    non_military_paths: list[Path] = field(default_factory=list)
    non_military_given: bool = False
    design_class: str | None = None
    notes: str | None = None
    count: int = 1
    systems_path: Path = ("systems",)

    @classmethod
    def from_systems(cls, name: str, hull: str, systems: str | list[str], **kw: Any) -> Design:
        """A design from a hull id and systems as text or a list (handy in tests and scripts)."""
        if isinstance(systems, str):
            entries, _ = parse_system_text(systems, ("systems",))
        else:
            entries = []
            for i, item in enumerate(systems):
                entry, _ = parse_system_item(item, ("systems", i))
                if entry is not None:
                    entries.append(entry)
        nm = kw.pop("non_military", [])
        return cls(
            name=name,
            hull=hull,
            systems=entries,
            non_military=list(nm),
            non_military_paths=[("non_military", i) for i in range(len(nm))],
            non_military_given=bool(nm),
            **kw,
        )

    def counts(self) -> dict[str, int]:
        """Additional systems by table name, in order of first appearance (unknown names left out)."""
        out: dict[str, int] = {}
        for e in self.systems:
            if e.system is not None:
                out[e.system] = out.get(e.system, 0) + e.count
        return out

    @property
    def additional(self) -> int:
        """How many additional systems the design has (unknown names count too)."""
        return sum(e.count for e in self.systems)


# --- derived numbers ------------------------------------------------------------


def size_class(additional: int) -> data.SizeClass:
    """The advanced rules' size class for a number of additional systems (SC-2).

    >>> size_class(3).name, size_class(4).name, size_class(6).name, size_class(12).name
    ('small', 'medium', 'medium', 'large')
    """
    for c in data.SIZE_CLASSES:
        if additional >= c.low and (c.high is None or additional <= c.high):
            return c
    return data.SIZE_CLASSES[0]


def _is_cargo_bay(name: str) -> bool:
    return lookup_system(name) == "cargo bay"


# --- combat (SC-7) ------------------------------------------------------------------


def weapon(system: str) -> data.Weapon:
    """How ``system`` attacks (range, dice, to-hit, arc); raises ``ValueError``
    naming the weapons when ``system`` is not one."""
    s = SYSTEMS.get(system)
    if s is None or s.weapon is None:
        weapons = ", ".join(n for n, x in SYSTEMS.items() if x.weapon is not None)
        raise ValueError(f"{system!r} is not a weapon; weapons are {weapons}")
    return s.weapon


def hits_on(
    system: str, *, scanners: int = 0, cloaked: bool = False, targeting_hit: bool = False
) -> int | None:
    """The d10 roll (at or above) ``system`` needs to hit (SC-7): the weapon's
    number, -1 per scanner used on the attack, +3 against a cloaked ship, +1
    after a targeting-computer critical. ``None`` for weapons that roll no
    to-hit (security team, ion shockwave). Raises ``ValueError`` for a
    system that is not a weapon.

    >>> hits_on("phasers"), hits_on("phasers", scanners=1), hits_on("phasers", cloaked=True)
    (5, 4, 8)
    """
    w = weapon(system)
    if w.hits_on is None:
        return None
    return (
        w.hits_on
        - scanners * data.SCANNER_TO_HIT
        - (data.CLOAKED_TO_HIT if cloaked else 0)
        - (data.CRITICALS_BY_ID["targeting"].to_hit if targeting_hit else 0)
    )


# --- checks ---------------------------------------------------------------------


def _unit_path(design: Design, n: int) -> Path:
    """Path of the entry holding the ``n``-th (0-based) additional system."""
    seen = 0
    for e in design.systems:
        seen += e.count
        if seen > n:
            return e.path
    return design.systems_path


def check(design: Design) -> list[Finding]:
    """Every construction finding for ``design`` (RULINGS SC-1 .. SC-6); never raises.

    Errors make the design illegal; warnings and notes do not.
    """
    out: list[Finding] = []
    hull = HULLS.get(design.hull)
    if hull is None:
        out.append(
            error(
                "SC-1",
                f"unknown hull {design.hull!r}; hulls are {', '.join(HULLS)}",
                ("hull",),
            )
        )
    known = ", ".join(SYSTEMS)
    for e in design.systems:
        if e.system is None:
            out.append(
                error(
                    "SC-6",
                    f"unknown system {e.written!r}; the systems table has: {known}",
                    e.path,
                )
            )
    n = design.additional

    # SC-2 basic rules: exactly five rolled systems (fighters keep their own limit)
    if design.rules == "basic" and (hull is None or hull.max_additional is None):
        if n != data.BASIC_ADDITIONAL:
            path = (
                _unit_path(design, data.BASIC_ADDITIONAL)
                if n > data.BASIC_ADDITIONAL
                else design.systems_path
            )
            out.append(
                error(
                    "SC-2",
                    f"basic rules give every ship exactly {data.BASIC_ADDITIONAL} additional systems: found {n}"
                    " (or write rules: advanced)",
                    path,
                )
            )
        for e in design.systems:
            if e.system is not None and not SYSTEMS[e.system].on_table:
                out.append(
                    warning(
                        "SC-2",
                        f"{e.system} are not on the d20 systems table, so a basic-rules roll never gives them",
                        e.path,
                    )
                )

    if hull is not None:
        out.extend(_check_hull(design, hull, n))

    # SC-3 once-only systems
    for name, s in SYSTEMS.items():
        if not s.once:
            continue
        seen = 0
        for e in design.systems:
            if e.system != name:
                continue
            if seen + e.count > 1:
                out.append(
                    error(
                        "SC-3",
                        f"a ship carries at most one {name}: found {sum(x.count for x in design.systems if x.system == name)}"
                        " (a duplicate roll is rerolled)",
                        e.path,
                    )
                )
                break
            seen += e.count
    return in_order(out)


def _check_hull(design: Design, hull: Hull, n: int) -> list[Finding]:
    out: list[Finding] = []
    # SC-1 fighters: at most three additional systems
    if hull.max_additional is not None and n > hull.max_additional:
        out.append(
            error(
                "SC-1",
                f"a {hull.noun} takes at most {hull.max_additional} additional systems: found {n}",
                _unit_path(design, hull.max_additional),
            )
        )
    # SC-1 stations: no drives
    if not hull.drives_allowed:
        for e in design.systems:
            if e.system == "drives":
                out.append(
                    error(
                        "SC-1",
                        f"a {hull.noun} has no drives: found {e.count} (remove {e.written!r})",
                        e.path,
                    )
                )
    # SC-6 non-military systems: named by commercial hulls and stations only
    given = len(design.non_military)
    if hull.non_military == 0 and design.non_military:
        out.append(
            error(
                "SC-6",
                f"only commercial hulls and stations come with non-military systems; a {hull.id} hull has none"
                " (a cargo bay can be an additional system)",
                ("non_military",),
            )
        )
    elif hull.non_military:
        if given > hull.non_military:
            out.append(
                error(
                    "SC-6",
                    f"a {hull.name.lower()} comes with {hull.non_military} non-military systems: found {given}",
                    design.non_military_paths[hull.non_military],
                )
            )
        elif not design.non_military_given:
            out.append(
                note(
                    "SC-6",
                    f"non-military systems not named: the sheet prints {hull.non_military} blank boxes to fill in",
                    (Key("hull"),),
                )
            )
        elif given < hull.non_military:
            out.append(
                warning(
                    "SC-6",
                    f"a {hull.name.lower()} comes with {hull.non_military} non-military systems: {given} named,"
                    f" the sheet leaves {hull.non_military - given} blank",
                    ("non_military",),
                )
            )
    return out


# --- derived stats ------------------------------------------------------------------


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
    design_class: str | None = None

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
                hits_on=w.hits_on,
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
    )
