"""Counter sheets: die-cut counters for ships and markers, fronts and backs.

Pure layout, no writer: :func:`layout_counter_sheets` places :class:`Counter` items on
pages of :mod:`sheetgen.draw` primitives (pt, origin top-left, y down), which
:mod:`sheetgen.draw.pdf` and :mod:`sheetgen.draw.svg` print unchanged.

The package, by concern:

* :mod:`~sheetgen.layout.counters.build`: the counters (:class:`Counter`,
  :class:`MarkerFace`, :func:`ship_counters` ...), counter sizes for a hex,
  :class:`CounterError` and the limits of one run;
* :mod:`~sheetgen.layout.counters.modes`: :class:`Duplex` and :class:`CutMarks`, how a sheet is printed and cut;
* :mod:`~sheetgen.layout.counters.paper`: margins, :class:`SheetSpec`, the grid
  of cells and :func:`kit_counter_size`;
* :mod:`~sheetgen.layout.counters.faces`: what each face shows;
* :mod:`~sheetgen.layout.counters.marks`: cut, crop and registration marks,
  the fold line, the caption and the scale bar;
* :mod:`~sheetgen.layout.counters.counter_sheets`: :func:`layout_counter_sheets`.

The names below are importable from the package itself; only :class:`Duplex`
and :class:`CutMarks` are loaded with it, the rest on first use, so that the
command line can name the modes without loading the layout.

Geometry (all lengths in pt, 1/72 in):

* A counter is a square of edge ``size``: the cut line. Its background colour
  runs ``bleed`` beyond that edge; neighbours stand ``gutter`` apart, edge to
  edge (``gutter`` is at least ``2 * bleed`` so bleeds never overlap). Text and
  arrows keep an inset of 6-8 % of ``size`` from the edge.
* The block of counters is centred on the page inside :data:`MARGIN`, so the
  grid is symmetric and a mirrored back lands on a cell of the same grid.
* Duplex ``long``: the sheet turns over about its long (vertical) edge; the
  back of the counter in column ``c``, row ``r`` is drawn upright in column
  ``cols - 1 - c``, row ``r`` of the following (back) page.
* Duplex ``short``: the sheet turns over about its short edge; the back is in
  column ``c``, row ``rows - 1 - r``, drawn turned by 180 degrees, so that a cut
  counter turned over side to side (about its facing arrow) shows its back
  upright with the arrow on the same edge, as in ``long``.
* Duplex ``none`` (one-sided printers): fold and glue. Fronts fill the left
  half of each page and backs the right half, mirrored about the dash-dotted
  fold line at the page's centre.
* ``back_offset`` ``(dx, dy)`` shifts everything on back pages but the caption
  (x right, y down, as the back page is seen) to undo a printer's
  misregistration; registration marks sit at the page corners on both sides.
* No ink comes within :data:`EDGE` (1/4 in) of the paper's edge, on fronts or
  backs: the margin holds the caption (shrunk, then its title cut short with an
  ellipsis, to fit between the registration marks), the scale bar, crop marks
  and the marks; a back offset may not carry the backs nearer the edge, and a
  registration mark it would carry there is left out on that back. A back page
  whose block is moved up into the caption's room takes its caption in the
  bottom margin instead, and one moved down onto the scale bar goes without it
  (the fronts have one).
* Cut marks go on fronts only, so a misregistered back never shows a stray
  line: ``lines`` strokes every cut path once (shared edges drawn once when
  counters touch); ``crop`` puts short marks in the margins, clear of the art
  and its bleed, in line with every cut.

Faces: a ship's front (:class:`~sheetgen.games.base.CounterFace`) shows a
facing arrow pointing at the counter's top edge, the name (shrunk to fit, in
two lines when that prints it larger; never wider than the counter) and the
game's key numbers; its back the reduced state with its banner, or the side's
emblem. Markers (:class:`~sheetgen.games.base.Marker`) show their label,
caption and running number.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from sheetgen.layout.counters.modes import CutMarks, Duplex

if TYPE_CHECKING:
    from sheetgen.layout.counters.build import (
        DEFAULT_COLOURS,
        DEFAULT_SIZE,
        MAX_COPIES,
        MAX_COUNTERS,
        MAX_SHEETS,
        NEUTRAL,
        STANDARD_SIZES,
        Counter,
        CounterError,
        MarkerFace,
        counter_size_for_hex,
        fleet_counters,
        fleet_side_stats,
        format_size,
        largest_counter_for_hex,
        marker_counters,
        marker_fill,
        scenario_counters,
        scenario_marker_needs,
        ship_counters,
    )
    from sheetgen.layout.counters.counter_sheets import (
        CounterSheets,
        Placement,
        layout_counter_sheets,
    )
    from sheetgen.layout.counters.paper import (
        EDGE,
        MARGIN,
        SheetSpec,
        kit_counter_size,
    )

__all__ = [
    "DEFAULT_COLOURS",
    "DEFAULT_SIZE",
    "EDGE",
    "MARGIN",
    "MAX_COPIES",
    "MAX_COUNTERS",
    "MAX_SHEETS",
    "NEUTRAL",
    "STANDARD_SIZES",
    "Counter",
    "CounterError",
    "CounterSheets",
    "CutMarks",
    "Duplex",
    "MarkerFace",
    "Placement",
    "SheetSpec",
    "counter_size_for_hex",
    "fleet_counters",
    "fleet_side_stats",
    "format_size",
    "kit_counter_size",
    "largest_counter_for_hex",
    "layout_counter_sheets",
    "marker_counters",
    "marker_fill",
    "scenario_counters",
    "scenario_marker_needs",
    "ship_counters",
]

#: The module of the package that defines each name it re-exports.
_HOMES: dict[str, str] = {
    "DEFAULT_COLOURS": "build",
    "DEFAULT_SIZE": "build",
    "MAX_COPIES": "build",
    "MAX_COUNTERS": "build",
    "MAX_SHEETS": "build",
    "NEUTRAL": "build",
    "STANDARD_SIZES": "build",
    "Counter": "build",
    "CounterError": "build",
    "MarkerFace": "build",
    "counter_size_for_hex": "build",
    "fleet_counters": "build",
    "fleet_side_stats": "build",
    "format_size": "build",
    "largest_counter_for_hex": "build",
    "marker_counters": "build",
    "marker_fill": "build",
    "scenario_counters": "build",
    "scenario_marker_needs": "build",
    "ship_counters": "build",
    "EDGE": "paper",
    "MARGIN": "paper",
    "SheetSpec": "paper",
    "kit_counter_size": "paper",
    "Placement": "counter_sheets",
    "CounterSheets": "counter_sheets",
    "layout_counter_sheets": "counter_sheets",
}


def __getattr__(name: str) -> object:
    """A re-exported name, imported from its module on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
