"""Space Cruisers combat odds and the reference card, checked against numbers worked by hand."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.games.spacecruisers import card, odds, play

from tests.conftest import Built, pdf_text

GAME = find_game("space-cruisers")

# --- to hit (RULINGS SC-7): d10 at or above the number ------------------------------------


@pytest.mark.parametrize(
    ("weapon", "kw", "number", "chance"),
    [
        # phasers hit on 5+: faces 5..10 are 6 of 10
        ("phasers", {}, 5, Fraction(6, 10)),
        # one scanner: 4+, faces 4..10
        ("phasers", {"scanners": 1}, 4, Fraction(7, 10)),
        # cloaked target: 8+, faces 8, 9, 10
        ("phasers", {"cloaked": True}, 8, Fraction(3, 10)),
        # torpedoes 7+: 7..10
        ("photon torpedoes", {}, 7, Fraction(4, 10)),
        # cloaked torpedo target: 10 only
        ("photon torpedoes", {"cloaked": True}, 10, Fraction(1, 10)),
        # cloaked and a targeting-computer critical: 11, impossible on a d10
        ("missiles", {"cloaked": True, "targeting_hit": True}, 11, Fraction(0)),
        # three scanners on a phaser: 2+
        ("phasers", {"scanners": 3}, 2, Fraction(9, 10)),
        # five scanners: 0+, every face hits
        ("phasers", {"scanners": 5}, 0, Fraction(1)),
        ("chain guns", {"scanners": 1, "cloaked": True}, 9, Fraction(2, 10)),
    ],
)
def test_chance_to_hit(weapon: str, kw: dict[str, Any], number: int, chance: Fraction) -> None:
    assert play.hits_on(weapon, **kw) == number
    assert odds.chance_to_hit(weapon, **kw) == chance


def test_weapons_without_a_to_hit_roll() -> None:
    assert play.hits_on("security team") is None
    with pytest.raises(ValueError, match="rolls no to-hit"):
        odds.chance_to_hit("ion shockwave")
    with pytest.raises(ValueError, match="not a weapon; weapons are phasers"):
        play.hits_on("shields")


# --- shields: 4 or less stopped, 5+ stopped but the shield blows ----------------------------


@pytest.mark.parametrize(
    ("dice", "bonus", "stopped", "mean"),
    [
        # 1d6: faces 1..4 of 6
        (1, 0, Fraction(4, 6), Fraction(7, 2)),
        # 1d6+1 (targeting computer): faces 1..3
        (1, 1, Fraction(3, 6), Fraction(9, 2)),
        # 1d6-1 (internal damage): faces 1..5 give 0..4
        (1, -1, Fraction(5, 6), Fraction(5, 2)),
        # 2d6 totals 2, 3, 4: 1 + 2 + 3 = 6 of 36
        (2, 0, Fraction(6, 36), Fraction(7)),
        # 2d6+1: totals 2, 3 only: 3 of 36
        (2, 1, Fraction(3, 36), Fraction(8)),
        # 2d6-1: totals 2..5: 1 + 2 + 3 + 4 = 10 of 36
        (2, -1, Fraction(10, 36), Fraction(6)),
    ],
)
def test_shield_outcomes(dice: int, bonus: int, stopped: Fraction, mean: Fraction) -> None:
    assert odds.shield_outcomes(dice, bonus) == (stopped, 1 - stopped)
    assert odds.mean_damage(dice, bonus) == mean


def test_security_team_odds() -> None:
    third = Fraction(1, 3)
    assert odds.security_outcomes() == {"team lost": third, "no effect": third, "target destroyed": third}
    # an elite crew evades half the time first: each outcome halves, the evaded half is no effect
    assert odds.security_outcomes(evading=True) == {
        "team lost": Fraction(1, 6),
        "no effect": Fraction(2, 3),
        "target destroyed": Fraction(1, 6),
    }


def test_evade_and_d6_sixes() -> None:
    assert odds.evade_chance() == Fraction(1, 2)
    assert odds.chance_on_d6(6) == Fraction(1, 6)


@pytest.mark.parametrize(
    ("rolls", "lost"),
    [
        (0, Fraction(0)),
        (1, Fraction(0)),
        # two rolls: the same one of 3, 4, 5 twice = 3 of 100
        (2, Fraction(3, 100)),
        # three rolls: 1000 - (7^3 + 3*3*7^2 + 3*3*2*7 + 3!) = 1000 - 916 = 84 of 1000
        (3, Fraction(84, 1000)),
    ],
)
def test_chance_a_ship_is_lost_to_criticals(rolls: int, lost: Fraction) -> None:
    assert odds.critical_loss_chance(rolls) == lost


def test_critical_loss_by_brute_force() -> None:
    import itertools

    n = 4
    count = 0
    for faces in itertools.product(range(1, 11), repeat=n):
        if any(faces.count(f) >= 2 for f in (3, 4, 5)):
            count += 1
    assert odds.critical_loss_chance(n) == Fraction(count, 10**n)


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


@pytest.mark.parametrize("module", ["data", "rules", "odds"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"sheetgen.games.spacecruisers.{module}"))
    assert result.attempted > 0 and result.failed == 0


def test_validate_does_not_import_the_dice_library() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from sheetgen.scenarios.loading import load_designs; "
        "r = load_designs(['designs/space-cruisers/ships']); "
        "assert r.exit_code == 0; print('dyce' in sys.modules)"
    )
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
