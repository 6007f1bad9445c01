"""A process that only prints HTML (a print worker given its documents) loads no more of
sheetgen than printing needs: measuring text (sheetgen.layout.text, the fonts' metrics) is
loaded only when a warning names a character the fonts lack."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

SCRIPT = """
import sys
from sheetgen.render.html import html_to_pdf
html_to_pdf("<html><head><style>p { font-family: SheetSans; }</style></head><body><p>{text}</p></body></html>")
print(sorted(m for m in ("sheetgen.layout.text", "sheetgen.draw.fontmetrics") if m in sys.modules))
"""


def _loaded(text: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.replace("{text}", text)],
        cwd=ROOT,
        env={**os.environ, "SHEETGEN_CACHE": "off"},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def test_printing_loads_no_text_measuring() -> None:
    assert _loaded("Arrow") == "[]"


def test_a_missing_glyph_warning_loads_it() -> None:
    assert _loaded("大和") == "['sheetgen.draw.fontmetrics', 'sheetgen.layout.text']"
