"""Two tabs on one file, in Chromium: tab A saves, then tab B (opened before A saved) saves. B
is asked before A's save is replaced (B's save carries the version it read); Cancel keeps
A's file and B's text, Replace puts B's text in the file. Screenshots go to ``output/serve/``."""

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

SHIP = "ships/destroyer-anvil.yaml"


@pytest.fixture
def tabs(browser: Any, tmp_path: Path) -> Iterator[tuple[Any, Any]]:
    (tmp_path / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / SHIP, tmp_path / SHIP)
    with _serving(tmp_path) as address:
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        pages = []
        for _ in range(2):
            pg = context.new_page()
            pg.goto(address)
            pg.wait_for_selector("body[data-ready=yes]")
            pg.get_by_test_id("files").select_option(SHIP)
            pg.get_by_test_id("field-name").wait_for()
            pages.append(pg)
        yield pages[0], pages[1]
        context.close()


def _rename_and_save(page: Any, name: str) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_test_id("save-path")).to_have_value(SHIP, timeout=15_000)
    expect(page.get_by_test_id("field-name")).to_have_value("Anvil", timeout=15_000)
    page.get_by_test_id("field-name").fill(name)
    page.get_by_test_id("save").click()


def test_a_save_over_another_tabs_save_asks_first(tabs: tuple[Any, Any], tmp_path: Path) -> None:
    from playwright.sync_api import expect

    a, b = tabs
    _rename_and_save(a, "Anvil A")
    expect(a.get_by_test_id("dirty")).to_have_attribute(
        "data-dirty", "no", timeout=15_000
    )  # saved (a notice may be overwritten)
    assert "name: Anvil A" in (tmp_path / SHIP).read_text(encoding="utf-8")
    _rename_and_save(b, "Anvil B")
    question = b.get_by_test_id("replace")
    expect(question).to_be_visible(timeout=15_000)
    expect(question).to_contain_text(f"{SHIP} was changed since you opened it here")
    SHOTS.mkdir(parents=True, exist_ok=True)
    b.screenshot(path=str(SHOTS / "two-tabs-asked.png"))
    b.get_by_test_id("replace-no").click()
    expect(question).to_be_hidden()
    expect(b.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")  # not saved
    assert "name: Anvil A" in (tmp_path / SHIP).read_text(encoding="utf-8")  # A's save stands
    expect(b.get_by_test_id("field-name")).to_have_value("Anvil B")  # B's text is kept
    b.get_by_test_id("save").click()
    b.get_by_test_id("replace-yes").click()
    expect(b.get_by_test_id("dirty")).to_have_attribute(
        "data-dirty", "no", timeout=15_000
    )  # saved (a notice may be overwritten)
    assert "name: Anvil B" in (tmp_path / SHIP).read_text(encoding="utf-8")
    # B saved last: its next save, with nothing changed since, asks nothing
    b.get_by_test_id("field-name").fill("Anvil C")
    b.get_by_test_id("save").click()
    expect(b.get_by_test_id("dirty")).to_have_attribute(
        "data-dirty", "no", timeout=15_000
    )  # saved (a notice may be overwritten)
    expect(question).to_be_hidden()
    assert "name: Anvil C" in (tmp_path / SHIP).read_text(encoding="utf-8")


def test_a_draft_older_than_the_files_last_save_asks_before_replacing_it(
    browser: Any, tmp_path: Path
) -> None:
    """Tab A types and is closed without its question (a crash); tab B saves the file; a new tab
    restores A's draft and saves: it is asked first, as the draft was made from a text the file
    no longer holds, and Cancel keeps B's save."""
    from playwright.sync_api import expect

    (tmp_path / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / SHIP, tmp_path / SHIP)
    with _serving(tmp_path) as address:
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        try:

            def tab() -> Any:
                pg = context.new_page()
                pg.goto(address)
                pg.wait_for_selector("body[data-ready=yes]")
                pg.get_by_test_id("files").select_option(SHIP)
                return pg

            a = tab()
            expect(a.get_by_test_id("field-name")).to_have_value("Anvil", timeout=15_000)
            a.get_by_test_id("field-name").fill("Draft of A")
            expect(a.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")
            a.close(run_before_unload=False)  # a crash: no question, the draft stays in the browser
            b = tab()
            expect(b.get_by_test_id("draft")).to_be_visible(timeout=15_000)  # A's, left unanswered
            expect(b.get_by_test_id("field-name")).to_have_value("Anvil")
            b.get_by_test_id("field-name").fill("Anvil B")
            b.get_by_test_id("save").click()
            expect(b.get_by_test_id("dirty")).to_have_attribute(
                "data-dirty", "no", timeout=15_000
            )  # saved (a notice may be overwritten)
            b.close(run_before_unload=False)
            c = tab()
            expect(c.get_by_test_id("draft")).to_be_visible(timeout=15_000)
            c.get_by_test_id("draft-restore").click()
            expect(c.get_by_test_id("field-name")).to_have_value("Draft of A")
            c.get_by_test_id("save").click()
            question = c.get_by_test_id("replace")
            expect(question).to_be_visible(timeout=15_000)
            expect(question).to_contain_text("was changed since you opened it here")
            c.get_by_test_id("replace-no").click()
            assert "name: Anvil B" in (tmp_path / SHIP).read_text(encoding="utf-8")
        finally:
            context.close()
