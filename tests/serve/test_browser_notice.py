"""The designer's messages can be read at every size, in Chromium. A tester's refused save
(``../evil.yaml``) gave its reason in a span squeezed into the bar: 54 px wide ("sheet…") on
a laptop, 23 px on a tablet, 0 px on a phone, with no way to see the rest. The message now
has a line of its own under the bar, the page's whole width, and wraps where it is long.
Screenshots go to ``output/serve/`` (look at them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.serve.test_browser import CHROMIUM, SHOTS

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

SIZES = {"laptop": (1366, 768), "tablet": (820, 1180), "phone": (390, 844)}


@pytest.mark.parametrize("device", list(SIZES))
def test_a_refused_save_says_why_in_full(browser: Any, arrow_server: str, device: str) -> None:
    from playwright.sync_api import expect

    width, height = SIZES[device]
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(arrow_server)
        page.wait_for_selector("body[data-ready=yes]")
        page.get_by_test_id("save-path").fill("../evil.yaml")
        page.get_by_test_id("save").click()
        notice = page.get_by_test_id("notice")
        expect(notice).to_contain_text("../evil.yaml", timeout=15_000)
        expect(notice).to_be_in_viewport()
        said = notice.inner_text()
        assert said.startswith("sheetgen: error: ") and len(said) > 40, said
        shown = notice.evaluate(
            "n => ({width: n.getBoundingClientRect().width, clipped: n.scrollWidth > n.clientWidth"
            " || n.scrollHeight > n.clientHeight, overflow: getComputedStyle(n).textOverflow})"
        )
        assert shown["width"] >= width * 0.9 and not shown["clipped"], shown
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"notice-{device}.png"))
    finally:
        context.close()
