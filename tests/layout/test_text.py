"""Text with the bundled fonts (sheetgen.layout.text): fitting, extents, boxes around a line,
wrapping into lines; and snapping shared corners."""

from __future__ import annotations

import pytest

from sheetgen.draw.primitives import snap
from sheetgen.games.base import CounterFace
from sheetgen.layout.counters import Counter, Duplex, SheetSpec, layout_counter_sheets
from sheetgen.layout.text import (
    fit_caption,
    fit_lines,
    missing_glyph_warning,
    text_box,
    text_extent,
    text_width,
    unit_width,
    wrap_lines,
)

FONT = "SheetCondensed"


def test_unit_width_is_the_width_at_one_point() -> None:
    assert unit_width("Hammer", FONT, True) == text_width("Hammer", 1.0, FONT, True)
    assert unit_width("Hammer", FONT, True) > unit_width("Hammer", FONT, False) > 0


def test_a_short_name_stays_on_one_line_at_the_largest_size() -> None:
    assert fit_lines("Arrow", 40.0, 20.0, 9.0, family=FONT, bold=True) == (["Arrow"], 9.0)


def test_a_long_name_breaks_where_it_prints_largest_and_every_line_fits() -> None:
    name = "Admiral of the Fleet Sir Reginald"
    one = 40.0 / unit_width(name, FONT, True)
    lines, size = fit_lines(name, 40.0, 30.0, 9.0, family=FONT, bold=True)
    assert 2 <= len(lines) <= 3 and " ".join(lines) == name
    assert size > one * 1.12  # more lines only when clearly larger
    assert size == round(size, 2) and size * len(lines) <= 30.0
    assert all(text_width(line, size, FONT, True) <= 40.0 for line in lines)


def test_no_break_where_more_lines_would_print_smaller() -> None:
    # two short words in a wide, low box: two lines would print at half the height
    lines, _ = fit_lines("Red Red", 200.0, 10.0, 9.0, family=FONT, bold=True)
    assert lines == ["Red Red"]
    assert fit_lines("Red Red", 200.0, 10.0, 9.0, family=FONT, bold=True, lines=1)[0] == ["Red Red"]


def test_a_caption_that_fits_prints_at_the_largest_size() -> None:
    assert fit_caption("Convoy", "fronts 1 of 1", 500.0, 6.5, 5.5) == ("Convoy · fronts 1 of 1", 6.5)
    assert fit_caption("", "fronts 1 of 1", 500.0, 6.5, 5.5) == ("fronts 1 of 1", 6.5)


def test_a_caption_shrinks_before_its_head_is_cut() -> None:
    text = "Convoy raid · fronts 1 of 1"
    room = unit_width(text) * 6.0
    caption, size = fit_caption("Convoy raid", "fronts 1 of 1", room, 6.5, 5.5)
    assert caption == text and 5.5 <= size < 6.5 and text_width(caption, size) <= room


def test_a_long_caption_head_is_cut_at_a_word_with_an_ellipsis() -> None:
    head = "The Battle of the Outer Rim Approaches, Revised"
    room = text_width("The Battle of the Outer… · backs 1 of 2", 5.5) + 0.1
    caption, size = fit_caption(head, "backs 1 of 2", room, 6.5, 5.5)
    assert (caption, size) == ("The Battle of the Outer… · backs 1 of 2", 5.5)
    # no room for any head: the tail alone, shrunk if it must be
    tail, size = fit_caption(head, "backs 1 of 2", 20.0, 6.5, 5.5)
    assert tail == "backs 1 of 2" and text_width(tail, size) <= 20.0


def test_missing_glyph_warning_names_each_character_and_where() -> None:
    line = missing_glyph_warning("大和", "the caption 'x'", FONT, True)
    assert line is not None
    assert "'大' (U+5927)" in line and "'和' (U+548C)" in line and "in the caption 'x'" in line
    assert missing_glyph_warning("Адмирал Αθηνά", "a name", FONT, True) is None


def test_snap_rounds_to_ten_thousandths_of_a_point() -> None:
    assert snap((0.1 + 0.2, 72.000049)) == (0.3, 72.0)
    assert snap((1.23456, 2.0), 3) == (1.235, 2.0)
    assert snap((0.1 + 0.2, 0.0)) == snap((0.3, 0.0))


