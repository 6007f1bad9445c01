"""The pages of a map: :func:`layout_map` makes the assembly index and every tile
of every layer, drawing the hex grid itself and calling on the terrain, labels and
marks modules for the rest."""

from __future__ import annotations

import gc
import itertools

from sheetgen.core.hexlabel import hex_label
from sheetgen.core.jsondata import JSON, JSONObject
from sheetgen.draw.primitives import Drawing, Labels, Lines, Page, Point, Polygon, Rect, Style, Text, snap
from sheetgen.layout.maps.bleed import draw_bleed
from sheetgen.layout.maps.context import MapContext, mix
from sheetgen.layout.maps.grid import Grid
from sheetgen.layout.maps.labels import Box, clip, obstacles, place_zone_label, union
from sheetgen.layout.maps.marks import draw_assembly, draw_frame, shown
from sheetgen.layout.maps.options import MapOptions, count_words, length_words, paper_words
from sheetgen.layout.maps.plan import FOOTER, HEADER, MARGIN, PagePlan, Tile, plan_pages
from sheetgen.layout.maps.terrain import (
    draw_asteroids,
    draw_feature,
    draw_stars,
    draw_start,
    draw_zone_edge,
    draw_zone_fill,
)
from sheetgen.layout.text import fit_size
from sheetgen.scenarios.terrain import format_layer

__all__ = ["first_page_hexes", "layout_map"]


def layout_map(opts: MapOptions) -> Drawing:
    """The pages of the map: an assembly index first when there is more than one
    tile, then every tile of every layer (layers in order, tiles in reading order).

    Raises :class:`MapError` as :func:`plan_pages`.
    """
    plan = plan_pages(opts)
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    drawing = Drawing(
        title=opts.title,
        subject=f"Hex map: {opts.cols} x {opts.rows} hexes, {length_words(opts.hex_size)} across the flats",
    )
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


def _tile_origin(plan: PagePlan, grid: Grid, tile: Tile) -> tuple[float, float]:
    """Where ``tile``'s hex coordinates start on its page (pt): the tile centred in the
    page's drawing area, below the header."""
    x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
    area_w = plan.width - 2 * MARGIN
    area_h = plan.height - 2 * MARGIN - HEADER - FOOTER
    return MARGIN + (area_w - (x1 - x0)) / 2 - x0, MARGIN + HEADER + (area_h - (y1 - y0)) / 2 - y0


def first_page_hexes(opts: MapOptions) -> JSONObject | None:
    """Where the hexes lie on the map's first page, for a page that places ships on it:
    ``{"width", "height"}`` of the page and ``"size"`` of a hex (pt), ``"orientation"``,
    ``"hexes"``: ``[[label, x, y], ...]`` each hex's number (as a scenario's ``at`` writes
    it: the printed number, ``xxyy`` on a map printed without numbers) and centre (pt, from
    the page's top left), ``"starts"``: ``[{"ship", "at", "facing", "colour", "side"}]``
    the start positions on the first layer. ``None`` when the first page is no map of the
    whole grid (an assembly index, or more than one tile)."""
    plan = plan_pages(opts)
    if plan.index or len(plan.tiles) != 1:
        return None
    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    ctx = MapContext(opts, plan, grid)
    tile = plan.tiles[0]
    ox, oy = _tile_origin(plan, grid, tile)
    numbering = "xxyy" if opts.numbering == "none" else opts.numbering

    def name(col: int, row: int) -> str:
        return hex_label(col, row, numbering, ctx.width)

    hexes: list[JSON] = []
    for c in range(tile.c0, tile.c1 + 1):
        for v in range(tile.v0, tile.v1 + 1):
            x, y = grid.center(c, v)
            hexes.append([name(c, grid.label_row(v)), round(x + ox, 2), round(y + oy, 2)])
    starts: list[JSON] = [
        {
            "ship": s.label,
            "at": name(s.at.col, s.at.row),
            "facing": s.facing,
            "colour": s.colour,
            "side": s.side,
        }
        for s in opts.plan.starts
        if s.layer == opts.layers[0]
    ]
    return {
        "width": plan.width,
        "height": plan.height,
        "size": opts.hex_size,
        "orientation": grid.orientation,
        "hexes": hexes,
        "starts": starts,
    }


