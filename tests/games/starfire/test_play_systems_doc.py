"""docs/play.md says what Starfire's ``now.systems`` is: the systems working now, with
destroyed systems and shields knocked offline both left out."""

from __future__ import annotations

from pathlib import Path

from sheetgen.games.starfire import live
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

DOC = Path(__file__).parents[3] / "docs" / "play.md"


def test_systems_leaves_out_offline_shields_as_the_doc_says() -> None:
    (entry,) = load_designs([DESIGNS / "starfire" / "ships" / "destroyer-hammer.yaml"]).entries
    state = live.apply(live.start(entry.stats), {"action": "damage", "amount": 1})
    now = live.now(state)
    assert now["shields_offline"] == 1 and not any(now["destroyed"])
    assert now["systems"] == "SSAAA(I)(I)(I)(I)(I)QQYDDRRL"
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "the surviving systems" not in text
    assert "destroyed systems and shields knocked offline both left out" in text
