"""Ships on the scenario map (issue 25), in Chromium: a ship dragged to a hex and turned
writes its start hex and facing into the scenario's YAML (saved, read back from the file);
the placement findings follow the drag; the map zooms until the names read.

Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import DESIGNS
from tests.serve.test_browser import CHROMIUM, SHOTS, _serving

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

SIZES = {"laptop": (1280, 720, False), "tablet": (1024, 768, True), "portrait": (768, 1024, True)}
SCENARIO = "scenarios/convoy-raid.yaml"


@pytest.fixture(scope="module")
def space(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("map") / "starfire"
    shutil.copytree(DESIGNS / "starfire", root)
    return root


@pytest.fixture(scope="module")
def server(space: Path) -> Iterator[str]:
    with _serving(space) as address:
        yield address


def _open(browser: Any, server: str, size: str) -> Any:
    width, height, touch = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch)
    page = context.new_page()
    page.goto(server)
    page.wait_for_selector("body[data-ready=yes]")
    page.get_by_test_id("files").select_option(SCENARIO)
    page.wait_for_selector("[data-testid=map] .ship[data-ship=Anvil]")
    return page


def _click_until(page: Any, button: str, shown: Any, was: str, level: str) -> None:
    """Click `button` once, and again only if the level still reads `was`: on a touch device the
    page can move under a click while the record sheet beside it loads, and the tap lands nowhere."""
    from playwright.sync_api import expect

    for _ in range(5):
        if shown.text_content() == was:
            page.get_by_test_id(button).click()
        try:
            expect(shown).to_have_text(level, timeout=3_000)
            return
        except AssertionError:
            continue
    expect(shown).to_have_text(level)


def _start(path: Path, ship: str) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return next(s for s in data["map"]["start"] if s["ship"] == ship)


def test_a_ship_dragged_to_a_hex_and_turned_is_saved_in_the_scenario(
    browser: Any, server: str, space: Path
) -> None:
    """Anvil starts at 1508 facing S (convoy raid); two hexes down is 1510, 19 hexes from the
    freighters at row 29: the placement rule of at least 20 is broken while it stands there."""
    from playwright.sync_api import expect

    page = _open(browser, server, "laptop")
    try:
        findings = page.get_by_test_id("findings")
        expect(findings.locator("li.error")).to_have_count(0)
        ship = page.locator("[data-testid=map] .ship[data-ship=Anvil]")
        box = ship.bounding_box()
        step = float(page.get_by_test_id("map-ships").get_attribute("data-hex-px") or 0)  # a hex, on screen
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        for k in range(1, 11):  # two hexes down, in small steps as a hand drags
            page.mouse.move(x, y + 2 * step * k / 10)
        expect(ship).to_have_attribute("data-at", "1510")
        # the placement findings follow while the ship is still held
        expect(findings.locator("li.error")).not_to_have_count(0, timeout=10_000)
        page.mouse.up()
        ship = page.locator("[data-testid=map] .ship[data-ship=Anvil][data-at='1510'][data-facing=S]")
        expect(ship).to_have_count(1, timeout=10_000)  # drawn again from the check of the new text
        ship.click()  # a click turns it clockwise: S -> SW
        expect(page.locator("[data-testid=map] .ship[data-ship=Anvil]")).to_have_attribute(
            "data-facing", "SW", timeout=10_000
        )
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "no")
        assert _start(space / SCENARIO, "Anvil") == {"ship": "Anvil", "at": "1510", "facing": "SW"}
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "map-drag-laptop.png"))
        # the drag was one edit, the turn another: two undos put the ship back at 1508
        page.get_by_test_id("undo").click()
        page.get_by_test_id("undo").click()
        expect(findings.locator("li.error")).to_have_count(0, timeout=10_000)
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "no")
        assert _start(space / SCENARIO, "Anvil") == {"ship": "Anvil", "at": "1508", "facing": "S"}
    finally:
        page.context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_map_zooms_until_the_names_read(browser: Any, server: str, size: str) -> None:
    page = _open(browser, server, size)
    try:
        page.wait_for_function("document.getElementById('scenario-map').naturalWidth > 0")
        before = page.get_by_test_id("scenario-map").bounding_box()["width"]
        shown = page.get_by_test_id("map-zoom-level")
        for level, was in (
            ("150%", "100%"),
            ("225%", "150%"),
        ):  # a click at a time, as a player sees each step
            _click_until(page, "map-zoom-in", shown, was, level)
        after = page.get_by_test_id("scenario-map").bounding_box()["width"]
        assert after == pytest.approx(before * 2.25, rel=0.05)  # less the scroll bar it brings
        page.locator("[data-testid=map] .ship[data-ship=Hammer]").scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"map-zoom-{size}.png"))
    finally:
        page.context.close()


def test_a_ship_moves_and_turns_from_the_keyboard(browser: Any, server: str, space: Path) -> None:
    """Lance starts at 0906 facing SE: the down arrow takes it to 0907, Enter turns it to S."""
    from playwright.sync_api import expect

    page = _open(browser, server, "laptop")
    try:
        ship = page.locator("[data-testid=map] .ship[data-ship=Lance]")
        ship.focus()
        page.keyboard.press("ArrowDown")
        expect(ship).to_have_attribute("data-at", "0907", timeout=10_000)
        expect(ship).to_be_focused()
        page.keyboard.press("Enter")
        expect(ship).to_have_attribute("data-facing", "S", timeout=10_000)
        page.get_by_test_id("save").click()
        expect(page.get_by_test_id("dirty")).to_have_attribute("data-dirty", "no")
        assert _start(space / SCENARIO, "Lance") == {"ship": "Lance", "at": "0907", "facing": "S"}
    finally:
        page.context.close()