#: How strongly the assembly index tints each tile's rectangle (as a 12 % glaze over white).
_TINT = 0.12


def _tints(boxes: list[tuple[float, float, float, float, str]]) -> list[Rect]:
    """Opaque rectangles painting ``boxes`` (``x0, y0, x1, y1, colour``; pt) as a
    :data:`_TINT` glaze of their colours laid one over the other in order: each box in
    its tint over white, then every strip where boxes overlap in the colours glazed
    together. The same look as transparent fills, with no transparency (PDF/X-1a)."""
    out = [
        Rect(x0, y0, x1 - x0, y1 - y0, Style(None, mix("#ffffff", c, _TINT))) for x0, y0, x1, y1, c in boxes
    ]
    xs = sorted({b[0] for b in boxes} | {b[2] for b in boxes})
    ys = sorted({b[1] for b in boxes} | {b[3] for b in boxes})
    for xa, xb in itertools.pairwise(xs):
        for ya, yb in itertools.pairwise(ys):
            over = [b[4] for b in boxes if b[0] <= xa and xb <= b[2] and b[1] <= ya and yb <= b[3]]
            if len(over) > 1:
                colour = "#ffffff"
                for c in over:
                    colour = mix(colour, c, _TINT)
                out.append(Rect(xa, ya, xb - xa, yb - ya, Style(None, colour)))
    return out


