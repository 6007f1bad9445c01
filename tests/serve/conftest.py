"""Fixtures the designer's browser test modules share (the one ``browser`` is in tests/conftest.py)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def arrow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The designer served over a workspace of its own (one a test module) holding Starfire's
    Arrow as ``ships/arrow.yaml``: its address."""
    from tests.conftest import DESIGNS
    from tests.serve.test_browser import _serving

    root = tmp_path_factory.mktemp("arrow")
    (root / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", root / "ships" / "arrow.yaml")
    with _serving(root) as address:
        yield address


@pytest.fixture
def arrow_page(browser: Any, arrow_server: str) -> Iterator[Any]:
    """A laptop-sized (1280x720) page of :func:`arrow_server`'s designer, ready to use."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(arrow_server)
    page.wait_for_selector("body[data-ready=yes]")
    yield page
    context.close()
