"""Removing from the design by clicking (issue 25), in Chromium: Knight Hawks weapons and
Space Cruisers systems in the design are shown above the palette, one button an entry; a
click removes that entry as one edit (Ctrl+Z puts it back), and Starfire munitions are
counted up from the palette.

Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.test_browser import CHROMIUM, SHOTS, _serving, _type
from tests.serve.test_browser_palette import _click, _page, _pick

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

KH = (
    "game: knight-hawks-2000\nname: Remover\nrole: military\nhull_size: 3\n"
    "structure_points: 60\nadf: 6\nmr: 5\nvoid_engines: 1\n"
    "weapons:\n  - {code: LP, count: 2}\n  - {code: MM, count: 1, ordnance: 2}\n"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serving(tmp_path_factory.mktemp("remove")) as address:
        yield address


@pytest.mark.parametrize(
    ("game", "body", "entries", "remove", "after", "gone"),
    [
        ("knight-hawks-2000", KH, ["LP ×2", "MM"], "LP ×2", "weapons:\n  - {code: MM", "code: LP"),
        (
            "space-cruisers",
            "game: space-cruisers\nname: Remover\nhull: military\nsystems: [shields, photon torpedoes]\n",
            ["shields", "photon torpedoes"],
            "photon torpedoes",
            "systems: [shields]",
            "photon",
        ),
    ],
    ids=["knight-hawks-2000", "space-cruisers"],
)
def test_a_click_on_an_entry_removes_it_as_one_edit(
    browser: Any, server: str, game: str, body: str, entries: list[str], remove: str, after: str, gone: str
) -> None:
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, game)
        _type(page, body)
        text = page.locator("[data-testid=editor-text]")
        buttons = page.locator("[data-testid=palette-string] button")
        expect(buttons).to_have_text(entries)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"palette-remove-{game}.png"))
        page.locator(f'[data-testid=palette-string] button[data-entry="{remove}"]').click()
        expect(text).to_contain_text(after.split("\n")[0])
        expect(text).not_to_contain_text(gone)
        expect(buttons).to_have_count(len(entries) - 1)
        page.keyboard.press("Control+z")  # one edit: back as it was
        expect(text).to_contain_text(gone)
        expect(buttons).to_have_text(entries)
    finally:
        page.context.close()


def test_starfire_munitions_are_counted_from_the_palette(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, "starfire")
        _type(page, "game: starfire\nname: Rounds\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n")
        text = page.locator("[data-testid=editor-text]")
        _click(page, "munitions", "R")
        expect(text).to_contain_text("munitions: {R: 1}")
        _click(page, "munitions", "R")
        _click(page, "munitions", "G")
        expect(text).to_contain_text("munitions: {R: 2, G: 1}")
        page.keyboard.press("Control+z")
        expect(text).to_contain_text("munitions: {R: 2}")
    finally:
        page.context.close()


def test_knight_hawks_crew_positions_are_added_from_the_palette(browser: Any, server: str) -> None:
    """A crew position is one edit: the station's member under ``crew`` (one a station), a
    gunner one item more of ``gunners``."""
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, "knight-hawks-2000")
        _type(page, KH + "crew:\n  total: 3\n  pilot: {name: Vane}\n")
        text = page.locator("[data-testid=editor-text]")
        _click(page, "crew positions", "captain")
        expect(text).to_contain_text("captain: {name: Captain}")
        _click(page, "crew positions", "gunners")
        _click(page, "crew positions", "gunners")
        expect(text).to_contain_text("gunners: [{name: Gunner}, {name: Gunner}]")
        page.wait_for_timeout(800)  # the check of the last edit has answered (it clears the notice)
        _click(page, "crew positions", "pilot")  # taken: the text is left as it is
        expect(text).to_contain_text("pilot: {name: Vane}")
        expect(text).not_to_contain_text("name: Pilot")
        expect(page.locator("#notice")).to_contain_text("has one already")
        page.keyboard.press("Control+z")
        expect(text).to_contain_text("gunners: [{name: Gunner}]")
        expect(page.locator("[data-testid=stats]")).to_contain_text("Remover", timeout=10_000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "palette-crew-knight-hawks-2000.png"))
    finally:
        page.context.close()
