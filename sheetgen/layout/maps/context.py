"""What every page of one map shares: the colours of its style and a
:class:`MapContext` (options, page plan, grid, hex-number texts, zones' hexes)."""

from __future__ import annotations

from dataclasses import dataclass

from sheetgen.core.hexlabel import hex_label, letters
from sheetgen.layout.maps.grid import Grid
from sheetgen.layout.maps.options import MapOptions, label_font
from sheetgen.layout.maps.plan import PagePlan, Tile
from sheetgen.scenarios.terrain import Zone, format_layer

__all__ = ["PALETTES", "STAR_COLOURS", "MapContext", "Palette", "mix"]


@dataclass(frozen=True)
class Palette:
    """A style's inks (``#rrggbb``): the ground (``None``: the paper), hex edges, hex
    numbers, registration marks, texts, planets, moons, the bodies' outline, warp
    points, asteroids and the asteroid fields' ground."""

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


#: The inks of each map style (:data:`~sheetgen.layout.maps.options.STYLES`).
PALETTES = {
    "plain": Palette(
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
    "starfield": Palette(
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


#: The stars' colours, drawn from at random (white twice as often).
STAR_COLOURS = ("#ffffff", "#ffffff", "#dfe6ff", "#fff1d6", "#c7d3ff", "#ffd9c7", "#bfc5d6")


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` blended ``amount`` (0..1) of the way towards ``other`` (``#rrggbb``)."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b, strict=True))


class MapContext:
    """What every page of one map shares: ``opts``, the page ``plan``, the ``grid``,
    the style's ``palette``, the hex ``size`` and hex-number ``font`` size (pt), the
    printed column and row texts, and where tiles start (``col_starts``,
    ``row_starts``: the cut lines). Methods give what several parts of a page need:
    titles, hex numbers, hex outlines, the cells of a zone or feature on a tile."""

    def __init__(self, opts: MapOptions, plan: PagePlan, grid: Grid) -> None:
        self.opts, self.plan, self.grid = opts, plan, grid
        self.palette = PALETTES[opts.style]
        self.size = opts.hex_size
        self.font = label_font(opts.hex_size)
        width = max(2, len(str(max(opts.cols, opts.rows))))
        self.width = width
        self.layered = len(opts.layers) > 1 or opts.layers != (0,)
        every = opts.every  # number the columns and rows whose 1-based number it divides
        sep = "." if opts.numbering == "xx.yy" else ""
        self.col_text: list[str | None] = [
            None
            if opts.numbering == "none" or (c + 1) % every
            else letters(c)
            if opts.numbering == "letters"
            else f"{c + 1:0{width}d}{sep}"
            for c in range(opts.cols)
        ]
        self.row_text: list[str | None] = [
            None if opts.numbering == "none" or (r + 1) % every else f"{r + 1:0{width}d}"
            for r in range(opts.rows)
        ]
        if grid.flat:  # baseline of the hex number below the centre: near the top edge
            self.label_dy = -self.size / 2 + self.font * 0.95 + self.size * 0.02
        else:  # just above the upper corners' line, where the hex is full width
            self.label_dy = -grid.radius / 2 + self.font * 0.25
        self._cells: dict[Zone, list[tuple[int, int]]] = {}
        # cut lines between tiles: columns and visual rows where the later tile starts
        self.col_starts = sorted({t.c0 for t in plan.tiles if t.col > 0})
        self.row_starts = sorted({t.v0 for t in plan.tiles if t.row > 0})
        #: where the cut lines run, worked out once for the tiles on both sides of each
        self.cuts: dict[tuple[str, int, int, int, int], float] = {}

    def title(self, layer: int | None) -> str:
        """The map's title, naming ``layer`` on a map of layers."""
        if layer is not None and self.layered:
            return f"{self.opts.title} · {format_layer(layer)}"
        return self.opts.title

    def hex_text(self, c: int, row: int) -> str:
        """The printed number of column ``c``, printed row ``row`` (see :func:`hex_label`)."""
        return hex_label(c, row, self.opts.numbering, self.width)

    def hex_polygon(
        self, c: int, v: int, ox: float, oy: float, shrink: float = 1.0
    ) -> tuple[tuple[float, float], ...]:
        """The corners of hex ``(c, v)`` moved by ``ox``/``oy`` (pt), ``shrink`` times its size."""
        cx, cy = self.grid.center(c, v)
        cx, cy = cx + ox, cy + oy
        return tuple((cx + dx * shrink, cy + dy * shrink) for dx, dy in self.grid.corner_offsets())

    def visible(self, cells: list[tuple[int, int]], tile: Tile) -> list[tuple[int, int]]:
        """Visual cells of label-coordinate ``cells`` that fall on ``tile``."""
        grid = self.grid
        out = []
        for col, row in cells:
            c, v = grid.cell(col, row)
            if tile.holds(c, v):
                out.append((c, v))
        return out

    def anchor(self, cells: list[tuple[int, int]], avoid: set[tuple[int, int]]) -> tuple[int, int]:
        """The cell nearest the middle of ``cells`` for a name, preferring cells not in ``avoid``."""
        grid = self.grid
        pts = [grid.center(c, v) for c, v in cells]
        mx = sum(p[0] for p in pts) / len(pts)
        my = sum(p[1] for p in pts) / len(pts)

        def rank(pc: tuple[tuple[float, float], tuple[int, int]]) -> tuple[int, float, tuple[int, int]]:
            (x, y), cell = pc
            return (1 if cell in avoid else 0), (x - mx) ** 2 + (y - my) ** 2, cell

        return min(zip(pts, cells, strict=True), key=rank)[1]

    def occupied(self, layer: int) -> set[tuple[int, int]]:
        """Visual cells of ``layer`` holding a body, a warp point or a start position."""
        plan, grid = self.opts.plan, self.grid
        cells = {
            grid.cell(h.col, h.row)
            for f in plan.features
            if f.layer == layer and f.kind != "asteroids"
            for h in f.hexes
        }
        cells.update(grid.cell(s.at.col, s.at.row) for s in plan.starts if s.layer == layer)
        return cells

    def tint(self, colour: str) -> str:
        """A zone's shade: its colour faded into the paper (or the starfield)."""
        base = self.palette.background or "#ffffff"
        return mix(colour, base, 0.82 if base == "#ffffff" else 0.6)

    def zone_cells(self, zone: Zone) -> list[tuple[int, int]]:
        """``zone``'s hexes (label coordinates), worked out once for all the pages."""
        if zone not in self._cells:
            opts = self.opts
            self._cells[zone] = zone.cells(opts.cols, opts.rows, opts.orientation, opts.origin)
        return self._cells[zone]
