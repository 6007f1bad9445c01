"""The card model's cells (sheetgen.core.card): thousands grouped, decimals,
fractions and percentages."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetgen.core.card import cell_text


def test_cell_text_decimals() -> None:
    assert cell_text(Fraction(33, 20), decimals=True) == "1.65"
    assert cell_text(Fraction(1, 3), decimals=True) == "0.33"
    assert cell_text(Fraction(2), decimals=True) == "2"
    assert cell_text(Fraction(33, 20)) == "1.65"
    assert cell_text(Fraction(33, 20), fractions="fraction") == "1 13/20"
    assert cell_text(Fraction(9, 20), percent=True) == "45%"


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


def test_one_page_cuts_the_card_to_its_quick_card() -> None:
    from sheetgen.core.card import Card, Pick, QuickCard, Section, Table, one_page

    table = Table(
        "t",
        "T",
        ["a", "b", "c"],
        [[1, Fraction(1, 2), "x"], [2, None, "y"]],
        notes=["n0", "n1"],
        percent={"b"},
    )
    other = Table("u", "U", ["z"], [[9]])
    card = Card(
        "g",
        "Game: reference card",
        [table, other],
        [Section("One", ["1"]), Section("Two", ["2"])],
        QuickCard((Pick("t", ("a", "b"), notes=(1,), wide=True),), ("Two",)),
    )
    quick = one_page(card)
    assert quick.title == "Game: quick card"
    (cut,) = quick.tables
    assert cut.columns == ["a", "b"] and cut.rows == [[1, Fraction(1, 2)], [2, None]]
    assert cut.notes == ["n1"] and cut.percent == {"b"} and cut.wide
    assert [s.title for s in quick.sections] == ["Two"]
    assert table.columns == ["a", "b", "c"]  # the full card is left as it was
    for bad, message in (
        (QuickCard((Pick("v"),)), "quick card table 'v' is not on the card"),
        (QuickCard((Pick("t", ("d",)),)), "table 't' has no column 'd'"),
        (QuickCard((), ("Three",)), "quick card section 'Three' is not on the card"),
        (None, "the reference card names no quick card"),
    ):
        card.quick = bad
        with pytest.raises(ValueError, match=message):
            one_page(card)
