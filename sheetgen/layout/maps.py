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
shows the zone, clear of everything else (see ``_PageMaker._zone_label``).

Coordinates. Hexes are addressed by *label coordinates*: 0-based ``(col, row)``
as printed (``0101`` is ``(0, 0)``), counted from the ``origin`` corner
(``"ul"`` upper left, ``"ll"`` lower left). Flat-topped maps shift every other
column half a hex away from row 1, pointy-topped maps every other row half a hex
right (the usual wargame layouts; see :func:`sheetgen.hexgrid.to_offset`). Pages
are laid out in *visual* rows ``v`` counted from the top of the paper; for
``origin="ll"`` the map is the mirror image of the upper-left one.

Each shared hex edge is drawn once: every hex draws three edges on one side and
draws the other three only where the neighbour is off the page, and all of a
page's edges are one :class:`~sheetgen.draw.primitives.Lines`. All hex numbers
of a page are one :class:`~sheetgen.draw.primitives.Labels`.

Errors: :class:`MapError` (one line) for anything that cannot be printed as
asked; see :func:`check_options`.
"""

from __future__ import annotations

import bisect
import gc
import itertools
import math
import random
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from sheetgen.core.units import PAPER_SIZES, format_length
from sheetgen.draw.primitives import (
    Circle,
    Drawing,
    Item,
    Labels,
    Lines,
    Page,
    Polygon,
    Rect,
    Style,
    Text,
    inch,
    mm,
)
from sheetgen.hexgrid import OffsetGrid
from sheetgen.layout.text import fit_size, text_width
from sheetgen.scenarios.terrain import Feature, MapPlan, Start, Zone, format_layer

if TYPE_CHECKING:
    from collections.abc import Callable

    from sheetgen.scenarios.scenario import Scenario

__all__ = [
    "DEFAULT_SEED",
    "MAX_FIT",
    "MAX_HEXES",
    "MAX_PAGES",
    "MIN_HEX",
    "MIN_NUMBER",
    "NUMBERINGS",
    "SAFE_EDGE",
    "Grid",
    "MapError",
    "MapOptions",
    "PagePlan",
    "Tile",
    "hex_label",
    "layout_map",
    "map_options",
    "one_page",
    "plan_pages",
    "readability_warnings",
    "scenario_map",
    "tile_name",
]

#: Smallest hex printed (flat-to-flat), in pt: 5 mm.
MIN_HEX = mm(5)
#: Most hexes in one run (all layers together).
MAX_HEXES = 100_000
#: Most pages in one run.
MAX_PAGES = 200
#: Longest side of a ``fit`` page, in pt: 200 in, the largest page PDF readers handle.
MAX_FIT = inch(200)
#: Page margin on every side, in pt (0.4 in: inside what home printers can reach).
MARGIN = inch(0.4)
#: No ink nearer the paper's edge than this, in pt (1/4 in): the neighbours' names and
#: the ends of the cut lines sit between it and :data:`MARGIN`.
SAFE_EDGE = inch(0.25)
#: Height of the title band at the top and of the scale band at the foot of a page, in pt.
HEADER = 18.0
FOOTER = 48.0
#: Length of the calibration ruler: 4 in, with 100 mm marked on its other edge.
RULER = inch(4)
#: Narrowest page, so the scale band fits (fit pages grow to it), in pt.
MIN_PAGE_WIDTH = RULER + inch(3.2) + 2 * MARGIN
NUMBERINGS = ("xxyy", "xx.yy", "letters", "none")
STYLES = ("plain", "starfield")
ORIGINS = ("ul", "ll")
ORIENTATIONS = ("flat", "pointy")
#: The starfield's seed when none is given (same seed, same stars).
DEFAULT_SEED = 1

_SQRT3 = math.sqrt(3)


class MapError(ValueError):
    """A map that cannot be printed as asked: the message is one line naming the limit."""


@dataclass(frozen=True)
class MapOptions:
    """What to print. Lengths in pt; ``hex_size`` flat-to-flat (a 1 in hex is 72).

    ``paper`` is a key of :data:`sheetgen.core.units.PAPER_SIZES` or ``"fit"``;
    ``overlap`` in hexes; ``every`` labels every Nth column and row;
    ``layers`` the levels of a 3D map (one set of pages each); ``scale`` the
    distance one hex stands for in the game, ``(60, "m")``, or ``None``.
    """

    cols: int = 40
    rows: int = 30
    hex_size: float = 72.0
    orientation: str = "flat"
    paper: str = "letter"
    overlap: int = 1
    numbering: str = "xxyy"
    every: int = 1
    origin: str = "ul"
    style: str = "plain"
    seed: int = DEFAULT_SEED
    layers: tuple[int, ...] = (0,)
    title: str = "Hex map"
    scale: tuple[float, str] | None = None
    plan: MapPlan = field(default_factory=MapPlan)


def map_options(scenario: Scenario, *, paper: str = "letter") -> MapOptions:
    """The options printing ``scenario``'s map as its ``map:`` section describes it, on
    ``paper``, with the scale bar in its game's units. Raises :class:`MapError` for a
    hex size that is not a length."""
    from sheetgen.core.units import LengthError, parse_length

    spec = scenario.map
    try:
        size = parse_length(spec.hex)
    except LengthError as exc:
        raise MapError(str(exc)) from None
    return MapOptions(
        cols=spec.cols,
        rows=spec.rows,
        hex_size=size,
        orientation=spec.orientation,
        paper=paper,
        origin=spec.origin,
        style=spec.style,
        seed=spec.seed if spec.seed is not None else DEFAULT_SEED,
        layers=spec.layers,
        title=scenario.name,
        scale=scenario.game.hex_scale,
        plan=spec.plan,
    )


#: Smallest hex number that can be read, in pt.
MIN_NUMBER = 4.0


def readability_warnings(opts: MapOptions) -> list[str]:
    """Lines saying what on this map prints too small to read: hex numbers under
    :data:`MIN_NUMBER` pt (hexes under 20 pt, about 7.1 mm, across the flats).
    Empty when all is legible or the map has no numbers."""
    if opts.numbering == "none":
        return []
    size = _label_font(opts.hex_size)
    if size >= MIN_NUMBER - 1e-9:
        return []
    smallest = MIN_NUMBER / 0.2  # _label_font gives 20 % of the hex below 20 pt
    return [
        f"hex numbers on {_length(opts.hex_size)} hexes print at {size:.1f} pt, too small to read; "
        f"hexes of {smallest:.0f} pt ({smallest / mm(1):.1f} mm) or more print them at "
        f"{MIN_NUMBER:.0f} pt or larger, or leave them off with --numbering none"
    ]


def scenario_map(scenario: Scenario, *, paper: str = "letter") -> Callable[[], bytes]:
    """A function returning ``scenario``'s map as PDF bytes on ``paper`` (for ``sheetgen
    kit``). The pages are planned now: raises :class:`MapError` if they cannot be."""
    opts = map_options(scenario, paper=paper)
    plan_pages(opts)

    def render() -> bytes:
        from sheetgen.draw.pdf import to_pdf

        return to_pdf(layout_map(opts))

    return render


def _letters(n: int) -> str:
    """0-based ``n`` as column letters: A..Z, AA, AB..."""
    out = ""
    n += 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


def tile_name(row: int, col: int) -> str:
    """A tile's name: row letter (A..Z, AA..), column number from 1: ``tile_name(1, 2) == "B3"``."""
    return f"{_letters(row)}{col + 1}"


def hex_label(col: int, row: int, numbering: str = "xxyy", width: int = 2) -> str:
    """The printed number of the hex at 0-based label coordinates ``(col, row)``.

    ``xxyy``: ``0815``; ``xx.yy``: ``08.15``; ``letters``: column letters and row
    number, ``H15``; ``none``: empty. ``width`` is the digits per part (2, or 3
    on maps of 100 or more columns or rows).
    """
    if numbering == "none":
        return ""
    if numbering == "letters":
        return f"{_letters(col)}{row + 1:0{width}d}"
    sep = "." if numbering == "xx.yy" else ""
    return f"{col + 1:0{width}d}{sep}{row + 1:0{width}d}"


# --- geometry --------------------------------------------------------------------------------


