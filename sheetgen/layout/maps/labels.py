"""Zone labels: placed last on each page that shows the zone, clear of everything else.

:func:`obstacles` finds the boxes a label keeps clear of in what a page already
holds; :func:`place_zone_label` tries the ways to set the label (sizes, one to four
lines) at the free spots nearest the middle of the zone, on the zone first, then
beside it. Boxes are ``(x0, y0, x1, y1)`` in pt, y down.
"""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass
from functools import cache

from sheetgen.draw.primitives import Circle, Item, Labels, Lines, Page, Polygon, Rect, Style, Text
from sheetgen.layout.maps.context import MapContext, Palette, mix
from sheetgen.layout.maps.plan import Tile
from sheetgen.layout.text import text_box, text_extent, wrap_lines
from sheetgen.scenarios.terrain import Zone

__all__ = ["Box", "clip", "obstacles", "outlines", "overlaps", "place_zone_label", "union"]

#: A box: ``(x0, y0, x1, y1)`` in pt, y down.
Box = tuple[float, float, float, float]
#: Padding around a zone label's text (pt), and its line spacing (times the size).
_PAD_X, _PAD_Y, _LEAD = 2.0, 1.0, 1.15
#: Room a zone label leaves around what it keeps clear of (pt).
_GAP = 1.0


def union(boxes: list[Box]) -> list[Box]:
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


