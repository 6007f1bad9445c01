"""Each tab keeps its own draft, in Chromium: two tabs changing one file (or each a new design
of one game) kept a single draft between them, the last typist's, and a tab that saved or
merely opened the file cleared or took the other's. Had the browser then crashed, the other
tab's changes were gone. Now a tab's draft is its own; a tab still open keeps its draft to
itself, and the drafts of tabs that are gone are offered to the next tab that opens the file.

Liveness is read from the Web Locks each tab holds; where the page has none (a server reached
by another address than localhost is not a secure context), from a mark each tab renews and
removes as it goes. Both ways are tested. Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.test_browser import CHROMIUM, SHOTS

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

SHIP = "ships/arrow.yaml"
#: A page without Web Locks, as over plain HTTP to another address.
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined});"


@pytest.fixture(params=["web-locks", "marks"])
def context(request: pytest.FixtureRequest, browser: Any, arrow_server: str) -> Iterator[Any]:
    """One browser profile (its tabs share the page's storage) on :func:`arrow_server`."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    if request.param == "marks":
        ctx.add_init_script(NO_LOCKS)
    ctx.server = arrow_server  # type: ignore[attr-defined]
    ctx.way = request.param  # type: ignore[attr-defined]
    yield ctx
    ctx.close()


def _tab(context: Any, path: str | None = SHIP) -> Any:
    from playwright.sync_api import expect

    page = context.new_page()
    page.goto(context.server)
    page.wait_for_selector("body[data-ready=yes]")
    if path is not None:
        page.get_by_test_id("files").select_option(path)
        expect(page.get_by_test_id("save-path")).to_have_value(path, timeout=15_000)
    return page


def _type_at_end(page: Any, text: str) -> None:
    from playwright.sync_api import expect

    page.locator("[data-testid=editor] .cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type(text)
    expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")


def _crash(page: Any) -> None:
    """The tab ends: at once, as in a crash, where Web Locks say it is gone; where only the marks
    do, as a tab closed by its user (its leaving answered), since a crashed tab's mark is read
    as gone only minutes later."""
    if page.context.way == "web-locks":
        page.close(run_before_unload=False)
    else:
        page.on("dialog", lambda d: d.accept())
        page.close(run_before_unload=True)
        page.wait_for_event("close")


def _offered(page: Any) -> list[str]:
    """The texts of every draft the page offers, each restored in turn (what the editor held
    joins the offered drafts, so they come round again: read until one repeats)."""
    from playwright.sync_api import expect

    found: list[str] = []
    draft = page.get_by_test_id("draft")
    for _ in range(6):
        if not draft.is_visible():
            break
        page.get_by_test_id("draft-restore").click()
        expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")
        text = page.locator("[data-testid=editor] .cm-content").inner_text()
        if text in found:
            break
        found.append(text)
    return found


def _shot(page: Any, context: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"drafts-per-tab-{context.way}-{name}.png"))


def test_two_tabs_changing_one_file_both_come_back_after_a_crash(context: Any) -> None:
    from playwright.sync_api import expect

    a, b = _tab(context), _tab(context)
    _type_at_end(a, "\n# TAB-A-WORK")
    _type_at_end(b, "\n# TAB-B-WORK")
    _type_at_end(a, "\n# TAB-A-MORE")  # a typed last: b's draft was the one overwritten
    _crash(a)
    _crash(b)
    c = _tab(context)
    draft = c.get_by_test_id("draft")
    expect(draft).to_be_visible(timeout=15_000)
    expect(draft).to_contain_text("(1 of 2 kept)")
    _shot(c, context, "both-offered")
    texts = _offered(c)
    assert len(texts) == 2, texts
    assert any("TAB-A-WORK" in t and "TAB-A-MORE" in t and "TAB-B" not in t for t in texts), texts
    assert any("TAB-B-WORK" in t and "TAB-A" not in t for t in texts), texts


def test_a_tab_still_open_keeps_its_draft_when_another_opens_and_saves_the_file(context: Any) -> None:
    from playwright.sync_api import expect

    a = _tab(context)
    _type_at_end(a, "\n# TAB-A-WORK")
    b = _tab(context)  # the same file, opened while a changes it
    b.wait_for_timeout(500)  # the other tabs' drafts are looked at after the file is shown
    expect(b.get_by_test_id("draft")).to_be_hidden()  # a's changes are a's, not offered as kept
    _shot(b, context, "open-elsewhere")
    saved = f"TAB-B-SAVED-{context.way}"  # the module's tests share one workspace
    _type_at_end(b, f"\n# {saved}")
    b.get_by_test_id("save").click()
    expect(b.get_by_test_id("dirty")).to_have_attribute("data-dirty", "no", timeout=15_000)
    _crash(a)  # a's changes were never saved; b's save cleared only b's draft
    b.close()
    c = _tab(context)
    expect(c.get_by_test_id("draft")).to_be_visible(timeout=15_000)
    texts = _offered(c)
    assert len(texts) == 1 and "TAB-A-WORK" in texts[0] and saved not in texts[0], texts


def test_two_new_designs_of_one_game_each_keep_their_draft(context: Any) -> None:
    from playwright.sync_api import expect

    a, b = _tab(context, None), _tab(context, None)
    for page in (a, b):
        expect(page.get_by_test_id("save-path")).to_have_value("", timeout=15_000)
    _type_at_end(a, "\n# NEW-A")
    _type_at_end(b, "\n# NEW-B")
    _crash(a)
    _crash(b)
    c = _tab(context, None)
    expect(c.get_by_test_id("draft")).to_be_visible(timeout=15_000)
    texts = _offered(c)
    assert sorted("NEW-A" in t for t in texts) == [False, True] and any("NEW-B" in t for t in texts), texts


def test_a_reloaded_tab_opens_its_own_file_again(context: Any) -> None:
    """A reload is the same tab: it opens its own buffer again, not the one another tab opened
    last (which a new tab opens)."""
    from playwright.sync_api import expect

    a = _tab(context)
    other = _tab(context, None)  # a new tab opens the buffer last open in this browser
    expect(other.get_by_test_id("save-path")).to_have_value(SHIP, timeout=15_000)
    other.locator("#game").select_option("kill-radius")  # and now a new design of another game
    expect(other.get_by_test_id("save-path")).to_have_value("", timeout=15_000)
    a.reload()
    a.wait_for_selector("body[data-ready=yes]")
    expect(a.get_by_test_id("save-path")).to_have_value(SHIP, timeout=15_000)
    expect(a.locator("#game")).to_have_value("starfire")


def test_a_draft_kept_on_leaving_is_offered_again_whatever_another_tab_did(context: Any) -> None:
    """A tester's steps: tab A changes the file; tab B opens it (and was offered A's live
    changes as a kept draft, which B's *Discard* then deleted); A leaves the file answering
    *Keep as a draft* and opens it again: nothing was offered, the changes were gone."""
    from playwright.sync_api import expect

    a = _tab(context)
    _type_at_end(a, "\n# TAB-A-KEPT")
    b = _tab(context)
    b.wait_for_timeout(500)
    expect(b.get_by_test_id("draft")).to_be_hidden()
    a.locator("#game").select_option("kill-radius")
    a.get_by_test_id("confirm-keep").click()
    expect(a.get_by_test_id("save-path")).to_have_value("", timeout=15_000)
    a.get_by_test_id("files").select_option(SHIP)
    expect(a.get_by_test_id("save-path")).to_have_value(SHIP, timeout=15_000)
    expect(a.get_by_test_id("draft")).to_be_visible(timeout=15_000)
    texts = _offered(a)
    assert len(texts) == 1 and "TAB-A-KEPT" in texts[0], texts


def test_drafts_offered_in_one_tab_are_not_offered_in_another_while_it_is_open(context: Any) -> None:
    """A tester's steps: tab A typed A1 and reloaded (A1 offered in A), typed A2, restored A1
    (A2 joined A's offered drafts); tab B, opened meanwhile, was offered A2 from a place all
    tabs shared and discarded it; A closed: A2 was gone. Offered drafts are now each tab's own
    too, and go to the next tab only once their tab is gone."""
    from playwright.sync_api import expect

    a = _tab(context)
    _type_at_end(a, "\n# A1")
    a.on("dialog", lambda d: d.accept())
    a.reload()
    a.wait_for_selector("body[data-ready=yes]")
    expect(a.get_by_test_id("draft")).to_be_visible(timeout=15_000)  # A1, offered in A
    _type_at_end(a, "\n# A2")
    a.get_by_test_id("draft-restore").click()  # A1 in the editor; A2 among A's offered drafts
    expect(a.locator("[data-testid=editor] .cm-content")).to_contain_text("# A1")
    b = _tab(context)
    b.wait_for_timeout(500)
    expect(b.get_by_test_id("draft")).to_be_hidden()  # A is open: its drafts are its own
    b.close()
    _crash(a)
    c = _tab(context)
    expect(c.get_by_test_id("draft")).to_be_visible(timeout=15_000)
    texts = _offered(c)
    assert any("# A2" in t for t in texts) and any("# A1" in t and "# A2" not in t for t in texts), texts
