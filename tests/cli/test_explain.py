"""``sheetgen explain``: a finding's rule id, looked up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sheetgen.games import rulebook

RULINGS = rulebook().rulings

Invoke = Callable[..., Any]


def test_explain_prints_the_ruling(invoke: Invoke) -> None:
    r = invoke("explain", "SF-5")
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert out.startswith("SF-5: Engine rooms\n")
    assert "Game: starfire, Solar Starfire Quick Start" in out
    assert "Decides: Drives are written in engine rooms" in out
    assert "Rule text: Solar Starfire Quick Start: ship design: engine rooms" in out
    assert "Cited by: errors; an error exits 1 (a broken rule)" in out
    assert r.stderr == ""


@pytest.mark.parametrize("typed", ["sf-5", "Sf-5", "SF5", "[SF-5]", "sf-05"])
def test_explain_reads_the_id_in_any_case(invoke: Invoke, typed: str) -> None:
    r = invoke("explain", typed)
    assert r.exit_code == 0
    assert r.stdout.startswith("SF-5: Engine rooms\n")


@pytest.mark.parametrize("ruling", RULINGS, ids=[r.id for r in RULINGS])
def test_every_id_explains(invoke: Invoke, ruling: Any) -> None:
    r = invoke("explain", ruling.id.lower())
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0] == f"{ruling.id}: {ruling.title}"
    flat = " ".join(line.strip() for line in lines)
    assert ruling.decides in flat and ruling.reads in flat
    assert max(len(line) for line in lines) <= 88


def test_an_input_id_says_it_reads_no_rule_text_and_exits_2(invoke: Invoke) -> None:
    r = invoke("explain", "schema")
    assert r.stdout.startswith("SCHEMA: ")
    assert "Rule text: no rule text" in r.stdout
    assert "Cited by: errors; an error exits 2 (input that cannot be used)" in r.stdout


def test_a_ruling_no_finding_cites_says_where_it_applies(invoke: Invoke) -> None:
    r = invoke("explain", "KR-4")
    assert "Cited by: no finding: the ruling shapes what sheetgen prints" in r.stdout
    assert "Used by: reference card" in r.stdout
    assert "exits" not in r.stdout


def test_a_ruling_only_warnings_cite_names_no_exit_status(invoke: Invoke) -> None:
    r = invoke("explain", "SF-11")
    assert "Cited by: warnings\n" in r.stdout


def test_several_close_ids_are_all_offered(invoke: Invoke) -> None:
    r = invoke("explain", "SF-13")
    assert (
        r.stderr.strip()
        == "sheetgen explain: error: unknown rule id 'SF-13'; did you mean SF-3, SF-1 or SF-12?"
    )


def test_an_unknown_id_is_one_line_with_a_close_match_and_exit_2(invoke: Invoke) -> None:
    r = invoke("explain", "XX-11")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.splitlines() == [
        "sheetgen explain: error: unknown rule id 'XX-11'; did you mean SF-11 or KH-11?"
    ]


def test_an_unknown_word_gets_the_nearest_id(invoke: Invoke) -> None:
    r = invoke("explain", "schma")
    assert r.exit_code == 2
    assert r.stderr.strip() == "sheetgen explain: error: unknown rule id 'schma'; did you mean SCHEMA?"


def test_list_gives_every_id_with_a_one_line_title(invoke: Invoke) -> None:
    r = invoke("explain", "--list")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [x.id for x in RULINGS]
    for line, ruling in zip(lines, RULINGS, strict=True):
        assert line.endswith(f"  {ruling.title}")


@pytest.mark.parametrize("args", [[], ["SF-5", "--list"]])
def test_explain_needs_an_id_or_list_but_not_both(invoke: Invoke, args: list[str]) -> None:
    r = invoke("explain", *args)
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        "sheetgen explain: error: give a RULE-ID or --list (see sheetgen explain --help)"
    ]


def test_help_lists_explain_after_validate(invoke: Invoke) -> None:
    out = invoke("--help").stdout
    verbs = [line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.strip()]
    assert verbs[:2] == ["validate", "explain"]
    assert "explain    Explain a finding's rule id (SF-5, KR-1, SCHEMA...)." in out
