"""Kill Radius through the command line: validate and its exit codes, the scenario, the kit, the
installed command."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import DESIGNS, Built, kit_stderr, pdf_text

KR = DESIGNS / "kill-radius"
FLEETS = KR / "fleets"
SCENARIO = KR / "scenarios" / "border-clash.yaml"

Invoke = Callable[..., Any]


# --- validate ----------------------------------------------------------------------------------


def test_validate_fleets_exit_0(invoke: Invoke) -> None:
    r = invoke("validate", FLEETS)
    assert r.exit_code == 0
    assert "11 designs: 11 legal, 0 illegal" in r.stderr


def test_validate_illegal_exit_1(invoke: Invoke) -> None:
    r = invoke("validate", KR / "illegal")
    assert r.exit_code == 1
    assert r.stdout.count("error [KR-") == 4
    assert "4 designs: 0 legal, 4 illegal" in r.stderr


def test_validate_warning_is_still_exit_0(invoke: Invoke) -> None:
    r = invoke("validate", KR / "ships")
    assert r.exit_code == 0
    assert "warning [KR-1]" in r.stdout
    assert "note [KR-5]" in r.stdout
    assert invoke("validate", "-q", KR / "ships").stdout == ""


def test_validate_unreadable_exit_2(invoke: Invoke, write: Callable[[str, str], Path]) -> None:
    bad = write("bad.yaml", "game: kill-radius\nname: [unclosed\n")
    r = invoke("validate", bad)
    assert r.exit_code == 2
    assert f"{bad}:" in r.stdout and "error [YAML]" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_validate_missing_number_exit_2(invoke: Invoke, write: Callable[[str, str], Path]) -> None:
    bad = write("bad.yaml", "game: kill-radius\nname: X\ntype: scout\n")
    r = invoke("validate", bad)
    assert r.exit_code == 2
    assert f"{bad}:1:1: error [SCHEMA] design lacks the required key 'number'" in r.stdout


def test_validate_number_of_the_wrong_type_exit_2(invoke: Invoke, write: Callable[[str, str], Path]) -> None:
    bad = write("bad.yaml", "game: kill-radius\nname: Half Measure\ntype: destroyer leader\nnumber: 4.5\n")
    r = invoke("validate", bad)
    assert r.exit_code == 2
    assert f"{bad}:4:9: error [SCHEMA] 'number' must be a whole number, found the number 4.5" in r.stdout


def test_validate_scenario(invoke: Invoke) -> None:
    assert invoke("validate", SCENARIO).exit_code == 0


# --- kit -----------------------------------------------------------------------------------------------


def test_kit_builds_sheets_and_card(bundled_kits: Built) -> None:
    out = bundled_kits.path / SCENARIO.stem  # kit --all --single
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    assert "kit for 'Border clash' (12 ships)" in kit_stderr(bundled_kits, SCENARIO.stem)
    assert {"record-sheets.pdf", "reference-card.pdf", "counters.pdf"} <= {p.name for p in out.iterdir()}
    text = "\n".join(pdf_text(out / "record-sheets.pdf"))
    assert "Border clash: record sheets" in text
    assert "Lance 1" in text and "Lance 2" in text
    assert "Kill radius" in "\n".join(pdf_text(out / "reference-card.pdf"))


def test_scenario_sides_and_totals() -> None:
    from sheetgen.scenarios.scenario import load_scenario

    scenario, result = load_scenario(SCENARIO)
    assert scenario is not None and not result.input_errors and scenario.legal
    assert scenario.game.id == "kill-radius"
    for side in scenario.sides:
        assert len(side.ships) >= 6
        assert any(s.stats.carrier for s in side.ships)
        assert sum(s.stats.number for s in side.ships) == 28


def test_installed_validate_runs_without_the_dice_library(tmp_path: Path) -> None:
    """``sheetgen validate`` as a process: exit codes, and checks and stats never import
    the dice library (only the odds on the card need it)."""
    import shutil
    import subprocess
    import sys

    exe = shutil.which("sheetgen", path=str(Path(sys.executable).parent))
    assert exe is not None
    ok = subprocess.run([exe, "validate", str(FLEETS)], capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and "11 legal" in ok.stderr
    bad = subprocess.run([exe, "validate", str(KR / "illegal")], capture_output=True, text=True, check=False)
    assert bad.returncode == 1
    probe = (
        "import sys; from sheetgen.scenarios.loading import load_designs; "
        f"r = load_designs([{str(FLEETS)!r}]); [e.stats_dict() for e in r.entries]; "
        "print('dyce' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
