"""Text with the bundled fonts: measure, fit and check glyphs (the fonts the writers embed).

:func:`text_width` gives a string's advance width in pt, so layout code can
shrink a name to fit a counter without a writer; :func:`fit_size` picks the
largest size that fits. Both use the TrueType metrics of the fonts in
``sheetgen/fonts`` as ReportLab reads them, from their table
(:mod:`sheetgen.draw.fontmetrics`: no font parsed, the same numbers); a missing font
raises ``MissingResource``, never falls back.
:func:`glyph_warning` is the one warning, for every output, about characters
those fonts lack. :func:`fit_lines` breaks a name into the lines that print it
largest in a box, :func:`fit_caption` shrinks a one-line caption and then cuts
its head short, and :func:`missing_glyph_warning` names the lacking characters
and where they are. :func:`wrap_lines` breaks a label into a given number of
lines, and :func:`text_extent` / :func:`text_box` give the room one line takes.
:func:`fit_text` shrinks one line and then shortens it with a visible ellipsis
(:func:`shorten`), so no text runs past its room. Widths are of the text as drawn:
right-to-left text shaped and reordered first (:mod:`sheetgen.draw.shaping`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from functools import lru_cache

from sheetgen.draw.fontmetrics import face_metrics
from sheetgen.draw.fonts import font_name
from sheetgen.draw.shaping import visual

__all__ = [
    "ELLIPSIS",
    "break_words",
    "fit_caption",
    "fit_lines",
    "fit_size",
    "fit_text",
    "glyph_line",
    "glyph_warning",
    "missing_glyph_warning",
    "missing_glyphs",
    "shorten",
    "text_box",
    "text_extent",
    "text_width",
    "unit_width",
    "wrap_lines",
]


def text_width(text: str, size: float, family: str = "SheetSans", bold: bool = False) -> float:
    """Advance width of ``text`` at ``size`` pt in a bundled font, in pt, as the
    writers draw it: right-to-left text shaped and reordered first
    (:func:`~sheetgen.draw.shaping.visual`)."""
    face = face_metrics(font_name(family, bold))
    width = face.widths.get
    default = face.default
    # in ReportLab's order (its rl_accel): the sum of 1/1000 pt widths, times 0.001, times the size
    return sum([width(ord(ch), default) for ch in visual(text)]) * 0.001 * size


def fit_size(
    text: str, width: float, largest: float, smallest: float, family: str = "SheetSans", bold: bool = False
) -> float:
    """The largest size from ``largest`` down to ``smallest`` (pt, 0.25 pt steps) at
    which ``text`` fits ``width`` pt; ``smallest`` if none does."""
    size = largest
    while size > smallest and text_width(text, size, family, bold) > width:
        size -= 0.25
    return max(size, smallest)


def missing_glyphs(text: str, family: str = "SheetSans", bold: bool = False) -> set[str]:
    """Characters of ``text`` the bundled font (``family``, bold or not) has no glyph
    for (they would print as boxes): as typed, and as drawn once shaped (an Arabic
    letter's joined form, :func:`~sheetgen.draw.shaping.visual`)."""
    if text.isascii():  # every printable ASCII character is in all four faces
        return {ch for ch in text if not ch.isprintable() and not ch.isspace()}
    cmap = face_metrics(font_name(family, bold)).widths
    drawn = visual(text)
    chars = set(text) | set(drawn) if drawn is not text else set(text)
    return {ch for ch in chars if not ch.isspace() and ord(ch) not in cmap}


def glyph_line(missing: Iterable[str], where: str | None = None) -> str:
    """The one warning line, for every output (record sheets, cards and briefings from
    WeasyPrint, counters and maps from ReportLab), about characters the bundled fonts
    lack: each character and its code point, in code point order, and ``where`` they are
    when given. Every output prints with the bundled fonts alone, so they print as empty
    boxes on every machine.

    >>> glyph_line("和大", "'大和'")
    "the bundled fonts have no glyph for '和' (U+548C), '大' (U+5927) in '大和'; they print as empty boxes"
    """
    chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(set(missing)))
    place = f" in {where}" if where else ""
    return f"the bundled fonts have no glyph for {chars}{place}; they print as empty boxes"


def glyph_warning(text: str) -> str | None:
    """One warning line (:func:`glyph_line`) when the bundled fonts lack characters of
    ``text`` (a name), else ``None``."""
    missing = missing_glyphs(text)
    if not missing:
        return None
    return glyph_line(missing, repr(text))


# ---------------------------------------------------------------- fitting in boxes and margins

#: What marks a text shortened to fit: the horizontal ellipsis, U+2026.
ELLIPSIS = "…"


#: Separators that never begin a line: a lone one stays with the word before it.
_TRAILING = frozenset({"·", "–", "—", "/"})


