"""The bundled fonts' metrics table (sheetgen/fonts/metrics.json) is what ReportLab reads from
the fonts, and measuring text with it gives ReportLab's numbers without parsing a font."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from sheetgen.core.resources import FONTS, font_path
from sheetgen.draw.fontmetrics import METRICS_FILE, face_metrics, measured_metrics, write_metrics
from sheetgen.draw.fonts import font_name, register_fonts
from sheetgen.draw.shaping import visual
from sheetgen.layout.text import missing_glyphs, text_extent, text_width

from tests.conftest import ROOT

FACES = [(family, weight == "bold") for _, family, weight in FONTS]


@pytest.fixture(scope="module")
def reportlab_faces() -> dict[str, object]:
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    return {font_name(*face): pdfmetrics.getFont(font_name(*face)).face for face in FACES}


def test_the_bundled_table_is_what_reportlab_reads_from_the_fonts(tmp_path) -> None:
    """Regenerated from the font files, the table is byte for byte the bundled one: a changed
    font (or ReportLab reading it otherwise) fails here until ``python -m
    sheetgen.draw.fontmetrics`` is run again."""
    fresh = write_metrics(tmp_path / METRICS_FILE)
    bundled = font_path(FONTS[0][0]).parent / METRICS_FILE
    assert fresh.read_text(encoding="utf-8") == bundled.read_text(encoding="utf-8")
    assert set(json.loads(fresh.read_text(encoding="utf-8"))) == {font_name(*face) for face in FACES}


@pytest.mark.parametrize("face", FACES, ids=lambda f: font_name(*f))
def test_every_character_of_every_face_has_reportlabs_width(face, reportlab_faces) -> None:
    name = font_name(*face)
    theirs = reportlab_faces[name]
    ours = face_metrics(name)
    assert ours.widths == theirs.charWidths  # every character, to the last bit
    assert set(ours.widths) == set(theirs.charToGlyph)  # the characters the face has
    assert len(ours.widths) > 3000
    assert (ours.default, ours.ascent, ours.descent) == (theirs.defaultWidth, theirs.ascent, theirs.descent)


@pytest.mark.parametrize("face", FACES, ids=lambda f: font_name(*f))
def test_measuring_gives_reportlabs_numbers(face, reportlab_faces) -> None:
    """text_width, text_extent and missing_glyphs equal ReportLab's stringWidth,
    getAscentDescent and character map, for strings of any of the face's characters (and
    some it lacks) at any size."""
    from reportlab.pdfbase import pdfmetrics

    name = font_name(*face)
    cmap = reportlab_faces[name].charToGlyph
    has = [chr(c) for c in sorted(cmap) if not 0xD800 <= c <= 0xDFFF]
    chars = [*has, "和", "ܫ", "\U0001f680"]
    pick = random.Random(28)
    for _ in range(3000):
        text = "".join(pick.choice(chars) for _ in range(pick.randint(1, 40)))
        size = pick.choice([1.0, 5.5, 7.0, 8.5, 12.0, pick.uniform(3, 20)])
        assert text_width(text, size, *face) == pdfmetrics.stringWidth(visual(text), name, size)
        drawn = visual(text)
        lacks = {ch for ch in set(text) | set(drawn) if not ch.isspace() and ord(ch) not in cmap}
        assert missing_glyphs(text, *face) == lacks
    for size in (1.0, 5.5, 7.0, 8.5, 9.75, 12.0, 33.3):
        ascent, descent = pdfmetrics.getAscentDescent(name, size)
        assert text_extent(size, *face) == (float(ascent), float(-descent))


def test_measuring_text_reads_no_font_file() -> None:
    """A process that only measures (building a record sheet's HTML) neither imports
    ReportLab nor parses a TrueType font: that was about 100 ms of its first print."""
    code = (
        "import sys\n"
        "from sheetgen.layout.text import text_width, text_extent, missing_glyphs\n"
        "text_width('Arrow ½', 8, 'SheetCondensed', True); text_extent(8); missing_glyphs('大和')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'fontTools')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_measured_metrics_are_in_font_units() -> None:
    table = measured_metrics()
    sans = table["SheetSans"]
    assert sans["units_per_em"] == 2048 and sans["file"] == "DejaVuSans.ttf"
    first, advances = sans["runs"][0]
    assert first == 32 and advances[0] == 651  # DejaVu Sans's space: 651 units of 2048
