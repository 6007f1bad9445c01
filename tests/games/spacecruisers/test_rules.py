"""Space Cruisers design checks: the bundled ships legal, one illegal design per broken rule
found where it is written, and the basic/advanced rules' limits (RULINGS SC-1 .. SC-7)."""

from __future__ import annotations

from typing import Any

import pytest

from sheetgen.core.findings import Severity
from sheetgen.games.spacecruisers import data, rules, stats
from sheetgen.games.spacecruisers.rules import Design

from tests.conftest import DESIGNS
from tests.games.spacecruisers import load_one, stats_of

SC = DESIGNS / "space-cruisers"


def test_all_bundled_ships_are_legal(invoke: Any) -> None:
    r = invoke("validate", SC / "ships")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "11 designs: 11 legal, 0 illegal" in r.stderr


ILLEGAL = {
    # file: (rule, line, column, words in the message)
    "sc1-unknown-hull.yaml": (
        "SC-1",
        4,
        7,
        "unknown hull 'dreadnought'; hulls are military, commercial, station, fighter",
    ),
    "sc1-fighter-four-systems.yaml": ("SC-1", 5, 42, "a fighter takes at most 3 additional systems: found 4"),
    "sc1-station-with-drives.yaml": ("SC-1", 6, 20, "a station has no drives: found 2"),
    "sc2-basic-four-systems.yaml": ("SC-2", 6, 10, "exactly 5 additional systems: found 4"),
    # seed 004, Additional Systems (lines 19-20), systems table (lines 21-36): no missiles row
    "sc2-basic-missiles.yaml": ("SC-2", 6, 20, "missiles are not on the d20 systems table"),
    "sc3-two-cloaks.yaml": ("SC-3", 6, 27, "at most one cloaking device: found 2"),
    "sc3-two-targeting-computers.yaml": ("SC-3", 5, 11, "at most one targeting computer: found 2"),
    "sc6-unknown-system.yaml": ("SC-6", 6, 20, "unknown system 'Tractor Beam'"),
    "sc6-military-non-military.yaml": ("SC-6", 5, 15, "only commercial hulls and stations"),
    "sc6-too-many-non-military.yaml": ("SC-6", 5, 51, "comes with 3 non-military systems: found 4"),
}


def test_every_illegal_design_has_a_test() -> None:
    assert sorted(p.name for p in (SC / "illegal").glob("*.yaml")) == sorted(ILLEGAL)


@pytest.mark.parametrize("file", sorted(ILLEGAL))
def test_each_broken_rule_is_found_where_it_is_written(file: str) -> None:
    rule, line, column, words = ILLEGAL[file]
    entry = load_one(SC / "illegal" / file)
    errors = [loc for loc in entry.located if loc.finding.is_error]
    assert len(errors) == 1, [str(e) for e in errors]
    (loc,) = errors
    assert (loc.finding.rule, loc.line, loc.column) == (rule, line, column)
    assert words in loc.finding.message
    assert str(loc).startswith(f"{SC / 'illegal' / file}:{line}:{column}: error [{rule}] ")


def test_unknown_system_lists_every_known_one() -> None:
    entry = load_one(SC / "illegal" / "sc6-unknown-system.yaml")
    message = entry.findings[0].message
    for name in data.SYSTEMS:
        assert name in message


def test_validate_exit_status_for_illegal_designs(invoke: Any) -> None:
    r = invoke("validate", SC / "illegal")
    assert r.exit_code == 1
    assert "10 designs: 0 legal, 10 illegal" in r.stderr
    assert r.stdout.count("error [SC-") == 10


def test_basic_rules_with_six_systems_point_at_the_sixth(write: Any) -> None:
    entry = stats_of(
        "game: space-cruisers\nname: Six\nhull: military\nrules: basic\n"
        "systems: [phasers, shields, armor, scanners, drives, elite crew]\n",
        write,
    )
    (loc,) = entry.located
    assert (loc.finding.rule, loc.line, loc.column) == ("SC-2", 5, 54)
    assert "found 6" in loc.finding.message


def test_advanced_rules_take_any_number_of_systems(write: Any) -> None:
    entry = stats_of(
        "game: space-cruisers\nname: Big\nhull: military\nsystems: {armor: 5, phasers: 4}\n", write
    )
    assert entry.legal and entry.stats.rules == "advanced" and entry.stats.size_class == "large"


