"""Issue 27: every counter page carries a 1 in and a 2 cm scale bar, each exactly that long
(read from the layout primitives), so a sheet printed "fit to page" shows at once."""

from __future__ import annotations

import pytest

from sheetgen.draw.primitives import Lines, Text, inch, mm
from sheetgen.layout.counters import Duplex, SheetSpec, layout_counter_sheets, scenario_counters
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("duplex", [Duplex.long, Duplex.short, Duplex.none])
def test_every_counter_page_has_an_inch_and_a_centimetre_scale_bar(paper: str, duplex: Duplex) -> None:
    scenario, _ = load_scenario(DESIGNS / "starfire" / "scenarios" / "convoy-raid.yaml")
    assert scenario is not None
    sheets = layout_counter_sheets(scenario_counters(scenario), SheetSpec(paper=paper, duplex=duplex))
    for page in sheets.drawing.pages:
        texts = [i for i in page.items if isinstance(i, Text)]
        for label, length in (("1 in", inch(1)), ("2 cm", mm(20))):
            (text,) = [t for t in texts if t.text == label]
            # the bar ends 3 pt before its label, level with it, and runs ``length`` pt
            bars = [
                (a, b)
                for i in page.items
                if isinstance(i, Lines)
                for a, b in i.segments
                if a[1] == b[1] and abs(b[0] - (text.x - 3.0)) < 1e-6 and abs(a[1] - (text.y - 2.0)) < 1e-6
            ]
            assert [round(b[0] - a[0], 6) for a, b in bars] == [round(length, 6)], (page.label, label)
            assert text.y < page.height - 18.0  # clear of the paper's edge
