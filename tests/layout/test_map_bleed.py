"""Issue 27: in press mode (``MapOptions.bleed``, 1/8 in with ``--press``) a tile's art runs
1/8 in past every line it is cut along: its dashed left and top cut lines on an
overlapping map, its outer hex edges towards its neighbours on one without overlap.
Measured on the layout: points up to 1/8 in beyond each cut lie under a filled shape
(the starfield's background); the tile's own drawing is unchanged."""

from __future__ import annotations

import dataclasses
import math

import pytest

from sheetgen.draw.primitives import Lines, Page, Polygon, Rect, Style, Text
from sheetgen.layout.counters.paper import PRESS_BLEED
from sheetgen.layout.maps import Grid, MapOptions, layout_map, plan_pages
from sheetgen.layout.maps.pages import _tile_origin
from sheetgen.layout.maps.plan import FOOTER, HEADER, MARGIN, SAFE_EDGE

#: How far beyond a cut the art is looked for (pt): just past it, half way, at the bleed's edge.
DEPTHS = (0.25, PRESS_BLEED / 2, PRESS_BLEED - 0.25)

OVERLAPPING = [
    MapOptions(cols=60, rows=40, hex_size=45.0, style="starfield"),
    MapOptions(cols=60, rows=40, hex_size=45.0, style="starfield", orientation="pointy"),
    MapOptions(cols=44, rows=34, hex_size=36.0, style="starfield", paper="a4"),
]
EDGE_TO_EDGE = MapOptions(cols=30, rows=20, hex_size=72.0, style="starfield", overlap=0)


def _inside(x: float, y: float, points: tuple[tuple[float, float], ...]) -> bool:
    inside = False
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1], strict=True):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _covered(page: Page, x: float, y: float) -> bool:
    return any(isinstance(i, Polygon) and i.style.fill and _inside(x, y, i.points) for i in page.items)


def _printable(page: Page, x: float, y: float) -> bool:
    """Whether ``(x, y)`` lies where a tile's art may go: clear of the header and footer
    bands and the paper's safe edge."""
    return SAFE_EDGE < x < page.width - SAFE_EDGE and MARGIN + HEADER - 3 < y < page.height - MARGIN - FOOTER


def bare_past_the_cuts(opts: MapOptions) -> list[str]:
    """Points within 1/8 in beyond a tile's cut lines that no art covers, as ``"<tile>: x, y"``."""
    plan = plan_pages(opts)
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    pages = layout_map(opts).pages[1:]
    bare = []
    for tile, page in zip(plan.tiles, pages, strict=True):
        ox, oy = _tile_origin(plan, grid, tile)
        x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
        x0, y0, x1, y1 = x0 + ox, y0 + oy, x1 + ox, y1 + oy
        cuts = [seg for i in page.items if isinstance(i, Lines) and i.style.dash for seg in i.segments]
        left = next((a[0] for a, b in cuts if a[0] == b[0]), None)
        top = next((a[1] for a, b in cuts if a[1] == b[1]), None)
        samples = []
        if left is not None:  # down the left cut, from the top cut (or the tile's second row) on
            start = top if top is not None else y0 + grid.size
            samples += [(left - d, y) for d in DEPTHS for y in _steps(start, y1 - grid.size)]
        if top is not None:
            start = left if left is not None else x0 + grid.size
            samples += [(x, top - d) for d in DEPTHS for x in _steps(start, x1 - grid.size)]
        bare += [f"{tile.name}: {x:.2f}, {y:.2f}" for x, y in samples if not _covered(page, x, y)]
    return bare