def test_fighter_limit_holds_in_basic_rules_too(write: Any) -> None:
    legal = stats_of(
        "game: space-cruisers\nname: F\nhull: fighter\nrules: basic\nsystems: [shields]\n", write
    )
    assert legal.legal
    illegal = stats_of(
        "game: space-cruisers\nname: F\nhull: fighter\nrules: basic\nsystems: [a x1, shields x3]\n",
        write,
        "f2.yaml",
    )
    assert {f.rule for f in illegal.findings if f.is_error} == {"SC-1", "SC-6"}


def test_missiles_in_basic_rules_are_an_error(write: Any) -> None:
    """Seed 004, Additional Systems (lines 19-20): a basic-rules ship has 5 systems rolled
    on the d20 systems table (lines 21-36), which has no missiles row; missiles are only
    in the system notes (line 65). So a basic ship cannot have them."""
    entry = stats_of(
        "game: space-cruisers\nname: M\nhull: military\nrules: basic\nsystems: [missiles, drives x4]\n", write
    )
    assert not entry.legal
    (f,) = entry.findings
    assert (f.rule, f.severity) == ("SC-2", Severity.ERROR)
    assert "not on the d20 systems table" in f.message
    fighter = stats_of(
        "game: space-cruisers\nname: F\nhull: fighter\nrules: basic\nsystems: [missiles]\n", write, "f.yaml"
    )
    assert not fighter.legal
    assert [(f.rule, f.severity) for f in fighter.findings] == [("SC-2", Severity.ERROR)]
    advanced = stats_of(
        "game: space-cruisers\nname: A\nhull: military\nrules: advanced\nsystems: [missiles, drives x4]\n",
        write,
        "a.yaml",
    )
    assert advanced.legal


def test_non_military_systems_unnamed_or_short(write: Any) -> None:
    unnamed = stats_of("game: space-cruisers\nname: U\nhull: commercial\n", write)
    assert unnamed.legal
    assert [(f.rule, f.severity) for f in unnamed.findings] == [("SC-6", Severity.NOTE)]
    short = stats_of(
        "game: space-cruisers\nname: S\nhull: station\nnon_military: [science lab]\n", write, "s.yaml"
    )
    assert short.legal
    assert [(f.rule, f.severity) for f in short.findings] == [("SC-6", Severity.WARNING)]
    assert "3 blank" in short.findings[0].message


def test_checks_never_raise_on_odd_designs() -> None:
    odd = Design(name="", hull="", rules="basic", systems=[], non_military=["x"], non_military_given=True)
    findings = rules.check(odd)
    assert findings and all(f.is_error for f in findings if f.rule == "SC-1")
    s = stats.derive(odd)
    assert s.hull_points == 0 and s.weapons == []


def test_an_empty_non_military_list_is_no_error_on_a_military_hull(write: Any) -> None:
    entry = stats_of("game: space-cruisers\nname: E\nhull: military\nnon_military: []\n", write)
    assert entry.legal and entry.findings == []


# --- set-up: equal sides (seed 004, SETUP, lines 68-71) -----------------------------------------


def _ships(*names: str) -> list[stats.SpaceCruisersStats]:
    return [load_one(SC / "ships" / f"{n}.yaml").stats for n in names]


def test_setup_needs_equal_figures_or_equal_points() -> None:
    """Seed 004, SETUP (lines 68-71): each side an equal number of figures, or equal
    construction points when using the advanced rules."""
    from sheetgen.games.spacecruisers import GAME

    guard = _ships("the-courageous", "the-victorious", "kepler-station")  # 7 + 7 + 6 = 20 CP
    raiders = _ships("the-noblesse", "the-atlantea")  # 7 + 7 = 14 CP
    (f,) = GAME.scenario_findings([("Guard", guard), ("Raiders", raiders)])
    assert (f.rule, f.severity, f.path) == ("SCENARIO", Severity.ERROR, ("sides",))
    assert "Guard 3 figures / 20 CP, Raiders 2 figures / 14 CP" in f.message
    # equal figures: legal whatever the points (3 v 3, 20 v 19); the designs are advanced rules
    # ones (Kepler Station, Shade), whose set-up measures sides in points, so a note says so
    (n,) = GAME.scenario_findings([("Guard", guard), ("Raiders", [*raiders, *_ships("shade")])])
    assert (n.rule, n.severity, n.path) == ("SCENARIO", Severity.NOTE, ("sides",))
    assert n.message == (
        "equal figures but unequal construction points: Guard 3 figures / 20 CP, Raiders 3 figures "
        "/ 19 CP; the advanced rules measure a side in construction points"
    )
    # basic rules only, equal figures: nothing to say (The Noblesse 7 v The Courageous 7)
    assert GAME.scenario_findings([("A", raiders[:1]), ("B", _ships("the-victorious"))]) == []
    # advanced rules: equal points are enough (Lancer 8 + Shade 5 + Wasp 4 + Wasp 4 = 21 v Resolute 11 + Bastion 10)
    advanced = _ships("lancer", "shade", "wasp", "wasp")
    assert GAME.scenario_findings([("A", advanced), ("B", _ships("resolute", "bastion-platform"))]) == []
    # basic rules only: equal points without equal figures is not enough
    basic = GAME.scenario_findings([("A", raiders), ("B", _ships("the-courageous"))])
    assert [f.rule for f in basic] == ["SCENARIO"]
    assert "2 figures / 14 CP, B 1 figure / 7 CP" in basic[0].message
    # one side alone has nothing to be equal to
    assert GAME.scenario_findings([("A", raiders)]) == []


