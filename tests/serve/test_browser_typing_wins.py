"""Typing while the designer fetches a replacement for the editor's text is never lost, in
Chromium: the server's answer (a new design's starting text, a file, an imported design) is
held back by the test until the typing is done, then let through. The typing wins every time,
and the findings and previews follow a newly picked game the typing is kept for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.serve.test_browser import CHROMIUM, SHOTS, _type

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

FLEET = (DESIGNS / "kill-radius" / "fleets" / "varn-raiders.yaml").read_text(encoding="utf-8")


@pytest.fixture
def page(arrow_page: Any) -> Any:
    return arrow_page


def _held(page: Any, pattern: str) -> list[Any]:
    """Hold every request matching ``pattern`` until the test lets it through (``.continue_()``)."""
    held: list[Any] = []
    page.route(pattern, lambda route: held.append(route))
    return held


def _release(page: Any, held: list[Any]) -> None:
    page.wait_for_function("() => true")  # let Playwright deliver the held request
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the request never left the page"
    for route in held:
        route.continue_()


def _editor(page: Any) -> str:
    return page.locator("[data-testid=editor] .cm-content").inner_text()


def test_a_design_typed_while_the_new_game_loads_is_kept(page: Any) -> None:
    from playwright.sync_api import expect

    held = _held(page, "**/api/starting/kill-radius*")
    page.get_by_test_id("game").select_option("kill-radius")
    _type(page, FLEET)
    _release(page, held)
    expect(page.locator("#notice")).to_contain_text(
        "kept what you typed as the new Kill Radius", timeout=15_000
    )
    shown = _editor(page)
    assert "fleet: Varn Raiding Squadron" in shown and "New design" not in shown
    expect(page.get_by_test_id("game")).to_have_value("kill-radius")
    expect(page.get_by_test_id("field-name")).to_be_disabled(timeout=15_000)  # a fleet: the form stands aside
    expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")


def test_a_file_that_arrives_after_typing_does_not_replace_it(page: Any) -> None:
    from playwright.sync_api import expect

    held = _held(page, "**/api/file?path=ships%2Farrow.yaml")
    page.get_by_test_id("files").select_option("ships/arrow.yaml")
    _type(page, "game: starfire\nname: Typed Meanwhile\n")
    _release(page, held)
    expect(page.locator("#notice")).to_contain_text("open ships/arrow.yaml: not done", timeout=15_000)
    shown = _editor(page)
    assert "name: Typed Meanwhile" in shown and "Arrow" not in shown
    expect(page.get_by_test_id("files")).to_have_value("")


# --- the findings and previews follow the new game too ----------------------------------------
# (they stayed those of the old game's check while the picker, the form and the palette were
# the new game's)

FRIGATE = "game: kill-radius\nname: Picket\ntype: frigate\nnumber: 3\n"


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
        "() => Object.keys(localStorage).filter((k) => k.includes(':new:kill-radius@'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)).text)"
    )
    assert kept == [FRIGATE]  # the new design's draft (this tab's): exactly what was typed
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
