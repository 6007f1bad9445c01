"""The system-string notation players paste: reading, normalising, writing back."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.core.findings import Char
from sheetgen.games.starfire.notation import notation, parse_notation, parse_system_string, system_string


@pytest.mark.parametrize(
    ("typed", "normal"),
    [
        ("SSAA(I)(I)(I)QLR", "SSAA(I)(I)(I)QLR"),
        ("SS(6xA)(I)Q", "SSAAAAAA(I)Q"),
        ("SSAx6(I)Q", "SSAAAAAA(I)Q"),
        ("SS6xA(I)Q", "SSAAAAAA(I)Q"),
        ("SS(Ax6)(I)Q", "SSAAAAAA(I)Q"),
        ("SSA×2(I)Q", "SSAA(I)Q"),
        ("SSA(3x(I))Q", "SSA(I)(I)(I)Q"),
        ("SSA(I)x3Q", "SSA(I)(I)(I)Q"),
        ("SSAA(2x(II))QQQQ", "SSAA(II)(II)QQQQ"),
        ("SS AA (I)(I) Q", "SSAA(I)(I)Q"),
        ("SSPtMgY", "SSPtMgY"),
        ("SSAA(3xI)Q", "SSAA(I)(I)(I)Q"),  # parentheses around drives make rooms
        ("SSAAIx3Q", "SSAAIIIQ"),  # without them the drives stay bare (and SF-5 says so)
    ],
)
def test_repeats_normalise(typed: str, normal: str) -> None:
    parsed = parse_system_string(typed)
    assert parsed.findings == []
    assert system_string(parsed.slots) == normal


def test_rooms_are_numbered_in_order() -> None:
    parsed = parse_system_string("SS(I)(II)(I)(II)Q")
    assert parsed.rooms == [[2], [3, 4], [5], [6, 7]]


def test_restricted_marks_written_where_asked() -> None:
    assert system_string(parse_system_string("SSA(I)(I)QE").slots, {"E"}) == "SSA(I)(I)QE+"


@pytest.mark.parametrize(
    ("typed", "rule", "offset", "words"),
    [
        ("SSK(I)", "SF-1", 2, "unknown system 'K'"),
        ("SSq(I)", "SF-1", 2, "write 'SSQ(I)'"),  # the string to write, in capitals
        ("SSpt(I)", "SF-1", 2, "write 'SSPt(I)'"),
        ("SS(I))Q", "SF-5", 5, "')' closes no engine room"),
        ("SS(I(I)Q", "SF-5", 2, "'(' is never closed"),
        # seed 001, Inertialess Drives (line 109): a room is drives inside a single set of
        # parentheses, so a room inside a room is a nesting error, not an unbalanced one
        ("SS((II))Q", "SF-5", 3, "engine rooms cannot be nested"),
        ("SS()Q", "SF-5", 2, "empty engine room"),
        ("SS(IQ)Q", "SF-5", 4, "holds only drives (I), found Q"),
        ("+SSQ", "SF-6", 0, "'+' must follow a weapon code"),
        ("SS(0xA)Q", "SF-1", 3, "repeat count 0"),
        ("SSAx5000000000(I)Q", "SF-1", 3, "repeat count 5000000000 must be from 1 to 60"),
        ("SS12345678901234567890xA(I)Q", "SF-1", 2, "repeat count 12345678901234567890 must be"),
        ("SS3Q", "SF-1", 2, "must be followed by x"),
    ],
)
def test_bad_notation_is_a_finding_at_its_character(typed: str, rule: str, offset: int, words: str) -> None:
    parsed = parse_system_string(typed)
    first = parsed.findings[0]
    assert (first.rule, first.path) == (rule, (Char(offset),))
    assert words in first.message


def test_full_notation_with_and_without_brackets_is_the_same_ship() -> None:
    a = parse_notation("CT-[2]-SSAA(I)(I)(I)QLR-[6]")
    b = parse_notation("CT-SSAA(I)(I)(I)QLR")
    assert (a.hull, a.turn_mode, a.speed) == ("CT", 2, 6)
    assert (b.hull, b.turn_mode, b.speed) == ("CT", None, None)
    assert system_string(a.systems.slots) == system_string(b.systems.slots) == "SSAA(I)(I)(I)QLR"
    assert a.systems_offset == 7 and a.speed_offset == 24


def test_notation_positions_and_unknown_hull() -> None:
    n = parse_notation("BB-SSQ")
    assert n.findings[0].path == (Char(0),) and "unknown hull 'BB'" in n.findings[0].message
    n = parse_notation("CT-[2]-SSAK")
    assert n.findings[0].path == (Char(10),)


def test_notation_writer_round_trip() -> None:
    assert notation("CT", "SSAA(I)(I)(I)QLR", 2, 6) == "CT-[2]-SSAA(I)(I)(I)QLR-[6]"
    assert notation("CT", "SSAA(I)QLR") == "CT-SSAA(I)QLR"


# --- errors that teach: keys meant as others, every problem in one pass --------------------


def _lines(path: Path) -> list[str]:
    from sheetgen.scenarios.loading import load_designs

    result = load_designs([path])
    located = sorted([*result.input_errors, *result.partial], key=lambda loc: (loc.line, loc.column))
    return [str(loc).removeprefix(f"{path}:") for loc in located]


def test_key_in_another_case_is_read_as_meant_and_said_once(tmp_path: Path) -> None:
    """``Game: Starfire``: the game is read from it (the design is still checked) and one line
    names the key it was meant as, without a second "lacks 'game:'" for the same cause."""
    path = tmp_path / "a.yaml"
    path.write_text("Game: Starfire\nname: Arrow\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n")
    assert _lines(path) == ["1:1: error [SCHEMA] unknown key 'Game' in design; did you mean 'game'?"]


def test_near_miss_key_suggests_the_key_and_drops_the_missing_line(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("game: starfire\nname: Arrow\nhul: CT\nsystems: SSAA(I)(I)(I)QLR\n")
    assert _lines(path) == ["3:1: error [SCHEMA] unknown key 'hul' in design; did you mean 'hull'?"]


def test_schema_problem_in_one_key_does_not_hide_the_rules(tmp_path: Path) -> None:
    """A wrong ``speed`` (SF-1 reads it) and an unknown key are reported with the rule
    errors of the rest of the design (Hull Chart: DD needs 2 Q, SF-2) in one pass."""
    path = tmp_path / "q.yaml"
    path.write_text(
        "game: starfire\nname: Q\nhull: DD\nsystems: SSSAAA(I)(I)(I)(I)(I)QYDDRRLH\n"
        "munitions: {R: 10}\nspeed: fast\ncolour: red\n"
    )
    assert _lines(path) == [
        "4:10: error [SF-2] DD requires at least 2 Q: found 1",
        "6:8: error [SCHEMA] 'speed' must be a whole number, found the text 'fast'",
        "7:1: error [SCHEMA] unknown key 'colour' in design (known keys: class, condition, count, game, hull,"
        " munitions, name, notes, speed, systems, turn_mode)",
    ]


def test_bad_munitions_drop_only_the_munitions_rule(tmp_path: Path) -> None:
    """munitions of the wrong type: SF-9 (which reads them) is left out, the rest is checked."""
    path = tmp_path / "q.yaml"
    path.write_text(
        "game: starfire\nname: Q\nhull: DD\nsystems: SSSAAA(I)(I)(I)(I)(I)QYDDRRLH\nmunitions: 10\n"
    )
    assert _lines(path) == [
        "4:10: error [SF-2] DD requires at least 2 Q: found 1",
        "5:12: error [SCHEMA] 'munitions' must be a mapping of name: count, found the number 10",
    ]


def test_missing_hull_stops_the_rules(tmp_path: Path) -> None:
    """Every Starfire rule reads the hull: without it no rule finding would be true."""
    path = tmp_path / "q.yaml"
    path.write_text("game: starfire\nname: Q\nsystems: SSAA(I)(I)(I)QLRX\n")
    assert _lines(path) == ["1:1: error [SCHEMA] design lacks the required key 'hull'"]


def test_lowercase_system_string_is_one_finding_with_the_string_to_write(tmp_path: Path) -> None:
    """System Chart codes are capitals: ``sssaaa(i)(i)...`` gives one SF-1 line with the
    string to use, not one per letter plus false empty engine rooms (SF-5)."""
    path = tmp_path / "b.yaml"
    path.write_text(
        "game: starfire\nname: Hammer\nhull: DD\nsystems: sssaaa(i)(i)(i)(i)(i)qqyddrrl\nmunitions: {R: 10}\n"
    )
    from sheetgen.scenarios.loading import load_designs

    (entry,) = load_designs([path]).entries
    assert [str(loc).removeprefix(f"{path}:") for loc in entry.located] == [
        "4:10: error [SF-1] system codes are capitals (Mg and Pt capitalised): write"
        " 'SSSAAA(I)(I)(I)(I)(I)QQYDDRRL'"
    ]


def test_capitals_keep_repeat_marks_and_two_letter_codes() -> None:
    parsed = parse_system_string("ss(2xa)(i)qmgpt")
    assert [f.message for f in parsed.findings] == [
        "system codes are capitals (Mg and Pt capitalised): write 'SS(2xA)(I)QMgPt'"
    ]
    assert system_string(parsed.slots) == "SSAA(I)QMgPt"


def test_misspelt_name_is_one_line_not_also_an_empty_name(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    path.write_text("game: starfire\nnme: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n")
    assert _lines(path) == ["2:1: error [SCHEMA] unknown key 'nme' in design; did you mean 'name'?"]


@pytest.mark.parametrize("style", [">", "|", ">-", "|-"])
def test_a_system_string_over_several_lines_reads_as_one(tmp_path: Path, style: str) -> None:
    """A block scalar (``systems: >`` or ``|``) adds line breaks: they separate codes as
    spaces do, so the CT reads as SSAA(I)(I)(I)QLR, 16 of 16 HS, and is legal."""
    path = tmp_path / "ct.yaml"
    path.write_text(
        f"game: starfire\nname: Arrow\nhull: CT\nsystems: {style}\n  SSAA(I)(I)\n  (I)QLR\nmunitions: {{R: 10}}\n"
    )
    assert _lines(path) == []
    from sheetgen.scenarios.loading import load_designs

    (entry,) = load_designs([path]).entries
    assert entry.legal and entry.stats.system_string == "SSAA(I)(I)(I)QLR"
    assert entry.stats.hull_spaces_used == 16
