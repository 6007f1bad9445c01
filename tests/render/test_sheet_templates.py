"""The record-sheet templates: one shared frame, and sheets light enough to lay out.

Every game's ``templates/<game id>/sheet.html.j2`` extends ``templates/sheet-base.html.j2``,
which alone holds the page frame (the bundled fonts' ``@font-face`` rules, the shared
stylesheets, the paper, the loop over the ships). A sheet's layout CPU follows the elements
WeasyPrint lays out (docs/performance.md, issue 28), so each game's sheets for its bundled
designs are held below an element count a ship, under what the templates before issue 28's
second slice made (commit 53253df: Starfire 192, Kill Radius 194, Knight Hawks 2000 410,
Space Cruisers 148; now 117, 111, 352 and 99).
"""

from __future__ import annotations

import re

import pytest

from sheetgen.core.resources import templates_dir
from sheetgen.games import GAMES, find_game
from sheetgen.render.record_sheets import Ship, record_sheets_html
from sheetgen.scenarios.loading import load_designs

from tests.every_game import STAND_IN, every_game
from tests.render.sheet_readback import design_paths

#: Most elements a ship's sheet may have, on average over the game's bundled designs.
MOST_ELEMENTS = {"starfire": 72, "kill-radius": 30, "knight-hawks-2000": 255, "space-cruisers": 45}


@pytest.mark.parametrize("game", every_game())
def test_each_sheet_extends_the_shared_frame(game: str) -> None:
    sheet = (find_game(game).files().sheet_folder / "sheet.html.j2").read_text(encoding="utf-8")
    assert sheet.startswith('{% extends "sheet-base.html.j2" %}')
    for frame in ("<html", "<head>", "<style", "<body", "font_faces", "@page { size"):
        assert frame not in sheet, frame


def test_the_fonts_are_declared_once() -> None:
    sheets = [p.read_text(encoding="utf-8") for p in templates_dir().rglob("*.html.j2")]
    base = (templates_dir() / "sheet-base.html.j2").read_text(encoding="utf-8")
    assert base.count("{{ font_faces }}") == 1
    assert sum("sheet-base" in s for s in sheets) == len([g for g in GAMES if g != STAND_IN])


@pytest.mark.parametrize("game", [g for g in GAMES if g != STAND_IN])
def test_a_sheet_is_light(game: str) -> None:
    entries = load_designs(design_paths(game), only_game=game).entries
    ships = [Ship(find_game(game), e.stats, e.findings) for e in entries]
    html = "".join(record_sheets_html(ships, paper="letter"))
    body = html[html.index("<body") :]
    per_ship = len(re.findall(r"<[a-zA-Z]", body)) / len(ships)
    assert per_ship <= MOST_ELEMENTS[game], f"{per_ship:.1f} elements a ship"
