"""A draft the designer offers back is never overwritten by typing before it is answered, in
Chromium: a tester typed one key while the draft of ``# IMPORTANT-WORK`` was offered, reloaded,
and the draft offered then was the file plus that key; IMPORTANT-WORK was gone. Now the
offered draft keeps its own place until it is restored or discarded, and what is typed
meanwhile is kept as the buffer's draft: after the reload both come back, one after the other.

Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.serve.test_browser import CHROMIUM, SHOTS

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


@pytest.fixture
def page(arrow_page: Any) -> Any:
    return arrow_page


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"drafts-kept-{name}.png"))


def _editor(page: Any) -> str:
    return page.locator("[data-testid=editor] .cm-content").inner_text()


def _type_at_end(page: Any, text: str) -> None:
    page.locator("[data-testid=editor] .cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(text)


def _reload(page: Any) -> None:
    from playwright.sync_api import expect

    page.reload()
    page.wait_for_selector("body[data-ready=yes]")
    expect(page.get_by_test_id("save-path")).to_have_value("ships/arrow.yaml", timeout=15_000)


def test_a_key_typed_while_a_draft_is_offered_loses_neither(page: Any) -> None:
    from playwright.sync_api import expect

    draft = page.get_by_test_id("draft")
    page.get_by_test_id("files").select_option("ships/arrow.yaml")
    expect(page.get_by_test_id("save-path")).to_have_value("ships/arrow.yaml", timeout=15_000)
    _type_at_end(page, "\n# IMPORTANT-WORK")
    expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")
    _reload(page)
    expect(draft).to_be_visible()
    # one key before Restore or Discard is chosen, then a reload (or a crash)
    _type_at_end(page, "Z")
    expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")
    _reload(page)
    expect(draft).to_be_visible()
    _shot(page, "1-two-kept")
    # the draft offered first is the one with the work in it
    page.get_by_test_id("draft-restore").click()
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text("# IMPORTANT-WORK")
    assert not _editor(page).rstrip().endswith("Z")
    # then the key typed meanwhile, kept as a draft of its own
    expect(draft).to_be_visible()
    _shot(page, "2-work-restored-typing-offered")
    page.get_by_test_id("draft-restore").click()
    shown = _editor(page)
    assert shown.rstrip().endswith("Z") and "IMPORTANT-WORK" not in shown
    # restoring put aside what the editor held: the work is offered back, not lost
    expect(draft).to_be_visible()
    page.get_by_test_id("draft-restore").click()
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text("# IMPORTANT-WORK")
    _shot(page, "3-swapped-back")


def test_an_offered_draft_stays_offered_until_answered(page: Any) -> None:
    """Left unanswered, the offered draft survives reloads and typing; Discard forgets it."""
    from playwright.sync_api import expect

    draft = page.get_by_test_id("draft")
    page.get_by_test_id("files").select_option("ships/arrow.yaml")
    expect(page.get_by_test_id("save-path")).to_have_value("ships/arrow.yaml", timeout=15_000)
    _type_at_end(page, "\n# KEEP-ME")
    _reload(page)
    expect(draft).to_be_visible()
    _reload(page)  # not answered, nothing typed: still offered, once
    expect(draft).to_be_visible()
    expect(draft).not_to_contain_text("of 2")
    page.get_by_test_id("draft-discard").click()
    expect(draft).to_be_hidden()
    _reload(page)
    expect(draft).to_be_hidden()
    assert "KEEP-ME" not in _editor(page)


def test_with_the_storage_full_the_offered_draft_is_not_overwritten(browser: Any, arrow_server: str) -> None:
    """When the browser cannot store the offered draft in its own place (storage full), it stays
    in the buffer's place and typing does not overwrite it there."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(
        "const set = Storage.prototype.setItem;"
        "Storage.prototype.setItem = function (k, v) {"
        "  if (String(k).startsWith('sheetgen-offered:')) throw new DOMException('full', 'QuotaExceededError');"
        "  return set.call(this, k, v); };"
    )
    page = context.new_page()
    try:
        page.goto(arrow_server)
        page.wait_for_selector("body[data-ready=yes]")
        page.get_by_test_id("files").select_option("ships/arrow.yaml")
        expect(page.get_by_test_id("save-path")).to_have_value("ships/arrow.yaml", timeout=15_000)
        _type_at_end(page, "\n# FULL-STORAGE-WORK")
        _reload(page)
        expect(page.get_by_test_id("draft")).to_be_visible()
        _type_at_end(page, "Z")
        _reload(page)
        page.get_by_test_id("draft-restore").click()
        expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text("# FULL-STORAGE-WORK")
    finally:
        context.close()
