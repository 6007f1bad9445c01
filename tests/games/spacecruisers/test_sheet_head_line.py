"""The Space Cruisers record sheet's header as lines (issue 28): the name at the left and the
hull at the right of one line of text, and the class and the side below them, the spaces
between them set by the template, instead of flexboxes WeasyPrint measures. Read back from
WeasyPrint's layout of every bundled design, with and without a side (its colour a wider left
border) on both papers: the hull and the side end at the ship block's right edge, name and hull
share a baseline, and a name too long for the line is set as the flexbox, whole."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.layout_boxes import boxes, classes, texts

PAPERS = ("letter", "a4")
PT = 96 / 72  # CSS px a point
LONG = "The Extraordinarily Long-Named Dreadnought of the Outer Colonies of Far Kepler"


def _ships(long_name: bool = False) -> list[Any]:
    from sheetgen.render.record_sheets import Ship
    from sheetgen.scenarios.loading import load_designs

    folders = [str(DESIGNS / "space-cruisers" / f) for f in ("ships", "illegal")]
    entries = load_designs(folders, only_game="space-cruisers").entries
    ships = [Ship(e.game, e.stats, e.findings) for e in entries]
    # the same designs again in a side's colour: 1.8 mm less room for the line
    ships += [Ship(e.game, e.stats, e.findings, side="Blue", colour="#1f4e9a") for e in entries]
    if long_name:
        from dataclasses import replace

        e = entries[0]
        ships.append(Ship(e.game, replace(e.stats, name=LONG), e.findings))
    return ships


def _laid_out(paper: str, long_name: bool = False) -> tuple[str, list[Any]]:
    import weasyprint

    from sheetgen.core.resources import templates_dir
    from sheetgen.render.record_sheets import record_sheets_html

    (html,) = record_sheets_html(_ships(long_name), paper=paper)
    document = weasyprint.HTML(string=html, base_url=str(templates_dir())).render()
    return html, [page._page_box for page in document.pages]


def _named(box: Any, cls: str) -> Any:
    """The one box under ``box`` of the element of class ``cls`` (its text boxes share the
    element)."""
    (found,) = [b for b in boxes(box) if cls in classes(b) and type(b).__name__ not in ("TextBox", "LineBox")]
    return found


@pytest.mark.parametrize("paper", PAPERS)
def test_the_hull_ends_at_the_ship_s_right_edge_on_the_name_s_baseline(paper: str) -> None:
    html, pages = _laid_out(paper)
    body = html[html.index("<body") :]
    ships = body.count('<section class="ship')
    assert body.count('<header class="ship-head line">') == ships  # every bundled name fits
    count = sided = 0
    for page in pages:
        for ship in (b for b in boxes(page) if "ship" in classes(b) and type(b).__name__ == "BlockBox"):
            right = ship.content_box_x() + ship.width
            head = next(b for b in boxes(ship) if "ship-head" in classes(b))
            (line,) = [b for b in boxes(head) if type(b).__name__ == "LineBox"]  # one line
            name, hull = _named(head, "ship-name"), _named(head, "ship-hull")
            end = max(t.position_x + t.width for t in texts(hull))
            assert right - 0.4 * PT <= end <= right + 0.3 * PT, right - end
            (name_text,) = texts(name)
            (hull_text,) = texts(hull)
            assert name_text.position_y + name_text.baseline == pytest.approx(
                hull_text.position_y + hull_text.baseline, abs=0.01
            )
            assert name_text.position_x == pytest.approx(ship.content_box_x(), abs=0.01)
            assert line.height == pytest.approx(
                name_text.height, abs=0.01
            )  # the name's line, as in the flexbox
            subs = [b for b in boxes(ship) if "ship-sub" in classes(b) and type(b).__name__ == "BlockBox"]
            if subs:
                (sub,) = subs
                assert "line" in classes(sub)  # every bundled class fits beside the side
                assert len([b for b in boxes(sub) if type(b).__name__ == "LineBox"]) == 1
                sub_texts = texts(sub)
                if sub_texts[0].text != "Blue":  # a class at the left
                    assert sub_texts[0].position_x == pytest.approx(ship.content_box_x(), abs=0.01)
                if sub_texts[-1].text == "Blue":  # the side at the right, whether there is a class or not
                    assert (
                        right - 0.4 * PT <= sub_texts[-1].position_x + sub_texts[-1].width <= right + 0.3 * PT
                    )
                    sided += 1
            count += 1
    assert count == ships >= 40
    assert sided == ships // 2


def test_a_name_too_long_for_the_line_is_set_as_before() -> None:
    html, pages = _laid_out("letter", long_name=True)
    body = html[html.index("<body") :]
    assert body.count('<header class="ship-head">') == 1
    (head,) = [
        b
        for page in pages
        for b in boxes(page)
        if "ship-head" in classes(b) and "line" not in classes(b) and type(b).__name__ == "FlexBox"
    ]
    name, hull = _named(head, "ship-name"), _named(head, "ship-hull")
    assert LONG.replace(" ", "") == "".join(t.text for t in texts(name)).replace(" ", "")
    assert name.position_x + name.margin_width() <= hull.position_x  # side by side, not over each other
