"""The command line: exit codes, one-line findings, several designs a file, bad input, output paths."""

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


def test_stats_findings_carry_rule_line_column(invoke: Invoke, write: Write) -> None:
    p = write("q.yaml", "game: starfire\nname: Q\nhull: DD\nsystems: SSSAAA(I)(I)(I)(I)(I)QYDDRRLH\n")
    (d,) = json.loads(invoke("stats", p, "--json").stdout)
    assert d["legal"] is False
    (f,) = [f for f in d["findings"] if f["severity"] == "error"]
    assert (f["rule"], f["line"], f["column"]) == ("SF-2", 4, 10)
    assert f["message"] == "DD requires at least 2 Q: found 1"


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
        ("scenario: X\nsides: []\n", ":1:1: error [GAME] scenario lacks 'game:'; known games: starfire"),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QL\nspeed: -1\n",
            ":5:8: error [SCHEMA] 'speed' must be at least 0, found -1",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QL\nspeed: 2.5\n",
            ":5:8: error [SCHEMA] 'speed' must be a whole number, found the number 2.5",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QL\nmunitions: {R: -3}\n",
            ":5:16: error [SCHEMA] 'munitions.R' must be at least 0, found -3",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QL\ncount: 0\n",
            ":5:8: error [SCHEMA] 'count' must be at least 1, found 0",
        ),
        (
            "game: starfire\nname: yes\nhull: CT\nsystems: SSAA(I)(I)(I)QL\n",
            ":2:7: error [SCHEMA] 'name' must be text, found true (a yes/no value; quote it to make text)",
        ),
        (
            "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QL\nspeeed: 4\n",
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
    # a design a schema problem leaves checkable also gets its rules' notes (SF-7 free HS)
    lines = [ln for ln in r.stdout.splitlines() if ln and " note [" not in ln]
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


def test_reference_pdf_without_output_is_its_default_name_never_replaced(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "reference-card.pdf").write_bytes(b"mine")
    r = invoke("reference", "starfire")
    assert r.exit_code == 2 and r.stderr.strip() == (
        "sheetgen: error: reference-card.pdf is already here; give -o reference-card.pdf to replace it, "
        "or -o another name"
    )
    assert (tmp_path / "reference-card.pdf").read_bytes() == b"mine"


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


def test_game_without_fleet_totals_prints_none(
    invoke: Invoke, write: Write, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game that sums nothing (the stand-in game; Game.fleet_totals by default) prints
    no fleet block and no side block."""
    import sheetgen.games as games

    from tests.standin_game import GAME

    monkeypatch.setitem(games.GAMES, "stand-in", "tests.standin_game")
    monkeypatch.setitem(games._loaded, "stand-in", GAME)
    fleet = write(
        "fleet.yaml", "game: stand-in\nfleet: Pickets\nside: Blue\ndesigns:\n  - {name: Picket, number: 3}\n"
    )
    scenario = write(
        "scenario.yaml",
        "scenario: Meet\ngame: stand-in\nsides:\n  - name: Blue\n    fleet: [{design: fleet.yaml}]\n",
    )
    r = invoke("stats", fleet, scenario)
    assert r.exit_code == 0, r.stderr
    assert "Picket  [stand-in, legal]" in r.stdout
    assert "fleet " not in r.stdout and "side " not in r.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[6]"),
        ("roll", "space-cruisers", "--seed", "3"),
    ],
)
def test_yaml_writers_take_only_a_yaml_name_and_keep_other_files(
    invoke: Invoke, tmp_path: Path, args: tuple[str, ...]
) -> None:
    """``import`` and ``roll`` write YAML: an ``-o`` named otherwise (a PDF the user
    meant to keep) is refused, exit 2, and left as it was."""
    keep = tmp_path / "keep.pdf"
    keep.write_bytes(b"%PDF earlier")
    r = invoke(*args, "-o", keep)
    assert r.exit_code == 2
    assert (
        r.stderr.strip()
        == f"sheetgen: error: -o {keep}: name a .yaml or .yml file (the name sets the format)"
    )
    assert keep.read_bytes() == b"%PDF earlier"
    r = invoke(*args, "-o", tmp_path / "ship.yml")
    assert r.exit_code == 0, r.stderr
    assert (tmp_path / "ship.yml").read_text(encoding="utf-8").startswith("#")


def test_import_refuses_an_empty_name(invoke: Invoke) -> None:
    r = invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[6]", "--name", " ")
    assert r.exit_code == 2
    assert r.stderr.strip() == "sheetgen: error: --name must not be empty: a design needs a name"


@pytest.mark.parametrize(
    ("args", "char"),
    [(("import", "starfire", "CT-[2]-SS(II)Q-[6]"), "U+000B"), (("roll", "space-cruisers"), "U+DC85")],
)
def test_a_name_no_design_file_can_carry_is_refused(
    invoke: Invoke, tmp_path: Path, args: tuple[str, ...], char: str
) -> None:
    name = "Bad\vName" if char == "U+000B" else "A\udc85B"
    r = invoke(*args, "--name", name, "-o", tmp_path / "ship.yaml")
    assert r.exit_code == 2
    assert (
        r.stderr.strip()
        == f"sheetgen: error: --name holds the character {char}, which no design file can carry"
    )
    assert not (tmp_path / "ship.yaml").exists()


@pytest.mark.parametrize("verb", [("new", "starfire"), ("roll", "space-cruisers")])
def test_a_name_of_two_lines_is_refused_as_the_designer_refuses_it(
    invoke: Invoke, tmp_path: Path, verb: tuple[str, ...]
) -> None:
    r = invoke(*verb, "--name", "A\nhull: DD", "-o", tmp_path / "ship.yaml")
    assert r.exit_code == 2
    assert r.stderr.strip() == "sheetgen: error: --name holds a line break or a tab: a name is one line"
    assert not (tmp_path / "ship.yaml").exists()


@pytest.mark.parametrize(
    "verb",
    [
        ("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[6]", "--name", "Arrow"),
        ("roll", "space-cruisers", "--seed", "7", "--name", "Daring"),
        ("new", "starfire", "--name", "Arrow"),
    ],
)
def test_a_design_file_of_the_users_is_kept_unless_force(
    invoke: Invoke, tmp_path: Path, verb: tuple[str, ...]
) -> None:
    """import, roll and new write design files, which users edit: an existing one is kept
    (one line, exit 2) unless --force replaces it."""
    mine = tmp_path / "mine.yaml"
    mine.write_text("my edited design\n", encoding="utf-8")
    r = invoke(*verb, "-o", mine)
    assert r.exit_code == 2 and r.stderr.strip().endswith(
        "already exists; choose another -o or add --force to replace it"
    )
    assert mine.read_text(encoding="utf-8") == "my edited design\n"
    r = invoke(*verb, "-o", mine, "--force")
    assert r.exit_code == 0, r.stderr
    assert mine.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")
