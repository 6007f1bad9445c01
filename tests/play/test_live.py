"""Each game's state in play (``games/<game>/live.py``) with the rule texts' numbers."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from sheetgen.core.refused import Refused
from sheetgen.games.killradius import live as kr
from sheetgen.games.knighthawks import live as kh
from sheetgen.games.spacecruisers import live as sc
from sheetgen.games.starfire import live as sf
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS


def _ships(path: str) -> dict[str, Any]:
    scenario, _ = load_scenario(DESIGNS / path)
    assert scenario is not None
    return {ship.name: ship.stats for ship in scenario.ships}


@pytest.fixture(scope="module")
def starfire() -> dict[str, Any]:
    return {
        **_ships("starfire/scenarios/small-task-groups.yaml"),
        **_ships("starfire/scenarios/convoy-raid.yaml"),
        **_ships("starfire/scenarios/set-piece-battle.yaml"),
    }


def _hit(module: Any, state: Any, amount: int, **extra: Any) -> Any:
    return module.apply(state, {"action": "damage", "amount": amount, **extra})


# --- Starfire (Solar Starfire Quick Start, combat) -------------------------------------------


def test_hammer_starts_with_its_system_string_and_five_mp(starfire: dict[str, Any]) -> None:
    now = sf.now(sf.start(starfire["Hammer"]))
    assert now["systems"] == "SSSAAA(I)(I)(I)(I)(I)QQYDDRRL"
    assert now["movement_points"] == 5


def test_damage_knocks_shields_offline_then_destroys_left_to_right(starfire: dict[str, Any]) -> None:
    state = _hit(sf, sf.start(starfire["Hammer"]), 4)
    now = sf.now(state)
    assert now["systems"] == "AA(I)(I)(I)(I)(I)QQYDDRRL"
    assert now["shields_offline"] == 3
    assert now["destroyed"][:4] == [False, False, False, True]  # shields offline, not destroyed
    # the next hit skips the destroyed armor and the offline shields
    assert sf.now(_hit(sf, state, 2))["systems"] == "(I)(I)(I)(I)(I)QQYDDRRL"


def test_lost_engine_rooms_lower_mp(starfire: dict[str, Any]) -> None:
    # a DD gives 1 MP per drive, Max MP 5 (Hull Chart): each lost room costs 1 MP
    state = _hit(sf, sf.start(starfire["Hammer"]), 6 + 2)
    assert sf.now(state)["movement_points"] == 3


def test_a_lost_drive_stops_its_whole_room() -> None:
    # a CL: 2/3 MP per drive, Max MP 4 (Hull Chart); five drives in rooms (II)(I)(II) give 3 MP
    from sheetgen.games.starfire.notation import parse_system_string
    from sheetgen.games.starfire.rules import Design
    from sheetgen.games.starfire.stats import derive

    stats = derive(Design("Sabre", "CL", parse_system_string("S(II)(I)(II)QQQL")))
    state = sf.start(stats)
    assert sf.now(state)["movement_points"] == 3
    state = _hit(sf, state, 2)  # the shield goes offline, one drive of the first (II) is destroyed
    assert sf.now(state)["systems"] == "(I)(I)(II)QQQL"
    assert sf.now(state)["movement_points"] == 2  # the whole room is lost: 3 drives, floor(2) = 2
    state = _hit(sf, state, 1)  # the room's other drive: nothing more lost
    assert sf.now(state)["movement_points"] == 2
    state = _hit(sf, state, 1)  # the (I): 2 drives left, floor(4/3) = 1
    assert sf.now(state)["movement_points"] == 1


def test_freighters_take_double_damage(starfire: dict[str, Any]) -> None:
    freighter = next(s for s in starfire.values() if s.double_damage)
    state = _hit(sf, sf.start(freighter), 1)
    assert sum(sf.now(state)["destroyed"]) == 2


def test_every_system_destroyed_removes_the_ship_and_refuses_more(starfire: dict[str, Any]) -> None:
    stats = starfire["Hammer"]
    state = _hit(sf, sf.start(stats), 100)
    assert sf.removed(state)
    assert sf.now(state)["movement_points"] == 0
    with pytest.raises(Refused, match="Hammer is destroyed and removed from play"):
        _hit(sf, state, 1)


def test_a_ship_left_with_shields_armor_and_holds_is_a_wreck(starfire: dict[str, Any]) -> None:
    freighter = next(s for s in starfire.values() if s.double_damage)
    keep = sum(1 for code in freighter.systems if code.rstrip("+") in ("S", "A", "H"))
    assert keep < len(freighter.systems)
    # a freighter's systems are I, Q and H: destroy all but the holds at the right end
    state = sf.start(freighter)
    state = {**state, "destroyed": [code != "H" for code in freighter.systems]}
    assert sf.removed(state) and sf.now(state)["wreck"]


def test_shields_come_back_one_at_a_time_after_three_quiet_turns(starfire: dict[str, Any]) -> None:
    state = _hit(sf, sf.start(starfire["Hammer"]), 2)
    assert sf.now(state)["shields_offline"] == 2
    state = sf.end_turn(state)  # the turn of the hit: not quiet
    for _ in range(2):
        state = sf.end_turn(state)
    assert sf.now(state)["shields_offline"] == 2
    # a laser hit skips the shields (RULINGS SF-12), takes the first armor and does not break the count
    state = _hit(sf, state, 1, weapon="L")
    assert sf.now(state)["shields_offline"] == 2 and sf.now(state)["destroyed"][3]
    state = sf.end_turn(state)  # the third quiet turn: one shield back, the leftmost
    assert sf.now(state)["shields_offline"] == 1
    assert sf.now(state)["systems"].startswith("SSAA(")
    for _ in range(2):
        state = sf.end_turn(state)
    assert sf.now(state)["shields_offline"] == 1  # the count started again
    state = sf.end_turn(state)
    assert sf.now(state)["shields_offline"] == 0


def test_other_damage_starts_the_count_again(starfire: dict[str, Any]) -> None:
    state = sf.end_turn(_hit(sf, sf.start(starfire["Hammer"]), 1))
    state = sf.end_turn(sf.end_turn(state))
    state = sf.end_turn(_hit(sf, state, 1, weapon="F"))
    assert sf.now(state)["shields_offline"] == 2


@pytest.mark.parametrize(
    ("event", "line"),
    [
        ({"action": "damage", "amount": 0}, "1 or more"),
        ({"action": "damage", "amount": "2"}, "whole number"),
        ({"action": "damage", "amount": 1, "weapon": "Z9"}, "unknown weapon 'Z9'"),
        ({"action": "fly"}, "not 'fly'"),
    ],
)
def test_starfire_refusals_change_nothing(starfire: dict[str, Any], event: dict[str, Any], line: str) -> None:
    state = sf.start(starfire["Hammer"])
    with pytest.raises(Refused, match=line):
        sf.apply(state, event)
    assert not any(state["destroyed"]) and not any(state["offline"])


# --- Kill Radius (Damage, Recovery Period) ---------------------------------------------------


@pytest.fixture(scope="module")
def kr_ship() -> Any:
    return next(iter(_ships("kill-radius/scenarios/border-clash.yaml").values()))


def test_kill_radius_damage_takes_effect_next_turn(kr_ship: Any) -> None:
    # the text's example 1: a Number 4 target takes 2 and drops to 2 at the end of the turn;
    # at half its starting Number its MP fall from 6 to 5 and its facing changes from 3 to 2
    state = kr.start(dataclasses.replace(kr_ship, number=4, carrier=False))
    state = _hit(kr, state, 2)
    now = kr.now(state)
    assert (now["number"], now["number_next_turn"], now["movement_points"]) == (4, 2, 6)
    now = kr.now(kr.end_turn(state))
    assert (now["number"], now["movement_points"], now["facing_changes"], now["reduced"]) == (2, 5, 2, True)


def test_kill_radius_recovery(kr_ship: Any) -> None:
    # the text's example: starting Number 8 fallen to 4 (MP 2) rolls an 8: Number 5, MP 3
    state = kr.start(dataclasses.replace(kr_ship, number=8, carrier=False))
    state = kr.end_turn(_hit(kr, state, 4))
    assert kr.now(state)["movement_points"] == 2
    state = kr.apply(state, {"action": "recover", "roll": 8})
    assert (kr.now(state)["number"], kr.now(state)["movement_points"]) == (5, 3)
    state = kr.end_turn(state)
    assert kr.now(kr.apply(state, {"action": "recover", "roll": 9}))["number"] == 5  # 9 > 8 fails


def test_kill_radius_recovery_is_one_roll_a_turn(kr_ship: Any) -> None:
    """Kill Radius, Recovery Period: a d10 for every damaged ship once all have moved and
    attacked, so one roll a turn: starting Number 5 at 3 rolls a 1 (4); a second 1 in the
    same turn is refused; the next turn's 1 takes it to 5."""
    state = kr.start(dataclasses.replace(kr_ship, number=5, carrier=False))
    state = kr.end_turn(_hit(kr, state, 2))
    state = kr.apply(state, {"action": "recover", "roll": 1})
    assert kr.now(state)["number"] == 4 and kr.now(state)["may_recover"] is False
    with pytest.raises(Refused, match="recovery roll this turn"):
        kr.apply(state, {"action": "recover", "roll": 1})
    state = kr.end_turn(state)
    assert kr.now(state)["may_recover"] is True
    assert kr.now(kr.apply(state, {"action": "recover", "roll": 1}))["number"] == 5


