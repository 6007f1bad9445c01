"""Starfire derived stats: every shipped design derives the numbers worked out by hand from the
hull and system charts; MP as rooms are lost, restricted arcs, the stats command."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from sheetgen.games.starfire.rules import Design
from sheetgen.games.starfire.stats import StarfireStats, derive
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]


def stats(hull: str, systems: str, **kw: object) -> StarfireStats:
    return derive(Design.from_string("Test", hull, systems, **kw))  # type: ignore[arg-type]


SHIPS = DESIGNS / "starfire" / "ships"

# file: (hull, HS used, HS, TM, MP, engine rooms, Q, MP as rooms are lost)
GOLDEN = {
    "escort-picket.yaml": ("ES", 12, 12, 2, 6, [1, 1], 1, [6, 3, 0]),
    "corvette-arrow.yaml": ("CT", 16, 16, 2, 6, [1, 1, 1], 1, [6, 4, 2, 0]),
    "corvette-lance.yaml": ("CT", 16, 16, 2, 6, [1, 1, 1], 1, [6, 4, 2, 0]),
    "destroyer-hammer.yaml": ("DD", 30, 30, 3, 5, [1] * 5, 2, [5, 4, 3, 2, 1, 0]),
    "destroyer-anvil.yaml": ("DD", 30, 30, 3, 5, [1] * 5, 2, [5, 4, 3, 2, 1, 0]),
    "light-cruiser-sabre.yaml": ("CL", 45, 45, 3, 4, [1, 2, 1, 2], 3, [4, 3, 2, 1, 0]),
    "heavy-cruiser-bastion.yaml": ("CA", 60, 60, 3, 4, [2, 2, 2, 2], 4, [4, 3, 2, 1, 0]),
    "freighter1-mule.yaml": ("FT1", 12, 12, 2, 6, [1, 1], 1, [6, 3, 0]),
    "freighter2-drayhorse.yaml": ("FT2", 16, 16, 2, 6, [1, 1, 1], 1, [6, 4, 2, 0]),
    "base1-watchtower.yaml": ("BS1", 30, 30, 0, 0, [], 2, [0]),
    "base2-citadel.yaml": ("BS2", 50, 50, 0, 0, [], 4, [0]),
}


def test_every_shipped_design_has_golden_stats() -> None:
    assert sorted(p.name for p in SHIPS.glob("*.yaml")) == sorted(GOLDEN)
    assert {g[0] for g in GOLDEN.values()} == {"ES", "CT", "DD", "CL", "CA", "FT1", "FT2", "BS1", "BS2"}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_stats(name: str) -> None:
    result = load_designs([SHIPS / name])
    assert not result.input_errors
    (entry,) = result.entries
    assert entry.legal, [str(x) for x in entry.located]
    s = entry.stats
    got = (
        s.hull,
        s.hull_spaces_used,
        s.hull_spaces,
        s.turn_mode,
        s.movement_points,
        s.engine_rooms,
        s.crew_quarters,
        s.mp_after_rooms_lost,
    )
    assert got == GOLDEN[name]


def test_restricted_arc_on_the_shipped_escort_and_corvette() -> None:
    (picket,) = load_designs([SHIPS / "escort-picket.yaml"]).entries
    (lance,) = load_designs([SHIPS / "corvette-lance.yaml"]).entries
    assert picket.stats.system_string == "SSAA(I)(I)QYL+"
    assert lance.stats.system_string == "SSAAA(I)(I)(I)QYE+"


def test_mp_after_each_room_is_lost_counts_intact_rooms_only() -> None:
    assert stats("CL", "SSSSAAAZ(I)(II)(I)(II)QQQYDDRRFLPtMg").mp_after_rooms_lost == [4, 3, 2, 1, 0]
    assert stats("CA", "SSSSSAAAAZ(II)(II)(II)(II)QQQQYYDDDRRRPtFLMgMgMgMg").mp_after_rooms_lost == [
        4,
        3,
        2,
        1,
        0,
    ]
    assert stats("DD", "SSSAAA(I)(I)(I)(I)(I)QQYDDRRL").mp_after_rooms_lost == [5, 4, 3, 2, 1, 0]


def test_restricted_arc_is_derived() -> None:
    assert stats("ES", "SSAA(I)(I)QYL").systems[-1] == "L+"
    assert stats("ES", "SA(I)(I)QF").systems[-1] == "F+"
    assert stats("CT", "SSAAA(I)(I)(I)QYE").systems[-1] == "E+"
    assert stats("CT", "SSAA(I)(I)(I)QLR").systems[-2:] == ["L", "R"]  # L on CT is not restricted
    assert stats("DD", "SSSAA(I)(I)(I)(I)(I)QQYEE").systems[-1] == "E"


def test_stats_json_keys_and_values(invoke: Invoke) -> None:
    r = invoke("stats", DESIGNS / "starfire" / "ships" / "light-cruiser-sabre.yaml", "--json")
    assert r.exit_code == 0
    (d,) = json.loads(r.stdout)
    for key in (
        "name", "game", "hull", "hull_spaces", "hull_spaces_used", "turn_mode", "movement_points",
        "engine_rooms", "crew_quarters", "systems", "legal", "findings",
    ):  # fmt: skip
        assert key in d
    assert d["game"] == "starfire"
    assert (d["hull"], d["hull_spaces"], d["hull_spaces_used"], d["turn_mode"], d["movement_points"]) == (
        "CL",
        45,
        45,
        3,
        4,
    )
    assert d["engine_rooms"] == [1, 2, 1, 2]
    assert d["crew_quarters"] == 3
    assert d["systems"][:8] == ["S", "S", "S", "S", "A", "A", "A", "Z"]
    assert d["legal"] is True


def test_stats_table_is_readable(invoke: Invoke) -> None:
    r = invoke("stats", DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml")
    assert "Arrow  [starfire, legal]" in r.stdout
    assert "MP as rooms are lost  6 → 4 → 2 → 0" in r.stdout


@pytest.mark.parametrize(("file", "reach"), [("base1-watchtower.yaml", 22), ("base2-citadel.yaml", 23)])
def test_base_targeting_range_is_the_sheets_farthest_range_column(file: str, reach: int) -> None:
    # seed 001, Bases (line 10): a base with combat sensors (Y) takes five from the range of its
    # R, G and Pt, so it fires past the chart's 20 hexes; stats say what the sheet's columns show
    from sheetgen.games.starfire.sheet import sheet_ranges

    (entry,) = load_designs([SHIPS / file]).entries
    s = entry.stats
    assert isinstance(s, StarfireStats)
    assert s.targeting_range == reach == max(sheet_ranges(s))


# --- a scenario's sides in ships and hull spaces ---------------------------------------------

WARP_POINT = DESIGNS / "starfire" / "scenarios" / "warp-point-assault.yaml"


def test_scenario_sides_total_ships_and_hull_spaces_per_hull(invoke: Invoke) -> None:
    """Seed 001, Hull Chart (line 78-86): ES 12, CT 16, DD 30, CL 45, CA 60, BS1 30, BS2 50 HS.
    Warp point assault (Scenarios, line 127-128) as bundled: A fields a BS2 and a BS1 base,
    2 DD (count 2) and 2 CT (count 2); B a CA, a CL, 2 DD and 4 CT. Each ship counts its
    hull's HS, so A has 2x16 + 2x30 + 30 + 50 = 172 HS and B 4x16 + 2x30 + 45 + 60 = 229 HS."""
    from tests.conftest import briefing_totals, side_blocks

    r = invoke("stats", WARP_POINT)
    assert r.exit_code == 0, r.stderr
    assert side_blocks(r.stdout) == {
        "side Player A (Warp point assault)  [starfire]": [
            "  CT     2 ships, 32 HS",
            "  DD     2 ships, 60 HS",
            "  BS1    1 ship, 30 HS",
            "  BS2    1 ship, 50 HS",
            "  total  6 ships, 172 HS",
        ],
        "side Player B (Warp point assault)  [starfire]": [
            "  CT     4 ships, 64 HS",
            "  DD     2 ships, 60 HS",
            "  CL     1 ship, 45 HS",
            "  CA     1 ship, 60 HS",
            "  total  8 ships, 229 HS",
        ],
    }
    assert briefing_totals(WARP_POINT) == [
        "CT: 2 ships, 32 HS · DD: 2 ships, 60 HS · BS1: 1 ship, 30 HS · BS2: 1 ship, 50 HS"
        " · total: 6 ships, 172 HS",
        "CT: 4 ships, 64 HS · DD: 2 ships, 60 HS · CL: 1 ship, 45 HS · CA: 1 ship, 60 HS"
        " · total: 8 ships, 229 HS",
    ]


