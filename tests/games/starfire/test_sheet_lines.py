"""The Starfire record sheet set as lines WeasyPrint need not measure (issue 28): the name and
hull, the class and design string and the vitals are each one line, their places set by spaces
of set widths; the munition, shield and notes blocks are inline blocks of widths computed from
their text; the range chart is a block a weapon, no table. Read back from WeasyPrint's layout
of every bundled design on both papers: the right-hand texts end at the ship block's right edge,
no row of boxes wraps or runs past its block, and the blocks keep 6 mm apart."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.layout_boxes import boxes, classes, texts

PAPERS = ("letter", "a4")
MM = 96 / 25.4  # CSS px a millimetre
PT = 96 / 72  # CSS px a point


def _html(paper: str) -> str:
    from sheetgen.render.record_sheets import Ship, record_sheets_html
    from sheetgen.scenarios.loading import load_designs

    folders = [str(DESIGNS / "starfire" / f) for f in ("ships", "illegal")]
    entries = load_designs(folders, only_game="starfire").entries
    (html,) = record_sheets_html([Ship(e.game, e.stats, e.findings) for e in entries], paper=paper)
    return html


@pytest.fixture(scope="module", params=PAPERS)
def laid_out(request: pytest.FixtureRequest) -> tuple[str, list[Any]]:
    """The bundled designs' sheet on a paper: its HTML and WeasyPrint's page boxes."""
    import weasyprint

    from sheetgen.core.resources import templates_dir

    html = _html(request.param)
    document = weasyprint.HTML(string=html, base_url=str(templates_dir())).render()
    return html, [page._page_box for page in document.pages]


def _ships(pages: list[Any]) -> Iterator[Any]:
    for page in pages:
        for box in boxes(page):
            if "ship" in classes(box) and type(box).__name__ == "BlockBox":
                yield box


def test_no_table_and_no_flexbox_in_a_bundled_ship(laid_out: tuple[str, list[Any]]) -> None:
    html, _ = laid_out
    body = html[html.index("<body") :]
    ships = body.count('<section class="ship')
    assert "<table" not in body
    assert body.count('<header class="ship-head line">') == ships
    assert "ship-sub wraps" not in body
    assert body.count('<div class="vitals') == ships


def test_the_hull_and_the_design_string_end_at_the_block_s_right_edge(
    laid_out: tuple[str, list[Any]],
) -> None:
    _, pages = laid_out
    count = lines = 0
    for ship in _ships(pages):
        right = ship.content_box_x() + ship.width
        sub = next(b for b in boxes(ship) if "ship-sub" in classes(b))
        # a design without a class prints its design string alone at the left, as before
        for key in ("ship-hull", "notation") if "line" in classes(sub) else ("ship-hull",):
            (box,) = [b for b in boxes(ship) if key in classes(b) and type(b).__name__ == "InlineBox"]
            end = max(t.position_x + t.width for t in texts(box))
            assert right - 0.4 * PT <= end <= right + 0.3 * PT, (key, right - end)
        head = next(b for b in boxes(ship) if "ship-head" in classes(b))
        assert len([b for b in boxes(head) if type(b).__name__ == "LineBox"]) == 1  # name and hull: one line
        count += 1
        lines += "line" in classes(sub)
    assert count == 27 and lines >= 11


def test_rows_of_boxes_stay_whole_inside_their_block(laid_out: tuple[str, list[Any]]) -> None:
    html, pages = laid_out
    blocks = 0
    for ship in _ships(pages):
        lower = [b for b in boxes(ship) if "block" in classes(b) and type(b).__name__ == "InlineBlockBox"]
        for block in lower:
            right = block.content_box_x() + block.width
            for text in texts(block):
                assert text.position_x + text.width <= right + 0.05, (
                    text.text,
                    text.position_x + text.width - right,
                )
            rows = [b for b in boxes(block) if "rows" in classes(b) and type(b).__name__ == "BlockBox"]
            for r in rows:
                lines = [b for b in r.children if type(b).__name__ == "LineBox"]
                assert (
                    len(lines) == "".join(r.element.itertext()).count("\n") + 1
                )  # a line a row, none wrapped
            blocks += 1
        # blocks on one line keep 6 mm apart
        for a, b in pairwise(lower):
            if abs(a.position_y - b.position_y) < 0.5 and "next" in classes(b):
                gap = b.border_box_x() - (a.border_box_x() + a.border_width())
                assert gap == pytest.approx(6 * MM, abs=0.05)
    assert blocks >= 40
    assert re.search(r'<div class="block (munitions|shields)"', html)
