"""Space Cruisers through the command line: the bundled scenario's kit."""

from __future__ import annotations

import re
from typing import Any

from tests.conftest import DESIGNS, Built, kit_stderr, pdf_text

SC = DESIGNS / "space-cruisers"


def test_scenario_kit(invoke: Any, bundled_kits: Built) -> None:
    scenario = SC / "scenarios" / "kepler-station.yaml"
    assert invoke("validate", scenario).exit_code == 0
    out = bundled_kits.path / scenario.stem  # kit --all --single
    assert bundled_kits.exit_code == 0, bundled_kits.stdout + bundled_kits.stderr
    assert "(5 ships)" in kit_stderr(bundled_kits, scenario.stem)
    pages = pdf_text(out / "record-sheets.pdf")
    text = "\n".join(pages)
    for name in ("The Courageous", "The Victorious", "The Noblesse", "The Atlantea", "Kepler Station"):
        assert name in text
    assert text.count("Station guard") == 3 and text.count("Raiders") == 2
    assert re.search(r"Space station", text)
    assert "Chance to hit" in "\n".join(pdf_text(out / "reference-card.pdf"))
