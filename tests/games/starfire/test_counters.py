"""Starfire's markers (the Game object's markers()) as the counter sheet lays them out."""

from __future__ import annotations

from sheetgen.games.starfire import GAME as STARFIRE
from sheetgen.layout.counters import marker_counters


def test_starfire_markers_for_two_sides() -> None:
    markers = marker_counters(STARFIRE, [("A", "#1f4e9c"), ("B", "#b3261e")])
    labels = [m.front.label for m in markers]  # type: ignore[union-attr]
    # warp points 2, planets 2, moons 3, shields down 6 per side, damage 10
    assert (labels.count("WP"), labels.count("P"), labels.count("M")) == (2, 2, 3)
    assert labels.count("S↓") == 12
    damage = [m.front.number for m in markers if m.front.label == "DMG"]  # type: ignore[union-attr]
    assert damage == list(range(1, 11))


def test_a_base_counter_never_says_engines_lost() -> None:
    # Seed 001, Bases (lines 8-9): bases have no Movement Points and mount no engines (RULINGS SF-4).
    from sheetgen.games.starfire.rules import Design
    from sheetgen.games.starfire.stats import derive

    for hull, systems in (("BS1", "SSSSAAAAQQYDDRRRG"), ("BS2", "AAAAQQQQDD")):
        front, back = STARFIRE.counter(derive(Design.from_string("T", hull, systems)))
        assert back.banner != "ENGINES LOST" and front.banner is None
        assert back.values == front.values
    _, back = STARFIRE.counter(derive(Design.from_string("T", "BS1", "SSSSAAAAQQYDDRRRG")))
    assert back.banner == "SHIELDS DOWN"
    _, back = STARFIRE.counter(derive(Design.from_string("T", "BS2", "AAAAQQQQDD")))
    assert back.banner is None
    for hull, systems in (("CT", "SSAA(I)(I)(I)QLR"), ("FT2", "(I)(I)(I)QHHHHHHHH")):
        _, back = STARFIRE.counter(derive(Design.from_string("T", hull, systems)))
        assert back.banner == "ENGINES LOST" and ("MP", "0") in back.values