class Grid:
    """A ``cols`` x ``rows`` map on paper: hex centres in pt, the map's bounding box
    starting at (0, 0), y down; ``size`` flat-to-flat. Hexes are paper ``(c, v)``:
    column and visual row from the top of the paper (see
    :class:`~sheetgen.hexgrid.OffsetGrid`, which numbers them, and
    :class:`~sheetgen.hexgrid.Layout`, which places them); :meth:`label_row` gives
    the printed row."""

    def __init__(self, cols: int, rows: int, size: float, orientation: str = "flat", origin: str = "ul"):
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


@dataclass(frozen=True)
class Tile:
    """One page's share of the map: tile ``row``/``col`` (0-based) and the hexes it
    shows, columns ``c0..c1`` and visual rows ``v0..v1`` (inclusive)."""

    row: int
    col: int
    c0: int
    c1: int
    v0: int
    v1: int

    @property
    def name(self) -> str:
        return tile_name(self.row, self.col)

    def holds(self, c: int, v: int) -> bool:
        return self.c0 <= c <= self.c1 and self.v0 <= v <= self.v1


@dataclass(frozen=True)
class PagePlan:
    """How the map goes onto paper: page size in pt (as printed, landscape if wider),
    tiles in reading order, ``across`` x ``down`` of them, hexes a page holds
    (``capacity``), and whether an assembly index page comes first."""

    paper: str
    width: float
    height: float
    tiles: tuple[Tile, ...]
    across: int
    down: int
    capacity: tuple[int, int]
    layers: int
    index: bool

    @property
    def landscape(self) -> bool:
        return self.width > self.height

    @property
    def pages(self) -> int:
        return len(self.tiles) * self.layers + (1 if self.index else 0)


def _capacity(
    grid_flat: bool, size: float, width: float, height: float, cols: int, rows: int
) -> tuple[int, int]:
    """Columns and rows of whole hexes that fit ``width`` x ``height`` pt."""
    r = size / _SQRT3
    if grid_flat:
        nc = math.floor((width / r - 0.5) / 1.5 + 1e-9)
        nr = math.floor(height / size - (0.5 if cols > 1 else 0.0) + 1e-9)
    else:
        nc = math.floor(width / size - (0.5 if rows > 1 else 0.0) + 1e-9)
        nr = math.floor((height / r - 0.5) / 1.5 + 1e-9)
    return nc, nr


def _spans(n: int, k: int, overlap: int) -> list[tuple[int, int]] | None:
    """Inclusive index ranges covering ``0..n-1`` with ``k`` a page, overlapping by ``overlap``."""
    if n <= k:
        return [(0, n - 1)]
    step = k - overlap
    if step < 1:
        return None
    count = 1 + math.ceil((n - k) / step)
    return [(i * step, min(i * step + k - 1, n - 1)) for i in range(count)]


def one_page(hex_size: float, orientation: str = "flat", paper: str = "letter") -> tuple[int, int]:
    """Columns and rows of ``hex_size`` pt hexes that fill one portrait ``paper`` page
    (at least 1 x 1; :func:`plan_pages` says whether even one fits)."""
    width, height = PAPER_SIZES[paper]
    nc, nr = _capacity(
        orientation == "flat", hex_size, width - 2 * MARGIN, height - 2 * MARGIN - HEADER - FOOTER, 2, 2
    )
    return max(1, nc), max(1, nr)


def check_options(opts: MapOptions) -> None:
    """Raise :class:`MapError` for sizes of zero or less, an unknown paper, orientation,
    origin, numbering or style, a hex under 5 mm, or more than :data:`MAX_HEXES` hexes."""
    if opts.cols < 1 or opts.rows < 1:
        raise MapError(f"a map needs at least 1 column and 1 row (asked for {opts.cols} x {opts.rows})")
    if opts.hex_size <= 0:
        raise MapError("the hex size must be more than zero")
    if opts.hex_size < MIN_HEX - 1e-9:
        raise MapError(
            f"a {opts.hex_size / mm(1):.3g} mm hex is too small to print; hexes must be 5 mm or more"
        )
    total = opts.cols * opts.rows * len(opts.layers)
    if total > MAX_HEXES:
        layers = f" x {len(opts.layers)} layers" if len(opts.layers) > 1 else ""
        raise MapError(
            f"{opts.cols} x {opts.rows}{layers} is {total:,} hexes; the most one map can have is {MAX_HEXES:,}"
        )
    for value, known, what in (
        (opts.paper, (*PAPER_SIZES, "fit"), "paper"),
        (opts.orientation, ORIENTATIONS, "orientation"),
        (opts.origin, ORIGINS, "origin"),
        (opts.numbering, NUMBERINGS, "numbering"),
        (opts.style, STYLES, "style"),
    ):
        if value not in known:
            raise MapError(f"unknown {what} {value!r}; choose one of {', '.join(known)}")
    if opts.overlap < 0:
        raise MapError(f"--overlap must be 0 or more hexes, not {opts.overlap}")
    if opts.every < 1:
        raise MapError(f"--every must be 1 or more, not {opts.every}")
    if not opts.layers:
        raise MapError("a map needs at least one layer")


def plan_pages(opts: MapOptions) -> PagePlan:
    """Tile the map onto pages (see :class:`PagePlan`).

    Tiled paper is used portrait or landscape, whichever needs fewer pages
    (portrait on a tie). Raises :class:`MapError` (after :func:`check_options`)
    when a hex is larger than the page, the overlap leaves no room for new hexes,
    the map needs more than :data:`MAX_PAGES` pages, or a fit page would be
    longer than :data:`MAX_FIT` on a side.
    """
    check_options(opts)
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    layers = len(opts.layers)
    if opts.paper == "fit":
        width = max(grid.width + 2 * MARGIN, MIN_PAGE_WIDTH)
        height = grid.height + 2 * MARGIN + HEADER + FOOTER
        if max(width, height) > MAX_FIT:
            raise MapError(
                f"this map would be a {width / 72:.0f} x {height / 72:.0f} in page; --paper fit pages "
                f"are limited to {MAX_FIT / 72:.0f} in a side: use smaller hexes or tile it on paper"
            )
        tile = Tile(0, 0, 0, opts.cols - 1, 0, opts.rows - 1)
        return PagePlan("fit", width, height, (tile,), 1, 1, (opts.cols, opts.rows), layers, False)
    paper_w, paper_h = PAPER_SIZES[opts.paper]
    best: PagePlan | None = None
    fits = False
    crowded = None
    for width, height in ((paper_w, paper_h), (paper_h, paper_w)):
        area_w, area_h = width - 2 * MARGIN, height - 2 * MARGIN - HEADER - FOOTER
        nc, nr = _capacity(grid.flat, opts.hex_size, area_w, area_h, opts.cols, opts.rows)
        if nc < 1 or nr < 1:
            continue
        fits = True
        col_spans = _spans(opts.cols, nc, opts.overlap)
        row_spans = _spans(opts.rows, nr, opts.overlap)
        if col_spans is None or row_spans is None:
            crowded = (nc, nr)
            continue
        tiles = tuple(
            Tile(i, j, c0, c1, v0, v1)
            for i, (v0, v1) in enumerate(row_spans)
            for j, (c0, c1) in enumerate(col_spans)
        )
        plan = PagePlan(
            opts.paper, width, height, tiles, len(col_spans), len(row_spans), (nc, nr), layers, len(tiles) > 1
        )
        if best is None or plan.pages < best.pages:
            best = plan
    size = _length(opts.hex_size)
    paper = _paper(opts.paper)
    if not fits:
        raise MapError(
            f"a {size} hex is larger than the printable area of {paper} paper; "
            "use smaller hexes, larger paper or --paper fit"
        )
    if best is None:
        assert crowded is not None
        raise MapError(
            f"--overlap {opts.overlap} leaves no new hexes per page: one {paper} page holds "
            f"{_count(crowded[0], 'column')} and {_count(crowded[1], 'row')} of {size} hexes"
        )
    if best.pages > MAX_PAGES:
        raise MapError(
            f"this map needs {best.pages} {paper} pages, more than {MAX_PAGES}; use --paper fit "
            "for one print-shop page, or a smaller map or hex"
        )
    return best


# --- colours and sizes -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Palette:
    background: str | None
    grid: str
    label: str
    mark: str
    text: str
    planet: str
    moon: str
    body_stroke: str
    warp: str
    rock: str
    field: str


