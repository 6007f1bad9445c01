"""Kill Radius through the command line: validate, stats, sheets, reference, kit."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS, Built, kit_stderr, pdf_page_sizes, pdf_text

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


# --- stats ---------------------------------------------------------------------------------------

STATS_KEYS = {
    "name",
    "game",
    "type",
    "number",
    "movement_points",
    "facing_changes",
    "half_number",
    "reduced_movement_points",
    "carrier",
    "fighters",
    "carrier_roll_number",
    "legal",
    "findings",
}


def test_stats_json_keys_and_values(invoke: Invoke) -> None:
    r = invoke("stats", "--json", FLEETS / "concord-home-guard.yaml")
    assert r.exit_code == 0
    ships = json.loads(r.stdout)
    assert [s["name"] for s in ships] == ["Resolute", "Vigilant", "Bastion", "Lance", "Wisp"]
    for s in ships:
        assert set(s) >= STATS_KEYS, STATS_KEYS - set(s)
        assert s["game"] == "kill-radius"
    vigilant = ships[1]
    assert {k: vigilant[k] for k in STATS_KEYS - {"findings", "name", "game"}} == {
        "type": "light carrier",
        "number": 7,
        "movement_points": 3,
        "facing_changes": 1,
        "half_number": 4,
        "reduced_movement_points": 2,
        "carrier": True,
        "fighters": 7,
        "carrier_roll_number": 3,
        "legal": True,
    }
    assert ships[0]["carrier_roll_number"] is None
    assert ships[3]["count"] == 2


def test_stats_json_findings_are_located(invoke: Invoke) -> None:
    path = KR / "illegal" / "kr5-too-many-fighters.yaml"
    r = invoke("stats", "--json", path)
    assert r.exit_code == 1
    (ship,) = json.loads(r.stdout)
    assert ship["legal"] is False
    assert ship["findings"] == [
        {
            "rule": "KR-5",
            "severity": "error",
            "message": "8 fighters aboard, but a carrier holds at most its Number (6)",
            "file": str(path),
            "line": 6,
            "column": 11,
        }
    ]


def test_stats_prints_fleet_totals(invoke: Invoke) -> None:
    r = invoke("stats", FLEETS)
    assert r.exit_code == 0
    out = r.stdout
    assert "fleet Concord Home Guard (Concord)  [kill-radius]" in out
    assert "fleet Varn Raiding Squadron (Varn)  [kill-radius]" in out
    concord = out[out.index("fleet Concord Home Guard") :].splitlines()[1:5]
    assert [line.split() for line in concord] == [
        ["ships", "6"],
        ["total", "Number", "28"],
        ["carriers", "1"],
        ["fighters", "7"],
    ]
    assert "movement points  3 (2 at Number 4 or less)" in out


def test_stats_of_single_designs_prints_no_fleet(invoke: Invoke) -> None:
    r = invoke("stats", KR / "ships")
    assert "fleet " not in r.stdout


# --- sheets ----------------------------------------------------------------------------------------


def test_sheets_pdf_reads_back(bundled_sheets: Callable[[Path], Built]) -> None:
    r = bundled_sheets(FLEETS)  # sheetgen sheets FLEETS -o sheets.pdf
    out = r.path
    assert r.exit_code == 0
    assert "(12 ships)" in r.stderr
    pages = pdf_text(out)
    assert 3 <= len(pages) <= 5  # several ships a page
    text = "\n".join(pages)
    for name in ("Resolute", "Vigilant", "Bastion", "Lance", "Wisp", "Tyrant", "Hive", "Needle"):
        assert name in text
    first = pages[0]
    assert "total Number" in first and "Concord" in first and "Varn" in first
    assert "28" in first
    for words in ("Number next turn", "recovery d10 ≤ 8", "segments flown", "recovered (turn)"):
        assert words in text
    for label in ("NUMBER TRACK", "DAMAGE LOG", "VECTOR LOG", "FIGHTERS: DEPLOY"):  # labels print in capitals
        assert label in text
    # footer on every page: stacking limit and the attack formula
    for page in pages:
        assert "Stacking: at most Number 7" in page
        assert "damage = (d10 + A#) − (d10 + T# + R)" in page
    assert pdf_page_sizes(out)[0] == pytest.approx((612.0, 792.0), abs=0.5)


def test_sheets_a4_and_html(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "roster.pdf"
    assert invoke("sheets", FLEETS / "varn-raiders.yaml", "-o", out, "--paper", "a4").exit_code == 0
    assert pdf_page_sizes(out)[0] == pytest.approx((595.28, 841.89), abs=0.5)
    html = tmp_path / "roster.html"
    assert invoke("sheets", FLEETS / "varn-raiders.yaml", "-o", html, "--format", "html").exit_code == 0
    text = html.read_text(encoding="utf-8")
    assert "Tyrant" in text and "escort carrier" in text


def test_sheets_mark_illegal_designs(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "bad.pdf"
    r = invoke("sheets", KR / "illegal" / "kr1-number-out-of-range.yaml", "-o", out)
    assert r.exit_code == 1
    text = pdf_text(out)[0]
    assert "Not a legal design" in text and "[KR-1]" in text


def test_sheets_escape_design_text(invoke: Invoke, write: Callable[[str, str], Path], tmp_path: Path) -> None:
    path = write("x.yaml", "game: kill-radius\nname: '<b>{{x}}</b>'\ntype: scout\nnumber: 1\n")
    html = tmp_path / "x.html"
    assert invoke("sheets", path, "-o", html, "--format", "html").exit_code == 0
    text = html.read_text(encoding="utf-8")
    assert "&lt;b&gt;{{x}}&lt;/b&gt;" in text and "<b>{{x}}</b>" not in text


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
