"""The Kill Radius record sheet laid out with few boxes (issue 28): a ship's block differs from
the next only by classes (no style attribute, so WeasyPrint shares the computed styles of
alike elements between ships), the damage and vector logs and the fighter table are lines of
text over one SVG background of their rules (and boxes), and the logs' SVG is as wide as the
ship block on each paper, with or without a side colour's wider left frame."""

from __future__ import annotations

import re

import pytest

from sheetgen.games import find_game
from sheetgen.render.record_sheets import Ship, record_sheets_html
from sheetgen.scenarios.loading import load_designs

from tests.render.sheet_readback import PAPERS, design_paths

GAME = "kill-radius"
#: The page's width less its 10 mm margins and the ship block's 0.4 mm frame and 3 mm padding a side (mm).
BLOCK = {"letter": 215.9 - 20 - 6.8, "a4": 210.0 - 20 - 6.8}
#: A side colour's left frame is 2.2 mm instead of 0.4 mm.
COLOUR_FRAME = 1.8
#: The width of a log grid (an SVG, the background of a ship's log row) in a document's rules.
GRID_WIDTH = re.compile(
    r"\.logs\.g\d+c?r? \{ background: url\(\"data:image/svg\+xml,<svg [^>]*? width='([\d.]+)mm'"
)


def _ships(colour: str | None) -> list[Ship]:
    entries = load_designs(design_paths(GAME), only_game=GAME).entries
    side = "Red" if colour else None
    return [Ship(find_game(GAME), e.stats, e.findings, side=side, colour=colour) for e in entries]


@pytest.fixture(scope="module", params=PAPERS)
def sheets(request: pytest.FixtureRequest) -> tuple[str, str, str]:
    """(paper, HTML of the bundled designs, HTML of them in a side colour)."""
    paper = request.param
    return (
        paper,
        "".join(record_sheets_html(_ships(None), paper=paper)),
        "".join(record_sheets_html(_ships("#c03030"), paper=paper)),
    )


def _blocks(html: str) -> list[str]:
    return re.findall(r'<section class="ship[ "].*?</section>', html, flags=re.S)


def test_a_ship_block_has_no_style_attribute(sheets: tuple[str, str, str]) -> None:
    _, plain, coloured = sheets
    for html in (plain, coloured):
        blocks = _blocks(html)
        assert blocks
        for block in blocks:
            assert " style=" not in block
    # the side colour is still the block's left frame, a rule of the document
    assert ".ship.colour-c03030 { border-left: 2.2mm solid #c03030; }" in coloured
    assert all(" colour-c03030" in block[:80] for block in _blocks(coloured))


def test_logs_and_fighters_are_one_row_of_columns(sheets: tuple[str, str, str]) -> None:
    _, plain, _ = sheets
    blocks = _blocks(plain)
    carriers = 0
    for block in blocks:
        # the logs: their headings a line, their start and turn rows lines, in one block
        (logs,) = re.findall(r'<div class="logs g\d+c?r?">.*?</div></div>', block, flags=re.S)
        assert logs.count("<div") == 3 and "<table" not in logs and "<td" not in logs
        # the fighter table: its rows lines of text in one block
        fighters = re.findall(r'<div class="fighters tg f[0-9a-f]+">.*?</div>', block, flags=re.S)
        for table in fighters:
            carriers += 1
            assert table.count("\n") == 5 and "<td" not in table and "box" not in table
    assert carriers


def test_the_log_grid_is_as_wide_as_the_ship_block(sheets: tuple[str, str, str]) -> None:
    paper, plain, coloured = sheets
    for html, frame in ((plain, 0.0), (coloured, COLOUR_FRAME)):
        widths = {float(w) for w in re.findall(GRID_WIDTH, html)}
        assert widths and all(w == pytest.approx(BLOCK[paper] - frame) for w in widths), widths
        # every ship's log row names a grid this document draws
        for key in re.findall(r'<div class="logs (g\d+c?r?)">', html):
            assert f".logs.{key} {{" in html
