"""Knight Hawks design files: YAML read into designs, the input (SCHEMA) errors of wrong types and roles."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.scenarios.loading import load_designs

from tests.games.knighthawks import HEAD


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("weapons: HLC\n", "'weapons' must be a list of weapons, found the text 'HLC'"),
        ("weapons:\n  - {code: HLC, count: two}\n", "'count' must be a whole number, found the text 'two'"),
        ("weapons:\n  - {count: 2}\n", "weapon lacks the required key 'code'"),
        ("crew: {captain: {name: A, im: high}}\n", "'im' must be a whole number, found the text 'high'"),
        ("crew: {captain: {name: A, skills: {Leadership: -1}}}\n", "'skills.Leadership' must be at least 0"),
        ("crew: {navigator: {name: A}}\n", "unknown key 'navigator' in crew"),
        ("defences: {magnetic_shielding: 2}\n", "'magnetic_shielding' must be true or false"),
        ("linked: [{name: x}]\n", "linked group lacks the required key 'weapons'"),
        ("minelaying: [{mines: 3}]\n", "minelaying entry lacks the required key 'hex'"),
        ("warp: 3\n", "unknown key 'warp' in design"),
    ],
)
def test_wrong_types_are_input_errors(write: Callable[[str, str], Path], extra: str, message: str) -> None:
    result = load_designs([write("ship.yaml", HEAD + extra)])
    assert result.exit_code == 2
    assert any(message in str(x) for x in result.input_errors), [str(x) for x in result.input_errors]


def test_role_must_be_one_of_four(write: Callable[[str, str], Path]) -> None:
    result = load_designs([write("ship.yaml", HEAD.replace("role: military", "role: pirate"))])
    (err,) = result.input_errors
    assert str(err).endswith(
        ":3:7: error [SCHEMA] 'role' must be one of military, paramilitary, criminal, civilian; found 'pirate'"
    )
