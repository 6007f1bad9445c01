"""Every condition Solar Starfire Quick Start attaches to firing, moving and intercepting,
held by the play helpers (sheetgen.games.starfire.play): transit, blindspot, restricted
arc, sheltering, munitions, hard turn, engine modulation, warp point passage."""

from __future__ import annotations

import pytest

from sheetgen.games.starfire import play


@pytest.mark.parametrize("r", [11, 12, 13, 14, 15])
def test_no_combat_sensors_the_turn_a_ship_transits(r: int) -> None:
    # warp point transits: combat sensors cannot be used that turn, so the 10-hex
    # targeting limit holds even for a ship that mounts Y
    assert play.to_hit("R", r) is not None
    assert play.to_hit("R", r, firer_transited=True) is None
    assert play.to_hit("R", r, combat_sensors=True, firer_transited=True) is None


def test_transit_keeps_the_chart_within_ten_hexes() -> None:
    assert play.to_hit("R", 10, firer_transited=True) == 6 - 3
    assert play.to_hit("F", 0, firer_transited=True) == 8 - 3


def test_targeting_range_the_turn_a_ship_transits() -> None:
    assert play.targeting_range(["R"], combat_sensors=True, base=False) == 20
    assert play.targeting_range(["R"], combat_sensors=True, base=False, transited=True) == 10


def test_no_hard_turn_or_modulation_the_turn_a_ship_transits() -> None:
    assert play.can_hard_turn(6, 2)
    assert not play.can_hard_turn(6, 2, transited=True)
    assert play.engine_modulation_mp(6, 2) == 4
    assert play.engine_modulation_mp(6, 2, transited=True) is None


def test_engine_modulation_must_leave_the_start_hex() -> None:
    assert play.modulated_move_ok(1, True)
    assert not play.modulated_move_ok(4, False)  # all MP spent in the starting hex
    assert not play.modulated_move_ok(0, False)


def test_blindspot_cannot_be_fired_into() -> None:
    assert play.to_hit("F", 3, target_in_blindspot=True) is None
    assert play.to_hit("F", 3) == 7
    assert play.to_hit("F", 3, target_in_blindspot=True, firer_is_base=True) == 7  # bases have none


def test_restricted_arc_fires_forward_and_into_its_own_hex() -> None:
    assert play.to_hit("E", 2, restricted_arc=True, target_in_front_arc=False) is None
    assert play.to_hit("E", 2, restricted_arc=True, target_in_front_arc=True) == 7
    assert play.to_hit("E", 0, restricted_arc=True, target_in_front_arc=False) == 7  # same hex
    assert play.to_hit("E", 2, target_in_front_arc=False) == 7  # a turreted weapon fires all round


def test_sheltering_behind_a_planet() -> None:
    assert play.to_hit("F", 1, sheltering=True) is None
    assert play.to_hit("F", 0, sheltering=True) == 8  # a unit in the same hex still may
    assert play.may_shelter(base=False, planet_or_moon_in_hex=True)
    assert not play.may_shelter(base=True, planet_or_moon_in_hex=True)
    assert not play.may_shelter(base=False, planet_or_moon_in_hex=False)


def test_a_depleted_launcher_cannot_fire() -> None:
    assert play.to_hit("R", 4, depleted=True) is None


def test_fire_from_the_blindspot_cannot_be_intercepted() -> None:
    assert play.intercept_number(1) == 5
    assert play.intercept_number(1, from_blindspot=True) is None


def test_warp_point_passage() -> None:
    assert play.may_transit(base=False)
    assert not play.may_transit(base=True)  # bases cannot transit warp points
    assert not play.may_transit(base=False, transits_this_mp=1)  # one unit per MP
    assert play.may_transit(base=False, leaving=True)
    assert not play.may_transit(base=False, leaving=True, entered_by_warp_this_turn=True)


def test_one_intercept_attempt_per_missile() -> None:
    assert play.intercept_number(3) == 4
    assert play.intercept_number(3, engaged_before=True) is None


def test_shields_come_back_after_three_quiet_rounds() -> None:
    assert [play.regains_shield(r, 1) for r in range(5)] == [False, False, False, True, True]
    assert not play.regains_shield(3, 0)
