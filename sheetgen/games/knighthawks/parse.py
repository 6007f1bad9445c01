"""Reading a Knight Hawks 2000 design mapping (and damage-table roll ranges) from YAML.

Types are checked here (``SCHEMA`` problems, exit status 2), and so are the bounds on every
count and size (:func:`~sheetgen.games.knighthawks.rules.bounds`, exit status 2); rule problems
(a zero count, shielding on a fighter, 11 mines in a hex) are left to
:func:`sheetgen.games.knighthawks.rules.check`, so they print with a ruling id.
Paths stored on the design are relative to the design mapping; ``SCHEMA``
problems carry absolute paths, as :class:`~sheetgen.core.fields.Fields` wants.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from sheetgen.core.fields import MAX_PROSE, Fields, describe
from sheetgen.core.findings import Finding, InputError, Path, error, warning
from sheetgen.core.hexlabel import hex_label, parse_hex
from sheetgen.core.shapes import (
    Block,
    Boolean,
    Choice,
    Counts,
    Given,
    Integer,
    Items,
    Named,
    Shape,
    Text,
    TextList,
)
from sheetgen.games.base import DESIGN_CLASS, DESIGN_NAME, DESIGN_NOTES, common_design_keys
from sheetgen.games.knighthawks import data, live, rules
from sheetgen.games.knighthawks.rules import CrewMember, Design, LinkedGroup, MineDrop, WeaponEntry

__all__ = [
    "DAMAGE_TABLE_ROWS",
    "DESIGN",
    "TABLES_FILE",
    "TABLE_ROW",
    "DamageTables",
    "TableRow",
    "design_schema",
    "parse_damage_tables",
    "parse_design",
    "roll_text",
]


def _int(name: str, description: str, maximum: int | None = None, minimum: int = 0, **more: Any) -> Integer:
    """A count or size whose bounds :func:`~sheetgen.games.knighthawks.rules.bounds` and the
    rules judge (``MAX_*`` of :mod:`~sheetgen.games.knighthawks.data`)."""
    return Integer(
        name=name,
        description=description,
        minimum=minimum,
        maximum=maximum,
        **{"checked_by_rules": True, **more},
    )


_CODES = tuple(data.WEAPONS)
_WEAPON_CODE = {"type": "string", "enum": list(_CODES), "description": "A code of the weapons list (KH-7)."}

#: A crew member: the captain, a pilot, each gunner...
MEMBER = Shape(
    "crew member",
    (
        Text(name="name", description="The crew member's name."),
        _int("im", "Initiative modifier (IM).", data.MAX_IM),
        Counts(
            name="skills",
            minimum=0,
            maximum=data.MAX_SKILL_LEVEL,
            max_names=data.MAX_SKILLS,
            checked_by_rules=True,
            description="Skills by name: level.",
        ),
        Text(name="post", description="The post held aboard."),
        _int("str", "Strength (STR).", data.MAX_ABILITY, checked_by_rules="maximum"),
        _int("dex", "Dexterity (DEX).", data.MAX_ABILITY, checked_by_rules="maximum"),
    ),
)
#: One line of ``weapons:`` written as a mapping (a bare code is a line of one).
WEAPON = Shape(
    "weapon",
    (
        Named(
            name="code",
            required=True,
            default="",
            options=_CODES,
            what="a weapon code",
            caseless=False,
            description="A code of the weapons list (KH-7).",
        ),
        _int("count", "How many of this weapon.", data.MAX_WEAPONS, default=1),
        _int("ordnance", "Rounds carried (missiles, torpedoes, mines).", data.MAX_ORDNANCE),
        Text(name="bay", description="The bay it sits in."),
    ),
)
#: One group of ``linked:`` weapons.
LINKED_GROUP = Shape(
    "linked group",
    (
        Text(name="name", description="The group's name."),
        Given(
            name="weapons",
            required=True,
            value_schema={
                "type": "object",
                "propertyNames": {"enum": list(_CODES)},
                "additionalProperties": {"type": "integer"},
            },
            description="Weapon code: how many fire together.",
        ),
    ),
)
DEFENCES = Shape(
    "defences",
    (
        _int("icm", "Interceptor missile (ICM) salvos.", data.MAX_SALVOS, default=0),
        _int("abm", "Anti-ballistic missile (ABM) salvos.", data.MAX_SALVOS, default=0),
        Boolean(name="magnetic_shielding", default=False, description="Magnetic shielding fitted."),
    ),
)
COMPUTERS = Shape(
    "computers",
    (
        Boolean(name="mastercomp", default=True, show_default=True, description="A mastercomp fitted."),
        TextList(
            name="systems",
            max_items=data.MAX_SYSTEM_COMPUTERS,
            checked_by_rules=True,
            description="System computers by name.",
        ),
    ),
)
GUNNERS = Items(
    name="gunners",
    shape=MEMBER,
    max_items=data.MAX_GUNNERS,
    checked_by_rules=True,
    description="The gunners, one mapping each.",
)
CREW = Shape(
    "crew",
    (
        _int("total", "Crew aboard (people) (KH-2).", data.MAX_CREW),
        *(
            Block(name=role, shape=MEMBER, description=f"The {role.replace('_', ' ')}.")
            if role != "gunners"
            else GUNNERS
            for role in data.CREW_ROLES
        ),
    ),
)
MINE_DROP = Shape(
    "minelaying entry",
    (
        Given(
            name="hex",
            required=True,
            value_schema={"type": ["string", "array"]},
            description='The hex, as printed and quoted ("0704"), or [col, row].',
        ),
        _int("level", "Grid level (0 the main grid).", data.MAX_LEVEL, -data.MAX_LEVEL, default=0),
        _int("mines", "Mines laid in the hex.", data.MAX_MINES_PER_HEX, required=True, default=0),
    ),
)

ROLE = Choice(
    name="role",
    required=True,
    options=tuple(data.ROLES),
    what="a role",
    description="Who flies the ship (KH-4): what it may mount follows from it.",
)
HULL_SIZE = _int(
    "hull_size",
    "Hull size (HS), 1 or more (KH-2); the bound is the project's.",
    data.MAX_HULL_SIZE,
    required=True,
    default=0,
)
STRUCTURE_POINTS = _int(
    "structure_points", "Structure points (SP) (KH-3).", data.MAX_STRUCTURE_POINTS, required=True, default=0
)
ADF = _int(
    "adf",
    "Acceleration/deceleration factor (ADF), hexes per turn (KH-1).",
    data.MAX_ADF,
    required=True,
    default=0,
)
MR = _int(
    "mr", "Maneuver rating (MR), facing changes per turn (KH-1).", data.MAX_MR, required=True, default=0
)
VOID_ENGINES = _int("void_engines", "Void (jump) engines.", data.MAX_VOID_ENGINES, required=True, default=0)
WEAPONS = Items(
    name="weapons",
    shape=WEAPON,
    or_text=_WEAPON_CODE,
    max_items=data.MAX_WEAPON_LINES,
    checked_by_rules=True,
    description=f"Weapons (KH-4, KH-7): a code, or {{code, count, ordnance, bay}}. Codes: {', '.join(_CODES)}.",
)
LINKED = Items(
    name="linked",
    shape=LINKED_GROUP,
    max_items=data.MAX_LINKED_GROUPS,
    checked_by_rules=True,
    description="Weapons linked to fire as one group (KH-4).",
)
SENSORS = TextList(
    name="sensors",
    max_items=data.MAX_SENSORS,
    checked_by_rules=True,
    description="Sensors by name (radar, energy sensor...).",
)
MINELAYING = Items(
    name="minelaying",
    shape=MINE_DROP,
    max_items=data.MAX_MINE_DROPS,
    checked_by_rules=True,
    description="A minelaying plan: hexes and the mines laid in each.",
)
CONDITION = Block(name="condition", shape=live.CONDITION, description=live.CONDITION.description)

#: A Knight Hawks 2000 design mapping: the keys :func:`parse_design` reads and
#: :func:`design_schema` describes, with the bounds of :mod:`~sheetgen.games.knighthawks.data`.
DESIGN = Shape(
    "design",
    (
        CONDITION,
        *common_design_keys("knight-hawks-2000"),
        ROLE,
        HULL_SIZE,
        STRUCTURE_POINTS,
        ADF,
        MR,
        VOID_ENGINES,
        WEAPONS,
        LINKED,
        Block(name="defences", shape=DEFENCES, description="Defences (KH-4)."),
        Block(name="computers", shape=COMPUTERS, description="The ship's computers."),
        SENSORS,
        Block(
            name="crew",
            shape=CREW,
            description=f"The crew by station: {', '.join(data.CREW_ROLES)} (a list), and total.",
        ),
        MINELAYING,
    ),
)


def design_schema() -> dict[str, Any]:
    """JSON Schema of one Knight Hawks 2000 design mapping (:data:`DESIGN`), with the bounds
    of :mod:`~sheetgen.games.knighthawks.data` (``MAX_*``) and the weapon codes of its
    weapons list (KH-7)."""
    return DESIGN.schema()


def _items(fields: Fields, key: str, what: str) -> list[tuple[int, Any, Path]]:
    """The items of list ``key`` with their absolute paths (a problem if not a list)."""
    raw = fields.raw(key)
    if raw is None:
        return []
    if not isinstance(raw, list):
        fields.problem(f"'{key}' must be a list of {what}, found {describe(raw)}", fields.at(key))
        return []
    return [(i, item, (*fields.at(key), i)) for i, item in enumerate(raw)]


def _child(
    fields: Fields, item: Any, path: Path, what: str, children: list[Fields], shape: Shape | None = None
) -> Fields | None:
    """``item`` as its own :class:`Fields` (read by ``shape``, joined to ``children``), or a problem."""
    if not isinstance(item, dict):
        fields.problem(f"each {what} must be a mapping of key: value lines, found {describe(item)}", path)
        return None
    child = Fields(item, path, what=what, shape=shape)
    children.append(child)
    return child


def _member(f: Fields, station: str, rel: Path) -> CrewMember:
    keys = MEMBER.key
    return CrewMember(
        station=station,
        name=f.get(keys("name")),
        im=f.get(keys("im")),
        skills=f.get(keys("skills")) or {},
        post=f.get(keys("post")),
        strength=f.get(keys("str")),
        dexterity=f.get(keys("dex")),
        path=rel,
    )


def _crew(fields: Fields, children: list[Fields]) -> tuple[list[CrewMember], int | None]:
    crew_fields = fields.get(DESIGN.key("crew"))
    if crew_fields is None:
        return [], None
    children.append(crew_fields)
    members: list[CrewMember] = []
    total = crew_fields.get(CREW.key("total"))
    for station in data.CREW_ROLES:
        if station == "gunners":
            for i, item, path in _items(crew_fields, GUNNERS.name, "gunners"):
                f = _child(crew_fields, item, path, "gunner", children, MEMBER)
                if f is not None:
                    members.append(_member(f, "gunner", ("crew", "gunners", i)))
            continue
        f = crew_fields.mapping(station, what=station.replace("_", " "), shape=MEMBER)
        if f is not None:
            children.append(f)
            members.append(_member(f, station, ("crew", station)))
    return members, total


def _weapons(fields: Fields, children: list[Fields]) -> list[WeaponEntry]:
    weapons: list[WeaponEntry] = []
    for i, item, path in _items(fields, WEAPONS.name, "weapons"):
        rel: Path = ("weapons", i)
        if isinstance(item, str):
            weapons.append(WeaponEntry(item, 1, path=rel))
            continue
        f = _child(fields, item, path, "weapon", children, WEAPON)
        if f is None:
            continue
        count = f.get(WEAPON.key("count"))
        weapons.append(
            WeaponEntry(
                f.get(WEAPON.key("code")) or "",
                1 if count is None else count,
                ordnance=f.get(WEAPON.key("ordnance")),
                bay=f.get(WEAPON.key("bay")),
                path=rel,
            )
        )
    return weapons


def _linked(fields: Fields, children: list[Fields]) -> list[LinkedGroup]:
    linked: list[LinkedGroup] = []
    for i, item, path in _items(fields, LINKED.name, "linked groups"):
        f = _child(fields, item, path, "linked group", children, LINKED_GROUP)
        if f is None:
            continue
        members: dict[str, int] = {}
        raw = f.get(LINKED_GROUP.key("weapons"))
        if isinstance(raw, dict):
            for code, n in raw.items():
                number = f.check_integer(n, (*f.at("weapons"), code), f"weapons.{code}")
                if number is not None:
                    members[str(code)] = number
        elif raw is not None:
            f.problem(
                f"'weapons' must be a mapping of code: how many, found {describe(raw)}", f.at("weapons")
            )
        name = f.get(LINKED_GROUP.key("name")) or f"group {i + 1}"
        linked.append(LinkedGroup(name, members, ("linked", i)))
    return linked


def _minelaying(fields: Fields, children: list[Fields]) -> list[MineDrop]:
    plan: list[MineDrop] = []
    for i, item, path in _items(fields, MINELAYING.name, "hexes to mine"):
        f = _child(fields, item, path, "minelaying entry", children, MINE_DROP)
        if f is None:
            continue
        written = f.get(MINE_DROP.key("hex"))
        cell = None
        if written is not None:
            try:  # the one hex reader scenarios use too: "0704" as printed, a bare 0704 refused
                cell = parse_hex(written)
            except ValueError as exc:
                f.problem(str(exc), f.at("hex"))
        level = f.get(MINE_DROP.key("level")) or 0
        mines = f.get(MINE_DROP.key("mines")) or 0
        if cell is not None:
            plan.append(MineDrop(hex_label(*cell, width=None), level, mines, ("minelaying", i), cell))
    return plan


def parse_design(fields: Fields) -> Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read) by :data:`DESIGN`.

    Raises :class:`~sheetgen.core.findings.InputError` (via ``fields.done()``) with
    every type problem and unknown key at once, and for a count or size past its bound
    (:func:`~sheetgen.games.knighthawks.rules.bounds`).
    """
    fields.read_by(DESIGN)
    children: list[Fields] = []
    weapons = _weapons(fields, children)
    linked = _linked(fields, children)
    icm = abm = 0
    shielding = False
    defences = fields.get(DESIGN.key("defences"))
    if defences is not None:
        children.append(defences)
        icm = defences.get(DEFENCES.key("icm")) or 0
        abm = defences.get(DEFENCES.key("abm")) or 0
        shielding = bool(defences.get(DEFENCES.key("magnetic_shielding")))
    mastercomp = False
    systems: list[str] = []
    computers = fields.get(DESIGN.key("computers"))
    if computers is not None:
        children.append(computers)
        mastercomp = bool(computers.get(COMPUTERS.key("mastercomp")))
        systems = computers.get(COMPUTERS.key("systems")) or []
    crew, total = _crew(fields, children)
    plan = _minelaying(fields, children)
    design = Design(
        name=fields.get(DESIGN_NAME) or "",
        design_class=fields.get(DESIGN_CLASS),
        role=fields.get(ROLE) or "military",
        hull_size=fields.get(HULL_SIZE) or 0,
        structure_points=fields.get(STRUCTURE_POINTS) or 0,
        adf=fields.get(ADF) or 0,
        mr=fields.get(MR) or 0,
        weapons=weapons,
        linked=linked,
        icm_salvos=icm,
        abm_salvos=abm,
        magnetic_shielding=shielding,
        sensors=fields.get(SENSORS) or [],
        mastercomp=mastercomp,
        system_computers=systems,
        void_engines=fields.get(VOID_ENGINES) or 0,
        crew=crew,
        crew_total=total,
        minelaying=plan,
        notes=fields.get(DESIGN_NOTES),
    )
    block = fields.get(CONDITION)
    design.condition = live.read_condition(block)
    fields.done(*children, block)
    too_big = rules.bounds(design)
    if too_big:  # past what the game and its sheets can use: unusable input (exit status 2)
        raise InputError([replace(f, path=(*fields.path, *f.path)) for f in too_big])
    return design


