"""Tables as lines of text: each row of a record sheet's table one line, its cells set at
computed places by spaces of set widths, so WeasyPrint lays out one text box a table
instead of a box a cell (a table cell costs it about as much as a whole line of text).

Every length here is in em of the line's font size, so one line serves every type size a
sheet scales to. Widths are the bundled fonts' advance widths (:func:`sheetgen.layout.text.unit_width`);
WeasyPrint draws them at those places only with kerning and ligatures off, which the
``.tg`` rule in ``templates/base.css`` sets: ``white-space: pre;
font-kerning: none; font-variant-ligatures: none``. Read back from a printed page, each
cell starts within 0.15 pt of its place at 7 pt (``tests/render/test_textgrid.py``).

* :func:`column_widths` gives a table's column widths (em) the way an auto-layout table
  shares its room (CSS 2.1 17.5.2.2, as WeasyPrint does it): each column its widest
  cell, the room left over shared in proportion to those widths; a table too wide for its
  room gets its columns between their longest word and their widest cell.
* :func:`wrap` breaks a cell's text into lines no wider than its column.
* :func:`line` sets cells in one line: each at its column's left, centre or right.
* :func:`spaces` is the run of spaces nearest a width.
* :func:`between` is the spaces that set two texts at a line's two ends, if they fit.
* :func:`collapsed` (from :mod:`sheetgen.core.source`) is a name as a line that does not
  wrap prints it (white space collapsed, soft hyphens hidden), to measure and set it as it
  will stand.
* :func:`rules` draws a table's rules and shaded rows as one SVG for a CSS background.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal
from urllib.parse import quote

from markupsafe import Markup, escape

from sheetgen.core.source import SOFT_HYPHEN, collapsed
from sheetgen.layout.text import unit_width

__all__ = [
    "Cell",
    "between",
    "collapsed",
    "column_widths",
    "line",
    "place",
    "rules",
    "spaces",
    "width",
    "wrap",
]

Align = Literal["left", "center", "right"]

#: Spaces whose advance width is the same in the regular and the bold face (DejaVu Sans:
#: em, en, three-per-em, four-per-em, medium mathematical, thin, six-per-em, hair).
_SPACE_CHARS = "\u2003\u2002\u2004\u2005\u205f\u2009\u2006\u200a"
#: A width is set to a 2048th of an em (the fonts' unit).
_UNITS = 2048


@dataclass(frozen=True)
class Cell:
    """One cell of a line: ``text`` in the room from ``x`` to ``x + width`` (em from the
    line's start), aligned ``align``; ``bold`` sets it in ``<b>``, ``cls`` in a ``<span>``
    of that class (a colour, never a size: the line has one size)."""

    text: str
    x: float
    width: float
    align: Align = "left"
    bold: bool = False
    cls: str | None = None


@cache
def _space_units(family: str) -> tuple[tuple[str, int], ...]:
    widths = {ch: round(unit_width(ch, family) * _UNITS) for ch in _SPACE_CHARS}
    return tuple(sorted(widths.items(), key=lambda kv: -kv[1]))


@cache
def _nearest_runs(family: str) -> tuple[tuple[int, str], ...]:
    """For each width 0..3 em in font units, the run of spaces nearest it (fewest chars among
    the nearest): ``(its width, its text)``."""
    chars = _space_units(family)
    top = 3 * _UNITS
    best: list[tuple[int, str] | None] = [None] * (top + 1 + _UNITS)
    best[0] = (0, "")
    for total in range(1, len(best)):  # runs of exactly `total` units, fewest characters
        for ch, w in chars:
            prev = best[total - w] if total >= w else None
            if prev is not None and (best[total] is None or len(prev[1]) + 1 < len(best[total][1])):  # type: ignore[index]
                best[total] = (total, prev[1] + ch)
    exact = [(i, b[1]) for i, b in enumerate(best) if b is not None]
    out: list[tuple[int, str]] = []
    j = 0
    for want in range(top + 1):
        while j + 1 < len(exact) and abs(exact[j + 1][0] - want) <= abs(exact[j][0] - want):
            j += 1
        out.append(exact[j])
    return tuple(out)


def spaces(em: float, family: str = "SheetSans") -> str:
    """Spaces of set widths as near ``em`` wide as they come: within 0.02 em of it from
    0.2 em up (0.14 pt at 7 pt; narrower gaps round to nothing or a hair space); ``""``
    for ``em <= 0``."""
    units = round(em * _UNITS)
    if units <= 0:
        return ""
    runs = _nearest_runs(family)
    big, big_units = _space_units(family)[0]
    whole = ""
    while units > len(runs) - 1:
        whole += big
        units -= big_units
    return whole + runs[units][1]


def between(room: float, left: float, right: float, gap: float) -> str | None:
    """The spaces that set a text ``left`` em wide at the left end of a line ``room`` em wide
    and one ``right`` em wide at its right end (a name and its hull); ``None`` when the two
    and ``gap`` em between them do not fit with 0.1 em to spare (the template then sets them
    another way). The spaces fall 0.02 em short of the room, so rounding never pushes the
    right-hand text past the line."""
    if left + right + gap > room - 0.1:
        return None
    return spaces(room - left - right - 0.02)


def width(text: str, family: str = "SheetSans", bold: bool = False) -> float:
    """``text``'s advance width in em (kerning off), as a line that does not break at it
    prints it: a soft hyphen takes no room."""
    return unit_width(text.replace(SOFT_HYPHEN, ""), family, bold)


def line(cells: Iterable[Cell], family: str = "SheetSans") -> Markup:
    """One line of text with each of ``cells`` at its place, escaped, spaces between.

    A cell wider than its room starts at its room's left (centred or right-aligned text
    then runs past the right); cells overlapping what came before get a thin space
    between. Raises ``ValueError`` for cells out of order."""
    out: list[str] = []
    at = 0.0  # where the text so far ends
    last_x = -1.0
    for cell in cells:
        if cell.x < last_x:
            raise ValueError(f"cells out of order at {cell.x} em")
        last_x = cell.x
        w = width(cell.text, family, cell.bold)
        room = max(0.0, cell.width - w)
        start = cell.x + {"left": 0.0, "center": room / 2, "right": room}[cell.align]
        gap = start - at
        if out and gap < 0.2:
            gap = 0.2
        pad = spaces(gap, family)
        text = str(escape(cell.text))
        if cell.bold:
            text = f"<b>{text}</b>"
        if cell.cls:
            text = f'<span class="{cell.cls}">{text}</span>'
        out.append(pad + text)
        at += width(pad, family) + w
    return Markup("".join(out))


def _words(text: str) -> list[str]:
    return text.split()


def wrap(text: str, room: float, family: str = "SheetSans", bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines at most ``room`` em wide (a word wider than the
    room gets a line of its own); ``[""]`` for empty text."""
    words = _words(text)
    if not words:
        return [""]
    space = width(" ", family, bold)
    lines: list[str] = []
    now: list[str] = []
    now_w = 0.0
    for word in words:
        w = width(word, family, bold)
        if now and now_w + space + w > room + 1e-9:
            lines.append(" ".join(now))
            now, now_w = [], 0.0
        now_w = now_w + space + w if now else w
        now.append(word)
    lines.append(" ".join(now))
    return lines