def test_scenario_totals_as_json_and_the_design_list_kept_without_a_scenario(invoke: Invoke) -> None:
    """With a scenario, ``stats --json`` is ``{"designs": [...], "scenarios": [...]}``, each side's
    totals in numbers; design files alone still give the plain list of designs."""
    out = json.loads(invoke("stats", "--json", WARP_POINT).stdout)
    assert sorted(out) == ["designs", "scenarios"]
    assert [d["name"] for d in out["designs"]][:2] == ["Citadel", "Watchtower"]
    (scenario,) = out["scenarios"]
    assert {k: scenario[k] for k in ("scenario", "game")} == {
        "scenario": "Warp point assault",
        "game": "starfire",
    }
    a, b = scenario["sides"]
    assert a == {
        "name": "Player A",
        "ships": 6,
        "totals": {
            "ships": 6,
            "hull_spaces": 172,
            "hulls": [
                {"hull": "CT", "ships": 2, "hull_spaces": 32},
                {"hull": "DD", "ships": 2, "hull_spaces": 60},
                {"hull": "BS1", "ships": 1, "hull_spaces": 30},
                {"hull": "BS2", "ships": 1, "hull_spaces": 50},
            ],
        },
    }
    assert (b["name"], b["totals"]["ships"], b["totals"]["hull_spaces"]) == ("Player B", 8, 229)
    plain = json.loads(invoke("stats", "--json", SHIPS / "corvette-arrow.yaml").stdout)
    assert isinstance(plain, list) and plain[0]["name"] == "Arrow"


def test_a_fleet_file_totals_its_hulls(invoke: Invoke, write: Callable[[str, str], Any]) -> None:
    """A Starfire fleet file ends with the same rows: 2 ES (count 2) are 2 x 12 = 24 HS."""
    fleet = write(
        "sf-fleet.yaml",
        "game: starfire\nfleet: Pickets\ndesigns:\n"
        "  - {name: Picket, hull: ES, systems: SA(I)(I)QL, count: 2}\n",
    )
    r = invoke("stats", fleet)
    assert r.exit_code == 0
    block = r.stdout[r.stdout.index("fleet Pickets  [starfire]") :].splitlines()
    assert block[1:3] == ["  ES     2 ships, 24 HS", "  total  2 ships, 24 HS"]
