"""One smallest length per kind, checked where the length is read: a counter's edge (1/4 in)
and a hex (5 mm). ``counters --size 1/1000000000in`` wrote a PDF of nanoscopic counters, and
``map.hex: 1/1000000000in`` passed validate while map failed with an unlocated line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.units import MIN_COUNTER, MIN_HEX, LengthError, parse_length

from tests.conftest import DESIGNS

SHIP = DESIGNS / "starfire" / "ships" / "destroyer-hammer.yaml"
TINY = "1/1000000000in"


def _scenario(hex_size: str, options: str = "") -> str:
    return (
        f"scenario: Tiny\ngame: starfire\nmap:\n  cols: 10\n  rows: 10\n  hex: {hex_size}\n{options}"
        "sides:\n  - name: A\n    fleet: []\n"
    )


def test_the_minimums_are_read_exactly() -> None:
    assert parse_length("1/4in", least=MIN_COUNTER) == 18.0
    assert parse_length("5mm", least=MIN_HEX) == pytest.approx(MIN_HEX)
    with pytest.raises(LengthError, match=r"must be 0\.25in or more"):
        parse_length("6mm", least=MIN_COUNTER)
    with pytest.raises(LengthError, match="must be 5mm or more"):
        parse_length("4.9mm", least=MIN_HEX)


@pytest.mark.parametrize("verb", ["counters", "kit"])
def test_a_counter_below_the_smallest_is_refused(invoke: Any, tmp_path: Path, verb: str) -> None:
    out = tmp_path / ("c.pdf" if verb == "counters" else "kit")
    source = SHIP if verb == "counters" else DESIGNS / "starfire" / "scenarios" / "convoy-raid.yaml"
    r = invoke(verb, source, "--size", TINY, "-o", out)
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines()[-1] == (
        f"sheetgen: error: --size: length '{TINY}' is too small to print; it must be 0.25in or more"
    )
    assert not out.exists()


@pytest.mark.parametrize("verb", ["validate", "map"])
def test_a_hex_below_the_smallest_is_a_located_line(
    invoke: Any, write: Any, tmp_path: Path, verb: str
) -> None:
    p = write("tiny.yaml", _scenario(TINY))
    out = tmp_path / "m.pdf"
    r = invoke(verb, p) if verb == "validate" else invoke("map", "--scenario", p, "-o", out)
    assert r.exit_code == 2
    line = f"{p}:6:8: error [SCHEMA] 'hex': length '{TINY}' is too small to print; it must be 5mm or more"
    assert line in (r.stdout + r.stderr).splitlines()
    assert not out.exists()


def test_a_scenario_counter_size_below_the_smallest_is_replaced(invoke: Any, write: Any) -> None:
    from sheetgen.layout.counters.paper import kit_counter_size
    from sheetgen.scenarios.scenario import load_scenario

    p = write("tiny.yaml", _scenario("1in", f"options: {{counter_size: {TINY}}}\n"))
    scenario, _ = load_scenario(p)
    assert scenario is not None
    size, warnings = kit_counter_size(scenario, "letter")
    assert size >= MIN_COUNTER
    assert any("too small to print" in w for w in warnings)
