"""The Space Cruisers counter faces and markers (the Game object's counter() and markers())."""

from __future__ import annotations

import pytest

from sheetgen.games import find_game
from sheetgen.games.base import CounterFace
from sheetgen.layout.counters import MarkerFace
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS
from tests.kit_counters import kit_counters

SC = DESIGNS / "space-cruisers"
GAME = find_game("space-cruisers")


def test_counter_front_and_back() -> None:
    s = load_designs([SC / "ships" / "the-victorious.yaml"]).entries[0].stats
    front, back = GAME.counter(s)
    assert front.title == "The Victorious"
    assert front.values == (("HP", "30"), ("D", "3"))
    assert front.arrow and front.banner is None
    assert back.banner == "SHIELDS DOWN" and back.values == front.values
    station = load_designs([SC / "ships" / "kepler-station.yaml"]).entries[0].stats
    sfront, _ = GAME.counter(station)
    assert not sfront.arrow and sfront.values == (("HP", "30"), ("D", "0"))


def test_markers_from_the_rules() -> None:
    markers = {m.label: m for m in GAME.markers()}
    assert {"CLOAK", "DIS", "F", "WC", "LS", "SS", "TGT", "THR", "INT", "MAL", "DMG"} <= set(markers)
    assert markers["CLOAK"].per_side and markers["F"].per_side and markers["F"].numbered
    assert markers["DMG"].numbered
    assert markers["DIS"].back == "disabled next turn"
    assert markers["WC"].back == "2nd hit: explodes"


@pytest.mark.parametrize(
    ("paper", "cells", "fill"),
    [
        (
            "letter",
            # 1 in counters, 2 mm bleed, 4 mm gutter (pitch 83.34 pt): 6 x 8 cells a sheet; the
            # 57 ships and markers take two sheets, 39 cells spare
            96,
            {
                "CLOAK": 1,
                "WC": 5,
                "LS": 5,
                "SS": 5,
                "TGT": 5,
                "THR": 5,
                "INT": 4,
                "MAL": 4,
                "JUMP": 1,
                "DMG": 4,
            },
        ),
    ],
)
def test_kit_counter_pages_have_no_empty_cell(paper: str, cells: int, fill: dict[str, int]) -> None:
    """The kit's counter pages have no empty cell: every cell of the layout holds a
    counter, the ships first and all there, then the markers the ships can use, then
    more of those markers (in the same proportion) in the spare cells; nothing else."""
    kit = kit_counters(DESIGNS / "space-cruisers/scenarios/kepler-station.yaml", paper)
    assert kit.cells == cells == len(kit.sheets.placements)
    assert len({(p.front_page, p.front) for p in kit.sheets.placements}) == cells
    titles = [c.front.title for c in kit.counters[: kit.ships] if isinstance(c.front, CounterFace)]
    assert titles == [
        "The Courageous",
        "The Victorious",
        "Kepler Station",
        "The Noblesse",
        "The Atlantea",
        "Wraith",
    ]
    # 2 cloaks (the raiders' Atlantea and Wraith), 7 critical results x 6 figures, the
    # Wraith's one turbine, 6 damage; no fighter (no cargo bay), no disabled (no ion shockwave)
    assert (kit.ships, kit.markers) == (6, 2 + 7 * 6 + 1 + 6)
    assert kit.fill_labels == fill and sum(fill.values()) == cells - 6 - 51
    assert set(kit.fill_labels) <= kit.marker_labels
    assert all(isinstance(c.front, MarkerFace) and c.group == "markers" for c in kit.fill)
