"""Conditions Kill Radius attaches to attacks and fighters, held by the play helpers:
no rear bonus against fighters, deployment within 2 hexes, fighters moving at most
12 hexes and not at all while pinned, recovery after two fighters segments."""

from __future__ import annotations

from sheetgen.games.killradius import play


def test_rear_bonus_only_against_ships() -> None:
    # Attacking step 1: +1 into the rear of a target other than a fighter
    assert play.attack_total(3, 5, rear=True) == 9
    assert play.attack_total(3, 5, rear=True, target_fighter=True) == 8


def test_fighters_deploy_within_two_hexes() -> None:
    assert [play.deploy_ok(h) for h in range(4)] == [True, True, True, False]


def test_fighters_move_twelve_hexes_unless_pinned() -> None:
    assert play.fighter_move_ok(12) and not play.fighter_move_ok(13)
    assert not play.fighter_move_ok(1, pinned=True) and play.fighter_move_ok(0, pinned=True)


def test_fighters_are_recovered_after_two_segments() -> None:
    assert not play.fighter_recovered(1) and play.fighter_recovered(2)
