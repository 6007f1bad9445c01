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


def test_the_track_takes_the_lines_the_browser_gave_it() -> None:
    # Citadel: 29 plain boxes; a box, its margin and the gap 7.897 mm, the block 189.1 mm inside
    # on Letter (24 boxes a line, as the boxes laid out one by one took) and 183.2 mm on A4 (23)
    from sheetgen.games.starfire.sheet import ship_view
    from sheetgen.scenarios.loading import load_designs

    (entry,) = load_designs([str(CITADEL)], only_game="starfire").entries
    lines = ship_view(entry.stats, [])["track_lines"]
    assert [[item["run"] for item in line] for line in lines["letter"]] == [[24], [5]]
    assert [[item["run"] for item in line] for line in lines["a4"]] == [[23], [6]]


def test_a_run_sets_each_code_in_the_middle_of_its_box(citadel: tuple[str, bytes]) -> None:
    import pypdfium2

    page = pypdfium2.PdfDocument(citadel[1])[0]
    text = page.get_textpage()
    chars = text.get_text_range()
    start = chars.index("RIGHT") + len("RIGHT")
    middles = []
    for i in range(start, len(chars)):
        if chars[i] == "r":  # the range chart's header
            break
        if chars[i].isupper():
            left, _, right, _ = text.get_charbox(i)
            if chars[i + 1].islower():  # Pt, Mg: the middle of both letters
                right = text.get_charbox(i + 1)[2]
            middles.append((left + right) / 2)
    first_line = middles[:23]
    pitch = 7.897 * 72 / 25.4
    # each code within 0.05 em (6.5 pt) of its box's middle: two codes within 0.1 em of a box apart
    gaps = [round(b - a, 2) for a, b in pairwise(first_line)]
    assert all(abs(gap - pitch) < 0.1 * 6.5 for gap in gaps), gaps
