"""Chromium: a record-sheet preview the server refused because it was busy printing (503,
``Retry-After``) is asked for again when the server says, so the preview catches up with
what was typed without another keystroke. Before, the pane kept the old sheet until the
next edit (and a suite on two busy cores once saw a preview never arrive)."""

from __future__ import annotations

from typing import Any

from tests.serve.test_browser import _type

LANCE = "game: starfire\nname: Lance Busy\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n"


def test_a_preview_refused_as_busy_is_asked_for_again(arrow_page: Any) -> None:
    from playwright.sync_api import expect

    page = arrow_page
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    refused: list[str] = []

    def busy_once(route: Any) -> None:
        if not refused:
            refused.append(route.request.url)
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "application/json"},
                body='{"error": "sheetgen: error: the server is busy printing; try again in 1 s"}',
            )
        else:
            route.continue_()

    page.route("**/api/sheet.html*", busy_once)
    _type(page, LANCE)
    expect(page.locator("#notice")).to_contain_text("busy printing", timeout=15_000)
    sheet = page.frame_locator("[data-testid=sheet-preview]")
    expect(sheet.get_by_text("Lance Busy").first).to_be_visible(timeout=15_000)
    assert len(refused) == 1
