"""Where the printed map's hexes fall on a VASSAL board image, and the VASSAL hex grid
and numbering that match them.

The board image is the map's one ``fit`` page (:func:`~sheetgen.layout.maps.layout_map`
with ``paper="fit"``) at ``dpi / 72`` pixels per pt, started a fraction of a pixel
right of and below the page's corner so that the grid's origin hex centre falls on a
whole pixel (VASSAL keeps the origin in whole pixels). Its size in pixels is the rest
of the page, rounded half up (:func:`~sheetgen.render.raster.pixels`).

VASSAL's hex grid (``VASSAL.build.module.map.boardPicker.board.HexGrid``) has columns
``dx`` apart, hexes ``dy`` apart along a column, the odd raw columns half a hex
(``(int) (dy / 2)``) lower, raw column 0 through the origin ``(x0, y0)``; ``sideways``
swaps x and y before and after (pointy-topped hexes: its "columns" are the map's
rows). A hex centre is ``((int) (dx * nx + x0), (int) (dy * ny [+ (int) (dy / 2)] + y0))``
(``HexGrid.hexPointCenterFromRawIndex``): whole pixels, up to one pixel left of or
above the centre the image shows, and on the half-shifted lines, whose shift VASSAL
also truncates, up to two (0.34 mm at 150 dpi). The numbering
(``...board.mapgrid.HexGridNumbering`` and ``RegularGridNumbering.getName``) names
the raw column and row plus ``hOff``/``vOff``, zero-padded by ``hLeading``/``vLeading``,
counting down from ``getMaxRows()`` (the board's height over ``dx``, rounded) when
descending.

:func:`board_grid` takes as origin the first column (flat) or row (pointy) that is not
half a hex out of line, so raw rows are paper rows and ``stagger`` stays off, and
chooses the offsets that give every hex its printed ``0101`` label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetgen.hexgrid import OffsetGrid, Orientation, Origin
from sheetgen.layout.maps import MapOptions
from sheetgen.layout.maps.grid import Grid
from sheetgen.layout.maps.plan import FOOTER, HEADER, MARGIN, plan_pages

__all__ = ["Board", "board_grid"]


@dataclass(frozen=True)
class Board:
    """A map's board image and its VASSAL grid.

    Image: ``width`` x ``height`` pixels of the fit page at ``dpi``, from ``left``/``top``
    pt inside the page. Map: ``cols`` x ``rows`` hexes of ``hex_size`` pt,
    ``orientation``, numbered from ``origin`` (``ul``/``ll``), their bounding box's
    top left at ``grid_x``/``grid_y`` pt on the page; ``origin_hex`` the paper
    ``(c, v)`` of VASSAL's raw hex (0, 0).

    VASSAL ``HexGrid`` attributes: ``dx``, ``dy`` (pixels), ``x0``, ``y0`` (whole
    pixels; on a ``sideways`` grid x0 is the vertical one, as VASSAL swaps them),
    ``sideways``. ``HexGridNumbering``: ``first`` (``H`` or ``V``), ``h_off``,
    ``v_off``, ``h_descend``, ``v_descend``, ``leading`` (``hLeading`` and
    ``vLeading``), ``sep``; ``stagger`` is false.
    """

    dpi: int
    width: int
    height: int
    left: float
    top: float
    grid_x: float
    grid_y: float
    cols: int
    rows: int
    hex_size: float
    orientation: Orientation
    origin: Origin
    origin_hex: tuple[int, int]
    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool
    first: str
    h_off: int
    v_off: int
    h_descend: bool
    v_descend: bool
    leading: int
    sep: str = ""

    @property
    def scale(self) -> float:
        """Pixels per pt."""
        return self.dpi / 72.0

    @property
    def hexes(self) -> OffsetGrid:
        """The map's numbering."""
        return OffsetGrid(self.cols, self.rows, self.orientation, self.origin)

    def raw(self, col: int, row: int) -> tuple[int, int]:
        """VASSAL's raw ``(nx, ny)`` of the hex at label coordinates ``(col, row)``."""
        c, v = self.hexes.cell(col, row)
        oc, ov = self.origin_hex
        return (v - ov, c - oc) if self.sideways else (c - oc, v - ov)

    def centre(self, col: int, row: int) -> tuple[int, int]:
        """The whole-pixel point VASSAL snaps the hex at label ``(col, row)`` to
        (``HexGrid.hexPointCenterFromRawIndex``), board pixels ``(x, y)``."""
        nx, ny = self.raw(col, row)
        a = int(self.dx * nx + self.x0)
        b = int(self.dy * ny + self.y0) if nx % 2 == 0 else int(self.dy * ny + int(self.dy / 2) + self.y0)
        return (b, a) if self.sideways else (a, b)

    def image_centre(self, col: int, row: int) -> tuple[float, float]:
        """The centre of the hex at label ``(col, row)`` as the image shows it, in pixels."""
        grid = Grid(self.cols, self.rows, self.hex_size, self.orientation, self.origin)
        cx, cy = grid.center(*grid.cell(col, row))
        return (self.grid_x + cx - self.left) * self.scale, (self.grid_y + cy - self.top) * self.scale


