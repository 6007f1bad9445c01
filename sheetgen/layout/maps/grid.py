"""The map on paper: where each hex of a ``cols`` x ``rows`` map lies, in pt.

:class:`Grid` joins :class:`~sheetgen.hexgrid.OffsetGrid` (the map's numbering)
and :class:`~sheetgen.hexgrid.Layout` (hexes to points), placed so the map's
bounding box starts at (0, 0).
"""

from __future__ import annotations

from sheetgen.hexgrid import OffsetGrid, Orientation, Origin

__all__ = ["Grid"]


class Grid:
    """A ``cols`` x ``rows`` map on paper: hex centres in pt, the map's bounding box
    starting at (0, 0), y down; ``size`` flat-to-flat. Hexes are paper ``(c, v)``:
    column and visual row from the top of the paper (see
    :class:`~sheetgen.hexgrid.OffsetGrid`, which numbers them, and
    :class:`~sheetgen.hexgrid.Layout`, which places them); :meth:`label_row` gives
    the printed row."""

    def __init__(
        self, cols: int, rows: int, size: float, orientation: Orientation = "flat", origin: Origin = "ul"
    ):
        self.cols, self.rows, self.size = cols, rows, size
        self.orientation, self.origin = orientation, origin
        self.hexes = OffsetGrid(cols, rows, orientation, origin)
        self.flat = orientation == "flat"
        self.layout = self.hexes.layout(size)
        self.radius = self.layout.radius
        x0, y0, x1, y1 = self.bbox(0, cols - 1, 0, rows - 1)
        self.layout = self.hexes.layout(size, (-x0, -y0))
        self.width, self.height = x1 - x0, y1 - y0
        self._corners = self.layout.corner_offsets()

    def label_row(self, v: int) -> int:
        """The 0-based printed row of visual row ``v``."""
        return self.hexes.label_row(v)

    def cell(self, col: int, row: int) -> tuple[int, int]:
        """Visual ``(c, v)`` of label coordinates ``(col, row)``."""
        return self.hexes.cell(col, row)

    def center(self, c: int, v: int) -> tuple[float, float]:
        """Centre of hex ``(c, v)`` in pt."""
        return self.layout.offset_center(c, v)

    def bbox(self, c0: int, c1: int, v0: int, v1: int) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` around the hexes of columns ``c0..c1``, visual rows ``v0..v1``."""
        s, r = self.size, self.radius
        if self.flat:
            ends = [c for c in (c0, c0 + 1) if c <= c1]
            top = min(self.center(c, v0)[1] for c in ends) - s / 2
            bottom = max(self.center(c, v1)[1] for c in ends) + s / 2
            return self.center(c0, v0)[0] - r, top, self.center(c1, v0)[0] + r, bottom
        ends = [v for v in (v0, v0 + 1) if v <= v1]
        left = min(self.center(c0, v)[0] for v in ends) - s / 2
        right = max(self.center(c1, v)[0] for v in ends) + s / 2
        return left, self.center(c0, v0)[1] - r, right, self.center(c0, v1)[1] + r

    def neighbours(self, c: int, v: int) -> list[tuple[int, int]]:
        """The six visual neighbours of ``(c, v)`` in :meth:`corner_offsets` edge order:
        edge ``i`` joins corners ``i`` and ``i + 1``."""
        return self.hexes.neighbours(c, v)

    def corner_offsets(self) -> list[tuple[float, float]]:
        """Corners relative to a centre (pt), clockwise from east (flat) / north-east (pointy)."""
        return self._corners

    def locate(self, x: float, y: float) -> tuple[int, int]:
        """The hex ``(c, v)`` holding the point ``(x, y)`` (pt, this grid's coordinates):
        the hex whose centre is nearest. May lie off the map (negative, or past the
        last column or row)."""
        return self.hexes.from_hex(self.layout.hex_at(x, y))
