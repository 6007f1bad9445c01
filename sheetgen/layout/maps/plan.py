"""Page planning: how a map goes onto paper.

The page's margins and bands (:data:`MARGIN`, :data:`HEADER`, :data:`FOOTER`,
:data:`SAFE_EDGE`), the hexes one page holds, and :func:`plan_pages`, which tiles
the map into :class:`Tile` pages (portrait or landscape, whichever needs fewer)
or one ``fit`` page, within :data:`MAX_PAGES` and :data:`MAX_FIT`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from sheetgen.core.units import PAPER_SIZES, Paper
from sheetgen.draw.primitives import inch
from sheetgen.hexgrid import Layout, Orientation
from sheetgen.layout.maps.grid import Grid
from sheetgen.layout.maps.options import (
    MapError,
    MapOptions,
    MapPaper,
    check_options,
    count_words,
    length_words,
    paper_words,
    tile_name,
)

if TYPE_CHECKING:
    from sheetgen.scenarios.scenario import Scenario

__all__ = [
    "FOOTER",
    "HEADER",
    "MARGIN",
    "MAX_FIT",
    "MAX_PAGES",
    "MIN_PAGE_WIDTH",
    "RULER",
    "SAFE_EDGE",
    "THIN_EDGE",
    "PagePlan",
    "Tile",
    "chosen_options",
    "one_page",
    "plan_pages",
    "tiling_warnings",
]

#: A last column or row of pages holding this many new hex columns or rows or fewer
#: is warned about (:func:`tiling_warnings`): a page printed for a sliver of map.
THIN_EDGE = 2
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
        """The tile's printed name, row letter and column number (``B3``)."""
        return tile_name(self.row, self.col)

    def holds(self, c: int, v: int) -> bool:
        """Whether the tile shows the hex at paper ``(c, v)``."""
        return self.c0 <= c <= self.c1 and self.v0 <= v <= self.v1


@dataclass(frozen=True)
class PagePlan:
    """How the map goes onto paper: page size in pt (as printed, landscape if wider),
    tiles in reading order, ``across`` x ``down`` of them, hexes a page holds
    (``capacity``), and whether an assembly index page comes first."""

    paper: MapPaper
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
        """Whether the pages are printed landscape (wider than tall)."""
        return self.width > self.height

    @property
    def pages(self) -> int:
        """Pages printed: every tile of every layer, and the index page if any."""
        return len(self.tiles) * self.layers + (1 if self.index else 0)


def _capacity(
    grid_flat: bool, size: float, width: float, height: float, cols: int, rows: int
) -> tuple[int, int]:
    """Columns and rows of whole hexes that fit ``width`` x ``height`` pt."""
    r = Layout(size).radius
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


def one_page(hex_size: float, orientation: Orientation = "flat", paper: Paper = "letter") -> tuple[int, int]:
    """Columns and rows of ``hex_size`` pt hexes that fill one portrait ``paper`` page
    (at least 1 x 1; :func:`plan_pages` says whether even one fits)."""
    width, height = PAPER_SIZES[paper]
    nc, nr = _capacity(
        orientation == "flat", hex_size, width - 2 * MARGIN, height - 2 * MARGIN - HEADER - FOOTER, 2, 2
    )
    return max(1, nc), max(1, nr)


