"""Picking another game and typing while its starting design loads keeps the typing as the new
game's design (tests/serve/test_browser_typing_wins.py); the findings and previews follow
that game too, in Chromium: they stayed those of the old game's check while the picker, the
form and the palette were the new game's."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.serve.test_browser import CHROMIUM, SHOTS, _serving, _type
from tests.serve.test_browser_typing_wins import _held, _release

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

FRIGATE = "game: kill-radius\nname: Picket\ntype: frigate\nnumber: 3\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("follows")
    (root / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", root / "ships" / "arrow.yaml")
    with _serving(root) as address:
        yield address


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    pg = context.new_page()
    pg.goto(server)
    pg.wait_for_selector("body[data-ready=yes]")
    yield pg
    context.close()


def test_findings_and_previews_follow_the_new_game(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    held = _held(page, "**/api/starting/kill-radius*")
    page.get_by_test_id("game").select_option("kill-radius")
    _type(page, FRIGATE)
    # checked as a Starfire design while the new game's design is on its way: refused
    expect(page.get_by_test_id("verdict")).to_have_text("cannot be read", timeout=15_000)
    expect(page.locator("[data-testid=findings] li[data-rule=GAME]")).to_have_count(1)
    _release(page, held)
    expect(page.locator("#notice")).to_contain_text(
        "kept what you typed as the new Kill Radius", timeout=15_000
    )
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    expect(page.locator("[data-testid=findings] li[data-rule=GAME]")).to_have_count(0)
    expect(page.get_by_test_id("stale")).to_be_hidden()
    sheet = page.frame_locator("[data-testid=sheet-preview]")
    expect(sheet.get_by_text("Picket").first).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("stats")).to_contain_text("Picket")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "game-follows-typing.png"))
    # the check made due leaves nothing in the text or the history: one undo takes the typing back
    kept = page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.endsWith(':new:kill-radius'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)).text)"
    )
    assert kept == [FRIGATE]  # the new design's draft: exactly what was typed
    page.get_by_test_id("undo").click()
    expect(page.locator("[data-testid=editor] .cm-content")).not_to_contain_text("name: Picket")
    page.get_by_test_id("redo").click()
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text("name: Picket")


def test_picking_the_game_the_text_names_rechecks_it(page: Any) -> None:
    """Typed a Kill Radius design while Starfire is picked (refused: another game), then picked
    Kill Radius: no new design is fetched, and the check follows the game picked."""
    from playwright.sync_api import expect

    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    _type(page, FRIGATE)
    expect(page.get_by_test_id("verdict")).to_have_text("cannot be read", timeout=15_000)
    page.get_by_test_id("game").select_option("kill-radius")
    expect(page.get_by_test_id("confirm")).to_be_hidden()  # the text's own game: nothing to leave
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    expect(page.locator("[data-testid=findings] li[data-rule=GAME]")).to_have_count(0)
