"""Starfire rules of play (RULINGS SF-8 and the text's examples): the weapon chart cell by cell, to-hit
modifiers, base range, point defense, engine modulation and wrecks."""

from __future__ import annotations

import pytest

from sheetgen.games.starfire import data, play
from sheetgen.games.starfire.rules import Design
from sheetgen.games.starfire.stats import StarfireStats, derive


def stats(hull: str, systems: str, **kw: object) -> StarfireStats:
    return derive(Design.from_string("Test", hull, systems, **kw))  # type: ignore[arg-type]


CHART = {  # RULINGS SF-8, cell by cell, range 0..20 ("-" cannot fire)
    "R": ("6 6 6 6 6 6 6 6 6 6 6 6 5 5 4 4 3 3 - - -", "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 - - -"),
    "G": ("7 6 5 4 3 2 - - - - - - - - - - - - - - -", "2 2 2 2 2 2 - - - - - - - - - - - - - - -"),
    "Pt": ("3 3 3 3 4 4 4 5 5 5 4 3 3 3 2 2 1 1 1 - -", "2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1 - -"),
    "F": ("8 8 8 7 7 7 7 6 - - - - - - - - - - - - -", "3 2 2 2 1 1 1 1 - - - - - - - - - - - - -"),
    "L": ("8 8 8 7 7 7 7 - - - - - - - - - - - - - -", "2 2 2 1 1 1 1 - - - - - - - - - - - - - -"),
    "E": ("7 7 7 6 6 6 6 - - - - - - - - - - - - - -", "3 3 2 2 2 1 1 - - - - - - - - - - - - - -"),
}


def _row(text: str) -> list[int | None]:
    return [None if c == "-" else int(c) for c in text.split()]


@pytest.mark.parametrize("weapon", list(CHART))
def test_weapon_chart_cell_by_cell(weapon: str) -> None:
    hits, damage = CHART[weapon]
    assert [play.to_hit(weapon, r) for r in range(21)] == _row(hits)
    assert [play.weapon_damage(weapon, r) for r in range(21)] == _row(damage)


def test_to_hit_modifiers() -> None:
    assert play.to_hit("F", 0, target_modulating=True) == 7  # engine modulation -1
    assert play.to_hit("F", 0, firer_transited=True) == 5  # transit -3
    assert play.to_hit("F", 0, target_transited=True) == 6  # fired on after transit -2
    assert play.to_hit("Pt", 0, target_is_base=True) == 4  # torpedoes v bases +1
    assert play.to_hit("R", 0, target_is_base=True) == 6  # only Pt gets it
    assert play.to_hit("Pt", 16, firer_transited=True) is None  # 1 - 3: zero or less cannot hit
    assert play.to_hit("R", 10, combat_sensors=False) == 6
    assert play.to_hit("R", 11, combat_sensors=False) is None  # 10-hex limit without Y


def test_base_extended_range_examples_from_the_text() -> None:
    assert play.base_effective_range("R", 20) == 15
    assert play.base_effective_range("R", 16) == 12
    assert play.base_effective_range("R", 12) == 12
    assert play.base_effective_range("F", 20) == 20  # beams get no extension
    assert play.to_hit("R", 20, base_with_sensors=True) == 4  # read at 15 hexes
    assert play.to_hit("R", 20) is None


def test_point_defense_table() -> None:
    assert [(o.target, o.up_to, o.intercept_on) for o in data.POINT_DEFENSE] == [
        ("Missile", 1, 5),
        ("Missiles", 3, 3),
        ("Plasma Torpedo", 1, 4),
        ("Plasma Torpedoes", 3, 2),
        ("Sprint Missile", 1, 3),
        ("Sprint Missiles", 3, 1),
    ]
    assert play.intercept_number(1, transited=True) == 4
    assert play.intercept_number(6, transited=True) is None
    with pytest.raises(ValueError, match="1 to 6"):
        play.intercept_number(7)


def test_engine_modulation_example_corvette() -> None:
    # the text: a corvette with TM 2 and 6 MP that modulates has 4 MP
    assert play.engine_modulation_mp(6, 2) == 4
    assert play.engine_modulation_mp(2, 2) is None  # needs at least TM + 1
    assert play.can_hard_turn(2, 2) and not play.can_hard_turn(1, 2)


def test_wreck_is_only_shields_armor_holds() -> None:
    assert play.is_wreck(["S", "S", "A", "H"])
    assert not play.is_wreck(["S", "A", "Q"])


def test_a_base_with_sensors_reaches_past_the_chart() -> None:
    from sheetgen.games.starfire.sheet import sheet_ranges

    # 22 hexes is read as 17 (R to-hit 3); 23 as 18 (Pt to-hit 1, R out of range)
    assert play.to_hit("R", 22, base_with_sensors=True) == 3
    assert play.to_hit("Pt", 23, base_with_sensors=True) == 1
    assert play.to_hit("R", 23, base_with_sensors=True) is None
    watchtower = stats("BS1", "SSSSAAAAQQYDDRRRG")
    citadel = stats("BS2", "SSSSSSAAAAAAZQQQQYYDDDRRRRPtGMg")
    assert sheet_ranges(watchtower)[-1] == 22
    assert sheet_ranges(citadel)[-1] == 23
    assert sheet_ranges(stats("CT", "SSAA(I)(I)(I)QLR"))[-1] == 20


def test_a_ship_turns_after_the_mp_that_fulfils_its_turn_mode() -> None:
    # Seed 001, Movement Phase (line 18): the turn comes after the MP that fulfils the turn mode.
    assert play.may_turn(2, 2) and not play.may_turn(1, 2)
    assert play.may_turn(1, 1) and not play.may_turn(0, 1)
    assert play.may_turn(3, 3) and not play.may_turn(2, 3)


def test_only_damage_a_freighter_receives_doubles() -> None:
    # Seed 001, Ship Design, freighters (line 7): double damage from attacks on a freighter.
    assert play.damage_received(2, target_is_freighter=True) == 4
    assert play.damage_received(2, target_is_freighter=False) == 2
    assert play.weapon_damage("R", 5) == 1  # what a freighter fires: the chart's damage
