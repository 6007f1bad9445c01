"""A "Save as" onto an existing file other than the one open asks in the page first, in Chromium:
a new design saved as ``ships/destroyer-anvil.yaml`` silently replaced that ship. Saving the
open file onto itself does not ask.

Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.serve.test_browser import CHROMIUM, SHOTS, _serving

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

ANVIL = DESIGNS / "starfire" / "ships" / "destroyer-anvil.yaml"
SHIP = "ships/destroyer-anvil.yaml"


@pytest.fixture
def space(tmp_path: Path) -> Path:
    (tmp_path / "ships").mkdir()
    shutil.copy(ANVIL, tmp_path / SHIP)
    return tmp_path


@pytest.fixture
def page(browser: Any, space: Path) -> Iterator[Any]:
    with _serving(space) as address:
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        pg = context.new_page()
        pg.goto(address)
        pg.wait_for_selector("body[data-ready=yes]")
        yield pg
        context.close()


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"save-replace-{name}.png"))


def test_save_as_onto_another_file_asks_first(page: Any, space: Path) -> None:
    from playwright.sync_api import expect

    before = (space / SHIP).read_text(encoding="utf-8")
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    page.get_by_test_id("field-name").fill("Interloper")
    page.get_by_test_id("save-path").fill(SHIP)
    page.get_by_test_id("save").click()
    question = page.get_by_test_id("replace")
    expect(question).to_be_visible(timeout=15_000)
    expect(question).to_contain_text(f"{SHIP} already exists")
    _shot(page, "1-asked")
    assert (space / SHIP).read_text(encoding="utf-8") == before
    page.get_by_test_id("replace-no").click()
    expect(question).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text(f"not saved: {SHIP} already exists")
    expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")
    assert (space / SHIP).read_text(encoding="utf-8") == before
    page.get_by_test_id("save").click()
    expect(question).to_be_visible(timeout=15_000)
    page.get_by_test_id("replace-yes").click()
    expect(page.get_by_test_id("dirty")).to_have_attribute(
        "data-dirty", "no", timeout=15_000
    )  # saved (a later notice may replace "saved ...")
    expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "no")
    assert "name: Interloper" in (space / SHIP).read_text(encoding="utf-8")
    _shot(page, "2-replaced")
    # the file now open is saved onto itself without a question
    page.get_by_test_id("field-name").fill("Interloper II")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_attribute(
        "data-dirty", "no", timeout=15_000
    )  # saved (a later notice may replace "saved ...")
    expect(question).to_be_hidden()
    assert "name: Interloper II" in (space / SHIP).read_text(encoding="utf-8")


def test_saving_the_open_file_does_not_ask(page: Any, space: Path) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("files").select_option(SHIP)
    expect(page.get_by_test_id("save-path")).to_have_value(SHIP, timeout=15_000)
    page.get_by_test_id("field-name").fill("Anvil Refit")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_attribute(
        "data-dirty", "no", timeout=15_000
    )  # saved (a later notice may replace "saved ...")
    expect(page.get_by_test_id("replace")).to_be_hidden()
    assert "name: Anvil Refit" in (space / SHIP).read_text(encoding="utf-8")


def test_save_on_leaving_asks_before_replacing_too(page: Any, space: Path) -> None:
    """Choosing "Save" in the question asked before leaving goes through the same question."""
    from playwright.sync_api import expect

    before = (space / SHIP).read_text(encoding="utf-8")
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    page.get_by_test_id("field-name").fill("Interloper")
    page.get_by_test_id("save-path").fill(SHIP)
    page.get_by_test_id("files").select_option(SHIP)
    page.get_by_test_id("confirm-save").click()
    expect(page.get_by_test_id("replace")).to_be_visible(timeout=15_000)
    page.get_by_test_id("replace-no").click()
    # not saved, so not left: the new design stays in the editor
    expect(page.get_by_test_id("files")).to_have_value("")
    assert "name: Interloper" in page.locator("[data-testid=editor] .cm-content").inner_text()
    assert (space / SHIP).read_text(encoding="utf-8") == before