def column_widths(
    rows: Sequence[Sequence[tuple[str, bool] | None]],
    room: float,
    pad: float,
    family: str = "SheetSans",
    fixed: dict[int, float] | None = None,
) -> list[float]:
    """Column widths (em, each with its ``pad`` at both sides) of a table ``room`` em wide
    whose rows hold ``(text, bold)`` cells (``None``: a cell spanned over, not measured),
    shared as an auto-layout table shares them (CSS 2.1 17.5.2.2): each column its widest
    cell; the room left over in proportion to those widths; a table too wide gets each
    column between its longest word and its widest cell, in the same proportion of the
    difference. ``fixed`` columns keep their width (em) and take no share."""
    fixed = fixed or {}
    count = max(len(r) for r in rows)
    widest = [0.0] * count
    longest_word = [0.0] * count
    for row in rows:
        for k, cell in enumerate(row):
            if cell is None:
                continue
            text, bold = cell
            widest[k] = max(widest[k], width(text, family, bold))
            longest_word[k] = max([longest_word[k], *(width(w, family, bold) for w in _words(text))])
    most = [fixed.get(k, w + 2 * pad) for k, w in enumerate(widest)]
    least = [fixed.get(k, w + 2 * pad) for k, w in enumerate(longest_word)]
    free = [k for k in range(count) if k not in fixed]
    if sum(most) <= room:
        extra = room - sum(most)
        share = sum(most[k] for k in free)
        return [w + (extra * w / share if k in free and share else 0.0) for k, w in enumerate(most)]
    over = sum(most) - sum(least)
    ratio = max(0.0, (room - sum(least)) / over) if over else 0.0
    return [lo + (hi - lo) * ratio for lo, hi in zip(least, most, strict=True)]


