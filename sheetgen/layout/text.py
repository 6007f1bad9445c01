"""Text with the bundled fonts: measure, fit and check glyphs (the fonts the writers embed).

:func:`text_width` gives a string's advance width in pt, so layout code can
shrink a name to fit a counter without a writer; :func:`fit_size` picks the
largest size that fits. Both use ReportLab's TrueType metrics of the fonts in
``sheetgen/fonts``; a missing font raises ``MissingResource``, never falls back.
:func:`glyph_warning` is the one warning, for every output, about characters
those fonts lack.
"""

from __future__ import annotations

from sheetgen.draw.fonts import font_name, register_fonts

__all__ = ["fit_size", "glyph_warning", "missing_glyphs", "text_width"]


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
