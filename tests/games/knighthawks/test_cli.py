"""Knight Hawks 2000 through the command line: stats, validate, record sheets, the kit."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games.knighthawks.sheet import estimate_height, ship_view
from sheetgen.scenarios.loading import load_designs
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, Built, pdf_page_sizes, pdf_text

KH = DESIGNS / "knight-hawks-2000"
SHIPS = KH / "ships"
SCENARIO = KH / "scenarios" / "flank-action.yaml"


def stats_of(invoke: Callable[..., Any], *paths: Path) -> list[dict[str, Any]]:
    result = invoke("stats", *paths, "--json")
    assert result.exit_code == 0, result.stderr
    out: list[dict[str, Any]] = json.loads(result.stdout)
    return out


# --- the game object ------------------------------------------------------------------------


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


def test_one_page_per_ship(bundled_sheets: Callable[[Path], Built]) -> None:
    result = bundled_sheets(SHIPS)  # sheetgen sheets SHIPS -o sheets.pdf
    out = result.path
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


def test_sheets_escape_names(write: Callable[[str, str], Path]) -> None:
    from sheetgen.render.sheets import Ship, render_sheets

    text = (
        (SHIPS / "kestrel.yaml")
        .read_text(encoding="utf-8")
        .replace("name: Kestrel\n", "name: <b>{{x}}</b>\n")
    )
    (entry,) = load_designs([write("k.yaml", text)]).entries
    ships = [Ship(entry.game, entry.stats, entry.findings)]
    html = render_sheets(ships, fmt="html").data.decode()
    assert "&lt;b&gt;{{x}}&lt;/b&gt;" in html


def test_illegal_design_sheet_shows_its_errors(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "bad.pdf"
    result = invoke("sheets", KH / "illegal" / "kh7-classic-weapon.yaml", "-o", out)
    assert result.exit_code == 1
    (text,) = pdf_text(out)
    assert "Not a legal design:" in text
    assert "[KH-7] unknown weapon 'LB'" in " ".join(text.split())


# --- reference card ----------------------------------------------------------------------------


# --- kit ---------------------------------------------------------------------------------------


def test_scenario_has_three_grid_levels() -> None:
    loaded, result = load_scenario(SCENARIO)
    assert loaded is not None and not result.input_errors and loaded.legal
    assert loaded.map.layers == (-1, 0, 1)
    assert [s.name for s in loaded.ships] == ["Pugilist", "Kestrel Red", "Kestrel Gold", "Exalted", "Warden"]


def test_kit_builds_the_scenario(bundled_kits: Built) -> None:
    kit = bundled_kits.path / SCENARIO.stem  # kit --all --single
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    sheets = pdf_text(kit / "record-sheets.pdf")
    assert len(sheets) == 5
    assert "Kestrel Gold" in sheets[2] and "Star Forces" in sheets[2]
    assert "Spacefleet" in sheets[3]
    card = pdf_text(kit / "reference-card.pdf")
    assert "Knight Hawks 2000: space combat reference card" in card[0]


@pytest.mark.skipif(
    shutil.which("sheetgen") is None and not Path(".venv/bin/sheetgen").exists(), reason="not installed"
)
def test_installed_command_validates_the_ships() -> None:
    exe = shutil.which("sheetgen") or ".venv/bin/sheetgen"
    done = subprocess.run([exe, "validate", str(SHIPS)], capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert "7 designs: 7 legal, 0 illegal" in done.stderr
