"""The play page in a real browser (Debian's Chromium driven by Playwright): two devices on one
game, a change on one appears on the other; phone and tablet screenshots go to
``output/play/`` (look at them). Skipped only when no Chromium is installed."""

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
SCENARIO = "starfire/scenarios/small-task-groups.yaml"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str], Path]]:
    """A served workspace with one game of small-task-groups: (address, {"id", "code"}, workspace)."""
    space = tmp_path_factory.mktemp("play")
    shutil.copytree(DESIGNS / "starfire", space / "starfire")
    with serving(space) as port:
        base = f"http://127.0.0.1:{port}"
        request = urllib.request.Request(
            f"{base}/api/play",
            data=json.dumps({"scenario": SCENARIO}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request) as answer:
            yield base, json.load(answer), space


def test_two_devices_see_each_others_changes(browser: Any, game: tuple[str, dict[str, str], Path]) -> None:
    from playwright.sync_api import expect

    base, made, _ = game
    url = f"{base}/play?game={made['id']}"
    table = browser.new_context(viewport={"width": 1280, "height": 900})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True)
    try:
        one, two = table.new_page(), phone.new_page()
        one.goto(url)
        two.goto(url)
        hammer_one = one.locator('[data-testid="play-ship"][data-ship="Hammer"]')
        hammer_two = two.locator('[data-testid="play-ship"][data-ship="Hammer"]')
        expect(one.locator('[data-testid="play-ship"]')).to_have_count(6)  # drawn once the state comes
        expect(one.get_by_test_id("join-code")).to_contain_text(made["code"])
        # a hit of 4 on the table's device: three shields offline and an armor box crossed on the phone
        hammer_one.locator("input[inputmode=numeric]").fill("4")
        hammer_one.get_by_test_id("damage").click()
        hammer_two.locator(".box.off").nth(2).wait_for(timeout=15_000)
        expect(hammer_two.locator(".box.lost")).to_have_count(1)
        assert "AA(I)(I)(I)(I)(I)QQYDDRRL" in hammer_two.inner_text()
        assert "Hammer: damage (amount 4)" in two.get_by_test_id("play-log").inner_text()
        # undo on the phone: the table's device sees the shields back
        two.get_by_test_id("play-undo").click()
        one.wait_for_function(
            "() => !document.querySelector('[data-ship=\"Hammer\"] .box.off')", timeout=15_000
        )
        # drawn from the phone's push, which carries no join code: still the host's page
        expect(one.get_by_test_id("next-turn")).to_be_enabled()
        expect(one.get_by_test_id("join-code")).to_contain_text(made["code"])
        expect(one.get_by_test_id("join-side")).to_have_count(0)
        # a refused event says the rule's line and changes nothing
        hammer_one.locator("input[inputmode=numeric]").fill("0")
        hammer_one.get_by_test_id("damage").click()
        one.locator("#notice.bad").wait_for(timeout=15_000)
        assert "1 or more" in one.locator("#notice").inner_text()
        # the dice roller: the roll is logged on both devices
        one.get_by_test_id("dice").locator("button").click()
        two.get_by_test_id("play-log").get_by_text("rolled 1d10").wait_for(timeout=15_000)
        one.get_by_test_id("play-log").get_by_text("rolled 1d10").wait_for(timeout=15_000)
        # state for the screenshots: some damage on both sides
        for ship, amount in (("Hammer", 5), ("Lance", 3), ("Pike", 20)):
            card = one.locator(f'[data-testid="play-ship"][data-ship="{ship}"]')
            card.locator("input[inputmode=numeric]").fill(str(amount))
            card.get_by_test_id("damage").click()
            # both devices have drawn the change before the next amount is typed: a card drawn
            # again (a push from another device) while an amount is being typed loses it
            for device in (two, one):
                device.get_by_test_id("play-log").get_by_text(f"{ship}: damage (amount {amount})").wait_for(
                    timeout=15_000
                )
        SHOTS.mkdir(parents=True, exist_ok=True)
        two.screenshot(path=str(SHOTS / "phone.png"), full_page=True)
        one.screenshot(path=str(SHOTS / "laptop.png"), full_page=True)
        expect(two.locator('[data-ship="Pike"].removed')).to_have_count(1)
    finally:
        table.close()
        phone.close()


def test_tablet_renders_every_ship(browser: Any, game: tuple[str, dict[str, str], Path]) -> None:
    base, made, _ = game
    tablet = browser.new_context(viewport={"width": 820, "height": 1180}, device_scale_factor=2)
    try:
        page = tablet.new_page()
        page.goto(f"{base}/play?game={made['id']}")
        page.locator('[data-testid="play-ship"]').nth(5).wait_for(timeout=15_000)
        # measured in one go in the page (a live update may redraw the cards between two reads)
        widths = page.eval_on_selector_all(
            '[data-testid="play-ship"]', "cards => cards.map((c) => c.getBoundingClientRect().width)"
        )
        assert len(widths) >= 6
        assert all(w >= 280 for w in widths), widths  # a card a finger can use, nothing squeezed
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "tablet.png"), full_page=True)
    finally:
        tablet.close()


def _own_address() -> str | None:
    """This machine's address on its network (not loopback), or None."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def test_a_device_without_the_code_gets_nothing(
    browser: Any,
    game: tuple[str, dict[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A device on another machine sees no ship until it gives the join code. The browser
    comes from this machine's network address, which the server counts as this machine (the
    host's own browser): here it is told that address is not its own, as a phone's is not."""
    import socket

    from sheetgen.serve import play

    monkeypatch.setattr(play, "own_address", lambda host: False)
    import threading
    import time

    import uvicorn

    from sheetgen.serve.app import create_app

    _, made, space = game
    address = _own_address()
    if address is None:
        pytest.skip("no network address besides loopback")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind((address, 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(space, hosts=[address]), log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"http://{address}:{port}/play?game={made['id']}")
        page.locator("#notice.bad").wait_for(timeout=15_000)
        assert "join code" in page.locator("#notice").inner_text()
        assert page.locator('[data-testid="play-ship"]').count() == 0
        # only the join form: none of the game's controls, no empty list of games
        for hidden in ("next-turn", "play-undo", "dice", "range"):
            assert page.get_by_test_id(hidden).is_hidden(), hidden
        assert page.locator("#lobby h2").is_hidden() and page.get_by_test_id("play-log").is_hidden()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "phone-join.png"))
        page.locator("#join-input").fill(made["code"].lower())
        page.locator("#join button").click()
        page.locator('[data-testid="play-ship"]').nth(5).wait_for(timeout=15_000)
        assert page.get_by_test_id("join-code").is_hidden()  # the code is shown on the host's machine only
        # sides own their ships: the host's machine ends the turn; nothing undone to redo
        assert page.get_by_test_id("next-turn").is_disabled()
        assert page.get_by_test_id("play-redo").is_disabled()
    finally:
        context.close()
        server.should_exit = True
        thread.join(10)
        sock.close()