def break_words(text: str) -> list[str]:
    """The words ``text`` may break between (its spaces), a lone separator kept with
    the word before it, so no line starts with one (``ICM salvo ·`` / ``−25% to hit``).

    >>> break_words("ICM salvo · −25% to hit")
    ['ICM', 'salvo ·', '−25%', 'to', 'hit']
    """
    words: list[str] = []
    for word in text.split():
        if word in _TRAILING and words:
            words[-1] += f" {word}"
        else:
            words.append(word)
    return words


def shorten(
    text: str, width: float, size: float, family: str = "SheetSans", bold: bool = False, *, tail: str = ""
) -> str:
    """``text + tail`` if it is at most ``width`` pt wide at ``size`` pt; else ``text`` cut
    after its last word that leaves room (trailing ``,;:·-–—`` dropped), or after a
    character, with an :data:`ELLIPSIS` and then ``tail`` (kept whole); the ellipsis
    and ``tail`` alone when nothing of ``text`` fits.

    >>> shorten("Battle of the Outer Marches", 60, 8)
    'Battle of the…'
    """
    if text_width(text + tail, size, family, bold) <= width:
        return text + tail

    def fits(cut: str) -> bool:
        return text_width(f"{cut}{ELLIPSIS}{tail}", size, family, bold) <= width

    words = text.split()
    for n in range(len(words) - 1, 0, -1):
        cut = " ".join(words[:n]).rstrip(",;:·-–— ")
        if cut and fits(cut):
            return f"{cut}{ELLIPSIS}{tail}"
    lo, hi = 0, len(text)  # the longest head of characters that fits (widths grow with length)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[:mid].rstrip()):
            lo = mid
        else:
            hi = mid - 1
    return f"{text[:lo].rstrip()}{ELLIPSIS}{tail}"


def fit_text(
    text: str,
    width: float,
    largest: float,
    smallest: float,
    family: str = "SheetSans",
    bold: bool = False,
    *,
    tail: str = "",
) -> tuple[str, float]:
    """One line ``text + tail`` at most ``width`` pt wide, and its size (pt): at
    ``largest``, else shrunk (0.25 pt steps, :func:`fit_size`) but not below
    ``smallest``, else at ``smallest`` with ``text`` shortened by :func:`shorten`
    (``tail`` kept whole). Never wider than ``width`` unless ``tail`` alone is.
    """
    whole = text + tail
    size = fit_size(whole, width, largest, smallest, family, bold)
    if text_width(whole, size, family, bold) <= width:
        return whole, size
    return shorten(text, width, smallest, family, bold, tail=tail), smallest


@lru_cache(maxsize=8192)
def unit_width(text: str, family: str = "SheetSans", bold: bool = False) -> float:
    """Advance width of ``text`` at 1 pt in a bundled font, in pt (multiply by a
    size in pt for the width at that size); memoised, as the same labels and
    numbers recur on every counter."""
    return text_width(text, 1.0, family, bold)


def fit_lines(
    text: str,
    width: float,
    height: float,
    largest: float,
    *,
    family: str = "SheetSans",
    bold: bool = False,
    lines: int = 3,
) -> tuple[list[str], float]:
    """``text`` broken at spaces into at most ``lines`` lines, and the size (pt)
    that prints it largest in a box ``width`` x ``height`` pt.

    The size is at most ``largest``, every line fits ``width`` at it and the
    block (one size per line, no extra leading) fits ``height``. Of the ways to
    break into one more line, the one that prints largest is taken only when it
    prints the text at least 12 % larger than the fewer lines. The size is
    rounded down to 0.01 pt; text with no spaces stays one line. Never fails:
    a long word simply prints small.
    """
    words = break_words(text) or [text]

    def size_of(parts: list[str]) -> float:
        wide = max(unit_width(part, family, bold) for part in parts)
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


def fit_caption(
    head: str,
    tail: str,
    width: float,
    largest: float,
    smallest: float,
    *,
    family: str = "SheetSans",
    bold: bool = False,
) -> tuple[str, float]:
    """The one-line caption ``head · tail`` (``tail`` alone when ``head`` is empty)
    and the size (pt) at which it is at most ``width`` pt wide.

    In turn: ``largest``; else shrunk (rounded down to 0.01 pt) but not below
    ``smallest``; else, at ``smallest``, ``head`` cut after its last word that
    leaves room (trailing ``,;:·-–—`` dropped), or after a character, and an
    ellipsis added (``Battle of… · tail``); else ``tail`` alone, shrunk below
    ``smallest`` if it must be. ``tail`` (what the page is, how to print it) is
    always kept whole.
    """
    text = f"{head} · {tail}" if head else tail
    wide = unit_width(text, family, bold)
    if wide * largest <= width:
        return text, largest
    if wide * smallest <= width:
        return text, math.floor(width / wide * 100) / 100

    def fits(cut: str) -> bool:
        return text_width(f"{cut}… · {tail}", smallest, family, bold) <= width

    words = head.split()
    for n in range(len(words) - 1, 0, -1):
        cut = " ".join(words[:n]).rstrip(",;:·-–—")
        if fits(cut):
            return f"{cut}… · {tail}", smallest
    for n in range(len(head) - 1, 0, -1):
        if fits(head[:n].rstrip()):
            return f"{head[:n].rstrip()}… · {tail}", smallest
    size = min(smallest, width / unit_width(tail, family, bold))
    return tail, math.floor(size * 100) / 100


