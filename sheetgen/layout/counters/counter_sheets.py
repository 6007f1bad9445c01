"""Counter sheets: :func:`layout_counter_sheets` lays :class:`~sheetgen.layout.counters.build.Counter`
items out on pages, fronts and backs, as the package docstring of
:mod:`sheetgen.layout.counters` describes (all lengths in pt, origin top-left, y down).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from sheetgen.core.units import PAPER_SIZES
from sheetgen.draw.primitives import Drawing, Page, Primitive, Rect, Style
from sheetgen.layout.counters.build import MAX_SHEETS, Counter, CounterError, Face, check_total, format_size
from sheetgen.layout.counters.faces import Painter, place
from sheetgen.layout.counters.marks import caption, cut_marks, fold_line, registration
from sheetgen.layout.counters.modes import Duplex
from sheetgen.layout.counters.paper import (
    CAPTION_BASELINE,
    CAPTION_CLEAR,
    SCALE_BAR_TOP,
    SheetSpec,
    offset_text,
    sheet_grid,
)
from sheetgen.layout.text import missing_glyph_warning

__all__ = ["CounterSheets", "Placement", "layout_counter_sheets"]


@dataclass(frozen=True)
class Placement:
    """Where one counter went: index into the input list (then on into the fill), the page index and
    top-left corner (pt) of its front and of its back, and whether the back is
    drawn turned by 180 degrees."""

    index: int
    front_page: int
    front: tuple[float, float]
    back_page: int
    back: tuple[float, float]
    back_turned: bool


@dataclass
class CounterSheets:
    """The laid-out sheets: the drawing, where each counter went, the grid
    (``cols`` x ``rows`` cells of which ``front_cols`` hold fronts), and warning
    lines for the user (glyphs the bundled font lacks, names printed tiny); ``filled``,
    the counters ``fill`` put in spare cells (placed after the counters given)."""

    drawing: Drawing
    placements: list[Placement]
    cols: int
    rows: int
    front_cols: int
    origin: tuple[float, float]
    warnings: list[str] = field(default_factory=list)
    filled: list[Counter] = field(default_factory=list)


def _cells(counters: Sequence[Counter], per_row: int, rows: int) -> list[tuple[int, int, int]]:
    """(sheet, row, column) of each counter: row by row, a new group on a new row."""
    out = []
    sheet = row = col = 0
    group: str | None = None
    for counter in counters:
        if group is not None and counter.group != group and col:
            row, col = row + 1, 0
        group = counter.group
        if row >= rows:
            sheet, row, col = sheet + 1, 0, 0
        out.append((sheet, row, col))
        col += 1
        if col == per_row:
            row, col = row + 1, 0
    return out


def layout_counter_sheets(
    counters: Sequence[Counter],
    spec: SheetSpec,
    *,
    title: str = "Counters",
    fill: Callable[[int], Sequence[Counter]] | None = None,
) -> CounterSheets:
    """Lay ``counters`` out on sheets as ``spec`` says (see :mod:`sheetgen.layout.counters`).

    With ``fill``, every cell the counters leave empty (the ends of rows a new
    group leaves, the rest of the last sheet) takes one counter of ``fill(n)``,
    ``n`` being the number of empty cells, sheet by sheet, row by row; the
    placements of those follow the counters' (index ``len(counters)`` on). They
    add no sheet, and their backs land behind their fronts as any counter's.

    Pages come in print order: front, back, front, back... for duplex ``long``
    and ``short``; one page per sheet for ``none``. Each page's label names it
    (``Fronts 1``, ``Backs 1``). Raises :class:`CounterError` when the counter
    does not fit the paper, the gutter is narrower than twice the bleed, or
    there are more than :data:`MAX_COUNTERS` counters or :data:`MAX_SHEETS` sheets.
    """
    grid = sheet_grid(spec)
    check_total(len(counters))
    width, height = PAPER_SIZES[spec.paper]
    s, b = spec.size, spec.bleed
    fold = spec.duplex == Duplex.none
    per_row = grid.cols // 2 if fold else grid.cols
    cells = _cells(counters, per_row, grid.rows)
    sheets = (cells[-1][0] + 1) if cells else 1
    if sheets > MAX_SHEETS:
        raise CounterError(
            f"{len(counters):,} counters of {format_size(s)} take {sheets:,} sheets; at most {MAX_SHEETS} "
            "in one run: print fewer at a time or choose a smaller --size"
        )
    extra: list[Counter] = []
    if fill is not None:
        taken = set(cells)
        spare = [
            (k, r, c)
            for k in range(sheets)
            for r in range(grid.rows)
            for c in range(per_row)
            if (k, r, c) not in taken
        ]
        extra = list(fill(len(spare)))[: len(spare)]
        counters = [*counters, *extra]
        cells = [*cells, *spare[: len(extra)]]
    warnings: dict[str, None] = {}
    line = missing_glyph_warning(title, f"the caption {title!r}")
    if line:
        warnings[line] = None
    painter = Painter(s, warnings)
    tiny: dict[str, dict[str, float]] = {}

    fronts = [Page(width, height) for _ in range(sheets)]
    backs = fronts if fold else [Page(width, height) for _ in range(sheets)]
    dx, dy = (0.0, 0.0) if fold else spec.back_offset
    placements: list[Placement] = []
    used: list[list[tuple[int, int]]] = [[] for _ in range(sheets)]
    faces: dict[tuple[Face, str, str], tuple[list[Primitive], list[tuple[str, float]]]] = {}
    for index, (counter, (sheet, row, col)) in enumerate(zip(counters, cells, strict=True)):
        used[sheet].append((row, col))
        fx, fy = grid.x0 + col * grid.pitch, grid.y0 + row * grid.pitch
        turned = spec.duplex == Duplex.short
        if turned:
            brow, bcol = grid.rows - 1 - row, col
        else:
            brow, bcol = row, grid.cols - 1 - col
        bx, by = grid.x0 + bcol * grid.pitch + dx, grid.y0 + brow * grid.pitch + dy
        back_page_index = sheet if fold else 2 * sheet + 1
        front_page_index = sheet if fold else 2 * sheet
        placements.append(Placement(index, front_page_index, (fx, fy), back_page_index, (bx, by), turned))
        for page, x, y, face, turn, side in (
            (fronts[sheet], fx, fy, counter.front, False, "front"),
            (backs[sheet], bx, by, counter.back, turned, "back"),
        ):
            page.add(Rect(x - b, y - b, s + 2 * b, s + 2 * b, Style(stroke=None, fill=counter.colour)))
            key = (face, counter.colour, counter.side)
            painted = faces.get(key)
            if painted is None:
                painter.tiny = []
                painted = faces[key] = (painter.face(face, counter), painter.tiny)
            local, small = painted
            for what, size in small:
                sides = tiny.setdefault(what, {})
                sides[side] = min(size, sides.get(side, size))
            page.add(*place(local, x, y, s, turn))
    for what, sides in tiny.items():
        warnings[_tiny_warning(what, sides, s)] = None

    pages: list[Page] = []
    total = sheets
    size_text = format_size(s)
    for k in range(sheets):
        front, back = fronts[k], backs[k]
        front.add(*cut_marks(used[k], grid, spec, fold))
        if fold:
            front.add(*fold_line(width, height))
            front.label = f"Sheet {k + 1}"
            front.add(
                *caption(
                    width,
                    height,
                    title,
                    f"sheet {k + 1} of {total} · {size_text} counters · "
                    "print one-sided at 100 % (actual size), fold on the centre line, glue, cut",
                    centred=False,
                )
            )
            pages.append(front)
            continue
        front.add(*registration(width, height, 0.0, 0.0))
        back.add(*registration(width, height, dx, dy))
        flip = "long" if spec.duplex == Duplex.long else "short"
        front.label = f"Fronts {k + 1}"
        back.label = f"Backs {k + 1}"
        front.add(
            *caption(
                width,
                height,
                title,
                f"fronts {k + 1} of {total} · {size_text} counters · "
                f"print two-sided at 100 % (actual size), flip on {flip} edge",
            )
        )
        offset = f" · backs shifted {offset_text(dx, dy)}" if (dx or dy) else ""
        # the backs' caption and scale bar stay put: keep them off the moved block
        top, bottom = grid.y0 - b + dy, height - grid.y0 + b + dy
        low = top < CAPTION_BASELINE + CAPTION_CLEAR
        back.add(
            *caption(
                width,
                height,
                title,
                f"backs {k + 1} of {total} · {size_text} counters{offset}",
                shift=abs(dx),
                low=low,
                scale_bar=not low and bottom <= height - SCALE_BAR_TOP - 1.0,
            )
        )
        pages.extend((front, back))
    return CounterSheets(
        Drawing(title, pages, subject=f"Counter sheets: {size_text} counters, fronts and backs"),
        placements,
        grid.cols,
        grid.rows,
        per_row,
        (grid.x0, grid.y0),
        list(warnings),
        extra,
    )


def _tiny_warning(what: str, sides: dict[str, float], size: float) -> str:
    """One line for a name printed smaller than :data:`~sheetgen.layout.counters.faces.TINY` pt: the size on each side it
    is small on (``front``, ``back``), smallest named explicitly."""

    def pt(v: float) -> str:
        return f"{v:.1f} pt"

    if len(sides) == 2 and pt(sides["front"]) == pt(sides["back"]):
        where = f"{pt(sides['front'])} on both sides"
    else:
        where = " and ".join(f"{pt(v)} on the {side}" for side, v in sorted(sides.items(), key=_front_first))
    return (
        f"{what} prints at {where} of {format_size(size)} counters; "
        "a shorter name or a larger --size reads better"
    )


def _front_first(item: tuple[str, float]) -> int:
    return 0 if item[0] == "front" else 1
