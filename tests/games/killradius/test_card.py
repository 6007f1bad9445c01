"""The Kill Radius reference card: its numbers against the rule functions, and
every output format through ``sheetgen reference``."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from sheetgen.games.killradius import card as kr_card
from sheetgen.games.killradius import play

from tests.conftest import Build, Built, pdf_page_sizes, pdf_text
from tests.quick_card import check_one_page, check_same_cells

Invoke = Callable[..., Any]


def test_card_numbers_come_from_the_rules() -> None:
    c = kr_card.card()
    tables = {t.id: t for t in c.tables}
    attack = {row[0]: row for row in tables["attack"].rows}
    assert attack["0"][1] == Fraction(45, 100)
    assert attack["+1"][1] == Fraction(55, 100)
    assert attack["-9"][1:6] == [0, 0, 0, 0, 0]
    assert attack["0"][-1] == play.expected_damage(0) == Fraction(165, 100)
    assert len(tables["attack"].rows) == 19
    kill = tables["kill-radius"].rows
    assert [row[0] for row in kill] == list(range(1, 11))
    assert all(kill[a - 1][t + 1] == play.kill_radius(a, t) for a in range(1, 11) for t in range(11))
    even = tables["kill-radius-50"].rows
    assert even[9][1] == 9 and even[0][2] is None
    movement = {row[0]: row for row in tables["movement"].rows}
    assert movement[4] == [4, 6, 3, 2, 5, 2, 2]
    assert movement[1][3:6] == [None, None, None]
    recovery = {row[0]: row for row in tables["recovery"].rows}
    assert recovery[8] == [8, "≤ 8", Fraction(4, 5), "4–7"]
    dogfight = {row[0]: row for row in tables["dogfight"].rows}
    assert dogfight["1 v 1"][1:3] == [Fraction(55, 100), Fraction(45, 100)]
    assert dogfight["2 v 3"][1:6] == [
        sum((p for (a, _), p in play.dogfight_odds(2, 3).items() if a == k), Fraction(0)) for k in range(3)
    ] + [None, None]
    assert len(tables["dogfight"].rows) == 16
    types = {row[0]: row[1] for row in tables["ship-types"].rows}
    assert types[10] == "super dimensional fortress*, super galactic dreadnought"


def _table(card: dict[str, Any], table_id: str) -> dict[str, Any]:
    return next(t for t in card["tables"] if t["id"] == table_id)


def test_reference_json(invoke: Invoke) -> None:
    r = invoke("reference", "kill-radius", "--format", "json")
    assert r.exit_code == 0
    card = json.loads(r.stdout)
    ids = [t["id"] for t in card["tables"]]
    assert ids == [
        "attack",
        "kill-radius",
        "kill-radius-50",
        "modifiers",
        "movement",
        "recovery",
        "ship-types",
        "dogfight",
        "assault",
    ]
    attack = _table(card, "attack")
    rows = {row[0]: row for row in attack["rows"]}
    assert rows["0"][1] == {"fraction": "9/20", "value": 0.45}
    assert rows["+1"][1] == {"fraction": "11/20", "value": 0.55}
    assert rows["-9"][1] == {"fraction": "0/1", "value": 0.0}
    kill = _table(card, "kill-radius")
    assert kill["columns"][1:] == [str(t) for t in range(11)]
    assert kill["rows"][4] == [5, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]  # 5 against 4: R up to 9
    assert kill["rows"][0][-1] is None  # Number 1 cannot hurt Number 10
    titles = [s["title"] for s in card["sections"]]
    assert titles == ["Turn sequence", "Moving a ship", "Damage", "Carriers and fighters"]
    # seed 000, Movement step 2 (line 52): the Number 7 limit is on stacks, not on a lone ship
    moving = " ".join(card["sections"][1]["lines"])
    assert "ships stacked in a hex total Number 7 at most" in moving
    assert "a lone ship of any Number may sit alone" in moving
    assert "a hex holds ships totalling" not in moving


def test_reference_csv(invoke: Invoke) -> None:
    r = invoke("reference", "kill-radius", "--format", "csv")
    assert r.exit_code == 0
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == ["# Attack table: D = A# − (T# + R)"]
    assert rows[1] == ["D", "≥ 1", "≥ 2", "≥ 3", "≥ 4", "≥ 5", "average"]
    d0 = next(row for row in rows if row and row[0] == "0")
    assert d0[1:] == ["0.45", "0.36", "0.28", "0.21", "0.15", "1.65"]
    assert ["# Dogfight: chance of each number of fighters destroyed"] in rows


def test_reference_pdf_and_html(reference_card: Callable[[str, str], Built]) -> None:
    built = reference_card("kill-radius", "pdf")  # sheetgen reference kill-radius -o card.pdf
    assert built.exit_code == 0
    pdf = built.path
    pages = pdf_text(pdf)
    assert len(pages) <= 3
    assert "Kill Radius: reference card" in pages[0]
    assert "Attack table" in pages[0]  # the first page is not left blank
    text = "\n".join(pages)
    for title in ("Kill radius", "Even odds", "Recovery roll", "Dogfight", "Assault", "Turn sequence"):
        assert title in text
    assert "45%" in text and "1N3NW" in text
    assert pdf_page_sizes(pdf)[0] == pytest.approx((792.0, 612.0), abs=0.5)
    html = reference_card("kill-radius", "html")  # sheetgen reference kill-radius -o card.html
    assert html.exit_code == 0
    assert 'id="dogfight"' in html.path.read_text(encoding="utf-8")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_page_quick_card_fits_one_landscape_page(built: Build, paper: str) -> None:
    made = built(f"kill-radius-quick-{paper}.pdf", "reference", "kill-radius", "--one-page", "--paper", paper)
    assert made.exit_code == 0, made.stderr
    text = check_one_page(made.path.read_bytes())
    for heading in (
        "Attack table",
        "Attack modifiers",
        "Kill radius",
        "Movement by starting Number",
        "Recovery roll",
    ):
        assert heading in text
    assert "Dogfight" not in text.split("Carriers and fighters")[0] and "Assault:" not in text


def test_one_page_quick_card_holds_the_tables_of_play_from_the_card(invoke: Invoke) -> None:
    full = json.loads(invoke("reference", "kill-radius", "--format", "json").stdout)
    quick = json.loads(invoke("reference", "kill-radius", "--one-page", "--format", "json").stdout)
    assert quick["title"] == "Kill Radius: quick card"
    assert [t["id"] for t in quick["tables"]] == [
        "attack",
        "modifiers",
        "kill-radius",
        "movement",
        "recovery",
    ]
    assert [s["title"] for s in quick["sections"]] == [
        "Turn sequence",
        "Moving a ship",
        "Damage",
        "Carriers and fighters",
    ]
    check_same_cells(full, quick)
    # Seed 000, Move (lines 47 and 53): the ship drifts its full vector first, and its new
    # vector is what it travelled from the marker.
    moving = next(s for s in quick["sections"] if s["title"] == "Moving a ship")
    assert moving["lines"][0] == "Mark the ship's hex, then drift the full current vector (mandatory)."
    attack = {row[0]: row for row in next(t for t in quick["tables"] if t["id"] == "attack")["rows"]}
    assert attack["0"][1] == {"fraction": "9/20", "value": 0.45}
    csv_text = invoke("reference", "kill-radius", "--one-page", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert [r[0] for r in rows if r and r[0].startswith("# ")] == [f"# {t['title']}" for t in quick["tables"]]
