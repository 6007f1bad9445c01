"""Shared test helpers: the CLI runner, paths of the shipped designs, PDF reading."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sheetgen.cli import app

ROOT = Path(__file__).resolve().parent.parent
DESIGNS = ROOT / "designs"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def invoke(runner: CliRunner) -> Callable[..., object]:
    """Run ``sheetgen ARGS`` in-process; returns the click Result (exit_code, stdout, stderr)."""

    def run(*args: str) -> object:
        return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)

    return run


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write ``text`` to ``tmp_path/name`` and return the path."""

    def put(name: str, text: str) -> Path:
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        return p

    return put


def pdf_text(path: Path | bytes) -> list[str]:
    """The text of each page of a PDF (pypdf)."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(path) if isinstance(path, bytes) else str(path))
    return [page.extract_text() or "" for page in reader.pages]


def pdf_page_sizes(path: Path | bytes) -> list[tuple[float, float]]:
    """(width, height) in pt of each page's media box (pypdf)."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(path) if isinstance(path, bytes) else str(path))
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
