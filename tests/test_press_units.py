"""The press conversion itself (:mod:`sheetgen.render.press`): black text, grey in black
ink alone, the profile it needs, and ``--press`` refused where it cannot apply."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from sheetgen.render import press

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"


def _sample() -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, 100))
    canvas.setFillColorRGB(0.2, 0.2, 0.2)  # #333: dark grey text
    canvas.drawString(10, 50, "Hammer")
    canvas.rect(10, 10, 20, 20, fill=1)
    canvas.setFillColorRGB(0.12, 0.31, 0.61)  # a side's blue
    canvas.rect(40, 10, 20, 20, fill=1)
    canvas.save()
    return out.getvalue()


def _ops(data: bytes) -> list[tuple[list[object], bytes]]:
    reader = PdfReader(io.BytesIO(data))
    return ContentStream(reader.pages[0].get_contents(), reader).operations


def test_greys_are_black_ink_alone_and_colours_go_through_the_profile() -> None:
    assert press.cmyk(0.2, 0.2, 0.2) == (0.0, 0.0, 0.0, 0.8)
    assert press.cmyk(1.0, 1.0, 1.0) == (0.0, 0.0, 0.0, 0.0)
    c, m, y, _k = press.cmyk(0.12, 0.31, 0.61)
    assert c > m > y  # a blue is mostly cyan


def test_dark_grey_text_is_shown_in_100_percent_black() -> None:
    ops = _ops(press.to_press(_sample(), title="t"))
    assert not {op for _, op in ops} & {b"rg", b"RG", b"g", b"G"}
    shown = [k for k, (_, op) in enumerate(ops) if op == b"Tj"]
    fills = [(k, [float(v) for v in args]) for k, (args, op) in enumerate(ops) if op == b"k"]
    before = [f for k, f in fills if k < shown[0]][-1]
    assert before == [0, 0, 0, 1]  # the text: black ink only, 100 %
    after = [f for k, f in fills if k > shown[0]]
    assert after[0] == [0, 0, 0, 0.8]  # the grey comes back for the square drawn after it


def test_press_without_a_cmyk_profile_is_one_line_and_no_file(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(press, "PROFILE", tmp_path / "none.icc")
    out = tmp_path / "c.pdf"
    result = invoke("counters", ARROW, "--press", "-o", out)
    assert result.exit_code == 2 and not out.exists()
    assert result.stderr.strip().splitlines() == [
        f"sheetgen: error: --press needs its CMYK profile none.icc, missing from {tmp_path}; reinstall sheetgen"
    ]


def test_press_counters_are_svg_refused(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("counters", ARROW, "--press", "-o", tmp_path / "c.svg")
    assert result.exit_code == 2
    assert result.stderr.strip() == "sheetgen: error: --press writes PDF: give -o FILE.pdf"


def test_press_counters_keep_their_size_with_an_eighth_inch_bleed(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    assert invoke("counters", ARROW, "--press", "-o", out).exit_code == 0
    reader = PdfReader(out)
    assert [float(v) for v in reader.pages[0]["/TrimBox"]] == [0, 0, 612, 792]
    ops = ContentStream(reader.pages[0].get_contents(), reader).operations
    sizes = {(round(float(a[2]), 2), round(abs(float(a[3])), 2)) for a, op in ops if op == b"re"}
    assert (63.0, 63.0) in sizes  # the art: 5/8 in and 1/8 in bleed each side
    (die,) = [[float(v) for v in args] for args, op in ops if op == b"re" and float(args[2]) == 45.0]
    assert die[2:] == [45.0, 45.0]
