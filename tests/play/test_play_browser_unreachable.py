"""A request that gets no answer says so, on the play page and in the designer, in Chromium: a
tester stopped the server mid-game and pressed Damage; the page said only the browser's
"Failed to fetch". It now says the server did not answer and that what was typed is kept (it
is: the amount stays in its field). The requests are failed in the browser (``page.route``
aborts them as a refused connection), as when the server is gone."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.play.test_play_browser_controls import CHROMIUM, _open

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Any:
    from tests.serve.real_server import serving

    space = tmp_path_factory.mktemp("unreachable")
    shutil.copytree(DESIGNS / "kill-radius", space / "kill-radius")
    (space / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", space / "ships" / "arrow.yaml")
    with serving(space) as port:
        yield f"http://127.0.0.1:{port}", browser


def test_the_play_page_says_the_server_did_not_answer(served: tuple[str, Any]) -> None:
    from playwright.sync_api import expect

    page = _open(served, "kill-radius/scenarios/border-clash.yaml")
    try:
        page.route(re.compile(r".*/events(\?.*)?$"), lambda route: route.abort("connectionrefused"))
        hive = page.locator('[data-testid="play-ship"][data-ship="Hive"]')
        hive.get_by_label("damage to Hive").fill("2")
        hive.get_by_test_id("damage").click()
        notice = page.locator("#notice")
        expect(notice).to_contain_text("no answer from the server (is sheetgen still running?)")
        expect(notice).to_contain_text("what you typed is kept")
        expect(hive.get_by_label("damage to Hive")).to_have_value("2")
    finally:
        page.context.close()


def test_the_designer_says_the_server_did_not_answer(served: tuple[str, Any]) -> None:
    from playwright.sync_api import expect

    base, browser = served
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(base)
        page.wait_for_selector("body[data-ready=yes]")
        page.get_by_test_id("files").select_option("ships/arrow.yaml")
        expect(page.get_by_test_id("field-name")).to_have_value("Arrow", timeout=15_000)
        page.get_by_test_id("field-name").fill("Arrow II")
        page.route("**/api/file?*", lambda route: route.abort("connectionrefused"))
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("notice")).to_contain_text(
            "no answer from the server (is sheetgen serve still running?)", timeout=15_000
        )
        expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "yes")
        expect(page.get_by_test_id("field-name")).to_have_value("Arrow II")
        # a check that gets no answer: not "the YAML cannot be read", nor the last verdict
        page.route("**/api/check?*", lambda route: route.abort("connectionrefused"))
        page.get_by_test_id("field-name").fill("Arrow III")
        expect(page.get_by_test_id("stale")).to_contain_text("the server does not answer", timeout=15_000)
        expect(page.get_by_test_id("verdict")).to_have_text("not checked")
    finally:
        context.close()


def test_the_play_page_says_while_its_connection_is_down_and_clears_it_when_back(
    served: tuple[str, Any],
) -> None:
    from playwright.sync_api import expect

    page = _open(served, "kill-radius/scenarios/border-clash.yaml")
    try:
        notice = page.locator("#notice")
        # the live connection drops (as when the server stops): the page says so at once,
        # and once it has connected again (a second later) says no more
        page.evaluate("() => socket.close()")
        expect(notice).to_contain_text("the connection to the server is lost", timeout=15_000)
        expect(notice).to_have_text("", timeout=15_000)
    finally:
        page.context.close()
