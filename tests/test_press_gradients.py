"""Gradients in press files (issue 27): WeasyPrint draws CSS gradients (the crossed-off
boxes of a damaged Knight Hawks or Space Cruisers ship's sheet) as RGB shadings inside
tiling patterns, with soft masks and transparency groups for their clear parts. A press
file makes them CMYK too: no DeviceRGB is left anywhere in it. PDF/X-1a takes an opaque
gradient and refuses, in one line, one with clear parts (transparency)."""

from __future__ import annotations

import io
import subprocess
from typing import Any

import pytest
from pypdf import PdfReader

from sheetgen.render import press

CROSSED = (
    "<div style='width: 40px; height: 40px; border: 1px solid #111; background-image: "
    "linear-gradient(to top right, transparent 46%, #111 46%, #111 54%, transparent 54%), "
    "linear-gradient(to top left, transparent 46%, #1a3d8f 46%, #1a3d8f 54%, transparent 54%)'></div>"
)
OPAQUE = "<div style='width: 40px; height: 40px; background-image: linear-gradient(#c0504d, #3b6fb6)'></div>"


def _pdf(html: str) -> bytes:
    from weasyprint import HTML

    data = HTML(string=html).write_pdf()
    assert data is not None
    return data


def _rgb_anywhere(data: bytes) -> int:
    """How many times DeviceRGB is named anywhere in the PDF's objects."""
    reader = PdfReader(io.BytesIO(data))
    seen: set[int] = set()
    found = 0

    def walk(obj: Any) -> None:
        nonlocal found
        if hasattr(obj, "idnum"):
            if obj.idnum in seen:
                return
            seen.add(obj.idnum)
            obj = obj.get_object()
        if isinstance(obj, dict):
            for key, value in obj.items():
                found += value == "/DeviceRGB"
                if key != "/Parent":
                    walk(value)
        elif isinstance(obj, list):
            for value in obj:
                found += value == "/DeviceRGB"
                walk(value)

    walk(reader.trailer["/Root"])
    return found


@pytest.mark.parametrize("html", [CROSSED, OPAQUE], ids=["crossed", "opaque"])
def test_gradients_are_cmyk_in_a_press_file(html: str, tmp_path: Any) -> None:
    data = _pdf(html)
    assert _rgb_anywhere(data) > 0  # WeasyPrint's gradient: RGB shadings and blending
    pressed = press.to_press(data, title="t")
    assert _rgb_anywhere(pressed) == 0
    out = tmp_path / "p.pdf"
    out.write_bytes(pressed)
    done = subprocess.run(
        ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == done.stderr == "", done.stdout + done.stderr


def test_x1a_takes_an_opaque_gradient_and_refuses_a_clear_one() -> None:
    x1a = press.to_press(_pdf(OPAQUE), title="t", standard="x1a")
    assert _rgb_anywhere(x1a) == 0
    assert b"/Transparency" not in x1a  # WeasyPrint's inert transparency group, dropped
    with pytest.raises(press.PressError) as caught:
        press.to_press(_pdf(CROSSED), title="t", standard="x1a")
    assert str(caught.value).startswith("PDF/X-1a allows no transparency, and page 1 has ")
    assert str(caught.value).endswith(": use PDF/X-4")
