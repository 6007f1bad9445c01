"""Text blocks with the bundled fonts: extents, boxes around a line, wrapping into lines."""

from __future__ import annotations

import pytest

from sheetgen.layout.text import text_box, text_extent, text_width, wrap_lines


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
