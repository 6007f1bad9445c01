"""Space Cruisers through the command line: the bundled scenario's kit, the game listed, and
validate without the dice library."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.conftest import DESIGNS, Built, kit_stderr, pdf_text

SC = DESIGNS / "space-cruisers"


def test_scenario_kit(invoke: Any, bundled_kits: Built) -> None:
    scenario = SC / "scenarios" / "kepler-station.yaml"
    assert invoke("validate", scenario).exit_code == 0
    out = bundled_kits.path / scenario.stem  # kit --all --single
    assert bundled_kits.exit_code == 0, bundled_kits.stdout + bundled_kits.stderr
    assert "(6 ships)" in kit_stderr(bundled_kits, scenario.stem)
    pages = pdf_text(out / "record-sheets.pdf")
    text = "\n".join(pages)
    for name in (
        "The Courageous",
        "The Victorious",
        "The Noblesse",
        "The Atlantea",
        "Kepler Station",
        "Wraith",
    ):
        assert name in text
    # seed 004, SETUP (line 69): equal numbers of figures, three a side
    assert text.count("Station guard") == 3 and text.count("Raiders") == 3
    assert re.search(r"Space station", text)
    assert "Chance to hit" in "\n".join(pdf_text(out / "reference-card.pdf"))


def test_game_is_registered_and_listed(invoke: Any, write: Any) -> None:
    r = invoke("validate", write("g.yaml", "game: spacecruisers\nname: X\nhull: military\n"))
    assert r.exit_code == 2
    assert "known games: starfire, space-cruisers" in r.stdout + r.stderr


def test_validate_does_not_import_the_dice_library() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from sheetgen.scenarios.loading import load_designs; "
        "r = load_designs(['designs/space-cruisers/ships']); "
        "assert r.exit_code == 0; print('dyce' in sys.modules)"
    )
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_missiles_on_a_basic_ship_fail_validate(invoke: Any, write: Any) -> None:
    """Seed 004, Additional Systems (lines 19-20) and the d20 systems table (lines 21-36):
    a basic-rules ship's systems are rolled there, and missiles (line 65) are no row of it."""
    path = write(
        "m.yaml",
        "game: space-cruisers\nname: M\nhull: military\nrules: basic\nsystems: [missiles, drives x4]\n",
    )
    r = invoke("validate", path)
    assert r.exit_code == 1
    out = r.stdout + r.stderr
    assert re.search(r"m\.yaml:5:\d+: error \[SC-2\] missiles are not on the d20 systems table", out)
    assert "Traceback" not in out


def test_import_reads_missiles_as_advanced(invoke: Any, tmp_path: Path) -> None:
    out = tmp_path / "m.yaml"
    r = invoke("import", "space-cruisers", "Missiles, Drives x2, Shields, Scanners", "--name", "M", "-o", out)
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "rules: advanced" in out.read_text(encoding="utf-8")


def test_unequal_sides_are_a_scenario_error(invoke: Any, write: Any) -> None:
    """Seed 004, SETUP (lines 68-71): 3 figures / 20 CP against 2 / 14 is neither equal
    figures nor equal construction points."""
    ships = SC / "ships"
    text = (
        "scenario: Unequal\ngame: space-cruisers\nmap: {cols: 20, rows: 15}\nsides:\n"
        "  - name: Guard\n    fleet:\n"
        f"      - design: {ships / 'the-courageous.yaml'}\n"
        f"      - design: {ships / 'the-victorious.yaml'}\n"
        f"      - design: {ships / 'kepler-station.yaml'}\n"
        "  - name: Raiders\n    fleet:\n"
        f"      - design: {ships / 'the-noblesse.yaml'}\n"
        f"      - design: {ships / 'the-atlantea.yaml'}\n"
    )
    r = invoke("validate", write("unequal.yaml", text))
    assert r.exit_code == 1
    out = r.stdout + r.stderr
    assert re.search(
        r"unequal\.yaml:5:3: error \[SCENARIO\] unequal sides: Guard 3 figures / 20 CP, "
        r"Raiders 2 figures / 14 CP",
        out,
    )
    assert "Traceback" not in out
