"""Tables as lines of text (sheetgen/render/textgrid.py): the places computed from the fonts'
widths are where WeasyPrint prints the text, read back from the PDF."""

from __future__ import annotations

import pytest

from sheetgen.layout.text import text_width
from sheetgen.render import textgrid
from sheetgen.render.textgrid import Cell


@pytest.mark.parametrize("em", [0.2, 0.37, 0.5, 1.0, 1.234, 2.9, 3.01, 7.77])
def test_spaces_come_within_two_hundredths_of_an_em_of_the_width(em: float) -> None:
    run = textgrid.spaces(em)
    assert abs(textgrid.width(run) - em) <= 0.02
    assert set(run) <= set("\u2003\u2002\u2004\u2005\u205f\u2009\u2006\u200a")


def test_no_width_no_spaces() -> None:
    assert textgrid.spaces(0) == "" and textgrid.spaces(-1) == ""


def test_columns_share_the_room_in_proportion_to_their_widest_cell() -> None:
    rows = [[("4", False), ("Proton Battery", True)], [("12", False), ("X", False)]]
    a, b = text_width("12", 1), text_width("Proton Battery", 1, bold=True)
    widths = textgrid.column_widths(rows, room=40, pad=0.3)
    assert sum(widths) == pytest.approx(40)
    assert widths[0] / widths[1] == pytest.approx((a + 0.6) / (b + 0.6))


def test_a_table_too_wide_gets_columns_between_longest_word_and_widest_cell() -> None:
    rows = [[("alpha beta gamma", False), ("delta epsilon", False)]]
    widths = textgrid.column_widths(rows, room=8, pad=0.0)
    assert sum(widths) == pytest.approx(8)
    assert widths[0] >= text_width("gamma", 1) and widths[1] >= text_width("epsilon", 1)


def test_wrap_keeps_each_line_in_its_room() -> None:
    lines = textgrid.wrap("one repair roll every 3 turns on turn", 8)
    assert len(lines) > 1 and " ".join(lines) == "one repair roll every 3 turns on turn"
    assert all(textgrid.width(x) <= 8 for x in lines)


def test_cells_print_where_the_widths_place_them() -> None:
    """At 7 pt, each cell's first character starts within 0.02 pt of its computed place
    (left, centred and right, regular and bold), read back from WeasyPrint's PDF."""
    import pypdfium2

    from sheetgen.render.html import html_to_pdf

    cells = [
        Cell("4", 0.3, 1.8, "center"),
        Cell("PB", 2.4, 12.0, "left", bold=True),
        Cell("1,800,000", 14.7, 10.0, "center"),
        Cell("ADF 30 · 20 t", 25.0, 12.0, "right"),
        Cell("AVATAR", 38.0, 9.0, "center", bold=True),
    ]
    body = textgrid.line(cells)
    html = (
        "<html><head><style>@page { margin: 0 } body { margin: 0 }"
        ".tg { font: 7pt SheetSans; white-space: pre; font-kerning: none; font-variant-ligatures: none }"
        f"</style></head><body><div class='tg'>{body}</div></body></html>"
    )
    doc = pypdfium2.PdfDocument(html_to_pdf(html, base_url=".").data)
    try:
        page = doc[0].get_textpage()
        chars = [
            (page.get_text_range(i, 1), page.get_charbox(i, loose=True)[0]) for i in range(page.count_chars())
        ]
    finally:
        doc.close()
    text = "".join(c for c, _ in chars)
    for cell in cells:
        at = text.find(cell.text)
        w = textgrid.width(cell.text, bold=cell.bold)
        room = cell.width - w
        want = cell.x + {"left": 0.0, "center": room / 2, "right": room}[cell.align]
        assert chars[at][1] == pytest.approx(want * 7, abs=0.15), cell.text


def test_rules_draw_every_column_and_row_edge() -> None:
    import urllib.parse

    css = str(textgrid.rules([2.0, 3.0], [1.4, 1.4], shaded={0: "#e6e6e6"}))
    svg = urllib.parse.unquote(css[len('url("data:image/svg+xml,') : -2])
    assert "viewBox='0 0 500 280'" in svg and "fill='#e6e6e6'" in svg
    assert svg.count("V") == 2 * 3 and svg.count("H") == 3  # 3 vertical rules a row, 3 horizontal


def test_between_sets_two_texts_at_a_line_s_ends_only_when_they_fit() -> None:
    from sheetgen.render.textgrid import between, spaces, width

    gap = between(10.0, 3.0, 4.0, 1.0)
    assert gap == spaces(2.98) and abs(width(gap) - 2.98) < 0.001  # 0.02 em short of the room
    assert between(10.0, 5.0, 4.0, 1.0) is None  # 10 em of text and gap: not with 0.1 em spare
    assert between(10.0, 4.91, 4.0, 1.0) is None
    assert between(10.0, 4.89, 4.0, 1.0) is not None
