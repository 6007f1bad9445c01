"""Names in a sheet's header line are measured as the line prints them (issue 28's header
lines, Starfire and Space Cruisers): runs of spaces, tabs and line breaks print as one space
and a soft hyphen not at all, so a name, class or side holding them must leave exactly the
room it takes, the hull and the side or design string still ending at the ship's right edge.
Before, "Big      Gap" was measured with all its spaces and the hull stopped up to 21 mm short."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from sheetgen.render.textgrid import collapsed, width

from tests.conftest import DESIGNS
from tests.layout_boxes import boxes, classes, texts

PT = 96 / 72  # CSS px a point
NAMES = [
    "Big      Gap           Here",
    "   Padded Name   ",
    "Tab\tName",
    "Line\nBreak Name",
    "Soft\u00adhyphen\u00adated",
]
#: each game's header line: the element whose text ends at the right, and the class line's
RIGHT = {"starfire": ("ship-hull", "notation"), "space-cruisers": ("ship-hull", None)}


def test_collapsed_is_the_line_as_printed() -> None:
    assert collapsed("Big      Gap\t\tHere\n") == "Big Gap Here"
    assert collapsed("   Padded   ") == "Padded"
    assert collapsed("Soft\u00adhyphen") == "Softhyphen"
    assert collapsed("A\u2003B\u00a0C") == "A\u2003B\u00a0C"  # set-width and no-break spaces stay
    assert width("Soft\u00adhyphen") == width("Softhyphen") > 0


def _laid_out(game: str) -> list[Any]:
    import weasyprint

    from sheetgen.core.resources import templates_dir
    from sheetgen.render.record_sheets import Ship, record_sheets_html
    from sheetgen.scenarios.loading import load_designs

    (e,) = load_designs([str(DESIGNS / game / "ships")], only_game=game).entries[:1]
    ships = [
        Ship(e.game, replace(e.stats, name=n, design_class=c), e.findings, side=s, colour=s and "#1f4e9a")
        for n, c, s in zip(
            NAMES,
            ["Wide   Class", None, "Tab\tclass", None, "Cl\u00adass"],
            [None, "Blue   Fleet", None, "Red\nFleet", None],
            strict=True,
        )
    ]
    (html,) = record_sheets_html(ships)
    assert html.count('class="ship-head line"') == len(NAMES)
    document = weasyprint.HTML(string=html, base_url=str(templates_dir())).render()
    return [page._page_box for page in document.pages]


@pytest.mark.parametrize("game", sorted(RIGHT))
def test_names_with_white_space_leave_the_room_they_print_in(game: str) -> None:
    hull_cls, sub_cls = RIGHT[game]
    count = 0
    for page in _laid_out(game):
        for ship in (b for b in boxes(page) if "ship" in classes(b) and type(b).__name__ == "BlockBox"):
            right = ship.content_box_x() + ship.width
            head = next(b for b in boxes(ship) if "ship-head" in classes(b))
            (hull,) = [b for b in boxes(head) if hull_cls in classes(b) and type(b).__name__ == "InlineBox"]
            end = max(t.position_x + t.width for t in texts(hull))
            assert right - 0.4 * PT <= end <= right + 0.3 * PT, right - end
            sub = next((b for b in boxes(ship) if "ship-sub" in classes(b) and "line" in classes(b)), None)
            if sub is not None:
                last = texts(sub)[-1]
                if "Fleet" in last.text or (sub_cls is not None and sub_cls in classes(last)):
                    assert right - 0.4 * PT <= last.position_x + last.width <= right + 0.3 * PT, last.text
            count += 1
    assert count == len(NAMES)
