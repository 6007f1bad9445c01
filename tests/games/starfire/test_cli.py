"""Starfire's own command: sheetgen import, the notation written as YAML."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

Invoke = Callable[..., Any]


def test_import_prints_yaml(invoke: Invoke) -> None:
    r = invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[6]", "--name", "Arrow")
    assert r.exit_code == 0
    # an editor with the YAML language server checks the file against the schema beside it
    assert r.stdout.splitlines()[:2] == [
        "# yaml-language-server: $schema=starfire.schema.json",
        "# imported from: CT-[2]-SSAA(I)(I)(I)QLR-[6]",
    ]
    assert r.stdout.splitlines()[2:] == [
        "game: starfire",
        "name: Arrow",
        "hull: CT",
        "systems: SSAA(I)(I)(I)QLR",
        "turn_mode: 2",
        "speed: 6",
    ]


def test_import_normalises_repeats_and_brackets_are_optional(invoke: Invoke) -> None:
    a = invoke("import", "starfire", "CT-SS(2xA)(I)x3QLR", "--name", "A")
    b = invoke("import", "starfire", "CT-SSAx2(I)(I)(I)QLR", "--name", "A")
    assert "systems: SSAA(I)(I)(I)QLR" in a.stdout
    assert a.stdout.replace("(2xA)(I)x3", "Ax2(I)(I)(I)") == b.stdout


def test_import_warns_when_stated_numbers_disagree(invoke: Invoke) -> None:
    # Seed 001, Ship Design, Hull Chart (line 75): the TM is the hull's; Max MP is the most a ship
    # can be given, slower speeds can be chosen.
    r = invoke("import", "starfire", "CT-[3]-SSAA(I)(I)(I)QLR-[4]", "--name", "Slow")
    assert r.exit_code == 0  # warnings only
    assert (
        "notation:1:4: warning [SF-1] turn mode 3 stated, but the CT hull gives TM 2; "
        "the design file gets turn_mode 2" in r.stderr
    )
    assert "turn_mode: 2" in r.stdout.splitlines() and "turn_mode: 3" not in r.stdout
    assert "notation:1:25: note [SF-1] speed 4 stated, below the 6 MP the engines give" in r.stderr
    assert "speed: 4" in r.stdout.splitlines()


def test_import_of_a_speed_above_what_the_rules_allow_is_an_error(invoke: Invoke) -> None:
    # Seed 001, Ship Design, Hull Chart (line 75): Max MP is the maximum speed a ship can be given.
    r = invoke("import", "starfire", "CT-[3]-SSAAA(I)(I)QLR-[6]", "--name", "Slow")
    assert r.exit_code == 1
    assert "notation:1:23: error [SF-1] speed 6 is above the 4 MP the engines give" in r.stderr
    assert "notation:1:4: warning [SF-1] turn mode 3 stated, but the CT hull gives TM 2" in r.stderr
    assert "turn_mode: 3" not in r.stdout
    r = invoke("import", "starfire", "CT-SSAA(I)(I)(I)QLR-[9]", "--name", "Fast")
    assert r.exit_code == 1
    assert "notation:1:21: error [SF-1] speed 9 is above the CT hull's Max MP 6" in r.stderr


def test_import_writes_a_file_that_validates(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "arrow.yaml"
    r = invoke("import", "starfire", "ES-SSAA(I)(I)QYL", "-n", "Picket", "-o", out)
    assert r.exit_code == 0
    assert "systems: SSAA(I)(I)QYL+" in out.read_text()
    assert invoke("validate", out).exit_code == 0


def test_import_of_an_illegal_design_exits_1_with_positions(invoke: Invoke) -> None:
    r = invoke("import", "starfire", "CL-SSSSAAAZ(I)(I)QQQYDDRRFLPtMg")
    assert r.exit_code == 1
    assert "notation:1:13: error [SF-5] CL engine rooms must alternate" in r.stderr


def test_import_findings_come_in_the_order_of_the_string(invoke: Invoke) -> None:
    """As validate prints them: by column, whichever rule found them."""
    r = invoke("import", "starfire", "CT-[2]-ssZA(I)(I)Kx-[6]")
    assert r.exit_code == 1
    columns = [int(line.split(":")[2]) for line in r.stderr.splitlines() if line.startswith("notation:")]
    assert columns == sorted(columns)
    assert columns == [1, 1, 8, 9, 11, 18, 19, 21]


def test_import_refuses_a_system_string_longer_than_a_design_may_hold(invoke: Invoke) -> None:
    """A design file's systems: holds at most 1,000 characters, so import refuses more, as
    pasted or as its repeats write out (20 x 60xA is 1,200 A), and writes nothing."""
    for pasted, length in (("S" * 1001, "1,001"), ("60xA" * 20, "1,200")):
        r = invoke("import", "starfire", f"CT-[2]-{pasted}")
        assert r.exit_code == 2 and r.stdout == ""
        assert r.stderr.strip() == (
            f"notation:1:8: error [SCHEMA] the system string is {length} characters long written out; "
            "a design's is at most 1,000"
        )
    assert invoke("import", "starfire", "CT-[2]-" + "S" * 1000).exit_code == 1  # legal length, illegal HS


def test_import_unknown_game_and_unknown_hull(invoke: Invoke) -> None:
    r = invoke("import", "traveller", "X")
    assert r.exit_code == 2 and "unknown game 'traveller'" in r.stderr
    r = invoke("import", "starfire", "BB-SSQ")
    assert r.exit_code == 1 and "notation:1:1: error [SF-1] unknown hull 'BB'" in r.stderr


def test_starfire_import_points_at_the_unknown_code(invoke: Invoke) -> None:
    r = invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLRK-[6]")
    # K is the 24th character
    assert "notation:1:24: error [SF-1] unknown system 'K'" in r.stderr
    assert r.exit_code == 1


def test_scenario_turn_limits_are_absent_or_marked_as_chosen() -> None:
    # Seed 001, Scenarios (lines 112-132): none of the six states a turn limit, and the fast raiders
    # play until one side remains; a limit the text does not give is the project's choice
    # (RULINGS SF-11), marked in the file and printed as optional on the briefing.
    from sheetgen.render.briefing import briefing_view
    from sheetgen.render.html import render_html
    from sheetgen.scenarios.scenario import load_scenario

    from tests.conftest import DESIGNS

    files = sorted((DESIGNS / "starfire" / "scenarios").glob("*.yaml"))
    assert len(files) == 6
    for file in files:
        scenario, _ = load_scenario(file)
        assert scenario is not None
        if file.stem == "fast-raiders":
            assert scenario.turn_limit is None
        assert scenario.turn_limit is None or scenario.turn_limit_chosen, file.name
        html = render_html("briefing.html.j2", {"b": briefing_view(scenario, []), "paper": {}})
        if scenario.turn_limit is None:
            assert " turns</strong>" not in html
        else:
            assert f"{scenario.turn_limit} turns</strong> (optional, the project's choice)" in html


def test_import_of_a_number_of_thousands_of_digits_is_a_finding(invoke: Any) -> None:
    """A pasted speed or turn mode of 5,000 digits is refused in one line, as ``validate``
    refuses such a number in a design file, never by Python's int-to-text limit."""
    huge = "9" * 5000
    line = "error [SCHEMA] an integer of 5,000 digits; numbers here have at most 100 digits"
    speed = invoke("import", "starfire", f"CT-[2]-SS(I)(I)Q-[{huge}]")
    assert speed.exit_code == 2 and speed.stderr.splitlines() == [f"notation:1:18: {line}"]
    turn_mode = invoke("import", "starfire", f"CT-[{huge}]-SS(I)(I)Q-[4]")
    assert turn_mode.exit_code == 2 and turn_mode.stderr.splitlines() == [f"notation:1:4: {line}"]


def test_no_munitions_note_is_said_once_per_run_with_a_count(invoke: Invoke, tmp_path: Path) -> None:
    """SF-9's "no munitions stated" note, which most designs get, is one line for a folder."""
    for name in ("A", "B", "C"):
        (tmp_path / f"{name}.yaml").write_text(
            f"game: starfire\nname: {name}\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n", encoding="utf-8"
        )
    r = invoke("validate", tmp_path)
    assert r.exit_code == 0
    assert r.stdout.splitlines() == [
        "sheetgen: note [SF-9] no munitions stated on 3 designs (for R): their record sheets print"
        " blank munition boxes to fill in; state them as munitions: {R: 10}"
    ]
    one = invoke("validate", tmp_path / "A.yaml")
    assert one.stdout.splitlines() == [
        f"{tmp_path / 'A.yaml'}:4:25: note [SF-9] no munitions stated for R: the sheet prints blank"
        " munition boxes to fill in"
    ]
