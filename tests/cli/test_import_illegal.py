"""``sheetgen import`` of a design the rules refuse writes nothing (docs/starfire.md): its errors
placed in the pasted text, one line saying so, exit 1 as ``validate`` gives the same design; no
file made, none replaced (even with --force), no YAML printed. The case that asked for it: a
stated speed above the MP the engines give (Solar Starfire Quick Start, Hull Chart: Max MP; the
engines' MP), which most often means the systems part lost a drive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

# CT hull: 2 drives give 4 MP (Max MP 6); the string states 6
SHORT_OF_A_DRIVE = "CT-[2]-SSAA(I)(I)QLR-[6]"


def test_a_speed_above_the_engines_writes_nothing_and_exits_1(invoke: Any, tmp_path: Path) -> None:
    out = tmp_path / "fast.yaml"
    r = invoke("import", "starfire", SHORT_OF_A_DRIVE, "-o", out)
    assert r.exit_code == 1 and not out.exists()
    assert "notation:1:22: error [SF-1] speed 6 is above the 4 MP the engines give" in r.stderr
    assert r.stderr.splitlines()[-1] == (
        f"sheetgen: error: the pasted design breaks the rules (1 error above); {out} not written"
    )
    printed = invoke("import", "starfire", SHORT_OF_A_DRIVE)
    assert printed.exit_code == 1 and printed.stdout == ""
    assert printed.stderr.splitlines()[-1].endswith("no YAML printed")


def test_forced_over_a_good_file_it_keeps_that_file(invoke: Any, tmp_path: Path) -> None:
    out = tmp_path / "arrow.yaml"
    assert invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[6]", "-o", out).exit_code == 0
    kept = out.read_text(encoding="utf-8")
    assert invoke("import", "starfire", SHORT_OF_A_DRIVE, "-o", out, "--force").exit_code == 1
    assert out.read_text(encoding="utf-8") == kept


def test_validate_gives_the_same_design_the_same_error(invoke: Any, tmp_path: Path) -> None:
    design = tmp_path / "fast.yaml"
    design.write_text(
        "game: starfire\nname: Fast\nhull: CT\nsystems: SSAA(I)(I)QLR\nspeed: 6\n", encoding="utf-8"
    )
    checked = invoke("validate", design)
    assert checked.exit_code == 1
    assert "error [SF-1] speed 6 is above the 4 MP the engines give" in checked.stdout + checked.stderr


def test_warnings_and_notes_alone_still_write(invoke: Any, tmp_path: Path) -> None:
    out = tmp_path / "slow.yaml"
    r = invoke("import", "starfire", "CT-[3]-SSAA(I)(I)(I)QLR-[4]", "-o", out)  # TM warned, speed noted
    assert r.exit_code == 0 and "speed: 4" in out.read_text(encoding="utf-8")
