"""Space Cruisers designs, their system lists and construction checks.

:class:`Design` (with its :class:`SystemEntry` list, read by :func:`parse_system_text`)
is what :mod:`sheetgen.games.spacecruisers.parse` builds from YAML; :func:`check`
holds it against the tables in :mod:`sheetgen.games.spacecruisers.data`. Rule ids
are the rulings in ``RULINGS.md`` (SC-1 .. SC-7). Checks never raise. Derived stats
are in :mod:`sheetgen.games.spacecruisers.stats`, the rules of play in
:mod:`sheetgen.games.spacecruisers.play`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from sheetgen.core.fields import did_you_mean
from sheetgen.core.findings import Char, Finding, Key, Path, error, in_order, note, warning
from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.data import HULLS, SYSTEMS, Hull

__all__ = [
    "MAX_ADDITIONAL",
    "MAX_COUNT",
    "Design",
    "SystemEntry",
    "check",
    "lookup_system",
    "parse_system_item",
    "parse_system_text",
]

#: Most copies of one system one entry may ask for (``drives x40``), and the most of one
#: system a ship carries in all its entries together (``armor`` 40: 410 hull points on a
#: military hull, a record sheet of two pages). The text sets no limit (seed 004, Advanced Rules
#: Shipbuilding: large ships have "7-10+" additional systems); this is the project's choice,
#: four times the top of the text's largest class, so a typo cannot print thousands of boxes.
MAX_COUNT = 40
#: Most additional systems a ship carries in all (the project's choice, as for
#: :data:`MAX_COUNT`: ten times the text's "10+" for large ships).
MAX_ADDITIONAL = 100

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
        return None, [
            error("SCHEMA", f"{stripped!r}: a count must be 1 to {MAX_COUNT} (sheetgen's bound)", path)
        ]
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
    #: the ship as play left it (``condition:``; the game's ``live`` module)
    condition: dict[str, Any] | None = None
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
                f"unknown hull {design.hull!r}{did_you_mean(design.hull, HULLS)}; hulls are {', '.join(HULLS)}",
                ("hull",),
            )
        )
    known = ", ".join(SYSTEMS)
    for e in design.systems:
        if e.system is None:
            out.append(
                error(
                    "SC-6",
                    f"unknown system {e.written!r}{did_you_mean(e.written, SYSTEMS)}; the systems table has: {known}",
                    e.path,
                )
            )
    n = design.additional

    # SC-2 basic rules: every system comes from the d20 table, so one the table cannot
    # roll (missiles) is illegal on any basic-rules ship, fighters included
    if design.rules == "basic":
        for e in design.systems:
            if e.system is not None and not SYSTEMS[e.system].on_table:
                out.append(
                    error(
                        "SC-2",
                        f"{e.system} are not on the d20 systems table, so a basic-rules ship cannot have them"
                        " (remove them or write rules: advanced)",
                        e.path,
                    )
                )
    # SC-2 basic rules: exactly five rolled systems (fighters keep their own limit)
    unlimited = hull is None or hull.max_additional is None
    if design.rules == "basic" and unlimited and n != data.BASIC_ADDITIONAL:
        path = _unit_path(design, data.BASIC_ADDITIONAL) if n > data.BASIC_ADDITIONAL else design.systems_path
        out.append(
            error(
                "SC-2",
                f"basic rules give every ship exactly {data.BASIC_ADDITIONAL} additional systems: found {n}"
                " (or write rules: advanced)",
                path,
            )
        )

    if hull is not None:
        out.extend(_check_hull(design, hull, n))
    out.extend(_check_totals(design, n))

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


def _check_totals(design: Design, n: int) -> list[Finding]:
    """Caps on totals, not only on entries (SC-2; armor SC-4): every entry may be within
    :data:`MAX_COUNT` while fifty of them add up to 2,000 armor. Each finding points at
    the entry that takes the total past its cap."""
    out: list[Finding] = []
    if n > MAX_ADDITIONAL:
        out.append(
            error(
                "SC-2",
                f"a ship takes at most {MAX_ADDITIONAL} additional systems in all (sheetgen's bound; "
                f"the text sets none): found {n:,}",
                _unit_path(design, MAX_ADDITIONAL),
            )
        )
    totals: dict[str, int] = {}
    for e in design.systems:
        if e.system is None or SYSTEMS[e.system].once:
            continue  # SC-3 caps the once-only systems at one
        before = totals.get(e.system, 0)
        totals[e.system] = before + e.count
        if before <= MAX_COUNT < totals[e.system]:
            total = design.counts()[e.system]
            if e.system == "armor":
                hull = HULLS.get(design.hull)
                base = hull.hull_points if hull is not None else 0
                out.append(
                    error(
                        "SC-4",
                        f"a ship carries at most {MAX_COUNT} armor in all"
                        f" ({base + data.ARMOR_HULL_POINTS * MAX_COUNT:,} hull points; sheetgen's bound,"
                        f" the text sets none): found {total:,}"
                        f" ({base + data.ARMOR_HULL_POINTS * total:,} hull points)",
                        e.path,
                    )
                )
            else:
                out.append(
                    error(
                        "SC-2",
                        f"a ship carries at most {MAX_COUNT} {e.system} in all (sheetgen's bound; "
                        f"the text sets none): found {total:,}",
                        e.path,
                    )
                )
    return out


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
