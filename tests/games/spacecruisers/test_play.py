"""Space Cruisers rules of play: the odds to hit, of shields, security teams, evasion and criticals,
against the text's numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from sheetgen.games.spacecruisers import odds, play


@pytest.mark.parametrize(
    ("weapon", "kw", "number", "chance"),
    [
        # phasers hit on 5+: faces 5..10 are 6 of 10
        ("phasers", {}, 5, Fraction(6, 10)),
        # one scanner: 4+, faces 4..10
        ("phasers", {"scanners": 1}, 4, Fraction(7, 10)),
        # cloaked target: 8+, faces 8, 9, 10
        ("phasers", {"cloaked": True}, 8, Fraction(3, 10)),
        # torpedoes 7+: 7..10
        ("photon torpedoes", {}, 7, Fraction(4, 10)),
        # cloaked torpedo target: 10 only
        ("photon torpedoes", {"cloaked": True}, 10, Fraction(1, 10)),
        # cloaked and a targeting-computer critical: 11, impossible on a d10
        ("missiles", {"cloaked": True, "targeting_hit": True}, 11, Fraction(0)),
        # three scanners on a phaser: 2+
        ("phasers", {"scanners": 3}, 2, Fraction(9, 10)),
        # five scanners: 0+, every face hits
        ("phasers", {"scanners": 5}, 0, Fraction(1)),
        ("chain guns", {"scanners": 1, "cloaked": True}, 9, Fraction(2, 10)),
    ],
)
def test_chance_to_hit(weapon: str, kw: dict[str, Any], number: int, chance: Fraction) -> None:
    assert play.hits_on(weapon, **kw) == number
    assert odds.chance_to_hit(weapon, **kw) == chance


def test_weapons_without_a_to_hit_roll() -> None:
    assert play.hits_on("security team") is None
    with pytest.raises(ValueError, match="rolls no to-hit"):
        odds.chance_to_hit("ion shockwave")
    with pytest.raises(ValueError, match="not a weapon; weapons are phasers"):
        play.hits_on("shields")


@pytest.mark.parametrize(
    ("dice", "bonus", "stopped", "mean"),
    [
        # 1d6: faces 1..4 of 6
        (1, 0, Fraction(4, 6), Fraction(7, 2)),
        # 1d6+1 (targeting computer): faces 1..3
        (1, 1, Fraction(3, 6), Fraction(9, 2)),
        # 1d6-1 (internal damage): faces 1..5 give 0..4
        (1, -1, Fraction(5, 6), Fraction(5, 2)),
        # 2d6 totals 2, 3, 4: 1 + 2 + 3 = 6 of 36
        (2, 0, Fraction(6, 36), Fraction(7)),
        # 2d6+1: totals 2, 3 only: 3 of 36
        (2, 1, Fraction(3, 36), Fraction(8)),
        # 2d6-1: totals 2..5: 1 + 2 + 3 + 4 = 10 of 36
        (2, -1, Fraction(10, 36), Fraction(6)),
    ],
)
def test_shield_outcomes(dice: int, bonus: int, stopped: Fraction, mean: Fraction) -> None:
    assert odds.shield_outcomes(dice, bonus) == (stopped, 1 - stopped)
    assert odds.mean_damage(dice, bonus) == mean


def test_security_team_odds() -> None:
    third = Fraction(1, 3)
    assert odds.security_outcomes() == {"team lost": third, "no effect": third, "target destroyed": third}
    # Space Cruisers, attack phase: an elite crew may evade an attack that hits (the 5-6 that
    # destroys the ship), on 1-3 of a d6; the team's own 1-2 is no hit and stands
    assert odds.security_outcomes(evading=True) == {
        "team lost": Fraction(1, 3),
        "no effect": Fraction(1, 2),
        "target destroyed": Fraction(1, 6),
    }


def test_evade_and_d6_sixes() -> None:
    assert odds.evade_chance() == Fraction(1, 2)
    assert odds.chance_on_d6(6) == Fraction(1, 6)


@pytest.mark.parametrize(
    ("rolls", "lost"),
    [
        (0, Fraction(0)),
        (1, Fraction(0)),
        # two rolls: the same one of 3, 4, 5 twice = 3 of 100
        (2, Fraction(3, 100)),
        # three rolls: 1000 - (7^3 + 3*3*7^2 + 3*3*2*7 + 3!) = 1000 - 916 = 84 of 1000
        (3, Fraction(84, 1000)),
    ],
)
def test_chance_a_ship_is_lost_to_criticals(rolls: int, lost: Fraction) -> None:
    assert odds.critical_loss_chance(rolls) == lost


def test_critical_loss_by_brute_force() -> None:
    import itertools

    n = 4
    count = 0
    for faces in itertools.product(range(1, 11), repeat=n):
        if any(faces.count(f) >= 2 for f in (3, 4, 5)):
            count += 1
    assert odds.critical_loss_chance(n) == Fraction(count, 10**n)


@pytest.mark.parametrize("module", ["data", "rules", "odds"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"sheetgen.games.spacecruisers.{module}"))
    assert result.attempted > 0 and result.failed == 0
