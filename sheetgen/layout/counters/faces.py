"""The faces of counters: what a ship's or a marker's side shows, in counter-local pt.

:class:`Painter` builds one face's primitives in a square ``0..size`` pt (origin
top-left, y down): a ship's front (:class:`~sheetgen.games.base.CounterFace`)
shows a facing arrow pointing at the counter's top edge, the name (shrunk to
fit, in two lines when that prints it larger; never wider than the counter) and
the game's key numbers; its back the reduced state with its banner, or the
side's emblem. Markers (:class:`~sheetgen.layout.counters.build.MarkerFace`)
show their label, caption and running number. Text is fitted by
:mod:`sheetgen.layout.text`; :func:`place` moves a painted face onto the page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from sheetgen.draw.primitives import Circle, Lines, Polygon, Primitive, Rect, Style, Text
from sheetgen.games.base import CounterFace
from sheetgen.layout.counters.build import Counter, Face, MarkerFace
from sheetgen.layout.text import fit_lines, missing_glyph_warning, unit_width

__all__ = ["TINY", "Painter", "place"]

#: Text printed smaller than this (pt) is warned about.
TINY = 3.5

_DARK = "#161616"
_LIGHT = "#ffffff"

# DejaVu metrics as fractions of the font size: ascent (the line above the baseline)
# and capital height.
_ASC = 0.76
_CAP = 0.73

#: The counters' font family (condensed, bold for names and values).
_BOLD = "SheetCondensed"


def place(items: Iterable[Primitive], ox: float, oy: float, s: float, turn: bool) -> list[Primitive]:
    """Counter-local primitives (pt, 0..``s``, the counter edge) moved so the counter's
    top-left corner is at (``ox``, ``oy``) on the page, turned 180 degrees about the
    counter's centre if ``turn``."""

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


def _ink(colour: str) -> str:
    """Dark or light text, whichever reads better on ``colour`` (WCAG luminance)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    lum = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    return _DARK if lum > 0.18 else _LIGHT


def _initials(side: str) -> str:
    """A side's initials for its emblem: the first two letters of a one-word name,
    else the first letters of up to three words; empty for no side."""
    words = [w for w in side.replace("-", " ").split() if w]
    if not words:
        return ""
    if len(words) == 1:
        return words[0][:2].upper()
    return "".join(w[0] for w in words[:3]).upper()


class Painter:
    """Builds the primitives of one face in counter-local pt (0..size).

    ``size`` is the counter edge in pt. Glyphs the counter font lacks are added,
    once each, as warning lines to the shared ``warnings`` (an ordered set);
    :attr:`tiny` collects the texts of the face being painted that print below
    :data:`TINY` pt, for the caller to report.
    """

    def __init__(self, size: float, warnings: dict[str, None]) -> None:
        self.s = size
        self.warnings = warnings
        self._checked: set[tuple[str, bool]] = set()
        #: (what, size) of each text of the face being painted that prints below TINY pt
        self.tiny: list[tuple[str, float]] = []

    # text helpers ---------------------------------------------------------

    def _check(self, text: str, bold: bool) -> None:
        """Warn (once per text and weight) about glyphs the counter font lacks."""
        if (text, bold) in self._checked:
            return
        self._checked.add((text, bold))
        line = missing_glyph_warning(text, repr(text), _BOLD, bold)
        if line:
            self.warnings[line] = None

    def _fit(
        self, text: str, width: float, height: float, largest: float, *, bold: bool = True, lines: int = 3
    ) -> tuple[list[str], float]:
        """``text`` checked for glyphs and fitted in the counter font by
        :func:`~sheetgen.layout.text.fit_lines`: lines and size (pt)."""
        self._check(text, bold)
        return fit_lines(text, width, height, largest, family=_BOLD, bold=bold, lines=lines)

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
        if size < TINY:
            self.tiny.append((warn_as, size))

    # faces ------------------------------------------------------------------

    def face(self, face: Face, counter: Counter) -> list[Primitive]:
        """One side (``face``) of ``counter``, in ink that reads on its colour."""
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
        """A ship's face: facing arrow at the top, then the side's emblem, or the name
        above any banner and the key numbers along the bottom edge."""
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
            widths.append(max(unit_width(value, _BOLD, True) * fv, unit_width(label, _BOLD, False) * fl))
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
        """A marker's face: its label (small above a big running number, when
        numbered) over its caption, on up to two lines."""
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
    """A five-pointed star's corners (pt) around (cx, cy), points ``r`` out, one straight up."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.42
        angle = math.pi * k / 5
        points.append((cx + radius * math.sin(angle), cy - radius * math.cos(angle)))
    return tuple(points)
