"""The writers on many segments and labels: chained paths, one text group, same geometry."""

from __future__ import annotations

import itertools
import re

import pytest

from sheetgen.draw.pdf import to_pdf
from sheetgen.draw.primitives import Drawing, Labels, Lines, Page
from sheetgen.draw.svg import page_to_svg

from tests.conftest import pdf_text
from tests.mapgeom import pdf_paths, svg_paths
from tests.pdffonts import pdf_fonts

ZIGZAG = ((10.0, 10.0), (20.0, 30.0), (30.0, 10.0), (40.0, 30.0))


def _drawing() -> Drawing:
    chain = tuple(itertools.pairwise(ZIGZAG))
    apart = (((100.0, 100.0), (150.0, 100.0)),)
    page = Page(200, 200)
    page.add(Lines(chain + apart))
    page.add(Labels(((50.0, 60.0, "0101"), (80.0, 60.0, "A<B&C")), size=8, anchor="middle"))
    return Drawing("bulk", [page])


def test_pdf_lines_keep_their_segments_and_chain_them():
    data = to_pdf(_drawing())
    (path,) = [p for p in pdf_paths(data) if p]
    assert path == [
        ((10.0, 10.0), (20.0, 30.0)),
        ((20.0, 30.0), (30.0, 10.0)),
        ((30.0, 10.0), (40.0, 30.0)),
        ((100.0, 100.0), (150.0, 100.0)),
    ]
    import io

    from pypdf import PdfReader

    stream = PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data().decode("latin-1")
    assert stream.count(" m\n") + stream.count(" m ") == 2  # one move for the chain, one for the lone segment


def test_svg_lines_chain_too():
    svg = page_to_svg(_drawing().pages[0])
    (d,) = re.findall(rb'<path d="([^"]*)"', svg)
    assert d == b"M10 10L20 30L30 10L40 30M100 100L150 100"
    assert svg_paths(svg)[0][3] == ((100.0, 100.0), (150.0, 100.0))


def test_labels_in_the_pdf_are_text_centred_on_their_point():
    data = to_pdf(_drawing())
    assert "0101" in pdf_text(data)[0] and "A<B&C" in pdf_text(data)[0]
    import io

    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    from sheetgen.layout.text import text_width

    reader = PdfReader(io.BytesIO(data))
    ops = ContentStream(reader.pages[0].get_contents(), reader).operations
    origins, at = [], None
    for operands, op in ops:
        if op == b"Tm":
            at = (float(operands[4]), float(operands[5]))
        elif op == b"Tj":
            origins.append(at)
    assert origins == [
        pytest.approx((50 - text_width("0101", 8) / 2, 200 - 60), abs=0.01),
        pytest.approx((80 - text_width("A<B&C", 8) / 2, 200 - 60), abs=0.01),
    ]


def test_labels_in_the_svg_are_one_group_escaped():
    svg = page_to_svg(_drawing().pages[0]).decode()
    group = re.search(r"<g [^>]*>(.*?)</g>", svg)
    assert group is not None
    assert 'text-anchor="middle"' in group.group(0) and "DejaVu Sans" in group.group(0)
    assert group.group(1) == '<text x="50" y="60">0101</text><text x="80" y="60">A&lt;B&amp;C</text>'


def test_pdf_streams_are_flate_only_and_the_setting_is_restored():
    from reportlab import rl_config

    before = rl_config.useA85
    data = to_pdf(_drawing())
    assert b"ASCII85Decode" not in data
    assert rl_config.useA85 == before


def test_every_font_in_a_drawn_pdf_is_embedded(invoke, tmp_path):
    """Issue 12: no font named without its program (ReportLab's page preamble used to
    name an unused, unembedded Helvetica)."""
    for command, args in (
        ("counters", ["designs/kill-radius/scenarios/border-clash.yaml"]),
        ("map", ["--scenario", "designs/starfire/scenarios/convoy-raid.yaml"]),
        ("map", []),
    ):
        out = tmp_path / f"{command}-{len(args)}.pdf"
        r = invoke(command, *args, "-o", str(out))
        assert r.exit_code == 0, r.stderr
        fonts = pdf_fonts(out)
        assert fonts
        assert [name for name, program in fonts if program is None] == [], (command, args)
        assert not any("Helvetica" in name for name, _ in fonts)
    assert all(program for _, program in pdf_fonts(to_pdf(_drawing())))
