"""Space Cruisers derived stats (seed 004, RULINGS SC-1 .. SC-7): the sample ships, the stats
command, size classes, hulls, fighters and the targeting computer; the checks are in test_rules.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.rules import Design
from sheetgen.games.spacecruisers.stats import derive

from tests.games.spacecruisers import load_one

SC = Path(__file__).resolve().parents[3] / "designs" / "space-cruisers"
GAME = find_game("space-cruisers")


# --- the text's four basic-rules sample ships ---------------------------------------

SAMPLES = {
    # file: (hull points, drives, shields, phasers, initiative bonus, evade attempts, cloak)
    "the-courageous.yaml": (10, 5, 2, 1, 5, 0, False),
    "the-victorious.yaml": (30, 3, 2, 1, 4, 1, False),
    "the-noblesse.yaml": (10, 4, 2, 1, 5, 1, False),
    "the-atlantea.yaml": (10, 4, 3, 2, 4, 0, True),
}


@pytest.mark.parametrize("file", sorted(SAMPLES))
def test_sample_ships_derive_as_the_text_builds_them(file: str) -> None:
    hp, drives, shields, phasers, init, evade, cloak = SAMPLES[file]
    entry = load_one(SC / "ships" / file)
    s = entry.stats
    assert entry.legal and entry.findings == []
    assert s.rules == "basic"
    assert s.additional_systems == 5
    assert s.construction_points == 7  # hull 2 + five systems
    assert s.size_class == "medium"
    assert (s.hull_points, s.drives, s.shields, s.phasers) == (hp, drives, shields, phasers)
    assert (s.initiative_bonus, s.evade_attempts, s.cloaking_device) == (init, evade, cloak)
    assert s.fighters_carried == 0


AS_LISTED = {  # the sample ships' lines in the text, name and systems as printed there
    "the-atlantea.yaml": "The Atlantea: Phasers, Drives, Shields x2, Cloak",
    "the-courageous.yaml": "The Courageous: Shields, Torps, Security, Drives x2",
    "the-noblesse.yaml": "The Noblesse: Elite Crew, Shield, Torps, Drives, Scanners",
    "the-victorious.yaml": "The Victorious: Scanners, Armor x2, Shield, Elite Crew",
}


@pytest.mark.parametrize("file", sorted(AS_LISTED))
def test_sample_ships_are_written_exactly_as_the_text_lists_them(file: str) -> None:
    entry = load_one(SC / "ships" / file)
    listed = ", ".join(e.written + (f" x{e.count}" if e.count > 1 else "") for e in entry.design.systems)
    assert f"{entry.stats.name}: {listed}" == AS_LISTED[file]
    # the same line pasted into `sheetgen import` gives the same ship
    mapping, findings = GAME.import_notation(AS_LISTED[file], "ignored")
    assert findings == []
    assert mapping["name"] == entry.stats.name and mapping["rules"] == "basic"


def test_the_victorious_has_thirty_hull_points_from_two_armor() -> None:
    s = load_one(SC / "ships" / "the-victorious.yaml").stats
    assert (s.base_hull_points, s.armor, s.hull_points) == (10, 2, 30)


def test_the_courageous_weapons_table() -> None:
    s = load_one(SC / "ships" / "the-courageous.yaml").stats
    by_name = {w.name: w for w in s.weapons}
    ph, torp, sec = by_name["phasers"], by_name["photon torpedoes"], by_name["security team"]
    assert (ph.count, ph.range, ph.damage, ph.hits_on, ph.arc, ph.critical_rolls) == (
        1,
        6,
        "1d6",
        5,
        "front 120°",
        1,
    )
    assert (torp.range, torp.damage, torp.hits_on, torp.arc, torp.critical_rolls) == (
        4,
        "2d6",
        7,
        "straight ahead",
        2,
    )
    assert sec.hits_on is None and sec.damage is None and sec.range == 1 and sec.effect


def test_critical_rolls_per_hit_below_zero_hull_points() -> None:
    """Seed 004, ATTACK PHASE (lines 102-104): below zero hull points a phaser hit makes 1 roll
    on the Critical Damage Table, a torpedo or missile hit 2. The text names no figure for chain
    guns (SYSTEM NOTES, line 60: two shots of 1d6); each chain gun hit makes a phaser's 1 roll
    (RULINGS SC-5), the shockwave and security teams, which do no hull damage, none."""
    from sheetgen.games import rulebook

    rolls: dict[str, tuple[str | None, int]] = {}
    for ship in ("the-courageous", "shade", "lancer"):
        for w in load_one(SC / "ships" / f"{ship}.yaml").stats.weapons:
            rolls.setdefault(w.name, (w.damage, w.critical_rolls))
    assert rolls["phasers"] == ("1d6", 1)
    assert rolls["photon torpedoes"] == ("2d6", 2)
    assert rolls["missiles"] == ("2d6+1", 2)  # the Lancer's targeting computer: +1 damage
    assert rolls["chain guns"] == ("1d6", 1)
    assert rolls["security team"][1] == rolls["ion shockwave"][1] == 0
    ruling = rulebook().find("SC-5")
    assert ruling is not None and "each chain gun shot that hits 1" in ruling.decides


def test_stats_json_has_the_keys_the_issue_lists(invoke: Any) -> None:
    r = invoke("stats", "--json", SC / "ships" / "the-victorious.yaml")
    assert r.exit_code == 0
    (d,) = json.loads(r.stdout)
    for key in (
        "name",
        "game",
        "hull",
        "hull_points",
        "construction_points",
        "size_class",
        "initiative_bonus",
        "drives",
        "shields",
        "phasers",
        "evade_attempts",
        "fighters_carried",
        "weapons",
        "legal",
        "findings",
    ):
        assert key in d, key
    assert d["game"] == "space-cruisers" and d["hull_points"] == 30 and d["legal"] is True
    assert d["weapons"][0] == {
        "name": "phasers",
        "count": 1,
        "range": 6,
        "damage": "1d6",
        "damage_dice": 1,
        "damage_bonus": 0,
        "hits_on": 5,
        "arc": "front 120°",
        "shots": 1,
        "critical_rolls": 1,
        "effect": None,
    }


def test_stats_table_reads_well(invoke: Any) -> None:
    r = invoke("stats", SC / "ships" / "the-atlantea.yaml")
    assert r.exit_code == 0
    assert "hull points     10 (10 + 0 armor × 10)" in r.stdout
    assert "initiative      d10 + 4" in r.stdout
    assert "×2: 5+ on d10, 1d6, range 6, front 120°" in r.stdout


# --- advanced rules: size classes, construction points, other hulls ---------------------


@pytest.mark.parametrize(
    ("n", "size"),
    [(0, "small"), (3, "small"), (4, "medium"), (6, "medium"), (7, "large"), (12, "large")],
)
def test_size_class_and_construction_points_from_the_count(n: int, size: str) -> None:
    design = Design.from_systems("S", "military", ["armor"] * n)
    s = derive(design)
    assert s.size_class == size
    assert s.construction_points == 2 + n
    assert s.hull_points == 10 + 10 * n


def test_hulls_come_with_what_the_text_gives() -> None:
    military = derive(Design.from_systems("M", "military", []))
    assert [(x.name, x.count) for x in military.systems] == [("phasers", 1), ("drives", 3), ("shields", 1)]
    commercial = derive(Design.from_systems("C", "commercial", []))
    assert (commercial.hull_points, commercial.drives, commercial.phasers, commercial.shields) == (
        10,
        2,
        0,
        0,
    )
    assert commercial.non_military_slots == 3
    station = derive(Design.from_systems("S", "station", ["phasers", "torps"]))
    assert (station.hull_points, station.drives, station.non_military_slots) == (20, 0, 4)
    assert {w.arc for w in station.weapons} == {"360°"}
    fighter = derive(Design.from_systems("F", "fighter", []))
    assert (fighter.hull_points, fighter.drives, fighter.phasers, fighter.elite_crew) == (1, 5, 1, 1)
    assert fighter.initiative_bonus == 6 and fighter.evade_attempts == 1
    assert fighter.critical_destroys
    assert all(h.construction_points == 2 for h in data.HULLS.values())


def test_fighters_carried_five_per_cargo_bay() -> None:
    assert load_one(SC / "ships" / "resolute.yaml").stats.fighters_carried == 10
    # a commercial hull's own cargo bay carries fighters too (RULINGS SC-4: per cargo bay)
    gull = load_one(SC / "ships" / "gull.yaml").stats
    assert (gull.cargo_bays, gull.fighters_carried) == (1, 5)
    two = derive(Design.from_systems("T", "military", ["cargo bay x2"]))
    assert two.fighters_carried == 10


def test_targeting_computer_adds_one_damage_to_every_weapon() -> None:
    s = derive(Design.from_systems("T", "military", ["targeting computer", "torps", "chain guns"]))
    assert {w.name: w.damage for w in s.weapons} == {
        "phasers": "1d6+1",
        "photon torpedoes": "2d6+1",
        "chain guns": "1d6+1",
    }
    chain = next(w for w in s.weapons if w.name == "chain guns")
    assert (chain.range, chain.shots, chain.hits_on) == (1, 2, 7)


def test_stats_table_for_a_station_and_a_carrier(invoke: Any) -> None:
    r = invoke("stats", SC / "ships" / "bastion-platform.yaml", SC / "ships" / "resolute.yaml")
    assert r.exit_code == 0
    assert "fighters            5 (1 cargo bay)" in r.stdout
    assert "fighters        10 (2 cargo bays)" in r.stdout
    assert "×1: 7+ on d10, 2d6, range 4, 360°" in r.stdout


# --- a scenario's sides in figures and construction points --------------------------

KEPLER = SC / "scenarios" / "kepler-station.yaml"


def test_scenario_sides_total_figures_and_construction_points(invoke: Any) -> None:
    """Seed 004, Setup (line 69-71): equal figures, or equal construction points with the
    advanced rules; a hull is 2 points and each additional system 1 (line 127-128, 136, 143).
    Station guard: The Courageous 2 + 5 = 7 (Drives x2 is two systems), The Victorious 2 + 5
    = 7 (Armor x2), Kepler Station 2 + 4 = 6 (phasers x2, shields, armor; its non-military
    systems come with the hull, SC-6): 20. Raiders: The Noblesse 7, The Atlantea 7 (Shields
    x2), Wraith 2 + 4 = 6 (a Shade with a scanner): 20. The station and the Wraith are
    advanced rules designs, so the sides are equal in points (20 v 20), and in figures (3 v 3);
    the source no longer calls the scenario basic rules only."""
    from tests.conftest import briefing_totals, side_blocks

    r = invoke("stats", KEPLER)
    assert r.exit_code == 0, r.stderr
    assert side_blocks(r.stdout) == {
        "side Station guard (Kepler Station)  [space-cruisers]": [
            "  figures              3",
            "  construction points  20",
        ],
        "side Raiders (Kepler Station)  [space-cruisers]": [
            "  figures              3",
            "  construction points  20",
        ],
    }
    assert briefing_totals(KEPLER) == [
        "figures: 3 · construction points: 20",
        "figures: 3 · construction points: 20",
    ]
    text = KEPLER.read_text(encoding="utf-8")
    assert "basic rules sample ships, advanced rules\n  station and raider" in text
    assert invoke("validate", KEPLER).stdout.count("note [SCENARIO]") == 0
    sides = json.loads(invoke("stats", "--json", KEPLER).stdout)["scenarios"][0]["sides"]
    assert [s["totals"] for s in sides] == [
        {"figures": 3, "construction_points": 20},
        {"figures": 3, "construction_points": 20},
    ]
