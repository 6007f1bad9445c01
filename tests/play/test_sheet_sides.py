"""Play's printed record sheets ("Print sheets", ``GET /api/play/{id}/sheets.pdf``) say
whose ship each is, as a kit's do, in every game: the side's name on each ship's sheet and
the side's colour on its frame. Before, play passed the side but not its colour, so no
game's sheets printed from play carried it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from sheetgen.play.engine import Engine
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, pdf_text
from tests.pdf_pixels import BAR_PIXELS, pixels_in

SCENARIOS = {
    "starfire": "small-task-groups",
    "kill-radius": "border-clash",
    "knight-hawks-2000": "flank-action",
    "space-cruisers": "kepler-station",
}


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_sheets_printed_from_play_name_each_side_in_its_colour(tmp_path: Path, game: str) -> None:
    shutil.copytree(DESIGNS / game, tmp_path / game)
    engine = Engine(tmp_path)
    played = engine.create(f"{game}/scenarios/{SCENARIOS[game]}.yaml")
    pdf = engine.sheets(played.id)
    text = re.sub(r"\s+", " ", " ".join(pdf_text(pdf)))
    scenario, _ = load_scenario(tmp_path / f"{game}/scenarios/{SCENARIOS[game]}.yaml")
    assert scenario is not None and len(scenario.sides) == 2
    for side in scenario.sides:
        ships = sum(1 for ship in scenario.ships if ship.side == side.name)
        assert ships and text.count(side.name) >= ships, (side.name, ships)
        assert pixels_in(pdf, side.colour) >= BAR_PIXELS * ships, side.name