def rules(
    widths: Sequence[float],
    heights: Sequence[float],
    colour: str = "#bbb",
    stroke: float = 0.05,
    shaded: dict[int, str] | None = None,
    joined: dict[int, Sequence[tuple[int, int]]] | None = None,
) -> Markup:
    """A CSS ``url("data:image/svg+xml,...")`` of a table's rules, to lay over its whole
    box with ``background-size: 100% 100%``: the grid of columns ``widths`` and rows
    ``heights`` (em) in ``colour``, ``stroke`` em wide; ``shaded`` rows (index: fill) filled
    first; ``joined`` rows (index: spans of columns ``(first, last)``) lose the rules
    inside each span (a cell spanning columns)."""
    shaded = shaded or {}
    joined = joined or {}
    total_w, total_h = sum(widths), sum(heights)
    scale = 100.0  # the drawing's units: a hundredth of an em

    def n(v: float) -> str:
        return f"{v * scale:.0f}"

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {n(total_w)} {n(total_h)}' preserveAspectRatio='none'>"
    ]
    y = 0.0
    for r, h in enumerate(heights):
        if r in shaded:
            parts.append(f"<rect y='{n(y)}' width='{n(total_w)}' height='{n(h)}' fill='{shaded[r]}'/>")
        y += h
    half = stroke / 2
    path: list[str] = []
    y = 0.0
    for h in [0.0, *heights]:
        y += h
        yy = min(max(y, half), total_h - half)
        path.append(f"M0 {n(yy)}H{n(total_w)}")
    y = 0.0
    for r, h in enumerate(heights):
        x = 0.0
        for k, w in enumerate([0.0, *widths]):
            x += w
            edge = k - 1  # the rule after column edge (k = 0: the table's left edge)
            if any(a <= edge < b for a, b in joined.get(r, ())):
                continue
            xx = min(max(x, half), total_w - half)
            path.append(f"M{n(xx)} {n(y)}V{n(y + h)}")
        y += h
    parts.append(
        f"<path d='{''.join(path)}' stroke='{colour}' stroke-width='{n(stroke)}' fill='none'/></svg>"
    )
    return Markup(f'url("data:image/svg+xml,{quote("".join(parts), safe=" =:/,.-()<>")}")')


def place(
    texts: Sequence[tuple[str, bool] | str],
    widths: Sequence[float],
    aligns: Sequence[Align],
    pad: float,
    family: str = "SheetSans",
    cls: Sequence[str | None] | None = None,
) -> Markup:
    """:func:`line` of one table row: ``texts`` (``(text, bold)`` or plain) in the columns
    ``widths`` (em, padding ``pad`` inside each side) with ``aligns``; empty cells skipped."""
    cells: list[Cell] = []
    x = 0.0
    for k, (t, w, a) in enumerate(zip(texts, widths, aligns, strict=True)):
        text, bold = (t, False) if isinstance(t, str) else t
        if text:
            cells.append(Cell(text, x + pad, w - 2 * pad, a, bold, cls[k] if cls else None))
        x += w
    return line(cells, family)
