"""The Knight Hawks 2000 reference card through ``sheetgen reference``: its tables
in JSON, CSV and PDF, and the roll ranges a user supplies (--tables)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS, Build, Built, pdf_page_sizes, pdf_text
from tests.quick_card import check_one_page, check_same_cells

Invoke = Callable[..., Any]


def card_json(invoke: Callable[..., Any], *extra: Any) -> dict[str, Any]:
    result = invoke("reference", "knight-hawks-2000", "--format", "json", *extra)
    assert result.exit_code == 0, result.stderr
    out: dict[str, Any] = json.loads(result.stdout)
    return out


def table(card: dict[str, Any], table_id: str) -> dict[str, Any]:
    return next(t for t in card["tables"] if t["id"] == table_id)


def value(cell: Any) -> Any:
    return cell["fraction"] if isinstance(cell, dict) else cell


def test_card_combined_reductions(invoke: Callable[..., Any]) -> None:
    beams = table(card_json(invoke), "beam-reductions")
    rows = {(r[0], r[1]): [value(c) for c in r] for r in beams["rows"]}
    # the text's example: shielding and two ABM salvos leave a quarter, 24,000 -> 6,000 and 200 -> 50
    assert rows[(2, True)] == [2, True, "−100%", "1/4", "6000/1", "50/1"]
    assert rows[(0, False)][3:] == ["1/1", "24000/1", "200/1"]
    assert rows[(4, False)][3] == "0/1"


def test_card_defences_say_what_each_works_on(invoke: Callable[..., Any]) -> None:
    """Seed 002, DEFENSIVE SYSTEMS: ICM salvos of 4 defend against missiles, drones,
    fighters and bombers; ABM against lasers and particle beams; shielding from HS 2."""
    defences = table(card_json(invoke), "defences")
    works_on = {row[0]: row[7] for row in defences["rows"]}
    assert works_on == {
        "ICM": "drone, missile, fighter, bomber",
        "ABM": "laser, particle beam",
        "MS": "laser, missile, particle beam",
    }
    assert {row[0]: row[8] for row in defences["rows"]} == {"ICM": 1, "ABM": 1, "MS": 2}


def test_card_ramming_and_hull_sizes(invoke: Callable[..., Any]) -> None:
    card = card_json(invoke)
    ram = table(card, "ramming")
    assert [value(c) for c in ram["rows"][0]] == [25, 3, 50_000, 1400, "14/1"]
    assert [value(c) for c in ram["rows"][1]][3:] == ["destroyed", None]
    hulls = {r[0]: r for r in table(card, "hull-sizes")["rows"]}
    assert sorted(hulls) == [1, 2, 3, 4, 5, 8, 9, 12, 13, 18, 19, 20, 21, 25]
    assert hulls[12] == [12, "+10%", 120, 12, 12, 24, 24_000, 24_000]
    assert hulls[13][1] == "+20%" and hulls[21][1] == "+50%" and hulls[2][1] == "−20%"


def test_card_maneuver_points_and_critical_bands(invoke: Callable[..., Any]) -> None:
    card = card_json(invoke)
    mp = {r[0]: [value(c) for c in r[1:]] for r in table(card, "maneuver-points")["rows"]}
    assert mp[14][1] == "6/7" and mp[25][1] == "12/25" and mp[1][5] == "36/1"
    crit = {r[0]: [value(c) for c in r[1:]] for r in table(card, "critical-bands")["rows"]}
    assert crit["5%"] == ["1/20", "0/1", "1/20", "1/20"]
    assert crit["50%"] == ["1/2", "1/20", "9/20", "1/20"]
    assert crit["96%"] == ["19/20", "1/20", "9/10", "0/1"]


def test_card_damage_tables_have_effects_and_only_the_texts_rolls(invoke: Callable[..., Any]) -> None:
    """Seed 002, DAMAGE RESOLUTION (lines 311-315) gives no roll ranges; its example of combat
    gives two entries: 2D10 roll 11 knocks out a sensor (line 379) and 1D10 roll 4 on the crew
    table is the sensor operator, 8D10 or 80 under the maximum damage rule (line 383). Only
    those are printed with rolls; the rest stay without (RULINGS KH-6)."""
    card = card_json(invoke)
    starship = table(card, "damage-starship")
    assert starship["columns"] == ["roll", "result", "effect"]
    assert [r[:2] for r in starship["rows"]] == [
        ["11", "Sensors"],
        [None, "Structure point damage"],
        [None, "Void engine"],
        [None, "Maneuver jet"],
        [None, "Ordnance/hangar bay"],
        [None, "Computer"],
        [None, "Weapon"],
        [None, "Fire"],
    ]
    assert "11: rule text's example of combat" in starship["source"]
    critical = table(card, "damage-critical")
    assert len(critical["rows"]) == 5 and critical["columns"] == ["result", "effect"]
    crew = table(card, "damage-crew")
    assert crew["rows"] == [["4", "sensor operator: 8D10", "80 under the maximum damage rule"]]
    assert "not given" not in json.dumps(card)


def test_user_tables_keep_the_texts_rolls(
    invoke: Callable[..., Any], write: Callable[[str, str], Path]
) -> None:
    """The user's rows fill the rest; the text's rolls (seed 002 lines 379, 383) stay (KH-6)."""
    tables = "source: mine\ndamage_tables:\n  starship:\n    - {roll: 2-10, result: structure}\n"
    result = invoke("reference", "knight-hawks-2000", "--tables", write("t.yaml", tables), "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert "no result for 12-20" in result.stderr  # 11 is the text's
    card = json.loads(result.stdout)
    starship = table(card, "damage-starship")
    assert [r[:2] for r in starship["rows"][:2]] == [["2–10", "Structure point damage"], ["11", "Sensors"]]
    assert starship["source"] == "results: rule text (KH-6); rolls: 11: rule text's example of combat; mine"
    assert table(card, "damage-crew")["rows"][0][:2] == ["4", "sensor operator: 8D10"]
    clash = "damage_tables:\n  starship:\n    - {roll: 11-12, result: fire}\n"
    bad = invoke("reference", "knight-hawks-2000", "--tables", write("u.yaml", clash), "--format", "json")
    assert bad.exit_code == 2
    assert (
        "error [KH-6] Starship Damage Table: the text gives roll 11 as 'sensors'; found 11-12" in bad.stderr
    )


def test_card_weapons_table(invoke: Callable[..., Any]) -> None:
    weapons = {r[0]: r for r in table(card_json(invoke), "weapons")["rows"]}
    assert weapons["HLC"][3:5] == [1_800_000, 30_000_000]
    assert weapons["LP"][3:5] == [225_000, 3_750_000]
    assert weapons["MDB"][6:9] == [8, 200, "20D10"]
    assert weapons["SM"][5:7] == ["ADF 30, 10 turns", "all carried"]
    assert weapons["PB"][-2:] == ["any", "ABM, MS"]


def test_card_max_damage_is_the_dice_maximum(invoke: Callable[..., Any]) -> None:
    """Seed 002, WEAPONS (lines 145-203): each maximum is its dice's maximum (HLC 4,000 with
    400D10); "Example of Combat" (line 383): 8D10, or 80 under the maximum damage rule. No rule
    multiplies a roll by 10. HEC/HPC: the text prints "3,000 points(30D10)" (line 157); the
    dice are read as 300D10, the ones that reach its 3,000 (RULINGS KH-4)."""
    weapons = table(card_json(invoke), "weapons")
    notes = " ".join(weapons["notes"])
    assert "multiply" not in notes and "×10" not in notes and "x 10" not in notes
    assert "400D10: 4,000" in notes and "8 to 80" in notes
    for row in weapons["rows"]:
        code, max_damage, dice = row[0], row[7], row[8]
        if dice is None:
            continue
        assert max_damage == 10 * int(dice.removesuffix("D10")), code  # n d10: at most 10 n
    rows = {row[0]: row for row in weapons["rows"]}
    assert rows["HEC"][7:9] == rows["HPC"][7:9] == [3000, "300D10"]


def test_card_csv_and_pdf(invoke: Callable[..., Any], reference_card: Callable[[str, str], Built]) -> None:
    result = invoke("reference", "knight-hawks-2000", "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))
    at = rows.index(["# Ramming (a successful ram)"])
    assert rows[at + 2] == ["25", "3", "50000", "1400", "14"]
    card = reference_card("knight-hawks-2000", "pdf")  # sheetgen reference knight-hawks-2000 -o card.pdf
    assert card.exit_code == 0
    out = card.path
    pages = pdf_text(out)
    assert "Weapons: range, rate of fire" in pages[0]
    assert pdf_page_sizes(out)[0] == (792.0, 612.0)


TABLES = """\
source: my copy of the tables
damage_tables:
  starship:
    - {roll: 2-10, result: structure}
    - {roll: "11", result: sensors}
    - {roll: 12-20, result: Fire}
  critical:
    - {roll: 1-10, result: bridge destroyed}
  crew:
    - {roll: 4, result: "sensor operator: 8D10"}
