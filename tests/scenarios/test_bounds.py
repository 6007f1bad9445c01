"""Memory follows the input's size, not the numbers in it (issue 29): every bound is checked
before anything is built from it, and a whole number is only a YAML integer. A few kilobytes
asking for 50,000,000 columns, a float of 1e+20 or millions of ships are one line, exit 2,
in a process whose memory is held to a few hundred megabytes."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import DESIGNS

ROOT = Path(__file__).resolve().parents[2]
SHIP = DESIGNS / "starfire" / "ships" / "base1-watchtower.yaml"
#: The address space the verbs get here: a run that expanded 50,000,000 columns took 2 GB.
LIMIT = 400 * 2**20


def _scenario(cols: str, *, zone: str = "{label: A, edge: top, depth: 3}") -> str:
    return (
        "scenario: Big\ngame: starfire\nmap:\n"
        f"  cols: {cols}\n  rows: 30\n  zones:\n    - {zone}\n"
        "sides:\n  - name: A\n    fleet: []\n"
    )


def _limited(*args: str, seconds: float = 120) -> subprocess.CompletedProcess[str]:
    """``sheetgen ARGS`` in a fresh interpreter whose address space is :data:`LIMIT`; a run
    still going after ``seconds`` (it is building what it should have refused) is stopped,
    with every process it started, and fails the test."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(
        [sys.executable, "-m", "sheetgen", *args],
        preexec_fn=limit,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
        start_new_session=True,
    ) as run:
        try:
            out, err = run.communicate(timeout=seconds)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            run.communicate()
            pytest.fail(f"sheetgen {args[0]} still ran after {seconds} s: a bound was not checked first")
    return subprocess.CompletedProcess(run.args, run.returncode, out, err)


@pytest.mark.parametrize("verb", ["validate", "map"])
def test_fifty_million_columns_are_refused_before_a_zone_is_laid_over_them(write, tmp_path, verb) -> None:
    p = write("big.yaml", _scenario("50000000"))
    args = [str(p)] if verb == "validate" else ["--scenario", str(p), "-o", str(tmp_path / "m.pdf")]
    r = _limited(verb, *args)
    assert r.returncode == 2, r.stderr[-2000:]
    line = (
        f"{p}:4:9: error [SCHEMA] 50000000 x 30 is 1,500,000,000 hexes; the most one map can have is 100,000"
    )
    assert line in (r.stdout + r.stderr).splitlines()
    assert "Traceback" not in r.stdout + r.stderr and "MemoryError" not in r.stderr
    assert not (tmp_path / "m.pdf").exists()


def test_a_kit_of_fifty_million_columns_is_one_line(write, tmp_path) -> None:
    p = write("big.yaml", _scenario("50000000", zone="{label: A, cols: 1-50000000}"))
    r = _limited("kit", str(p), "-o", str(tmp_path / "kit"))
    assert r.returncode == 2, r.stderr[-2000:]
    assert f"{p}:4:9: error [SCHEMA] 50000000 x 30 is 1,500,000,000 hexes" in r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    assert not (tmp_path / "kit").exists()


@pytest.mark.parametrize(
    ("written", "line"),
    [
        (
            "1.0e+20",
            "'cols' must be a whole number written with digits only, found 1e+20",
        ),
        ("40.0", "'cols' must be a whole number written with digits only, found 40.0; write 40"),
        ("2.5", "'cols' must be a whole number, found the number 2.5"),
    ],
)
def test_a_whole_number_is_a_yaml_integer(invoke, write, written, line) -> None:
    p = write("big.yaml", _scenario(written))
    r = invoke("validate", str(p))
    assert r.exit_code == 2
    assert f"{p}:4:9: error [SCHEMA] {line}" in r.stdout.splitlines()


def test_a_count_written_as_a_float_is_refused(invoke, write) -> None:
    p = write("d.yaml", "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\ncount: 1.0e+3\n")
    r = invoke("validate", str(p))
    assert r.exit_code == 2
    assert (
        f"{p}:5:8: error [SCHEMA] 'count' must be a whole number written with digits only, found 1000.0; write 1000"
        in r.stdout
    )


