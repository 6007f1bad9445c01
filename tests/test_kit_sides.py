"""A kit's record sheets say whose ship each is, in every game: each ship's sheet prints its
side's name, and its frame carries the side's colour (Kill Radius and Space Cruisers a
2.2 mm bar down the left, Knight Hawks 2000 and Solar Starfire one across the top).
Before, Solar Starfire's sheets showed neither, so a referee could not tell the fleets
apart at the table. Read back from the bundled kits' PDFs: the text by PDFium, the colour
from the pages rendered at 72 dpi."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetgen.kit import bundled_scenarios
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import Built, pdf_text

SCENARIOS = bundled_scenarios()
#: the side's colour in most of a 2.2 mm bar: at 72 dpi, 6 px by at least 40 mm (113 px)
BAR_PIXELS = 600


def _pixels_in(path: Path, colour: str) -> int:
    """The pixels of the record sheets, rendered at 72 dpi, within 2 of ``colour`` in each
    channel (``#rrggbb``)."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    want = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    pdf = pdfium.PdfDocument(str(path))
    try:
        count = 0
        for page in pdf:
            channels = page.render(scale=1).to_pil().convert("RGB").split()
            near = [
                ch.point(lambda v, c=c: 255 if abs(v - c) <= 2 else 0)
                for ch, c in zip(channels, want, strict=True)
            ]
            both = ImageChops.logical_and(
                ImageChops.logical_and(near[0].convert("1"), near[1].convert("1")), near[2].convert("1")
            )
            count += both.histogram()[-1]
        return count
    finally:
        pdf.close()


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
        assert _pixels_in(sheets, side.colour) >= BAR_PIXELS * ships, side.name
