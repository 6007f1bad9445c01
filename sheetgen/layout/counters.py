"""Counter sheets: die-cut counters for ships and markers, fronts and backs.

Pure layout, no writer: :func:`layout_sheets` places :class:`Counter` items on
pages of :mod:`sheetgen.draw` primitives (pt, origin top-left, y down), which
:mod:`sheetgen.draw.pdf` and :mod:`sheetgen.draw.svg` print unchanged.

Geometry (all lengths in pt, 1/72 in):

* A counter is a square of edge ``size``: the cut line. Its background colour
  runs ``bleed`` beyond that edge; neighbours stand ``gutter`` apart, edge to
  edge (``gutter`` is at least ``2 * bleed`` so bleeds never overlap). Text and
  arrows keep an inset of 6-8 % of ``size`` from the edge.
* The block of counters is centred on the page inside :data:`MARGIN`, so the
  grid is symmetric and a mirrored back lands on a cell of the same grid.
* Duplex ``long``: the sheet turns over about its long (vertical) edge; the
  back of the counter in column ``c``, row ``r`` is drawn upright in column
  ``cols - 1 - c``, row ``r`` of the following (back) page.
* Duplex ``short``: the sheet turns over about its short edge; the back is in
  column ``c``, row ``rows - 1 - r``, drawn turned by 180 degrees, so that a cut
  counter turned over side to side (about its facing arrow) shows its back
  upright with the arrow on the same edge, as in ``long``.
* Duplex ``none`` (one-sided printers): fold and glue. Fronts fill the left
  half of each page and backs the right half, mirrored about the dash-dotted
  fold line at the page's centre.
* ``back_offset`` ``(dx, dy)`` shifts everything on back pages but the caption
  (x right, y down, as the back page is seen) to undo a printer's
  misregistration; registration marks sit at the page corners on both sides.
* No ink comes within :data:`EDGE` (1/4 in) of the paper's edge, on fronts or
  backs: the margin holds the caption (shrunk, then its title cut short with an
  ellipsis, to fit between the registration marks), the scale bar, crop marks
  and the marks; a back offset may not carry the backs nearer the edge, and a
  registration mark it would carry there is left out on that back. A back page
  whose block is moved up into the caption's room takes its caption in the
  bottom margin instead, and one moved down onto the scale bar goes without it
  (the fronts have one).
* Cut marks go on fronts only, so a misregistered back never shows a stray
  line: ``lines`` strokes every cut path once (shared edges drawn once when
  counters touch); ``crop`` puts short marks in the margins, clear of the art
  and its bleed, in line with every cut.

Faces: a ship's front (:class:`~sheetgen.games.base.CounterFace`) shows a
facing arrow pointing at the counter's top edge, the name (shrunk to fit, in
two lines when that prints it larger; never wider than the counter) and the
game's key numbers; its back the reduced state with its banner, or the side's
emblem. Markers (:class:`~sheetgen.games.base.Marker`) show their label,
caption and running number.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from sheetgen.core.units import PAPER_SIZES, LengthError, parse_length
from sheetgen.draw.primitives import Circle, Drawing, Lines, Page, Polygon, Primitive, Rect, Style, Text
from sheetgen.games.base import AnyGame, CounterFace, Marker, Stats
from sheetgen.layout.text import missing_glyphs, text_width
from sheetgen.scenarios.scenario import DEFAULT_COLOURS

if TYPE_CHECKING:
    from sheetgen.scenarios.loading import Entry
    from sheetgen.scenarios.scenario import Scenario

__all__ = [
    "DEFAULT_COLOURS",
    "DEFAULT_SIZE",
    "DUPLEX_MODES",
    "EDGE",
    "MARGIN",
    "MAX_COPIES",
    "MAX_COUNTERS",
    "MAX_SHEETS",
    "STANDARD_SIZES",
    "Counter",
    "CounterError",
    "MarkerFace",
    "Placement",
    "SheetSpec",
    "Sheets",
    "counter_size_for_hex",
    "fleet_counters",
    "format_size",
    "kit_counter_size",
    "largest_counter_for_hex",
    "layout_sheets",
    "marker_counters",
    "scenario_counters",
    "ship_counters",
]

#: Usual die-cut counter edges, largest first, in pt (1 in, 3/4 in, 5/8 in, 1/2 in).
STANDARD_SIZES: tuple[float, ...] = (72.0, 54.0, 45.0, 36.0)
#: Default counter edge: 5/8 in.
DEFAULT_SIZE = 45.0
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
#: Crop marks: gap from the art (with its bleed) and length, in pt.
CROP_GAP = 2.0
CROP_LENGTH = 6.0
#: Most copies of each ship one run prints (spares, not print runs).
MAX_COPIES = 100
#: Most counters one run lays out, and most sheets (a sheet is two pages when
#: printed two-sided): bounds time, memory and paper for a mistyped number.
MAX_COUNTERS = 5_000
MAX_SHEETS = 100

DUPLEX_MODES = ("long", "short", "none")
Duplex = Literal["long", "short", "none"]
CutMarks = Literal["lines", "crop"]

#: Marker counters that belong to no side.
NEUTRAL = "#e8e8e8"
_DARK = "#161616"
_LIGHT = "#ffffff"
_MARK = "#000000"
_CUT = "#7a7a7a"
_CAPTION = "#4d4d4d"

# DejaVu metrics as fractions of the font size: ascent (the line above the baseline)
# and capital height.
_ASC = 0.76
_CAP = 0.73

_BOLD = "SheetCondensed"


class CounterError(ValueError):
    """Sheet settings that cannot be printed (a counter larger than the page,
    a gutter too small for the bleed, more than :data:`MAX_COUNTERS` counters or
    :data:`MAX_SHEETS` sheets in one run); the message is one line for the user."""


def _check_total(total: int, how: str = "") -> None:
    """Raise :class:`CounterError` when ``total`` counters are more than one run lays out."""
    if total > MAX_COUNTERS:
        raise CounterError(
            f"{total:,} counters{how}; at most {MAX_COUNTERS:,} in one run: "
            "print fewer copies or fewer ships at a time"
        )


@dataclass(frozen=True)
class MarkerFace:
    """One side of a marker counter: ``label`` (big), ``caption`` (small line
    under it) and ``number`` (running number of numbered markers, else ``None``)."""

    label: str
    caption: str = ""
    number: int | None = None


Face = CounterFace | MarkerFace


@dataclass(frozen=True)
class Counter:
    """One counter to cut out: its ``front`` and ``back`` faces, background
    ``colour`` (``#rrggbb``: the side's colour, :data:`NEUTRAL` for markers of no
    side), the ``side`` name (for the emblem) and the ``group`` it starts a new
    row with (ships of one side, markers)."""

    front: Face
    back: Face
    colour: str
    side: str = ""
    group: str = ""


@dataclass(frozen=True)
class SheetSpec:
    """How counters go on paper.

    ``size`` edge in pt; ``paper`` a key of :data:`~sheetgen.core.units.PAPER_SIZES`
    (portrait); ``duplex`` one of :data:`DUPLEX_MODES`; ``back_offset`` (dx, dy)
    in pt; ``bleed`` and ``gutter`` in pt (``gutter=None``: twice the bleed);
    ``cut`` ``"lines"`` or ``"crop"``.
    """

    size: float = DEFAULT_SIZE
    paper: str = "letter"
    duplex: Duplex = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    bleed: float = 0.0
    gutter: float | None = None
    cut: CutMarks = "lines"

    @property
    def gap(self) -> float:
        """The gutter in pt, defaulted to twice the bleed."""
        return 2 * self.bleed if self.gutter is None else self.gutter


@dataclass(frozen=True)
class Placement:
    """Where one counter went: index into the input list, the page index and
    top-left corner (pt) of its front and of its back, and whether the back is
    drawn turned by 180 degrees."""

    index: int
    front_page: int
    front: tuple[float, float]
    back_page: int
    back: tuple[float, float]
    back_turned: bool


@dataclass
class Sheets:
    """The laid-out sheets: the drawing, where each counter went, the grid
    (``cols`` x ``rows`` cells of which ``front_cols`` hold fronts), and warning
    lines for the user (glyphs the bundled font lacks, names printed tiny)."""

    drawing: Drawing
    placements: list[Placement]
    cols: int
    rows: int
    front_cols: int
    origin: tuple[float, float]
    warnings: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- counters


def ship_counters(
    game: AnyGame, stats: Stats, *, colour: str, side: str = "", copies: int = 1, group: str | None = None
) -> list[Counter]:
    """``copies`` counters of the ship ``stats`` (faces from ``game.counter``) in ``colour``.

    Raises :class:`CounterError` when ``copies`` is more than :data:`MAX_COUNTERS`.
    """
    _check_total(copies, f" ({copies:,} copies of {stats.name!r})")
    front, back = game.counter(stats)
    return [Counter(front, back, colour, side, side if group is None else group)] * copies


def marker_counters(game: AnyGame, sides: Sequence[tuple[str, str]]) -> list[Counter]:
    """Every marker counter of ``game`` (``game.markers()``), in the game's order.

    A marker with ``per_side`` comes ``count`` times for each ``(name, colour)``
    of ``sides`` in that side's colour; any other ``count`` times in all, on the
    neutral colour. Numbered markers carry 1..count (per side when per side).
    A marker without ``back`` shows the same face on both sides.
    """
    out: list[Counter] = []
    for marker in game.markers():
        owners = list(sides) if marker.per_side else [("", NEUTRAL)]
        for side, colour in owners:
            out.extend(_marker_copies(marker, side, colour))
    return out


def _marker_copies(marker: Marker, side: str, colour: str) -> list[Counter]:
    out = []
    for k in range(max(0, marker.count)):
        number = k + 1 if marker.numbered else None
        front = MarkerFace(marker.label, marker.caption, number)
        back = MarkerFace(marker.back, "", number) if marker.back else front
        out.append(Counter(front, back, colour, side, "markers"))
    return out


def fleet_counters(
    entries: Sequence[Entry], *, copies: int = 1, colours: Sequence[str] = DEFAULT_COLOURS
) -> tuple[list[Counter], list[tuple[str, str]]]:
    """Counters for designs read from files, and the sides they make.

    Each design gives ``count`` ships (its fleet file's ``count``, else 1),
    named ``Name 1`` .. ``Name k`` when there are several, each printed
    ``copies`` times. A fleet file's ``side:`` names the side; sides take
    ``colours`` in order of first appearance (designs with no side share one
    unnamed side). Returns ``(counters, [(side, colour), ...])``, ships grouped
    by side. Raises :class:`CounterError`, before building any, when that makes
    more than :data:`MAX_COUNTERS` counters.
    """
    ships = sum(max(1, entry.count) for entry in entries)
    _check_total(ships * copies, f" ({ships:,} ships × {copies:,} copies)")
    by_side: dict[str, list[Counter]] = {}
    side_colour: dict[str, str] = {}
    for entry in entries:
        data = entry.document.data
        side = ""
        if isinstance(data, dict) and "designs" in data and isinstance(data.get("side"), str):
            side = data["side"].strip()
        if side not in side_colour:
            side_colour[side] = colours[len(side_colour) % len(colours)]
        total = max(1, entry.count)
        for k in range(total):
            name = entry.stats.name if total == 1 else f"{entry.stats.name} {k + 1}"
            stats = entry.game.named(entry.stats, name)
            by_side.setdefault(side, []).extend(
                ship_counters(entry.game, stats, colour=side_colour[side], side=side, copies=copies)
            )
    counters = [c for side in side_colour for c in by_side.get(side, [])]
    return counters, list(side_colour.items())


def scenario_counters(scenario: Scenario, *, copies: int = 1, markers: bool = True) -> list[Counter]:
    """Counters for every ship of every side of ``scenario`` (named, in its side's
    colour, ``copies`` of each), then the game's markers for those sides.
    Raises :class:`CounterError`, before building any, when the ships alone make
    more than :data:`MAX_COUNTERS` counters."""
    ships = sum(len(side.ships) for side in scenario.sides)
    _check_total(ships * copies, f" ({ships:,} ships × {copies:,} copies)")
    out: list[Counter] = []
    for side in scenario.sides:
        for ship in side.ships:
            out += ship_counters(
                ship.entry.game, ship.stats, colour=side.colour, side=side.name, copies=copies
            )
    if markers:
        out += marker_counters(scenario.game, [(side.name, side.colour) for side in scenario.sides])
    return out


# ---------------------------------------------------------------- sizes


def largest_counter_for_hex(hex_size: float) -> float:
    """The largest square counter edge (pt) that fits inside a hex ``hex_size``
    pt across the flats, laid square to the flats: ``hex_size * (sqrt(3) - 1)``
    (a 1 in hex takes at most 0.732 in)."""
    return hex_size * (math.sqrt(3) - 1)


def counter_size_for_hex(hex_size: float) -> float:
    """The counter edge (pt) a kit uses on hexes ``hex_size`` pt across the flats:
    the largest of :data:`STANDARD_SIZES` that fits, else the largest fitting
    edge rounded down to 1/32 in."""
    limit = largest_counter_for_hex(hex_size) + 1e-9
    for size in STANDARD_SIZES:
        if size <= limit:
            return size
    return max(math.floor(limit / 72 * 32) / 32 * 72, 72 / 32)


def format_size(points: float) -> str:
    """A counter edge for people: ``5/8 in`` for whole 64ths of an inch, else mm."""
    sixty_fourths = points / 72 * 64
    if abs(sixty_fourths - round(sixty_fourths)) < 1e-6:
        f = Fraction(round(sixty_fourths), 64)
        whole, rest = divmod(f, 1)
        if not rest:
            return f"{whole} in"
        return f"{whole} {rest} in" if whole else f"{rest} in"
    return f"{points / 72 * 25.4:.1f} mm".replace(".0 mm", " mm")


def kit_counter_size(scenario: Scenario, paper: str = "letter") -> tuple[float, list[str]]:
    """The counter edge (pt) for ``scenario``'s kit on ``paper``, and warning lines.

    The scenario's ``options: {counter_size: 5/8in}`` is used when given (with a
    warning when it does not fit the map's hex, ``map.hex`` flat-to-flat);
    otherwise :func:`counter_size_for_hex` picks the largest standard size that
    fits. An option that cannot be read or does not fit the paper, or a hex
    size that cannot be read, is warned about and replaced by the fitted size
    (or :data:`DEFAULT_SIZE`).
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
        size = parse_length(str(chosen))
    except LengthError as exc:
        warnings.append(f"options.counter_size: {exc}; using {format_size(fitted)}")
        return fitted, warnings
    try:
        _grid(SheetSpec(size=size, paper=paper))
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


# ---------------------------------------------------------------- layout


@dataclass(frozen=True)
class _Grid:
    cols: int
    rows: int
    x0: float
    y0: float
    pitch: float


def _grid(spec: SheetSpec) -> _Grid:
    if spec.paper not in PAPER_SIZES:
        raise CounterError(f"unknown paper {spec.paper!r}; known: {', '.join(PAPER_SIZES)}")
    if spec.duplex not in DUPLEX_MODES:
        raise CounterError(f"unknown duplex mode {spec.duplex!r}; known: {', '.join(DUPLEX_MODES)}")
    width, height = PAPER_SIZES[spec.paper]
    s, g, b = spec.size, spec.gap, spec.bleed
    if s <= 0:
        raise CounterError("counter size must be more than zero")
    if b < 0 or g < 0:
        raise CounterError("bleed and gutter cannot be negative")
    if g + 1e-9 < 2 * b:
        raise CounterError(
            f"a gutter of {format_size(g)} is too narrow for a bleed of {format_size(b)}: "
            f"the gutter must be at least twice the bleed ({format_size(2 * b)})"
        )
    avail_w = width - 2 * MARGIN - 2 * b
    avail_h = height - 2 * MARGIN - 2 * b
    fold = spec.duplex == "none"
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
            f"a back offset of {_offset_text(dx, dy)} would print backs within "
            f"{format_size(EDGE)} of the paper's edge; at most {format_size(x0 - b - EDGE)} across "
            f"and {format_size(y0 - b - EDGE)} up or down fit here"
        )
    return _Grid(cols, rows, x0, y0, s + g)


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


