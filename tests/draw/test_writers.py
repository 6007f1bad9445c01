"""The writers on many segments and labels: chained paths, one text group, same geometry."""

from __future__ import annotations

import itertools
import re
import unicodedata

import pytest

from sheetgen.draw.pdf import to_pdf
from sheetgen.draw.primitives import Drawing, Labels, Lines, Page, Rect, Style, Text
from sheetgen.draw.shaping import visual
from sheetgen.draw.svg import page_to_svg

from tests.conftest import pdf_text
from tests.mapgeom import pdf_paths, svg_paths
from tests.pdffonts import pdf_drawn_strings, pdf_fonts

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


def _text_ops(data: bytes) -> list[tuple[str, object]]:
    """The page's text operators in order: ("BT"/"ET", None), ("Tf", size), ("rg", rgb),
    ("Tj", (x, y, text)) with the text origin in pt."""
    import io

    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(data))
    out: list[tuple[str, object]] = []
    at = (0.0, 0.0)
    for operands, op in ContentStream(reader.pages[0].get_contents(), reader).operations:
        name = op.decode()
        if name in ("BT", "ET"):
            out.append((name, None))
        elif name == "Tf":
            out.append((name, float(operands[1])))
        elif name == "rg":
            out.append((name, tuple(round(float(v), 3) for v in operands)))
        elif name == "Tm":
            at = (round(float(operands[4]), 2), round(float(operands[5]), 2))
        elif name == "Tj":
            out.append((name, (*at, operands[0].get_original_bytes().decode("latin-1"))))
    return out


def test_a_run_of_texts_is_one_text_object_in_drawing_order():
    """Counters draw seven texts a face: consecutive upright texts share one text object
    (font and colour set where they change); a shape between them ends the run, so
    nothing is painted out of order."""
    page = Page(200, 200)
    page.add(
        Text(100, 50, "Arrow", size=8, anchor="middle"),
        Text(10, 80, "5", size=8, fill="#ffffff"),
        Text(190, 80, "3", size=6, anchor="end", fill="#ffffff"),
        Rect(0, 0, 20, 20, Style(stroke=None, fill="#1f4e9c")),
        Text(10, 120, "MP", size=6),
    )
    ops = _text_ops(to_pdf(Drawing("run", [page])))
    kinds = "".join(f" {k}" for k, _ in ops).split(" ET")
    # first run: font and colour set twice each (8 pt black, white, then 6 pt); the
    # rectangle's fill between the runs; the second run alone
    assert [sorted(run.split()) for run in kinds] == [
        sorted(["BT", "rg", "Tf", "Tj", "rg", "Tj", "Tf", "Tj"]),
        sorted(["rg", "BT", "rg", "Tf", "Tj"]),
        [],
    ]
    origins = [v for k, v in ops if k == "Tj"]
    assert [o[2] for o in origins] == ["Arrow", "5", "3", "MP"]  # type: ignore[index]
    from sheetgen.layout.text import text_width

    assert origins[0][:2] == pytest.approx((100 - text_width("Arrow", 8) / 2, 150), abs=0.01)  # type: ignore[index]
    assert origins[1][:2] == pytest.approx((10, 120), abs=0.01)  # type: ignore[index]
    assert origins[2][:2] == pytest.approx((190 - text_width("3", 6), 120), abs=0.01)  # type: ignore[index]
    assert origins[3][:2] == pytest.approx((10, 80), abs=0.01)  # type: ignore[index]


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


# --- right-to-left text: shaped and in display order, the same in both writers ------------------

HEBREW = "עוז (ב)"  # "Oz (B)": reads right to left, brackets mirror
HEBREW_SEEN = "(ב) זוע"  # as it must appear, read left to right on the page
ARABIC = "سفينة"  # "ship": five letters that join


def _rtl_page() -> Drawing:
    page = Page(300, 100)
    page.add(Text(20, 30, HEBREW, size=12))
    page.add(Labels(((150.0, 70.0, ARABIC),), size=12, anchor="middle"))
    return Drawing("rtl", [page])


def test_right_to_left_text_prints_in_display_order_in_the_pdf():
    hebrew, arabic = pdf_drawn_strings(to_pdf(_rtl_page()))
    assert hebrew == HEBREW_SEEN
    # joined: every letter drawn in its presentation form (Unicode's FE70-FEFF block),
    # final form first on the left: seen left to right, the word's last letter leads
    assert all(0xFE70 <= ord(ch) <= 0xFEFF for ch in arabic)
    assert arabic == visual(ARABIC)
    forms = [unicodedata.name(ch).split()[-2] for ch in arabic]
    assert forms == ["FINAL", "MEDIAL", "MEDIAL", "MEDIAL", "INITIAL"]


def test_right_to_left_text_in_the_svg_is_the_same_string_not_reordered_again():
    svg = page_to_svg(_rtl_page().pages[0]).decode()
    texts = re.findall(r"<text([^>]*)>([^<]*)</text>", svg)
    assert [t for _, t in texts] == [HEBREW_SEEN, visual(ARABIC)]
    for attrs, _ in texts:
        assert 'direction="ltr"' in attrs and 'unicode-bidi="bidi-override"' in attrs


def test_left_to_right_text_is_left_alone():
    assert visual("Hammer (2)") == "Hammer (2)"
    assert visual("Zoë") == "Zoë"
    svg = page_to_svg(_drawing().pages[0]).decode()
    assert "bidi-override" not in svg


def test_mixed_text_keeps_its_left_to_right_part_first_and_numbers_unreversed():
    assert visual("HMS עוז 12") == "HMS 12 זוע"
    assert visual("סער 5") == "5 רעס"
