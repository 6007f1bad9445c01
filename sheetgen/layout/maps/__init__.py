"""Printable hex maps: one pure layout, drawn by the PDF and SVG writers alike.

:func:`layout_map` turns :class:`MapOptions` into a
:class:`~sheetgen.draw.primitives.Drawing` in pt. A map larger than the paper is
tiled across pages that overlap their neighbours by ``overlap`` hexes; each
tile page carries its name (row letter, column number: ``B3``), dashed cut lines
and registration marks on the overlaps, arrows naming its neighbours, a scale
bar and a 100 mm / 4 in calibration ruler. A map of more than one tile starts
with an assembly index page (the ruler, but no scale bar: its diagram is not to
scale). ``paper="fit"`` makes one page per layer exactly the size of the map
plus margins, for a print shop. No ink comes nearer the paper's edge than
:data:`SAFE_EDGE` (1/4 in), and zone labels are placed last, on each page that
shows the zone, clear of everything else (see
:func:`~sheetgen.layout.maps.labels.place_zone_label`).

Coordinates. Hexes are addressed by *label coordinates*: 0-based ``(col, row)``
as printed (``0101`` is ``(0, 0)``), counted from the ``origin`` corner
(``"ul"`` upper left, ``"ll"`` lower left). Flat-topped maps shift every other
column half a hex away from row 1, pointy-topped maps every other row half a hex
right (the usual wargame layouts; see :class:`sheetgen.hexgrid.OffsetGrid`). Pages
are laid out in *visual* rows ``v`` counted from the top of the paper; for
``origin="ll"`` the map is the mirror image of the upper-left one.

Each shared hex edge is drawn once: every hex draws three edges on one side and
draws the other three only where the neighbour is off the page, and all of a
page's edges are one :class:`~sheetgen.draw.primitives.Lines`. All hex numbers
of a page are one :class:`~sheetgen.draw.primitives.Labels`.

Errors: :class:`MapError` (one line) for anything that cannot be printed as
asked; see :func:`check_options`.

The parts, each importing only those before it:

* :mod:`.options`: :class:`MapOptions`, the limits and checks, hex and tile names;
* :mod:`.grid`: :class:`Grid`, the map on paper (from :mod:`sheetgen.hexgrid`);
* :mod:`.plan`: page margins and bands, :func:`plan_pages` (tiles on paper);
* :mod:`.context`: the styles' colours and what every page of a map shares;
* :mod:`.labels`: zone labels, placed clear of everything else;
* :mod:`.terrain`: zones, asteroids, bodies, warp points, start positions, stars;
* :mod:`.marks`: header and footer, scale bar, ruler, cut lines and registration marks;
* :mod:`.pages`: :func:`layout_map`, the index and tile pages.
"""

from __future__ import annotations

from sheetgen.layout.maps.grid import Grid
from sheetgen.layout.maps.options import (
    DEFAULT_SEED,
    MAP_PAPERS,
    MAX_HEXES,
    MIN_HEX,
    MIN_NUMBER,
    NUMBERINGS,
    ORIENTATIONS,
    ORIGINS,
    STYLES,
    MapError,
    MapOptions,
    MapPaper,
    Numbering,
    Orientation,
    Origin,
    Style,
    check_options,
    glyph_warnings,
    map_options,
    readability_warnings,
    tile_name,
    without_starts,
)
from sheetgen.layout.maps.pages import layout_map
from sheetgen.layout.maps.plan import (
    FOOTER,
    HEADER,
    MARGIN,
    MAX_FIT,
    MAX_PAGES,
    RULER,
    SAFE_EDGE,
    THIN_EDGE,
    PagePlan,
    Tile,
    chosen_options,
    one_page,
    plan_pages,
    tiling_warnings,
)

__all__ = [
    "DEFAULT_SEED",
    "FOOTER",
    "HEADER",
    "MAP_PAPERS",
    "MARGIN",
    "MAX_FIT",
    "MAX_HEXES",
    "MAX_PAGES",
    "MIN_HEX",
    "MIN_NUMBER",
    "NUMBERINGS",
    "ORIENTATIONS",
    "ORIGINS",
    "RULER",
    "SAFE_EDGE",
    "STYLES",
    "THIN_EDGE",
    "Grid",
    "MapError",
    "MapOptions",
    "MapPaper",
    "Numbering",
    "Orientation",
    "Origin",
    "PagePlan",
    "Style",
    "Tile",
    "check_options",
    "chosen_options",
    "glyph_warnings",
    "layout_map",
    "map_options",
    "one_page",
    "plan_pages",
    "readability_warnings",
    "tile_name",
    "tiling_warnings",
    "without_starts",
]
