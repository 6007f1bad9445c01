"""The play page draws each game's buttons from the state's ``actions`` and its cards from
``now.card`` (docs/play.md), in a real Chromium at phone size (390x844): Knight Hawks 2000's
2x box sends a critical hit's double damage, Kill Radius's Recover sends its d10 and its
Number track drops at the next turn. Screenshots go to ``output/play/`` (look at them)."""

from __future__ import annotations

import json
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS, ROOT
from tests.serve.real_server import serving

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = ROOT / "output" / "play"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[tuple[str, Any]]:
    space = tmp_path_factory.mktemp("controls")
    for game in ("knight-hawks-2000", "kill-radius"):
        shutil.copytree(DESIGNS / game, space / game)
    with serving(space) as port:
        yield f"http://127.0.0.1:{port}", browser


def _open(served: tuple[str, Any], scenario: str) -> Any:
    base, browser = served
    request = urllib.request.Request(
        f"{base}/api/play",
        data=json.dumps({"scenario": scenario}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        made = json.load(answer)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    page = phone.new_page()
    page.goto(f"{base}/play?game={made['id']}")
    page.locator('[data-testid="play-ship"]').first.wait_for(timeout=15_000)
    return page


def test_knight_hawks_double_box_doubles_the_damage(served: tuple[str, Any]) -> None:
    page = _open(served, "knight-hawks-2000/scenarios/flank-action.yaml")
    try:
        red = page.locator('[data-testid="play-ship"][data-ship="Kestrel Red"]')
        red.get_by_label("damage to Kestrel Red").fill("5")
        red.get_by_label("critical hit, 2x Structure Point Damage, to Kestrel Red").check()
        red.get_by_test_id("damage").click()
        red.get_by_text("SP 50 / 60").wait_for(timeout=15_000)
        assert "double true" in page.get_by_test_id("play-log").inner_text()
        # the amount and the button on one row, both measured in one go in the page (a live
        # update redraws the card, and two reads may straddle it), once the card has settled
        apart = """(card) => {
            const b = card.querySelector('[data-testid=damage]').getBoundingClientRect();
            const a = card.querySelector('[aria-label="damage to Kestrel Red"]').getBoundingClientRect();
            return Math.abs(b.y - a.y);
        }"""
        page.wait_for_function(
            f"() => ({apart})(document.querySelector('[data-testid=play-ship][data-ship=\"Kestrel Red\"]')) < 10"
        )
        red.scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "kh-phone-double.png"))
    finally:
        page.context.close()


def test_kill_radius_recover_and_track(served: tuple[str, Any]) -> None:
    page = _open(served, "kill-radius/scenarios/border-clash.yaml")
    try:
        card = page.locator('[data-testid="play-ship"]').first
        name = card.get_attribute("data-ship")
        assert card.locator("input.text").count() == 0  # no weapon: Kill Radius ships have none
        card.get_by_label(f"damage to {name}").fill("2")
        card.get_by_test_id("damage").click()
        page.get_by_test_id("play-log").get_by_text(f"{name}: damage (amount 2)").wait_for(timeout=15_000)
        page.get_by_test_id("next-turn").click()
        card.locator(".box.lost").nth(1).wait_for(timeout=15_000)
        card.get_by_label(f"recovery roll of {name}").fill("1")
        card.get_by_test_id("recover").click()
        page.get_by_test_id("play-log").get_by_text(f"{name}: recover (roll 1)").wait_for(timeout=15_000)
        assert card.locator(".box.lost").count() == 1
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "kr-phone.png"))
    finally:
        page.context.close()


def test_a_push_from_another_device_keeps_what_is_typed(served: tuple[str, Any]) -> None:
    """A phone has typed an amount and ticked the 2x box on one card, and its caret is in the
    amount, when a change made on another device redraws every card: the amount, the tick and
    the caret stay, and the damage sent then is the one typed. Once sent, the fields are as they start."""
    page = _open(served, "knight-hawks-2000/scenarios/flank-action.yaml")
    table = served[1].new_context(viewport={"width": 1280, "height": 900})
    try:
        other = table.new_page()
        other.goto(page.url)
        other.locator('[data-testid="play-ship"]').first.wait_for(timeout=15_000)
        red = page.locator('[data-testid="play-ship"][data-ship="Kestrel Red"]')
        amount = red.get_by_label("damage to Kestrel Red")
        double = red.get_by_label("critical hit, 2x Structure Point Damage, to Kestrel Red")
        amount.fill("1")
        double.check()
        amount.focus()
        page.keyboard.press("End")  # the caret after the 1
        # a change on the other device: the phone draws it (its log shows it) and every card again
        gold = other.locator('[data-testid="play-ship"][data-ship="Kestrel Gold"]')
        gold.get_by_label("damage to Kestrel Gold").fill("3")
        gold.get_by_test_id("damage").click()
        page.get_by_test_id("play-log").get_by_text("Kestrel Gold: damage (amount 3)").wait_for(
            timeout=15_000
        )
        kept = page.evaluate(
            """() => {
                const card = document.querySelector('[data-testid=play-ship][data-ship="Kestrel Red"]');
                const amount = card.querySelector('[aria-label="damage to Kestrel Red"]');
                const box = card.querySelector('[aria-label="critical hit, 2x Structure Point Damage, to Kestrel Red"]');
                return [amount.value, box.checked, document.activeElement === amount];
            }"""
        )
        assert kept == ["1", True, True]
        page.keyboard.type("0")  # typed where the caret was kept: after the 1, not before it
        page.keyboard.press("Backspace")
        page.keyboard.type("5")
        assert amount.input_value() == "15"
        # a phone keyboard composing a weapon's name when a push comes: the word is not cut
        weapon = red.get_by_label("weapon hitting Kestrel Red")
        weapon.click()
        ime = page.context.new_cdp_session(page)
        ime.send("Input.imeSetComposition", {"text": "La", "selectionStart": 2, "selectionEnd": 2})
        gold.get_by_label("damage to Kestrel Gold").fill("2")
        gold.get_by_test_id("damage").click()
        other.get_by_test_id("play-log").get_by_text("Kestrel Gold: damage (amount 2)").wait_for(
            timeout=15_000
        )
        page.wait_for_timeout(300)  # the push has reached the phone, which waits for the word
        ime.send("Input.insertText", {"text": "LP"})
        page.get_by_test_id("play-log").get_by_text("Kestrel Gold: damage (amount 2)").wait_for(
            timeout=15_000
        )
        assert weapon.input_value() == "LP"
        weapon.fill("")
        amount.fill("5")
        red.get_by_test_id("damage").click()
        red.get_by_text("SP 50 / 60").wait_for(timeout=15_000)
        # sent: the amount back to where an untouched card's starts, the box unticked
        page.wait_for_function(
            """() => {
                const start = document.querySelector('[aria-label="damage to Pugilist"]').value;
                return document.querySelector('[aria-label="damage to Kestrel Red"]').value === start && start !== '5'
                    && !document.querySelector('[aria-label="critical hit, 2x Structure Point Damage, to Kestrel Red"]').checked;
            }"""
        )
    finally:
        table.close()
        page.context.close()
