"""The bundled fonts' metrics as a table, read in a millisecond instead of parsing the fonts.

Measuring text (:mod:`sheetgen.layout.text`: a record sheet's table columns, a counter's
name) needs only each character's advance width, the face's default width, ascent and
descent, and which characters the face has. ReportLab reads those from the TrueType file
when a font is registered, about 100 ms for the four bundled faces and ReportLab's own
import, paid by every process that measures a single string. ``sheetgen/fonts/metrics.json``
holds exactly what ReportLab reads (the advances in font units, the face's units per em),
and :func:`face_metrics` turns one face's entry into the same numbers ReportLab computes:
each width is ``advance * (1000 / units per em)``, in 1/1000 pt at 1 pt, as in
``reportlab.pdfbase.ttfonts.TTFontFile``. ``tests/draw/test_fontmetrics.py`` holds the
table equal to what ReportLab reads from each font, character by character, so a changed
font file fails it; regenerate the table with ``python -m sheetgen.draw.fontmetrics``.

The writers that embed the fonts (ReportLab PDFs) still register the real files
(:func:`sheetgen.draw.fonts.register_fonts`).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from sheetgen.core.resources import FONTS, MissingResource, font_path

__all__ = ["METRICS_FILE", "FaceMetrics", "face_metrics", "measured_metrics", "write_metrics"]

#: The table's file name, next to the fonts (``sheetgen/fonts``).
METRICS_FILE = "metrics.json"


@dataclass(frozen=True)
class FaceMetrics:
    """One bundled face's metrics, in 1/1000 pt at a size of 1 pt (ReportLab's units).

    ``widths`` maps a code point to its advance width, for every character the face has
    (its cmap, U+00A0 given the space's width as ReportLab does); ``default`` is the width
    of a character it lacks (glyph 0's); ``ascent`` and ``descent`` (negative) are the
    face's own (``hhea``/``OS/2``, as ReportLab reads them)."""

    widths: dict[int, float]
    default: float
    ascent: float
    descent: float


def _runs(widths: dict[int, int]) -> list[tuple[int, list[int]]]:
    """``widths`` (code point -> advance) as runs of consecutive code points:
    ``(first code point, [advance, ...])``."""
    runs: list[tuple[int, list[int]]] = []
    for code in sorted(widths):
        if runs and code == runs[-1][0] + len(runs[-1][1]):
            runs[-1][1].append(widths[code])
        else:
            runs.append((code, [widths[code]]))
    return runs


def measured_metrics() -> dict[str, dict[str, Any]]:
    """What ReportLab reads from each bundled font file, by ReportLab font name
    (:func:`sheetgen.draw.fonts.font_name`): ``units_per_em``, ``default`` (advance in
    font units), ``ascent`` and ``descent`` (1/1000 pt) and ``runs`` of advances in font
    units (:func:`_runs`). Parses the TrueType files (slow: for regenerating and testing)."""
    from reportlab.pdfbase.ttfonts import TTFont

    from sheetgen.draw.fonts import font_name

    table: dict[str, dict[str, Any]] = {}
    for file, family, weight in FONTS:
        face = TTFont(font_name(family, weight == "bold"), str(font_path(file))).face
        upem = face.unitsPerEm
        advances = {code: round(width * upem / 1000) for code, width in face.charWidths.items()}
        table[font_name(family, weight == "bold")] = {
            "file": file,
            "units_per_em": upem,
            "default": round(face.defaultWidth * upem / 1000),
            "ascent": face.ascent,
            "descent": face.descent,
            "runs": _runs(advances),
        }
    return table


def write_metrics(path: Path | None = None) -> Path:
    """Write :func:`measured_metrics` to ``path`` (default: the table next to the fonts);
    returns the path."""
    path = path or font_path(FONTS[0][0]).parent / METRICS_FILE
    text = json.dumps(measured_metrics(), separators=(",", ":"), sort_keys=True)
    path.write_text(text + "\n", encoding="utf-8")
    return path


@cache
def _table() -> dict[str, Any]:
    path = font_path(FONTS[0][0]).parent / METRICS_FILE
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissingResource(f"the bundled font metrics {path} are missing; reinstall sheetgen") from None
    except ValueError as exc:
        raise MissingResource(
            f"the bundled font metrics {path} are unreadable ({exc}); reinstall sheetgen"
        ) from None
    return data


@cache
def face_metrics(name: str) -> FaceMetrics:
    """The metrics of the bundled face ReportLab names ``name`` (``"SheetSans"``,
    ``"SheetCondensed-Bold"``, :func:`sheetgen.draw.fonts.font_name`), read from the table
    once. Raises ``KeyError`` for a face that is not bundled, ``MissingResource`` when the
    table or the face's font file is missing (a broken install, as for the writers)."""
    entry = _table()[name]
    font_path(entry["file"])
    scale = 1000 / entry["units_per_em"]
    widths: dict[int, float] = {}
    for first, advances in entry["runs"]:
        for code, advance in enumerate(advances, first):
            widths[code] = advance * scale
    return FaceMetrics(widths, entry["default"] * scale, float(entry["ascent"]), float(entry["descent"]))


if __name__ == "__main__":  # python -m sheetgen.draw.fontmetrics: regenerate the table
    print(f"wrote {write_metrics(Path(sys.argv[1]) if len(sys.argv) > 1 else None)}")
