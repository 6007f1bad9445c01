"""Conditions Knight Hawks 2000 attaches to firing, maneuvering, boarding and repairs,
held by the play helpers: point-blank range, detection, lost sensors, weapon range,
grapples once a turn, the firer's own to-hit modifiers (bridge, mastercomp, programs,
selective targeting, sharpshooting, rams), bridge and multi-turn maneuvers, minelaying
ADF, boarding crew and the repair turns."""

from __future__ import annotations

from fractions import Fraction

from sheetgen.games.knighthawks import play
from sheetgen.games.knighthawks.data import WeaponKind


def test_point_blank_range() -> None:
    # FIRING: within three hexes (180 m) of a ship four or more hull sizes larger
    assert play.point_blank(1, 5, 3)
    assert not play.point_blank(1, 4, 3)
    assert not play.point_blank(1, 5, 4)
    assert play.fire_problem("HLC", 3, firer_hs=5, target_hs=1) is not None  # no return fire
    assert play.fire_problem("LP", 3, firer_hs=1, target_hs=5) is None  # the small ship strafes


def test_range_detection_and_sensors() -> None:
    assert play.fire_problem("LP", 3_750_000, firer_hs=1, target_hs=3) is None  # 225,000 km
    assert play.fire_problem("LP", 3_750_001, firer_hs=1, target_hs=3) is not None
    assert play.fire_problem("MLC", 5, firer_hs=3, target_hs=3, detected=False) is not None
    assert play.fire_problem("MLC", 5, firer_hs=3, target_hs=3, sensors_left=False) is not None
    assert (
        play.fire_problem("MLC", 1, firer_hs=3, target_hs=3, sensors_left=False, current_target=True) is None
    )
    assert (
        play.fire_problem("MLC", 2, firer_hs=3, target_hs=3, sensors_left=False, current_target=True)
        is not None
    )


def test_grapples_once_a_turn() -> None:
    assert play.fire_problem("grapple", 0, firer_hs=3, target_hs=3) is None
    assert play.fire_problem("grapple", 0, firer_hs=3, target_hs=3, grapples_used=1) is not None


def test_firers_own_to_hit_modifiers() -> None:
    laser = WeaponKind.LASER
    assert play.to_hit_modifier(laser, targeting_program=2) == 20
    assert play.to_hit_modifier(laser, selective=True) == -30
    assert play.to_hit_modifier(laser, sharpshooter=1) == 10
    assert play.to_hit_modifier(laser, mastercomp_lost=True) == -20
    assert play.to_hit_modifier(laser, vehicular_combat=15) == 15
    # bridge destroyed: -20 and no help from the pilot's Vehicular Combat
    assert play.to_hit_modifier(laser, vehicular_combat=15, bridge_destroyed=True) == -20
    # a ram: only Vehicular Combat and ICM salvos
    assert play.to_hit_modifier(laser, icm_salvos=1, mag_shielding=True, targeting_program=2, ram=True) == -25


def test_maneuvers() -> None:
    six = Fraction(6)
    assert play.maneuver_problem("evade", mp=six) is None
    assert play.maneuver_problem("evade", mp=six, bridge_destroyed=True) is not None
    assert play.maneuver_problem("change_direction", mp=six, multi_turn=True) is not None
    assert play.maneuver_problem("change_direction", mp=Fraction(0)) is not None
    assert play.maneuver_problem("lay_mines", mp=six, adf_used=1) is None
    assert play.maneuver_problem("lay_mines", mp=six, adf_used=2) is not None


def test_boarding_and_repairs() -> None:
    assert play.boarding_problem(grappled_or_matched=False, crew=20, boarders=2, hull_size=6) is not None
    assert play.boarding_problem(grappled_or_matched=True, crew=10, boarders=4, hull_size=6) is None
    assert play.boarding_problem(grappled_or_matched=True, crew=10, boarders=5, hull_size=6) is not None
    assert [t for t in range(1, 8) if play.repair_turn(t)] == [3, 6]
