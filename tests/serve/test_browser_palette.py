"""Designing by clicking (issue 25), in Chromium: for every game a legal ship is built from a
bare skeleton with the palette alone (each click one edit in the editor) and its record sheet
downloaded as a PDF; a palette click is undone with Ctrl+Z and redone; the form, the palette
and the editor share one history; the record sheet opens at full size and zooms.

Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serve.test_browser import CHROMIUM, SHOTS, _serving, _type

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

SIZES = {"laptop": (1280, 720, False), "tablet": (1024, 768, True), "portrait": (768, 1024, True)}

#: Per game: a skeleton without any system, the palette clicks (group, code) that make it a
#: legal ship, a line the editor then holds and what the stats then say (the check of the
#: text the last click made).
BUILDS = {
    "starfire": (
        "game: starfire\nname: Palette ship\nhull: ES\n",
        [("systems", "S"), ("systems", "A"), ("engine rooms", "(I)"), ("engine rooms", "(I)"),
         ("systems", "Q"), ("systems", "L")],
        "systems: SA(I)(I)QL",
        "SA(I)(I)QL",
    ),
    "kill-radius": (
        "game: kill-radius\nname: Palette ship\n",
        [("types", "frigate")],
        "number: 3",
        "frigate (the text lists it under Number 3)",
    ),
    "space-cruisers": (
        "game: space-cruisers\nname: Palette ship\nhull: military\n",
        [("systems", "Shield"), ("systems", "Torp")],
        "systems: [shields, photon torpedoes]",
        "shields ×2, photon torpedoes",
    ),
    "knight-hawks-2000": (
        "game: knight-hawks-2000\nname: Palette ship\nrole: military\nhull_size: 1\n"
        "structure_points: 60\nadf: 6\nmr: 5\nvoid_engines: 1\ncrew:\n  total: 1\n"
        "  pilot: {name: Pilot, im: 6, skills: {Starship Pilot: 3, Gunner: 2}, dex: 62}\n",
        [("weapons", "LP"), ("defences", "ICM")],
        "weapons: [{code: LP, count: 1}]",
        "1 ICM salvos",
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serving(tmp_path_factory.mktemp("palette")) as address:
        yield address


def _page(browser: Any, server: str, size: str) -> Any:
    width, height, touch = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, accept_downloads=True
    )
    pg = context.new_page()
    pg.size_name = size
    pg.goto(server)
    pg.wait_for_selector("body[data-ready=yes]")
    return pg


def _pick(page: Any, game: str) -> None:
    page.select_option("[data-testid=game]", game)
    page.wait_for_selector(f"[data-testid=palette] .palette-items[data-game={game}] button")


def _click(page: Any, group: str, code: str, touch: bool = False) -> None:
    button = page.locator(f'[data-testid=palette] button[data-group="{group}"][data-code="{code}"]')
    if touch:
        button.tap()
    else:
        button.click()


@pytest.mark.parametrize("game", sorted(BUILDS))
def test_a_legal_ship_from_the_palette_alone_prints(browser: Any, server: str, game: str) -> None:
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, game)
        skeleton, clicks, line, stats = BUILDS[game]
        _type(page, skeleton)
        for group, code in clicks:
            _click(page, group, code)
        expect(page.locator("[data-testid=editor-text]")).to_contain_text(line)
        # the check of the text the clicks made (the starting design was legal too)
        checked = re.compile("Palette ship[\\s\\S]*" + re.escape(stats))
        expect(page.locator("[data-testid=stats]")).to_contain_text(checked, timeout=10_000)
        expect(page.locator("[data-testid=legal-lamp]")).to_have_attribute("data-errors", "0", timeout=10_000)
        expect(page.locator("[data-testid=verdict]")).to_have_text("legal")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"palette-{game}-laptop.png"))
        with page.expect_download(timeout=60_000) as info:
            page.click("[data-testid=download-pdf]")
        pdf = Path(info.value.path()).read_bytes()
        assert pdf.startswith(b"%PDF")
    finally:
        page.context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_palette_click_is_one_edit_undone_and_redone(browser: Any, server: str, size: str) -> None:
    from playwright.sync_api import expect

    page = _page(browser, server, size)
    touch = SIZES[size][2]
    try:
        _pick(page, "starfire")
        _type(page, "game: starfire\nname: Undo\nhull: CT\nsystems: SS\n")
        text = page.locator("[data-testid=editor-text]")
        _click(page, "systems", "R", touch)
        _click(page, "systems", "Q", touch)
        expect(text).to_contain_text("systems: SSRQ")
        # the string's parts: engine rooms as rooms; a click on one takes it out
        expect(page.locator("[data-testid=palette-string] button")).to_have_count(4)
        if touch:
            page.click("[data-testid=undo]")
        else:
            page.keyboard.press("Control+z")  # focus is on the palette button: still the editor's undo
        expect(text).to_contain_text("systems: SSR")
        expect(text).not_to_contain_text("SSRQ")
        page.click("[data-testid=redo]")
        expect(text).to_contain_text("systems: SSRQ")
        page.locator("[data-testid=palette-string] button[data-part=R]").click()
        expect(text).to_contain_text("systems: SSQ")
        expect(page.locator("[data-testid=field-systems]")).to_have_value("SSQ")
        # the form's edit is in the same history: undone from the form itself
        page.fill("[data-testid=field-name]", "Undone")
        expect(text).to_contain_text("name: Undone")
        page.locator("[data-testid=field-name]").press("Control+z")
        expect(text).to_contain_text("name: Undo")
        expect(text).not_to_contain_text("Undone")
        expect(page.locator("[data-testid=field-name]")).to_have_value("Undo")
        expect(page.locator("[data-testid=stats]")).to_contain_text(
            re.compile("Undo[\\s\\S]*SSQ"), timeout=10_000
        )
        expect(page.locator("[data-testid=legal-lamp]")).not_to_have_attribute(
            "data-errors", "0"
        )  # SF-4: no engine
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"palette-undo-{size}.png"))
    finally:
        page.context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_record_sheet_opens_at_full_size_and_zooms(browser: Any, server: str, size: str) -> None:
    from playwright.sync_api import expect

    page = _page(browser, server, size)
    try:
        _pick(page, "starfire")
        page.click("[data-testid=sheet-zoom-open]")
        zoom = page.locator("[data-testid=sheet-zoom]")
        expect(zoom).to_be_visible()
        frame = page.frame_locator("[data-testid=sheet-full]")
        expect(frame.locator("body")).to_contain_text("New design", timeout=10_000)
        expect(page.locator("[data-testid=zoom-level]")).to_have_text("100%")
        page.click("[data-testid=zoom-in]")
        expect(page.locator("[data-testid=zoom-level]")).to_have_text("125%")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"sheet-zoom-{size}.png"))
        page.select_option("[data-testid=zoom-paper]", "a4")
        expect(page.locator("[data-testid=sheet-full]")).to_have_attribute("data-paper", "a4")
        expect(frame.locator("body")).to_contain_text("New design", timeout=10_000)
        page.click("[data-testid=zoom-close]")
        expect(zoom).to_be_hidden()
    finally:
        page.context.close()


def test_the_palette_is_one_tab_stop_worked_with_the_arrow_keys(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, "starfire")
        _type(page, "game: starfire\nname: Keys\nhull: CT\nsystems: S\n")
        page.get_by_test_id("field-systems").focus()
        page.keyboard.press("Tab")
        first = page.locator("[data-testid=palette] .palette-items button").first
        expect(first).to_be_focused()
        page.keyboard.press("ArrowRight")  # A to D
        page.keyboard.press("Enter")
        expect(page.locator("[data-testid=field-systems]")).to_have_value("SD")
        page.keyboard.press("Tab")  # on to the editor
        expect(page.get_by_test_id("editor-text")).to_be_focused()
    finally:
        page.context.close()


def test_a_part_of_the_system_string_is_dragged_to_its_place(browser: Any, server: str) -> None:
    """SF-3 orders shields first: an S dragged before the A is one edit."""
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, "starfire")
        _type(page, "game: starfire\nname: Order\nhull: CT\nsystems: SA(I)S\n")
        parts = page.locator("[data-testid=palette-string] button")
        expect(parts).to_have_count(4)
        parts.nth(3).drag_to(parts.nth(1))
        expect(page.get_by_test_id("field-systems")).to_have_value("SSA(I)")
        page.keyboard.press("Control+z")
        expect(page.get_by_test_id("field-systems")).to_have_value("SA(I)S")
    finally:
        page.context.close()


def test_a_part_of_the_system_string_is_moved_from_the_keyboard(browser: Any, server: str) -> None:
    """Alt+Left/Right on a focused part moves it one place, one edit each; the focus stays on it."""
    from playwright.sync_api import expect

    page = _page(browser, server, "laptop")
    try:
        _pick(page, "starfire")
        _type(page, "game: starfire\nname: Order\nhull: CT\nsystems: SA(I)S\n")
        parts = page.locator("[data-testid=palette-string] button")
        expect(parts).to_have_count(4)
        parts.nth(3).focus()
        page.keyboard.press("Alt+ArrowLeft")
        fields = page.get_by_test_id("field-systems")
        expect(fields).to_have_value("SAS(I)")
        expect(parts.nth(2)).to_be_focused()
        page.keyboard.press("Alt+ArrowLeft")  # SF-3: shields first
        expect(fields).to_have_value("SSA(I)")
        expect(parts.nth(1)).to_be_focused()
        page.keyboard.press("Alt+ArrowRight")
        page.keyboard.press("Alt+ArrowRight")
        expect(fields).to_have_value("SA(I)S")
        expect(parts.nth(3)).to_be_focused()
        page.keyboard.press("Alt+ArrowRight")  # the last place: nothing to move past
        expect(fields).to_have_value("SA(I)S")
        page.keyboard.press("Control+z")  # one move, one edit
        expect(fields).to_have_value("SAS(I)")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "palette-string-keys.png"))
    finally:
        page.context.close()
