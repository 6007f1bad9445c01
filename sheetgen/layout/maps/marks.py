"""Marks around the map: the frame (title and tile name in the header, the scale
bar and the 100 mm / 4 in calibration ruler in the footer) and, on tiled maps, the
assembly marks (cut lines, registration marks, the neighbouring tiles' names)."""

from __future__ import annotations

import math

from sheetgen.draw.primitives import Circle, Lines, Page, Polygon, Rect, Style, Text, inch, mm
from sheetgen.layout.maps.context import MapContext
from sheetgen.layout.maps.labels import Box, overlaps
from sheetgen.layout.maps.options import count_words, length_words, number_words
from sheetgen.layout.maps.plan import FOOTER, HEADER, MARGIN, RULER, SAFE_EDGE, Tile
from sheetgen.layout.maps.terrain import draw_asteroids, draw_feature, draw_start
from sheetgen.layout.text import fit_size, fit_text, text_box, text_extent, text_width

__all__ = ["cut_x", "cut_y", "draw_assembly", "draw_frame", "shown"]

#: How far a cut line keeps from what it would cut (pt), and the step of its search.
_CUT_CLEAR, _CUT_STEP = 1.0, 0.25
#: What crossing one box costs: a hex number, name or arrow, against a disc or ring.
_TEXT_COST, _SHAPE_COST = 10, 1


def _hex_content(
    ctx: MapContext, cells: list[tuple[int, int]], layer: int, tiles: list[Tile]
) -> list[tuple[Box, int]]:
    """Boxes (map pt, no page offset) of what ``cells`` print on ``layer``, each with the
    cost of cutting through it: hex numbers, start positions' arrows and names, bodies'
    and warp points' names (:data:`_TEXT_COST`), their discs and rings (:data:`_SHAPE_COST`);
    and the names of asteroid fields as the ``tiles`` either side of the line print them
    (each tile names a field on a hex of its own share of it)."""
    grid = ctx.grid
    out: list[tuple[Box, int]] = []
    ul = grid.origin == "ul"
    for c, v in cells:
        ctext, rtext = ctx.col_text[c], ctx.row_text[v if ul else grid.rows - 1 - v]
        if ctext is not None and rtext is not None:
            x, y = grid.center(c, v)
            out.append((text_box(x, y + ctx.label_dy, ctext + rtext, ctx.font, "middle"), _TEXT_COST))
    c0, c1 = min(c for c, _ in cells), max(c for c, _ in cells)
    v0, v1 = min(v for _, v in cells), max(v for _, v in cells)
    scratch = Page(0, 0)
    region = Tile(0, 0, c0, c1, v0, v1)
    for feature in ctx.opts.plan.features:
        if feature.layer == layer:
            draw_feature(ctx, scratch, feature, region, 0.0, 0.0)
    for start in ctx.opts.plan.starts:
        if start.layer == layer:
            draw_start(ctx, scratch, start, region, 0.0, 0.0)
    for feature in ctx.opts.plan.features:
        if feature.layer == layer and feature.kind == "asteroids" and feature.name:
            for tile in tiles:
                named = Page(0, 0)
                draw_asteroids(ctx, named, feature, tile, 0.0, 0.0, layer)
                scratch.add(*(item for item in named.items if isinstance(item, Text)))
    for item in scratch.items:
        if isinstance(item, Text):
            box = text_box(
                item.x, item.y, item.text, item.size, item.anchor, item.font, item.bold, item.rotate
            )
            out.append((box, _TEXT_COST))
        elif isinstance(item, Polygon):
            xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
            w = item.style.width / 2 if item.style.stroke else 0.0
            out.append(((min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w), _TEXT_COST))
        elif isinstance(item, Circle):
            r = item.r + (item.style.width / 2 if item.style.stroke else 0.0)
            (x, y) = item.center
            out.append(((x - r, y - r, x + r, y + r), _SHAPE_COST))
    return out


