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

from sheetgen.core.fields import MAX_PROSE, Fields, choice_schema, describe
from sheetgen.core.findings import Finding, InputError, Path, error, warning
from sheetgen.core.hexlabel import hex_label, parse_hex
from sheetgen.games.base import common_design_keys
from sheetgen.games.knighthawks import data, live, rules
from sheetgen.games.knighthawks.rules import CrewMember, Design, LinkedGroup, MineDrop, WeaponEntry

__all__ = ["DamageTables", "TableRow", "design_schema", "parse_damage_tables", "parse_design", "roll_text"]


def _int(description: str, maximum: int | None = None, minimum: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer", "minimum": minimum, "description": description}
    if maximum is not None:
        out["maximum"] = maximum
    return out


def design_schema() -> dict[str, Any]:
    """JSON Schema of one Knight Hawks 2000 design mapping (the keys :func:`parse_design`
    reads), with the bounds of :mod:`~sheetgen.games.knighthawks.data` (``MAX_*``) and the
    weapon codes of its weapons list (KH-7)."""
    codes = list(data.WEAPONS)
    member: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "name": {"type": ["string", "number"], "description": "The crew member's name."},
            "im": _int("Initiative modifier (IM).", data.MAX_IM),
            "skills": {
                "type": "object",
                "maxProperties": data.MAX_SKILLS,
                "additionalProperties": _int("Skill level.", data.MAX_SKILL_LEVEL),
                "description": "Skills by name: level.",
            },
            "post": {"type": ["string", "number"], "description": "The post held aboard."},
            "str": _int("Strength (STR).", data.MAX_ABILITY),
            "dex": _int("Dexterity (DEX).", data.MAX_ABILITY),
        },
    }
    weapon_code = {"type": "string", "enum": codes, "description": "A code of the weapons list (KH-7)."}
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "role", "hull_size", "structure_points", "adf", "mr", "void_engines"],
        "properties": {
            "condition": live.CONDITION_SCHEMA,
            **common_design_keys("knight-hawks-2000"),
            "role": choice_schema(
                data.ROLES, "Who flies the ship (KH-4): what it may mount follows from it.", what="a role"
            ),
            "hull_size": _int(
                "Hull size (HS), 1 or more (KH-2); the bound is the project's.", data.MAX_HULL_SIZE
            ),
            "structure_points": _int("Structure points (SP) (KH-3).", data.MAX_STRUCTURE_POINTS),
            "adf": _int("Acceleration/deceleration factor (ADF), hexes per turn (KH-1).", data.MAX_ADF),
            "mr": _int("Maneuver rating (MR), facing changes per turn (KH-1).", data.MAX_MR),
            "void_engines": _int("Void (jump) engines.", data.MAX_VOID_ENGINES),
            "weapons": {
                "type": "array",
                "maxItems": data.MAX_WEAPON_LINES,
                "items": {
                    "anyOf": [
                        weapon_code,
                        {
                            "type": "object",
                            "additionalProperties": False,
                            "required": ["code"],
                            "properties": {
                                "code": weapon_code,
                                "count": _int("How many of this weapon.", data.MAX_WEAPONS),
                                "ordnance": _int(
                                    "Rounds carried (missiles, torpedoes, mines).", data.MAX_ORDNANCE
                                ),
                                "bay": {"type": ["string", "number"], "description": "The bay it sits in."},
                            },
                        },
                    ]
                },
                "description": f"Weapons (KH-4, KH-7): a code, or {{code, count, ordnance, bay}}. Codes: {', '.join(codes)}.",
            },
            "linked": {
                "type": "array",
                "maxItems": data.MAX_LINKED_GROUPS,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["weapons"],
                    "properties": {
                        "name": {"type": ["string", "number"], "description": "The group's name."},
                        "weapons": {
                            "type": "object",
                            "propertyNames": {"enum": codes},
                            "additionalProperties": {"type": "integer"},
                            "description": "Weapon code: how many fire together.",
                        },
                    },
                },
                "description": "Weapons linked to fire as one group (KH-4).",
            },
            "defences": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "icm": _int("Interceptor missile (ICM) salvos.", data.MAX_SALVOS),
                    "abm": _int("Anti-ballistic missile (ABM) salvos.", data.MAX_SALVOS),
                    "magnetic_shielding": {"type": "boolean", "description": "Magnetic shielding fitted."},
                },
                "description": "Defences (KH-4).",
            },
            "computers": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "mastercomp": {"type": "boolean", "default": True, "description": "A mastercomp fitted."},
                    "systems": {
                        "type": ["array", "string"],
                        "maxItems": data.MAX_SYSTEM_COMPUTERS,
                        "items": {"type": ["string", "number"]},
                        "description": "System computers by name.",
                    },
                },
                "description": "The ship's computers.",
            },
            "sensors": {
                "type": ["array", "string"],
                "maxItems": data.MAX_SENSORS,
                "items": {"type": ["string", "number"]},
                "description": "Sensors by name (radar, energy sensor...).",
            },
            "crew": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "total": _int("Crew aboard (people) (KH-2).", data.MAX_CREW),
                    **{
                        role: {**member, "description": f"The {role.replace('_', ' ')}."}
                        for role in data.CREW_ROLES
                        if role != "gunners"
                    },
                    "gunners": {
                        "type": "array",
                        "maxItems": data.MAX_GUNNERS,
                        "items": member,
                        "description": "The gunners, one mapping each.",
                    },
                },
                "description": f"The crew by station: {', '.join(data.CREW_ROLES)} (a list), and total.",
            },
            "minelaying": {
                "type": "array",
                "maxItems": data.MAX_MINE_DROPS,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["hex", "mines"],
                    "properties": {
                        "hex": {
                            "type": ["string", "array"],
                            "description": 'The hex, as printed and quoted ("0704"), or [col, row].',
                        },
                        "level": _int("Grid level (0 the main grid).", data.MAX_LEVEL, -data.MAX_LEVEL),
                        "mines": _int("Mines laid in the hex.", data.MAX_MINES_PER_HEX),
                    },
                },
                "description": "A minelaying plan: hexes and the mines laid in each.",
            },
        },
    }


