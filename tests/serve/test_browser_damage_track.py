"""The Starfire system string and the record sheet's damage track side by side (issue 25), in
Chromium: the track is the one the printed sheet is made of (``track`` of ``/api/check``,
from the sheet's view), engine rooms framed with the MP left once each is lost, and it follows
a palette click.

Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sheetgen.serve import service

from tests.serve.test_browser import CHROMIUM, SHOTS, _serving, _type
from tests.serve.test_browser_palette import _click, _page, _pick

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

CL = "game: starfire\nname: Track\nhull: CL\nsystems: SSAA(I)(II)(I)(II)QQQL\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serving(tmp_path_factory.mktemp("track")) as address:
        yield address


def test_the_check_gives_the_printed_sheets_damage_track() -> None:
    """SF-5 on a CL: (I)(II)(I)(II) leave 3, 2, 1, 0 MP as the rooms are lost left to right."""
    track = service.check(CL.encode())["track"]
    rooms = [(g["boxes"], g["mp_after"]) for g in track if g["room"]]
    assert rooms == [(["I"], 3), (["I", "I"], 2), (["I"], 1), (["I", "I"], 0)]
    assert "".join(c for g in track for c in g["boxes"]) == "SSAAIIIIIIQQQL"
    assert service.check(b"game: space-cruisers\nname: A\nhull: military\n")["track"] == []


def test_the_string_and_the_damage_track_side_by_side(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, "starfire")
        _type(page, CL)
        track = page.get_by_test_id("damage-track")
        boxes = track.locator(".box")
        expect(boxes).to_have_count(14, timeout=10_000)
        expect(track.locator(".room .mp")).to_have_text(["→3 MP", "→2 MP", "→1 MP", "→0 MP"])
        string = page.get_by_test_id("palette-string").bounding_box()
        beside = track.bounding_box()
        assert string and beside and beside["x"] > string["x"] + string["width"] - 1  # side by side
        _click(page, "systems", "R")
        expect(boxes).to_have_count(15, timeout=10_000)
        expect(boxes.last).to_have_text("R")
        SHOTS.mkdir(parents=True, exist_ok=True)
        track.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "palette-damage-track.png"))
        page.select_option("[data-testid=game]", "space-cruisers")
        page.click("[data-testid=confirm-discard]")
        expect(track).to_be_hidden(timeout=10_000)
    finally:
        page.context.close()