def bare_past_the_edges(opts: MapOptions) -> list[str]:
    """Points within 1/8 in beyond a tile's outer hex edges, on the sides it meets a
    neighbour, that no art covers (a map without overlap)."""
    plan = plan_pages(opts)
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    pages = layout_map(opts).pages[1:]
    offsets = grid.corner_offsets()
    bare = []
    for tile, page in zip(plan.tiles, pages, strict=True):
        ox, oy = _tile_origin(plan, grid, tile)
        for c in range(tile.c0, tile.c1 + 1):
            for v in range(tile.v0, tile.v1 + 1):
                cx, cy = grid.center(c, v)
                for i, (nc, nv) in enumerate(grid.neighbours(c, v)):
                    if tile.holds(nc, nv) or not (0 <= nc < grid.cols and 0 <= nv < grid.rows):
                        continue  # an inner edge, or the map's own edge: not cut
                    (ax, ay), (bx, by) = offsets[i], offsets[(i + 1) % 6]
                    mx, my = (ax + bx) / 2, (ay + by) / 2
                    norm = math.hypot(mx, my)
                    for d in DEPTHS:
                        x, y = cx + ox + mx * (1 + d / norm), cy + oy + my * (1 + d / norm)
                        if _printable(page, x, y) and not _covered(page, x, y):
                            bare.append(f"{tile.name}: {x:.2f}, {y:.2f}")
    return bare


def _steps(a: float, b: float, step: float = 3.0) -> list[float]:
    return [a + k * step for k in range(max(0, int((b - a) / step)) + 1)]


@pytest.mark.parametrize("opts", OVERLAPPING, ids=["flat", "pointy", "a4-half-inch"])
def test_tile_art_runs_an_eighth_inch_past_its_cut_lines(opts: MapOptions) -> None:
    assert bare_past_the_cuts(dataclasses.replace(opts, bleed=PRESS_BLEED)) == []


def test_without_overlap_art_runs_an_eighth_inch_past_the_outer_hex_edges() -> None:
    assert bare_past_the_edges(dataclasses.replace(EDGE_TO_EDGE, bleed=PRESS_BLEED)) == []
    assert bare_past_the_edges(EDGE_TO_EDGE)  # the check finds the white paper a home print keeps


def test_the_bleed_only_adds_art_under_the_tile() -> None:
    """Every item of a tile without bleed is on the tile with bleed, unchanged and in
    the same order, after the bleed's art (which is drawn first, under it); besides, only
    the bare-paper backings of the neighbours' names."""
    opts = OVERLAPPING[0]
    plain, pressed = layout_map(opts).pages, layout_map(dataclasses.replace(opts, bleed=PRESS_BLEED)).pages
    assert len(plain) == len(pressed)
    added = 0
    for before, page in zip(plain, pressed, strict=True):
        after = [i for i in page.items if not (isinstance(i, Rect) and i.style == Style(None, "#ffffff"))]
        extra = len(after) - len(before.items)
        assert extra >= 0
        frame = next(k for k, item in enumerate(before.items) if item != after[k]) if extra else 0
        assert after[:frame] + after[frame + extra :] == before.items
        added += extra
    assert added > 0


@pytest.mark.parametrize(
    "opts", [OVERLAPPING[0], EDGE_TO_EDGE, OVERLAPPING[2]], ids=["overlap", "edge-to-edge", "a4"]
)
def test_neighbours_names_stay_readable_over_the_bleed(opts: MapOptions) -> None:
    """Each neighbouring tile's name in the margin sits on bare paper: a white backing,
    drawn over any art that runs into the bleed there, holds the whole name."""
    from tests.layout.test_map_ink import item_boxes

    pages = layout_map(dataclasses.replace(opts, bleed=PRESS_BLEED)).pages[1:]
    names = 0
    for page in pages:
        for k, item in enumerate(page.items):
            if not (
                isinstance(item, Text)
                and item.size == 7
                and item.bold
                and ("▲" in item.text or "▼" in item.text)
            ):
                continue
            names += 1
            x0, y0, x1, y1 = item_boxes(item)[0]
            backing = [
                j
                for j, r in enumerate(page.items[:k])
                if isinstance(r, Rect)
                and r.style.fill == "#ffffff"
                and r.x <= x0
                and r.y <= y0
                and x1 <= r.x + r.w
                and y1 <= r.y + r.h
            ]
            assert backing, (page.label, item.text)
            art = [
                j
                for j, i in enumerate(page.items[:k])
                if isinstance(i, Polygon | Lines) and not (isinstance(i, Lines) and i.style.dash)
            ]
            assert backing[-1] > max(art, default=-1), (page.label, item.text)
    assert names > len(pages)