class _PageMaker(MapContext):
    """Builds the pages of one map: the index page and the tile pages."""

    def index_page(self) -> Page:
        """The assembly index: how many pages, how they fit, and a diagram of the tiles."""
        plan, opts, grid = self.plan, self.opts, self.grid
        page = Page(plan.width, plan.height, label="Assembly index")
        draw_frame(self, page, opts.title, "Index", "", to_scale=False, tail=": assembly index")
        hex_text = length_words(self.size)
        per_layer = len(plan.tiles)
        orientation = "landscape" if plan.landscape else "portrait"
        lines = [
            f"{opts.cols} × {opts.rows} hexes, {hex_text} across the flats, "
            f"{'flat' if grid.flat else 'pointy'}-topped, numbered from the "
            f"{'upper' if opts.origin == 'ul' else 'lower'} left corner.",
            f"{per_layer} {paper_words(opts.paper)} pages ({orientation}) after this one: "
            f"{plan.across} across × {plan.down} down"
            + (
                f", overlapping their neighbours by {count_words(opts.overlap, 'hex', 'hexes')}."
                if opts.overlap
                else ", meeting edge to edge."
            ),
        ]
        if self.layered:
            names = ", ".join(format_layer(x) for x in opts.layers)
            each = "each, " if len(opts.layers) > 1 else ""
            lines.append(
                f"{count_words(len(opts.layers), 'layer')} ({names}): one set of {per_layer} pages {each}"
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
        fills = ("#3b6fb6", "#c0504d")
        boxes = []
        for tile in plan.tiles:
            x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
            boxes.append(
                (ox + x0 * k, oy + y0 * k, ox + x1 * k, oy + y1 * k, fills[(tile.row + tile.col) % 2])
            )
        page.add(*_tints(boxes))
        if opts.cols * opts.rows <= 6000:
            segs, _ = self._grid_items(
                Tile(0, 0, 0, opts.cols - 1, 0, opts.rows - 1), k, ox, oy, labels=False
            )
            page.add(Lines(segs, Style("#b8b8b8", width=0.3)))
        else:
            page.add(Rect(ox, oy, grid.width * k, grid.height * k, Style("#b8b8b8", width=0.5)))
        for x0, y0, x1, y1, fill in boxes:
            page.add(Rect(x0, y0, x1 - x0, y1 - y0, Style(fill, None, width=0.8)))
        for tile in plan.tiles:
            x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
            w = (x1 - x0) * k
            size = max(5.0, min(16.0, w / 4, (y1 - y0) * k / 3))
            cx, cy = ox + (x0 + x1) / 2 * k, oy + (y0 + y1) / 2 * k
            page.add(
                Text(cx, cy + size * 0.35, tile.name, size=size, bold=True, anchor="middle", fill="#222222")
            )
            first = self.hex_text(tile.c0, grid.label_row(tile.v0)) if opts.numbering != "none" else ""
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

    def tile_page(self, tile: Tile, layer: int) -> Page:
        """One tile of one layer."""
        plan, opts, grid, pal = self.plan, self.opts, self.grid, self.palette
        x0, y0, x1, y1 = grid.bbox(tile.c0, tile.c1, tile.v0, tile.v1)
        ox, oy = _tile_origin(plan, grid, tile)
        several = len(plan.tiles) > 1
        name = tile.name if several else (format_layer(layer) if self.layered else "")
        label = f"{format_layer(layer)} {tile.name}" if self.layered and several else (name or "Map")
        page = Page(plan.width, plan.height, label=label)
        first = self.hex_text(tile.c0, grid.label_row(tile.v0))
        last = self.hex_text(tile.c1, grid.label_row(tile.v1))
        span = (f"hexes {first}–{last}" if first != last else f"hex {first}") if first else ""
        small = (
            f"{span} · tile {tile.row * plan.across + tile.col + 1} of {len(plan.tiles)}" if several else span
        )
        tail = f" · {format_layer(layer)}" if self.layered else ""
        if not several and self.layered:
            name = format_layer(layer)
            tail = ""
        draw_frame(self, page, opts.title, name, small, tail=tail)
        draw_bleed(self, page, tile, ox, oy, layer)  # --press: the neighbours' art past the cuts

        cells = [(c, v) for c in range(tile.c0, tile.c1 + 1) for v in range(tile.v0, tile.v1 + 1)]
        if pal.background:
            page.add(Polygon(tuple(self._outline(tile, ox, oy)), Style(None, pal.background)))
        terrain = [f for f in opts.plan.features if f.layer == layer]
        zones = [z for z in opts.plan.zones if z.layer == layer]
        for zone in zones:
            draw_zone_fill(self, page, zone, tile, ox, oy)
        for feature in terrain:
            if feature.kind == "asteroids":
                draw_asteroids(self, page, feature, tile, ox, oy, layer)
        if opts.style == "starfield":
            draw_stars(self, page, cells, ox, oy, layer)
        segments, labels = self._grid_items(tile, 1.0, ox, oy)
        page.add(Lines(segments, Style(pal.grid, width=0.6 if self.size >= 36 else 0.45)))
        if labels:
            page.add(Labels(labels, size=self.font, anchor="middle", fill=pal.label))
        for zone in zones:
            draw_zone_edge(self, page, zone, tile, ox, oy)
        # a body or start marker and its name are kept clear as one, so no label comes between
        groups: list[Box] = []
        for feature in terrain:
            first_item = len(page.items)
            draw_feature(self, page, feature, tile, ox, oy)
            groups += union(obstacles(page.items[first_item:], pal)[1])
        for start in opts.plan.starts:
            if start.layer == layer:
                first_item = len(page.items)
                draw_start(self, page, start, tile, ox, oy)
                groups += union(obstacles(page.items[first_item:], pal)[1])
        if several:
            draw_assembly(self, page, tile, ox, oy, (x0 + ox, y0 + oy, x1 + ox, y1 + oy), layer)
        # zone labels last, placed clear of everything else on the page, on the part of the
        # tile that shows once the pages are trimmed and laid over each other
        area = clip(
            clip(
                (x0 + ox, y0 + oy, x1 + ox, y1 + oy),
                (MARGIN, MARGIN + HEADER, page.width - MARGIN, page.height - MARGIN - FOOTER),
            ),
            shown(self, tile, ox, oy, layer),
        )
        for zone in zones:
            place_zone_label(self, page, zone, tile, ox, oy, area, groups)
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
        label_dy = self.label_dy * k
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
        edges: dict[Point, tuple[Point, Point, Point]] = {}
        for c in range(tile.c0, tile.c1 + 1):
            for v in range(tile.v0, tile.v1 + 1):
                if tile.c0 < c < tile.c1 and tile.v0 < v < tile.v1:
                    continue
                cx, cy = grid.center(c, v)
                for i, (nc, nv) in enumerate(grid.neighbours(c, v)):
                    if not tile.holds(nc, nv):
                        a = (cx + offsets[i][0] + ox, cy + offsets[i][1] + oy)
                        b = (cx + offsets[(i + 1) % 6][0] + ox, cy + offsets[(i + 1) % 6][1] + oy)
                        edges[snap(a, 3)] = (a, snap(b, 3), b)
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
