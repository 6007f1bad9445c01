"""Starfire's markers (the Game object's markers()) as the counter sheet lays them out."""

from __future__ import annotations

import pytest

from sheetgen.games.base import CounterFace
from sheetgen.games.starfire import GAME as STARFIRE
from sheetgen.layout.counters import MarkerFace, marker_counters

from tests.conftest import DESIGNS
from tests.kit_counters import kit_counters


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


@pytest.mark.parametrize(
    ("paper", "cells", "fill"),
    [
        # 5/8 in counters, 2 mm bleed, 4 mm gutter (pitch 56.34 pt): Letter 9 x 12, A4 9 x 13 cells
        ("letter", 108, {"S↓": 58, "DMG": 23}),  # 81 spare: 15 to 6, as the sides' shields to damage
        ("a4", 117, {"S↓": 64, "DMG": 26}),  # 90 spare
    ],
)
def test_kit_counter_pages_have_no_empty_cell(paper: str, cells: int, fill: dict[str, int]) -> None:
    """The kit's counter pages have no empty cell: every cell of the layout holds a
    counter, the ships first and all there, then the markers the ships can use, then
    more of those markers (in the same proportion) in the spare cells; nothing else."""
    kit = kit_counters(DESIGNS / "starfire/scenarios/small-task-groups.yaml", paper)
    assert kit.cells == cells == len(kit.sheets.placements)
    assert len({(p.front_page, p.front) for p in kit.sheets.placements}) == cells
    titles = [c.front.title for c in kit.counters[: kit.ships] if isinstance(c.front, CounterFace)]
    assert titles == ["Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike"]
    assert (kit.ships, kit.markers) == (6, 21)  # shields down 7 + 8, damage 6; no terrain
    assert kit.fill_labels == fill and sum(fill.values()) == cells - 6 - 21
    assert set(kit.fill_labels) <= kit.marker_labels
    assert all(isinstance(c.front, MarkerFace) and c.group == "markers" for c in kit.fill)