def chosen_options(scenario: Scenario | None, paper: MapPaper = "letter", **given: Any) -> MapOptions:
    """The options of a map to print: ``given`` (:class:`MapOptions` fields, as ``sheetgen map``'s
    options give them) over ``scenario``'s ``map:`` section (:func:`map_options`) over the
    defaults, on ``paper``. A bare grid (no scenario) fills one portrait page of ``paper``
    (:func:`one_page`, at the hex size and orientation given) unless ``cols`` or ``rows`` are
    given or the paper is ``fit``. A scenario's map is checked (:func:`check_options`: its
    zones are laid over every hex of it); raises :class:`MapError`."""
    from sheetgen.layout.maps.options import map_options

    opts = MapOptions(paper=paper) if scenario is None else map_options(scenario, paper=paper)
    size = {name: given.pop(name) for name in ("cols", "rows") if name in given}
    opts = replace(opts, **given)
    if scenario is None and paper != "fit":  # a bare grid fills one page
        cols, rows = one_page(opts.hex_size, opts.orientation, paper)
        opts = replace(opts, cols=cols, rows=rows)
    opts = replace(opts, **size)
    if scenario is not None:
        check_options(opts)
    return opts


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
    size = length_words(opts.hex_size)
    paper = paper_words(opts.paper)
    if not fits:
        raise MapError(
            f"a {size} hex is larger than the printable area of {paper} paper; "
            "use smaller hexes, larger paper or --paper fit"
        )
    if best is None:
        assert crowded is not None
        raise MapError(
            f"--overlap {opts.overlap} leaves no new hexes per page: one {paper} page holds "
            f"{count_words(crowded[0], 'column')} and {count_words(crowded[1], 'row')} of {size} hexes"
        )
    if best.pages > MAX_PAGES:
        raise MapError(
            f"this map needs {best.pages} {paper} pages, more than {MAX_PAGES}; use --paper fit "
            "for one print-shop page, or a smaller map or hex"
        )
    return best


def _thin_edges(plan: PagePlan) -> list[tuple[str, int, int]]:
    """``(what, new, of)`` for the last column and the last row of pages of ``plan`` when
    it shows :data:`THIN_EDGE` or fewer hex columns (rows) its neighbour does not: ``new``
    of them, of ``of`` in all."""
    out = []
    for what, spans in (
        ("column", sorted({(t.c0, t.c1) for t in plan.tiles})),
        ("row", sorted({(t.v0, t.v1) for t in plan.tiles})),
    ):
        if len(spans) > 1:
            new = spans[-1][1] - spans[-2][1]
            if new <= THIN_EDGE:
                out.append((what, new, spans[-1][1] + 1))
    return out


def tiling_warnings(opts: MapOptions) -> list[str]:
    """A warning line when the tiling of ``opts`` on its paper has a last column or row
    of pages holding only :data:`THIN_EDGE` hex columns or rows or fewer (pages printed
    for a sliver of the map), naming the paper that wastes least: of every paper of
    :data:`~sheetgen.core.units.PAPER_SIZES` tiled as :func:`plan_pages` tiles it
    (orientation included), the one with no such sliver using the least paper (fewest
    pages, then least area). Empty for a ``fit`` page or a tiling without a sliver.
    Raises :class:`MapError` as :func:`plan_pages` does."""
    import dataclasses

    plan = plan_pages(opts)
    if opts.paper == "fit":
        return []
    thin = _thin_edges(plan)
    if not thin:
        return []
    slivers = " and ".join(
        f"the last {what} of pages holds only {count_words(new, 'new hex ' + what)} (of {of})"
        for what, new, of in thin
    )
    here = f"{plan.pages} {paper_words(opts.paper)} pages ({'landscape' if plan.landscape else 'portrait'})"
    best: tuple[tuple[float, float], Paper, PagePlan] | None = None
    for paper in PAPER_SIZES:
        try:
            other = plan_pages(dataclasses.replace(opts, paper=paper))
        except MapError:
            continue
        if _thin_edges(other):
            continue
        key = (other.pages * other.width * other.height, other.pages)
        if best is None or key < best[0]:
            best = (key, paper, other)
    if best is None or best[0][0] >= plan.pages * plan.width * plan.height:
        advice = "no other paper tiles it with less waste"
    else:
        _key, paper, other = best
        orientation = "landscape" if other.landscape else "portrait"
        advice = (
            f"{paper_words(paper)} paper ({orientation}) wastes least: {count_words(other.pages, 'page')}"
        )
    return [f"on {here} {slivers}; {advice}"]
