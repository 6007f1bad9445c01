"""The generic reference card machinery: number formatting, text columns, page flow."""

from __future__ import annotations

from fractions import Fraction

from sheetgen.core.card import Card, Table, cell_text
from sheetgen.games import find_game
from sheetgen.render.cards import render_card
from sheetgen.render.html import PAPER, render_html

from tests.conftest import pdf_text


def test_cell_text_groups_thousands() -> None:
    assert cell_text(999) == "999"
    assert cell_text(4000) == "4,000"
    assert cell_text(24_000) == "24,000"
    assert cell_text(30_000_000) == "30,000,000"
    assert cell_text(Fraction(50_000)) == "50,000"
    assert cell_text(Fraction(12, 25), fractions="fraction") == "12/25"
    assert cell_text(Fraction(12, 25)) == "0.48"
    assert cell_text(Fraction(1, 4), percent=True) == "25%"
    assert cell_text(None) == "–"
    assert cell_text(True) == "yes"


def test_text_columns_are_marked_left() -> None:
    card = Card("x", "X", [Table("t", "T", ["result", "effect"], [["a", "long words"]], left={"effect"})])
    html = render_html("reference.html.j2", {"card": card, "paper": PAPER["letter"]})
    assert '<td class=" left">long words</td>' in html
    assert '<td class="first">a</td>' in html


def test_the_first_page_of_a_card_holds_its_first_table() -> None:
    """Cards used to print their title alone on page 1 (the flex layout moved
    every table past it); the first table now starts under the title."""
    pages = pdf_text(render_card(find_game("starfire"), fmt="pdf"))
    assert "Weapon chart" in pages[0]
    assert len(pages) == 2