@pytest.mark.parametrize("mode", list(Duplex))
def test_duplex_modes_and_their_values_lay_out_alike(mode: Duplex) -> None:
    assert Duplex(mode.value) is mode and mode == mode.value

    counters = [Counter(CounterFace("Arrow"), CounterFace("Arrow"), "#1f4e9c")]
    by_member = layout_counter_sheets(counters, SheetSpec(duplex=mode))
    by_value = layout_counter_sheets(counters, SheetSpec(duplex=mode.value))  # type: ignore[arg-type]
    assert by_member.placements == by_value.placements
    assert by_member.drawing == by_value.drawing


def test_extent_scales_with_the_size():
    ascent, descent = text_extent(10.0)
    assert 6.0 < ascent < 10.0 and 1.0 < descent < 4.0
    assert text_extent(20.0) == pytest.approx((2 * ascent, 2 * descent))
    assert text_extent(10.0, bold=True)[0] > 0


def test_box_follows_the_anchor_and_the_turn():
    w = text_width("B3", 8.0, bold=True)
    ascent, descent = text_extent(8.0, bold=True)
    middle = text_box(100.0, 50.0, "B3", 8.0, "middle", bold=True)
    assert middle == pytest.approx((100 - w / 2, 50 - ascent, 100 + w / 2, 50 + descent))
    start = text_box(100.0, 50.0, "B3", 8.0, "start", bold=True)
    end = text_box(100.0, 50.0, "B3", 8.0, "end", bold=True)
    assert start[0] == pytest.approx(100.0) and end[2] == pytest.approx(100.0)
    # reading downwards the line's top faces right; reading upwards it faces left
    down = text_box(100.0, 50.0, "B3", 8.0, "middle", bold=True, rotate=90)
    assert down == pytest.approx((100 - descent, 50 - w / 2, 100 + ascent, 50 + w / 2))
    up = text_box(100.0, 50.0, "B3", 8.0, "middle", bold=True, rotate=-90)
    assert up == pytest.approx((100 - ascent, 50 - w / 2, 100 + descent, 50 + w / 2))


def test_wrapping_keeps_a_lone_letter_with_its_word():
    lines, widest = wrap_lines("Player A set-up zone", 2, bold=True)
    assert lines == ("Player A", "set-up zone")
    assert widest == pytest.approx(max(text_width(line, 1.0, bold=True) for line in lines))
    assert wrap_lines("Player A set-up zone", 4) == (
        ("Player", "A", "set-up", "zone"),
        pytest.approx(text_width("set-up", 1.0)),
    )
    assert wrap_lines("Two words", 3) is None


# --- right-to-left text: measured as drawn ------------------------------------------------------


def test_right_to_left_text_is_measured_after_shaping() -> None:
    from reportlab.pdfbase import pdfmetrics

    from sheetgen.draw.shaping import visual

    ship = "سفينة"  # joined, the five letters print narrower than side by side
    drawn = visual(ship)
    assert drawn != ship and len(drawn) == 5
    assert text_width(ship, 10) == pytest.approx(pdfmetrics.stringWidth(drawn, "SheetSans", 10))
    assert text_width(ship, 10) < pdfmetrics.stringWidth(ship, "SheetSans", 10) * 0.7
    # a lam-alef pair is one ligature glyph
    assert visual("لا") == "\ufefb"


def test_hebrew_and_arabic_have_glyphs_and_a_script_the_fonts_lack_is_warned_of() -> None:
    assert missing_glyph_warning("עוז", "x") is None
    assert missing_glyph_warning("سفينة", "x", "SheetCondensed", bold=True) is None
    syriac = missing_glyph_warning("ܫܠܡܐ", "the name 'ܫܠܡܐ'")  # Syriac: right to left, no glyphs
    assert syriac is not None and "U+072B" in syriac


def test_printable_ascii_is_in_every_face_so_its_check_needs_no_font() -> None:
    """missing_glyphs answers ASCII without reading a font (issue 13: the check cost
    ~0.25 s a run); the answer is the one the fonts' own character maps give."""
    from reportlab.pdfbase import pdfmetrics

    from sheetgen.draw.fonts import font_name, register_fonts
    from sheetgen.layout.text import missing_glyphs

    register_fonts()
    ascii_text = "".join(chr(c) for c in range(32, 127))
    for family in ("SheetSans", "SheetCondensed"):
        for bold in (False, True):
            cmap = pdfmetrics.getFont(font_name(family, bold)).face.charToGlyph
            assert {ch for ch in ascii_text if ord(ch) not in cmap} == set()
            assert missing_glyphs(ascii_text, family, bold=bold) == set()
    assert missing_glyphs("A\x07B") == {"\x07"}
