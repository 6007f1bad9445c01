"""The card model's cells (sheetgen.core.card): thousands grouped, decimals,
fractions and percentages."""

from __future__ import annotations

from fractions import Fraction

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
