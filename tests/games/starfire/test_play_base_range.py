"""Play mode's odds for a base with combat sensors (Solar Starfire Quick Start, Bases):
missiles and torpedoes fired by it take five from the true range, never below 12 hexes
(the text's example: 20 hexes read as 15, 16 as 12), the same rule the base's sheet and the
reference card's base range table apply."""

from __future__ import annotations

from typing import Any

import pytest

from sheetgen.games.starfire import live, play
from sheetgen.games.starfire.stats import StarfireStats
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

SHIPS = DESIGNS / "starfire" / "ships"


def _base(file: str) -> live.State:
    (entry,) = load_designs([SHIPS / file]).entries
    assert isinstance(entry.stats, StarfireStats) and entry.stats.kind == "base"
    return live.start(entry.stats)


def _odds(state: live.State, range_hexes: int) -> dict[str, dict[str, Any]]:
    return {
        w["code"]: {k: w[k] for k in ("to_hit", "damage", "chance")} for w in live.weapons(state, range_hexes)
    }


def test_sentinel_missiles_read_the_range_less_five() -> None:
    sentinel = _base("base1-watchtower.yaml")  # BS1 with Y: Sentinel in Warp point assault
    # 20 hexes is treated as 15: R to hit 4; 16 hexes as 12: R to hit 5
    assert _odds(sentinel, 20)["R"] == {"to_hit": 4, "damage": 1, "chance": "2/5"}
    assert _odds(sentinel, 16)["R"] == {"to_hit": 5, "damage": 1, "chance": "1/2"}
    assert _odds(sentinel, 9)["R"] == {"to_hit": 6, "damage": 1, "chance": "3/5"}  # within 12: as is
    assert _odds(sentinel, 20)["G"]["to_hit"] is None  # G reaches 5 hexes; 20 reads as 15


def test_bulwark_torpedoes_read_the_range_less_five() -> None:
    bulwark = _base("base2-citadel.yaml")  # BS2 with Y: Bulwark in Warp point assault
    assert _odds(bulwark, 20)["Pt"] == {"to_hit": 2, "damage": 2, "chance": "1/5"}


@pytest.mark.parametrize("r", range(13, 26))
def test_play_odds_are_the_reference_cards_base_numbers(r: int) -> None:
    bulwark = _base("base2-citadel.yaml")
    odds = _odds(bulwark, r)
    for code in ("R", "Pt", "G"):
        assert odds[code]["to_hit"] == play.to_hit(code, r, base_with_sensors=True)


def test_a_base_whose_combat_sensors_are_destroyed_loses_the_reach() -> None:
    sentinel = _base("base1-watchtower.yaml")  # SSSSAAAAQQYDDRRRG: Y is the 11th system
    blind = live.apply(sentinel, {"action": "damage", "amount": 11})
    assert blind["destroyed"][10] and _odds(blind, 16)["R"]["to_hit"] is None  # 10-hex limit
    assert _odds(blind, 10)["R"]["to_hit"] == 6
