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
