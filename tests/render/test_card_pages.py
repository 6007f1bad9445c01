"""Every game's reference card and quick card print the same number of pages on letter
and on A4 (issue 29: Starfire's card ran to three A4 pages, half empty, where letter
took two), read back from the PDFs."""

from __future__ import annotations

import re

import pytest

from sheetgen.kit import reference_card
from sheetgen.render.cards import CARD_AREA, card_margins
from sheetgen.render.pdfjoin import page_count

from tests.every_game import every_game

#: Pages of each game's full card (the quick card is one page).
PAGES = {"starfire": 2, "space-cruisers": 3, "kill-radius": 3, "knight-hawks-2000": 4, "stand-in": 1}


@pytest.mark.parametrize("game", every_game())
@pytest.mark.parametrize("quick", [False, True], ids=["card", "quick-card"])
def test_a_card_takes_as_many_pages_on_letter_as_on_a4(game: str, quick: bool) -> None:
    letter = page_count(reference_card(game, "letter", quick=quick).data)
    a4 = page_count(reference_card(game, "a4", quick=quick).data)
    assert letter == a4 == (1 if quick else PAGES[game])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cards_print_one_area_on_either_paper(paper: str) -> None:
    """The margins leave the same printed area on both papers, at least 1/4 in from every
    edge (home printers leave that border blank)."""
    top, right, bottom, left = (float(x) for x in re.findall(r"([\d.]+)mm", card_margins(paper)))
    width, height = {"letter": (279.4, 215.9), "a4": (297.0, 210.0)}[paper]
    assert width - left - right == pytest.approx(CARD_AREA[0], abs=0.02)
    assert height - top - bottom == pytest.approx(CARD_AREA[1], abs=0.02)
    assert min(top, right, bottom, left) >= 6.35
    with pytest.raises(ValueError, match="unknown paper"):
        card_margins("legal")
