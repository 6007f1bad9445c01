"""Reading a Kill Radius design mapping from YAML (see the package docstring for its keys).

Types are checked here (``SCHEMA`` problems, exit status 2): the Number and
fighters must be whole numbers written with digits only (``6``; ``6.0`` is refused, as
every whole number is). Values of the right type
that the rules refuse (a Number outside 1 to 10, a negative fighter count, a
``carrier:`` against the text's list) are left to
:func:`sheetgen.games.killradius.rules.check`, so they print with a ruling id.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.fields import MAX_PROSE, Fields
from sheetgen.games.base import common_design_keys
from sheetgen.games.killradius import data, live
from sheetgen.games.killradius.rules import Design

__all__ = ["design_schema", "parse_design"]


def design_schema() -> dict[str, Any]:
    """JSON Schema of one Kill Radius design mapping (the keys :func:`parse_design` reads);
    the text's ship types (seed 000, Numbers & Ship Types) are listed, a free name allowed."""
    types = ", ".join(f"{t.name} ({t.number}{'*' if t.carrier else ''})" for t in data.SHIP_TYPES)
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["name", "type", "number"],
        "properties": {
            "condition": live.CONDITION_SCHEMA,
            **common_design_keys("kill-radius"),
            "type": {
                "type": "string",
                "minLength": 1,
                "examples": [t.name for t in data.SHIP_TYPES],
                "description": "Ship type: one of the text's (Number, * a carrier) or a name of your own"
                f" (KR-1): {types}.",
            },
            "number": {
                "type": "integer",
                "minimum": data.MIN_NUMBER,
                "maximum": data.MAX_NUMBER,
                "description": f"The ship's Number, {data.MIN_NUMBER} to {data.MAX_NUMBER} (KR-1):"
                " its size and strength in one figure.",
            },
            "carrier": {
                "type": "boolean",
                "description": "Whether a type of your own is a carrier (KR-1, KR-5); the text's"
                " starred types are carriers already.",
            },
            "fighters": {
                "type": "integer",
                "description": "Fighters a carrier holds (fighter counters); left out, the rules' number (KR-5).",
            },
        },
    }


def parse_design(fields: Fields) -> Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read).

    Raises :class:`~sheetgen.core.findings.InputError` (via ``fields.done()``) with
    every type problem and unknown key at once: a missing ``name``, ``type`` or
    ``number``, an empty ``type``, a Number or fighter count that is not a whole
    number, a ``carrier:`` that is not true or false.
    """
    name = fields.text("name", "", required=True) or ""
    ship_type = (fields.text("type", "", required=True) or "").strip()
    if fields.has("type") and not ship_type and isinstance(fields.data.get("type"), str):
        fields.problem("'type' is empty: name one of the text's ship types or your own", fields.at("type"))
    carrier = fields.boolean("carrier") if fields.has("carrier") else None
    design = Design(
        name=name,
        ship_type=ship_type,
        number=fields.integer("number", 0, required=True) or 0,
        design_class=fields.text("class"),
        carrier=carrier,
        fighters=fields.integer("fighters"),
        notes=fields.text("notes", limit=MAX_PROSE),
    )
    block = fields.mapping("condition")
    design.condition = live.read_condition(block)
    fields.done(block)
    return design
