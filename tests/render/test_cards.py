"""The generic reference card machinery as printed: text columns, page flow (every
game's card starts its tables on page one)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sheetgen.core.card import Card, Table
from sheetgen.games import find_game
from sheetgen.render.cards import card_margins
from sheetgen.render.html import PAPER, render_html

from tests.conftest import Built, pdf_text
from tests.every_game import every_game


def test_text_columns_are_marked_left() -> None:
    card = Card("x", "X", [Table("t", "T", ["result", "effect"], [["a", "long words"]], left={"effect"})])
    context = {"card": card, "paper": PAPER["letter"], "margins": card_margins("letter"), "quick": False}
    html = render_html("reference.html.j2", context)
    assert '<td class=" left">long words</td>' in html
    assert '<td class="first">a</td>' in html


@pytest.mark.parametrize("game_id", every_game())
def test_the_first_page_of_a_card_holds_its_first_table(
    game_id: str, reference_card: Callable[[str, str], Built]
) -> None:
    """Cards used to print their title alone on page 1 (the flex layout moved
    every table past it; a flex container that overflowed page 1 was moved whole
    to page 2); the first table now starts under the title."""
    game = find_game(game_id)
    first_table = game.reference().tables[0].title
    pages = pdf_text(reference_card(game_id, "pdf").path)  # sheetgen reference GAME -o card.pdf
    assert first_table.split(":")[0] in pages[0]
    if game_id == "starfire":
        assert "Weapon chart" in pages[0]
        assert len(pages) == 2


def test_reference_pdf_is_deterministic(reference_card: Callable[[str, str], Built]) -> None:
    """The one determinism test of reference cards: the card rendered twice (here and
    by ``sheetgen reference``) gives the same bytes."""
    from sheetgen.games import find_game
    from sheetgen.render.cards import render_card

    game = find_game("kill-radius")
    assert render_card(game, fmt="pdf").data == reference_card("kill-radius", "pdf").path.read_bytes()
