"""Knight Hawks 2000 checks: each finding's rule id, severity, message and file:line:col."""

from __future__ import annotations

import doctest
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.games.knighthawks import card, parse, rules, sheet
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS
from tests.games.knighthawks import HEAD

KH = DESIGNS / "knight-hawks-2000"


def located(path: Path) -> list[str]:
    result = load_designs([path])
    assert not result.input_errors, [str(x) for x in result.input_errors]
    return [str(loc) for e in result.entries for loc in e.located]


def test_doctests_of_the_rules_modules() -> None:
    for module in (rules, parse, card, sheet):
        outcome = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert outcome.failed == 0, module.__name__


def test_bundled_ships_are_legal() -> None:
    result = load_designs([KH / "ships"])
    assert not result.input_errors
    assert len(result.entries) == 7
    for e in result.entries:
        assert e.legal, [str(x) for x in e.located]


# Each file of illegal/ breaks exactly one rule: the only error, with its place.
ILLEGAL = {
    "kh1-negative-adf.yaml": ("KH-1", 7, 6, "ADF must be 0 or more, found -2"),
    "kh2-zero-hull-size.yaml": ("KH-2", 5, 12, "hull size must be 1 or more, found 0"),
    "kh2-negative-crew.yaml": ("KH-2", 11, 15, "crew total must be 0 or more, found -1"),
    "kh3-zero-structure.yaml": ("KH-3", 6, 19, "structure points must be 1 or more, found 0"),
    "kh4-shielding-on-fighter.yaml": ("KH-4", 11, 32, "magnetic shielding needs hull size 2 or more"),
    "kh4-zero-weapon-count.yaml": ("KH-4", 11, 24, "MLC count must be 1 or more, found 0"),
    "kh4-ordnance-for-a-laser.yaml": ("KH-4", 11, 37, "HLC (Heavy Laser Cannon) carries no ordnance"),
    "kh4-linked-more-than-carried.yaml": ("KH-4", 13, 38, "4 MLC linked but the design carries 2"),
    "kh4-eleven-mines-in-a-hex.yaml": ("KH-4", 17, 26, "11 mines in hex 0704: at most 10 a hex"),
    "kh4-plan-beyond-load.yaml": ("KH-4", 15, 3, "the plan lays 20 mines but the design carries 12"),
    "kh4-plan-without-mines.yaml": ("KH-4", 14, 3, "a minelaying plan needs mines among the weapons"),
    "kh4-negative-salvos.yaml": ("KH-4", 10, 17, "ICM salvos carried must be 0 or more, found -4"),
    "kh6-negative-void-engines.yaml": ("KH-6", 9, 15, "void engines must be 0 or more, found -1"),
    "kh7-classic-weapon.yaml": ("KH-7", 11, 12, "unknown weapon 'LB'"),
}


def test_every_illegal_design_is_listed() -> None:
    assert sorted(p.name for p in (KH / "illegal").glob("*.yaml")) == sorted(ILLEGAL)


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_illegal_design_breaks_its_one_rule(name: str) -> None:
    rule, line, column, words = ILLEGAL[name]
    result = load_designs([KH / "illegal" / name])
    (entry,) = result.entries
    assert not entry.legal
    errors = [loc for loc in entry.located if loc.finding.is_error]
    assert len(errors) == 1, [str(x) for x in errors]
    (err,) = errors
    assert (err.finding.rule, err.line, err.column) == (rule, line, column)
    assert words in err.finding.message
    assert str(err).startswith(f"{KH / 'illegal' / name}:{line}:{column}: error [{rule}] ")


def test_unknown_weapon_lists_the_known_codes(write: Callable[[str, str], Path]) -> None:
    path = write("ship.yaml", HEAD + "weapons:\n  - {code: XLC, count: 1}\n  - ICM\n")
    lines = located(path)
    assert lines[0].endswith(
        "error [KH-7] unknown weapon 'XLC'; the weapons list has HLC, MLC, LLC, MLB, LLB, HEC, HPC, "
        "EC, PC, EB, PB, MDC, HMDB, MDB, SM, MB, TT, MM, LP, DF, MMD, grapple, mines"
    )
    assert ":11:12: error [KH-7]" in lines[0]
    assert (
        ":12:5: error [KH-7] unknown weapon 'ICM' (ICM is a defence: write it under 'defences')" in lines[1]
    )


@pytest.mark.parametrize(("total", "severity"), [(3, "warning"), (5, "warning")])
def test_crew_smaller_than_hull_size_cannot_board_and_fly(
    write: Callable[[str, str], Path], total: int, severity: str
) -> None:
    path = write("ship.yaml", HEAD + f"crew:\n  total: {total}\n")
    result = load_designs([path])
    (entry,) = result.entries
    assert entry.legal  # a warning, not an error
    (loc,) = entry.located
    assert str(loc).endswith(
        f":11:10: {severity} [KH-2] crew of {total} is below the minimum crew of 6 (the hull size): "
        "cannot board another ship and fly this one at once"
    )


