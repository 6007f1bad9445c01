"""Knight Hawks 2000 weapons on the play page at phone size (390x844) in a real Chromium: each
card's weapons table shows the server's final to hit and chance (docs/play.md), and the bar's
Target fields (ABM salvos, shielding) ask the server again; the screenshot goes to
``output/play/kh-phone.png`` (look at it)."""

from __future__ import annotations

import json
import shutil
import urllib.request
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


def test_phone_shows_knight_hawks_odds_and_the_target_changes_them(tmp_path: Path, browser: Any) -> None:
    shutil.copytree(DESIGNS / "knight-hawks-2000", tmp_path / "knight-hawks-2000")
    with serving(tmp_path) as port:
        base = f"http://127.0.0.1:{port}"
        request = urllib.request.Request(
            f"{base}/api/play",
            data=json.dumps({"scenario": "knight-hawks-2000/scenarios/flank-action.yaml"}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request) as answer:
            made = json.load(answer)
        phone = browser.new_context(
            viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
        )
        try:
            page = phone.new_page()
            page.goto(f"{base}/play?game={made['id']}")
            exalted = page.locator('[data-testid="play-ship"][data-ship="Exalted"]')
            pb = exalted.get_by_test_id("weapons").locator("tr", has_text="PB")
            pb.wait_for(timeout=15_000)
            assert "46%" in pb.inner_text()  # 1/2 DEX 52 + 10 x Gunner 2, nothing against it
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "kh-phone.png"), full_page=False)
            # the damage example: shielding and two ABM salvos take it to -54 %, 01-05 only (5 %)
            page.locator("#target-abm").fill("2")
            page.locator("#target-abm").dispatch_event("change")
            page.locator("#target-shielding").check()
            page.wait_for_function(
                "() => [...document.querySelectorAll('[data-ship=\"Exalted\"] tr')]"
                ".some((r) => r.textContent.includes('-54%'))",
                timeout=15_000,
            )
            assert "5%" in pb.inner_text()
            # measured in one go in the page (a live update may redraw the cards between two reads)
            edges = page.eval_on_selector_all(
                '[data-testid="play-ship"]',
                "cards => cards.map((c) => [c.getBoundingClientRect().left, c.getBoundingClientRect().right])",
            )
            assert edges and all(left >= 0 and right <= 390 for left, right in edges), edges
            exalted.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "kh-phone-target.png"), full_page=False)
        finally:
            phone.close()
