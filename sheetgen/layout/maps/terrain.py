"""What a scenario puts on the map, drawn: deployment zones (shade and border),
asteroid fields, planets, moons and warp points with their names, start positions
with their facings, and the seeded starfield.

Each function draws onto ``page`` what falls on ``tile``, the map's grid moved by
``ox``, ``oy`` pt (where the tile sits on the page).
"""

from __future__ import annotations

import math
import random

from sheetgen.draw.primitives import Circle, Lines, Page, Polygon, Style, Text
from sheetgen.layout.maps.context import STAR_COLOURS, MapContext, mix
from sheetgen.layout.maps.plan import Tile
from sheetgen.layout.text import fit_size, shorten, text_extent, text_width, wrap_lines
from sheetgen.scenarios.terrain import Feature, Start, Zone

__all__ = [
    "draw_asteroids",
    "draw_feature",
    "draw_stars",
    "draw_start",
    "draw_zone_edge",
    "draw_zone_fill",
]

#: Line spacing of a two-line name, times its size.
_LEAD = 1.1

#: Facing angles in degrees, clockwise from east with y down, per orientation.
_FACING: dict[str, dict[str, float]] = {
    "flat": {"N": -90, "NE": -30, "SE": 30, "S": 90, "SW": 150, "NW": 210},
    "pointy": {"NE": -60, "E": 0, "SE": 60, "SW": 120, "W": 180, "NW": 240},
}


def draw_zone_fill(ctx: MapContext, page: Page, zone: Zone, tile: Tile, ox: float, oy: float) -> None:
    """Shade ``zone``'s hexes on ``tile`` in its tint (drawn under the hex edges)."""
    cells = ctx.visible(ctx.zone_cells(zone), tile)
    if not cells:
        return
    style = Style(None, ctx.tint(zone.colour))
    for c, v in cells:
        page.add(Polygon(ctx.hex_polygon(c, v, ox, oy), style))


def draw_zone_edge(ctx: MapContext, page: Page, zone: Zone, tile: Tile, ox: float, oy: float) -> None:
    """Outline ``zone`` in its colour: the edges of its hexes on ``tile`` that face a hex
    outside it (over the hex edges, 0.8 to 1.8 pt wide)."""
    grid = ctx.grid
    labelled = ctx.zone_cells(zone)
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
    width = max(0.8, min(1.8, ctx.size / 40))
    page.add(Lines(tuple(segments), Style(zone.colour, width=width)))


def draw_asteroids(
    ctx: MapContext, page: Page, feature: Feature, tile: Tile, ox: float, oy: float, layer: int
) -> None:
    """An asteroid field: each of its hexes on ``tile`` shaded, with five to eight rocks
    seeded by (seed, ``layer``, hex) so overlapping pages agree, and its name on the
    hex nearest the field's middle that holds nothing else."""
    pal, grid = ctx.palette, ctx.grid
    cells = feature.cells(ctx.opts.cols, ctx.opts.rows, ctx.opts.orientation)
    s = ctx.size
    for col, row in cells:
        c, v = grid.cell(col, row)
        if not tile.holds(c, v):
            continue
        page.add(Polygon(ctx.hex_polygon(c, v, ox, oy), Style(None, pal.field)))
        rng = random.Random(f"rocks:{ctx.opts.seed}:{layer}:{col}:{row}")
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
        visible = ctx.visible(cells, tile)
        if visible:
            c, v = ctx.anchor(visible, ctx.occupied(layer))
            _caption(ctx, page, feature.name, c, v, ox, oy)


#: Room (pt) a name at the foot of a hex leaves to the hex's sides, both together.
_CAPTION_PAD = 1.0
#: Room (pt) a name in a column two tiles share leaves on each side for the cut line.
_CUT_LANE = 2.0