def test_kill_radius_refuses_recovery_below_half_and_when_undamaged(kr_ship: Any) -> None:
    state = kr.start(dataclasses.replace(kr_ship, number=8, carrier=False))
    with pytest.raises(Refused, match="undamaged"):
        kr.apply(state, {"action": "recover", "roll": 1})
    state = kr.end_turn(_hit(kr, state, 5))  # Number 3, below half of 8 (4)
    with pytest.raises(Refused, match="below half"):
        kr.apply(state, {"action": "recover", "roll": 1})


def test_kill_radius_number_zero_is_destroyed(kr_ship: Any) -> None:
    state = kr.end_turn(_hit(kr, kr.start(dataclasses.replace(kr_ship, number=3)), 7))
    assert kr.removed(state) and kr.now(state)["number"] == 0
    with pytest.raises(Refused, match="destroyed"):
        _hit(kr, state, 1)


# --- Knight Hawks 2000 (Explanation of Damage Results) ---------------------------------------


@pytest.fixture(scope="module")
def kh_ship() -> Any:
    return next(iter(_ships("knight-hawks-2000/scenarios/flank-action.yaml").values()))


def test_knight_hawks_structure_points(kh_ship: Any) -> None:
    # the text's ramming example: a dreadnaught of 2,500 SP losing 1,400 is at half, ADF and MR 4 -> 2
    state = kh.start(dataclasses.replace(kh_ship, structure_points=2500, adf=4, mr=4))
    now = kh.now(_hit(kh, state, 1400))
    assert (now["structure_points"], now["structure_state"], now["adf"], now["mr"]) == (
        1100,
        "half",
        "2",
        "2",
    )
    assert now["breakup_rolls"] == 1
    now = kh.now(_hit(kh, state, 900, double=True))  # 2x Structure Point Damage: 1,800 lost
    assert (now["structure_points"], now["structure_state"], now["adf"], now["breakup_rolls"]) == (
        700,
        "two-thirds",
        "1",
        6,
    )
    gone = _hit(kh, state, 2500)
    assert kh.removed(gone) and kh.now(gone)["structure_points"] == 0
    with pytest.raises(Refused, match="zero SP"):
        _hit(kh, gone, 1)


