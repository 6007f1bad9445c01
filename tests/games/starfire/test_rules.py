"""Starfire construction rules (SF-1 .. SF-7, SF-9), each against the rule text's own numbers, and
one illegal design per rule."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from sheetgen.core.findings import Char, Severity
from sheetgen.games.starfire import data, play, rules
from sheetgen.games.starfire.rules import Design
from sheetgen.games.starfire.stats import StarfireStats, derive
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

ILLEGAL = DESIGNS / "starfire" / "illegal"

ILLEGAL_FILES = sorted(ILLEGAL.glob("*.yaml"))


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


def test_speed_above_what_engines_give_is_an_error_with_both_numbers() -> None:
    # Seed 001, Ship Design, Hull Chart (line 75): Max MP is the most a ship can be given and
    # each engine gives its MPs; RULINGS SF-1.
    (f,) = [x for x in findings("CT", "SSAA(I)(I)QLRA", speed=6) if x[0] == "SF-1"]
    assert f == ("SF-1", "error", "speed 6 is above the 4 MP the engines give (2 I on CT, Max MP 6)")
    assert not [x for x in findings("CT", "SSAAA(I)(I)QLR", speed=4) if x[1] == "error"]


def test_speed_above_the_hulls_max_mp_is_an_error() -> None:
    # Seed 001, Ship Design, Hull Chart (line 75): CT Max MP 6, even with engines to spare.
    (f,) = [x for x in findings("CT", "SSAA(I)(I)(I)QLR", speed=7) if x[0] == "SF-1"]
    assert f == ("SF-1", "error", "speed 7 is above the CT hull's Max MP 6; the rules give 6 MP (3 I)")
    got = findings("CT", "SSAA(I)(I)(I)QLR", speed=3)
    assert not [x for x in got if x[1] == "error"] and ("SF-1", "note") in [(r, s) for r, s, _ in got]


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


def test_only_the_first_internal_system_may_be_a_datalink() -> None:
    # Seed 001, Ship Design (line 106): the datalink is the first internal system (RULINGS SF-3);
    # a second Z is the second internal system, so it is out of place.
    assert not errors("CL", "SAZ(II)QQQ")
    (e,) = errors("CL", "SAZZ(II)QQQ")
    assert e == ("SF-3", "datalink (Z) must be the first internal system: found a second Z at position 4")
    entry = load_designs([ILLEGAL / "sf3-second-datalink.yaml"]).entries[0]
    (f,) = [f for f in entry.findings if f.is_error]
    assert f.rule == "SF-3" and f.path == ("systems", Char(3))  # the second Z's column


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


def test_room_message_counts_only_the_drives_and_shows_the_rooms_as_written() -> None:
    # seed 001, Inertialess Drives (lines 109-110): a CT room holds one drive (I); (AA) holds no
    # drive, so the ship has 2 drives, not 4, and they fit as (I)(I)
    found = errors("CT", "SS(AA)R(II)Q")
    assert (
        "SF-5",
        "CT engine rooms hold one drive each (I): found (AA)(II); 2 drives fit as (I)(I)",
    ) in found


def test_bare_drive_is_illegal_and_the_message_shows_the_fixed_string() -> None:
    (e,) = errors("CT", "SSAAIIIQLR")
    assert e == (
        "SF-5",
        "drive (I) outside an engine room: drives are written in parentheses; write SSAA(I)(I)(I)QLR",
    )
    (e,) = errors("CA", "SSSSSAAAAZIIIIIIIIQQQQYYDDDRRRPtFLMgMgMgMg")
    assert e[1].endswith("write SSSSSAAAAZ(II)(II)(II)(II)QQQQYYDDDRRRPtFLMgMgMgMg")


# --- SF-6 restricted arc --------------------------------------------------------------------------


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


# --- SF-9 munitions, and the order of findings --------------------------------------------------


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


def test_one_illegal_design_per_rule() -> None:
    assert [p.name for p in ILLEGAL_FILES] == [
        "sf1-unknown-hull.yaml",
        "sf1-unknown-system.yaml",
        "sf2-too-few-quarters.yaml",
        "sf3-armor-before-shields.yaml",
        "sf3-datalink-late.yaml",
        "sf3-second-datalink.yaml",
        "sf4-armed-freighter.yaml",
        "sf4-base-with-engines.yaml",
        "sf4-warship-without-engines.yaml",
        "sf5-bare-drive.yaml",
        "sf5-heavy-cruiser-rooms.yaml",
        "sf5-light-cruiser-rooms.yaml",
        "sf5-unbalanced-parenthesis.yaml",
        "sf6-typed-restriction.yaml",
        "sf7-over-hull-spaces.yaml",
        "sf9-munitions-for-beams.yaml",
    ]
    rules_broken = {p.name.split("-")[0].upper().replace("SF", "SF-") for p in ILLEGAL_FILES}
    assert rules_broken == {"SF-1", "SF-2", "SF-3", "SF-4", "SF-5", "SF-6", "SF-7", "SF-9"}


@pytest.mark.parametrize("path", ILLEGAL_FILES, ids=lambda p: p.name)
def test_illegal_design_breaks_the_rule_it_names(path: Path) -> None:
    rule = path.name.split("-")[0].upper().replace("SF", "SF-")
    (entry,) = load_designs([path]).entries
    assert not entry.legal
    assert rule in {f.rule for f in entry.findings if f.is_error}


def test_one_design_per_hull_size_is_asked_of_each_side() -> None:
    """Seed 001, Scenarios (line 111): the scenarios presume one design type for each hull size;
    they pit two opposing fleets (line 112), so the choice is each side's (RULINGS SF-11). Two
    DD designs on one side are warned; one DD design a side, different designs, is not."""
    from sheetgen.games import rulebook
    from sheetgen.games.starfire import GAME

    ships = DESIGNS / "starfire" / "ships"
    hammer, anvil = (
        load_designs([ships / f"destroyer-{n}.yaml"]).entries[0].stats for n in ("hammer", "anvil")
    )
    assert isinstance(hammer, StarfireStats) and isinstance(anvil, StarfireStats)
    assert hammer.hull == anvil.hull == "DD" and hammer.name != anvil.name
    assert GAME.scenario_findings([("A", [hammer]), ("B", [anvil])]) == []
    (f,) = GAME.scenario_findings([("A", [hammer, anvil]), ("B", [anvil])])
    assert (f.rule, f.severity, f.path) == ("SF-11", Severity.WARNING, ("sides", 0, "fleet"))
    assert f.message.startswith("A fields 2 DD designs")
    ruling = rulebook().find("SF-11")
    assert ruling is not None and "asked of each side, not of the whole scenario" in ruling.decides
