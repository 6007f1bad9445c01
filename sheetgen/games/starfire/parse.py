"""Reading a Starfire design mapping from YAML (see the package docstring for its keys).

Types are checked here (``SCHEMA`` problems, exit status 2); rule problems (an
unknown hull, a system string that breaks SF-6) are left to
:func:`sheetgen.games.starfire.rules.check`, so they print with a ruling id.
"""

from __future__ import annotations

import re
from typing import Any

from sheetgen.core.fields import Fields
from sheetgen.core.findings import Finding
from sheetgen.core.shapes import Block, Counts, Given, Integer, Named, Shape
from sheetgen.games.base import DESIGN_CLASS, DESIGN_NAME, DESIGN_NOTES, common_design_keys
from sheetgen.games.starfire import data, live
from sheetgen.games.starfire.notation import parse_system_string
from sheetgen.games.starfire.rules import Design

__all__ = ["DESIGN", "design_schema", "parse_design"]


def _systems_key() -> Given:
    """``systems``: a system string, or a list of its parts; its grammar is read by
    :func:`~sheetgen.games.starfire.notation.parse_system_string` (SF-6)."""
    codes = sorted(data.SYSTEMS, key=len, reverse=True)
    token = "|".join(re.escape(c) for c in codes)
    listing = ", ".join(f"{c} {s.name} ({s.hull_spaces} HS)" for c, s in data.SYSTEMS.items())
    systems_text = {
        "type": "string",
        "pattern": rf"^(?:[\s()+x×*0-9]|{token})*$",
        "patternErrorMessage": "Not a system string: System Chart codes (capitals, Mg and Pt as"
        f" written) and engine rooms in parentheses; codes: {', '.join(data.SYSTEMS)}.",
    }
    return Given(
        name="systems",
        required=True,
        value_schema={
            "anyOf": [
                {**systems_text, "maxLength": data.MAX_SYSTEMS_TEXT},
                {"type": "array", "items": systems_text, "minItems": 1},
            ]
        },
        description="The system string in damage order, engine rooms in parentheses, as"
        " SSAA(I)(I)(I)QLR; repeats as (6xA), Ax6 or 6xA; or a list of its parts. Codes"
        f" (System Chart): {listing}.",
    )


HULL = Named(
    name="hull",
    required=True,
    default="",
    options=tuple(data.HULLS),
    what="a Hull Chart code",
    description="Hull Chart code (SF-1): "
    + ", ".join(f"{h.code} {h.name} ({h.hull_spaces} HS)" for h in data.HULLS.values())
    + ".",
)
SYSTEMS = _systems_key()
SPEED = Integer(
    name="speed",
    minimum=0,
    description="Design speed in movement points (MP) per turn, at most what the hull and"
    " engines give (SF-1); left out, the rules' speed.",
)
TURN_MODE = Integer(
    name="turn_mode",
    minimum=0,
    description="Turn mode (hexes moved between turns); warned when not the hull's (SF-1).",
)
MUNITIONS = Counts(
    name="munitions",
    names=tuple(data.MUNITION_WEAPONS),
    minimum=0,
    maximum=data.MAX_MUNITIONS,
    description="Munitions per launcher (rounds), by weapon code:"
    f" {', '.join(data.MUNITION_WEAPONS)} (SF-9), as {{R: 10}}.",
)
CONDITION = Block(name="condition", shape=live.CONDITION, description=live.CONDITION.description)

#: A Starfire design mapping: the keys :func:`parse_design` reads and :func:`design_schema` describes.
DESIGN = Shape(
    "design",
    (*common_design_keys("starfire"), HULL, SYSTEMS, SPEED, TURN_MODE, CONDITION, MUNITIONS),
)


def design_schema() -> dict[str, Any]:
    """JSON Schema of one Starfire design mapping (:data:`DESIGN`): hulls from the Hull
    Chart, system codes from the System Chart (Solar Starfire Quick Start), munitions for
    the launchers that use them (SF-9)."""
    return DESIGN.schema()


def parse_design(fields: Fields) -> Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read).

    ``systems`` is one system string or a list of its parts (joined; findings
    in a list's string point at the list, as its items' positions cannot be
    mapped into one string). Raises :class:`~sheetgen.core.findings.InputError`
    (via ``fields.done()``) with every type problem and unknown key at once.
    """
    fields.read_by(DESIGN)
    name = fields.get(DESIGN_NAME) or ""
    hull = (fields.get(HULL) or "").strip().upper()
    systems_text = ""
    raw = fields.get(SYSTEMS)
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
        design_class=fields.get(DESIGN_CLASS),
        speed=fields.get(SPEED),
        turn_mode=fields.get(TURN_MODE),
        munitions=fields.get(MUNITIONS) or {},
        notes=fields.get(DESIGN_NOTES),
    )
    block = fields.get(CONDITION)
    design.condition = live.read_condition(block)
    fields.done(block)
    return design