@pytest.mark.parametrize(
    ("crew", "count", "at"),
    [("", 0, "1:1"), ("crew: {total: 0}\n", 0, "10:15"), ("crew: {total: 2}\n", 2, "10:15")],
    ids=["absent", "total-0", "below-hs"],
)
def test_minimum_crew_is_read_alike_absent_zero_or_below_hull_size(
    write: Callable[[str, str], Path], crew: str, count: int, at: str
) -> None:
    """Seed 002, BOARDING condition 2 (line 257): the boarding ship needs crew to board and to
    operate her at once, the minimum crew being her hull size (RULINGS KH-2). Below HS she
    cannot board: one warning, the design stays legal, whether crew is absent, 0 or below HS."""
    path = write("ship.yaml", HEAD + crew)
    (entry,) = load_designs([path]).entries
    assert entry.legal
    (loc,) = entry.located
    assert str(loc) == (
        f"{path}:{at}: warning [KH-2] crew of {count} is below the minimum crew of 6 (the hull size): "
        "cannot board another ship and fly this one at once"
    )


def test_crew_equal_to_hull_size_is_a_note_and_more_is_quiet(write: Callable[[str, str], Path]) -> None:
    assert located(write("a.yaml", HEAD + "crew: {total: 6}\n")) == [
        f"{write('a.yaml', HEAD + 'crew: {total: 6}' + chr(10))}:10:15: note [KH-2] crew of 6 exactly "
        "flies the ship: none spare for boarding"
    ]
    assert located(write("b.yaml", HEAD + "crew: {total: 7}\n")) == []


def test_named_crew_count_when_no_total(write: Callable[[str, str], Path]) -> None:
    text = HEAD + "crew:\n  captain: {name: A}\n  pilot: {name: B}\n"
    (line,) = located(write("ship.yaml", text))
    assert ":11:3: warning [KH-2] crew of 2 is below the minimum crew of 6" in line


def test_more_named_crew_than_the_total(write: Callable[[str, str], Path]) -> None:
    text = HEAD + "crew:\n  total: 1\n  captain: {name: A}\n  pilot: {name: B}\n"
    lines = located(write("ship.yaml", text))
    assert any(":11:10: warning [KH-2] 2 crew named but the crew total is 1" in x for x in lines)


def test_shielding_on_hull_size_two_is_legal(write: Callable[[str, str], Path]) -> None:
    text = (
        HEAD.replace("hull_size: 6", "hull_size: 2")
        + "defences: {magnetic_shielding: true}\ncrew: {total: 4}\n"
    )
    result = load_designs([write("ship.yaml", text)])
    assert result.entries[0].legal
    assert result.entries[0].stats.magnetic_shielding


def test_ten_mines_in_a_hex_is_legal_eleven_is_not(write: Callable[[str, str], Path]) -> None:
    plan = HEAD + "crew: {total: 9}\nweapons:\n  - {code: M, ordnance: 30}\nminelaying:\n"
    ok = plan + '  - {hex: "0101", mines: 10}\n  - {hex: "0101", level: 1, mines: 10}\n'
    result = load_designs([write("ok.yaml", ok)])
    assert result.entries[0].legal
    assert result.entries[0].stats.mines_planned == 20
    assert result.entries[0].stats.mine_hexes == 2
    bad = plan + '  - {hex: "0101", mines: 10}\n  - {hex: "0101", mines: 1}\n'
    lines = located(write("bad.yaml", bad))
    assert lines == [f"{write('bad.yaml', bad)}:15:26: error [KH-4] 11 mines in hex 0101: at most 10 a hex"]


def test_zero_mines_in_a_hex_is_an_error(write: Callable[[str, str], Path]) -> None:
    text = (
        HEAD
        + 'crew: {total: 9}\nweapons:\n  - {code: mines, ordnance: 10}\nminelaying:\n  - {hex: "0101", mines: 0}\n'
    )
    (line,) = located(write("ship.yaml", text))
    assert line.endswith(":14:26: error [KH-4] mines in hex 0101 must be 1 or more, found 0")