def _best_cut(lo: float, hi: float, spans: list[tuple[float, float, int]]) -> float:
    """The line in ``lo..hi`` (pt) crossing the least costly of ``spans`` (``(start, end,
    cost)`` along the same axis), then the farthest from the nearest one, then the
    nearest the middle."""
    middle = (lo + hi) / 2
    best: tuple[float, float, float, float] | None = None
    steps = max(0, math.floor((hi - lo) / _CUT_STEP))
    for k in range(steps + 1):
        at = lo + k * _CUT_STEP
        cost = 0
        room = 6.0  # beyond this, more room makes no difference
        for a, b, weight in spans:
            if a - _CUT_CLEAR < at < b + _CUT_CLEAR:
                cost += weight
            else:
                room = min(room, a - at if at <= a else at - b)
        key = (cost, -round(room, 3), round(abs(at - middle), 3), at)
        if best is None or key < best:
            best = key
    return middle if best is None else best[3]


def cut_x(ctx: MapContext, c: int, v0: int, v1: int, layer: int) -> float:
    """Where the vertical cut line runs (pt, map coordinates) between the tiles sharing
    column ``c`` (the later tile's first) over visual rows ``v0..v1``, on ``layer``.

    It stays within the overlap, where both tiles print every hex whole (between the
    later tile's first column's outer left edge and the earlier tile's last column's
    inner right edge), and is chosen there to cross no hex number, start position's
    arrow or name, nor body's name when it can (else as few as it can), as far from them
    as it can: trimmed along it, each of them stays whole on the tile that keeps it.
    The same for both tiles, so their registration marks and what each shows agree."""
    key = ("x", c, v0, v1, layer)
    if key not in ctx.cuts:
        grid = ctx.grid
        last = min(c + max(ctx.opts.overlap, 1) - 1, grid.cols - 1)
        half = grid.radius / 2 if grid.flat else grid.size / 2
        rows = range(v0, v1 + 1)
        lo = max(grid.center(c, v)[0] for v in rows) - half
        hi = min(grid.center(last, v)[0] for v in rows) + half
        cells = [(cc, v) for cc in range(c, last + 1) for v in rows]
        tiles = [t for t in ctx.plan.tiles if (t.v0, t.v1) == (v0, v1) and t.c0 <= c <= t.c1]
        spans = [(b[0], b[2], w) for b, w in _hex_content(ctx, cells, layer, tiles)]
        ctx.cuts[key] = _best_cut(lo + _CUT_CLEAR, hi - _CUT_CLEAR, spans)
    return ctx.cuts[key]


def cut_y(ctx: MapContext, v: int, c0: int, c1: int, layer: int) -> float:
    """Where the horizontal cut line runs (pt, map coordinates) between the tiles sharing
    visual row ``v`` (the later tile's first) over columns ``c0..c1``, on ``layer``: as
    :func:`cut_x`, across."""
    key = ("y", v, c0, c1, layer)
    if key not in ctx.cuts:
        grid = ctx.grid
        last = min(v + max(ctx.opts.overlap, 1) - 1, grid.rows - 1)
        half = grid.size / 2 if grid.flat else grid.radius / 2
        cols = range(c0, c1 + 1)
        lo = max(grid.center(c, v)[1] for c in cols) - half
        hi = min(grid.center(c, last)[1] for c in cols) + half
        cells = [(c, vv) for c in cols for vv in range(v, last + 1)]
        tiles = [t for t in ctx.plan.tiles if (t.c0, t.c1) == (c0, c1) and t.v0 <= v <= t.v1]
        spans = [(b[1], b[3], w) for b, w in _hex_content(ctx, cells, layer, tiles)]
        ctx.cuts[key] = _best_cut(lo + _CUT_CLEAR, hi - _CUT_CLEAR, spans)
    return ctx.cuts[key]


