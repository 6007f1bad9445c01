"""The lighter record-sheet templates print what the earlier ones printed: for every bundled
design of every game, on both papers, the same pages and every number, name, label and tick
box read back from the PDF's text layer as often as before (tests/render/sheet_readback.py,
the fixture written from the templates before they were made lighter)."""

from __future__ import annotations

import json

import pytest

from tests.every_game import every_game
from tests.render.sheet_readback import FIXTURE, PAPERS, game_readback


@pytest.fixture(scope="module")
def expected() -> dict[str, dict[str, dict[str, object]]]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", every_game())
def test_sheets_read_back_as_before(game: str, paper: str, expected: dict) -> None:
    got = game_readback(game, paper)
    want = expected[game][paper]
    assert got["pages"] == want["pages"]
    tokens, before = got["tokens"], want["tokens"]
    assert isinstance(tokens, dict) and isinstance(before, dict)
    changed = {
        t: (before.get(t, 0), tokens.get(t, 0))
        for t in set(tokens) | set(before)
        if tokens.get(t) != before.get(t)
    }
    assert not changed, f"token: (before, now) {sorted(changed.items())[:20]}"