"""


def test_card_with_user_roll_ranges(invoke: Callable[..., Any], write: Callable[[str, str], Path]) -> None:
    card = card_json(invoke, "--tables", write("t.yaml", TABLES))
    starship = table(card, "damage-starship")
    assert starship["columns"] == ["roll", "result", "effect"]
    assert [r[:2] for r in starship["rows"][:3]] == [
        ["2–10", "Structure point damage"],
        ["11", "Sensors"],  # the text's example: an 11 knocked out a sensor
        ["12–20", "Fire"],
    ]
    assert starship["rows"][3][0] is None  # results without a roll keep a dash
    assert starship["source"] == "results: rule text (KH-6); rolls: my copy of the tables"
    assert table(card, "damage-crew")["rows"] == [["4", "sensor operator: 8D10", ""]]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("    - {roll: 2-10, result: structure}\n    - {roll: 9-12, result: fire}\n", "overlap rolls 2-10"),
        ("    - {roll: 1-10, result: structure}\n", "Starship Damage Table rolls 2D10: 2 to 20; found 1-10"),
        (
            "    - {roll: 2-20, result: warp core}\n",
            "has no result 'warp core'; its results: structure, void_engine",
        ),
    ],
)
def test_bad_roll_ranges_exit_2_and_write_nothing(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path, rows: str, message: str
) -> None:
    path = write("t.yaml", "damage_tables:\n  starship:\n" + rows)
    out = tmp_path / "card.pdf"
    result = invoke("reference", "knight-hawks-2000", "--tables", path, "-o", out)
    assert result.exit_code == 2
    assert "error [KH-6]" in result.stderr and message in result.stderr
    assert not out.exists()


def test_gaps_in_roll_ranges_are_warned(
    invoke: Callable[..., Any], write: Callable[[str, str], Path]
) -> None:
    path = write(
        "t.yaml", "damage_tables:\n  critical:\n    - {roll: 1-4, result: 2x structure point damage}\n"
    )
    result = invoke("reference", "knight-hawks-2000", "--tables", path, "--format", "json")
    assert result.exit_code == 0
    assert ":3:5: warning [KH-6] Critical Hit Table: no result for 5-10" in result.stderr
    rows = table(json.loads(result.stdout), "damage-critical")["rows"]
    assert rows[0][:2] == ["1–4", "2× structure point damage"]


def test_tables_wrong_types_and_other_games(
    invoke: Callable[..., Any], write: Callable[[str, str], Path]
) -> None:
    bad = invoke(
        "reference",
        "knight-hawks-2000",
        "--tables",
        write("t.yaml", "damage_tables: [1]\n"),
        "--format",
        "json",
    )
    assert bad.exit_code == 2
    assert "error [SCHEMA] 'damage_tables' must be a mapping" in bad.stderr
    other = invoke("reference", "starfire", "--tables", write("u.yaml", TABLES), "--format", "json")
    assert other.exit_code == 2
    assert "starfire's reference card takes no --tables data" in other.stderr
    missing = invoke("reference", "knight-hawks-2000", "--tables", "nope.yaml", "--format", "json")
    assert missing.exit_code == 2
    assert "nope.yaml:1:1: error [FILE] no such file" in missing.stderr


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_one_page_quick_card_fits_one_landscape_page(built: Build, paper: str) -> None:
    made = built(
        f"knight-hawks-2000-quick-{paper}.pdf",
        "reference",
        "knight-hawks-2000",
        "--one-page",
        "--paper",
        paper,
    )
    assert made.exit_code == 0, made.stderr
    text = check_one_page(made.path.read_bytes())
    for heading in ("Weapons", "To hit", "Critical hits and misses", "Defences", "Starship Damage Table"):
        assert heading in text
    assert "Ramming" not in text and "Boarding" not in text


def test_one_page_quick_card_holds_the_tables_of_play_from_the_card(invoke: Invoke) -> None:
    full = json.loads(invoke("reference", "knight-hawks-2000", "--format", "json").stdout)
    quick = json.loads(invoke("reference", "knight-hawks-2000", "--one-page", "--format", "json").stdout)
    assert quick["title"] == "Knight Hawks 2000: quick card"
    assert [t["id"] for t in quick["tables"]] == [
        "weapons",
        "to-hit",
        "critical-bands",
        "defences",
        "maneuvers",
        "damage-starship",
        "damage-critical",
        "damage-crew",
    ]
    assert [s["title"] for s in quick["sections"]] == ["Scale and turn", "Structure"]
    check_same_cells(full, quick)
    weapons = next(t for t in quick["tables"] if t["id"] == "weapons")
    assert weapons["columns"] == ["code", "hexes (60 m)", "guided", "rate of fire", "max damage", "dice"]
    assert weapons["rows"][0] == ["HLC", 30000000, None, 1, 4000, "400D10"]
    # Seed 002, critical misses (line 301): a natural 96-00 misses critically unless the
    # final to hit is over 95 %; a critical miss rolls on the Starship Damage Table (line 311).
    bands = {row[0]: row for row in next(t for t in quick["tables"] if t["id"] == "critical-bands")["rows"]}
    assert bands["96%"][4] == {"fraction": "0/1", "value": 0.0}
    assert bands["95%"][4] == {"fraction": "1/20", "value": 0.05}
    csv_text = invoke("reference", "knight-hawks-2000", "--one-page", "--format", "csv").stdout
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert [r[0] for r in rows if r and r[0].startswith("# ")] == [f"# {t['title']}" for t in quick["tables"]]


def test_one_page_quick_card_keeps_the_users_roll_ranges(
    invoke: Callable[..., Any], write: Callable[[str, str], Path]
) -> None:
    card = card_json(invoke, "--tables", write("t.yaml", TABLES), "--one-page")
    starship = table(card, "damage-starship")
    assert [r[:2] for r in starship["rows"][:3]] == [
        ["2–10", "Structure point damage"],
        ["11", "Sensors"],
        ["12–20", "Fire"],
    ]
    assert table(card, "damage-crew")["rows"] == [["4", "sensor operator: 8D10", ""]]
    assert "ramming" not in [t["id"] for t in card["tables"]]


def test_boarding_table_says_which_structure_points_are_the_texts(invoke: Callable[..., Any]) -> None:
    """Seed 002 leaves structure points to each design (RULINGS KH-3) and gives only two: the
    Exalted's 1,440 (the damage example, line 387) and the Leviathan's 2,500 (the ram example,
    lines 243-245: 1,100 left after 1,400). BOARDING (line 263) breaches with 10% of the target's
    SP. The card's other rows are bundled sample designs and say so."""
    result = invoke("reference", "knight-hawks-2000", "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))
    at = rows.index(["# Boarding: breaching the hull and rallying the defenders"])
    assert rows[at + 1][:4] == ["target HS", "target SP", "SP from", "breach in one attack"]
    table = {row[1]: row[2:4] for row in rows[at + 2 : at + 8]}
    assert table == {
        "60": ["sample: Kestrel", "6"],
        "300": ["sample: Tessaly Rose", "30"],
        "720": ["sample: Warden", "72"],
        "1440": ["text: Exalted", "144"],
        "1680": ["sample: Pugilist", "168"],
        "2500": ["text: Leviathan", "250"],
    }
    assert 1100 + 1400 == 2500
    ships = DESIGNS / "knight-hawks-2000" / "ships"
    for sp, (source, _) in table.items():
        name = source.split(": ")[1].lower().replace(" ", "-")
        assert f"structure_points: {sp}\n" in (ships / f"{name}.yaml").read_text(encoding="utf-8")


def test_card_point_blank_is_within_three_hexes_of_a_ship_four_hull_sizes_larger(invoke: Invoke) -> None:
    """Seed 002, FIRING (Point-Blank Range): closer than 180 m, "within three hexes", of a
    ship four or more hull sizes larger; the card gives the hexes a player counts (KH-5)."""
    card = card_json(invoke)
    (section,) = [s for s in card["sections"] if s["title"] == "Point blank and divisions"]
    assert section["lines"][0] == (
        "Within 3 hexes (180 m) of a ship at least 4 hull sizes larger: strafe it without "
        "return fire or defensive missiles."
    )
    assert section["lines"][1] == "3 or more ships under one command: one to-hit roll, damage pooled."
