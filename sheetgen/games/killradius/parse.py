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

from sheetgen.core.fields import Fields
from sheetgen.core.shapes import Block, Boolean, Integer, Named, Shape
from sheetgen.games.base import DESIGN_CLASS, DESIGN_NAME, DESIGN_NOTES, common_design_keys
from sheetgen.games.killradius import data, live
from sheetgen.games.killradius.rules import Design

__all__ = ["DESIGN", "design_schema", "parse_design"]


SHIP_TYPE = Named(
    name="type",
    required=True,
    default="",
    options=tuple(t.name for t in data.SHIP_TYPES),
    what="a ship type",
    description="Ship type: one of the text's (Number, * a carrier) or a name of your own (KR-1): "
    + ", ".join(f"{t.name} ({t.number}{'*' if t.carrier else ''})" for t in data.SHIP_TYPES)
    + ".",
    free=True,
)
NUMBER = Integer(
    name="number",
    required=True,
    default=0,
    minimum=data.MIN_NUMBER,
    maximum=data.MAX_NUMBER,
    description=f"The ship's Number, {data.MIN_NUMBER} to {data.MAX_NUMBER} (KR-1):"
    " its size and strength in one figure.",
    checked_by_rules=True,
)
CARRIER = Boolean(
    name="carrier",
    description="Whether a type of your own is a carrier (KR-1, KR-5); the text's"
    " starred types are carriers already.",
)
FIGHTERS = Integer(
    name="fighters",
    description="Fighters a carrier holds (fighter counters); left out, the rules' number (KR-5).",
)
CONDITION = Block(name="condition", shape=live.CONDITION, description=live.CONDITION.description)

#: A Kill Radius design mapping: the keys :func:`parse_design` reads and :func:`design_schema` describes.
DESIGN = Shape(
    "design", (CONDITION, *common_design_keys("kill-radius"), SHIP_TYPE, NUMBER, CARRIER, FIGHTERS)
)


def design_schema() -> dict[str, Any]:
    """JSON Schema of one Kill Radius design mapping (:data:`DESIGN`); the text's ship types
    (Kill Radius, Numbers & Ship Types) are listed, a free name allowed."""
    return DESIGN.schema()


def parse_design(fields: Fields) -> Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read).

    Raises :class:`~sheetgen.core.findings.InputError` (via ``fields.done()``) with
    every type problem and unknown key at once: a missing ``name``, ``type`` or
    ``number``, an empty ``type``, a Number or fighter count that is not a whole
    number, a ``carrier:`` that is not true or false.
    """
    fields.read_by(DESIGN)
    name = fields.get(DESIGN_NAME) or ""
    ship_type = (fields.get(SHIP_TYPE) or "").strip()
    if fields.has("type") and not ship_type and isinstance(fields.data.get("type"), str):
        fields.problem("'type' is empty: name one of the text's ship types or your own", fields.at("type"))
    design = Design(
        name=name,
        ship_type=ship_type,
        number=fields.get(NUMBER) or 0,
        design_class=fields.get(DESIGN_CLASS),
        carrier=fields.get(CARRIER),
        fighters=fields.get(FIGHTERS),
        notes=fields.get(DESIGN_NOTES),
    )
    block = fields.get(CONDITION)
    design.condition = live.read_condition(block)
    fields.done(block)
    return design