def _leading_zeros(width: int) -> int:
    """``hLeading``/``vLeading`` printing numbers ``width`` digits wide (VASSAL adds a
    zero for each of ``10**leading``, ``10**(leading-1)``... the number is below)."""
    return width - 1


def board_grid(opts: MapOptions, dpi: int) -> Board:
    """The board image and VASSAL grid of the map ``opts`` (one layer) at ``dpi``.

    Raises :class:`~sheetgen.layout.maps.MapError` as :func:`plan_pages` does."""
    from sheetgen.render.raster import pixels

    fit = MapOptions(
        cols=opts.cols,
        rows=opts.rows,
        hex_size=opts.hex_size,
        orientation=opts.orientation,
        paper="fit",
        origin=opts.origin,
    )
    plan = plan_pages(fit)
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    # as the fit page centres the map (layout.maps.pages: tile_page)
    area_w = plan.width - 2 * MARGIN
    area_h = plan.height - 2 * MARGIN - HEADER - FOOTER
    gx = MARGIN + (area_w - grid.width) / 2
    gy = MARGIN + HEADER + (area_h - grid.height) / 2
    s = dpi / 72.0
    flat = opts.orientation == "flat"
    hexes = grid.hexes
    # the first column (flat) or row (pointy) that is not half a hex out of line
    origin_hex = (1 if hexes.low(0) else 0, 0) if flat else (0, 1 if hexes.right(0) else 0)
    cx, cy = grid.center(*origin_hex)
    px, py = (gx + cx) * s, (gy + cy) * s
    ox, oy = math.floor(px + 1e-9), math.floor(py + 1e-9)
    left, top = (px - ox) / s, (py - oy) / s
    width, height = pixels(plan.width - left, dpi), pixels(plan.height - top, dpi)
    across = 1.5 * grid.radius * s  # between columns (flat) or rows (pointy)
    along = opts.hex_size * s  # between hexes of a column (row)
    width_digits = max(2, len(str(max(opts.cols, opts.rows))))
    leading = _leading_zeros(width_digits)
    descend = opts.origin == "ll"
    max_rows = 0
    if descend:
        max_rows = math.floor(height / across + 0.5)  # HexGridNumbering.getMaxRows
    if flat:
        # raw column nx = c - origin column; raw row = paper row v
        h_off = origin_hex[0] + 1
        v_off = opts.rows - max_rows if descend else 1
        return Board(
            dpi, width, height, left, top, gx, gy, opts.cols, opts.rows, opts.hex_size,
            opts.orientation, opts.origin, origin_hex, across, along, ox, oy, False,
            "H", h_off, v_off, False, descend, leading,
        )  # fmt: skip
    # sideways: VASSAL's columns are the map's rows (named with hOff), its rows the
    # map's columns (named with vOff); the printed column comes first, so first = V
    ov = origin_hex[1]
    h_off = opts.rows - max_rows - ov if descend else ov + 1
    return Board(
        dpi, width, height, left, top, gx, gy, opts.cols, opts.rows, opts.hex_size,
        opts.orientation, opts.origin, origin_hex, across, along, oy, ox, True,
        "V", h_off, 1, False, descend, leading,
    )  # fmt: skip
