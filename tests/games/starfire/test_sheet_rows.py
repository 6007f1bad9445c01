"""The Starfire record sheet's munition and shield rows: each block one text, a line a row (no
element a row, issue 28), its boxes set in one column whatever the label (R1, Pt1, S1 ...)."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from tests.conftest import DESIGNS

CITADEL = DESIGNS / "starfire" / "ships" / "base2-citadel.yaml"  # launchers R, Pt, G; six shields


@pytest.fixture(scope="module")
def citadel() -> tuple[str, bytes]:
    """The Citadel's record sheet: its HTML and its PDF."""
    from sheetgen.core.resources import templates_dir
    from sheetgen.render.html import html_to_pdf
    from sheetgen.render.record_sheets import Ship, record_sheets_html
    from sheetgen.scenarios.loading import load_designs

    (entry,) = load_designs([str(CITADEL)], only_game="starfire").entries
    (html,) = record_sheets_html([Ship(entry.game, entry.stats, entry.findings)], paper="a4")
    return html, html_to_pdf(html, base_url=str(templates_dir())).data


def test_each_block_of_rows_is_one_element(citadel: tuple[str, bytes]) -> None:
    html, _ = citadel
    blocks = re.findall(r'<div class="rows[^"]*">(.*?)</div>', html, re.S)
    assert len(blocks) == 2  # munitions, shields
    for block in blocks:
        assert "<div" not in block
        rows = block.split("\n")
        assert all(row.startswith('<span class="lname">') for row in rows)
    assert [len(b.split("\n")) for b in blocks] == [6, 6]  # R1-R4, Pt1, G1; S1-S6


def _row_starts(pdf: bytes) -> dict[str, tuple[float, float]]:
    """Each row label's x of the first box after it, and its baseline y (PDF points)."""
    import pypdfium2

    page = pypdfium2.PdfDocument(pdf)[0]
    text = page.get_textpage()
    chars = text.get_text_range()
    starts: dict[str, tuple[float, float]] = {}
    for m in re.finditer(r"\b((?:R|Pt|G|S)\d)\s*☐", chars):
        box = chars.index("☐", m.start())
        left, bottom, _, _ = text.get_charbox(box)
        starts[m.group(1)] = (left, bottom)
    return starts


def test_the_boxes_start_in_one_column_whatever_the_label(citadel: tuple[str, bytes]) -> None:
    starts = _row_starts(citadel[1])
    munitions = [starts[k][0] for k in ("R1", "R2", "R3", "R4", "Pt1", "G1")]
    shields = [starts[f"S{k}"][0] for k in range(1, 7)]
    # 6 mm of label and a space: within half a point of one another (a label is bold 8 pt)
    assert max(munitions) - min(munitions) < 0.5
    assert max(shields) - min(shields) < 0.5
    # a row a line, 11.65 pt apart as the rows were
    ys = [starts[f"R{k}"][1] for k in range(1, 5)]
    assert all(abs((a - b) - 11.65) < 0.3 for a, b in pairwise(ys))
