"""Map art into the bleed (``--press``): on a tiled map, each tile's background, zone
shading and outlines, asteroid fields, stars and hex grid continue
:attr:`~sheetgen.layout.maps.options.MapOptions.bleed` past every line the tile is cut
along, so a cut a little off the line still leaves art, not white paper, at the edge.

What continues is the art of the neighbouring hexes, the hexes at their own places (the
grid stays exact), clipped to the strip between the cut line and the bleed's edge; hex
numbers, names, bodies and start markers do not continue (they belong to the neighbour).
With overlap (the default) a tile is cut along its left and top cut lines
(:func:`~sheetgen.layout.maps.marks.shown`), and the grid continues too; the tile's own
hexes beyond the cut already give art there, so the neighbours' fill only what they leave
(a cut near the tile's outer hex edges). Without overlap a tile is cut along its outer hex
edges on every side that has a neighbour, and only the background, shading and stars
continue: the last hex edges drawn are the cut.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetgen.draw.primitives import Circle, Item, Lines, Page, Point, Polygon, Rect, Style
from sheetgen.layout.maps.context import MapContext
from sheetgen.layout.maps.labels import Box
from sheetgen.layout.maps.marks import shown
from sheetgen.layout.maps.plan import FOOTER, HEADER, MARGIN, SAFE_EDGE, Tile
from sheetgen.layout.maps.terrain import draw_asteroids, draw_stars, draw_zone_edge, draw_zone_fill

__all__ = ["bleed_box", "draw_bleed"]

#: Neighbouring hex columns and rows drawn into the bleed (then clipped to it): two cover
#: 1/8 in past a cut line at every hex size sheetgen allows.
_REACH = 2


@dataclass(frozen=True)
class _Beyond:
    """The hexes of ``outer`` that are not on ``tile``: the neighbours' hexes whose art runs
    into the tile's bleed (the terrain functions ask :meth:`holds`)."""

    outer: Tile
    tile: Tile

    def holds(self, c: int, v: int) -> bool:
        return self.outer.holds(c, v) and not self.tile.holds(c, v)

    def cells(self) -> list[tuple[int, int]]:
        o = self.outer
        return [
            (c, v) for c in range(o.c0, o.c1 + 1) for v in range(o.v0, o.v1 + 1) if not self.tile.holds(c, v)
        ]


def bleed_box(ctx: MapContext, tile: Tile, ox: float, oy: float, layer: int) -> tuple[Box, Tile] | None:
    """Where ``tile``'s art may run on its page (pt, page coordinates; ``inf`` on a side
    that is not cut) and the hexes drawn for it, or ``None`` when nothing is cut (no
    bleed asked for, or a map of one tile). The box stays clear of the header and
    footer bands and of the paper's :data:`SAFE_EDGE`."""
    bleed, grid, plan = ctx.opts.bleed, ctx.grid, ctx.plan
    if bleed <= 0 or len(plan.tiles) < 2:
        return None
    inf = math.inf
    if ctx.opts.overlap:
        left, top, _right, _bottom = shown(ctx, tile, ox, oy, layer)
        cut = (math.isfinite(left), math.isfinite(top), False, False)
        box = (left - bleed if cut[0] else -inf, top - bleed if cut[1] else -inf, inf, inf)
    else:
        x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
        cut = (tile.c0 > 0, tile.v0 > 0, tile.c1 < grid.cols - 1, tile.v1 < grid.rows - 1)
        box = (
            x0 + ox - bleed if cut[0] else -inf,
            y0 + oy - bleed if cut[1] else -inf,
            x1 + ox + bleed if cut[2] else inf,
            y1 + oy + bleed if cut[3] else inf,
        )
    if not any(cut):
        return None
    box = (
        max(box[0], SAFE_EDGE),
        max(box[1], MARGIN + HEADER - 3),
        min(box[2], plan.width - SAFE_EDGE),
        min(box[3], plan.height - MARGIN - FOOTER),
    )
    outer = Tile(
        tile.row,
        tile.col,
        max(0, tile.c0 - _REACH) if cut[0] else tile.c0,
        min(grid.cols - 1, tile.c1 + _REACH) if cut[2] else tile.c1,
        max(0, tile.v0 - _REACH) if cut[1] else tile.v0,
        min(grid.rows - 1, tile.v1 + _REACH) if cut[3] else tile.v1,
    )
    return box, outer


