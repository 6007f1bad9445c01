"""Reading a stand-in design: its ``number`` (ST-1), as every game reads its own in its
``parse`` module."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheetgen.core.fields import Fields
from sheetgen.games.base import common_design_keys

__all__ = ["StandInDesign", "design_schema", "parse_design"]

#: A design without a number has this one (ST-1).
DEFAULT_NUMBER = 5


@dataclass
class StandInDesign:
    name: str
    number: int
    design_class: str | None = None
    notes: str | None = None
    count: int = 1


def parse_design(fields: Fields) -> StandInDesign:
    """The design in ``fields``; a number below 1 is read as written, for the check to
    refuse (ST-1)."""
    name = fields.text("name", required=True) or ""
    number = fields.integer("number", DEFAULT_NUMBER)
    number = DEFAULT_NUMBER if number is None else number
    design = StandInDesign(name, number, fields.text("class"), fields.text("notes"))
    fields.done()
    return design


def design_schema() -> dict[str, Any]:
    """JSON Schema of one stand-in design mapping (the keys :func:`parse_design` reads)."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["name"],
        "properties": {
            **common_design_keys("stand-in"),
            "number": {
                "type": "integer",
                "default": DEFAULT_NUMBER,
                "description": "The ship's number, at least 1 (ST-1).",
            },
        },
    }