def _items(fields: Fields, key: str, what: str) -> list[tuple[int, Any, Path]]:
    """The items of list ``key`` with their absolute paths (a problem if not a list)."""
    raw = fields.raw(key)
    if raw is None:
        return []
    if not isinstance(raw, list):
        fields.problem(f"'{key}' must be a list of {what}, found {describe(raw)}", fields.at(key))
        return []
    return [(i, item, (*fields.at(key), i)) for i, item in enumerate(raw)]


def _child(fields: Fields, item: Any, path: Path, what: str, children: list[Fields]) -> Fields | None:
    """``item`` as its own :class:`Fields` (joined to ``children``), or a problem."""
    if not isinstance(item, dict):
        fields.problem(f"each {what} must be a mapping of key: value lines, found {describe(item)}", path)
        return None
    child = Fields(item, path, what=what)
    children.append(child)
    return child


def _member(f: Fields, station: str, rel: Path) -> CrewMember:
    return CrewMember(
        station=station,
        name=f.text("name"),
        im=f.integer("im"),
        skills=f.counts("skills", minimum=0),
        post=f.text("post"),
        strength=f.integer("str", minimum=0),
        dexterity=f.integer("dex", minimum=0),
        path=rel,
    )


def _crew(fields: Fields, children: list[Fields]) -> tuple[list[CrewMember], int | None]:
    crew_fields = fields.mapping("crew", what="crew")
    if crew_fields is None:
        return [], None
    children.append(crew_fields)
    members: list[CrewMember] = []
    total = crew_fields.integer("total")
    for station in data.CREW_ROLES:
        if station == "gunners":
            for i, item, path in _items(crew_fields, "gunners", "gunners"):
                f = _child(crew_fields, item, path, "gunner", children)
                if f is not None:
                    members.append(_member(f, "gunner", ("crew", "gunners", i)))
            continue
        f = crew_fields.mapping(station, what=station.replace("_", " "))
        if f is not None:
            children.append(f)
            members.append(_member(f, station, ("crew", station)))
    return members, total