_PALETTES = {
    "plain": _Palette(
        None,
        "#7a7a7a",
        "#555555",
        "#6b6b6b",
        "#222222",
        "#8fb0d3",
        "#cfcfcf",
        "#2d3e50",
        "#6a3d9a",
        "#8a8178",
        "#ece8e1",
    ),
    "starfield": _Palette(
        "#0b1020",
        "#5d6b8a",
        "#aab6d0",
        "#aab6d0",
        "#e6ebf5",
        "#5b86c5",
        "#a9a9b3",
        "#dfe6f5",
        "#c59be0",
        "#9c958b",
        "#262a36",
    ),
}
_STAR_COLOURS = ("#ffffff", "#ffffff", "#dfe6ff", "#fff1d6", "#c7d3ff", "#ffd9c7", "#bfc5d6")


def _label_font(size: float) -> float:
    """Hex-number size in pt for a hex ``size`` pt across: 10 % of it, 4 to 8 pt
    (smaller only on hexes under 20 pt)."""
    return max(min(0.1 * size, 8.0), min(4.0, 0.2 * size))


def _mix(colour: str, other: str, amount: float) -> str:
    """``colour`` blended ``amount`` (0..1) of the way towards ``other`` (``#rrggbb``)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


def _length(points: float) -> str:
    """A hex size for people: ``1 in``, ``0.75 in``, ``25 mm`` (whole millimetres that are
    not whole eighths of an inch read better in mm)."""
    millimetres = points / mm(1)
    if abs(millimetres - round(millimetres)) < 1e-6 and abs(points / 9 - round(points / 9)) > 1e-6:
        return f"{round(millimetres)} mm"
    return format_length(points, "in").replace("in", " in")


def _count(n: int, word: str, plural: str | None = None) -> str:
    """``3 columns``, ``1 row``; ``plural`` where adding an s will not do (``hexes``)."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _paper(key: str) -> str:
    """A paper size as people write it: ``letter``, ``A4``."""
    return key.upper() if key.startswith("a") else key


def _number(value: float) -> str:
    """``1200.0`` as ``1,200``; ``0.5`` as ``0.5``."""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


# --- text boxes and label placement ---------------------------------------------------------------

Box = tuple[float, float, float, float]
#: Padding around a zone label's text (pt), and its line spacing (times the size).
_PAD_X, _PAD_Y, _LEAD = 2.0, 1.0, 1.15
#: Room a zone label leaves around what it keeps clear of (pt).
_GAP = 1.0


@cache
def _extent(size: float, family: str = "SheetSans", bold: bool = False) -> tuple[float, float]:
    """Ascent above and descent below the baseline (pt, both positive) of a bundled font."""
    from reportlab.pdfbase import pdfmetrics

    from sheetgen.draw.fonts import font_name, register_fonts

    register_fonts()
    ascent, descent = pdfmetrics.getAscentDescent(font_name(family, bold), size)
    return float(ascent), float(-descent)


def _text_box(
    x: float,
    y: float,
    text: str,
    size: float,
    anchor: str = "middle",
    family: str = "SheetSans",
    bold: bool = False,
    rotate: float = 0.0,
) -> Box:
    """``(x0, y0, x1, y1)`` around one line of text with its baseline at ``y``
    (rotated a quarter turn or not)."""
    w = text_width(text, size, family, bold)
    left = -w / 2 if anchor == "middle" else -w if anchor == "end" else 0.0
    ascent, descent = _extent(size, family, bold)
    if rotate % 180 == 0:
        return x + left, y - ascent, x + left + w, y + descent
    if rotate % 360 == 90:  # reads downwards: the line's top faces right
        return x - descent, y + left, x + ascent, y + left + w
    return x - ascent, y - left - w, x + descent, y - left  # -90: reads upwards