@pytest.mark.parametrize(
    ("hits", "lost", "adf"),
    [
        (["void_engine"], 840, "1"),  # (3 - 1) / 2
        (["void_engine"], 1120, "1"),  # two-thirds: (3 - 1) / 2, at most 1
        (["void_engine_destroyed"], 840, "¾"),  # (3 - 3/2) / 2
        ([], 840, "1½"),
    ],
)
def test_knight_hawks_engines_first_then_the_structure_whatever_the_order(
    kh_ship: Any, hits: list[str], lost: int, adf: str
) -> None:
    """RULINGS KH-11: ADF 3 with two void engines and 1,680 SP; engine hits and structure
    damage give the same ADF in either order."""
    ship = dataclasses.replace(kh_ship, structure_points=1680, adf=3, void_engines=2)
    first = kh.start(ship)
    for hit in hits:
        first = kh.apply(first, {"action": "system_damage", "weapon": hit})
    first = _hit(kh, first, lost)
    then = _hit(kh, kh.start(ship), lost)
    for hit in hits:
        then = kh.apply(then, {"action": "system_damage", "weapon": hit})
    assert kh.now(first)["adf"] == kh.now(then)["adf"] == adf


# --- Space Cruisers (attack phase) -----------------------------------------------------------


@pytest.fixture(scope="module")
def sc_ship() -> Any:
    return next(iter(_ships("space-cruisers/scenarios/kepler-station.yaml").values()))


def test_space_cruisers_shields_and_hull_points(sc_ship: Any) -> None:
    state = sc.start(dataclasses.replace(sc_ship, hull_points=10, shields=1))
    held = sc.now(_hit(sc, state, 4))
    assert (held["hull_points"], held["shields"]) == (10, 1)  # 4 or less: negated
    blown = _hit(sc, state, 5)
    assert (sc.now(blown)["hull_points"], sc.now(blown)["shields"]) == (10, 0)  # 5+: negated, shield lost
    hurt = _hit(sc, blown, 6, weapon="phasers")
    assert sc.now(hurt)["hull_points"] == 4
    below = _hit(sc, hurt, 5, weapon="phasers")
    assert (sc.now(below)["hull_points"], sc.now(below)["criticals_due"]) == (-1, 1)
    assert sc.now(_hit(sc, below, 1, weapon="photon torpedoes"))["criticals_due"] == 3
    with pytest.raises(Refused, match="not a weapon"):
        _hit(sc, state, 1, weapon="drives")