def layout_sheets(counters: Sequence[Counter], spec: SheetSpec, *, title: str = "Counters") -> Sheets:
    """Lay ``counters`` out on sheets as ``spec`` says (see the module docstring).

    Pages come in print order: front, back, front, back... for duplex ``long``
    and ``short``; one page per sheet for ``none``. Each page's label names it
    (``Fronts 1``, ``Backs 1``). Raises :class:`CounterError` when the counter
    does not fit the paper, the gutter is narrower than twice the bleed, or
    there are more than :data:`MAX_COUNTERS` counters or :data:`MAX_SHEETS` sheets.
    """
    grid = _grid(spec)
    _check_total(len(counters))
    width, height = PAPER_SIZES[spec.paper]
    s, b = spec.size, spec.bleed
    fold = spec.duplex == "none"
    per_row = grid.cols // 2 if fold else grid.cols
    cells = _cells(counters, per_row, grid.rows)
    sheets = (cells[-1][0] + 1) if cells else 1
    if sheets > MAX_SHEETS:
        raise CounterError(
            f"{len(counters):,} counters of {format_size(s)} take {sheets:,} sheets; at most {MAX_SHEETS} "
            "in one run: print fewer at a time or choose a smaller --size"
        )
    warnings: dict[str, None] = {}
    _check_glyphs(title, "SheetSans", False, f"the caption {title!r}", warnings)
    painter = _Painter(s, warnings)
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
        turned = spec.duplex == "short"
        if spec.duplex == "short":
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
            page.add(*_place(local, x, y, s, turn))
    for what, sides in tiny.items():
        warnings[_tiny_warning(what, sides, s)] = None

    pages: list[Page] = []
    total = sheets
    size_text = format_size(s)
    for k in range(sheets):
        front, back = fronts[k], backs[k]
        front.add(*_cut_marks(used[k], grid, spec, fold))
        if fold:
            front.add(*_fold_line(width, height))
            front.label = f"Sheet {k + 1}"
            front.add(
                *_caption(
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
        front.add(*_registration(width, height, 0.0, 0.0))
        back.add(*_registration(width, height, dx, dy))
        flip = "long" if spec.duplex == "long" else "short"
        front.label = f"Fronts {k + 1}"
        back.label = f"Backs {k + 1}"
        front.add(
            *_caption(
                width,
                height,
                title,
                f"fronts {k + 1} of {total} · {size_text} counters · "
                f"print two-sided at 100 % (actual size), flip on {flip} edge",
            )
        )
        offset = f" · backs shifted {_offset_text(dx, dy)}" if (dx or dy) else ""
        # the backs' caption and scale bar stay put: keep them off the moved block
        top, bottom = grid.y0 - b + dy, height - grid.y0 + b + dy
        low = top < CAPTION_BASELINE + CAPTION_CLEAR
        back.add(
            *_caption(
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
    return Sheets(
        Drawing(title, pages),
        placements,
        grid.cols,
        grid.rows,
        per_row,
        (grid.x0, grid.y0),
        list(warnings),
    )


def _tiny_warning(what: str, sides: dict[str, float], size: float) -> str:
    """One line for a name printed smaller than 3.5 pt: the size on each side it
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


def _check_glyphs(text: str, font: str, bold: bool, where: str, warnings: dict[str, None]) -> None:
    """Add a warning line to ``warnings`` when the bundled ``font`` lacks a character of ``text``."""
    missing = missing_glyphs(text, font, bold=bold)
    if missing:
        chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(missing))
        warnings[f"the bundled font has no glyph for {chars} in {where}; they print as empty boxes"] = None


def _offset_text(dx: float, dy: float) -> str:
    def mm(v: float) -> str:
        return f"{v / 72 * 25.4:+.2f}".rstrip("0").rstrip(".")

    return f"{mm(dx)} mm, {mm(dy)} mm"


# ---------------------------------------------------------------- placing faces


def _place(items: Iterable[Primitive], ox: float, oy: float, s: float, turn: bool) -> list[Primitive]:
    """Counter-local primitives (0..s) moved to (ox, oy), turned 180 degrees if ``turn``."""

    def pt(p: tuple[float, float]) -> tuple[float, float]:
        return (ox + s - p[0], oy + s - p[1]) if turn else (ox + p[0], oy + p[1])

    out: list[Primitive] = []
    for item in items:
        if isinstance(item, Text):
            x, y = pt((item.x, item.y))
            rotate = (item.rotate + 180) % 360 if turn else item.rotate
            out.append(Text(x, y, item.text, item.size, item.font, item.bold, item.anchor, item.fill, rotate))
        elif isinstance(item, Rect):
            x, y = (item.x + item.w, item.y + item.h) if turn else (item.x, item.y)
            px, py = pt((x, y))
            out.append(Rect(px, py, item.w, item.h, item.style))
        elif isinstance(item, Polygon):
            out.append(Polygon(tuple(pt(p) for p in item.points), item.style))
        elif isinstance(item, Circle):
            out.append(Circle(pt(item.center), item.r, item.style))
        else:
            out.append(Lines(tuple((pt(a), pt(b)) for a, b in item.segments), item.style))
    return out


# ---------------------------------------------------------------- faces


def _ink(colour: str) -> str:
    """Dark or light text, whichever reads better on ``colour`` (WCAG luminance)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return _DARK if lum > 0.18 else _LIGHT


def _initials(side: str) -> str:
    words = [w for w in side.replace("-", " ").split() if w]
    if not words:
        return ""
    if len(words) == 1:
        return words[0][:2].upper()
    return "".join(w[0] for w in words[:3]).upper()


class _Painter:
    """Builds the primitives of one face in counter-local pt (0..size)."""

    def __init__(self, size: float, warnings: dict[str, None]) -> None:
        self.s = size
        self.warnings = warnings
        self._checked: set[tuple[str, bool]] = set()
        self._widths: dict[tuple[str, bool], float] = {}
        #: (what, size) of each text of the face being painted that prints below 3.5 pt
        self.tiny: list[tuple[str, float]] = []

    def _width(self, text: str, bold: bool) -> float:
        """Advance width of ``text`` at 1 pt in the counter font (memoised: the same
        labels and numbers recur on every counter)."""
        key = (text, bold)
        width = self._widths.get(key)
        if width is None:
            width = self._widths[key] = text_width(text, 1.0, _BOLD, bold)
        return width

    # text helpers ---------------------------------------------------------

    def _check(self, text: str, bold: bool) -> None:
        if (text, bold) in self._checked:
            return
        self._checked.add((text, bold))
        _check_glyphs(text, _BOLD, bold, repr(text), self.warnings)

    def _fit(
        self, text: str, width: float, height: float, largest: float, *, bold: bool = True, lines: int = 3
    ) -> tuple[list[str], float]:
        """``text`` in at most ``lines`` lines (broken at spaces) at the largest size
        (pt, at most ``largest``) at which every line fits ``width`` and the block
        (one size per line) fits ``height``. More lines are taken only when they
        print the text at least 12 % larger."""
        self._check(text, bold)
        words = text.split() or [text]

        def size_of(parts: list[str]) -> float:
            wide = max(self._width(part, bold) for part in parts)
            return min(largest, width / wide if wide else largest, height / len(parts))

        best = ([text], size_of([text]))
        for count in range(2, min(lines, len(words)) + 1):
            found: tuple[list[str], float] | None = None
            for cuts in itertools.combinations(range(1, len(words)), count - 1):
                bounds = (0, *cuts, len(words))
                parts = [" ".join(words[a:b]) for a, b in itertools.pairwise(bounds)]
                size = size_of(parts)
                if found is None or size > found[1]:
                    found = (parts, size)
            if found is not None and found[1] > best[1] * 1.12:
                best = found
        return best[0], math.floor(best[1] * 100) / 100

    def _block(
        self,
        lines: list[str],
        size: float,
        top: float,
        bottom: float,
        fill: str,
        *,
        bold: bool = True,
    ) -> list[Primitive]:
        """``lines`` centred across the counter and vertically in [top, bottom]."""
        height = len(lines) * size
        y = top + (bottom - top - height) / 2 + size * _ASC
        out: list[Primitive] = []
        for line in lines:
            out.append(Text(self.s / 2, y, line, size, _BOLD, bold, "middle", fill))
            y += size
        return out

    def _small(self, size: float, warn_as: str) -> None:
        if size < 3.5:
            self.tiny.append((warn_as, size))

    # faces ------------------------------------------------------------------

    def face(self, face: Face, counter: Counter) -> list[Primitive]:
        ink = _ink(counter.colour)
        if isinstance(face, MarkerFace):
            return self.marker(face, ink, counter.colour)
        return self.ship(face, ink, counter.colour, counter.side)

    def arrow(self, top: float, height: float, fill: str) -> Polygon:
        """A notched arrowhead pointing at the counter's top edge, apex at ``top``."""
        c = self.s / 2
        half = height * 0.62
        return Polygon(
            ((c, top), (c + half, top + height), (c, top + height * 0.7), (c - half, top + height)),
            Style(stroke=None, fill=fill),
        )

    def ship(self, face: CounterFace, ink: str, colour: str, side: str) -> list[Primitive]:
        s = self.s
        inset = 0.07 * s
        width = s - 2 * inset
        out: list[Primitive] = []
        top = 0.06 * s
        if face.arrow:
            out.append(self.arrow(top, 0.16 * s, ink))
            top += 0.19 * s
        bottom = s - 0.06 * s
        if face.emblem:
            return out + self.emblem(face, ink, colour, side, top, bottom, width)
        values = [(label, value) for label, value in face.values if label or value]
        if values:
            out += self.values(values, ink, width)
            labelled = any(label for label, _ in values)
            bottom = s * (0.59 if labelled else 0.7)
        if face.banner:
            out += self.banner(face.banner, bottom - 0.14 * s, bottom, ink, colour)
            bottom -= 0.16 * s
        lines, size = self._fit(face.title, width, bottom - top, 0.2 * s)
        self._small(size, f"name {face.title!r}")
        out += self._block(lines, size, top, bottom, ink)
        return out

    def values(self, values: list[tuple[str, str]], ink: str, width: float) -> list[Primitive]:
        """The key numbers in a row along the bottom edge: each value big, its label
        small above it; columns as wide as their text, spread evenly, all shrunk
        by one factor when the row would be wider than ``width``."""
        s = self.s
        fv, fl = 0.23 * s, 0.105 * s
        widths = []
        for label, value in values:
            self._check(value, True)
            self._check(label, False)
            widths.append(max(self._width(value, True) * fv, self._width(label, False) * fl))
        gap = 0.07 * s
        total = sum(widths) + gap * (len(values) - 1)
        if total > width:
            scale = width / total
            fv, fl, gap = fv * scale, fl * scale, gap * scale
            widths = [w * scale for w in widths]
        else:
            gap = min(gap + (width - total) / (len(values) + 1), 0.16 * s)
        total = sum(widths) + gap * (len(values) - 1)
        fv, fl = math.floor(fv * 100) / 100, math.floor(fl * 100) / 100
        yv = s - 0.075 * s - 0.12 * 0.23 * s
        yl = yv - _CAP * 0.23 * s - 0.035 * s
        x = (s - total) / 2
        out: list[Primitive] = []
        for (label, value), w in zip(values, widths, strict=True):
            cx = x + w / 2
            out.append(Text(cx, yv, value, fv, _BOLD, True, "middle", ink))
            if label:
                out.append(Text(cx, yl, label, fl, _BOLD, False, "middle", ink))
            x += w + gap
        return out

    def banner(self, text: str, top: float, bottom: float, ink: str, colour: str) -> list[Primitive]:
        """A band across the counter in the ink colour, ``text`` in the counter's colour."""
        s = self.s
        height = bottom - top
        lines, size = self._fit(text, 0.86 * s, height * 0.8, 0.11 * s, lines=1)
        return [
            Rect(0, top, s, height, Style(stroke=None, fill=ink)),
            *self._block(lines, size, top, bottom, colour),
        ]

    def emblem(
        self, face: CounterFace, ink: str, colour: str, side: str, top: float, bottom: float, width: float
    ) -> list[Primitive]:
        """The side's emblem: a ring with the side's initials (a star for no side),
        under the ship's name, above any banner."""
        s = self.s
        out: list[Primitive] = []
        lines, size = self._fit(face.title, width, 0.3 * s, 0.15 * s)
        self._small(size, f"name {face.title!r}")
        used = len(lines) * size
        out += self._block(lines, size, top, top + used, ink)
        top += used + 0.04 * s
        if face.banner:
            out += self.banner(face.banner, bottom - 0.14 * s, bottom, ink, colour)
            bottom -= 0.16 * s
        r = max(min(bottom - top, width) / 2, 0.05 * s)
        cx, cy = s / 2, (top + bottom) / 2
        out.append(Circle((cx, cy), r, Style(stroke=ink, width=max(0.04 * r, 0.4))))
        initials = _initials(side)
        if initials:
            _, fi = self._fit(initials, 1.3 * r, 1.0 * r, 1.1 * r, lines=1)
            out.append(Text(cx, cy + _CAP * fi / 2, initials, fi, _BOLD, True, "middle", ink))
        else:
            out.append(Polygon(_star(cx, cy, 0.72 * r), Style(stroke=None, fill=ink)))
        return out

    def marker(self, face: MarkerFace, ink: str, colour: str) -> list[Primitive]:
        s = self.s
        inset = 0.08 * s
        width = s - 2 * inset
        out: list[Primitive] = []
        top, bottom = 0.07 * s, s - 0.07 * s
        if face.caption:
            lines, fc = self._fit(face.caption, width, 0.26 * s, 0.13 * s, bold=False, lines=2)
            block = len(lines) * fc
            out += self._block(lines, fc, bottom - block, bottom, ink, bold=False)
            bottom -= block + 0.04 * s
        if face.number is not None:
            lines, fl = self._fit(face.label, width, 0.2 * s, 0.18 * s, lines=1)
            out += self._block(lines, fl, top, top + fl, ink)
            top += fl + 0.02 * s
            number = str(face.number)
            _, fn = self._fit(number, width, bottom - top, 0.4 * s, lines=1)
            out += self._block([number], fn, top, bottom, ink)
        else:
            lines, fl = self._fit(face.label, width, bottom - top, 0.42 * s)
            self._small(fl, f"marker {face.label!r}")
            out += self._block(lines, fl, top, bottom, ink)
        return out


def _star(cx: float, cy: float, r: float) -> tuple[tuple[float, float], ...]:
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.42
        angle = math.pi * k / 5
        points.append((cx + radius * math.sin(angle), cy - radius * math.cos(angle)))
    return tuple(points)


# ---------------------------------------------------------------- page furniture


def _cut_marks(used: list[tuple[int, int]], grid: _Grid, spec: SheetSpec, fold: bool) -> list[Primitive]:
    """Cut lines along every cut path of the used cells, or crop marks in the margins."""
    if not used:
        return []
    s, p = spec.size, grid.pitch
    touching = spec.gap < 1e-9
    if spec.cut == "lines":
        segments: set[tuple[tuple[float, float], tuple[float, float]]] = set()
        for row, col in used:
            x, y = grid.x0 + col * p, grid.y0 + row * p
            for seg in (
                ((x, y), (x + s, y)),
                ((x, y + s), (x + s, y + s)),
                ((x, y), (x, y + s)),
                ((x + s, y), (x + s, y + s)),
            ):
                segments.add((_r(seg[0]), _r(seg[1])))
        merged = _merge(segments) if touching else sorted(segments)
        return [Lines(tuple(merged), Style(stroke=_CUT, width=0.3))]
    # crop marks: in line with every cut, outside the block and its bleed
    b = spec.bleed
    cols = sorted({c for _, c in used})
    rows = sorted({r for r, _ in used})
    top = grid.y0 - b
    bottom = grid.y0 + (grid.rows - 1) * p + s + b
    left = grid.x0 - b
    right = grid.x0 + (grid.cols // 2 - 1 if fold else grid.cols - 1) * p + s + b
    xs = sorted({round(grid.x0 + c * p + d, 4) for c in cols for d in (0.0, s)})
    ys = sorted({round(grid.y0 + r * p + d, 4) for r in rows for d in (0.0, s)})
    # short enough to stay below the caption and clear of the registration marks
    gap, length = CROP_GAP, CROP_LENGTH
    segs: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for x in xs:
        segs.append(((x, top - gap - length), (x, top - gap)))
        segs.append(((x, bottom + gap), (x, bottom + gap + length)))
    for y in ys:
        segs.append(((left - gap - length, y), (left - gap, y)))
        if not fold:
            segs.append(((right + gap, y), (right + gap + length, y)))
    return [Lines(tuple(segs), Style(stroke=_MARK, width=0.3))]


def _r(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 4), round(p[1], 4))


def _merge(
    segments: set[tuple[tuple[float, float], tuple[float, float]]],
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Join collinear touching segments so each cut line is one stroke."""
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for (x1, y1), (x2, y2) in segments:
        if y1 == y2:
            horizontal.setdefault(y1, []).append((min(x1, x2), max(x1, x2)))
        else:
            vertical.setdefault(x1, []).append((min(y1, y2), max(y1, y2)))
    out: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for y, spans in sorted(horizontal.items()):
        for a, b in _join(spans):
            out.append(((a, y), (b, y)))
    for x, spans in sorted(vertical.items()):
        for a, b in _join(spans):
            out.append(((x, a), (x, b)))
    return out


def _join(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    spans.sort()
    out = [spans[0]]
    for a, b in spans[1:]:
        if a <= out[-1][1] + 1e-6:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _registration(width: float, height: float, dx: float, dy: float) -> list[Primitive]:
    """Registration targets (ring and cross) at the four page corners, moved by (dx, dy).

    A moved target that would come within :data:`EDGE` of the paper's edge is left
    out (a home printer would not print it); the targets left still line up with
    the front's once the printer's misregistration is undone.
    """
    r, arm, pen = REGISTRATION_ARM * 0.65, REGISTRATION_ARM, 0.35
    style = Style(stroke=_MARK, width=pen)
    out: list[Primitive] = []
    segs = []
    for x in (REGISTRATION_INSET, width - REGISTRATION_INSET):
        for y in (REGISTRATION_INSET, height - REGISTRATION_INSET):
            cx, cy = x + dx, y + dy
            if min(cx, cy, width - cx, height - cy) - arm - pen / 2 < EDGE - 1e-9:
                continue
            out.append(Circle((cx, cy), r, style))
            segs.append(((cx - arm, cy), (cx + arm, cy)))
            segs.append(((cx, cy - arm), (cx, cy + arm)))
    if segs:
        out.append(Lines(tuple(segs), style))
    return out


def _fold_line(width: float, height: float) -> list[Primitive]:
    """The fold line at the page's centre: short dash-dotted strokes in the top and
    bottom margins, below the caption and above the scale bar, labelled ``fold``."""
    x = width / 2
    style = Style(stroke=_MARK, width=0.4, dash=(3.0, 1.5, 0.8, 1.5))
    top, bottom = CAPTION_BASELINE + 2.5, MARGIN - 2.0
    return [
        Lines((((x, top), (x, bottom)), ((x, height - bottom), (x, height - top))), style),
        Text(x + 3, bottom, "fold", 6.0, "SheetSans", False, "start", _CAPTION),
    ]


def _caption(
    width: float,
    height: float,
    title: str,
    rest: str,
    *,
    centred: bool = True,
    shift: float = 0.0,
    low: bool = False,
    scale_bar: bool = True,
) -> list[Primitive]:
    """The page caption ``title · rest`` in the top margin (the bottom one if
    ``low``) and a 1 in scale bar in the bottom margin (if ``scale_bar``), both
    centred between the registration marks (moved ``shift`` pt either way on
    backs), or from the left margin when not ``centred`` (fold-and-glue pages,
    which have no marks).

    The caption is shrunk (to :data:`CAPTION_SMALLEST` pt at least), then its
    title cut short with an ellipsis, so that it fits; the ``rest`` (which side,
    how to print) is kept whole.
    """
    if centred:
        room = width - 2 * (REGISTRATION_INSET + REGISTRATION_ARM + 4.0 + shift)
    else:
        room = width - 2 * MARGIN
    text, size = _fit_caption(title, rest, room)
    out: list[Primitive] = [
        Text(
            width / 2 if centred else MARGIN,
            height - EDGE - 2.0 if low else CAPTION_BASELINE,
            text,
            size,
            "SheetSans",
            False,
            "middle" if centred else "start",
            _CAPTION,
        )
    ]
    if scale_bar:
        y = height - SCALE_BAR_TOP + 3.0
        x0 = width / 2 - 36.0 if centred else MARGIN
        x1 = x0 + 72.0
        style = Style(stroke=_MARK, width=0.5)
        out += [
            Lines((((x0, y), (x1, y)), ((x0, y - 3), (x0, y + 3)), ((x1, y - 3), (x1, y + 3))), style),
            Text(x1 + 3.0, y + 2.0, "1 in", 5.5, "SheetSans", False, "start", _CAPTION),
        ]
    return out


def _fit_caption(title: str, rest: str, room: float) -> tuple[str, float]:
    """``title · rest`` and the size (pt) at which it is at most ``room`` pt wide:
    :data:`CAPTION_SIZE`, else shrunk to :data:`CAPTION_SMALLEST`, else with the
    title cut at a word (or a character) and an ellipsis added."""
    text = f"{title} · {rest}" if title else rest
    wide = text_width(text, 1.0)
    if wide * CAPTION_SIZE <= room:
        return text, CAPTION_SIZE
    if wide * CAPTION_SMALLEST <= room:
        return text, math.floor(room / wide * 100) / 100

    def fits(head: str) -> bool:
        return text_width(f"{head}… · {rest}", CAPTION_SMALLEST) <= room

    words = title.split()
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n]).rstrip(",;:·-–—")
        if fits(head):
            return f"{head}… · {rest}", CAPTION_SMALLEST
    for n in range(len(title) - 1, 0, -1):
        if fits(title[:n].rstrip()):
            return f"{title[:n].rstrip()}… · {rest}", CAPTION_SMALLEST
    size = min(CAPTION_SMALLEST, room / text_width(rest, 1.0))
    return rest, math.floor(size * 100) / 100
