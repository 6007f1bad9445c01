"""Typing while the designer fetches a replacement for the editor's text is never lost, in
Chromium: the server's answer (a new design's starting text, a file, an imported design) is
held back by the test until the typing is done, then let through. The typing wins every time."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.serve.test_browser import CHROMIUM, _serving, _type

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

FLEET = (DESIGNS / "kill-radius" / "fleets" / "varn-raiders.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("typing")
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
