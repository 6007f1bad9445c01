"""Two readings of Knight Hawks 2000 in play: a multi-missile drone's payload is missiles, so
magnetic shielding halves its damage (WEAPONS; DEFENSIVE SYSTEMS; RULINGS KH-9); and a ship
makes no repairs while a disastrous fire burns (EXPLANATION OF DAMAGE RESULTS; REPAIRS;
RULINGS KH-10)."""

from __future__ import annotations

from typing import Any

import pytest

from sheetgen.core.refused import Refused
from sheetgen.games.knighthawks import data, live, play
from sheetgen.games.knighthawks.card import defended_by
from sheetgen.games.knighthawks.data import WeaponKind
from sheetgen.games.knighthawks.stats import KnightHawksStats
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS


@pytest.fixture(scope="module")
def leviathan() -> KnightHawksStats:
    (entry,) = load_designs([DESIGNS / "knight-hawks-2000" / "ships" / "leviathan.yaml"]).entries
    assert isinstance(entry.stats, KnightHawksStats)
    return entry.stats


def _attack(stats: KnightHawksStats, code: str, aim: dict[str, int]) -> dict[str, Any]:
    return next(w for w in live.weapons(live.start(stats), 1, aim) if w["code"] == code)


def test_shielding_halves_a_multi_missile_drones_payload(leviathan: KnightHawksStats) -> None:
    assert _attack(leviathan, "MMD", {})["max_damage"] == "6900"
    shielded = _attack(leviathan, "MMD", {"shielding": 1})
    assert (shielded["kept"], shielded["max_damage"]) == ("1/2", "3450")
    # the seekers and torpedoes it carries are halved the same way
    assert play.reduced_damage(1_000, WeaponKind.MISSILE, mag_shielding=True) == 500


def test_drone_fighters_keep_the_drones_defences() -> None:
    assert data.WEAPONS["DF"].damage_kind is WeaponKind.DRONE
    assert play.attack_odds(25, WeaponKind.DRONE, dice=40, max_damage=400, mag_shielding=True).kept == 1


def test_the_sheet_and_card_name_shielding_against_the_drone() -> None:
    mmd = data.WEAPONS["MMD"]
    assert defended_by(mmd.kind, mmd.payload) == "ICM, MS"
    assert defended_by(data.WEAPONS["DF"].kind, data.WEAPONS["DF"].payload) == "ICM"


def _to_repair_turn(state: live.State) -> live.State:
    while not play.repair_turn(state["turn"]):
        state = live.end_turn(state)
    return state


def test_no_repairs_during_a_disastrous_fire(leviathan: KnightHawksStats) -> None:
    state = live.apply(live.start(leviathan), {"action": "damage", "amount": 100})
    assert live.now(state)["repair_chance"] == 290  # DCR 250 + 10 x Damage Control 4
    state = live.apply(state, {"action": "system_damage", "weapon": "disastrous_fire"})
    assert live.now(state)["repair_chance"] == 0
    with pytest.raises(Refused, match=r"no repairs during a disastrous fire \(RULINGS KH-10\)"):
        live.apply(_to_repair_turn(state), {"action": "repair", "roll": 10})
