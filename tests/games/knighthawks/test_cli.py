"""Knight Hawks 2000 through the command line: validate and its exit codes, the scenario, the kit,
the installed command."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, Built, pdf_text

KH = DESIGNS / "knight-hawks-2000"
SHIPS = KH / "ships"
SCENARIO = KH / "scenarios" / "flank-action.yaml"


def test_validate_cli(invoke: Callable[..., Any]) -> None:
    ok = invoke("validate", SHIPS)
    assert ok.exit_code == 0
    assert "7 designs: 7 legal, 0 illegal" in ok.stderr
    bad = invoke("validate", "-q", KH / "illegal")
    assert bad.exit_code == 1
    assert "14 designs: 0 legal, 14 illegal" in bad.stderr
    assert bad.stdout.count("error [KH-") == 14
    assert "note" not in bad.stdout


def test_unreadable_design_exits_2(invoke: Callable[..., Any], write: Callable[[str, str], Path]) -> None:
    path = write("bad.yaml", "game: knight-hawks-2000\nname: X\nhull_size: big\n")
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert ":3:12: error [SCHEMA] 'hull_size' must be a whole number, found the text 'big'" in result.stdout


# --- kit ---------------------------------------------------------------------------------------


def test_scenario_has_three_grid_levels() -> None:
    loaded, result = load_scenario(SCENARIO)
    assert loaded is not None and not result.input_errors and loaded.legal
    assert loaded.map.layers == (-1, 0, 1)
    assert [s.name for s in loaded.ships] == ["Pugilist", "Kestrel Red", "Kestrel Gold", "Exalted", "Warden"]


def test_kit_builds_the_scenario(bundled_kits: Built) -> None:
    kit = bundled_kits.path / SCENARIO.stem  # kit --all --single
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    sheets = pdf_text(kit / "record-sheets.pdf")
    assert len(sheets) == 5
    assert "Kestrel Gold" in sheets[2] and "Star Forces" in sheets[2]
    assert "Spacefleet" in sheets[3]
    card = pdf_text(kit / "reference-card.pdf")
    assert "Knight Hawks 2000: space combat reference card" in card[0]


@pytest.mark.skipif(
    shutil.which("sheetgen") is None and not Path(".venv/bin/sheetgen").exists(), reason="not installed"
)
def test_installed_command_validates_the_ships() -> None:
    exe = shutil.which("sheetgen") or ".venv/bin/sheetgen"
    done = subprocess.run([exe, "validate", str(SHIPS)], capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert "7 designs: 7 legal, 0 illegal" in done.stderr