def test_caps_hold_on_totals_not_only_on_entries(write: Any, invoke: Any) -> None:
    """Seed 004, Armor (line 48: each armor gives 10 more hull points) and Advanced Rules
    Shipbuilding (line 133: large ships have "7-10+" additional systems, no top given).
    The per-entry cap of 40 holds for a system's total too (40 armor: 410 hull points on a
    military hull), and a ship takes at most 100 additional systems: fifty entries of
    ``armor x40`` (2,000 armor, 20,010 hull points) are a located error, not a 20,010-box sheet."""
    assert (rules.MAX_COUNT, rules.MAX_ADDITIONAL) == (40, 100)
    text = "game: space-cruisers\nname: Brick\nhull: military\nsystems:\n" + "  - armor x40\n" * 50
    path = write("brick.yaml", text)
    entry = load_one(path)
    assert not entry.legal and entry.stats.hull_points == 20_010
    located = sorted((loc.finding.rule, loc.line, loc.column, loc.finding.message) for loc in entry.located)
    assert located == [
        (
            "SC-2",
            7,
            5,
            "a ship takes at most 100 additional systems in all (sheetgen's bound; the text sets none): "
            "found 2,000",
        ),
        (
            "SC-4",
            6,
            5,
            "a ship carries at most 40 armor in all (410 hull points; sheetgen's bound, the text sets none): "
            "found 2,000 (20,010 hull points)",
        ),
    ]
    r = invoke("validate", path)
    assert r.exit_code == 1 and "Traceback" not in r.stdout + r.stderr
    assert f"{path}:6:5: error [SC-4] a ship carries at most 40 armor in all" in r.stdout
    # exactly at the caps is legal; one more armor in a second entry is the error, there
    at_cap = stats_of(
        "game: space-cruisers\nname: A\nhull: military\nsystems: [armor x30, armor x10]\n", write, "a.yaml"
    )
    assert at_cap.legal and at_cap.stats.hull_points == 410
    over = stats_of(
        "game: space-cruisers\nname: B\nhull: military\nsystems: [armor x30, drives, armor x11]\n",
        write,
        "b.yaml",
    )
    ((rule, line, column),) = [(x.finding.rule, x.line, x.column) for x in over.located]
    assert (rule, line, column) == ("SC-4", 4, 30)
    # every summed system, written as a mapping of counts or a list of one-key mappings
    drives = stats_of(
        "game: space-cruisers\nname: D\nhull: military\nsystems:\n  - drives: 40\n  - drives: 1\n",
        write,
        "d.yaml",
    )
    ((loc),) = drives.located
    assert (loc.finding.rule, loc.line, loc.column) == ("SC-2", 6, 5)
    assert loc.finding.message == (
        "a ship carries at most 40 drives in all (sheetgen's bound; the text sets none): found 41"
    )
    bays = stats_of(
        "game: space-cruisers\nname: C\nhull: military\nsystems: [cargo bay x40, cargo bay x40]\n",
        write,
        "c.yaml",
    )
    assert [f.rule for f in bays.findings] == ["SC-2"]
    # once-only systems keep their own rule (SC-3), not a second finding
    cloaks = Design.from_systems("K", "military", ["cloak x40", "cloak x40"])
    assert [f.rule for f in rules.check(cloaks)] == ["SC-3"]
    big = Design.from_systems("L", "station", ["phasers x40", "scanners x40", "shields x21"])
    assert [(f.rule, f.message) for f in rules.check(big) if f.is_error] == [
        (
            "SC-2",
            "a ship takes at most 100 additional systems in all (sheetgen's bound; the text sets none): found 101",
        )
    ]
