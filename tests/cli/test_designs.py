"""The command line: exit codes, one-line findings, JSON stats, import, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]

ARROW = "game: starfire\nname: Arrow\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n"


def test_validate_legal_designs_exit_0(invoke: Invoke) -> None:
    r = invoke("validate", DESIGNS / "starfire" / "ships")
    assert r.exit_code == 0
    assert "11 designs: 11 legal, 0 illegal" in r.stderr


def test_validate_reports_every_finding_with_position(invoke: Invoke, write: Write) -> None:
    p = write(
        "fleet.yaml",
        "game: starfire\ndesigns:\n"
        "  - name: Wrong Rooms\n    hull: CL\n    systems: SSSSAAAZ(I)(I)QQQYDDRRFLPtMg\n"
        "  - name: Fine\n    hull: CT\n    systems: SSAA(I)(I)(I)QLR\n    munitions: {R: 10}\n",
    )
    r = invoke("validate", p)
    assert r.exit_code == 1
    assert (
        f"{p}:5:23: error [SF-5] CL engine rooms must alternate (I) and (II) ending in (II): found (I)(I); 2 drives fit as (II)"
        in r.stdout.splitlines()
    )
    assert "2 designs: 1 legal, 1 illegal" in r.stderr


def test_several_designs_per_file_as_documents_and_lists(invoke: Invoke, write: Write) -> None:
    p = write("two.yaml", ARROW + "---\n- " + ARROW.replace("\n", "\n  ").rstrip() + "\n")
    r = invoke("stats", p, "--json")
    assert r.exit_code == 0
    assert [d["name"] for d in json.loads(r.stdout)] == ["Arrow", "Arrow"]


def test_stats_json_keys_and_values(invoke: Invoke) -> None:
    r = invoke("stats", DESIGNS / "starfire" / "ships" / "light-cruiser-sabre.yaml", "--json")
    assert r.exit_code == 0
    (d,) = json.loads(r.stdout)
    for key in (
        "name", "game", "hull", "hull_spaces", "hull_spaces_used", "turn_mode", "movement_points",
        "engine_rooms", "crew_quarters", "systems", "legal", "findings",
    ):  # fmt: skip
        assert key in d
    assert d["game"] == "starfire"
    assert (d["hull"], d["hull_spaces"], d["hull_spaces_used"], d["turn_mode"], d["movement_points"]) == (
        "CL",
        45,
        45,
        3,
        4,
    )
    assert d["engine_rooms"] == [1, 2, 1, 2]
    assert d["crew_quarters"] == 3
    assert d["systems"][:8] == ["S", "S", "S", "S", "A", "A", "A", "Z"]
    assert d["legal"] is True


def test_stats_findings_carry_rule_line_column(invoke: Invoke, write: Write) -> None:
    p = write("q.yaml", "game: starfire\nname: Q\nhull: DD\nsystems: SSSAAA(I)(I)(I)(I)(I)QYDDRRLH\n")
    (d,) = json.loads(invoke("stats", p, "--json").stdout)
    assert d["legal"] is False
    (f,) = [f for f in d["findings"] if f["severity"] == "error"]
    assert (f["rule"], f["line"], f["column"]) == ("SF-2", 4, 10)
    assert f["message"] == "DD requires at least 2 Q: found 1"


def test_stats_table_is_readable(invoke: Invoke) -> None:
    r = invoke("stats", DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml")
    assert "Arrow  [starfire, legal]" in r.stdout
    assert "MP as rooms are lost  6 → 4 → 2 → 0" in r.stdout


# --- import ---------------------------------------------------------------------------------------


def test_import_prints_yaml(invoke: Invoke) -> None:
    r = invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[6]", "--name", "Arrow")
    assert r.exit_code == 0
    assert r.stdout.splitlines()[1:] == [
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
    r = invoke("import", "starfire", "CT-[3]-SSAAA(I)(I)QLR-[6]", "--name", "Slow")
    assert r.exit_code == 0  # warnings only
    assert "notation:1:4: warning [SF-1] turn mode 3 stated, but the CT hull gives TM 2" in r.stderr
    assert "notation:1:23: warning [SF-1] speed 6 stated, but the rules give 4 MP" in r.stderr
    r = invoke("import", "starfire", "CT-SSAA(I)(I)(I)QLR-[4]", "--name", "Cruise")
    assert "warning [SF-1] speed 4 stated, below the 6 MP the engines give" in r.stderr


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


def test_import_unknown_game_and_unknown_hull(invoke: Invoke) -> None:
    r = invoke("import", "traveller", "X")
    assert r.exit_code == 2 and "unknown game 'traveller'" in r.stderr
    r = invoke("import", "starfire", "BB-SSQ")
    assert r.exit_code == 1 and "notation:1:1: error [SF-1] unknown hull 'BB'" in r.stderr


# --- bad input: one clear line each, exit 2, never a traceback -----------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "game: starfire\nname: [x\n",
            ":3:1: error [YAML] YAML syntax: did not find expected ',' or ']' (while parsing a flow sequence that starts at line 2, column 7)",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: {S: 2}\n",
            ":4:10: error [SCHEMA] 'systems' must be text",
        ),
        ("game: starfire\ndesigns: {a: 1}\n", ":2:10: error [SCHEMA] 'designs' must be a list of designs"),
        ("game: starfleet\nname: A\n", ":1:7: error [GAME] unknown game 'starfleet'; known games: starfire"),
        ("name: A\nhull: CT\n", ":1:1: error [GAME] design lacks 'game:'"),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SQ\nspeed: -1\n",
            ":5:8: error [SCHEMA] 'speed' must be at least 0, found -1",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SQ\nspeed: 2.5\n",
            ":5:8: error [SCHEMA] 'speed' must be a whole number, found the number 2.5",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SQ\nmunitions: {R: -3}\n",
            ":5:16: error [SCHEMA] 'munitions.R' must be at least 0, found -3",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SQ\ncount: 0\n",
            ":5:8: error [SCHEMA] 'count' must be at least 1, found 0",
        ),
        (
            "game: starfire\nname: yes\nhull: CT\nsystems: SQ\n",
            ":2:7: error [SCHEMA] 'name' must be text, found true (a yes/no value; quote it to make text)",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SQ\nspeeed: 4\n",
            ":5:1: error [SCHEMA] unknown key 'speeed' in design",
        ),
        (
            "game: starfire\nname: A\nhull: CT\n",
            ":1:1: error [SCHEMA] design lacks the required key 'systems'",
        ),
        (
            "- 12\n",
            ":1:3: error [SCHEMA] a design must be a mapping of key: value lines, found the number 12",
        ),
    ],
)
def test_unreadable_input_is_one_line_and_exit_2(
    invoke: Invoke, write: Write, text: str, expected: str
) -> None:
    p = write("bad.yaml", text)
    r = invoke("validate", p)
    assert r.exit_code == 2
    lines = [ln for ln in r.stdout.splitlines() if ln]
    assert len(lines) == 1, lines
    assert lines[0].startswith(str(p) + expected), lines[0]
    assert "Traceback" not in r.stdout + r.stderr


def test_unknown_system_and_unbalanced_parenthesis_are_rule_errors(invoke: Invoke, write: Write) -> None:
    p = write("k.yaml", "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(IQKR\n")
    r = invoke("validate", p)
    assert r.exit_code == 1
    out = r.stdout
    assert f"{p}:4:20: error [SF-5] unbalanced parenthesis: '(' is never closed" in out
    assert f"{p}:4:23: error [SF-1] unknown system 'K'" in out


def test_empty_missing_and_huge_files(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    empty = write("empty.yaml", "")
    r = invoke("validate", empty)
    assert r.exit_code == 2 and f"{empty}:1:1: error [FILE] file is empty" in r.stdout
    r = invoke("validate", tmp_path / "missing.yaml")
    assert r.exit_code == 2 and "error [FILE] no such file" in r.stdout
    huge = tmp_path / "huge.yaml"
    huge.write_bytes(b"#" * (5 * 1024 * 1024))
    r = invoke("validate", huge)
    assert r.exit_code == 2 and "error [FILE] file is 5.2 MB" in r.stdout
    (tmp_path / "empty-folder").mkdir()
    r = invoke("validate", tmp_path / "empty-folder")
    assert r.exit_code == 2 and "folder holds no .yaml or .yml files" in r.stdout


def test_input_errors_win_over_illegal_designs(invoke: Invoke, write: Write) -> None:
    good = write("a.yaml", "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n")
    bad = write("b.yaml", "game: nope\n")
    assert invoke("validate", good).exit_code == 1
    assert invoke("validate", good, bad).exit_code == 2


# --- output paths ----------------------------------------------------------------------------------


def test_output_in_missing_folder(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "sheets.pdf"
    r = invoke("sheets", DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", "-o", out)
    assert r.exit_code == 2
    assert r.stderr.strip() == f"sheetgen: error: {out}: folder {out.parent} does not exist"
    assert not out.parent.exists()


def test_output_in_read_only_folder_keeps_existing_file(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "sheets.pdf"
    out.write_bytes(b"earlier sheets")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == tmp_path else real_access(p, mode))
    r = invoke("sheets", DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", "-o", out)
    assert r.exit_code == 2
    assert r.stderr.strip() == f"sheetgen: error: {out}: folder {tmp_path} is not writable"
    assert out.read_bytes() == b"earlier sheets"


def test_failed_write_leaves_the_earlier_file(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "card.json"
    out.write_text("earlier card")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    r = invoke("reference", "starfire", "--format", "json", "-o", out)
    assert r.exit_code == 2
    assert "cannot write: No space left on device" in r.stderr
    assert out.read_text() == "earlier card"
    assert [p.name for p in tmp_path.iterdir()] == ["card.json"]  # no temporary file left behind


def test_bad_input_leaves_existing_output_untouched(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    out = tmp_path / "sheets.pdf"
    out.write_bytes(b"earlier sheets")
    bad = write("bad.yaml", "game: starfire\nname: [\n")
    assert invoke("sheets", bad, "-o", out).exit_code == 2
    assert out.read_bytes() == b"earlier sheets"


# --- reference card formats -------------------------------------------------------------------------


def test_reference_json_and_csv_carry_the_same_numbers(invoke: Invoke) -> None:
    data = json.loads(invoke("reference", "starfire", "--format", "json").stdout)
    chart = next(t for t in data["tables"] if t["id"] == "weapon-chart")
    pt_hits = next(row for row in chart["rows"] if row[0].startswith("Pt "))
    assert pt_hits[2:] == [3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 4, 3, 3, 3, 2, 2, 1, 1, 1, None, None]
    csv_text = invoke("reference", "starfire", "--format", "csv").stdout
    assert "Pt Plasma Torpedoes,to-hit,3,3,3,3,4,4,4,5,5,5,4,3,3,3,2,2,1,1,1,," in csv_text
    pd = next(t for t in data["tables"] if t["id"] == "point-defense")
    assert pd["rows"][0][4] == {"fraction": "1/2", "value": 0.5}  # option 1: 5 or less on d10


def test_reference_pdf_needs_an_output_file(invoke: Invoke) -> None:
    r = invoke("reference", "starfire")
    assert r.exit_code == 2 and "--format pdf needs -o FILE" in r.stderr


def test_reference_unknown_game(invoke: Invoke) -> None:
    r = invoke("reference", "chess", "--format", "json")
    assert r.exit_code == 2 and "unknown game 'chess'" in r.stderr


# --- the installed script ------------------------------------------------------------------------------


def test_installed_script_runs() -> None:
    script = Path(sys.executable).parent / "sheetgen"
    assert script.exists(), "sheetgen is not installed in this environment"
    out = subprocess.run(
        [str(script), "validate", str(DESIGNS / "starfire" / "illegal" / "sf5-light-cruiser-rooms.yaml")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 1
    assert (
        "error [SF-5] CL engine rooms must alternate (I) and (II) ending in (II): found (I)(I)" in out.stdout
    )
    assert out.stderr.strip() == "1 design: 0 legal, 1 illegal"


def test_usage_errors_are_one_line(invoke: Invoke) -> None:
    r = invoke("sheets", "x.yaml", "-o", "x.pdf", "--paper", "b5")
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines() == [
        "sheetgen sheets: error: Invalid value for '--paper': 'b5' is not one of 'letter', 'a4'. (see sheetgen sheets --help)"
    ]
    r = invoke("frobnicate")
    assert (
        r.exit_code == 2
        and r.stderr.strip() == "sheetgen: error: No such command 'frobnicate'. (see sheetgen --help)"
    )


def test_game_without_fleet_totals_prints_none(invoke: Invoke, write: Write) -> None:
    fleet = write(
        "sf-fleet.yaml",
        "game: starfire\nfleet: Pickets\ndesigns:\n"
        "  - {name: Picket, hull: ES, systems: SA(I)(I)QL, count: 2}\n",
    )
    r = invoke("stats", fleet)
    assert r.exit_code == 0
    assert "fleet " not in r.stdout


def test_starfire_import_points_at_the_unknown_code(invoke: Invoke) -> None:
    r = invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLRK-[6]")
    # K is the 24th character
    assert "notation:1:24: error [SF-1] unknown system 'K'" in r.stderr
    assert r.exit_code == 1
