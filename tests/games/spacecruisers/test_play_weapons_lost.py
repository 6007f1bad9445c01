"""A Space Cruisers ship whose weapon systems are all destroyed fires nothing (Space Cruisers,
Critical Damage Table: 1, weapon system destroyed, reroll if none left)."""

from __future__ import annotations

import pytest

from sheetgen.core.refused import Refused
from sheetgen.games.spacecruisers import live
from sheetgen.games.spacecruisers.stats import SpaceCruisersStats
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS


def _noblesse() -> live.State:
    """The Noblesse with its shields blown and below zero hull points, where hits call for
    critical rolls."""
    (entry,) = load_designs([DESIGNS / "space-cruisers" / "ships" / "the-noblesse.yaml"]).entries
    assert isinstance(entry.stats, SpaceCruisersStats)
    state = live.start(entry.stats)
    while state["shields"]:
        state = live.apply(state, {"action": "damage", "amount": 5})
    return live.apply(state, {"action": "damage", "amount": state["hull_points"] + 1})


def _critical(state: live.State, roll: int) -> live.State:
    return live.apply(state, {"action": "critical", "roll": roll})


def test_every_weapon_system_destroyed_leaves_nothing_to_fire() -> None:
    ship = _noblesse()  # phasers and photon torpedoes: two weapon systems
    assert [w["code"] for w in live.weapons(ship, 3)] == ["phasers", "photon torpedoes"]
    one = _critical(ship, 1)
    # one of two lost: the player picks which, so both stay listed with their odds
    assert live.now(one)["weapons_lost"] == 1 and len(live.weapons(one, 3)) == 2
    both = _critical(one, 1)
    assert live.now(both)["weapons_lost"] == 2
    assert live.weapons(both, 3) == []
    with pytest.raises(Refused, match="no weapons left: reroll"):
        _critical(both, 1)