def overlaps(a: Box, b: Box) -> bool:
    """Whether boxes ``a`` and ``b`` share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clip(box: Box, area: Box) -> Box:
    """The part of ``box`` inside ``area`` (inverted when there is none)."""
    return max(box[0], area[0]), max(box[1], area[1]), min(box[2], area[2]), min(box[3], area[3])


def obstacles(items: list[Item], palette: Palette) -> tuple[list[Box], list[Box]]:
    """Boxes a zone label must keep clear of: hex numbers, and everything else drawn
    over the grid (texts, marks and trim lines, bodies, start positions, labels
    placed before). Hex edges, shading, zone outlines and stars are not in the way."""
    numbers: list[Box] = []
    others: list[Box] = []
    for item in items:
        if isinstance(item, Labels):
            numbers += [
                text_box(x, y, t, item.size, item.anchor, item.font, item.bold) for x, y, t in item.items if t
            ]
        elif isinstance(item, Text):
            others.append(
                text_box(item.x, item.y, item.text, item.size, item.anchor, item.font, item.bold, item.rotate)
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


def outlines(items: list[Item], palette: Palette, piece: float) -> list[Box]:
    """Boxes along the zones' outlines drawn on a page (the solid lines in neither the
    grid's nor the marks' ink), each segment cut into pieces at most ``piece`` pt long
    so a slanted edge blocks only the strip it runs along."""
    boxes: list[Box] = []
    for item in items:
        if (
            not isinstance(item, Lines)
            or item.style.dash
            or item.style.stroke in (palette.grid, palette.mark)
        ):
            continue
        half = item.style.width / 2 + 0.5
        for (ax, ay), (bx, by) in item.segments:
            n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / piece))
            for i in range(n):
                x0, y0 = ax + (bx - ax) * i / n, ay + (by - ay) * i / n
                x1, y1 = ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n
                boxes.append((min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half))
    return boxes


@dataclass(frozen=True)
class _Level:
    """One way to set a label: its ``lines`` at ``size`` pt in a ``w`` x ``h`` pt box."""

    size: float
    lines: tuple[str, ...]
    w: float
    h: float


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
        wrapped = wrap_lines(text, count, bold=True)
        if wrapped is None:
            continue
        lines, widest = wrapped
        for size in sizes:
            ascent, descent = text_extent(size)
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


def place_zone_label(
    ctx: MapContext, page: Page, zone: Zone, tile: Tile, ox: float, oy: float, area: Box, keep: list[Box]
) -> None:
    """``zone``'s label on this tile, inside ``area`` (pt: the part of the tile that
    shows once the pages are trimmed and laid over each other) and clear of what is
    drawn and of the ``keep`` boxes; none when no hex of the zone has its centre in
    ``area``.

    The label goes on the zone's hexes on this tile, as large as fits (9 pt on
    1 in hexes) and on one to four lines, clear of hex numbers, registration marks,
    trim lines, terrain, start positions and other labels; the spot nearest the
    middle of the zone's hexes here wins. Where no spot inside the zone is clear it
    may reach out of the zone (on a paper-coloured ground, so it does not read as
    zone), then beside it, clear of the zones' outlines; only where nothing is clear
    (hexes too small) does it cross an outline, then cover hex numbers, and last of
    all anything else.
    """
    grid, s = ctx.grid, ctx.size
    labelled = ctx.zone_cells(zone)
    on_tile = {cell for cell in (grid.cell(col, row) for col, row in labelled) if tile.holds(*cell)}
    # the zone's hexes here whose centre shows in ``area`` (a hex the cut line halves counts):
    # none, and the zone is only in an overlap trimmed away or covered, labelled on the next page
    visible = {
        (c, v)
        for c, v in on_tile
        if area[0] - 0.01 <= grid.center(c, v)[0] + ox <= area[2] + 0.01
        and area[1] - 0.01 <= grid.center(c, v)[1] + oy <= area[3] + 0.01
    }
    if not visible:
        return
    centres = [grid.center(c, v) for c, v in visible]
    target = (
        sum(x for x, _ in centres) / len(centres) + ox,
        sum(y for _, y in centres) / len(centres) + oy,
    )
    r = grid.radius
    zone_box = clip(
        (
            min(x for x, _ in centres) - r + ox,
            min(y for _, y in centres) - s / 2 + oy,
            max(x for x, _ in centres) + r + ox,
            max(y for _, y in centres) + s / 2 + oy,
        ),
        area,
    )
    near_box = clip((zone_box[0] - 2 * r, zone_box[1] - s, zone_box[2] + 2 * r, zone_box[3] + s), area)
    numbers, others = obstacles(page.items, ctx.palette)
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

    # the zones' outlines too, so a label hides none (the hex edges run over its ground)
    edges = outlines(page.items, ctx.palette, max(2.0, r / 4))
    attempts: list[tuple[list[_Level], Box, list[Box], float]] = [
        (big, zone_box, numbers + others + edges, 1.0),
        (big, zone_box, numbers + others + edges, 0.5),
        (small, zone_box, numbers + others + edges, 1.0),
        (small, zone_box, numbers + others + edges, 0.5),
        (levels, near_box, numbers + others + edges, 0.0),
        (levels, near_box, numbers + others, 0.0),
        (levels[-4:], near_box, others, 0.0),
    ]
    for tried, region, blocked, need in attempts:
        for level in tried:
            for x, y in _free_spots(level.w, level.h, region, blocked, target, step_x, step_y):
                box = (x - level.w / 2, y - level.h / 2, x + level.w / 2, y + level.h / 2)
                if need and share(box, need) < need:
                    continue
                _put_label(ctx, page, zone, level, box, inside=need == 1.0)
                return
    # nothing is clear: the smallest label at the middle of the zone, kept in the area
    level = levels[-1]
    x = min(max(target[0], area[0] + level.w / 2), area[2] - level.w / 2)
    y = min(max(target[1], area[1] + level.h / 2), area[3] - level.h / 2)
    _put_label(
        ctx,
        page,
        zone,
        level,
        (x - level.w / 2, y - level.h / 2, x + level.w / 2, y + level.h / 2),
        inside=False,
    )


def _put_label(ctx: MapContext, page: Page, zone: Zone, level: _Level, box: Box, *, inside: bool) -> None:
    """Draw a zone label in ``box``: on the zone's shade when it lies wholly on the
    zone, else on the paper's (or starfield's) colour, that ground laid over the hex
    edges (so none strikes through the label) and under the hex numbers and zone
    outlines (the label keeps clear of those), the text over everything."""
    ground = ctx.tint(zone.colour) if inside else (ctx.palette.background or "#ffffff")
    colour = zone.colour if not ctx.palette.background else mix(zone.colour, "#ffffff", 0.55)
    x0, y0, x1, y1 = box
    # the ground goes just over the hex edges: under the numbers, the zones' outlines and the rest
    grid = next(
        (
            i + 1
            for i, item in enumerate(page.items)
            if isinstance(item, Lines) and item.style.stroke == ctx.palette.grid and not item.style.dash
        ),
        len(page.items),
    )
    page.items.insert(grid, Rect(x0, y0, x1 - x0, y1 - y0, Style(None, ground)))
    ascent, _ = text_extent(level.size)
    base = y0 + _PAD_Y + ascent
    for line in level.lines:
        page.add(Text((x0 + x1) / 2, base, line, size=level.size, bold=True, anchor="middle", fill=colour))
        base += level.size * _LEAD
