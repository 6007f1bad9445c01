"""One answer per finding: the guides, ``validate`` and ``import`` give the same severity.

Knight Hawks 2000, BOARDING: the minimum crew equal to the hull size is what a ship needs to
board another and fly at once, so a smaller crew, 0 included, is legal and warned (KH-2); the
guide called a crew of 0 an error. Solar Starfire Quick Start, Hull Chart: Max MP is the most a
ship may be given and a slower speed is the design's choice (SF-1), a note in ``validate``;
``import`` made it a warning."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import ROOT

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]

KH_SHIP = ROOT / "designs" / "knight-hawks-2000" / "ships" / "pugilist.yaml"


def test_a_knight_hawks_crew_of_0_is_warned_as_the_guide_says(invoke: Invoke, write: Write) -> None:
    text = KH_SHIP.read_text(encoding="utf-8").replace("  total: 42", "  total: 0")
    assert "total: 0" in text
    r = invoke("validate", write("ship.yaml", text))
    assert r.exit_code == 0
    assert "warning [KH-2] crew of 0 is below the minimum crew of 14" in r.stdout
    guide = (ROOT / "docs" / "knight-hawks-2000.md").read_text(encoding="utf-8")
    row = next(line for line in guide.splitlines() if line.startswith("| KH-2 |"))
    assert "Crew total below 0: error" in row and "a crew of 0 included: warning" in row
    assert "Crew total below 1" not in row


def test_a_starfire_speed_below_the_drives_is_a_note_on_import_and_validate(
    invoke: Invoke, tmp_path: Path
) -> None:
    out = tmp_path / "slow.yaml"
    imported = invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[4]", "-o", out)
    assert imported.exit_code == 0
    assert "notation:1:25: note [SF-1] speed 4 stated, below the 6 MP the engines give" in imported.stderr
    assert "warning [SF-1] speed" not in imported.stderr
    checked = invoke("validate", out)
    assert checked.exit_code == 0
    assert "note [SF-1] speed 4 stated, below the 6 MP the engines give" in checked.stdout
    guide = (ROOT / "docs" / "starfire.md").read_text(encoding="utf-8")
    assert "below is a warning" not in guide
    assert "below is a note" in guide
