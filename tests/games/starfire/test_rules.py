"""Starfire construction rules and combat numbers, each against the rule text's own numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetgen.core.findings import Severity
from sheetgen.games.starfire import data, play, rules
from sheetgen.games.starfire.rules import Design
from sheetgen.games.starfire.stats import StarfireStats, derive


def findings(hull: str, systems: str, **kw: object) -> list[tuple[str, str, str]]:
    design = Design.from_string("Test", hull, systems, **kw)  # type: ignore[arg-type]
    return [(f.rule, f.severity.value, f.message) for f in rules.check(design)]


def errors(hull: str, systems: str, **kw: object) -> list[tuple[str, str]]:
    return [(r, m) for r, s, m in findings(hull, systems, **kw) if s == "error"]


def stats(hull: str, systems: str, **kw: object) -> StarfireStats:
    return derive(Design.from_string("Test", hull, systems, **kw))  # type: ignore[arg-type]


# --- SF-1: the hull chart and system chart, exactly --------------------------------------

HULL_CHART = [
    # code, HS, TM, max MP, MP per engine, Q required (SF-2)
    ("ES", 12, 2, 6, Fraction(3), 1),
    ("CT", 16, 2, 6, Fraction(2), 1),
    ("DD", 30, 3, 5, Fraction(1), 2),
    ("CL", 45, 3, 4, Fraction(2, 3), 3),
    ("CA", 60, 3, 4, Fraction(1, 2), 4),
    ("FT1", 12, 2, 6, Fraction(3), 1),
    ("FT2", 16, 2, 6, Fraction(2), 1),
    ("BS1", 30, 0, 0, None, 2),
    ("BS2", 50, 0, 0, None, 4),
]


@pytest.mark.parametrize(("code", "hs", "tm", "mp", "rate", "q"), HULL_CHART)
def test_hull_chart(code: str, hs: int, tm: int, mp: int, rate: Fraction | None, q: int) -> None:
    hull = data.HULLS[code]
    assert (hull.hull_spaces, hull.turn_mode, hull.max_mp, hull.mp_per_engine, hull.quarters) == (
        hs,
        tm,
        mp,
        rate,
        q,
    )


def test_system_chart() -> None:
    chart = {code: s.hull_spaces for code, s in data.SYSTEMS.items()}
    assert chart == {
        "A": 1, "D": 2, "E": 6, "F": 5, "G": 3, "H": 1, "I": 1, "L": 4,
        "Mg": 1, "Pt": 6, "Q": 1, "R": 4, "S": 1, "X": 1, "Y": 1, "Z": 0,
    }  # fmt: skip


def test_design_speed_is_the_lesser_of_max_mp_and_engines_times_rate() -> None:
    # SF-1: "2/3" means 2 MP per 3 engines; rounding down
    assert play.engine_mp(data.HULLS["CL"], 6) == 4
    assert play.engine_mp(data.HULLS["CL"], 5) == 3  # floor(10/3)
    assert play.engine_mp(data.HULLS["CL"], 3) == 2
    assert play.engine_mp(data.HULLS["CA"], 7) == 3  # floor(7/2)
    assert play.engine_mp(data.HULLS["ES"], 3) == 6  # 9 capped at Max MP 6
    assert play.engine_mp(data.HULLS["BS1"], 0) == 0


def test_the_corvette_example_string() -> None:
    s = stats("CT", "SSAA(I)(I)(I)QLR")
    assert (s.hull_spaces, s.hull_spaces_used, s.turn_mode, s.movement_points) == (16, 16, 2, 6)
    assert s.engine_rooms == [1, 1, 1]
    assert s.notation == "CT-[2]-SSAA(I)(I)(I)QLR-[6]"
    assert s.systems == ["S", "S", "A", "A", "I", "I", "I", "Q", "L", "R"]


def test_chosen_lower_speed_is_legal_and_used() -> None:
    s = stats("CT", "SSAA(I)(I)(I)QLR", speed=4)
    assert s.movement_points == 4
    assert s.mp_after_rooms_lost == [4, 4, 2, 0]
    assert ("SF-1", "note") in [(r, sev) for r, sev, _ in findings("CT", "SSAA(I)(I)(I)QLR", speed=4)]


def test_speed_above_what_engines_give_is_warned_with_both_numbers() -> None:
    (f,) = [x for x in findings("CT", "SSAA(I)(I)QLRA", speed=6) if x[0] == "SF-1"]
    assert f[1] == "warning"
    assert "speed 6 stated" in f[2] and "give 4 MP" in f[2]
    assert stats("CT", "SSAA(I)(I)QLRA", speed=6).movement_points == 4


def test_more_engines_than_max_mp_needs_is_legal_but_warned() -> None:
    got = findings("ES", "SSA(I)(I)(I)QYL")
    assert not [g for g in got if g[1] == "error"]
    assert any(r == "SF-1" and s == "warning" and "2 drives reach it" in m for r, s, m in got)


# --- SF-2 crew quarters ----------------------------------------------------------------


@pytest.mark.parametrize(("hull", "systems", "need"), [
    ("CT", "SSAA(I)(I)(I)LRA", 1),
    ("DD", "SSSAAA(I)(I)(I)(I)(I)QYDDRRL", 2),
    ("CL", "SSSSAAAZ(I)(II)(I)(II)QQYDDRRFLPtMg", 3),
    ("BS2", "SSSSSSAAAAAAZQQQYYDDDRRRRPtGMg", 4),
])  # fmt: skip
def test_required_crew_quarters(hull: str, systems: str, need: int) -> None:
    have = systems.count("Q")
    assert ("SF-2", f"{hull} requires at least {need} Q: found {have}") in errors(hull, systems)


# --- SF-3 ordering -------------------------------------------------------------------------


def test_shields_then_armor_then_datalink() -> None:
    assert not errors("CL", "SSSSAAAZ(I)(II)(I)(II)QQQYDDRRFLPtMg")
    (e,) = errors("CT", "SASA(I)(I)(I)QLR")
    assert e == ("SF-3", "shields (S) must come first: found S at position 3, after A")
    (e,) = errors("CT", "SSAQA(I)(I)(I)LR")
    assert e[0] == "SF-3" and "found A at position 5, after Q" in e[1]
    (e,) = errors("CL", "SSSSAAA(I)(II)(I)(II)QQQZYDDRRFLPtMg")
    assert e[0] == "SF-3" and e[1].startswith("datalink (Z) must be the first internal system")


# --- SF-4 warships, freighters, bases ------------------------------------------------------------


def test_warship_needs_engines() -> None:
    assert ("SF-4", "warships must mount engines: ES needs at least one (I)") in errors("ES", "SSAAQYL")


def test_freighters_carry_only_engines_quarters_and_holds() -> None:
    assert not errors("FT2", "(I)(I)(I)QHHHHHHHHHHHH")
    assert ("SF-4", "freighters may mount only I, Q and H: found R") in errors("FT2", "(I)(I)(I)QHHHHHHHR")
    assert stats("FT1", "(I)(I)QHHHHHHHHH").double_damage is True


def test_bases_need_quarters_no_engines_and_never_move() -> None:
    s = stats("BS1", "SSSSAAAAQQYDDRRRG")
    assert (s.movement_points, s.turn_mode) == (0, 0)
    assert ("SF-4", "bases may not mount engines: found I on BS1") in errors("BS1", "SSSSAAAA(I)QQYDDRRR")
    assert ("SF-4", "bases have 0 MP: found speed 2") in errors("BS1", "SSSSAAAAQQYDDRRRG", speed=2)


# --- SF-5 engine rooms --------------------------------------------------------------------------


def test_light_cruiser_rooms_alternate_ending_in_two() -> None:
    assert not errors("CL", "SSSSAAAZ(I)(II)(I)(II)QQQYDDRRFLPtMg")
    assert not errors("CL", "SSSSAAAZ(II)(I)(II)QQQYDDRRFLPtMgH")
    (e,) = errors("CL", "SSSSAAAZ(I)(I)QQQYDDRRFLPtMg")
    assert e == (
        "SF-5",
        "CL engine rooms must alternate (I) and (II) ending in (II): found (I)(I); 2 drives fit as (II)",
    )


def test_heavy_cruiser_rooms_hold_two() -> None:
    (e,) = errors("CA", "SSSSSAAAAZ(I)(I)(I)(I)QQQQYYDDDRRRPtFL")
    assert e == (
        "SF-5",
        "CA engine rooms hold two drives each (II): found (I)(I)(I)(I); 4 drives fit as (II)(II)",
    )


def test_small_ship_rooms_hold_one() -> None:
    (e,) = errors("DD", "SSSAAA(II)(I)(I)(I)QQYDDRRL")
    assert e[0] == "SF-5" and "found (II)(I)(I)(I)" in e[1]


def test_bare_drive_is_illegal_and_the_message_shows_the_fixed_string() -> None:
    (e,) = errors("CT", "SSAAIIIQLR")
    assert e == (
        "SF-5",
        "drive (I) outside an engine room: drives are written in parentheses; write SSAA(I)(I)(I)QLR",
    )
    (e,) = errors("CA", "SSSSSAAAAZIIIIIIIIQQQQYYDDDRRRPtFLMgMgMgMg")
    assert e[1].endswith("write SSSSSAAAAZ(II)(II)(II)(II)QQQQYYDDDRRRPtFLMgMgMgMg")


def test_mp_after_each_room_is_lost_counts_intact_rooms_only() -> None:
    assert stats("CL", "SSSSAAAZ(I)(II)(I)(II)QQQYDDRRFLPtMg").mp_after_rooms_lost == [4, 3, 2, 1, 0]
    assert stats("CA", "SSSSSAAAAZ(II)(II)(II)(II)QQQQYYDDDRRRPtFLMgMgMgMg").mp_after_rooms_lost == [
        4,
        3,
        2,
        1,
        0,
    ]
    assert stats("DD", "SSSAAA(I)(I)(I)(I)(I)QQYDDRRL").mp_after_rooms_lost == [5, 4, 3, 2, 1, 0]


# --- SF-6 restricted arc --------------------------------------------------------------------------


def test_restricted_arc_is_derived() -> None:
    assert stats("ES", "SSAA(I)(I)QYL").systems[-1] == "L+"
    assert stats("ES", "SA(I)(I)QF").systems[-1] == "F+"
    assert stats("CT", "SSAAA(I)(I)(I)QYE").systems[-1] == "E+"
    assert stats("CT", "SSAA(I)(I)(I)QLR").systems[-2:] == ["L", "R"]  # L on CT is not restricted
    assert stats("DD", "SSSAA(I)(I)(I)(I)(I)QQYEE").systems[-1] == "E"


def test_typed_plus_accepted_only_where_the_rule_puts_it() -> None:
    assert not errors("CT", "SSAAA(I)(I)(I)QYE+")
    (e,) = errors("CT", "SSAA(I)(I)(I)QL+R")
    assert e == ("SF-6", "L+ is not a restricted-arc mount: on CT only E is restricted")


# --- SF-7 hull spaces --------------------------------------------------------------------------


def test_hull_spaces() -> None:
    (e,) = errors("CT", "SSAA(I)(I)(I)QLRL")
    assert e == ("SF-7", "systems use 20 HS but the CT hull has 16 HS: 4 too many")
    assert ("SF-7", "note", "2 of 16 HS free") in findings("CT", "SSAAA(I)(I)(I)QYL")
    assert stats("CT", "SSAAA(I)(I)(I)QYL").hull_spaces_free == 2


# --- SF-8 weapon chart, modifiers, base range ---------------------------------------------------

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


# --- movement and damage ------------------------------------------------------------------------


def test_engine_modulation_example_corvette() -> None:
    # the text: a corvette with TM 2 and 6 MP that modulates has 4 MP
    assert play.engine_modulation_mp(6, 2) == 4
    assert play.engine_modulation_mp(2, 2) is None  # needs at least TM + 1
    assert play.can_hard_turn(2, 2) and not play.can_hard_turn(1, 2)


def test_wreck_is_only_shields_armor_holds() -> None:
    assert play.is_wreck(["S", "S", "A", "H"])
    assert not play.is_wreck(["S", "A", "Q"])


def test_munitions_only_for_launchers_the_design_mounts() -> None:
    assert ("SF-9", "L does not use munitions; only R, G, Pt do") in errors(
        "CT", "SSAA(I)(I)(I)QLR", munitions={"L": 10, "R": 10}
    )
    got = findings("CT", "SSAA(I)(I)(I)QLR", munitions={"G": 4, "R": 10})
    assert ("SF-9", "warning", "munitions stated for G (4) but the design mounts no G") in got
    assert stats("CT", "SSAA(I)(I)(I)QLR", munitions={"R": 10}).munitions == {"R": 10}


def test_findings_are_sorted_errors_first() -> None:
    got = findings("CT", "SSAAIIIQLRL", speed=9)
    severities = [s for _, s, _ in got]
    assert severities == sorted(severities, key=["error", "warning", "note"].index)
    assert Severity.ERROR.value == "error"


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