def test_ten_mines_a_hex_counts_every_spelling_of_the_hex(write: Callable[[str, str], Path]) -> None:
    """Seed 002, "Mines" (line 203): at most 10 mines a hex. "0704", "07.04", "7-4" and
    [7, 4] name one hex, so their mines add up; level 1 of it is another hex."""
    plan = HEAD + "crew: {total: 9}\nweapons:\n  - {code: M, ordnance: 40}\nminelaying:\n"
    ok = (
        plan
        + '  - {hex: "0704", mines: 4}\n  - {hex: "07.04", mines: 6}\n  - {hex: [7, 4], level: 1, mines: 10}\n'
    )
    result = load_designs([write("ok.yaml", ok)])
    assert result.entries[0].legal
    assert result.entries[0].stats.mine_hexes == 2
    bad = plan + '  - {hex: "0704", mines: 4}\n  - {hex: "07.04", mines: 6}\n  - {hex: [7, 4], mines: 1}\n'
    assert located(write("bad.yaml", bad)) == [
        f"{write('bad.yaml', bad)}:16:26: error [KH-4] 11 mines in hex 0704: at most 10 a hex"
    ]
    spaced = plan + '  - {hex: "7-4", mines: 10}\n  - {hex: " 0704 ", mines: 1}\n'
    (line,) = located(write("spaced.yaml", spaced))
    assert line.endswith(":15:28: error [KH-4] 11 mines in hex 0704: at most 10 a hex")


@pytest.mark.parametrize("written", ["0704", "0101", "704"])
def test_an_unquoted_mine_hex_is_refused_as_scenarios_refuse_it(
    write: Callable[[str, str], Path], written: str
) -> None:
    """An unquoted 0704 is the YAML number 452 (0101 is 65): the shared hex reader refuses
    it with the scenarios' own message rather than mining hex 0452 or 0605."""
    text = (
        HEAD
        + f"crew: {{total: 9}}\nweapons:\n  - {{code: M, ordnance: 10}}\nminelaying:\n  - {{hex: {written}, mines: 5}}\n"
    )
    result = load_designs([write("ship.yaml", text)])
    problems = [str(x) for x in result.input_errors]
    (problem,) = problems
    number = {"0704": 452, "0101": 65, "704": 704}[written]
    assert problem.endswith(
        f':14:11: error [SCHEMA] hex {number} is ambiguous: write it in quotes as the map prints it, e.g. "0101" '
        "(YAML reads an unquoted 0101 as the number 65)"
    )


def test_negative_ordnance_and_missing_ordnance(write: Callable[[str, str], Path]) -> None:
    text = HEAD + "crew: {total: 9}\nweapons:\n  - {code: SM, ordnance: -1}\n  - {code: TT}\n"
    lines = located(write("ship.yaml", text))
    assert lines[0].endswith(":12:26: error [KH-4] SM ordnance must be 0 or more, found -1")
    assert lines[1].endswith(
        ":13:5: note [KH-4] no ordnance stated for TT: the sheet prints a blank count to fill in"
    )


def test_linked_group_warnings(write: Callable[[str, str], Path]) -> None:
    text = (
        HEAD
        + "crew: {total: 9}\nweapons:\n  - {code: MLC, count: 2}\n  - {code: SM, count: 2, ordnance: 4}\n"
        + "linked:\n  - {name: solo, weapons: {MLC: 1}}\n  - {name: missiles, weapons: {SM: 2}}\n"
    )
    lines = located(write("ship.yaml", text))
    assert any(
        ":15:5: warning [KH-4] linked group 'solo' holds one weapon: linking changes nothing" in x
        for x in lines
    )
    assert any(":16:36: warning [KH-4] SM (missile) linked: the text links guns" in x for x in lines)


def test_no_sensors_and_no_void_engines_are_warned(write: Callable[[str, str], Path]) -> None:
    text = (
        HEAD.replace("sensors: [radar]\n", "").replace("void_engines: 1", "void_engines: 0")
        + "crew: {total: 9}\n"
    )
    lines = located(write("ship.yaml", text))
    assert any(":8:15: warning [KH-6] ADF 3 with no void engines" in x for x in lines)
    assert any("warning [KH-6] no sensors: the ship cannot detect" in x for x in lines)


def test_mr_zero_is_a_note(write: Callable[[str, str], Path]) -> None:
    text = HEAD.replace("mr: 3", "mr: 0") + "crew: {total: 9}\n"
    (line,) = located(write("ship.yaml", text))
    assert line.endswith(":7:5: note [KH-1] MR 0: the ship has no maneuver points")


def test_findings_in_a_fleet_file_point_into_it(write: Callable[[str, str], Path]) -> None:
    body = textwrap.indent(
        HEAD.replace("game: knight-hawks-2000\n", "") + "defences: {icm: -1}\ncrew: {total: 9}\n", "    "
    )
    text = "game: knight-hawks-2000\ndesigns:\n  -\n" + body
    lines = located(write("fleet.yaml", text))
    assert lines == [
        f"{write('fleet.yaml', text)}:12:21: error [KH-4] ICM salvos carried must be 0 or more, found -1"
    ]
