"""A kit's record sheets say whose ship each is, in every game: each ship's sheet prints its
side's name, and its frame carries the side's colour (Kill Radius and Space Cruisers a
2.2 mm bar down the left, Knight Hawks 2000 and Solar Starfire one across the top).
Before, Solar Starfire's sheets showed neither, so a referee could not tell the fleets
apart at the table. Read back from the bundled kits' PDFs: the text by PDFium, the colour
from the pages rendered at 72 dpi."""

from __future__ import annotations

import re

import pytest

from sheetgen.kit import bundled_scenarios
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import Built, pdf_text
from tests.pdf_pixels import BAR_PIXELS, pixels_in

SCENARIOS = bundled_scenarios()


@pytest.mark.parametrize("name", [p.stem for p in SCENARIOS])
def test_every_sheet_names_its_side_in_its_colour(bundled_kits: Built, name: str) -> None:
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    scenario, _ = load_scenario(next(p for p in SCENARIOS if p.stem == name))
    assert scenario is not None
    sheets = bundled_kits.path / name / "record-sheets.pdf"
    text = re.sub(r"\s+", " ", " ".join(pdf_text(sheets)))
    for side in scenario.sides:
        ships = sum(1 for ship in scenario.ships if ship.side == side.name)
        assert ships, side.name
        assert text.count(side.name) >= ships, (side.name, text.count(side.name), ships)
        assert side.colour, side.name
        assert pixels_in(sheets, side.colour) >= BAR_PIXELS * ships, side.name
