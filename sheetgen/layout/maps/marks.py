"""Marks around the map: the frame (title and tile name in the header, the scale
bar and the 100 mm / 4 in calibration ruler in the footer) and, on tiled maps, the
assembly marks (cut lines, registration marks, the neighbouring tiles' names)."""

from __future__ import annotations

from sheetgen.draw.primitives import Circle, Lines, Page, Rect, Style, Text, inch, mm
from sheetgen.layout.maps.context import MapContext
from sheetgen.layout.maps.labels import Box, overlaps
from sheetgen.layout.maps.options import count_words, length_words, number_words
from sheetgen.layout.maps.plan import FOOTER, HEADER, MARGIN, RULER, SAFE_EDGE, Tile
from sheetgen.layout.text import fit_size, fit_text, text_box, text_extent, text_width

__all__ = ["draw_assembly", "draw_frame"]


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
    """Cut lines on the leading sides, registration marks on every shared line,
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
            x_cut = min(grid.center(c, v)[0] for v in list(rows)[:2]) + ox
            marks.extend(
                (x_cut, grid.center(c, v)[1] + oy)
                for v in rows
                if abs(grid.center(c, v)[0] + ox - x_cut) < 1e-6 and (c, v) not in taken
            )
            if c == tile.c0:  # below the title, above the footer's first line
                top = max(y0 - overhang, MARGIN + HEADER - 3)
                bottom = min(y1 + overhang, page.height - MARGIN - FOOTER + 1)
                page.add(Lines((((x_cut, top), (x_cut, bottom)),), dash))
        for v in ctx.row_starts:
            if not tile.v0 <= v <= tile.v1:
                continue
            cols = range(tile.c0, tile.c1 + 1)
            y_cut = min(grid.center(c, v)[1] for c in list(cols)[:2]) + oy
            marks.extend(
                (grid.center(c, v)[0] + ox, y_cut)
                for c in cols
                if abs(grid.center(c, v)[1] + oy - y_cut) < 1e-6 and (c, v) not in taken
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
        page.add(Text(x, y, text, size=7, bold=True, anchor="middle", fill=grey, rotate=turn))