def test_ships_of_a_scenario_are_counted_before_they_are_made(write, tmp_path) -> None:
    fleet = write(
        "fleet.yaml",
        "game: starfire\ndesigns:\n"
        + "".join(
            f"  - {{name: S{i}, hull: CT, systems: SSAA(I)(I)(I)QLR, count: 1000}}\n" for i in range(3)
        ),
    )
    entry = f"      - {{design: {fleet.name}, count: 1000}}\n"
    p = write("many.yaml", "scenario: Many\ngame: starfire\nsides:\n  - name: A\n    fleet:\n" + entry * 20)
    r = _limited("validate", str(p))
    assert r.returncode == 2, r.stderr[-2000:]
    assert (
        f"{p}:6:{entry.index('count') + 8}: error [SCHEMA] this entry brings the scenario to 3,000,000 ships;"
        " at most 5,000 ships take part in one scenario"
    ) in r.stdout.splitlines()
    assert r.stdout.count("ships take part") == 1  # one line for the one cause
    assert "Traceback" not in r.stdout + r.stderr


def test_the_entry_past_the_most_ships_is_named(invoke, write) -> None:
    entry = f"      - {{design: {SHIP}, count: 1000, names: []}}\n"
    p = write("many.yaml", "scenario: Many\ngame: starfire\nsides:\n  - name: A\n    fleet:\n" + entry * 6)
    r = invoke("validate", str(p))
    assert r.exit_code == 2
    refused = [line for line in r.stdout.splitlines() if "ships take part" in line]
    assert refused == [
        f"{p}:11:{entry.index('count') + 8}: error [SCHEMA] this entry brings the scenario to 6,000 ships;"
        " at most 5,000 ships take part in one scenario"
    ]


def test_record_sheets_count_their_ships_first(write, tmp_path) -> None:
    fleet = write(
        "fleet.yaml",
        "game: starfire\ndesigns:\n"
        + "".join(
            f"  - {{name: S{i}, hull: CT, systems: SSAA(I)(I)(I)QLR, count: 1000}}\n" for i in range(6)
        ),
    )
    out = tmp_path / "s.pdf"
    r = _limited("sheets", str(fleet), "-o", str(out), "-j", "1", seconds=60)
    assert r.returncode == 2, r.stderr[-2000:]
    assert r.stderr.strip().splitlines()[-1] == (
        "sheetgen: error: 6,000 ships (counts multiplied out); at most 5,000 record sheets in one run:"
        " print fewer designs at a time"
    )
    assert not out.exists()


def test_a_map_widened_on_the_command_line_is_measured_before_its_zones(tmp_path) -> None:
    scenario = ROOT / "designs" / "starfire" / "scenarios" / "convoy-raid.yaml"
    assert "edge:" in scenario.read_text(encoding="utf-8")
    out = tmp_path / "m.pdf"
    r = _limited("map", "--scenario", str(scenario), "--cols", "50000000", "-o", str(out))
    assert r.returncode == 2, r.stderr[-2000:]
    assert r.stderr.strip().endswith("is 1,550,000,000 hexes; the most one map can have is 100,000")
    assert r.stderr.count("\n") == 1 and not out.exists()


def test_a_plan_is_never_laid_over_a_map_past_the_most_hexes() -> None:
    from sheetgen.scenarios.terrain import MapPlan, Zone

    plan = MapPlan(zones=(Zone("A", "#000000", edge="top", depth=3),))
    (problem,) = plan.check(50_000_000, 30, "flat", (0,))
    assert problem.message == "50000000 x 30 is 1,500,000,000 hexes; the most one map can have is 100,000"


_SIZE = st.one_of(
    st.integers(min_value=-5, max_value=10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["1.0e+20", "0x10", "1_000", "'40'", "[3]"]),
)


@settings(max_examples=60)
@given(_SIZE, _SIZE, st.sampled_from(["top", "left", "bottom", "right"]))
def test_any_map_size_is_a_map_or_located_errors(cols: object, rows: object, edge: str) -> None:
    from sheetgen.scenarios.scenario import load_scenario

    text = (
        f"scenario: S\ngame: starfire\nmap:\n  cols: {cols}\n  rows: {rows}\n"
        f"  zones:\n    - {{label: A, edge: {edge}, depth: 2}}\nsides:\n  - name: A\n    fleet: []\n"
    )
    scenario, result = load_scenario("s.yaml", text=text.encode())
    if scenario is None:
        assert result.input_errors and all("\n" not in str(loc) for loc in result.input_errors)
        return
    spec = scenario.map
    assert isinstance(spec.cols, int) and isinstance(spec.rows, int)
    assert spec.cols * spec.rows <= 100_000
