"""The Knight Hawks 2000 Game object: its counter faces and markers (counter() and markers()),
and its registration with its hex scale."""

from __future__ import annotations

import pytest

from sheetgen.games import find_game
from sheetgen.games.base import CounterFace
from sheetgen.games.knighthawks import GAME
from sheetgen.layout.counters import MarkerFace
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS
from tests.kit_counters import kit_counters

SHIPS = DESIGNS / "knight-hawks-2000" / "ships"


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


def test_registered_with_its_hex_scale() -> None:
    game = find_game("Knight Hawks 2000")
    assert game is GAME
    assert game.id == "knight-hawks-2000"
    assert type(game).hex_scale == (60, "m")


@pytest.mark.parametrize(
    ("paper", "cells", "fill"),
    [
        (
            "letter",
            108,  # 5/8 in, 2 mm bleed, 4 mm gutter (pitch 56.34 pt): Letter 9 x 12, A4 9 x 13 cells; 40 spare
            {"SM": 5, "TT": 4, "MINES": 4, "DECOY": 3, "ICM": 8, "ABM": 10, "FIRE": 3, "DMG": 3},
        ),
        (
            "a4",
            117,  # 49 spare
            {"SM": 6, "TT": 5, "MINES": 5, "DECOY": 4, "ICM": 9, "ABM": 12, "FIRE": 4, "DMG": 4},
        ),
    ],
)
def test_kit_counter_pages_have_no_empty_cell(paper: str, cells: int, fill: dict[str, int]) -> None:
    """The kit's counter pages have no empty cell: every cell of the layout holds a
    counter, the ships first and all there, then the markers the ships can use, then
    more of those markers (in the same proportion) in the spare cells; nothing else."""
    kit = kit_counters(DESIGNS / "knight-hawks-2000/scenarios/flank-action.yaml", paper)
    assert kit.cells == cells == len(kit.sheets.placements)
    assert len({(p.front_page, p.front) for p in kit.sheets.placements}) == cells
    titles = [c.front.title for c in kit.counters[: kit.ships] if isinstance(c.front, CounterFace)]
    assert titles == ["Pugilist", "Kestrel Red", "Kestrel Gold", "Exalted", "Warden"]
    # SM 8 + 0, TT 0 + 6, MINES 0 + 6, DECOY 3 + 2, ICM 6 + 6, ABM 8 + 8, FIRE 5, DMG 5
    assert (kit.ships, kit.markers) == (5, 63)
    assert kit.fill_labels == fill and sum(fill.values()) == cells - 5 - 63
    assert set(kit.fill_labels) <= kit.marker_labels
    assert all(isinstance(c.front, MarkerFace) and c.group == "markers" for c in kit.fill)
