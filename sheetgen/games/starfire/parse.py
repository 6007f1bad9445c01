"""Reading a Starfire design mapping from YAML (see the package docstring for its keys).

Types are checked here (``SCHEMA`` problems, exit status 2); rule problems (an
unknown hull, a system string that breaks SF-6) are left to
:func:`sheetgen.games.starfire.rules.check`, so they print with a ruling id.
"""

from __future__ import annotations

import re
from typing import Any

from sheetgen.core.fields import MAX_PROSE, Fields, choice_schema
from sheetgen.core.findings import Finding
from sheetgen.games.base import common_design_keys
from sheetgen.games.starfire import data, live
from sheetgen.games.starfire.notation import parse_system_string
from sheetgen.games.starfire.rules import Design

__all__ = ["design_schema", "parse_design"]


def design_schema() -> dict[str, Any]:
    """JSON Schema of one Starfire design mapping (the keys :func:`parse_design` reads):
    hulls from the Hull Chart, system codes from the System Chart (seed 001), munitions
    for the launchers that use them (SF-9)."""
    codes = sorted(data.SYSTEMS, key=len, reverse=True)
    token = "|".join(re.escape(c) for c in codes)
    systems_pattern = rf"^(?:[\s()+x×*0-9]|{token})*$"
    listing = ", ".join(f"{c} {s.name} ({s.hull_spaces} HS)" for c, s in data.SYSTEMS.items())
    hulls = ", ".join(f"{h.code} {h.name} ({h.hull_spaces} HS)" for h in data.HULLS.values())
    systems_text = {
        "type": "string",
        "pattern": systems_pattern,
        "patternErrorMessage": "Not a system string: System Chart codes (capitals, Mg and Pt as"
        f" written) and engine rooms in parentheses; codes: {', '.join(data.SYSTEMS)}.",
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "hull", "systems"],
        "properties": {
            **common_design_keys("starfire"),
            "hull": choice_schema(data.HULLS, f"Hull Chart code (SF-1): {hulls}.", what="a Hull Chart code"),
            "systems": {
                "anyOf": [systems_text, {"type": "array", "items": systems_text, "minItems": 1}],
                "description": "The system string in damage order, engine rooms in parentheses, as"
                " SSAA(I)(I)(I)QLR; repeats as (6xA), Ax6 or 6xA; or a list of its parts. Codes"
                f" (System Chart): {listing}.",
            },
            "speed": {
                "type": "integer",
                "minimum": 0,
                "description": "Design speed in movement points (MP) per turn, at most what the hull and"
                " engines give (SF-1); left out, the rules' speed.",
            },
            "turn_mode": {
                "type": "integer",
                "minimum": 0,
                "description": "Turn mode (hexes moved between turns); warned when not the hull's (SF-1).",
            },
            "condition": live.CONDITION_SCHEMA,
            "munitions": {
                "type": "object",
                "propertyNames": {"enum": list(data.MUNITION_WEAPONS)},
                "additionalProperties": {"type": "integer", "minimum": 0, "maximum": data.MAX_MUNITIONS},
                "description": "Munitions per launcher (rounds), by weapon code:"
                f" {', '.join(data.MUNITION_WEAPONS)} (SF-9), as {{R: 10}}.",
            },
        },
    }


def parse_design(fields: Fields) -> Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read).

    ``systems`` is one system string or a list of its parts (joined; findings
    in a list's string point at the list, as its items' positions cannot be
    mapped into one string). Raises :class:`~sheetgen.core.findings.InputError`
    (via ``fields.done()``) with every type problem and unknown key at once.
    """
    name = fields.text("name", "", required=True) or ""
    hull = (fields.text("hull", "", required=True) or "").strip().upper()
    systems_text = ""
    raw = fields.raw("systems", required=True)
    if isinstance(raw, list):
        parts = fields.text_list("systems") or []
        systems_text = "".join(parts)
        # positions of list items cannot be mapped into one string; point at the list
        parsed = parse_system_string(systems_text)
        parsed.findings = [Finding(f.rule, f.severity, f.message, ()) for f in parsed.findings]
    else:
        systems_text = fields.text("systems", "", limit=data.MAX_SYSTEMS_TEXT) or ""
        parsed = parse_system_string(systems_text)
    design = Design(
        name=name,
        hull=hull,
        systems=parsed,
        systems_text=systems_text,
        design_class=fields.text("class"),
        speed=fields.integer("speed", minimum=0),
        turn_mode=fields.integer("turn_mode", minimum=0),
        munitions=fields.counts("munitions", minimum=0, maximum=data.MAX_MUNITIONS),
        notes=fields.text("notes", limit=MAX_PROSE),
    )
    block = fields.mapping("condition")
    design.condition = live.read_condition(block)
    fields.done(block)
    return design