def parse_design(fields: Fields) -> Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read).

    Raises :class:`~sheetgen.core.findings.InputError` (via ``fields.done()``) with
    every type problem and unknown key at once.
    """
    children: list[Fields] = []
    weapons: list[WeaponEntry] = []
    for i, item, path in _items(fields, "weapons", "weapons"):
        rel: Path = ("weapons", i)
        if isinstance(item, str):
            weapons.append(WeaponEntry(item, 1, path=rel))
            continue
        f = _child(fields, item, path, "weapon", children)
        if f is None:
            continue
        code = f.text("code", "", required=True) or ""
        count = f.integer("count", 1)
        weapons.append(
            WeaponEntry(
                code,
                1 if count is None else count,
                ordnance=f.integer("ordnance"),
                bay=f.text("bay"),
                path=rel,
            )
        )
    linked: list[LinkedGroup] = []
    for i, item, path in _items(fields, "linked", "linked groups"):
        f = _child(fields, item, path, "linked group", children)
        if f is None:
            continue
        members: dict[str, int] = {}
        raw = f.raw("weapons", required=True)
        if isinstance(raw, dict):
            for code, n in raw.items():
                number = f.check_integer(n, (*f.at("weapons"), code), f"weapons.{code}")
                if number is not None:
                    members[str(code)] = number
        elif raw is not None:
            f.problem(
                f"'weapons' must be a mapping of code: how many, found {describe(raw)}", f.at("weapons")
            )
        linked.append(
            LinkedGroup(f.text("name", f"group {i + 1}") or f"group {i + 1}", members, ("linked", i))
        )
    icm = abm = 0
    shielding = False
    defences = fields.mapping("defences", what="defences")
    if defences is not None:
        children.append(defences)
        icm = defences.integer("icm", 0) or 0
        abm = defences.integer("abm", 0) or 0
        shielding = defences.boolean("magnetic_shielding", False)
    mastercomp = False
    systems: list[str] = []
    computers = fields.mapping("computers", what="computers")
    if computers is not None:
        children.append(computers)
        mastercomp = computers.boolean("mastercomp", True)
        systems = computers.text_list("systems") or []
    crew, total = _crew(fields, children)
    plan: list[MineDrop] = []
    for i, item, path in _items(fields, "minelaying", "hexes to mine"):
        f = _child(fields, item, path, "minelaying entry", children)
        if f is None:
            continue
        written = f.raw("hex", None, required=True)
        cell = None
        if written is not None:
            try:  # the one hex reader scenarios use too: "0704" as printed, a bare 0704 refused
                cell = parse_hex(written)
            except ValueError as exc:
                f.problem(str(exc), f.at("hex"))
        level = f.integer("level", 0) or 0
        mines = f.integer("mines", 0, required=True) or 0
        if cell is not None:
            plan.append(MineDrop(hex_label(*cell, width=None), level, mines, ("minelaying", i), cell))
    design = Design(
        name=fields.text("name", "", required=True) or "",
        design_class=fields.text("class"),
        role=fields.choice("role", data.ROLES, required=True) or "military",
        hull_size=fields.integer("hull_size", 0, required=True) or 0,
        structure_points=fields.integer("structure_points", 0, required=True) or 0,
        adf=fields.integer("adf", 0, required=True) or 0,
        mr=fields.integer("mr", 0, required=True) or 0,
        weapons=weapons,
        linked=linked,
        icm_salvos=icm,
        abm_salvos=abm,
        magnetic_shielding=shielding,
        sensors=fields.text_list("sensors") or [],
        mastercomp=mastercomp,
        system_computers=systems,
        void_engines=fields.integer("void_engines", 0, required=True) or 0,
        crew=crew,
        crew_total=total,
        minelaying=plan,
        notes=fields.text("notes", limit=MAX_PROSE),
    )
    block = fields.mapping("condition")
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
    out = DamageTables()
    fields.text("game")
    out.source = fields.text("source", limit=MAX_PROSE)
    tables = fields.mapping("damage_tables", required=True, what="damage tables")
    children: list[Fields] = []
    if tables is not None:
        children.append(tables)
        for table_id, (title, dice, results) in data.DAMAGE_TABLES.items():
            rows: list[TableRow] = []
            spans: list[tuple[int, int]] = []
            for _i, item, path in _items(tables, table_id, "rows"):
                f = _child(tables, item, path, f"{title} row", children)
                if f is None:
                    continue
                roll = f.text("roll", "", required=True) or ""
                result = f.text("result", "", required=True) or ""
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
