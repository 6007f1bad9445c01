"""The Space Cruisers reference card: its tables checked against numbers worked by hand, and its
JSON, CSV, PDF and HTML output."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.games.spacecruisers import card

from tests.conftest import Build, Built, pdf_text
from tests.quick_card import check_one_page, check_same_cells

Invoke = Callable[..., Any]

GAME = find_game("space-cruisers")


# --- the card ---------------------------------------------------------------------------------


def table(tid: str) -> Any:
    return next(t for t in GAME.reference().tables if t.id == tid)


def test_card_holds_every_table_the_issue_lists() -> None:
    c = GAME.reference()
    ids = [t.id for t in c.tables]
    for wanted in ("systems-table", "systems", "criticals", "to-hit", "shields", "security-team"):
        assert wanted in ids
    assert c.sections[0].title == "Turn"
    assert len(c.sections[0].lines) == 4  # cloak, initiative, move, attack


def test_card_setup_note_equal_figures_or_advanced_points() -> None:
    """Seed 004, SETUP (lines 68-71): equal numbers of figures, or equal construction
    points under the advanced rules (the check ``scenario_findings`` makes)."""
    assert table("size-classes").notes == [
        "Sides field equal numbers of figures, or (advanced rules) equal construction points."
    ]


def test_card_to_hit_row_for_phasers() -> None:
    t = table("to-hit")
    row = next(r for r in t.rows if r[0] == "phasers")
    cells = dict(zip(t.columns, row, strict=True))
    assert cells["hits on"] == "5+"
    assert cells["plain"] == Fraction(3, 5)
    assert cells["+1 scanner"] == Fraction(7, 10)
    assert cells["cloaked −3"] == Fraction(3, 10)
    assert cells["targeting crit −1"] == Fraction(1, 2)


def test_card_shield_rows() -> None:
    t = table("shields")
    first = dict(zip(t.columns, t.rows[0], strict=True))
    assert first["damage"] == "1d6" and first["weapons"] == "phasers, chain guns"
    assert first["stopped (≤ 4)"] == Fraction(2, 3)
    torp = next(dict(zip(t.columns, r, strict=True)) for r in t.rows if r[0] == "2d6")
    assert torp["weapons"] == "photon torpedoes, missiles"
    assert torp["shield blows (5+)"] == Fraction(5, 6)
    assert torp["mean, no shield"] == "7"


def test_card_d20_table_chances_add_up() -> None:
    t = table("systems-table")
    assert sum(r[-1] for r in t.rows) == 1
    drives = next(r for r in t.rows if r[1] == "drives")
    assert (drives[0], drives[-1]) == ("4–6", Fraction(3, 20))
    assert t.rows[0][2] == "cargo bay"
    assert next(r for r in t.rows if r[1] == "cloaking device")[3] == "reroll a duplicate"


def test_card_criticals_table() -> None:
    t = table("criticals")
    assert [r[0] for r in t.rows] == list(range(1, 11))
    assert all(r[-1] == Fraction(1, 10) for r in t.rows)
    assert [r[1] for r in t.rows if "second hit" in r[2]] == ["Warp core", "Life support", "Super structure"]


def test_card_json_and_csv(invoke: Any) -> None:
    r = invoke("reference", "space-cruisers", "--format", "json")
    assert r.exit_code == 0
    d = json.loads(r.stdout)
    hit = next(t for t in d["tables"] if t["id"] == "to-hit")
    assert hit["rows"][0][2] == {"fraction": "3/5", "value": 0.6}
    r = invoke("reference", "space-cruisers", "--format", "csv")
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert ["phasers", "5+", "0.6", "0.7", "0.8", "0.9", "0.3", "0.4", "0.5", "0.6", "0.5"] in rows


def test_card_pdf_and_html(reference_card: Callable[[str, str], Built]) -> None:
    r = reference_card("space-cruisers", "pdf")  # sheetgen reference space-cruisers -o card.pdf
    out = r.path
    assert r.exit_code == 0
    pages = pdf_text(out)
    assert 1 < len(pages) <= 3
    # page 1 starts with tables, not a blank page under the title
    assert "Chance to hit" in pages[0] and "Shields against one hit" in pages[0]
    text = "\n".join(pages)
    for words in ("d20 systems table", "Critical damage (d10)", "Security team attack", "60%", "83.3%"):
        assert words in text
    html = reference_card("space-cruisers", "html")  # sheetgen reference space-cruisers -o card.html
    assert html.exit_code == 0
    assert "Ship lost after N critical rolls" in html.path.read_text(encoding="utf-8")


def test_hit_columns_cover_scanners_and_cloak() -> None:
    assert card.HIT_COLUMNS[0] == ("plain", 0, False)
    assert {c for _, _, c in card.HIT_COLUMNS} == {False, True}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_page_quick_card_fits_one_landscape_page(built: Build, paper: str) -> None:
    made = built(
        f"space-cruisers-quick-{paper}.pdf", "reference", "space-cruisers", "--one-page", "--paper", paper
    )
    assert made.exit_code == 0, made.stderr
    text = check_one_page(made.path.read_bytes())
    for heading in ("Chance to hit", "Shields against one hit", "Critical damage", "Turn", "Attacking"):
        assert heading in text
    assert "d20 systems table" not in text and "Hulls" not in text


def test_one_page_quick_card_holds_the_tables_of_play_from_the_card(invoke: Invoke) -> None:
    full = json.loads(invoke("reference", "space-cruisers", "--format", "json").stdout)
    quick = json.loads(invoke("reference", "space-cruisers", "--one-page", "--format", "json").stdout)
    assert quick["title"] == "Space Cruisers: quick card"
    assert [t["id"] for t in quick["tables"]] == [
        "to-hit",
        "shields",
        "criticals",
        "critical-loss",
        "security-team",
        "d6-rolls",
    ]
    assert [s["title"] for s in quick["sections"]] == ["Turn", "Moving", "Attacking"]
    check_same_cells(full, quick)
    # Seed 004, combat (line 92): phasers hit on a roll of 5 or more (60 % on a d10).
    to_hit = next(t for t in quick["tables"] if t["id"] == "to-hit")
    phasers = dict(zip(to_hit["columns"], to_hit["rows"][0], strict=True))
    assert phasers["hits on"] == "5+" and phasers["plain"] == {"fraction": "3/5", "value": 0.6}
    csv_text = invoke("reference", "space-cruisers", "--one-page", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert [r[0] for r in rows if r and r[0].startswith("# ")] == [f"# {t['title']}" for t in quick["tables"]]
