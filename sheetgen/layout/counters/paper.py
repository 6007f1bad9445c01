"""Where counters go on the paper: margins, :class:`SheetSpec` and the grid of cells.

All lengths in pt (1/72 in), origin at the page's top-left, y down. The block
of counters is centred on the page inside :data:`MARGIN`; no ink comes within
:data:`EDGE` of the paper's edge. :func:`sheet_grid` checks a :class:`SheetSpec`
against the paper (raising :class:`~sheetgen.layout.counters.build.CounterError`)
and gives its cells; :func:`kit_counter_size` picks a kit's counter edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheetgen.core.units import MIN_COUNTER, PAPER_SIZES, LengthError, Paper, parse_length
from sheetgen.layout.counters.build import (
    DEFAULT_SIZE,
    CounterError,
    counter_size_for_hex,
    format_size,
    largest_counter_for_hex,
)
from sheetgen.layout.counters.modes import CutMarks, Duplex

if TYPE_CHECKING:
    from sheetgen.scenarios.scenario import Scenario

__all__ = [
    "CAPTION_BASELINE",
    "CAPTION_CLEAR",
    "CAPTION_SIZE",
    "CAPTION_SMALLEST",
    "CROP_GAP",
    "CROP_LENGTH",
    "DEFAULT_BLEED",
    "EDGE",
    "MARGIN",
    "PRESS_BLEED",
    "REGISTRATION_ARM",
    "REGISTRATION_INSET",
    "SCALE_BAR_TOP",
    "CutMarks",
    "Grid",
    "SheetSpec",
    "kit_counter_size",
    "offset_text",
    "sheet_grid",
]

#: Paper left clear on every side of the block of counters (0.5 in, within the
#: reach of home printers), holding registration marks, crop marks and the caption.
MARGIN = 36.0
#: Paper left without ink on every edge (1/4 in): home printers leave up to this much
#: unprinted, so no mark, caption or counter comes nearer, on fronts or backs.
EDGE = 18.0
#: Centre of each registration mark, from the page's nearest corner edges.
REGISTRATION_INSET = 28.0
#: Half the span of a registration mark's cross (its ring is a little smaller).
REGISTRATION_ARM = 6.0
#: Caption in the top margin: its baseline (pt from the top, so its tallest glyphs
#: stay :data:`EDGE` clear), its size and the smallest it shrinks to before its
#: title is cut short.
CAPTION_BASELINE = 25.0
CAPTION_SIZE = 6.5
CAPTION_SMALLEST = 5.5
#: Paper a caption needs below its baseline (descenders and a little air), in pt.
CAPTION_CLEAR = 3.0
#: Top of the scale bar, in pt from the paper's bottom edge (its foot stays
#: :data:`EDGE` clear).
SCALE_BAR_TOP = 25.0
#: Colour past each cut line when none is asked for (2 mm, in pt): print-and-play
#: guidance asks for 2-3 mm, so a cut a little off the line still finds colour.
DEFAULT_BLEED = 2 * 72 / 25.4
#: Bleed a print shop asks for where art runs to the cut (1/8 in, in pt): ``--press``.
PRESS_BLEED = 9.0
#: Crop marks: gap from the art (with its bleed) and length, in pt.
CROP_GAP = 2.0
CROP_LENGTH = 6.0

#: Cut marks: ``lines`` on every cut path, or ``crop`` marks in the margins only.


@dataclass(frozen=True)
class SheetSpec:
    """How counters go on paper.

    ``size`` edge in pt; ``paper`` a key of :data:`~sheetgen.core.units.PAPER_SIZES`
    (portrait); ``duplex`` a :class:`~sheetgen.layout.counters.modes.Duplex`
    mode (or its value); ``back_offset`` (dx, dy) in pt; ``bleed`` and
    ``gutter`` in pt (``gutter=None``: twice the bleed); ``cut`` ``"lines"`` or ``"crop"``.
    """

    size: float = DEFAULT_SIZE
    paper: Paper = "letter"
    duplex: Duplex = Duplex.long
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 0.0
    gutter: float | None = None
    cut: CutMarks = CutMarks.lines

    @property
    def gap(self) -> float:
        """The gutter in pt, defaulted to twice the bleed."""
        return 2 * self.bleed if self.gutter is None else self.gutter


@dataclass(frozen=True)
class Grid:
    """The cells of one page: ``cols`` x ``rows`` counters, the top-left corner
    ``(x0, y0)`` of the first (pt) and the ``pitch`` (pt) from one cell to the next
    (counter edge plus gutter). On fold-and-glue pages the left half of the
    columns hold fronts, the right half backs."""

    cols: int
    rows: int
    x0: float
    y0: float
    pitch: float


#: A bleed may be at most the counter's size divided by this (a quarter of it).
MAX_BLEED_SHARE = 4


def sheet_grid(spec: SheetSpec) -> Grid:
    """The grid ``spec`` makes on its paper: as many cells as fit inside
    :data:`MARGIN` (an even number of columns for duplex ``none``), the block
    centred on the page.

    Raises :class:`~sheetgen.layout.counters.build.CounterError` for an unknown
    paper or duplex mode, a size not above zero, a negative bleed or gutter, a
    bleed over a quarter of the counter's size, a gutter narrower than twice the bleed, a counter too large for the paper, or a
    back offset that would carry the backs within :data:`EDGE` of the paper's edge.
    """
    if spec.paper not in PAPER_SIZES:
        raise CounterError(f"unknown paper {spec.paper!r}; known: {', '.join(PAPER_SIZES)}")
    modes = [mode.value for mode in Duplex]
    if spec.duplex not in modes:
        raise CounterError(f"unknown duplex mode {spec.duplex!r}; known: {', '.join(modes)}")
    width, height = PAPER_SIZES[spec.paper]
    s, g, b = spec.size, spec.gap, spec.bleed
    if s <= 0:
        raise CounterError("counter size must be more than zero")
    if b < 0 or g < 0:
        raise CounterError("bleed and gutter cannot be negative")
    if b > s / MAX_BLEED_SHARE + 1e-9:
        # a bleed is a sliver of colour past the cut (1/16-1/8 in); more is a mistyped unit
        raise CounterError(
            f"a bleed of {format_size(b)} is more than a quarter of the {format_size(s)} counter "
            f"({format_size(s / MAX_BLEED_SHARE)}): bleeds are a sliver past the cut, such as 1/16in"
        )
    if g + 1e-9 < 2 * b:
        raise CounterError(
            f"a gutter of {format_size(g)} is too narrow for a bleed of {format_size(b)}: "
            f"the gutter must be at least twice the bleed ({format_size(2 * b)})"
        )
    avail_w = width - 2 * MARGIN - 2 * b
    avail_h = height - 2 * MARGIN - 2 * b
    fold = spec.duplex == Duplex.none
    cols = math.floor((avail_w + g) / (s + g) + 1e-9)
    rows = math.floor((avail_h + g) / (s + g) + 1e-9)
    if fold:
        cols -= cols % 2
    if cols < (2 if fold else 1) or rows < 1:
        largest = min((avail_w - g) / 2 if fold else avail_w, avail_h)
        how = " for fold-and-glue (--duplex none)" if fold else ""
        raise CounterError(
            f"counters of {format_size(s)} do not fit on {spec.paper} paper{how}: "
            f"the largest that fits inside the {format_size(MARGIN)} margins is {format_size(max(largest, 0))}"
        )
    block_w = cols * s + (cols - 1) * g
    block_h = rows * s + (rows - 1) * g
    x0, y0 = (width - block_w) / 2, (height - block_h) / 2
    dx, dy = (0.0, 0.0) if fold else spec.back_offset
    if min(x0 - b - abs(dx), y0 - b - abs(dy)) < EDGE - 1e-9:
        raise CounterError(
            f"a back offset of {offset_text(dx, dy)} would print backs within "
            f"{format_size(EDGE)} of the paper's edge; at most {format_size(x0 - b - EDGE)} across "
            f"and {format_size(y0 - b - EDGE)} up or down fit here"
        )
    return Grid(cols, rows, x0, y0, s + g)


def offset_text(dx: float, dy: float) -> str:
    """A back offset ``(dx, dy)`` in pt for people, in signed mm: ``+0.5 mm, -1 mm``."""

    def mm(v: float) -> str:
        return f"{v / 72 * 25.4:+.2f}".rstrip("0").rstrip(".")

    return f"{mm(dx)} mm, {mm(dy)} mm"


def kit_counter_size(scenario: Scenario, paper: Paper = "letter") -> tuple[float, list[str]]:
    """The counter edge (pt) for ``scenario``'s kit on ``paper``, and warning lines.

    The scenario's ``options: {counter_size: 5/8in}`` is used when given (with a
    warning when it does not fit the map's hex, ``map.hex`` flat-to-flat);
    otherwise :func:`~sheetgen.layout.counters.build.counter_size_for_hex` picks
    the largest standard size that fits. An option that cannot be read or does
    not fit the paper, or a hex size that cannot be read, is warned about and
    replaced by the fitted size (or :data:`~sheetgen.layout.counters.build.DEFAULT_SIZE`).
    """
    warnings: list[str] = []
    try:
        hex_size: float | None = parse_length(scenario.map.hex)
    except LengthError as exc:
        warnings.append(f"map hex: {exc}; counters are {format_size(DEFAULT_SIZE)}")
        hex_size = None
    fitted = counter_size_for_hex(hex_size) if hex_size else DEFAULT_SIZE
    chosen = scenario.options.get("counter_size") if isinstance(scenario.options, dict) else None
    if chosen is None:
        return fitted, warnings
    try:
        size = parse_length(str(chosen), least=MIN_COUNTER)
    except LengthError as exc:
        warnings.append(f"options.counter_size: {exc}; using {format_size(fitted)}")
        return fitted, warnings
    try:
        sheet_grid(SheetSpec(size=size, paper=paper))
    except CounterError as exc:
        warnings.append(f"options.counter_size: {exc}; using {format_size(fitted)}")
        return fitted, warnings
    if hex_size and size > largest_counter_for_hex(hex_size) + 1e-9:
        warnings.append(
            f"options.counter_size {chosen} does not fit the map's {scenario.map.hex} hexes "
            f"(at most {format_size(largest_counter_for_hex(hex_size))} fits; "
            f"{format_size(fitted)} would): printing {format_size(size)} counters as chosen"
        )
    return size, warnings
