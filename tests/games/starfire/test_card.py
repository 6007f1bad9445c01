"""The Starfire reference card: its numbers in JSON and CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import Build
from tests.quick_card import check_one_page, check_same_cells

Invoke = Callable[..., Any]


def test_reference_json_and_csv_carry_the_same_numbers(invoke: Invoke) -> None:
    data = json.loads(invoke("reference", "starfire", "--format", "json").stdout)
    chart = next(t for t in data["tables"] if t["id"] == "weapon-chart")
    pt_hits = next(row for row in chart["rows"] if row[0].startswith("Pt "))
    assert pt_hits[2:] == [3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 4, 3, 3, 3, 2, 2, 1, 1, 1, None, None]
    csv_text = invoke("reference", "starfire", "--format", "csv").stdout
    assert "Pt Plasma Torpedoes,to-hit,3,3,3,3,4,4,4,5,5,5,4,3,3,3,2,2,1,1,1,," in csv_text
    pd = next(t for t in data["tables"] if t["id"] == "point-defense")
    assert pd["rows"][0][4] == {"fraction": "1/2", "value": 0.5}  # option 1: 5 or less on d10


def test_card_turns_right_after_the_mp_that_fulfils_the_turn_mode(invoke: Invoke) -> None:
    # Seed 001, Movement Phase (line 18): facing changes after the MP that fulfils the turn mode,
    # so a TM 2 ship turns after its 2nd MP, not its 3rd.
    data = json.loads(invoke("reference", "starfire", "--format", "json").stdout)
    moving = next(s for s in data["sections"] if s["title"] == "Moving")
    turning = next(line for line in moving["lines"] if line.startswith("Turning"))
    assert "right after that TM-th MP" in turning and "after the 2nd" in turning
    assert "next MP" not in turning


def test_card_doubles_only_the_damage_a_freighter_receives(invoke: Invoke) -> None:
    # Seed 001, Ship Design, freighters (line 7): double damage from attacks on a freighter.
    data = json.loads(invoke("reference", "starfire", "--format", "json").stdout)
    lines = [line for s in data["sections"] for line in s["lines"] if "Freighters" in line]
    assert lines and all("receive" in line for line in lines)


def test_card_hull_chart_lists_every_legal_light_cruiser_room_layout(invoke: Invoke) -> None:
    # Seed 001, Inertialess Drives (line 110): CL rooms alternate (I) and (II) and the right-most
    # holds (II), so a CL may start with either; the card lists what the design check accepts.
    from sheetgen.games.starfire.data import HULLS
    from sheetgen.games.starfire.play import room_sizes_ok

    data = json.loads(invoke("reference", "starfire", "--format", "json").stdout)
    hulls = next(t for t in data["tables"] if t["id"] == "hulls")
    cl = next(row for row in hulls["rows"] if row[0].startswith("CL "))
    shown = cl[6].removesuffix(", …").split(", ")
    assert shown == ["(II)", "(I)(II)", "(II)(I)(II)", "(I)(II)(I)(II)"]
    for layout in shown:
        assert room_sizes_ok(HULLS["CL"].rooms, [len(room) for room in layout.strip("()").split(")(")])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_page_quick_card_fits_one_landscape_page(built: Build, paper: str) -> None:
    made = built(f"starfire-quick-{paper}.pdf", "reference", "starfire", "--one-page", "--paper", paper)
    assert made.exit_code == 0, made.stderr
    text = check_one_page(made.path.read_bytes())
    for heading in (
        "Weapon chart",
        "To-hit modifiers",
        "Point defense",
        "MP by intact drives",
        "Turn",
        "Damage",
    ):
        assert heading in text
    assert "Hull chart" not in text and "System chart" not in text


def test_one_page_quick_card_holds_the_tables_of_play_from_the_card(invoke: Invoke) -> None:
    full = json.loads(invoke("reference", "starfire", "--format", "json").stdout)
    quick = json.loads(invoke("reference", "starfire", "--one-page", "--format", "json").stdout)
    assert quick["title"] == "Solar Starfire Quick Start: quick card"
    assert [t["id"] for t in quick["tables"]] == [
        "weapon-chart",
        "modifiers",
        "point-defense",
        "mp-by-drives",
    ]
    assert [s["title"] for s in quick["sections"]] == [
        "Turn",
        "Moving",
        "Damage",
        "Arcs and terrain",
        "Warp points",
    ]
    check_same_cells(full, quick)
    # Seed 001, Combat (line 37): range counts the target's hex, not the firer's; d10 at most the
    # to-hit number hits. Line 57: damage destroys systems left to right from the shields.
    chart = next(t for t in quick["tables"] if t["id"] == "weapon-chart")
    assert chart["notes"][0] == "Range counts the target's hex, not the firer's; same hex is range 0."
    pt_hits = next(row for row in chart["rows"] if row[0].startswith("Pt "))
    assert pt_hits[2:5] == [3, 3, 3]
    damage = next(s for s in quick["sections"] if s["title"] == "Damage")
    assert damage["lines"][0].startswith("Each point destroys one system, left to right from the shields")
    csv_text = invoke("reference", "starfire", "--one-page", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert [r[0] for r in rows if r and r[0].startswith("# ")] == [f"# {t['title']}" for t in quick["tables"]]