# --- damage table roll ranges (RULINGS KH-6) -----------------------------------------------


@dataclass(frozen=True)
class TableRow:
    """One line of a damage table: rolls ``low``..``high`` give ``result`` (an id of
    the text's results, or free text on the crew table)."""

    low: int
    high: int
    result: str


@dataclass
class DamageTables:
    """Roll ranges a user supplied, by table id (``starship``, ``critical``, ``crew``),
    plus findings (``KH-6``) about gaps, overlaps and rolls the dice cannot make."""

    rows: dict[str, list[TableRow]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    source: str | None = None


_ROLL = re.compile(r"^\s*(\d{1,3})\s*(?:[-–]\s*(\d{1,3}))?\s*$")


def _norm(words: str) -> str:
    return re.sub(r"[^a-z0-9]", "", words.lower().replace("×", "x"))


def _result_id(text: str, table: str) -> str | None:
    """The result id ``text`` names on ``table`` (by id or name, any case); ``None`` if unknown."""
    key = _norm(text)
    for result in data.DAMAGE_TABLES[table][2]:
        if key in (_norm(result.id), _norm(result.name)):
            return result.id
    return None


def _words(text: str) -> str:
    """``text`` as lower-case words between single spaces, padded: ``" sensor operator 8d10 "``."""
    return " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "


def _against_text(table: str, low: int, high: int, result: str) -> tuple[int, str] | None:
    """The first roll the text gives (:data:`~sheetgen.games.knighthawks.data.TEXT_ROLLS`)
    within ``low``-``high`` on ``table`` that ``result`` contradicts, with the text's result;
    ``None`` when the row agrees with every one. A named result (starship table) must be the
    text's; a free-text one (crew table) must contain the text's words
    (:data:`~sheetgen.games.knighthawks.data.TEXT_ROLL_WORDS`)."""
    words = data.TEXT_ROLL_WORDS.get(table, {})
    for roll, given, _effect in data.TEXT_ROLLS.get(table, ()):
        if not low <= roll <= high:
            continue
        if roll in words:
            said = _words(result)
            if not all(any(_words(w) in said for w in group) for group in words[roll]):
                return roll, given
        elif result != given:
            return roll, given
    return None


#: One row of a damage table: the rolls and what they give.
TABLE_ROW = Shape(
    "table row",
    (
        Text(name="roll", required=True, default="", description="A roll or a range of rolls, as 3-5."),
        Text(
            name="result",
            required=True,
            default="",
            description="What the roll gives: a result the text names.",
        ),
    ),
)
#: A tables file's ``damage_tables:``: rows for each damage table (KH-6).
DAMAGE_TABLE_ROWS = Shape(
    "damage tables",
    tuple(
        Items(name=table_id, shape=TABLE_ROW, description=f"{title} ({dice}): its rows.")
        for table_id, (title, dice, _results) in data.DAMAGE_TABLES.items()
    ),
)
#: A Knight Hawks tables file (``sheetgen card --tables``): damage-table roll ranges.
TABLES_FILE = Shape(
    "tables file",
    (
        Text(name="game", description="The game the tables are for."),
        Text(
            name="source", limit=MAX_PROSE, description="Where the numbers come from (printed on the card)."
        ),
        Block(
            name="damage_tables", required=True, shape=DAMAGE_TABLE_ROWS, description="Roll ranges by table."
        ),
    ),
)


def parse_damage_tables(fields: Fields) -> DamageTables:
    """Read roll ranges for the damage tables from ``fields``::

        source: where the numbers come from        # optional, printed on the card
        damage_tables:
          starship:                                # 2D10
            - {roll: <low>-<high>, result: structure}
          critical:                                # 1D10
            - {roll: <n>, result: bridge destroyed}
          crew:                                    # 1D10, free text
            - {roll: <n>, result: "sensor operator: 8D10"}

    Results on the starship and critical tables must be ones the text names. A row
    for a roll the text gives (:data:`~sheetgen.games.knighthawks.data.TEXT_ROLLS`)
    must give the text's result: starship roll 11 is ``sensors``; crew roll 4 must
    name the sensor operator and 8D10 (or 80, its maximum).
    Raises :class:`~sheetgen.core.findings.InputError` for wrong types and unknown
    keys; rule problems (rolls the dice cannot make, overlaps: errors; gaps:
    warnings) come back as ``KH-6`` findings.
    """
    fields.read_by(TABLES_FILE)
    out = DamageTables()
    fields.get(TABLES_FILE.key("game"))
    out.source = fields.get(TABLES_FILE.key("source"))
    tables = fields.get(TABLES_FILE.key("damage_tables"))
    children: list[Fields] = []
    if tables is not None:
        children.append(tables)
        for table_id, (title, dice, results) in data.DAMAGE_TABLES.items():
            rows: list[TableRow] = []
            spans: list[tuple[int, int]] = []
            for _i, item, path in _items(tables, table_id, "rows"):
                f = _child(tables, item, path, f"{title} row", children, TABLE_ROW)
                if f is None:
                    continue
                roll = f.get(TABLE_ROW.key("roll")) or ""
                result = f.get(TABLE_ROW.key("result")) or ""
                m = _ROLL.match(roll)
                if not m:
                    f.problem(f"'roll' must be a number or a range like 3-5, found {roll!r}", f.at("roll"))
                    continue
                low = int(m.group(1))
                high = int(m.group(2) or m.group(1))
                lo_die, hi_die = data.TABLE_ROLLS[dice]
                if low > high or low < lo_die or high > hi_die:
                    out.findings.append(
                        error(
                            "KH-6", f"{title} rolls {dice}: {lo_die} to {hi_die}; found {roll}", f.at("roll")
                        )
                    )
                    continue
                clash = next(((a, b) for a, b in spans if low <= b and a <= high), None)
                if clash is not None:
                    out.findings.append(
                        error(
                            "KH-6", f"{title}: rolls {roll} overlap rolls {clash[0]}-{clash[1]}", f.at("roll")
                        )
                    )
                    continue
                spans.append((low, high))
                if results:
                    rid = _result_id(result, table_id)
                    if rid is None:
                        names = ", ".join(r.id for r in results)
                        out.findings.append(
                            error(
                                "KH-6",
                                f"{title} has no result {result!r}; its results: {names}",
                                f.at("result"),
                            )
                        )
                        continue
                    result = rid
                given = _against_text(table_id, low, high, result)
                if given is not None:
                    out.findings.append(
                        error(
                            "KH-6",
                            f"{title}: the text gives roll {given[0]} as {given[1]!r}; found {roll} {result!r}",
                            f.at("roll"),
                        )
                    )
                    continue
                rows.append(TableRow(low, high, result))
            if rows:
                lo_die, hi_die = data.TABLE_ROLLS[dice]
                covered = {r for row in rows for r in range(row.low, row.high + 1)}
                covered |= {r for r, _, _ in data.TEXT_ROLLS.get(table_id, ())}
                missing = [r for r in range(lo_die, hi_die + 1) if r not in covered]
                if missing:
                    out.findings.append(
                        warning(
                            "KH-6",
                            f"{title}: no result for {_spans(missing)}",
                            tables.at(table_id),
                        )
                    )
            out.rows[table_id] = sorted(rows, key=lambda r: r.low)
    fields.done(*children)
    return out


def _spans(rolls: list[int]) -> str:
    """``[2, 3, 4, 9]`` as ``"2-4, 9"``."""
    parts: list[str] = []
    start = prev = rolls[0]
    for r in [*rolls[1:], None]:
        if r is not None and r == prev + 1:
            prev = r
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if r is not None:
            start = prev = r
    return ", ".join(parts)


def roll_text(row: TableRow) -> str:
    """``3-5`` or ``11`` for a row."""
    return str(row.low) if row.low == row.high else f"{row.low}–{row.high}"
