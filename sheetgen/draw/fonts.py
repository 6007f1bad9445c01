"""The bundled fonts (``sheetgen/fonts``) registered with ReportLab, by family and weight.

The PDF writer embeds them; :mod:`sheetgen.layout.text` measures with their metrics table
(:mod:`sheetgen.draw.fontmetrics`) and registers nothing. A missing font raises
``MissingResource``, never falls back to a system font.
"""

from __future__ import annotations

from functools import cache

from sheetgen.core.resources import FONTS, font_path

__all__ = ["font_name", "register_fonts"]


def font_name(family: str, bold: bool = False) -> str:
    """ReportLab's registered name for a bundled family and weight."""
    return f"{family}-Bold" if bold else family


@cache
def register_fonts() -> tuple[str, ...]:
    """Register every bundled font with ReportLab once; returns their names."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    names = []
    for file, family, weight in FONTS:
        name = font_name(family, weight == "bold")
        pdfmetrics.registerFont(TTFont(name, str(font_path(file))))
        names.append(name)
    return tuple(names)
