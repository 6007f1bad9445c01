"""One attack's odds (Knight Hawks 2000, HIT DETERMINATION, DEFENSIVE SYSTEMS): the function the
reference card's worked example and play mode's weapons both call, on the text's own numbers."""

from __future__ import annotations

from fractions import Fraction

from sheetgen.games.knighthawks import data, play
from sheetgen.games.knighthawks.card import card
from sheetgen.games.knighthawks.data import WeaponKind


def test_the_damage_examples_proton_battery_gunner_hits_only_on_01_to_05() -> None:
    # The text's damage example: the destroyer's proton battery gunner's final to hit was modified
    # below 6 %, so his 04 is a plain hit; shielding and two ABM salvos leave a quarter: 200 -> 50.
    base = play.base_to_hit(52, 2)  # 1/2 DEX 52 + 10 x Gunner 2
    odds = play.attack_odds(
        base, WeaponKind.PARTICLE, dice=20, max_damage=200, abm_salvos=2, mag_shielding=True
    )
    assert base == 46 and odds.to_hit == 46 - 25 * 2 - 50 < 6
    assert odds.chances.hit == Fraction(5, 100)  # natural 01-05 only
    assert odds.chances.critical_hit == 0  # below 6 %: never critical
    assert odds.kept == Fraction(1, 4) and odds.expected_maximum == Fraction(5, 100) * 50
    assert odds.expected == Fraction(5, 100) * Fraction(11, 2) * 20 * Fraction(1, 4)


def test_the_cruisers_six_linked_heavy_lasers_keep_6000_of_24000() -> None:
    # The text: six linked HLC, 24,000 at maximum damage, become 6,000 through shielding and two ABM.
    odds = play.attack_odds(
        58, WeaponKind.LASER, dice=2400, max_damage=24_000, abm_salvos=2, mag_shielding=True
    )
    assert 24_000 * odds.kept == 6_000
    assert odds.expected_maximum == odds.chances.hit * 6_000


def test_the_base_is_floored_to_a_whole_percent_and_the_modifiers_add() -> None:
    # 1/2 DEX 45 = 22 1/2 %: a d100 at most 22.5 is at most 22; +10 % a Targeting level and the
    # rest as HIT DETERMINATION lists them
    assert play.attack_odds(Fraction(45, 2), WeaponKind.LASER, dice=80, max_damage=800).to_hit == 22
    assert play.attack_odds(50, WeaponKind.LASER, dice=80, max_damage=800, selective=True).to_hit == 20
    bridge = play.attack_odds(
        50, WeaponKind.LASER, dice=80, max_damage=800, vehicular_combat=15, bridge_destroyed=True
    )
    assert bridge.to_hit == 30  # the bridge gone: -20 and no Vehicular Combat
    plain = play.attack_odds(
        50, WeaponKind.MASS_DRIVER, dice=20, max_damage=200, abm_salvos=3, mag_shielding=True
    )
    assert plain.to_hit == 50 and plain.kept == 1  # the text names no defence against mass drivers
    assert plain.chances.hit == Fraction(50, 100) and plain.expected == Fraction(1, 2) * 110


def test_the_card_prints_the_example_from_the_same_function() -> None:
    notes = next(t for t in card().tables if t.id == "to-hit").notes
    assert any("final −54%" in n and "(5%)" in n and "becomes 50" in n for n in notes)
    assert data.DEFAULT_GUNNER_SCORE == 50 and play.base_to_hit(data.DEFAULT_GUNNER_SCORE, 0) == 25
