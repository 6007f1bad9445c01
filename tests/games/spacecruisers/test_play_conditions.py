"""Every condition Space Cruisers attaches to attacking and moving, held by the play
helpers: weapon ranges (and -1 after internal damage), arcs, a cloaked or disabled
firer, who a security team may attack, drives, thrusters damage and one ship a hex."""

from __future__ import annotations

import pytest

from sheetgen.games.spacecruisers import play


@pytest.mark.parametrize(
    ("system", "reach"),
    [("phasers", 6), ("photon torpedoes", 4), ("missiles", 3), ("chain guns", 1), ("ion shockwave", 1)],
)
def test_ranges_are_the_texts(system: str, reach: int) -> None:
    assert play.attack_problem(system, reach) is None
    assert play.attack_problem(system, reach + 1) is not None


@pytest.mark.parametrize(("system", "reach"), [("phasers", 6), ("photon torpedoes", 4), ("missiles", 3)])
def test_hits_on_is_none_beyond_range(system: str, reach: int) -> None:
    assert play.hits_on(system, range_hexes=reach) is not None
    assert play.hits_on(system, range_hexes=reach + 1) is None


def test_internal_damage_takes_a_hex_off_every_damaging_weapon() -> None:
    # critical 8: -1 damage and -1 range to all weapons
    assert play.hits_on("phasers", range_hexes=6, internal_damage=True) is None
    assert play.hits_on("phasers", range_hexes=5, internal_damage=True) == 5
    assert play.hits_on("chain guns", range_hexes=1, internal_damage=True) is None
    assert play.hits_on("chain guns", range_hexes=0, internal_damage=True) == 7


def test_a_cloaked_ship_cannot_attack() -> None:
    assert play.hits_on("phasers", firer_cloaked=True) is None
    assert play.attack_problem("security team", 1, cloaked=True) is not None


def test_a_disabled_ship_may_not_fire() -> None:
    # ion shockwave: the damaged ship may not move or fire this turn and next
    assert play.hits_on("missiles", range_hexes=2, disabled=True) is None
    assert not play.move_ok(1, 0, drives=3, disabled=True)


def test_arc() -> None:
    assert play.hits_on("photon torpedoes", range_hexes=2, target_in_arc=False) is None


def test_security_team_needs_an_adjacent_unshielded_uncloaked_ship() -> None:
    assert play.attack_problem("security team", 1) is None
    assert play.attack_problem("security team", 2) is not None
    assert play.attack_problem("security team", 1, target_shields=1) is not None
    assert play.attack_problem("security team", 1, target_cloaked=True) is not None


def test_drives_thrusters_and_stations() -> None:
    assert play.move_ok(2, 1, drives=3)
    assert not play.move_ok(3, 1, drives=3)  # one hex or one turn per drive
    assert not play.move_ok(1, 0, drives=0)  # a station has no drives
    assert play.move_ok(0, 0, drives=0)
    assert not play.move_ok(1, 1, drives=3, thrusters_damaged=True)  # a turn OR straight
    assert play.move_ok(0, 2, drives=3, thrusters_damaged=True)
    assert not play.move_ok(1, 0, drives=3, into_occupied_hex=True)  # one ship per hex


def test_damage_shields_criticals_and_evasion() -> None:
    assert play.damage_total(3, targeting_computer=True) == 4
    assert play.damage_total(3, internal_damage=True) == 2
    assert play.hit_result(4, 2) == (0, False)  # 4 or less is negated
    assert play.hit_result(6, 2) == (0, True)  # 5+ negated, one shield blown
    assert play.hit_result(6, 0) == (6, False)
    assert play.critical_rolls("phasers", 0) == 0  # only once hull points are negative
    assert play.critical_rolls("missiles", -3) == 2
    assert play.may_evade(2, 1) and not play.may_evade(2, 2) and not play.may_evade(0, 0)
