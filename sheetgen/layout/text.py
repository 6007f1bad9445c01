"""Text with the bundled fonts: measure, fit and check glyphs (the fonts the writers embed).

:func:`text_width` gives a string's advance width in pt, so layout code can
shrink a name to fit a counter without a writer; :func:`fit_size` picks the
largest size that fits. Both use ReportLab's TrueType metrics of the fonts in
``sheetgen/fonts``; a missing font raises ``MissingResource``, never falls back.
:func:`glyph_warning` is the one warning, for every output, about characters
those fonts lack. :func:`fit_lines` breaks a name into the lines that print it
largest in a box, :func:`fit_caption` shrinks a one-line caption and then cuts
its head short, and :func:`missing_glyph_warning` names the lacking characters
and where they are.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from sheetgen.draw.fonts import font_name, register_fonts

__all__ = [
    "fit_caption",
    "fit_lines",
    "fit_size",
    "glyph_warning",
    "missing_glyph_warning",
    "missing_glyphs",
    "text_width",
    "unit_width",
]


def text_width(text: str, size: float, family: str = "SheetSans", bold: bool = False) -> float:
    """Advance width of ``text`` at ``size`` pt in a bundled font, in pt."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    return float(pdfmetrics.stringWidth(text, font_name(family, bold), size))


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
    for (they would print as boxes)."""
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    face = pdfmetrics.getFont(font_name(family, bold)).face
    cmap = face.charToGlyph
    return {ch for ch in text if not ch.isspace() and ord(ch) not in cmap}


def glyph_warning(text: str) -> str | None:
    """One warning line when the bundled fonts lack characters of ``text`` (they would
    print as empty boxes, or in whatever font a system has), else ``None``."""
    missing = missing_glyphs(text)
    if not missing:
        return None
    chars = " ".join(sorted(missing))
    return f"{text!r} uses characters the bundled DejaVu fonts lack ({chars}); they will not print as typed"


# ---------------------------------------------------------------- fitting in boxes and margins


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
    words = text.split() or [text]

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
    """One warning line naming each character of ``text`` (and its code point) that
    the bundled font (``family``, bold or not) lacks, and ``where`` the text is
    (e.g. ``"the caption 'Title'"``), else ``None``. The counters use it, as one
    name can print in several fonts."""
    missing = missing_glyphs(text, family, bold=bold)
    if not missing:
        return None
    chars = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in sorted(missing))
    return f"the bundled font has no glyph for {chars} in {where}; they print as empty boxes"
