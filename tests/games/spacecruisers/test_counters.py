"""The Space Cruisers counter faces and markers (the Game object's counter() and markers())."""

from __future__ import annotations

from sheetgen.games import find_game
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

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