def draw_bleed(ctx: MapContext, page: Page, tile: Tile, ox: float, oy: float, layer: int) -> None:
    """Add to ``page`` the art of the hexes next to ``tile`` that runs into its bleed
    (:func:`bleed_box`), clipped to the bleed, under everything else. Nothing when the
    map asks for no bleed or the tile is not cut."""
    found = bleed_box(ctx, tile, ox, oy, layer)
    if found is None:
        return
    box, outer = found
    beyond = _Beyond(outer, tile)
    cells = beyond.cells()
    pal, grid = ctx.palette, ctx.grid
    scratch = Page(page.width, page.height)
    if pal.background:
        for c, v in cells:
            scratch.add(Polygon(ctx.hex_polygon(c, v, ox, oy), Style(None, pal.background)))
    zones = [z for z in ctx.opts.plan.zones if z.layer == layer]
    for zone in zones:
        draw_zone_fill(ctx, scratch, zone, beyond, ox, oy)  # type: ignore[arg-type]
    for feature in ctx.opts.plan.features:
        if feature.layer == layer and feature.kind == "asteroids":
            draw_asteroids(ctx, scratch, feature, beyond, ox, oy, layer)  # type: ignore[arg-type]
    if ctx.opts.style == "starfield":
        draw_stars(ctx, scratch, cells, ox, oy, layer)
    if ctx.opts.overlap:  # without, the tile's outer hex edges are the cut: no grid beyond them
        offsets = grid.corner_offsets()
        edges = []
        for c, v in cells:
            cx, cy = grid.center(c, v)
            corners = [(cx + dx + ox, cy + dy + oy) for dx, dy in offsets]
            edges += [(corners[i], corners[(i + 1) % 6]) for i in range(6)]
        scratch.add(Lines(tuple(edges), Style(pal.grid, width=0.6 if ctx.size >= 36 else 0.45)))
        for zone in zones:
            draw_zone_edge(ctx, scratch, zone, beyond, ox, oy)  # type: ignore[arg-type]
    for item in scratch.items:
        clipped = _clip_item(item, box)
        if clipped is not None:
            page.add(clipped)


def _clip_item(item: Item, box: Box) -> Item | None:
    """``item`` clipped to ``box``: filled polygons and lines cut at its edges, dots kept
    whole when their centre is inside; ``None`` when nothing of it is inside (and for
    text, which does not continue into the bleed)."""
    x0, y0, x1, y1 = box
    if isinstance(item, Polygon) and item.style.stroke is None:
        points = _clip_polygon(list(item.points), box)
        return Polygon(tuple(points), item.style) if len(points) > 2 else None
    if isinstance(item, Lines):
        segments = tuple(s for s in (_clip_segment(a, b, box) for a, b in item.segments) if s is not None)
        return Lines(segments, item.style) if segments else None
    if isinstance(item, Circle):
        x, y = item.center
        return item if x0 <= x <= x1 and y0 <= y <= y1 else None
    if isinstance(item, Rect):
        left, top = max(item.x, x0), max(item.y, y0)
        right, bottom = min(item.x + item.w, x1), min(item.y + item.h, y1)
        return (
            Rect(left, top, right - left, bottom - top, item.style) if right > left and bottom > top else None
        )
    return None


def _clip_polygon(points: list[Point], box: Box) -> list[Point]:
    """Sutherland-Hodgman: ``points`` (a closed polygon) within ``box``; right for a fill."""
    for axis, edge, keep_above in (
        (0, box[0], True),
        (0, box[2], False),
        (1, box[1], True),
        (1, box[3], False),
    ):
        if not math.isfinite(edge) or not points:
            continue
        out: list[Point] = []
        for k, here in enumerate(points):
            before = points[k - 1]
            here_in = here[axis] >= edge if keep_above else here[axis] <= edge
            before_in = before[axis] >= edge if keep_above else before[axis] <= edge
            if here_in != before_in:
                out.append(_at_x(before, here, edge) if axis == 0 else _at_y(before, here, edge))
            if here_in:
                out.append(here)
        points = out
    return points


def _at_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _at_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def _clip_segment(a: Point, b: Point, box: Box) -> tuple[Point, Point] | None:
    """Liang-Barsky: the part of segment ``a``-``b`` within ``box``, or ``None``."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if not math.isfinite(q):
            continue
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return None
    if hi - lo < 1e-9:
        return None
    start = a if lo == 0 else (a[0] + lo * dx, a[1] + lo * dy)
    end = b if hi == 1 else (a[0] + hi * dx, a[1] + hi * dy)
    return start, end
