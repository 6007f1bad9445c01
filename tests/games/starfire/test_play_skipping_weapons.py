"""Weapons that skip systems (Solar Starfire Quick Start, combat; RULINGS SF-12): a laser's
damage passes over the shields, an energy beam's over the armor; other weapons, and damage
given without its weapon, take the standard order from the leftmost shield."""

from __future__ import annotations

from typing import Any

from sheetgen.games.starfire import live, play
from sheetgen.games.starfire.card import card
from sheetgen.games.starfire.rules import Design
from sheetgen.games.starfire.stats import derive

HAMMER = "SSSAAA(I)(I)(I)(I)(I)QQYDDRRL"  # the bundled destroyer: 3 S, 3 A, then the drives


def _hit(amount: int, weapon: str | None, state: live.State | None = None) -> live.State:
    ship = state or live.start(derive(Design.from_string("Hammer", "DD", HAMMER)))
    event: dict[str, Any] = {"action": "damage", "amount": amount}
    if weapon is not None:
        event["weapon"] = weapon
    return live.apply(ship, event)


def _lost(state: live.State) -> tuple[list[int], list[int]]:
    """(positions offline, positions destroyed), 1 the leftmost."""
    return (
        [i + 1 for i, off in enumerate(state["offline"]) if off],
        [i + 1 for i, gone in enumerate(state["destroyed"]) if gone],
    )


def test_a_laser_point_skips_the_shields() -> None:
    assert _lost(_hit(1, "L")) == ([], [4])  # the first armor, every shield still up
    assert _lost(_hit(4, "L")) == ([], [4, 5, 6, 7])  # three armor and the first drive


def test_an_energy_beam_takes_the_shields_and_skips_the_armor() -> None:
    assert _lost(_hit(2, "E")) == ([1, 2], [])
    assert _lost(_hit(4, "E")) == ([1, 2, 3], [7])  # the armor passed over: the first drive


def test_other_weapons_and_unnamed_damage_take_the_standard_order() -> None:
    for weapon in ("R", "F", "Pt", None):
        assert _lost(_hit(4, weapon)) == ([1, 2, 3], [4])


def test_a_laser_after_the_shields_are_down_goes_on_to_the_armor() -> None:
    down = _hit(3, "R")
    assert _lost(_hit(1, "L", down)) == ([1, 2, 3], [4])


def test_laser_damage_lets_shields_come_back() -> None:
    # shields down, then three turns of laser hits only: one shield back (shields)
    state = _hit(3, "R")
    state = live.end_turn(state)  # the turn of the missile hit: the count starts at 0
    for _ in range(3):
        state = live.end_turn(_hit(1, "L", state))
    assert state["offline"][:3] == [False, True, True]


def test_the_rule_function_and_the_card_say_the_same() -> None:
    assert play.skips_system("L", "S") and play.skips_system("E", "A")
    assert not play.skips_system("L", "A") and not play.skips_system("E", "S")
    assert not play.skips_system(None, "S")
    damage = next(s for s in card().sections if s.title == "Damage")
    assert "Lasers (L) skip shields; energy beams (E) skip armor (SF-12)." in damage.lines
