"""Reading a stand-in design: its ``number`` (ST-1), as every game reads its own in its
``parse`` module: one :class:`~sheetgen.core.shapes.Shape` gives both the reader and the
JSON Schema."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheetgen.core.fields import Fields
from sheetgen.core.shapes import Integer, Shape
from sheetgen.games.base import DESIGN_CLASS, DESIGN_NAME, DESIGN_NOTES, common_design_keys

__all__ = ["DESIGN", "StandInDesign", "design_schema", "parse_design"]

#: A design without a number has this one (ST-1).
DEFAULT_NUMBER = 5

NUMBER = Integer(
    name="number",
    default=DEFAULT_NUMBER,
    show_default=True,
    description="The ship's number, at least 1 (ST-1).",
)

#: A stand-in design mapping: the keys :func:`parse_design` reads.
DESIGN = Shape("design", (*common_design_keys("stand-in"), NUMBER))


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
    fields.read_by(DESIGN)
    number = fields.get(NUMBER)
    design = StandInDesign(
        fields.get(DESIGN_NAME) or "",
        DEFAULT_NUMBER if number is None else number,
        fields.get(DESIGN_CLASS),
        fields.get(DESIGN_NOTES),
    )
    fields.done()
    return design


def design_schema() -> dict[str, Any]:
    """JSON Schema of one stand-in design mapping (:data:`DESIGN`)."""
    return DESIGN.schema()
