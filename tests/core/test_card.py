"""Shared card and sheet machinery touched by the Kill Radius work: decimal cells,
no blank first page on any game's card, fleet totals only where a game has them."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.card import cell_text
from sheetgen.games import GAMES, find_game
from sheetgen.render.cards import render_card

from tests.conftest import pdf_text


def test_cell_text_decimals() -> None:
    assert cell_text(Fraction(33, 20), decimals=True) == "1.65"
    assert cell_text(Fraction(1, 3), decimals=True) == "0.33"
    assert cell_text(Fraction(2), decimals=True) == "2"
    assert cell_text(Fraction(33, 20)) == "1.65"
    assert cell_text(Fraction(33, 20), fractions="fraction") == "1 13/20"
    assert cell_text(Fraction(9, 20), percent=True) == "45%"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_card_starts_on_its_first_page(game_id: str) -> None:
    game = find_game(game_id)
    first_table = game.reference().tables[0].title
    pages = pdf_text(render_card(game, fmt="pdf"))
    assert first_table.split(":")[0] in pages[0]


def test_game_without_fleet_totals_prints_none(
    invoke: Callable[..., Any], write: Callable[[str, str], Path]
) -> None:
    fleet = write(
        "sf-fleet.yaml",
        "game: starfire\nfleet: Pickets\ndesigns:\n"
        "  - {name: Picket, hull: ES, systems: SA(I)(I)QL, count: 2}\n",
    )
    r = invoke("stats", fleet)
    assert r.exit_code == 0
    assert "fleet " not in r.stdout