def _union(boxes: list[Box]) -> list[Box]:
    """The box around all ``boxes``, as a list of one (none for none)."""
    if not boxes:
        return []
    return [
        (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
    ]


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clip(box: Box, area: Box) -> Box:
    return max(box[0], area[0]), max(box[1], area[1]), min(box[2], area[2]), min(box[3], area[3])


def _obstacles(items: list[Item], palette: _Palette) -> tuple[list[Box], list[Box]]:
    """Boxes a zone label must keep clear of: hex numbers, and everything else drawn
    over the grid (texts, marks and trim lines, bodies, start positions, labels
    placed before). Hex edges, shading, zone outlines and stars are not in the way."""
    numbers: list[Box] = []
    others: list[Box] = []
    for item in items:
        if isinstance(item, Labels):
            numbers += [
                _text_box(x, y, t, item.size, item.anchor, item.font, item.bold)
                for x, y, t in item.items
                if t
            ]
        elif isinstance(item, Text):
            others.append(
                _text_box(
                    item.x, item.y, item.text, item.size, item.anchor, item.font, item.bold, item.rotate
                )
            )
        elif isinstance(item, Circle):
            if item.style.stroke is not None or item.r >= 1.2:
                (cx, cy), rr = item.center, item.r + item.style.width / 2 + 0.5
                others.append((cx - rr, cy - rr, cx + rr, cy + rr))
        elif isinstance(item, Rect):
            others.append((item.x, item.y, item.x + item.w, item.y + item.h))
        elif isinstance(item, Polygon):
            if item.style.stroke is not None:
                xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
                others.append((min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5))
        elif isinstance(item, Lines) and (item.style.dash or item.style.stroke == palette.mark):
            half = item.style.width / 2 + 1.0
            others += [
                (
                    min(a[0], b[0]) - half,
                    min(a[1], b[1]) - half,
                    max(a[0], b[0]) + half,
                    max(a[1], b[1]) + half,
                )
                for a, b in item.segments
            ]
    return numbers, others


@dataclass(frozen=True)
class _Level:
    """One way to set a label: its ``lines`` at ``size`` pt in a ``w`` x ``h`` pt box."""

    size: float
    lines: tuple[str, ...]
    w: float
    h: float


def _wrap(text: str, count: int) -> tuple[tuple[str, ...], float] | None:
    """``text`` broken at spaces into ``count`` lines, and the widest line's width at
    1 pt (bold): the narrowest block (to a twentieth of the size), each break beside
    a one-letter word counting 25 % wider ("Player A" stays together), then the most
    even lines; ``None`` when it has fewer words. Widths add up word by word, as the
    fonts are set without kerning."""
    words = text.split()
    if len(words) < count:
        return None
    unit = [text_width(word, 1.0, bold=True) for word in words]
    space = text_width(" ", 1.0, bold=True)
    best: tuple[tuple[float, int, float], tuple[str, ...], float] | None = None
    for cuts in itertools.combinations(range(1, len(words)), count - 1):
        bounds = (0, *cuts, len(words))
        spans = list(itertools.pairwise(bounds))
        widths = [sum(unit[a:b]) + space * (b - a - 1) for a, b in spans]
        widest = max(widths)
        dangling = sum(_single(words[cut - 1]) or _single(words[cut]) for cut in cuts)
        looks = widest * (1 + 0.25 * dangling)  # a break beside a lone letter
        key = (math.ceil(looks * 20 - 1e-6) / 20, dangling, sum((widest - w) ** 2 for w in widths))
        if best is None or key < best[0]:
            best = (key, tuple(" ".join(words[a:b]) for a, b in spans), widest)
    return (best[1], best[2]) if best else None


def _single(word: str) -> bool:
    """A one-letter word: ``A`` in ``Player A``."""
    return len(word) == 1 and word.isalpha()


@cache
def _label_levels(text: str, biggest: float) -> tuple[_Level, ...]:
    """The ways to set a zone label, best first: larger before smaller, one line
    before several at nearly the same size (each further line counts as 12 % smaller),
    from ``biggest`` down to 4 pt in half points, on one to four lines."""
    sizes = []
    size = biggest
    while size >= 4.0 - 1e-9:
        sizes.append(round(size, 2))
        size -= 0.5
    if not sizes or sizes[-1] > 4.0:
        sizes.append(4.0)
    levels = []
    for count in (1, 2, 3, 4):
        wrapped = _wrap(text, count)
        if wrapped is None:
            continue
        lines, widest = wrapped
        for size in sizes:
            ascent, descent = _extent(size)
            w = widest * size + 2 * _PAD_X
            h = ascent + descent + (count - 1) * size * _LEAD + 2 * _PAD_Y
            levels.append((size * (1 - 0.12 * (count - 1)), count, _Level(size, lines, w, h)))
    levels.sort(key=lambda item: (-item[0], item[1]))
    return tuple(level for _, _, level in levels)


def _free_spots(
    w: float,
    h: float,
    region: Box,
    blocked: list[Box],
    target: tuple[float, float],
    step_x: float,
    step_y: float,
) -> list[tuple[float, float]]:
    """Centres of ``w`` x ``h`` boxes inside ``region`` that overlap none of ``blocked``,
    on rows ``step_y`` apart and about ``step_x`` apart along a row (plus the spot of
    each clear stretch nearest ``target``); nearest ``target`` first."""
    x_lo, x_hi = region[0] + w / 2, region[2] - w / 2
    y_lo, y_hi = region[1] + h / 2, region[3] - h / 2
    if x_lo > x_hi + 1e-9 or y_lo > y_hi + 1e-9:
        return []
    near = sorted(
        b for b in blocked if b[0] < region[2] and b[2] > region[0] and b[1] < region[3] and b[3] > region[1]
    )
    tall = [b for b in near if b[3] - b[1] > 2 * h]  # trim lines and the like: always looked at
    short = sorted((b for b in near if b[3] - b[1] <= 2 * h), key=lambda b: b[1])
    tops = [b[1] for b in short]
    reach = 2 * h + _GAP
    tx, ty = target
    spots: list[tuple[float, float, float]] = []
    rows = max(0, math.floor((y_hi - y_lo) / step_y + 1e-9))
    ys = [y_lo + i * step_y for i in range(rows + 1)]
    if y_hi - ys[-1] > 1e-6:
        ys.append(y_hi)
    for y in ys:
        top, bottom = y - h / 2, y + h / 2
        # short boxes that can reach this row start less than their greatest height above it
        lo, hi = bisect.bisect_left(tops, top - reach), bisect.bisect_left(tops, bottom + _GAP)
        spans = sorted(
            (b[0] - w / 2 - _GAP, b[2] + w / 2 + _GAP)
            for b in itertools.chain(tall, short[lo:hi])
            if b[1] < bottom + _GAP and b[3] > top - _GAP
        )
        start = x_lo
        free = []
        for a, b in spans:
            if a > start:
                free.append((start, min(a, x_hi)))
            start = max(start, b)
            if start > x_hi:
                break
        if start <= x_hi:
            free.append((start, x_hi))
        for a, b in free:
            if b < a:
                continue
            # a hair inside the stretch, so the box does not touch what bounds it
            a2, b2 = (a + 0.01, b - 0.01) if b - a > 0.02 else ((a + b) / 2, (a + b) / 2)
            xs = {min(max(tx, a2), b2), a2, b2}
            count = math.floor((b2 - a2) / step_x)
            xs.update(a2 + i * (b2 - a2) / count for i in range(1, count))
            spots += [((x - tx) ** 2 + (y - ty) ** 2, x, y) for x in xs]
    spots.sort()
    return [(x, y) for _, x, y in spots]


# --- the layout --------------------------------------------------------------------------------


def layout_map(opts: MapOptions) -> Drawing:
    """The pages of the map: an assembly index first when there is more than one
    tile, then every tile of every layer (layers in order, tiles in reading order).

    Raises :class:`MapError` as :func:`plan_pages`.
    """
    plan = plan_pages(opts)
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    drawing = Drawing(title=opts.title)
    maker = _PageMaker(opts, plan, grid)
    # Hundreds of thousands of point tuples and no reference cycles: the cyclic
    # garbage collector would only rescan them, at half the cost of the layout.
    collecting = gc.isenabled()
    gc.disable()
    try:
        if plan.index:
            drawing.pages.append(maker.index_page())
        for layer in opts.layers:
            for tile in plan.tiles:
                drawing.pages.append(maker.tile_page(tile, layer))
    finally:
        if collecting:
            gc.enable()
    return drawing


class _PageMaker:
    """Builds the pages of one map; holds what every page shares."""

    def __init__(self, opts: MapOptions, plan: PagePlan, grid: Grid) -> None:
        self.opts, self.plan, self.grid = opts, plan, grid
        self.palette = _PALETTES[opts.style]
        self.size = opts.hex_size
        self.font = _label_font(opts.hex_size)
        width = max(2, len(str(max(opts.cols, opts.rows))))
        self.width = width
        self.layered = len(opts.layers) > 1 or opts.layers != (0,)
        every = opts.every  # number the columns and rows whose 1-based number it divides
        sep = "." if opts.numbering == "xx.yy" else ""
        self.col_text: list[str | None] = [
            None
            if opts.numbering == "none" or (c + 1) % every
            else _letters(c)
            if opts.numbering == "letters"
            else f"{c + 1:0{width}d}{sep}"
            for c in range(opts.cols)
        ]
        self.row_text: list[str | None] = [
            None if opts.numbering == "none" or (r + 1) % every else f"{r + 1:0{width}d}"
            for r in range(opts.rows)
        ]
        if grid.flat:  # baseline of the hex number below the centre: near the top edge
            self._label_dy = -self.size / 2 + self.font * 0.95 + self.size * 0.02
        else:  # just above the upper corners' line, where the hex is full width
            self._label_dy = -grid.radius / 2 + self.font * 0.25
        # cut lines between tiles: columns and visual rows where the later tile starts
        self._cells: dict[Zone, list[tuple[int, int]]] = {}
        self.col_starts = sorted({t.c0 for t in plan.tiles if t.col > 0})
        self.row_starts = sorted({t.v0 for t in plan.tiles if t.row > 0})

    # -- shared parts --------------------------------------------------------------------------

    def _title(self, layer: int | None) -> str:
        if layer is not None and self.layered:
            return f"{self.opts.title} · {format_layer(layer)}"
        return self.opts.title

    def _frame(
        self, page: Page, heading: str, right: str, right_small: str, *, to_scale: bool = True
    ) -> None:
        """Header (title left, tile name right) and footer (scale bar, ruler); a page
        that is not ``to_scale`` (the index) gets the ruler but no scale bar."""
        y = MARGIN + 11
        right_w = text_width(right, 12, bold=True)
        small_w = text_width(right_small, 7) + 4 if right_small else 0.0
        room = page.width - 2 * MARGIN - right_w - small_w - 12
        size = fit_size(heading, room, 10, 6, bold=True)
        page.add(Text(MARGIN, y, heading, size=size, bold=True, fill="#222222"))
        x_right = page.width - MARGIN
        page.add(Text(x_right, y, right, size=12, bold=True, anchor="end", fill="#222222"))
        if right_small:
            page.add(Text(x_right - right_w - 4, y, right_small, size=7, anchor="end", fill="#555555"))
        self._footer(page, to_scale)

    def _footer(self, page: Page, to_scale: bool) -> None:
        top = page.height - MARGIN - FOOTER + 8  # the first 8 pt name the tile below
        self._ruler(page, page.width - MARGIN - RULER, top + 14)
        if to_scale:
            self._scale_bar(page, MARGIN, top + 15, page.width - 2 * MARGIN - RULER - inch(0.4))
            what = f"Hexes {_length(self.size)} across the flats"
        else:
            what = "This diagram is not to scale"
        note = f"{what} · print at 100 % (actual size): the ruler is 100 mm / 4 in"
        size = fit_size(note, page.width - 2 * MARGIN - RULER - inch(0.3), 6.5, 4.5)
        page.add(Text(MARGIN, top + FOOTER - 11, note, size=size, fill="#444444"))

    def _ruler(self, page: Page, x: float, y: float) -> None:
        """The calibration ruler: a 4 in line with inch ticks below and millimetre ticks
        above (100 mm), both starting at ``x``; ``y`` is the line."""
        ink = Style("#222222", width=0.6)
        segments: list[tuple[tuple[float, float], tuple[float, float]]] = [((x, y), (x + RULER, y))]
        for i in range(17):  # quarter inches
            tick = 7.0 if i % 4 == 0 else 4.5 if i % 2 == 0 else 3.0
            tx = x + inch(i / 4)
            segments.append(((tx, y), (tx, y + tick)))
        for i in range(21):  # every 5 mm
            tick = 6.0 if i % 2 == 0 else 3.5
            tx = x + mm(5 * i)
            segments.append(((tx, y), (tx, y - tick)))
        page.add(Lines(tuple(segments), ink))
        for i in range(5):
            page.add(Text(x + inch(i), y + 14, f"{i} in" if i == 4 else str(i), size=6, anchor="middle"))
        for i in (0, 50, 100):
            page.add(Text(x + mm(i), y - 8, f"{i} mm" if i == 100 else str(i), size=6, anchor="middle"))

    def _scale_bar(self, page: Page, x: float, y: float, room: float) -> None:
        """A bar of whole hexes in the game's distance (or in hexes), at most ``room`` pt long."""
        s = self.size
        scale = self.opts.scale
        count = next((n for n in (10, 5, 4, 3, 2, 1) if n * s <= room * 0.9), 0)
        if scale is not None:
            amount, unit = scale
            title = f"Scale: 1 hex = {_number(amount)} {unit}"
        else:
            amount, unit = 1.0, ""
            title = "Scale: hexes"
        page.add(Text(x, y - 7, title, size=6.5, bold=True, fill="#222222"))
        if count == 0:
            return
        height = 3.5
        for i in range(count):
            fill = "#222222" if i % 2 == 0 else "#ffffff"
            page.add(Rect(x + i * s, y, s, height, Style("#222222", fill, width=0.4)))
        step = 1 if count <= 5 or s >= 30 else 2 if count <= 10 else 5
        for i in range(0, count + 1, step):
            text = _number(amount * i)
            if i == count:
                text = f"{text} {unit}" if unit else _count(i, "hex", "hexes")
            page.add(Text(x + i * s, y + height + 7, text, size=5.5, anchor="middle", fill="#222222"))

    # -- index page ---------------------------------------------------------------------------

    def index_page(self) -> Page:
        """The assembly index: how many pages, how they fit, and a diagram of the tiles."""
        plan, opts, grid = self.plan, self.opts, self.grid
        page = Page(plan.width, plan.height, label="Assembly index")
        self._frame(page, f"{opts.title}: assembly index", "Index", "", to_scale=False)
        hex_text = _length(self.size)
        per_layer = len(plan.tiles)
        orientation = "landscape" if plan.landscape else "portrait"
        lines = [
            f"{opts.cols} × {opts.rows} hexes, {hex_text} across the flats, "
            f"{'flat' if grid.flat else 'pointy'}-topped, numbered from the "
            f"{'upper' if opts.origin == 'ul' else 'lower'} left corner.",
            f"{per_layer} {_paper(opts.paper)} pages ({orientation}) after this one: "
            f"{plan.across} across × {plan.down} down"
            + (
                f", overlapping their neighbours by {_count(opts.overlap, 'hex', 'hexes')}."
                if opts.overlap
                else ", meeting edge to edge."
            ),
        ]
        if self.layered:
            names = ", ".join(format_layer(x) for x in opts.layers)
            each = "each, " if len(opts.layers) > 1 else ""
            lines.append(
                f"{_count(len(opts.layers), 'layer')} ({names}): one set of {per_layer} pages {each}"
                "named in their header."
            )
        lines += [
            "1. Print at 100 % (actual size, no fit-to-page); the ruler at the foot of each page measures 100 mm / 4 in.",
            "2. Lay the pages out as in the diagram: row letter, column number (B3 is row B, column 3).",
        ]
        if opts.overlap:
            lines.append(
                "3. Trim each page along its dashed lines (left and top), lay it over its neighbours "
                "so the ⊕ marks meet, and tape from behind."
            )
        else:
            lines.append("3. Trim each page along the outer hex edges and butt the pages together.")
        y = MARGIN + HEADER + 14
        room = page.width - 2 * MARGIN
        for line in lines:
            size = fit_size(line, room, 9, 5)
            page.add(Text(MARGIN, y, line, size=size, fill="#222222"))
            y += 13
        # diagram of the tiles, scaled into what is left
        top = y + 6
        bottom = page.height - MARGIN - FOOTER - 8
        avail_w, avail_h = room, bottom - top
        k = min(avail_w / grid.width, avail_h / grid.height)
        ox = MARGIN + (avail_w - grid.width * k) / 2
        oy = top
        if opts.cols * opts.rows <= 6000:
            segs, _ = self._grid_items(
                Tile(0, 0, 0, opts.cols - 1, 0, opts.rows - 1), k, ox, oy, labels=False
            )
            page.add(Lines(segs, Style("#b8b8b8", width=0.3)))
        else:
            page.add(Rect(ox, oy, grid.width * k, grid.height * k, Style("#b8b8b8", width=0.5)))
        fills = ("#3b6fb6", "#c0504d")
        for tile in plan.tiles:
            x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
            fill = fills[(tile.row + tile.col) % 2]
            page.add(
                Rect(
                    ox + x0 * k,
                    oy + y0 * k,
                    (x1 - x0) * k,
                    (y1 - y0) * k,
                    Style(fill, fill, width=0.8, opacity=0.12),
                )
            )
        for tile in plan.tiles:
            x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
            w = (x1 - x0) * k
            size = max(5.0, min(16.0, w / 4, (y1 - y0) * k / 3))
            cx, cy = ox + (x0 + x1) / 2 * k, oy + (y0 + y1) / 2 * k
            page.add(
                Text(cx, cy + size * 0.35, tile.name, size=size, bold=True, anchor="middle", fill="#222222")
            )
            first = self._hex_text(tile.c0, grid.label_row(tile.v0)) if opts.numbering != "none" else ""
            if first and size >= 8:
                page.add(
                    Text(
                        cx,
                        cy + size * 0.35 + size * 0.8,
                        f"from {first}",
                        size=size * 0.45,
                        anchor="middle",
                        fill="#444444",
                    )
                )
        return page

    def _hex_text(self, c: int, row: int) -> str:
        return hex_label(c, row, self.opts.numbering, self.width)

    # -- tile pages ---------------------------------------------------------------------------

    def tile_page(self, tile: Tile, layer: int) -> Page:
        """One tile of one layer."""
        plan, opts, grid, pal = self.plan, self.opts, self.grid, self.palette
        x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
        area_w = plan.width - 2 * MARGIN
        area_h = plan.height - 2 * MARGIN - HEADER - FOOTER
        ox = MARGIN + (area_w - (x1 - x0)) / 2 - x0
        oy = MARGIN + HEADER + (area_h - (y1 - y0)) / 2 - y0
        several = len(plan.tiles) > 1
        name = tile.name if several else (format_layer(layer) if self.layered else "")
        label = f"{format_layer(layer)} {tile.name}" if self.layered and several else (name or "Map")
        page = Page(plan.width, plan.height, label=label)
        first = self._hex_text(tile.c0, grid.label_row(tile.v0))
        last = self._hex_text(tile.c1, grid.label_row(tile.v1))
        span = (f"hexes {first}–{last}" if first != last else f"hex {first}") if first else ""
        small = (
            f"{span} · tile {tile.row * plan.across + tile.col + 1} of {len(plan.tiles)}" if several else span
        )
        title = self._title(layer)
        if not several and self.layered:
            name = format_layer(layer)
            title = opts.title
        self._frame(page, title, name, small)

        cells = [(c, v) for c in range(tile.c0, tile.c1 + 1) for v in range(tile.v0, tile.v1 + 1)]
        if pal.background:
            page.add(Polygon(tuple(self._outline(tile, ox, oy)), Style(None, pal.background)))
        terrain = [f for f in opts.plan.features if f.layer == layer]
        zones = [z for z in opts.plan.zones if z.layer == layer]
        for zone in zones:
            self._zone_fill(page, zone, tile, ox, oy)
        for feature in terrain:
            if feature.kind == "asteroids":
                self._asteroid_fill(page, feature, tile, ox, oy, layer)
        if opts.style == "starfield":
            self._stars(page, cells, ox, oy, layer)
        segments, labels = self._grid_items(tile, 1.0, ox, oy)
        page.add(Lines(segments, Style(pal.grid, width=0.6 if self.size >= 36 else 0.45)))
        if labels:
            page.add(Labels(labels, size=self.font, anchor="middle", fill=pal.label))
        for zone in zones:
            self._zone_edge(page, zone, tile, ox, oy)
        # a body or start marker and its name are kept clear as one, so no label comes between
        groups: list[Box] = []
        for feature in terrain:
            first_item = len(page.items)
            self._feature(page, feature, tile, ox, oy)
            groups += _union(_obstacles(page.items[first_item:], pal)[1])
        for start in opts.plan.starts:
            if start.layer == layer:
                first_item = len(page.items)
                self._start(page, start, tile, ox, oy)
                groups += _union(_obstacles(page.items[first_item:], pal)[1])
        if several:
            self._assembly(page, tile, ox, oy, (x0 + ox, y0 + oy, x1 + ox, y1 + oy))
        # zone labels last, placed clear of everything else on the page
        area = _clip(
            (x0 + ox, y0 + oy, x1 + ox, y1 + oy),
            (MARGIN, MARGIN + HEADER, page.width - MARGIN, page.height - MARGIN - FOOTER),
        )
        for zone in zones:
            self._zone_label(page, zone, tile, ox, oy, area, groups)
        return page

    def _grid_items(
        self, tile: Tile, k: float, ox: float, oy: float, *, labels: bool = True
    ) -> tuple[
        tuple[tuple[tuple[float, float], tuple[float, float]], ...], tuple[tuple[float, float, str], ...]
    ]:
        """Every hex edge of ``tile`` once, and its hex numbers; ``k`` scales, ``ox``/``oy`` move (pt).

        Each hex draws its three edges facing the start of the rows and columns and
        the other three only where that neighbour is off the tile.
        """
        grid = self.grid
        offsets = [(dx * k, dy * k) for dx, dy in grid.corner_offsets()]
        first = 2 if grid.flat else 3  # the always-drawn run: SW NW N (flat), W NW NE (pointy)
        order = [(first + i) % 6 for i in range(6)]
        (ax, ay), (bx, by), (ex, ey), (fx, fy) = (offsets[i] for i in order[:4])
        c0, c1, v0, v1 = tile.c0, tile.c1, tile.v0, tile.v1
        segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
        add = segments.append
        items: list[tuple[float, float, str]] = []
        put = items.append
        col_text, row_text = self.col_text, self.row_text
        label_dy = self._label_dy * k
        want_labels = labels and self.opts.numbering != "none"
        ul = grid.origin == "ul"
        last_row = grid.rows - 1
        step = grid.size * k
        for c in range(c0, c1 + 1):
            ctext = col_text[c] if want_labels else None
            inner_col = c0 < c < c1
            x, y = grid.center(c, v0)
            x, y = x * k + ox, y * k + oy - step
            for v in range(v0, v1 + 1):
                if grid.flat:  # columns are straight: step down one hex
                    y += step
                else:
                    x, y = grid.center(c, v)
                    x, y = x * k + ox, y * k + oy
                pa, pb, pe, pf = (x + ax, y + ay), (x + bx, y + by), (x + ex, y + ey), (x + fx, y + fy)
                add((pa, pb))
                add((pb, pe))
                add((pe, pf))
                if not (inner_col and v0 < v < v1):  # only edge hexes can have neighbours off the tile
                    corners = {order[0]: pa, order[1]: pb, order[2]: pe, order[3]: pf}
                    for i in order[4:]:
                        corners[i] = (x + offsets[i][0], y + offsets[i][1])
                    nb = grid.neighbours(c, v)
                    for i in order[3:]:
                        nc, nv = nb[i]
                        if not (c0 <= nc <= c1 and v0 <= nv <= v1):
                            add((corners[i], corners[(i + 1) % 6]))
                if ctext is not None:
                    rtext = row_text[v if ul else last_row - v]
                    if rtext is not None:
                        put((x, y + label_dy, ctext + rtext))
        return tuple(segments), tuple(items)

    def _outline(self, tile: Tile, ox: float, oy: float) -> list[tuple[float, float]]:
        """The tile's outer boundary as one closed polygon (pt), following the hex edges."""
        grid = self.grid
        offsets = grid.corner_offsets()
        edges: dict[tuple[int, int], tuple[tuple[float, float], tuple[int, int], tuple[float, float]]] = {}
        for c in range(tile.c0, tile.c1 + 1):
            for v in range(tile.v0, tile.v1 + 1):
                if tile.c0 < c < tile.c1 and tile.v0 < v < tile.v1:
                    continue
                cx, cy = grid.center(c, v)
                for i, (nc, nv) in enumerate(grid.neighbours(c, v)):
                    if not tile.holds(nc, nv):
                        a = (cx + offsets[i][0] + ox, cy + offsets[i][1] + oy)
                        b = (cx + offsets[(i + 1) % 6][0] + ox, cy + offsets[(i + 1) % 6][1] + oy)
                        edges[_key(a)] = (a, _key(b), b)
        start = min(edges)
        loop = []
        key = start
        for _ in range(len(edges)):
            a, nxt, _b = edges[key]
            loop.append(a)
            key = nxt
            if key == start:
                break
        return loop

    def _hex_polygon(
        self, c: int, v: int, ox: float, oy: float, shrink: float = 1.0
    ) -> tuple[tuple[float, float], ...]:
        cx, cy = self.grid.center(c, v)
        cx, cy = cx + ox, cy + oy
        return tuple((cx + dx * shrink, cy + dy * shrink) for dx, dy in self.grid.corner_offsets())

    def _visible(self, cells: list[tuple[int, int]], tile: Tile) -> list[tuple[int, int]]:
        """Visual cells of label-coordinate ``cells`` that fall on ``tile``."""
        grid = self.grid
        out = []
        for col, row in cells:
            c, v = grid.cell(col, row)
            if tile.holds(c, v):
                out.append((c, v))
        return out

    def _anchor(self, cells: list[tuple[int, int]], avoid: set[tuple[int, int]]) -> tuple[int, int]:
        """The cell nearest the middle of ``cells`` for a name, preferring cells not in ``avoid``."""
        grid = self.grid
        pts = [grid.center(c, v) for c, v in cells]
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)

        def rank(pc: tuple[tuple[float, float], tuple[int, int]]) -> tuple[int, float, tuple[int, int]]:
            (x, y), cell = pc
            return (1 if cell in avoid else 0), (x - mx) ** 2 + (y - my) ** 2, cell

        return min(zip(pts, cells, strict=True), key=rank)[1]

    def _occupied(self, layer: int) -> set[tuple[int, int]]:
        plan, grid = self.opts.plan, self.grid
        cells = {
            grid.cell(h.col, h.row)
            for f in plan.features
            if f.layer == layer and f.kind != "asteroids"
            for h in f.hexes
        }
        cells.update(grid.cell(s.at.col, s.at.row) for s in plan.starts if s.layer == layer)
        return cells

    def _tint(self, colour: str) -> str:
        """A zone's shade: its colour faded into the paper (or the starfield)."""
        base = self.palette.background or "#ffffff"
        return _mix(colour, base, 0.82 if base == "#ffffff" else 0.6)

    def _zone_cells(self, zone: Zone) -> list[tuple[int, int]]:
        """``zone``'s hexes (label coordinates), worked out once for all the pages."""
        if zone not in self._cells:
            opts = self.opts
            self._cells[zone] = zone.cells(opts.cols, opts.rows, opts.orientation, opts.origin)
        return self._cells[zone]

    def _zone_fill(self, page: Page, zone: Zone, tile: Tile, ox: float, oy: float) -> None:
        cells = self._visible(self._zone_cells(zone), tile)
        if not cells:
            return
        style = Style(None, self._tint(zone.colour))
        for c, v in cells:
            page.add(Polygon(self._hex_polygon(c, v, ox, oy), style))

    def _zone_edge(self, page: Page, zone: Zone, tile: Tile, ox: float, oy: float) -> None:
        grid = self.grid
        labelled = self._zone_cells(zone)
        inside = {grid.cell(col, row) for col, row in labelled}
        cells = [cell for cell in inside if tile.holds(*cell)]
        if not cells:
            return
        offsets = grid.corner_offsets()
        segments = []
        for c, v in sorted(cells):
            cx, cy = grid.center(c, v)
            for i, nb in enumerate(grid.neighbours(c, v)):
                if nb not in inside:
                    a = (cx + offsets[i][0] + ox, cy + offsets[i][1] + oy)
                    b = (cx + offsets[(i + 1) % 6][0] + ox, cy + offsets[(i + 1) % 6][1] + oy)
                    segments.append((a, b))
        width = max(0.8, min(1.8, self.size / 40))
        page.add(Lines(tuple(segments), Style(zone.colour, width=width)))

    def _zone_label(
        self, page: Page, zone: Zone, tile: Tile, ox: float, oy: float, area: Box, keep: list[Box]
    ) -> None:
        """``zone``'s label on this tile, inside ``area`` (pt) and clear of what is drawn
        and of the ``keep`` boxes.

        The label goes on the zone's hexes on this tile, as large as fits (9 pt on
        1 in hexes) and on one to four lines, clear of hex numbers, registration marks,
        trim lines, terrain, start positions and other labels; the spot nearest the
        middle of the zone's hexes here wins. Where no spot inside the zone is clear it
        may reach out of the zone (on a paper-coloured ground, so it does not read as
        zone), then beside it; only where nothing is clear (hexes too small) does it
        cover hex numbers, and last of all anything else.
        """
        grid, s = self.grid, self.size
        labelled = self._zone_cells(zone)
        visible = {cell for cell in (grid.cell(col, row) for col, row in labelled) if tile.holds(*cell)}
        if not visible:
            return
        centres = [grid.center(c, v) for c, v in visible]
        target = (
            sum(x for x, _ in centres) / len(centres) + ox,
            sum(y for _, y in centres) / len(centres) + oy,
        )
        r = grid.radius
        zone_box = _clip(
            (
                min(x for x, _ in centres) - r + ox,
                min(y for _, y in centres) - s / 2 + oy,
                max(x for x, _ in centres) + r + ox,
                max(y for _, y in centres) + s / 2 + oy,
            ),
            area,
        )
        near_box = _clip((zone_box[0] - 2 * r, zone_box[1] - s, zone_box[2] + 2 * r, zone_box[3] + s), area)
        numbers, others = _obstacles(page.items, self.palette)
        others += keep
        biggest = max(4.0, min(9.0, s * 0.13))
        levels = list(_label_levels(zone.label, biggest))
        big = [lv for lv in levels if lv.size >= max(5.5, biggest * 0.75)]
        small = [lv for lv in levels if lv.size < max(5.5, biggest * 0.75)]
        step_x, step_y = max(1.0, r / 8), max(0.75, min(2.0, s / 40))

        def share(box: Box, need: float) -> float:
            """Part of the sample points of ``box`` on the zone's hexes of this tile; stops
            early (returning 0) once ``need`` is out of reach."""
            x0, y0, x1, y1 = box
            n = max(2, math.ceil((x1 - x0) / (r / 2)) + 1)
            xs = [x0 + 0.01 + (x1 - x0 - 0.02) * i / (n - 1) for i in range(n)]
            points = [((x0 + x1) / 2, (y0 + y1) / 2)]
            points += [(x, y) for x in xs for y in (y0 + 0.01, (y0 + y1) / 2, y1 - 0.01)]
            allowed = len(points) * (1 - need)
            missed = 0
            for x, y in points:
                if grid.locate(x - ox, y - oy) not in visible:
                    missed += 1
                    if missed > allowed + 1e-9:
                        return 0.0
            return 1 - missed / len(points)

        attempts: list[tuple[list[_Level], Box, list[Box], float]] = [
            (big, zone_box, numbers + others, 1.0),
            (big, zone_box, numbers + others, 0.5),
            (small, zone_box, numbers + others, 1.0),
            (small, zone_box, numbers + others, 0.5),
            (levels, near_box, numbers + others, 0.0),
            (levels[-4:], near_box, others, 0.0),
        ]
        for tried, region, blocked, need in attempts:
            for level in tried:
                for x, y in _free_spots(level.w, level.h, region, blocked, target, step_x, step_y):
                    box = (x - level.w / 2, y - level.h / 2, x + level.w / 2, y + level.h / 2)
                    if need and share(box, need) < need:
                        continue
                    self._put_label(page, zone, level, box, inside=need == 1.0)
                    return
        # nothing is clear: the smallest label at the middle of the zone, kept in the area
        level = levels[-1]
        x = min(max(target[0], area[0] + level.w / 2), area[2] - level.w / 2)
        y = min(max(target[1], area[1] + level.h / 2), area[3] - level.h / 2)
        self._put_label(
            page,
            zone,
            level,
            (x - level.w / 2, y - level.h / 2, x + level.w / 2, y + level.h / 2),
            inside=False,
        )

    def _put_label(self, page: Page, zone: Zone, level: _Level, box: Box, *, inside: bool) -> None:
        """Draw a zone label in ``box``: on the zone's shade when it lies wholly on the
        zone, else on the paper's (or starfield's) colour."""
        ground = self._tint(zone.colour) if inside else (self.palette.background or "#ffffff")
        colour = zone.colour if not self.palette.background else _mix(zone.colour, "#ffffff", 0.55)
        x0, y0, x1, y1 = box
        page.add(Rect(x0, y0, x1 - x0, y1 - y0, Style(None, ground)))
        ascent, _ = _extent(level.size)
        base = y0 + _PAD_Y + ascent
        for line in level.lines:
            page.add(
                Text((x0 + x1) / 2, base, line, size=level.size, bold=True, anchor="middle", fill=colour)
            )
            base += level.size * _LEAD

    def _asteroid_fill(
        self, page: Page, feature: Feature, tile: Tile, ox: float, oy: float, layer: int
    ) -> None:
        pal, grid = self.palette, self.grid
        cells = feature.cells(self.opts.cols, self.opts.rows, self.opts.orientation)
        s = self.size
        for col, row in cells:
            c, v = grid.cell(col, row)
            if not tile.holds(c, v):
                continue
            page.add(Polygon(self._hex_polygon(c, v, ox, oy), Style(None, pal.field)))
            rng = random.Random(f"rocks:{self.opts.seed}:{layer}:{col}:{row}")
            cx, cy = grid.center(c, v)
            cx, cy = cx + ox, cy + oy
            for _ in range(rng.randint(5, 8)):
                angle = rng.uniform(0, 2 * math.pi)
                dist = s * 0.33 * math.sqrt(rng.random())
                rx, ry = cx + dist * math.cos(angle), cy + dist * math.sin(angle) + s * 0.04
                radius = s * rng.uniform(0.035, 0.085)
                sides = rng.randint(5, 7)
                turn = rng.uniform(0, 2 * math.pi)
                pts = tuple(
                    (
                        rx + radius * rng.uniform(0.6, 1.0) * math.cos(turn + 2 * math.pi * i / sides),
                        ry + radius * rng.uniform(0.6, 1.0) * math.sin(turn + 2 * math.pi * i / sides),
                    )
                    for i in range(sides)
                )
                page.add(Polygon(pts, Style(None, pal.rock)))
        if feature.name:
            visible = self._visible(cells, tile)
            if visible:
                c, v = self._anchor(visible, self._occupied(layer))
                self._caption(page, feature.name, c, v, ox, oy)

    def _caption(
        self, page: Page, text: str, c: int, v: int, ox: float, oy: float, fill: str | None = None
    ) -> None:
        """A name at the foot of hex ``(c, v)``, shrunk to the hex's width there."""
        s = self.size
        cx, cy = self.grid.center(c, v)
        size = fit_size(
            text,
            s * 0.66 if self.grid.flat else s * 0.8,
            min(8.0, max(4.0, s * 0.11)),
            4.0,
            "SheetCondensed",
            True,
        )
        base = cy + s * 0.42 if self.grid.flat else cy + s * 0.36
        page.add(
            Text(
                cx + ox,
                base + oy,
                text,
                size=size,
                font="SheetCondensed",
                bold=True,
                anchor="middle",
                fill=fill or self.palette.text,
            )
        )

    def _stars(self, page: Page, cells: list[tuple[int, int]], ox: float, oy: float, layer: int) -> None:
        """A seeded starfield: each hex's stars come from (seed, layer, hex), so a hex on
        two overlapping pages shows the same stars."""
        grid, s = self.grid, self.size
        area = _SQRT3 / 2 * (s / 72) ** 2  # hex area in square inches
        density = 3.5 * area
        seed = self.opts.seed
        clear_x = text_width("0" * (2 * self.width + 1), self.font) / 2 + 1.5
        label_bottom = self._label_dy + 1.5
        label_top = label_bottom - self.font - 2.5
        for c, v in cells:
            row = grid.label_row(v)
            rng = random.Random(f"stars:{seed}:{layer}:{c}:{row}")
            count = int(density * rng.uniform(0.3, 1.7) + rng.random())
            if not count:
                continue
            cx, cy = grid.center(c, v)
            for _ in range(count):
                angle = rng.uniform(0, 2 * math.pi)
                dist = s * 0.47 * math.sqrt(rng.random())
                r = rng.choice((0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1.0))
                colour = rng.choice(_STAR_COLOURS)
                dx, dy = dist * math.cos(angle), dist * math.sin(angle)
                if abs(dx) < clear_x and label_top < dy < label_bottom:
                    continue  # keep the hex number legible
                page.add(
                    Circle(
                        (cx + ox + dx, cy + oy + dy),
                        r,
                        Style(None, colour),
                    )
                )

    def _feature(self, page: Page, feature: Feature, tile: Tile, ox: float, oy: float) -> None:
        if feature.kind == "asteroids":
            return
        pal, grid, s = self.palette, self.grid, self.size
        ref = feature.hexes[0]
        c, v = grid.cell(ref.col, ref.row)
        if not tile.holds(c, v):
            return
        cx, cy = grid.center(c, v)
        cx, cy = cx + ox, cy + oy
        if feature.kind in ("planet", "moon"):
            r = feature.size * s / 2
            fill = pal.planet if feature.kind == "planet" else pal.moon
            page.add(Circle((cx, cy), r, Style(pal.body_stroke, fill, width=max(0.4, min(1.0, s / 80)))))
            if feature.kind == "planet" and r > 6:  # a terminator shade to read as a sphere
                page.add(
                    Circle(
                        (cx + r * 0.28, cy + r * 0.28),
                        r * 0.55,
                        Style(None, _mix(fill, "#ffffff", 0.35), opacity=0.6),
                    )
                )
            if feature.name:
                self._caption(page, feature.name, c, v, ox, oy)
            return
        # warp point: a dashed ring around a ring and a dot
        width = max(0.6, min(1.4, s / 55))
        page.add(Circle((cx, cy), s * 0.3, Style(pal.warp, None, width=width, dash=(s * 0.05, s * 0.035))))
        page.add(Circle((cx, cy), s * 0.17, Style(pal.warp, None, width=width)))
        page.add(Circle((cx, cy), s * 0.045, Style(None, pal.warp)))
        self._caption(page, feature.name or "Warp point", c, v, ox, oy, fill=pal.warp)

    def _start(self, page: Page, start: Start, tile: Tile, ox: float, oy: float) -> None:
        grid, s = self.grid, self.size
        c, v = grid.cell(start.at.col, start.at.row)
        if not tile.holds(c, v):
            return
        cx, cy = grid.center(c, v)
        cx, cy = cx + ox, cy + oy - s * 0.04
        outline = Style("#ffffff", start.colour, width=0.6)
        if start.facing is None:
            page.add(Circle((cx, cy), s * 0.13, outline))
        else:
            angle = math.radians(_FACING[grid.orientation][start.facing])
            ux, uy = math.cos(angle), math.sin(angle)
            px, py = -uy, ux
            tip = (cx + ux * s * 0.24, cy + uy * s * 0.24)
            back = (cx - ux * s * 0.14, cy - uy * s * 0.14)
            left = (back[0] + px * s * 0.14, back[1] + py * s * 0.14)
            right = (back[0] - px * s * 0.14, back[1] - py * s * 0.14)
            notch = (cx - ux * s * 0.05, cy - uy * s * 0.05)
            page.add(Polygon((tip, left, notch, right), outline))
        fill = start.colour if not self.palette.background else _mix(start.colour, "#ffffff", 0.55)
        self._caption(page, start.label, c, v, ox, oy, fill=fill)

    def _assembly(
        self, page: Page, tile: Tile, ox: float, oy: float, box: tuple[float, float, float, float]
    ) -> None:
        """Cut lines on the leading sides, registration marks on every shared line,
        and the names of the neighbouring tiles in the margins; nothing nearer the
        paper's edge than :data:`SAFE_EDGE`, and the cut lines stop short of the
        header and footer."""
        grid, plan, pal, s = self.grid, self.plan, self.palette, self.size
        by_pos = {(t.row, t.col): t for t in plan.tiles}
        x0, y0, x1, y1 = box
        overhang = min(MARGIN * 0.6, s * 0.3)
        dash = Style("#7a7a7a", width=0.6, dash=(4, 3))
        inset = SAFE_EDGE + dash.width
        marks: list[tuple[float, float]] = []
        scissors: Box | None = None
        if self.opts.overlap:
            for c in self.col_starts:
                if not tile.c0 <= c <= tile.c1:
                    continue
                rows = range(tile.v0, tile.v1 + 1)
                x_cut = min(grid.center(c, v)[0] for v in list(rows)[:2]) + ox
                marks.extend(
                    (x_cut, grid.center(c, v)[1] + oy)
                    for v in rows
                    if abs(grid.center(c, v)[0] + ox - x_cut) < 1e-6
                )
                if c == tile.c0:  # below the title, above the footer's first line
                    top = max(y0 - overhang, MARGIN + HEADER - 3)
                    bottom = min(y1 + overhang, page.height - MARGIN - FOOTER + 1)
                    page.add(Lines((((x_cut, top), (x_cut, bottom)),), dash))
            for v in self.row_starts:
                if not tile.v0 <= v <= tile.v1:
                    continue
                cols = range(tile.c0, tile.c1 + 1)
                y_cut = min(grid.center(c, v)[1] for c in list(cols)[:2]) + oy
                marks.extend(
                    (grid.center(c, v)[0] + ox, y_cut)
                    for c in cols
                    if abs(grid.center(c, v)[1] + oy - y_cut) < 1e-6
                )
                if v == tile.v0:
                    left = max(x0 - overhang, inset)
                    right = min(x1 + overhang, page.width - inset)
                    page.add(Lines((((left, y_cut), (right, y_cut)),), dash))
                    page.add(Text(left, y_cut - 2, "✂", size=8, anchor="start", fill="#7a7a7a"))
                    scissors = _text_box(left, y_cut - 2, "✂", 8, "start")
        if marks:
            r = min(s * 0.09, 5.0)
            segments = []
            for mx, my in marks:
                segments.append(((mx - r * 1.7, my), (mx + r * 1.7, my)))
                segments.append(((mx, my - r * 1.7), (mx, my + r * 1.7)))
            page.add(Lines(tuple(segments), Style(pal.mark, width=0.4)))
            for mx, my in marks:
                page.add(Circle((mx, my), r, Style(pal.mark, None, width=0.4)))
        mid_x, mid_y = (x0 + x1) / 2, (y0 + y1) / 2
        grey = "#555555"
        for (dr, dc), glyph in (((-1, 0), "▲"), ((1, 0), "▼")):
            other = by_pos.get((tile.row + dr, tile.col + dc))
            if other is None:
                continue
            if dr == -1:  # just above the map (the header's foot at the most)
                text, y = f"{glyph} {other.name}", max(MARGIN + HEADER - 2, y0 - 4)
            else:  # just below it (the footer's head at the most)
                text, y = f"{other.name} {glyph}", min(page.height - MARGIN - FOOTER + 7, y1 + 9)
            page.add(Text(mid_x, y, text, size=7, bold=True, anchor="middle", fill=grey))
        # the side neighbours beside the map, between it and the safe edge, turned to
        # run along it, the triangle pointing out: "▲ A1" reads upwards on the left
        ascent, descent = _extent(7.0, bold=True)
        near = 2 * (ascent + descent)
        for dc, turn, band in (
            (-1, -90.0, (max(SAFE_EDGE, x0 - near), x0)),
            (1, 90.0, (x1, min(page.width - SAFE_EDGE, x1 + near))),
        ):
            other = by_pos.get((tile.row, tile.col + dc))
            if other is None:
                continue
            text = f"▲ {other.name}"
            middle = (band[0] + band[1]) / 2
            x = middle + (ascent - descent) / 2 if turn < 0 else middle - (ascent - descent) / 2
            y = mid_y
            here = _text_box(x, y, text, 7.0, "middle", bold=True, rotate=turn)
            if scissors is not None and dc == -1 and _overlaps(here, scissors):
                y = scissors[3] + (here[3] - here[1]) / 2 + 2  # below the scissors
            page.add(Text(x, y, text, size=7, bold=True, anchor="middle", fill=grey, rotate=turn))


#: Facing angles in degrees, clockwise from east with y down, per orientation.
_FACING: dict[str, dict[str, float]] = {
    "flat": {"N": -90, "NE": -30, "SE": 30, "S": 90, "SW": 150, "NW": 210},
    "pointy": {"NE": -60, "E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240},
}


def _key(p: tuple[float, float]) -> tuple[int, int]:
    return round(p[0] * 1000), round(p[1] * 1000)
