"""The generic reference card layout: tables start on page 1."""

from __future__ import annotations

from sheetgen.games import find_game
from sheetgen.render.cards import render_card

from .conftest import pdf_text


def test_starfire_card_starts_its_tables_on_page_one() -> None:
    pages = pdf_text(render_card(find_game("starfire")).data)
    # a flex container that overflowed page 1 used to be moved whole to page 2
    assert "Weapon chart" in pages[0]
    assert len(pages) == 2
