"""Kill Radius design files: YAML read into designs, the input (SCHEMA) errors of wrong types."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.scenarios.loading import load_designs


def test_type_names_are_forgiving(write: Callable[[str, str], Path]) -> None:
    path = write("d.yaml", "game: kill-radius\nname: X\ntype: Super-Dimensional  Fortress*\nnumber: 10\n")
    (entry,) = load_designs([path]).entries
    assert entry.findings == []
    assert entry.stats.type == "super dimensional fortress"
    assert entry.stats.carrier
    assert entry.stats.fighters == 10


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("4.5", "'number' must be a whole number, found the number 4.5"),
        ("five", "'number' must be a whole number, found the text 'five'"),
        ("true", "'number' must be a whole number, found true"),
        ("null", "'number' must be a whole number, found nothing (null)"),
        ("[3]", "'number' must be a whole number, found a list"),
    ],
)
def test_numbers_of_the_wrong_type_are_schema_errors(
    write: Callable[[str, str], Path], value: str, message: str
) -> None:
    path = write("n.yaml", f"game: kill-radius\nname: X\ntype: cruiser\nnumber: {value}\n")
    result = load_designs([path])
    assert result.exit_code == 2
    assert result.entries == []
    (problem,) = result.input_errors
    assert (problem.line, problem.column, problem.finding.rule) == (4, 9, "SCHEMA")
    assert message in problem.finding.message


def test_whole_float_number_is_refused_with_its_digits(write: Callable[[str, str], Path]) -> None:
    path = write("n.yaml", "game: kill-radius\nname: X\ntype: cruiser\nnumber: 6.0\n")
    result = load_designs([path])
    assert result.exit_code == 2 and not result.entries
    (problem,) = result.input_errors
    assert (
        problem.finding.message
        == "'number' must be a whole number written with digits only, found 6.0; write 6"
    )


@pytest.mark.parametrize(
    ("value", "found"), [("2.5", "the number 2.5"), ("many", "the text 'many'"), ("null", "nothing (null)")]
)
def test_fighter_counts_of_the_wrong_type_are_schema_errors(
    write: Callable[[str, str], Path], value: str, found: str
) -> None:
    path = write(
        "c.yaml", f"game: kill-radius\nname: C\ntype: escort carrier\nnumber: 6\nfighters: {value}\n"
    )
    result = load_designs([path])
    assert result.exit_code == 2
    (problem,) = result.input_errors
    assert (problem.line, problem.column, problem.finding.rule) == (5, 11, "SCHEMA")
    assert problem.finding.message == f"'fighters' must be a whole number, found {found}"


def test_whole_float_fighter_count_is_refused_with_its_digits(write: Callable[[str, str], Path]) -> None:
    path = write("c.yaml", "game: kill-radius\nname: C\ntype: escort carrier\nnumber: 6\nfighters: 4.0\n")
    result = load_designs([path])
    assert result.exit_code == 2
    assert "'fighters' must be a whole number written with digits only, found 4.0; write 4" in [
        p.finding.message for p in result.input_errors
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game: kill-radius\nname: X\ntype: cruiser\n", "design lacks the required key 'number'"),
        ("game: kill-radius\nname: X\nnumber: 3\n", "design lacks the required key 'type'"),
        ("game: kill-radius\nname: X\ntype: ''\nnumber: 3\n", "'type' is empty"),
        ("game: kill-radius\nname: X\ntype: cruiser\nnumber: 6\nspeed: 4\n", "unknown key 'speed'"),
        (
            "game: kill-radius\nname: X\ntype: cruiser\nnumber: 6\ncarrier: maybe\n",
            "'carrier' must be true or false",
        ),
    ],
)
def test_unusable_input_is_a_schema_error(write: Callable[[str, str], Path], text: str, message: str) -> None:
    result = load_designs([write("x.yaml", text)])
    assert result.exit_code == 2
    assert any(message in loc.finding.message and loc.finding.rule == "SCHEMA" for loc in result.input_errors)


def test_key_in_another_case_says_the_key_meant(write: Callable[[str, str], Path]) -> None:
    """``Number:`` is ``number`` in another case: one line says so, not also "lacks 'number'"."""
    path = write("n.yaml", "game: kill-radius\nname: X\ntype: cruiser\nNumber: 6\n")
    result = load_designs([path])
    assert result.exit_code == 2
    assert [str(loc) for loc in result.input_errors] == [
        f"{path}:4:1: error [SCHEMA] unknown key 'Number' in design; did you mean 'number'?"
    ]
