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


def test_flank_action_starts_the_destroyer_beyond_blast_range(tmp_path: Path) -> None:
    """Seed 002, the damage example (line 387): the cruiser is more than 1,200 m from the
    destroyer, so the Exalted's blast (HS x 2,000 to every ship within 1,200 m, EXPLANATION OF
    DAMAGE RESULTS, lines 359 and 365) misses it. At 60 m a hex ("Distance", line 13) 1,200 m
    is 20 hexes, which is inside the blast; the set-up needs more than 20. The printed start
    (columns 1 and 22 of row 11) is 21 hexes, 1,260 m; the old start, column 21, is 20 and breaks
    the rule."""
    from sheetgen.games.knighthawks import data
    from sheetgen.hexgrid import distance, from_offset

    assert data.BLAST_RADIUS_METRES // data.HEX_METRES == 20
    text = SCENARIO.read_text(encoding="utf-8")
    assert "{distance: [Pugilist, Exalted], more_than: 20}" in text
    words = " ".join(text.split())
    assert "columns 22-27" in words and "more than 20 hexes (1,200 m)" in words
    loaded, result = load_scenario(SCENARIO)
    assert loaded is not None and not result.input_errors and loaded.legal
    start = {s["ship"]: s["at"] for s in loaded.map.start}
    assert start == {"Pugilist": "0111", "Exalted": "2211"}
    hexes = [from_offset(int(start[n][:2]), int(start[n][2:])) for n in ("Pugilist", "Exalted")]
    assert distance(*hexes) == 21
    assert distance(*hexes) * data.HEX_METRES == 1260 > data.BLAST_RADIUS_METRES
    near = tmp_path / "flank-action.yaml"
    near.write_text(
        text.replace("../ships/", f"{SHIPS.as_posix()}/").replace('at: "2211"', 'at: "2111"'),
        encoding="utf-8",
    )
    loaded, result = load_scenario(near)
    assert loaded is not None and not result.input_errors and not loaded.legal
    errors = [str(x) for x in loaded.located if x.finding.is_error]
    assert errors == [
        f"{near}:{_line(text, '- {distance: [Pugilist')}:5: error [SCENARIO] "
        "Pugilist starts 20 hexes from Exalted; the set-up needs more than 20"
    ]


def test_a_minelaying_plan_off_the_scenario_map_is_an_error(
    invoke: Callable[..., Any], tmp_path: Path
) -> None:
    """Seed 002, "Laying Mines" (line 113) and the stacked hexgrids (lines 103-105): the plan's
    hexes lie on the scenario's map, here 30 x 22 on levels -1, 0 and +1. Hex 9999 and level 7
    are errors in the design file, located, and validate exits 1 (a broken rule)."""
    warden = (SHIPS / "warden.yaml").read_text(encoding="utf-8")
    warden = warden.replace('{hex: "1506", mines: 10}', '{hex: "9999", mines: 10}')
    warden = warden.replace('{hex: "1508", level: 1, mines: 10}', '{hex: "1508", level: 7, mines: 10}')
    ship = tmp_path / "warden.yaml"
    ship.write_text(warden, encoding="utf-8")
    scenario = tmp_path / "flank-action.yaml"
    text = SCENARIO.read_text(encoding="utf-8").replace("../ships/", f"{SHIPS.as_posix()}/")
    scenario.write_text(text.replace(f"{SHIPS.as_posix()}/warden.yaml", ship.as_posix()), encoding="utf-8")
    loaded, result = load_scenario(scenario)
    assert loaded is not None and not result.input_errors and not loaded.legal
    hex_line, level_line = _line(warden, '"9999"'), _line(warden, "level: 7")
    assert [str(x) for x in loaded.located if x.finding.is_error] == [
        f"{ship}:{hex_line}:11: error [KH-4] mines in hex 9999, off the scenario's 30 x 22 map "
        "(columns run 1-30 and rows 1-22)",
        f"{ship}:{level_line}:26: error [KH-4] mines on level +7, not one of the scenario map's layers "
        "(-1, 0, +1)",
    ]
    done = invoke("validate", scenario)
    assert done.exit_code == 1
    assert f"{ship}:{hex_line}:11: error [KH-4] mines in hex 9999" in done.stdout
    # the design alone has no map to be off: it stays legal
    assert invoke("validate", ship).exit_code == 0


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


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
