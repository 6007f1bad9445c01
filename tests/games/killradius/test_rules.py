"""Kill Radius design checks: every finding with its rule id and file:line:col."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

KR = DESIGNS / "kill-radius"


def located(path: Path) -> list[str]:
    result = load_designs([path])
    assert not result.input_errors, result.input_errors
    return [str(loc) for e in result.entries for loc in e.located]


@pytest.mark.parametrize(
    ("file", "line"),
    [
        (
            "kr1-number-out-of-range.yaml",
            ":5:9: error [KR-1] Number must be from 1 to 10, found 12",
        ),
        (
            "kr1-carrier-not-in-list.yaml",
            ":7:10: error [KR-1] battleship is not a carrier in the text's list",
        ),
        (
            "kr5-fighters-on-non-carrier.yaml",
            ":6:11: error [KR-5] 2 fighters on a cruiser, which is not a carrier",
        ),
        (
            "kr5-too-many-fighters.yaml",
            ":6:11: error [KR-5] 8 fighters aboard, but a carrier holds at most its Number (6)",
        ),
    ],
)
def test_each_illegal_design_breaks_its_rule(file: str, line: str) -> None:
    path = KR / "illegal" / file
    result = load_designs([path])
    (entry,) = result.entries
    assert not entry.legal
    errors = [str(loc) for loc in entry.located if loc.finding.is_error]
    assert len(errors) == 1
    assert errors[0].startswith(str(path) + line)
    # the file name names the rule it breaks
    assert entry.findings[0].rule == file[:3].upper().replace("KR", "KR-")


def test_every_illegal_file_is_illegal_and_every_other_design_legal() -> None:
    result = load_designs([KR])
    assert not result.input_errors
    for entry in result.entries:
        assert entry.legal == ("illegal" not in entry.document.source), entry.document.source


def test_listed_type_at_another_number_warns_with_the_texts_number() -> None:
    lines = located(KR / "ships" / "bulwark-up-gunned-monitor.yaml")
    assert lines == [
        f"{KR / 'ships' / 'bulwark-up-gunned-monitor.yaml'}:6:9: warning [KR-1] the text lists monitor "
        "under Number 2, not 4 (legal; the design's Number 4 is used)"
    ]


def test_free_type_is_a_legal_note(write: Callable[[str, str], Path]) -> None:
    path = write("galleon.yaml", "game: kill-radius\nname: Galleon\ntype: star galleon\nnumber: 4\n")
    result = load_designs([path])
    (entry,) = result.entries
    assert entry.legal
    assert [str(loc) for loc in entry.located] == [
        f"{path}:3:7: note [KR-1] 'star galleon' is not one of the text's ship types: a free type name, "
        "legal; not a carrier"
    ]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0", "Number must be from 1 to 10, found 0"),
        ("-2", "Number must be from 1 to 10, found -2"),
        ("11", "Number must be from 1 to 10, found 11"),
    ],
)
def test_numbers_out_of_range_are_kr1_errors(
    write: Callable[[str, str], Path], value: str, message: str
) -> None:
    path = write("n.yaml", f"game: kill-radius\nname: X\ntype: cruiser\nnumber: {value}\n")
    result = load_designs([path])
    (entry,) = result.entries
    (finding,) = [loc for loc in entry.located if loc.finding.is_error]
    assert (finding.line, finding.column, finding.finding.rule) == (4, 9, "KR-1")
    assert message in finding.finding.message


def test_carrier_with_fewer_fighters_notes_the_room_left(write: Callable[[str, str], Path]) -> None:
    path = write("c.yaml", "game: kill-radius\nname: C\ntype: heavy carrier\nnumber: 8\nfighters: 5\n")
    (entry,) = load_designs([path]).entries
    assert entry.legal
    assert [(f.rule, f.severity.value, f.message) for f in entry.findings] == [
        ("KR-5", "note", "5 fighters aboard; Number 8 has room for 3 more")
    ]


def test_negative_fighter_count_is_a_kr5_error(write: Callable[[str, str], Path]) -> None:
    path = write("c.yaml", "game: kill-radius\nname: C\ntype: escort carrier\nnumber: 6\nfighters: -1\n")
    (entry,) = load_designs([path]).entries
    (error,) = [loc for loc in entry.located if loc.finding.is_error]
    assert (error.line, error.column, error.finding.rule) == (5, 11, "KR-5")
    assert error.finding.message == "fighters must be a whole number of 0 or more, found the number -1"


def test_zero_fighters_on_a_warship_is_fine(write: Callable[[str, str], Path]) -> None:
    path = write("w.yaml", "game: kill-radius\nname: W\ntype: cruiser\nnumber: 6\nfighters: 0\n")
    (entry,) = load_designs([path]).entries
    assert entry.findings == []


def test_listed_carrier_cannot_be_declared_a_non_carrier(write: Callable[[str, str], Path]) -> None:
    path = write("c.yaml", "game: kill-radius\nname: C\ntype: light carrier\nnumber: 7\ncarrier: false\n")
    (entry,) = load_designs([path]).entries
    (error,) = entry.located
    assert (error.line, error.column, error.finding.rule) == (5, 10, "KR-1")
    assert "light carrier is a carrier in the text's list" in error.finding.message


def test_several_findings_come_errors_first(write: Callable[[str, str], Path]) -> None:
    path = write(
        "m.yaml", "game: kill-radius\nname: M\ntype: monitor\nnumber: 4\nfighters: 3\n"
    )  # warning KR-1 + error KR-5
    (entry,) = load_designs([path]).entries
    assert [(f.severity.value, f.rule) for f in entry.findings] == [("error", "KR-5"), ("warning", "KR-1")]