def _caption(
    ctx: MapContext,
    page: Page,
    text: str,
    c: int,
    v: int,
    ox: float,
    oy: float,
    fill: str | None = None,
    clear: float = 0.0,
) -> None:
    """A name at the foot of hex ``(c, v)``, within the hex's width there (66 % of the
    hex across the flats on flat-topped hexes, 80 % on pointy ones, at most the hex's
    width at the foot of the name's lowest line, less :data:`_CAPTION_PAD`; in the one
    column two tiles share, narrow enough to leave the cut line a lane beside it): one line, shrunk
    from 8 pt (11 % of the hex) down to 4 pt; a name still too long goes on two lines
    or three lines (whichever prints larger) when they fit between the foot and ``clear`` pt below the hex's centre (what the
    hex holds: an arrow, a ring), else on one 4 pt line shortened with an ellipsis."""
    s = ctx.size
    cx, cy = ctx.grid.center(c, v)
    family, bold = "SheetCondensed", True
    largest, smallest = min(8.0, max(4.0, s * 0.11)), 4.0
    foot = s * 0.42 if ctx.grid.flat else s * 0.36
    # no wider than the hex where it is narrowest under the name: at the foot of its descent
    low = foot + text_extent(largest, family, bold)[1]
    if ctx.grid.flat:
        half = (s - low) / math.sqrt(3)
    else:
        radius = s / math.sqrt(3)
        half = s / 2 if low <= radius / 2 else (radius - low) * math.sqrt(3)
    width = min(s * 0.66 if ctx.grid.flat else s * 0.8, 2 * half - _CAPTION_PAD)
    if ctx.opts.overlap == 1 and c in ctx.col_starts:
        # a cut line runs down the one column two tiles share (marks.cut_x): leave it a lane
        # beside the name, within the strip where both tiles print every hex whole
        lane = ctx.grid.radius / 2 if ctx.grid.flat else s / 4
        width = min(width, 2 * (lane - _CUT_LANE))
    size = fit_size(text, width, largest, smallest, family, bold)
    lines: tuple[str, ...] = (text,)
    if text_width(text, size, family, bold) > width:
        ascent = text_extent(1.0, family, bold)[0]
        best: tuple[float, tuple[str, ...]] | None = None
        for count in (2, 3):
            wrapped = wrap_lines(text, count, family, bold)
            if wrapped is None:
                break
            # the top line's top (its leads and ascent above the lowest baseline) stays below ``clear``
            fits = min(largest, width / wrapped[1], (foot - clear - 1.0) / ((count - 1) * _LEAD + ascent))
            if fits >= smallest and (best is None or fits > best[0]):
                best = (math.floor(fits * 4) / 4, wrapped[0])
        if best is not None:
            size, lines = best
        else:
            lines, size = (shorten(text, width, smallest, family, bold),), smallest
    for i, line in enumerate(reversed(lines)):
        page.add(
            Text(
                cx + ox,
                cy + foot + oy - i * size * _LEAD,
                line,
                size=size,
                font=family,
                bold=bold,
                anchor="middle",
                fill=fill or ctx.palette.text,
            )
        )


def draw_stars(
    ctx: MapContext, page: Page, cells: list[tuple[int, int]], ox: float, oy: float, layer: int
) -> None:
    """A seeded starfield: each hex's stars come from (seed, layer, hex), so a hex on
    two overlapping pages shows the same stars."""
    grid, s = ctx.grid, ctx.size
    area = math.sqrt(3) / 2 * (s / 72) ** 2  # hex area in square inches
    density = 3.5 * area
    seed = ctx.opts.seed
    clear_x = text_width("0" * (2 * ctx.width + 1), ctx.font) / 2 + 1.5
    label_bottom = ctx.label_dy + 1.5
    label_top = label_bottom - ctx.font - 2.5
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
            colour = rng.choice(STAR_COLOURS)
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


def draw_feature(ctx: MapContext, page: Page, feature: Feature, tile: Tile, ox: float, oy: float) -> None:
    """A planet or moon (a disc ``feature.size`` of the hex across) or a warp point
    (dashed ring, ring and dot), with its name, when its hex is on ``tile``; asteroid
    fields are :func:`draw_asteroids`'."""
    if feature.kind == "asteroids":
        return
    pal, grid, s = ctx.palette, ctx.grid, ctx.size
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
                    Style(None, mix(fill, "#ffffff", 0.35 * 0.6)),  # 35 % lighter, as a 60 % glaze
                )
            )
        if feature.name:
            _caption(ctx, page, feature.name, c, v, ox, oy, clear=r)
        return
    # warp point: a dashed ring around a ring and a dot
    width = max(0.6, min(1.4, s / 55))
    page.add(Circle((cx, cy), s * 0.3, Style(pal.warp, None, width=width, dash=(s * 0.05, s * 0.035))))
    page.add(Circle((cx, cy), s * 0.17, Style(pal.warp, None, width=width)))
    page.add(Circle((cx, cy), s * 0.045, Style(None, pal.warp)))
    ring = s * 0.3 + width / 2  # the dashed ring's foot, below the centre
    _caption(ctx, page, feature.name or "Warp point", c, v, ox, oy, fill=pal.warp, clear=ring)


def draw_start(ctx: MapContext, page: Page, start: Start, tile: Tile, ox: float, oy: float) -> None:
    """A start position, when its hex is on ``tile``: an arrow pointing along its facing
    (a dot without one) in the side's colour, and the ship's name."""
    grid, s = ctx.grid, ctx.size
    c, v = grid.cell(start.at.col, start.at.row)
    if not tile.holds(c, v):
        return
    cx, cy = grid.center(c, v)
    cx, cy = cx + ox, cy + oy - s * 0.04
    outline = Style("#ffffff", start.colour, width=0.6)
    if start.facing is None:
        page.add(Circle((cx, cy), s * 0.13, outline))
        low = cy + s * 0.13
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
        low = max(p[1] for p in (tip, left, notch, right))
    fill = start.colour if not ctx.palette.background else mix(start.colour, "#ffffff", 0.55)
    clear = low + outline.width / 2 - (cy + s * 0.04)  # the marker's foot, below the hex's centre
    _caption(ctx, page, start.label, c, v, ox, oy, fill=fill, clear=clear)