def shown(ctx: MapContext, tile: Tile, ox: float, oy: float, layer: int = 0) -> Box:
    """The part of ``tile`` (pt, its grid moved by ``ox``/``oy``) that shows once the
    pages are assembled: right of its own left cut line and below its top one (what
    lies beyond them is trimmed away), left of and above the cut lines of its right
    and lower neighbours (what lies beyond those is covered by them); see
    :func:`cut_x`. A side without a neighbour, or a map without overlap, is open
    (infinite)."""
    x0, y0, x1, y1 = -math.inf, -math.inf, math.inf, math.inf
    if ctx.opts.overlap:
        for c in ctx.col_starts:
            if tile.c0 <= c <= tile.c1:
                x = cut_x(ctx, c, tile.v0, tile.v1, layer) + ox
                x0, x1 = (x, x1) if c == tile.c0 else (x0, x)
        for v in ctx.row_starts:
            if tile.v0 <= v <= tile.v1:
                y = cut_y(ctx, v, tile.c0, tile.c1, layer) + oy
                y0, y1 = (y, y1) if v == tile.v0 else (y0, y)
    return x0, y0, x1, y1


def draw_frame(
    ctx: MapContext,
    page: Page,
    heading: str,
    right: str,
    right_small: str,
    *,
    to_scale: bool = True,
    tail: str = "",
) -> None:
    """Header (``heading`` then ``tail`` left, 10 pt shrunk to 6 pt to fit, then
    ``heading`` shortened with an ellipsis, ``tail`` kept whole; ``right``, the
    tile's name, right, with ``right_small`` before it, 12 pt clear of the heading)
    and footer (scale bar, ruler, printing note); a page that is not ``to_scale``
    (the index) gets the ruler but no scale bar."""
    y = MARGIN + 11
    right_w = text_width(right, 12, bold=True)
    small_w = text_width(right_small, 7) + 4 if right_small else 0.0
    room = page.width - 2 * MARGIN - right_w - small_w - 12
    text, size = fit_text(heading, room, 10, 6, bold=True, tail=tail)
    page.add(Text(MARGIN, y, text, size=size, bold=True, fill="#222222"))
    x_right = page.width - MARGIN
    page.add(Text(x_right, y, right, size=12, bold=True, anchor="end", fill="#222222"))
    if right_small:
        page.add(Text(x_right - right_w - 4, y, right_small, size=7, anchor="end", fill="#555555"))
    _footer(ctx, page, to_scale)


def _footer(ctx: MapContext, page: Page, to_scale: bool) -> None:
    """The footer band: scale bar (if ``to_scale``) left, ruler right, a note below."""
    top = page.height - MARGIN - FOOTER + 8  # the first 8 pt name the tile below
    _ruler(page, page.width - MARGIN - RULER, top + 14)
    if to_scale:
        _scale_bar(ctx, page, MARGIN, top + 15, page.width - 2 * MARGIN - RULER - inch(0.4))
        what = f"Hexes {length_words(ctx.size)} across the flats"
    else:
        what = "This diagram is not to scale"
    note = f"{what} · print at 100 % (actual size): the ruler is 100 mm / 4 in"
    size = fit_size(note, page.width - 2 * MARGIN - RULER - inch(0.3), 6.5, 4.5)
    page.add(Text(MARGIN, top + FOOTER - 11, note, size=size, fill="#444444"))


def _ruler(page: Page, x: float, y: float) -> None:
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


def _scale_bar(ctx: MapContext, page: Page, x: float, y: float, room: float) -> None:
    """A bar of whole hexes in the game's distance (or in hexes), at most ``room`` pt long."""
    s = ctx.size
    scale = ctx.opts.scale
    count = next((n for n in (10, 5, 4, 3, 2, 1) if n * s <= room * 0.9), 0)
    if scale is not None:
        amount, unit = scale
        title = f"Scale: 1 hex = {number_words(amount)} {unit}"
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
        text = number_words(amount * i)
        if i == count:
            text = f"{text} {unit}" if unit else count_words(i, "hex", "hexes")
        page.add(Text(x + i * s, y + height + 7, text, size=5.5, anchor="middle", fill="#222222"))


