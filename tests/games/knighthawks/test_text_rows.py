"""The damage tables a user supplies keep the rows the text gives (RULINGS KH-6).

Knight Hawks 2000, example of damage resolution: a Starship Damage Table roll of 11
knocks out a sensor system, and a Crew Member Damage Table roll of 4 means the sensor
operator takes 8D10. A user's row for either roll that says otherwise is an error
(exit status 2, nothing written); one that agrees, in any wording, is printed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]


def _rows(card: dict[str, Any], table_id: str) -> list[list[Any]]:
    return next(t for t in card["tables"] if t["id"] == table_id)["rows"]


@pytest.mark.parametrize(
    ("table", "row", "message"),
    [
        (
            "crew",
            "{roll: 4, result: 'pilot: 2D10'}",
            "Crew Member Damage Table: the text gives roll 4 as 'sensor operator: 8D10'; found 4 'pilot: 2D10'",
        ),
        (
            "crew",
            "{roll: 3-5, result: 'sensor operator: 2D10'}",
            "Crew Member Damage Table: the text gives roll 4 as 'sensor operator: 8D10'; found 3-5",
        ),
        (
            "crew",
            "{roll: 4, result: 'sensor operator: 18D10'}",
            "Crew Member Damage Table: the text gives roll 4 as 'sensor operator: 8D10'; found 4 'sensor operator: 18D10'",
        ),
        (
            "crew",
            "{roll: 4, result: 'sensor operator: 800'}",
            "Crew Member Damage Table: the text gives roll 4 as 'sensor operator: 8D10'; found 4 'sensor operator: 800'",
        ),
        (
            "starship",
            "{roll: 11, result: structure}",
            "Starship Damage Table: the text gives roll 11 as 'sensors'; found 11 'structure'",
        ),
        (
            "starship",
            "{roll: 2-20, result: fire}",
            "Starship Damage Table: the text gives roll 11 as 'sensors'; found 2-20 'fire'",
        ),
    ],
)
def test_a_row_against_the_texts_roll_is_an_error_and_nothing_is_written(
    invoke: Invoke, write: Write, tmp_path: Path, table: str, row: str, message: str
) -> None:
    path = write("t.yaml", f"damage_tables:\n  {table}:\n    - {row}\n")
    out = tmp_path / "card.pdf"
    result = invoke("reference", "knight-hawks-2000", "--tables", path, "-o", out)
    assert result.exit_code == 2, result.stderr
    assert f"t.yaml:3:14: error [KH-6] {message}" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    "text",
    [
        "sensor operator: 8D10",
        "Sensor Operator takes 8d10",
        "8D10 to the sensor operator (80 at maximum)",
        "sensor operator, 80 damage",
    ],
)
def test_the_crew_row_in_any_wording_that_agrees_is_printed(invoke: Invoke, write: Write, text: str) -> None:
    path = write("t.yaml", f"damage_tables:\n  crew:\n    - {{roll: 4, result: '{text}'}}\n")
    result = invoke("reference", "knight-hawks-2000", "--tables", path, "--format", "json")
    assert result.exit_code == 0, result.stderr
    assert _rows(json.loads(result.stdout), "damage-crew")[0][:2] == ["4", text]


def test_a_range_holding_the_texts_roll_with_its_result_is_accepted(invoke: Invoke, write: Write) -> None:
    path = write(
        "t.yaml",
        "damage_tables:\n  starship:\n    - {roll: 10-12, result: sensors}\n"
        "  crew:\n    - {roll: 3-4, result: 'sensor operator, 8D10'}\n",
    )
    result = invoke("reference", "knight-hawks-2000", "--tables", path, "--format", "json")
    assert result.exit_code == 0, result.stderr
    card = json.loads(result.stdout)
    assert _rows(card, "damage-starship")[0][:2] == ["10–12", "Sensors"]
    assert _rows(card, "damage-crew")[0][:2] == ["3–4", "sensor operator, 8D10"]
