"""Closed sets of values are types, not free text: the orientation, the numbering corner
(origin), the hex numbering, the map style, the paper, the duplex and cut modes and the page
formats are ``Literal`` or ``Enum`` types in the signatures that take them, so a typo
(``"pointed"``, ``"A4 "``) is a type error under ``mypy --strict`` (tests/test_quality.py)
rather than another map. Each set's values are listed once, from its type."""

from __future__ import annotations

import enum
import inspect
import sys
import types
import typing
from typing import Any, Literal, get_args, get_origin

import pytest

from sheetgen import hexgrid, kit
from sheetgen.core import hexlabel, units
from sheetgen.draw import PageFormat
from sheetgen.layout import maps
from sheetgen.layout.counters import CutMarks, Duplex, SheetSpec
from sheetgen.layout.maps import plan
from sheetgen.render import counters as render_counters
from sheetgen.render import maps as render_maps
from sheetgen.scenarios import scenario, terrain

ORIENTATION = {"flat", "pointy"}
ORIGIN = {"ul", "ll"}
NUMBERING = {"xxyy", "xx.yy", "letters", "none"}
STYLE = {"plain", "starfield"}
PAPER = {"letter", "a4", "a3", "legal", "tabloid"}


def _values(annotation: Any) -> set[str]:
    """The values a ``Literal`` (or a union of them) or an ``Enum`` allows; fails on ``str``."""
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return {member.value for member in annotation}
    if get_origin(annotation) is Literal:
        return set(get_args(annotation))
    if get_origin(annotation) in (typing.Union, types.UnionType):
        return set().union(*(_values(arg) for arg in get_args(annotation) if arg is not type(None)))
    raise AssertionError(f"{annotation!r} is not a closed set")


def _hint(where: Any, name: str) -> Any:
    """The annotation of parameter (or field) ``name`` of ``where``, evaluated alone: the
    modules name some types only for the type checker."""
    annotation = inspect.signature(where).parameters[name].annotation
    if not isinstance(annotation, str):
        return annotation
    names = {**vars(sys.modules[where.__module__]), "PageFormat": PageFormat, "Paper": units.Paper}
    return eval(annotation, names)


CASES = [
    (maps.MapOptions, "orientation", ORIENTATION),
    (maps.MapOptions, "origin", ORIGIN),
    (maps.MapOptions, "numbering", NUMBERING),
    (maps.MapOptions, "style", STYLE),
    (maps.MapOptions, "paper", PAPER | {"fit"}),
    (scenario.MapSpec, "orientation", ORIENTATION),
    (scenario.MapSpec, "origin", ORIGIN),
    (scenario.MapSpec, "style", STYLE),
    (hexgrid.OffsetGrid, "orientation", ORIENTATION),
    (hexgrid.OffsetGrid, "origin", ORIGIN),
    (hexgrid.direction_names, "orientation", ORIENTATION),
    (hexgrid.to_offset, "shifted", {"odd", "even"}),
    (hexlabel.hex_label, "numbering", NUMBERING),
    (plan.one_page, "orientation", ORIENTATION),
    (plan.one_page, "paper", PAPER),
    (maps.Grid.__init__, "origin", ORIGIN),
    (SheetSpec, "paper", PAPER),
    (SheetSpec, "duplex", {"long", "short", "none"}),
    (kit.CounterOptions, "duplex", {"long", "short", "none"}),
    (kit.CounterOptions, "cut", {"lines", "crop"}),
    (kit.build_kit, "paper", PAPER),
    (render_maps.map_files, "fmt", {"pdf", "svg"}),
    (render_counters.counter_files, "fmt", {"pdf", "svg"}),
]


@pytest.mark.parametrize(("where", "name", "values"), CASES, ids=lambda c: getattr(c, "__qualname__", None))
def test_a_closed_set_is_a_type(where: Any, name: str, values: set[str]) -> None:
    assert _values(_hint(where, name)) == values


def test_each_set_is_listed_once_from_its_type() -> None:
    assert hexgrid.ORIENTATIONS == get_args(hexgrid.Orientation) == maps.ORIENTATIONS
    assert hexgrid.ORIGINS == get_args(hexgrid.Origin) == maps.ORIGINS
    assert hexlabel.NUMBERINGS == get_args(hexlabel.Numbering) == maps.NUMBERINGS
    assert terrain.STYLES == get_args(terrain.Style) == maps.STYLES
    assert units.PAPERS == get_args(units.Paper) == tuple(units.PAPER_SIZES)
    assert (*units.PAPERS, "fit") == maps.MAP_PAPERS
    assert {m.value for m in Duplex} == {"long", "short", "none"} and {m.value for m in CutMarks} == {
        "lines",
        "crop",
    }


def test_a_paper_is_read_into_its_type() -> None:
    assert units.read_paper(" A4 ") == "a4"
    with pytest.raises(ValueError, match="unknown paper 'a5'"):
        units.read_paper("a5")
