"""Knight Hawks 2000 through the command line: stats, record sheets, the card, the kit."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.games.knighthawks import GAME
from sheetgen.games.knighthawks.sheet import estimate_height, ship_view, structure_track, track_unit
from sheetgen.scenarios.loading import load_designs
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, pdf_page_sizes, pdf_text

KH = DESIGNS / "knight-hawks-2000"
SHIPS = KH / "ships"
SCENARIO = KH / "scenarios" / "flank-action.yaml"


def stats_of(invoke: Callable[..., Any], *paths: Path) -> list[dict[str, Any]]:
    result = invoke("stats", *paths, "--json")
    assert result.exit_code == 0, result.stderr
    out: list[dict[str, Any]] = json.loads(result.stdout)
    return out


# --- the game object ------------------------------------------------------------------------


def test_registered_with_its_hex_scale() -> None:
    game = find_game("Knight Hawks 2000")
    assert game is GAME
    assert game.id == "knight-hawks-2000"
    assert type(game).hex_scale == (60, "m")


def test_counter_faces_show_hs_and_adf_mr_then_half_structure() -> None:
    (entry,) = load_designs([SHIPS / "pugilist.yaml"]).entries
    front, back = GAME.counter(entry.stats)
    assert front.title == "Pugilist"
    assert front.values == (("HS", "14"), ("ADF/MR", "3/2"))
    assert front.arrow and back.arrow
    assert back.values == (("HS", "14"), ("ADF/MR", "1½/1"))
    assert back.banner == "½ STRUCTURE"


def test_markers_from_the_rules() -> None:
    markers = {m.label: m for m in GAME.markers()}
    assert list(markers) == ["SM", "TT", "MINES", "DECOY", "ICM", "ABM", "FIRE", "DMG"]
    assert markers["SM"].caption == "seeker · ADF 30, 10 turns"
    assert markers["TT"].caption == "torpedo · ADF 30, 20 turns"
    assert markers["MINES"].caption == "mines · up to 10 a hex, 1,000 each"
    assert markers["DECOY"].caption == "decoy · −25% to detect"
    assert markers["ABM"].caption == "ABM cloud · −25% to hit and damage"
    assert markers["ABM"].count == 8  # two salvos' clouds of four hexes
    assert markers["FIRE"].back == "DISASTROUS FIRE" and not markers["FIRE"].per_side
    assert markers["DMG"].numbered and markers["DMG"].count == 12
    assert all(m.per_side for m in markers.values() if m.label not in ("FIRE", "DMG"))


# --- stats -----------------------------------------------------------------------------------


def test_stats_json_of_the_damage_example_ships(invoke: Callable[..., Any]) -> None:
    exalted, pugilist = stats_of(invoke, SHIPS / "exalted.yaml", SHIPS / "pugilist.yaml")
    assert exalted["game"] == "knight-hawks-2000"
    assert exalted["structure_points"] == 1440
    assert (exalted["half_structure"], exalted["two_thirds_structure"]) == (720, 960)
    assert exalted["blast_damage"] == 24_000  # the example: 24,000 within 1,200 m
    assert exalted["bays"] == [
        {"name": "torpedo magazine", "holds": "torpedoes", "carried": 60, "detonation": 60_000}
    ]
    assert {w["code"] for w in exalted["weapons"]} >= {"PB", "TT"}
    assert exalted["maneuver_points"] == 1.5 and exalted["maneuver_points_text"] == "3/2"
    assert pugilist["linked_groups"] == [
        {"name": "main beams", "weapons": {"HLC": 6}, "max_damage": 24_000, "attacks": 1}
    ]
    # 6 HLC linked (one attack) + 4 PB + 2 SM + 1 grapple
    assert pugilist["attacks_per_turn"] == 8
    expected = {
        "name": "Pugilist",
        "hull_size": 14,
        "maneuver_points": 6 / 7,
        "maneuver_points_text": "6/7",
        "maneuver_turns": 7 / 6,
        "maneuver_turns_text": "7/6",
        "damage_control_rating": 140,
        "minimum_crew": 14,
        "rally_turns": 14,
        "detection_modifier": 20,
        "half_structure": 840,
        "two_thirds_structure": 1120,
        "ram_damage": 28_000,
        "legal": True,
        "findings": [],
    }
    assert {k: pugilist[k] for k in expected} == expected


def test_stats_json_minimum_keys_for_every_ship(invoke: Callable[..., Any]) -> None:
    keys = {
        "name",
        "game",
        "hull_size",
        "maneuver_points",
        "maneuver_turns",
        "damage_control_rating",
        "minimum_crew",
        "rally_turns",
        "detection_modifier",
        "half_structure",
        "two_thirds_structure",
        "ram_damage",
        "attacks_per_turn",
        "legal",
        "findings",
    }
    for s in stats_of(invoke, SHIPS):
        assert keys <= set(s), s["name"]
        assert isinstance(s["maneuver_points"], int | float)


def test_civilian_rally_turns_and_whole_mp(invoke: Callable[..., Any]) -> None:
    (rose,) = stats_of(invoke, SHIPS / "tessaly-rose.yaml")
    assert rose["rally_turns"] == 6  # civilian: 2 x HS 3
    assert rose["maneuver_points"] == 4 and isinstance(rose["maneuver_points"], int)


def test_stats_table_prints_fractions(invoke: Callable[..., Any]) -> None:
    result = invoke("stats", SHIPS / "leviathan.yaml")
    assert result.exit_code == 0
    assert "maneuver points  24/25 a turn; one maneuver takes 25/24 turns" in result.stdout
    assert "structure        2,500 SP (½ lost at 1,250, ⅔ at 1,667)" in result.stdout


def test_illegal_stats_exit_1_with_findings(invoke: Callable[..., Any]) -> None:
    result = invoke("stats", KH / "illegal" / "kh4-shielding-on-fighter.yaml", "--json")
    assert result.exit_code == 1
    (s,) = json.loads(result.stdout)
    assert s["legal"] is False
    assert s["findings"][0]["rule"] == "KH-4"
    assert (s["findings"][0]["line"], s["findings"][0]["column"]) == (11, 32)


def test_validate_cli(invoke: Callable[..., Any]) -> None:
    ok = invoke("validate", SHIPS)
    assert ok.exit_code == 0
    assert "7 designs: 7 legal, 0 illegal" in ok.stderr
    bad = invoke("validate", "-q", KH / "illegal")
    assert bad.exit_code == 1
    assert "14 designs: 0 legal, 14 illegal" in bad.stderr
    assert bad.stdout.count("error [KH-") == 14
    assert "note" not in bad.stdout


def test_unreadable_design_exits_2(invoke: Callable[..., Any], write: Callable[[str, str], Path]) -> None:
    path = write("bad.yaml", "game: knight-hawks-2000\nname: X\nhull_size: big\n")
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert ":3:12: error [SCHEMA] 'hull_size' must be a whole number, found the text 'big'" in result.stdout


# --- record sheets ---------------------------------------------------------------------------


def test_one_page_per_ship(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "sheets.pdf"
    result = invoke("sheets", SHIPS, "-o", out)
    assert result.exit_code == 0, result.stderr
    pages = pdf_text(out)
    names = ["Exalted", "Kestrel", "Leviathan", "Pugilist", "Red Jackal", "Tessaly Rose", "Warden"]
    assert len(pages) == len(names)
    for page, name in zip(pages, names, strict=True):
        assert page.splitlines()[0].startswith(name), page[:80]
    assert pdf_page_sizes(out)[0] == (612.0, 792.0)


def test_sheet_prints_what_the_issue_lists(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "exalted.pdf"
    assert invoke("sheets", SHIPS / "exalted.yaml", "-o", out, "--paper", "a4").exit_code == 0
    (text,) = pdf_text(out)
    flat = " ".join(text.split())
    for words in [
        "Eng. Tobin Lusk",  # crew block with skills
        "Engineer Damage Control 2, Stress Analysis 1",
        "1,800,000 30,000,000",  # range in km and hexes
        "PB Proton Battery any 1,800,000 30,000,000 – 1 200 20D10",
        "torpedo magazine · 60 torpedoes · if hit: explodes, 60,000 SP",
        "720 lost (720 left): ADF 4 → 2, MR 3 → 3/2; 1 break-up roll a turn against 121",
        "960 lost (480 left): ADF and MR 1; 6 break-up rolls a turn against 121",
        "subspace radar",
        "mastercomp",
        "Bridge destroyed",
        "Disastrous fire",
        "DCR 120: one repair roll every 3 turns",
        "DCR + 10 × skill (2) = 140 SP",
        "others detect her at +10%",
        "Evade 1 2/3",
        "Grapple 3/2 1",
        "ICM salvos of 4: 8",
        "ABM salvos of 4: 8",
        "Magnetic shielding",
    ]:
        assert words in flat, words
    sizes = pdf_page_sizes(out)
    assert sizes == [(pytest.approx(595.28, abs=0.01), pytest.approx(841.89, abs=0.01))]


def test_linked_group_and_minelaying_on_the_sheet(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    assert invoke("sheets", SHIPS / "pugilist.yaml", SHIPS / "warden.yaml", "-o", out).exit_code == 0
    pugilist, warden = (" ".join(p.split()) for p in pdf_text(out))
    assert "linked: main beams (6× HLC) fires as one attack 24,000 2400D10" in pugilist
    assert "60 mines in 6 hexes: 6 MP (2 turns), ADF ≤ 1" in warden
    assert "1506 (+1): 10" in warden


def test_structure_track_units_and_marks() -> None:
    assert track_unit(1440) == 20
    assert track_unit(60) == 1
    assert track_unit(99_999) == 1000
    track = structure_track(1440)
    cells = [c for row in track["rows"] for c in row["cells"]]
    assert len(cells) == 72
    marks = {i + 1: c["mark"] for i, c in enumerate(cells) if c["mark"]}
    assert marks == {36: "½", 48: "⅔", 72: "0"}  # 720, 960 and 1,440 SP lost
    assert [row["left"] for row in track["rows"]] == [1040, 640, 240, 0]
    odd = structure_track(2500)  # 1,667 is no multiple of 25: the mark goes in the box holding it
    marks = {i + 1: c["mark"] for i, c in enumerate(c for r in odd["rows"] for c in r["cells"]) if c["mark"]}
    assert marks == {50: "½", 67: "⅔", 100: "0"}


def heavy_design(write: Callable[[str, str], Path], gunners: int) -> Path:
    text = (SHIPS / "leviathan.yaml").read_text(encoding="utf-8")
    extra = "".join(
        f"    - {{name: Gunner {i}, post: MLB, im: 3, skills: {{Gunner: 2}}, dex: 50}}\n"
        for i in range(gunners)
    )
    text = text.replace("  engineer:", extra + "  engineer:")
    text = text.replace(
        "  - {code: grapple, count: 2}\n",
        "  - {code: grapple, count: 2}\n  - {code: MDC, count: 2}\n  - {code: EB, count: 4}\n",
    )
    return write("heavy.yaml", text)


def test_a_heavily_crewed_ship_still_fits_one_page(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    path = heavy_design(write, 8)
    (entry,) = load_designs([path]).entries
    view = ship_view(entry.stats, entry.findings)
    assert estimate_height(view) > 250  # too tall at the normal type size...
    assert view["density"] in ("dense", "denser")  # ...so a denser scale is chosen
    out = tmp_path / "heavy.pdf"
    assert invoke("sheets", path, SHIPS / "kestrel.yaml", "-o", out).exit_code == 0
    assert len(pdf_text(out)) == 2


def test_a_ship_too_big_for_a_page_continues_but_never_shares_one(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    path = heavy_design(write, 60)
    out = tmp_path / "huge.pdf"
    assert invoke("sheets", path, SHIPS / "kestrel.yaml", "-o", out).exit_code == 0
    pages = pdf_text(out)
    assert len(pages) == 3
    assert "Leviathan" in pages[1] and "HS SP ADF" not in pages[1]  # the running head names it
    assert "Kestrel" in pages[2] and "Kestrel" not in pages[1]


def test_sheets_are_deterministic_and_escape_names(write: Callable[[str, str], Path]) -> None:
    from sheetgen.render.sheets import Ship, render_sheets

    text = (
        (SHIPS / "kestrel.yaml")
        .read_text(encoding="utf-8")
        .replace("name: Kestrel\n", "name: <b>{{x}}</b>\n")
    )
    (entry,) = load_designs([write("k.yaml", text)]).entries
    ships = [Ship(entry.game, entry.stats, entry.findings)]
    html = render_sheets(ships, fmt="html").decode()
    assert "&lt;b&gt;{{x}}&lt;/b&gt;" in html
    assert render_sheets(ships) == render_sheets(ships)


def test_illegal_design_sheet_shows_its_errors(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "bad.pdf"
    result = invoke("sheets", KH / "illegal" / "kh7-classic-weapon.yaml", "-o", out)
    assert result.exit_code == 1
    (text,) = pdf_text(out)
    assert "Not a legal design:" in text
    assert "[KH-7] unknown weapon 'LB'" in " ".join(text.split())


# --- reference card ----------------------------------------------------------------------------


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


def test_card_damage_tables_have_effects_but_no_invented_rolls(invoke: Callable[..., Any]) -> None:
    card = card_json(invoke)
    starship = table(card, "damage-starship")
    assert starship["columns"] == ["result", "effect"]
    assert [r[0] for r in starship["rows"]] == [
        "Structure point damage",
        "Void engine",
        "Maneuver jet",
        "Ordnance/hangar bay",
        "Sensors",
        "Computer",
        "Weapon",
        "Fire",
    ]
    critical = table(card, "damage-critical")
    assert len(critical["rows"]) == 5
    assert table(card, "damage-crew")["rows"] == [
        ["(not given)", "The text names this table but lists none of its results."]
    ]


def test_card_weapons_table(invoke: Callable[..., Any]) -> None:
    weapons = {r[0]: r for r in table(card_json(invoke), "weapons")["rows"]}
    assert weapons["HLC"][3:5] == [1_800_000, 30_000_000]
    assert weapons["LP"][3:5] == [225_000, 3_750_000]
    assert weapons["MDB"][6:9] == [8, 200, "20D10"]
    assert weapons["SM"][5:7] == ["ADF 30, 10 turns", "all carried"]
    assert weapons["PB"][-2:] == ["any", "ABM, MS"]


def test_card_csv_and_pdf(invoke: Callable[..., Any], tmp_path: Path) -> None:
    result = invoke("reference", "knight-hawks-2000", "--format", "csv")
    assert result.exit_code == 0
    rows = list(csv.reader(io.StringIO(result.stdout)))
    at = rows.index(["# Ramming (a successful ram)"])
    assert rows[at + 2] == ["25", "3", "50000", "1400", "14"]
    out = tmp_path / "card.pdf"
    assert invoke("reference", "knight-hawks-2000", "-o", out).exit_code == 0
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


# --- kit ---------------------------------------------------------------------------------------


def test_scenario_has_three_grid_levels() -> None:
    loaded, result = load_scenario(SCENARIO)
    assert loaded is not None and not result.input_errors and loaded.legal
    assert loaded.map.layers == (-1, 0, 1)
    assert [s.name for s in loaded.ships] == ["Pugilist", "Kestrel Red", "Kestrel Gold", "Exalted", "Warden"]


def test_kit_builds_the_scenario(invoke: Callable[..., Any], tmp_path: Path) -> None:
    result = invoke("kit", SCENARIO, "-o", tmp_path / "kit")
    assert result.exit_code == 0, result.stderr
    sheets = pdf_text(tmp_path / "kit" / "record-sheets.pdf")
    assert len(sheets) == 5
    assert "Kestrel Gold" in sheets[2] and "Star Forces" in sheets[2]
    assert "Spacefleet" in sheets[3]
    card = pdf_text(tmp_path / "kit" / "reference-card.pdf")
    assert "Knight Hawks 2000: space combat reference card" in card[0]


@pytest.mark.skipif(
    shutil.which("sheetgen") is None and not Path(".venv/bin/sheetgen").exists(), reason="not installed"
)
def test_installed_command_validates_the_ships() -> None:
    exe = shutil.which("sheetgen") or ".venv/bin/sheetgen"
    done = subprocess.run([exe, "validate", str(SHIPS)], capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert "7 designs: 7 legal, 0 illegal" in done.stderr
