"""Knight Hawks derived stats: the stats command's JSON and table for the text's example ships."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import DESIGNS

KH = DESIGNS / "knight-hawks-2000"

SHIPS = KH / "ships"


def stats_of(invoke: Callable[..., Any], *paths: Path) -> list[dict[str, Any]]:
    result = invoke("stats", *paths, "--json")
    assert result.exit_code == 0, result.stderr
    out: list[dict[str, Any]] = json.loads(result.stdout)
    return out


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


def test_repairs_add_damage_control_and_machinery_repair(invoke: Callable[..., Any]) -> None:
    """Seed 002, REPAIRS (lines 395-397): DCR is HS x 10, modified by both the Engineer: Damage
    Control and the Machinery: Repair skills aboard, and a success restores DCR + 10 x skill SP
    (RULINGS KH-2: skill is the best of each, added). The Pugilist (HS 14, DCR 140) has Damage
    Control 3 and Machinery Repair 2: 140 + 10 x 5 = 190 SP (not 170, Damage Control alone); the
    Exalted (HS 12, Damage Control 2, no Machinery Repair): 120 + 20 = 140."""
    from sheetgen.games.knighthawks import sheet
    from sheetgen.scenarios.loading import load_designs

    exalted, pugilist = stats_of(invoke, SHIPS / "exalted.yaml", SHIPS / "pugilist.yaml")
    assert (pugilist["damage_control_rating"], pugilist["repair_points"]) == (140, 190)
    assert (exalted["damage_control_rating"], exalted["repair_points"]) == (120, 140)
    (entry,) = load_designs([SHIPS / "pugilist.yaml"]).entries
    view = sheet.ship_view(entry.stats, [])
    assert (view["repair"]["skill"], view["repair"]["points"]) == ("DC 3 + Repair 2 = 5", "190")


def test_break_up_rolls_add_the_stress_analysis_level_as_written(invoke: Callable[..., Any]) -> None:
    """Seed 002, EXPLANATION OF DAMAGE RESULTS (lines 323-325): past 1/2 and 2/3 of its SP lost a
    ship rolls against (DCR + engineer's Stress Analysis level) to avoid breaking up; unlike
    REPAIRS (line 397, "DCR+10% x skill") the level is not multiplied, and no number in the text
    says otherwise (RULINGS KH-3). Exalted: 120 + 1 = 121; Leviathan (HS 25, Stress Analysis 3):
    250 + 3 = 253; Tessaly Rose (no engineer): 30."""
    from sheetgen.games.knighthawks import sheet
    from sheetgen.scenarios.loading import load_designs

    exalted, leviathan, rose = stats_of(
        invoke, SHIPS / "exalted.yaml", SHIPS / "leviathan.yaml", SHIPS / "tessaly-rose.yaml"
    )
    assert (exalted["damage_control_rating"], exalted["breakup_target"]) == (120, 121)
    assert (leviathan["damage_control_rating"], leviathan["breakup_target"]) == (250, 253)
    assert (rose["damage_control_rating"], rose["breakup_target"]) == (30, 30)
    (entry,) = load_designs([SHIPS / "exalted.yaml"]).entries
    assert sheet.ship_view(entry.stats, [])["breakup_rule"] == "DCR 120 + Stress Analysis 1 = 121"


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


def test_evasion_prints_one_sign(write: Callable[[str, str], Path]) -> None:
    # seed 002, Evade (line 89): without Vehicular Combat (Starship) a pilot evades at
    # ±(5% x Starship Pilot level + ADF% + MR% − HS%); a negative sum prints as ∓ with a true minus
    from sheetgen.scenarios.loading import load_designs

    from tests.games.knighthawks import HEAD

    def evasion(hull_size: int) -> str:
        text = HEAD.replace("hull_size: 6", f"hull_size: {hull_size}")
        text += "crew: {pilot: {name: Ann, skills: {Starship Pilot: 1}}}\n"
        (entry,) = load_designs([write("ship.yaml", text)]).entries
        return str(entry.stats.evasion)

    assert evasion(6) == "±5% (5×1 + ADF 3 + MR 3 − HS 6)"
    assert evasion(34) == "∓23% (5×1 + ADF 3 + MR 3 − HS 34 = −23)"
    assert "±-" not in evasion(34) and "-" not in evasion(34)


FLANK_ACTION = KH / "scenarios" / "flank-action.yaml"


def test_scenario_sides_total_hull_sizes_and_structure_points(invoke: Callable[..., Any]) -> None:
    """Seed 002 measures ships by Hull Size (Maneuver Points, line 85; Point-Blank Range,
    line 129) and their damage in structure points, which each design states (RULINGS KH-3).
    Flank action: Star Forces field the Pugilist (HS 14, 1,680 SP) and two Kestrels (count 2,
    HS 1, 60 SP each): HS 14 + 2 x 1 = 16, 1,680 + 120 = 1,800 SP; Spacefleet the Exalted
    (HS 12, 1,440 SP) and the Warden (HS 6, 720 SP): HS 18, 2,160 SP."""
    from tests.conftest import briefing_totals, side_blocks

    r = invoke("stats", FLANK_ACTION)
    assert r.exit_code == 0, r.stderr
    assert side_blocks(r.stdout) == {
        "side Star Forces (Flank action)  [knight-hawks-2000]": [
            "  HS 14  1 ship, 1,680 SP",
            "  HS 1   2 ships, 120 SP",
            "  total  3 ships, HS 16, 1,800 SP",
        ],
        "side Spacefleet (Flank action)  [knight-hawks-2000]": [
            "  HS 12  1 ship, 1,440 SP",
            "  HS 6   1 ship, 720 SP",
            "  total  2 ships, HS 18, 2,160 SP",
        ],
    }
    assert briefing_totals(FLANK_ACTION) == [
        "HS 14: 1 ship, 1,680 SP · HS 1: 2 ships, 120 SP · total: 3 ships, HS 16, 1,800 SP",
        "HS 12: 1 ship, 1,440 SP · HS 6: 1 ship, 720 SP · total: 2 ships, HS 18, 2,160 SP",
    ]
    sides = json.loads(invoke("stats", "--json", FLANK_ACTION).stdout)["scenarios"][0]["sides"]
    assert sides[0]["totals"] == {
        "ships": 3,
        "hull_size": 16,
        "structure_points": 1800,
        "hull_sizes": [
            {"hull_size": 14, "ships": 1, "structure_points": 1680},
            {"hull_size": 1, "ships": 2, "structure_points": 120},
        ],
    }
    assert (sides[1]["totals"]["hull_size"], sides[1]["totals"]["structure_points"]) == (18, 2160)


def test_losing_the_last_void_engine_blows_the_ship_up(invoke: Callable[..., Any]) -> None:
    """Seed 002, Void Engine Destroyed: ADF / engines lost each, and the last (or only) engine
    lost blows the ship up; a one-engine ship has no ADF loss to print (the Kestrel, ADF 6)."""
    kestrel = invoke("stats", SHIPS / "kestrel.yaml").stdout
    exalted = invoke("stats", SHIPS / "exalted.yaml").stdout
    assert "void engines     1 (lost: she blows up)" in kestrel
    assert "void engines     2 (ADF −2 each lost; the last: she blows up)" in exalted


def test_one_turn_is_said_as_one(invoke: Callable[..., Any]) -> None:
    """The Kestrel (HS 1, military) rallies in 1 turn, HS x 1 (seed 002, Boarding Party Tactics)."""
    kestrel = invoke("stats", SHIPS / "kestrel.yaml").stdout
    assert "rally in 1 turn)" in kestrel and "1 turns" not in kestrel
