"""The designer reads a finding's one JSON shape (``column``, not ``col``): in Chromium, the
editor marks an over-full Starfire design's SF-7 from its column to the end of the line, and
the finding's "line 4" button puts the cursor at that column."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.test_browser import CHROMIUM, OVERFULL, _serving, _type

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serving(tmp_path_factory.mktemp("column")) as address:
        yield address


def test_a_finding_is_marked_and_found_at_its_column(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    page = browser.new_page()
    try:
        page.goto(server)
        page.wait_for_selector("body[data-ready=yes]")
        page.get_by_test_id("game").select_option("starfire")
        _type(page, OVERFULL)
        finding = page.locator("[data-testid=findings] li[data-rule='SF-7']")
        expect(finding).to_have_attribute("data-line", "4", timeout=15_000)
        # "systems: " is 9 characters: the finding's column 10 is where the system string starts
        marked = page.locator(".cm-lintRange-error")
        expect(marked.first).to_be_visible()
        assert "".join(marked.all_text_contents()) == "SSAA(I)(I)(I)QLRL"
        finding.get_by_role("button", name="line 4").click()
        head = page.evaluate(
            "() => { const s = getSelection(); const r = document.createRange();"
            " r.setStart(s.anchorNode.parentElement.closest('.cm-line'), 0);"
            " r.setEnd(s.anchorNode, s.anchorOffset); return r.toString(); }"
        )
        assert head == "systems: "
    finally:
        page.close()
