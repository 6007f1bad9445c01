"""Bare map images for virtual tabletops, and the grid settings that reproduce them.

A virtual tabletop (Foundry VTT, Roll20, Tabletop Simulator) lays its own hex grid over
a map image. It needs the image to be the map alone, with no title, margins, scale band
or ruler, and it needs the grid's size and where it starts. :func:`bare_map` gives
that image's geometry:

* The image is the map's one ``fit`` page (:func:`~sheetgen.layout.maps.layout_map`,
  the same drawing as the printed map: terrain, zones, starts, hex numbers) cut to the
  grid's bounding box, so the top-left corner of the image is the top-left corner of
  the box around the hexes (``offset`` 0, 0).
* The hex is a whole number of pixels across the flats, ``hex_px`` (Foundry takes the
  grid size in whole pixels): the hex size at ``dpi``, rounded half up
  (:func:`~sheetgen.render.raster.pixels`). The image therefore holds exactly
  ``hex_px / hex size`` pixels per pt, within half a pixel a hex of ``dpi``.
* Its width and height are the box's, rounded up to whole pixels.

:func:`vtt_settings` gives the JSON written beside the image (``sheetgen map --format
png --vtt``): the grid in pixels, and the Foundry VTT scene and Roll20 page settings
that lay the same grid over the image. Both use the flat-to-flat hex size as their
grid size (Foundry: ``HexagonalGridConfiguration.size``, "the size of a grid space in
pixels", https://foundryvtt.com/api/interfaces/foundry.grid.types.HexagonalGridConfiguration.html;
Roll20: the cell width of a ``Hex (V)`` page, the cell height of a ``Hex (H)`` one, in
units of 70 pixels, https://help.roll20.net/hc/articles/360039675373). Foundry's grid
types are ``CONST.GRID_TYPES`` (https://foundryvtt.com/api/variables/CONST.GRID_TYPES.html):
``HEXODDQ`` (4) and ``HEXEVENQ`` (5) for flat-topped columns, odd or even columns half
a hex down; ``HEXODDR`` (2) and ``HEXEVENR`` (3) for pointy-topped rows, odd or even rows
half a hex right, counted from 0 at the image's top left.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sheetgen.layout.maps import MapOptions
    from sheetgen.layout.maps.grid import Grid

__all__ = [
    "FOUNDRY_GRID_TYPES",
    "ROLL20_UNIT",
    "BareMap",
    "bare_map",
    "bare_map_pngs",
    "layer_tag",
    "vtt_settings",
]

#: Foundry VTT's ``CONST.GRID_TYPES`` for hex grids, by (orientation, shifted lines).
FOUNDRY_GRID_TYPES = {
    ("flat", "odd"): ("HEXODDQ", 4),
    ("flat", "even"): ("HEXEVENQ", 5),
    ("pointy", "odd"): ("HEXODDR", 2),
    ("pointy", "even"): ("HEXEVENR", 3),
}
#: Roll20's grid unit: cell sizes are multiples of 70 pixels.
ROLL20_UNIT = 70


@dataclass(frozen=True)
class BareMap:
    """A map's bare image: ``width`` x ``height`` pixels, cut from the ``fit`` page of
    ``opts`` from ``left``/``top`` pt (the grid's bounding box), ``hex_px`` pixels across
    the flats of a hex, ``dpi`` the resolution asked for (the PNG records it)."""

    opts: MapOptions
    dpi: int
    hex_px: int
    width: int
    height: int
    left: float
    top: float

    @property
    def scale(self) -> float:
        """Pixels per pt: ``hex_px`` over the hex size."""
        return self.hex_px / self.opts.hex_size

    @property
    def pixels_per_inch(self) -> float:
        """Pixels per inch of the printed map."""
        return self.scale * 72.0

    @property
    def grid(self) -> Grid:
        """The map on paper (pt, its bounding box from (0, 0))."""
        from sheetgen.layout.maps.grid import Grid

        o = self.opts
        return Grid(o.cols, o.rows, o.hex_size, o.orientation, o.origin)

    @property
    def radius_px(self) -> float:
        """A hex's centre-to-corner distance in pixels."""
        return self.hex_px / math.sqrt(3)

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """The centre, in image pixels ``(x, y)``, of the hex at label coordinates
        ``(col, row)`` (0-based: ``0101`` is ``(0, 0)``)."""
        grid = self.grid
        x, y = grid.center(*grid.cell(col, row))
        return x * self.scale, y * self.scale


def layer_tag(layer: int) -> str:
    """A layer's part of an image's file name, as ``sheetgen map --format png`` names a
    3D map's pages.

    >>> layer_tag(0), layer_tag(1), layer_tag(-2)
    ('0', 'plus1', 'minus2')
    """
    return f"plus{layer}" if layer > 0 else f"minus{-layer}" if layer < 0 else "0"


def bare_map(opts: MapOptions, dpi: int) -> BareMap:
    """The bare image of the map ``opts`` (every layer alike) at about ``dpi`` (see the
    module's notes). Raises :class:`~sheetgen.layout.maps.MapError` for a map that cannot
    be laid out, :class:`~sheetgen.render.raster.RasterError` for a ``dpi`` out of bounds or
    an image over the pixel limit."""
    from sheetgen.layout.maps.grid import Grid
    from sheetgen.render.raster import check_dpi, check_pixels, pixels
    from sheetgen.render.vassal_grid import board_grid

    check_dpi(dpi)
    fit = dataclasses.replace(opts, paper="fit")
    board = board_grid(fit, dpi)  # where the fit page puts the grid's bounding box
    hex_px = pixels(opts.hex_size, dpi)
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    scale = hex_px / opts.hex_size
    width = max(1, math.ceil(grid.width * scale - 1e-6))
    height = max(1, math.ceil(grid.height * scale - 1e-6))
    check_pixels(width, height, dpi, "the map")
    return BareMap(fit, dpi, hex_px, width, height, board.grid_x, board.grid_y)


def bare_map_pngs(bare: BareMap) -> list[bytes]:
    """Each layer's bare image (layers in order) as PNG bytes."""
    from sheetgen.draw.pdf import to_pdf
    from sheetgen.layout.maps import layout_map
    from sheetgen.render.raster import PageImage, render_pages

    pdf = to_pdf(layout_map(bare.opts))
    how = PageImage(bare.width, bare.height, bare.left, bare.top, (bare.scale, bare.scale))
    return render_pages(pdf, [(index, how) for index in range(len(bare.opts.layers))], bare.dpi)


def _shifted(bare: BareMap) -> str:
    """``"odd"`` when the image's column (flat) or row (pointy) 1 sits half a hex out of
    line, ``"even"`` when column (row) 0 does."""
    hexes = bare.grid.hexes
    if bare.opts.orientation == "flat":
        return "even" if hexes.low(0) else "odd"
    return "even" if hexes.right(0) else "odd"


def vtt_settings(bare: BareMap, images: list[tuple[int, str]]) -> dict[str, Any]:
    """The JSON beside a bare map: ``images`` (layer, file name), the grid in pixels, and
    the Foundry VTT and Roll20 settings that lay the same grid over the image.

    Shape: ``{"images": [{"layer", "file"}], "width", "height", "orientation",
    "hex": {"across_flats", "across_corners", "spacing"}, "offset": {"x", "y"},
    "first_hex": {"label", "x", "y"}, "pixels_per_inch", "foundry": {...}, "roll20":
    {...}}`` (pixels throughout; ``spacing`` is between neighbouring columns (flat) or rows
    (pointy), 1.5 corner radii)."""
    from sheetgen.core.hexlabel import hex_label

    opts = bare.opts
    flat = opts.orientation == "flat"
    shifted = _shifted(bare)
    name, number = FOUNDRY_GRID_TYPES[(opts.orientation, shifted)]
    first_col, first_row = 0, 0
    fx, fy = bare.centre(first_col, first_row)
    width_digits = max(2, len(str(max(opts.cols, opts.rows))))
    grid: dict[str, Any] = {"type": number, "size": bare.hex_px}
    if opts.scale is not None:
        grid["distance"], grid["units"] = opts.scale[0], opts.scale[1]
    roll20_cell = round(bare.hex_px / ROLL20_UNIT, 4)
    return {
        "images": [{"layer": layer, "file": file} for layer, file in images],
        "width": bare.width,
        "height": bare.height,
        "orientation": opts.orientation,
        "columns": opts.cols,
        "rows": opts.rows,
        "hex": {
            "across_flats": bare.hex_px,
            "across_corners": round(2 * bare.radius_px, 4),
            "spacing": round(1.5 * bare.radius_px, 4),
        },
        "offset": {"x": 0, "y": 0},
        "shifted": f"{shifted} {'columns' if flat else 'rows'} half a hex {'down' if flat else 'right'}",
        "first_hex": {
            "label": hex_label(first_col, first_row, "xxyy", width_digits),
            "x": round(fx, 4),
            "y": round(fy, 4),
        },
        "pixels_per_inch": round(bare.pixels_per_inch, 4),
        "foundry": {
            "grid_type": name,
            "scene": {
                "width": bare.width,
                "height": bare.height,
                "padding": 0,
                "background": {"src": images[0][1], "offsetX": 0, "offsetY": 0},
                "grid": grid,
            },
        },
        "roll20": {
            "grid_type": "Hex (H)" if flat else "Hex (V)",
            "cell_size_field": "Cell Height" if flat else "Cell Width",
            "cell_size": roll20_cell,
            "cell_size_px": bare.hex_px,
            "page_width": round(bare.width / ROLL20_UNIT, 4),
            "page_height": round(bare.height / ROLL20_UNIT, 4),
        },
    }
