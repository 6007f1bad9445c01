"""The designer's Undo/Redo pair at phone width (390x844) in Chromium: it wraps under the design's
title instead of running past its card's edge (before: Redo's right edge 383.7 px, the card's
377.2 px). The screenshot goes to ``output/serve/phone-history.png`` (look at it)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.serve.test_browser import CHROMIUM, SHOTS, _serving

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


def test_undo_and_redo_stay_inside_the_design_card_on_a_phone(browser: Any, tmp_path: Path) -> None:
    (tmp_path / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", tmp_path / "ships" / "warden.yaml")
    with _serving(tmp_path) as address:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
        )
        try:
            page = context.new_page()
            page.goto(address)
            page.wait_for_selector("body[data-ready=yes]")
            page.get_by_test_id("files").select_option("ships/warden.yaml")
            page.get_by_test_id("verdict").filter(has_text="legal").wait_for(timeout=15_000)
            card = page.locator(".editor-pane").bounding_box()
            assert card is not None
            for name in ("undo", "redo"):
                box = page.get_by_test_id(name).bounding_box()
                assert box is not None
                assert card["x"] <= box["x"] and box["x"] + box["width"] <= card["x"] + card["width"], (
                    name,
                    box,
                    card,
                )
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(
                path=str(SHOTS / "phone-history.png"), clip={"x": 0, "y": 0, "width": 390, "height": 300}
            )
        finally:
            context.close()
