"""Scenario maps may stack grid levels (``map.layers``) for 3D play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS

SCENARIO = """\
scenario: Layers
game: starfire
map:
  cols: 10
  rows: 8
{layers}
sides:
  - name: A
    fleet:
      - design: {design}
"""


def scenario(write: Callable[[str, str], Path], layers: str) -> Path:
    design = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
    return write("s.yaml", SCENARIO.format(layers=layers, design=design))


def test_layers_default_to_one_flat_grid(write: Callable[[str, str], Path]) -> None:
    loaded, result = load_scenario(scenario(write, ""))
    assert loaded is not None and not result.input_errors
    assert loaded.map.layers == (0,)


def test_layers_as_written(write: Callable[[str, str], Path]) -> None:
    loaded, _ = load_scenario(scenario(write, "  layers: [-1, 0, 1, 2]"))
    assert loaded is not None
    assert loaded.map.layers == (-1, 0, 1, 2)


@pytest.mark.parametrize(
    ("layers", "message"),
    [
        (
            "  layers: up",
            ":6:11: error [SCHEMA] 'layers': not layers: 'up' (write a range like -2..+2 or a list like -1,0,1)",
        ),
        ("  layers: [0, 40]", ":6:11: error [SCHEMA] 'layers': layers '0,40': levels run from -9 to +9"),
        ("  layers: []", ":6:11: error [SCHEMA] 'layers' must be a list of grid levels such as [-1, 0, 1]"),
        ("  layers: [0, up]", ":6:15: error [SCHEMA] 'layers' must be a whole number, found the text 'up'"),
        ("  layers: [0, 1, 0]", ":6:18: error [SCHEMA] layer 0 is listed twice"),
    ],
)
def test_bad_layers_are_input_errors(write: Callable[[str, str], Path], layers: str, message: str) -> None:
    loaded, result = load_scenario(scenario(write, layers))
    assert loaded is None
    assert [str(x)[-len(message) :] for x in result.input_errors] == [message]
