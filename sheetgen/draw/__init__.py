"""Drawing for counters and maps: pure layout primitives and two thin writers.

Layout code builds a :class:`~sheetgen.draw.primitives.Drawing` of pages holding
primitives (polygon, lines, circle, rectangle, text) in points (1/72 in),
origin at the page's top-left corner, y downwards. :mod:`.pdf` (ReportLab) and
:mod:`.svg` (svgwrite) turn the same drawing into bytes; neither adds or moves
anything, so the two outputs share one geometry.
"""

from typing import Literal

__all__ = ["PageFormat"]

#: What a drawing is written as: one PDF, or SVG (one file a page).
PageFormat = Literal["pdf", "svg"]
