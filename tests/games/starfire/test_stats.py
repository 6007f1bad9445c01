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