def draw_assembly(
    ctx: MapContext,
    page: Page,
    tile: Tile,
    ox: float,
    oy: float,
    box: tuple[float, float, float, float],
    layer: int = 0,
) -> None:
    """Cut lines on the leading sides (where :func:`cut_x` and :func:`cut_y` put them),
    registration marks on every shared line,
    and the names of the neighbouring tiles in the margins; nothing nearer the
    paper's edge than :data:`SAFE_EDGE`, and the cut lines stop short of the
    header and footer. A ⊕ mark sits at the centre of each hex of a shared line
    except those of ``layer`` that hold a start position, a body or a warp point
    (their markers would hide it, or it them): both pages leave out the same ones."""
    grid, plan, pal, s = ctx.grid, ctx.plan, ctx.palette, ctx.size
    by_pos = {(t.row, t.col): t for t in plan.tiles}
    x0, y0, x1, y1 = box
    overhang = min(MARGIN * 0.6, s * 0.3)
    dash = Style("#7a7a7a", width=0.6, dash=(4, 3))
    inset = SAFE_EDGE + dash.width
    marks: list[tuple[float, float]] = []
    scissors: Box | None = None
    taken = ctx.occupied(layer)
    if ctx.opts.overlap:
        for c in ctx.col_starts:
            if not tile.c0 <= c <= tile.c1:
                continue
            rows = range(tile.v0, tile.v1 + 1)
            x_cut = cut_x(ctx, c, tile.v0, tile.v1, layer) + ox
            first = min(grid.center(c, v)[0] for v in list(rows)[:2])
            marks.extend(  # on the cut line, level with the centres of the outer hexes
                (x_cut, grid.center(c, v)[1] + oy)
                for v in rows
                if abs(grid.center(c, v)[0] - first) < 1e-6 and (c, v) not in taken
            )
            if c == tile.c0:  # below the title, above the footer's first line
                top = max(y0 - overhang, MARGIN + HEADER - 3)
                bottom = min(y1 + overhang, page.height - MARGIN - FOOTER + 1)
                page.add(Lines((((x_cut, top), (x_cut, bottom)),), dash))
        for v in ctx.row_starts:
            if not tile.v0 <= v <= tile.v1:
                continue
            cols = range(tile.c0, tile.c1 + 1)
            y_cut = cut_y(ctx, v, tile.c0, tile.c1, layer) + oy
            first = min(grid.center(c, v)[1] for c in list(cols)[:2])
            marks.extend(
                (grid.center(c, v)[0] + ox, y_cut)
                for c in cols
                if abs(grid.center(c, v)[1] - first) < 1e-6 and (c, v) not in taken
            )
            if v == tile.v0:
                left = max(x0 - overhang, inset)
                right = min(x1 + overhang, page.width - inset)
                page.add(Lines((((left, y_cut), (right, y_cut)),), dash))
                page.add(Text(left, y_cut - 2, "✂", size=8, anchor="start", fill="#7a7a7a"))
                scissors = text_box(left, y_cut - 2, "✂", 8, "start")
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
        _backing(ctx, page, text_box(mid_x, y, text, 7.0, "middle", bold=True))
        page.add(Text(mid_x, y, text, size=7, bold=True, anchor="middle", fill=grey))
    # the side neighbours beside the map, between it and the safe edge, turned to
    # run along it, the triangle pointing out: "▲ A1" reads upwards on the left
    ascent, descent = text_extent(7.0, bold=True)
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
        here = text_box(x, y, text, 7.0, "middle", bold=True, rotate=turn)
        if scissors is not None and dc == -1 and overlaps(here, scissors):
            y = scissors[3] + (here[3] - here[1]) / 2 + 2  # below the scissors
        _backing(ctx, page, text_box(x, y, text, 7.0, "middle", bold=True, rotate=turn))
        page.add(Text(x, y, text, size=7, bold=True, anchor="middle", fill=grey, rotate=turn))


def _backing(ctx: MapContext, page: Page, box: Box) -> None:
    """Under a neighbouring tile's name, where the tile's art may run into a press
    file's bleed (:mod:`sheetgen.layout.maps.bleed`): bare paper 1 pt around the name's
    ``box``, so the name stays readable over it. Nothing without a bleed."""
    if ctx.opts.bleed > 0:
        x0, y0, x1, y1 = box
        page.add(Rect(x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2, Style(None, "#ffffff")))