def missing_glyph_warning(text: str, where: str, family: str = "SheetSans", bold: bool = False) -> str | None:
    """One warning line (:func:`glyph_line`) naming each character of ``text`` that the
    bundled font (``family``, bold or not) lacks, and ``where`` the text is (e.g.
    ``"the caption 'Title'"``), else ``None``. The counters and maps use it, as one
    name can print in several fonts."""
    missing = missing_glyphs(text, family, bold=bold)
    if not missing:
        return None
    return glyph_line(missing, where)


# --- text blocks: extents, boxes and wrapping ------------------------------------------------------

_EXTENTS: dict[tuple[float, str, bool], tuple[float, float]] = {}


def text_extent(size: float, family: str = "SheetSans", bold: bool = False) -> tuple[float, float]:
    """``(ascent, descent)``: how far a bundled font at ``size`` pt reaches above and
    below the baseline, in pt, both positive (the font's own metrics, not the ink of
    any one string). Remembered per font and size."""
    key = (size, family, bold)
    found = _EXTENTS.get(key)
    if found is None:
        face = face_metrics(font_name(family, bold))
        norm = size / 1000.0
        found = _EXTENTS[key] = (face.ascent * norm, -(face.descent * norm))
    return found


def text_box(
    x: float,
    y: float,
    text: str,
    size: float,
    anchor: str = "middle",
    family: str = "SheetSans",
    bold: bool = False,
    rotate: float = 0.0,
) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` in pt (y down) around one line of ``text`` at ``size`` pt
    whose baseline starts, centres or ends (``anchor`` ``"start"``, ``"middle"``,
    ``"end"``) at ``(x, y)``: the advance width by the font's ascent and descent.
    ``rotate`` 0 or 180 leaves the line level; 90 turns it to read downwards (its top
    facing right), any other quarter turn (-90) to read upwards."""
    w = text_width(text, size, family, bold)
    left = -w / 2 if anchor == "middle" else -w if anchor == "end" else 0.0
    ascent, descent = text_extent(size, family, bold)
    if rotate % 180 == 0:
        return x + left, y - ascent, x + left + w, y + descent
    if rotate % 360 == 90:  # reads downwards: the line's top faces right
        return x - descent, y + left, x + ascent, y + left + w
    return x - ascent, y - left - w, x + descent, y - left  # -90: reads upwards


def _one_letter(word: str) -> bool:
    """A one-letter word: ``A`` in ``Player A``."""
    return len(word) == 1 and word.isalpha()


def wrap_lines(
    text: str, count: int, family: str = "SheetSans", bold: bool = False
) -> tuple[tuple[str, ...], float] | None:
    """``text`` broken at spaces into exactly ``count`` lines, and the widest line's
    width at 1 pt (multiply by the size in pt); ``None`` when it has fewer words.

    The breaks chosen make the narrowest block (to a twentieth of the size), each break
    beside a one-letter word counting 25 % wider (so "Player A" stays together), then
    the most even lines. Widths add up word by word, as the fonts are set without
    kerning.

    >>> wrap_lines("Player A set-up zone", 2, bold=True)[0]
    ('Player A', 'set-up zone')
    >>> wrap_lines("Alone", 2) is None
    True
    """
    words = break_words(text)
    if len(words) < count:
        return None
    unit = [text_width(word, 1.0, family, bold) for word in words]
    space = text_width(" ", 1.0, family, bold)
    best: tuple[tuple[float, int, float], tuple[str, ...], float] | None = None
    for cuts in itertools.combinations(range(1, len(words)), count - 1):
        bounds = (0, *cuts, len(words))
        spans = list(itertools.pairwise(bounds))
        widths = [sum(unit[a:b]) + space * (b - a - 1) for a, b in spans]
        widest = max(widths)
        dangling = sum(_one_letter(words[cut - 1]) or _one_letter(words[cut]) for cut in cuts)
        looks = widest * (1 + 0.25 * dangling)  # a break beside a lone letter
        key = (math.ceil(looks * 20 - 1e-6) / 20, dangling, sum((widest - w) ** 2 for w in widths))
        if best is None or key < best[0]:
            best = (key, tuple(" ".join(words[a:b]) for a, b in spans), widest)
    return (best[1], best[2]) if best else None
