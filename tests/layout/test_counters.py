"""Counter layout (sheetgen.layout.counters) measured on the written PDF and SVG.

Counters are matched front to back by giving every counter its own colour;
geometry is read back from the output (pypdf content streams, SVG attributes,
pypdfium2 glyph boxes and pixels), never taken from the options passed.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from sheetgen.core.units import PAPER_SIZES
from sheetgen.draw.pdf import to_pdf
from sheetgen.draw.primitives import Rect, Text
from sheetgen.draw.svg import to_svg_pages
from sheetgen.games.base import CounterFace
from sheetgen.games.starfire import GAME as STARFIRE
from sheetgen.hexgrid import Hex, Layout
from sheetgen.layout.counters import (
    MARGIN,
    NEUTRAL,
    Counter,
    CounterError,
    MarkerFace,
    SheetSpec,
    counter_size_for_hex,
    format_size,
    kit_counter_size,
    largest_counter_for_hex,
    layout_counter_sheets,
    marker_counters,
    marker_fill,
    scenario_counters,
    ship_counters,
)
from sheetgen.scenarios.loading import load_designs
from sheetgen.scenarios.scenario import load_scenario

from tests.pdf_geometry import ink_box, pdf_shapes, rgb, svg_polygons, svg_rects, svg_size
from tests.standin_game import GAME as STAND_IN
from tests.standin_game import StandInStats

ROOT = Path(__file__).resolve().parents[2]
SHIPS = ROOT / "designs" / "starfire" / "ships"
SCENARIO = ROOT / "designs" / "starfire" / "scenarios" / "small-task-groups.yaml"


def hammer() -> object:
    return load_designs([SHIPS / "destroyer-hammer.yaml"]).entries[0].stats


def coloured(n: int, *, game: object = STARFIRE, stats: object = None) -> list[Counter]:
    """``n`` ship counters, each in its own colour (#100000, #100001, ...)."""
    stats = stats if stats is not None else hammer()
    out = []
    for i in range(n):
        out += ship_counters(game, stats, colour=f"#10{i // 256:02x}{i % 256:02x}", side="Blue")  # type: ignore[arg-type]
    return out


def colour_of(i: int) -> str:
    return f"#10{i // 256:02x}{i % 256:02x}"


# ------------------------------------------------------------------ edge size on paper


@pytest.mark.parametrize(
    ("size", "expected"),
    [(36.0, 36.0), (45.0, 45.0), (54.0, 54.0), (72.0, 72.0), (20 * 72 / 25.4, 56.6929)],
)
def test_counter_edge_measured_in_pdf(size: float, expected: float) -> None:
    sheets = layout_counter_sheets(coloured(3), SheetSpec(size=size))
    pages = pdf_shapes(to_pdf(sheets.drawing))
    for i in range(3):
        for page in pages[:2]:
            (rect,) = page.filled(colour_of(i))
            assert rect.w == pytest.approx(expected, abs=0.001)
            assert rect.h == pytest.approx(expected, abs=0.001)
    # neighbours touch: the second counter starts one edge to the right of the first
    first, second = pages[0].filled(colour_of(0))[0], pages[0].filled(colour_of(1))[0]
    assert second.x - first.x == pytest.approx(expected, abs=0.001)


def test_counter_edge_measured_in_svg() -> None:
    sheets = layout_counter_sheets(coloured(2), SheetSpec(size=54.0, paper="a4"))
    front = to_svg_pages(sheets.drawing)[0]
    assert svg_size(front) == ("595.276pt", "841.89pt", "0 0 595.276 841.89")
    (rect,) = svg_rects(front, colour_of(1))
    assert rect[2:] == (54.0, 54.0)
    (first,) = svg_rects(front, colour_of(0))
    assert rect[0] - first[0] == pytest.approx(54.0, abs=0.001)


def test_bleed_extends_colour_beyond_the_cut_line_and_gutter_separates() -> None:
    bleed = 72 / 16
    sheets = layout_counter_sheets(coloured(2), SheetSpec(size=45.0, bleed=bleed, gutter=18.0))
    page = pdf_shapes(to_pdf(sheets.drawing))[0]
    a, b = page.filled(colour_of(0))[0], page.filled(colour_of(1))[0]
    assert a.w == pytest.approx(45 + 2 * bleed, abs=0.001)
    # cut lines: the stroked square around counter 0 is the counter's edge, 45 pt
    xs = sorted({round(p[0], 3) for seg in page.strokes for p in seg if a.y < p[1] < a.y + a.h})
    assert a.x + bleed in xs and a.x + bleed + 45 in xs
    # edge to edge across the gutter: 18 pt
    assert (b.x + bleed) - (a.x + bleed + 45) == pytest.approx(18.0, abs=0.001)


def test_gutter_defaults_to_twice_the_bleed_and_cannot_be_narrower() -> None:
    assert SheetSpec(bleed=4.5).gap == 9.0
    with pytest.raises(CounterError, match="at least twice the bleed"):
        layout_counter_sheets(coloured(1), SheetSpec(bleed=4.5, gutter=4.0))


def test_counter_larger_than_the_page_is_refused_with_the_largest_that_fits() -> None:
    with pytest.raises(CounterError) as info:
        layout_counter_sheets(coloured(1), SheetSpec(size=9 * 72.0))
    assert "do not fit on letter paper" in str(info.value)
    assert "is 7 1/2 in" in str(info.value)  # 612 pt - 2 x 36 pt margins
    assert "\n" not in str(info.value)


def test_block_is_centred_and_fills_the_page() -> None:
    sheets = layout_counter_sheets(coloured(1), SheetSpec(size=45.0))
    # letter: 540 pt between the margins = 12 counters of 45 pt, 720 pt = 16 rows
    assert (sheets.cols, sheets.rows) == (12, 16)
    assert sheets.origin == (MARGIN, MARGIN)
    a4 = layout_counter_sheets(coloured(1), SheetSpec(size=45.0, paper="a4"))
    width = PAPER_SIZES["a4"][0]
    assert a4.cols == 11
    assert a4.origin[0] == pytest.approx((width - 11 * 45) / 2)


# ------------------------------------------------------------------ duplex: backs behind fronts


def behind(page_w: float, page_h: float, duplex: str, x: float, y: float) -> tuple[float, float]:
    """Where a point of the back page lies on the front page once the sheet is
    turned over: about the long (vertical) edge, or about the short edge."""
    return (page_w - x, y) if duplex == "long" else (x, page_h - y)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front(duplex: str) -> None:
    n = 30  # more than a row, so rows and columns both move
    sheets = layout_counter_sheets(coloured(n), SheetSpec(size=54.0, duplex=duplex))  # type: ignore[arg-type]
    front, back = pdf_shapes(to_pdf(sheets.drawing))
    for i in range(n):
        (f,) = front.filled(colour_of(i))
        (b,) = back.filled(colour_of(i))
        corners = [
            behind(back.width, back.height, duplex, x, y) for x in (b.x, b.x + b.w) for y in (b.y, b.y + b.h)
        ]
        assert min(c[0] for c in corners) == pytest.approx(f.x, abs=0.001)
        assert min(c[1] for c in corners) == pytest.approx(f.y, abs=0.001)
        assert (b.w, b.h) == (f.w, f.h)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_arrow_points_at_the_same_edge_as_the_front_arrow(duplex: str) -> None:
    # Turned over, the back's arrow lies exactly behind the front's: a counter
    # turned over about its arrow keeps its facing.
    sheets = layout_counter_sheets(coloured(3), SheetSpec(size=45.0, duplex=duplex))  # type: ignore[arg-type]
    front, back = pdf_shapes(to_pdf(sheets.drawing))
    white = rgb("#ffffff")
    f_arrows = [p for p, fill in front.polygons if fill == white]
    b_arrows = [p for p, fill in back.polygons if fill == white]
    assert len(f_arrows) == len(b_arrows) == 3
    for arrow in f_arrows:
        apex = min(arrow, key=lambda p: p[1])
        (f,) = [r for r in front.rects if r.x <= apex[0] <= r.x + r.w and r.y <= apex[1] <= r.y + r.h]
        assert apex[1] - f.y == pytest.approx(0.06 * 45, abs=0.01)  # near the top edge
        turned = [[behind(back.width, back.height, duplex, *p) for p in b] for b in b_arrows]
        match = [t for t in turned if min(t, key=lambda p: p[1]) == pytest.approx(apex, abs=0.001)]
        assert len(match) == 1


def test_short_edge_backs_are_turned_and_long_edge_backs_upright() -> None:
    for duplex, turned in (("long", False), ("short", True)):
        sheets = layout_counter_sheets(coloured(2), SheetSpec(duplex=duplex))  # type: ignore[arg-type]
        texts = [t for t in sheets.drawing.pages[1].items if getattr(t, "text", None) == "Hammer"]
        assert texts and all((t.rotate == 180) is turned for t in texts)  # type: ignore[union-attr]
        assert all(p.back_turned is turned for p in sheets.placements)


def test_back_offset_moves_backs_and_their_registration_marks_only() -> None:
    plain = layout_counter_sheets(coloured(2), SheetSpec(duplex="long"))
    dx, dy = 72 / 25.4, -0.5 * 72 / 25.4
    shifted = layout_counter_sheets(coloured(2), SheetSpec(duplex="long", back_offset=(dx, dy)))
    p0, p1 = (pdf_shapes(to_pdf(s.drawing)) for s in (plain, shifted))
    for i in range(2):
        assert p1[1].filled(colour_of(i))[0].x - p0[1].filled(colour_of(i))[0].x == pytest.approx(
            dx, abs=0.001
        )
        assert p1[1].filled(colour_of(i))[0].y - p0[1].filled(colour_of(i))[0].y == pytest.approx(
            dy, abs=0.001
        )
        assert p1[0].filled(colour_of(i))[0] == p0[0].filled(colour_of(i))[0]

    def arms(page: object) -> list[tuple[float, ...]]:
        return sorted(
            (*a, *b)
            for a, b in page.strokes  # type: ignore[attr-defined]
            if abs(math.dist(a, b) - 12) < 0.01
        )

    before, after = arms(p0[1]), arms(p1[1])
    assert len(before) == len(after) == 8  # two arms of four registration marks
    for m, n in zip(before, after, strict=True):
        assert (m[0] + dx, m[1] + dy, m[2] + dx, m[3] + dy) == pytest.approx(n, abs=0.001)
    assert arms(p1[0]) == arms(p0[0])  # fronts unmoved


def test_backs_moved_toward_the_edge_leave_out_the_marks_that_would_print_too_near_it() -> None:
    def crosses(page: object) -> list[tuple[float, float]]:
        return sorted(
            (round((a[0] + b[0]) / 2, 2), round((a[1] + b[1]) / 2, 2))
            for a, b in page.strokes  # type: ignore[attr-defined]
            if abs(math.dist(a, b) - 12) < 0.01 and a[1] == b[1]
        )

    # 3 mm left and 3 mm down: the left and the bottom marks would come 12.5 pt from
    # the edge; the top right one is left, moved
    dx = dy = 3 * 72 / 25.4
    front, back = pdf_shapes(
        to_pdf(layout_counter_sheets(coloured(1), SheetSpec(back_offset=(-dx, dy))).drawing)
    )
    assert crosses(front) == [(28.0, 28.0), (28.0, 764.0), (584.0, 28.0), (584.0, 764.0)]
    assert crosses(back) == [(round(584.0 - dx, 2), round(28.0 + dy, 2))]
    # a little (1 mm) keeps all four, moved
    small = 72 / 25.4
    _, back = pdf_shapes(
        to_pdf(layout_counter_sheets(coloured(1), SheetSpec(back_offset=(small, -small))).drawing)
    )
    assert len(crosses(back)) == 4


def test_registration_marks_on_both_sides_at_the_same_place() -> None:
    sheets = layout_counter_sheets(coloured(1), SheetSpec(duplex="short"))
    front, back = pdf_shapes(to_pdf(sheets.drawing))

    def crosses(page: object) -> set[tuple[float, float]]:
        return {
            (round((a[0] + b[0]) / 2, 2), round((a[1] + b[1]) / 2, 2))
            for a, b in page.strokes  # type: ignore[attr-defined]
            if abs(math.dist(a, b) - 12) < 0.01
        }

    assert crosses(front) == crosses(back)
    assert len(crosses(front)) == 4
    # and they are symmetric, so turned over they land on each other
    turned = {behind(612, 792, "short", *c) for c in crosses(back)}
    assert {(round(x, 2), round(y, 2)) for x, y in turned} == crosses(front)


def test_fold_and_glue_puts_backs_on_the_right_half_mirrored_about_the_centre() -> None:
    sheets = layout_counter_sheets(coloured(5), SheetSpec(size=54.0, duplex="none"))
    (page,) = pdf_shapes(to_pdf(sheets.drawing))
    assert sheets.cols % 2 == 0 and sheets.front_cols == sheets.cols // 2
    for i in range(5):
        f, b = page.filled(colour_of(i))
        assert f.x + f.w <= page.width / 2 <= b.x
        assert (f.x + f.w / 2) + (b.x + b.w / 2) == pytest.approx(page.width, abs=0.001)
        assert f.y == b.y


def test_pages_alternate_fronts_and_backs_and_groups_start_new_rows() -> None:
    stats = hammer()
    items = ship_counters(STARFIRE, stats, colour="#1f4e9c", side="A", copies=3)
    items += ship_counters(STARFIRE, stats, colour="#b3261e", side="B", copies=200)
    sheets = layout_counter_sheets(items, SheetSpec(size=45.0))
    labels = [p.label for p in sheets.drawing.pages]
    assert labels == ["Fronts 1", "Backs 1", "Fronts 2", "Backs 2"]
    # side B starts on the second row, not after side A's three counters
    b0 = sheets.placements[3]
    assert b0.front == (MARGIN, MARGIN + 45.0)
    # 12 x 16 cells a sheet: 3 + 9 empty, then 15 rows of 12 for side B; 20 spill over
    assert sum(1 for p in sheets.placements if p.front_page == 2) == 200 - 15 * 12


# ------------------------------------------------------------------ faces


def test_ship_counter_shows_the_games_key_numbers_front_and_reduced_back() -> None:
    stats = hammer()
    sheets = layout_counter_sheets(ship_counters(STARFIRE, stats, colour="#1f4e9c"), SheetSpec())
    front_text = [t.text for t in sheets.drawing.pages[0].items if hasattr(t, "text")]
    back_text = [t.text for t in sheets.drawing.pages[1].items if hasattr(t, "text")]
    assert {"Hammer", "DD", "MP", "5", "TM", "3"} <= set(front_text)
    assert {"Hammer", "ENGINES LOST", "0"} <= set(back_text)
    assert "5" not in back_text


def test_emblem_back_shows_the_sides_initials() -> None:
    counters = ship_counters(STAND_IN, StandInStats("Wolf", 7), colour="#b26a00", side="Red Khanate")
    sheets = layout_counter_sheets(counters, SheetSpec())
    back = [t.text for t in sheets.drawing.pages[1].items if hasattr(t, "text")]
    assert "RK" in back and "Wolf" in back
    assert "ADF/MR" not in back
    front = [t.text for t in sheets.drawing.pages[0].items if hasattr(t, "text")]
    assert {"N", "7", "MP", "HS", "12", "ADF/MR", "3/2"} <= set(front)


def test_markers_per_side_numbered_and_with_own_backs() -> None:
    sides = [("Blue", "#1f4e9c"), ("Red", "#b3261e")]
    markers = marker_counters(STAND_IN, sides)
    # V 2 per side, FTR 3 per side numbered 1..3 per side, ICM 2 in all
    assert len(markers) == 2 * 2 + 3 * 2 + 2
    fighters = [m for m in markers if isinstance(m.front, MarkerFace) and m.front.label == "FTR"]
    assert [(m.side, m.front.number) for m in fighters] == [  # type: ignore[union-attr]
        ("Blue", 1),
        ("Blue", 2),
        ("Blue", 3),
        ("Red", 1),
        ("Red", 2),
        ("Red", 3),
    ]
    assert [m.colour for m in fighters] == ["#1f4e9c"] * 3 + ["#b3261e"] * 3
    icm = [m for m in markers if m.front == MarkerFace("ICM", "ICM cloud")]
    assert len(icm) == 2 and all(m.back == MarkerFace("ICM ½") and m.colour == NEUTRAL for m in icm)


def test_marker_fill_keeps_the_games_proportion_and_numbers_on() -> None:
    sides = [("Blue", "#1f4e9c"), ("Red", "#b3261e")]
    # weights: V 2 x 2 sides = 4, FTR 3 x 2 = 6, ICM 2 in all = 2 (of 12); 10 cells:
    # 10*4/12 = 3 r 4, 10*6/12 = 5 r 0, 10*2/12 = 1 r 8: the one left over goes to ICM
    fill = marker_fill(STAND_IN, sides, 10)
    faces = [(m.front.label, m.side, m.front.number) for m in fill]  # type: ignore[union-attr]
    assert faces == [
        ("V", "Blue", None),
        ("V", "Blue", None),
        ("V", "Red", None),
        ("FTR", "Blue", 4),  # numbered markers go on after the kit's 1..3
        ("FTR", "Blue", 5),
        ("FTR", "Blue", 6),
        ("FTR", "Red", 4),
        ("FTR", "Red", 5),
        ("ICM", "", None),
        ("ICM", "", None),
    ]
    assert all(m.group == "markers" for m in fill)
    assert [m.colour for m in fill[3:6]] == ["#1f4e9c"] * 3 and fill[-1].colour == NEUTRAL
    assert fill[-1].back == MarkerFace("ICM ½")
    # a whole number of rounds is the game's own mix again
    labels = [m.front.label for m in marker_fill(STAND_IN, sides, 24)]  # type: ignore[union-attr]
    assert (labels.count("V"), labels.count("FTR"), labels.count("ICM")) == (8, 12, 4)
    assert marker_fill(STAND_IN, sides, 0) == []


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_fill_takes_every_spare_cell_and_backs_stay_behind_fronts(duplex: str) -> None:
    items = ship_counters(STARFIRE, hammer(), colour="#1f4e9c", side="A", copies=3)  # type: ignore[arg-type]
    items += ship_counters(STARFIRE, hammer(), colour="#b3261e", side="B", copies=2)  # type: ignore[arg-type]
    spec = SheetSpec(size=45.0, duplex=duplex)  # type: ignore[arg-type]
    plain = layout_counter_sheets(items, spec)
    asked: list[int] = []

    def fill(cells: int) -> list[Counter]:
        asked.append(cells)
        return marker_fill(STAND_IN, [("A", "#1f4e9c"), ("B", "#b3261e")], cells)

    sheets = layout_counter_sheets(items, spec, fill=fill)
    cells = sheets.rows * sheets.front_cols
    assert asked == [cells - 5]  # Letter: 12 x 16 cells long/short, 6 x 16 fronts folded
    assert cells == (192 if duplex != "none" else 96)
    assert len(sheets.placements) == cells and len(sheets.drawing.pages) == len(plain.drawing.pages)
    fronts = {(p.front_page, p.front) for p in sheets.placements}
    assert len(fronts) == cells  # no cell twice
    assert sheets.placements[:5] == plain.placements  # the ships stay where they were
    # A's row ends with fill before B's row starts: B still begins the second row
    assert sheets.placements[3].front == (MARGIN, MARGIN + 45.0)
    for p in sheets.placements:
        row = round((p.front[1] - sheets.origin[1]) / 45.0)
        col = round((p.front[0] - sheets.origin[0]) / 45.0)
        if duplex == "long":
            expected = (sheets.cols - 1 - col, row)
        elif duplex == "short":
            expected = (col, sheets.rows - 1 - row)
        else:
            expected = (sheets.cols - 1 - col, row)
        back_col = round((p.back[0] - sheets.origin[0]) / 45.0)
        back_row = round((p.back[1] - sheets.origin[1]) / 45.0)
        assert (back_col, back_row) == expected
        assert p.back_turned == (duplex == "short")


def face_texts(sheets: object, page: int = 0) -> list[object]:
    return [t for t in sheets.drawing.pages[page].items if hasattr(t, "text")]  # type: ignore[attr-defined]


LONG_NAME = "Admiral of the Fleet Sir Reginald Longnam"  # 41 characters
assert len(LONG_NAME) >= 40


@pytest.mark.parametrize(
    "name", [LONG_NAME, "Adlerflugzeugträgerkampfgruppenführerin!!", "Адмирал Кузнецов", "Αθηνά Παρθένος"]
)
@pytest.mark.parametrize("size", [36.0, 45.0, 72.0])
def test_names_shrink_to_fit_and_never_overflow(name: str, size: float) -> None:
    from sheetgen.layout.text import text_width

    stats = STARFIRE.named(hammer(), name)
    sheets = layout_counter_sheets(ship_counters(STARFIRE, stats, colour="#1f4e9c"), SheetSpec(size=size))
    x0, y0 = sheets.placements[0].front
    for page in (0, 1):
        lines = [t for t in face_texts(sheets, page) if t.text in name]  # type: ignore[attr-defined]
        assert " ".join(t.text for t in lines).replace(" ", "") == name.replace(" ", "")  # type: ignore[attr-defined]
        px = sheets.placements[0].front[0] if page == 0 else sheets.placements[0].back[0]
        for t in lines:
            half = text_width(t.text, t.size, t.font, t.bold) / 2  # type: ignore[attr-defined]
            assert px < t.x - half and t.x + half < px + size  # type: ignore[attr-defined]
    assert y0 > 0 and x0 > 0


def test_missing_glyphs_are_reported_not_printed_silently() -> None:
    stats = STARFIRE.named(hammer(), "大和")
    sheets = layout_counter_sheets(ship_counters(STARFIRE, stats, colour="#1f4e9c"), SheetSpec())
    assert any("U+5927" in w and "U+548C" in w for w in sheets.warnings)
    fine = layout_counter_sheets(
        ship_counters(STARFIRE, STARFIRE.named(hammer(), "Адмирал Αθηνά"), colour="#1f4e9c"), SheetSpec()
    )
    assert fine.warnings == []


def test_tiny_names_are_warned_about() -> None:
    stats = STARFIRE.named(hammer(), "x" * 60)
    sheets = layout_counter_sheets(ship_counters(STARFIRE, stats, colour="#1f4e9c"), SheetSpec(size=36.0))
    assert any("prints at" in w and "1/2 in" in w for w in sheets.warnings)


def test_text_colour_contrasts_with_the_side_colour() -> None:
    dark = layout_counter_sheets(coloured(1), SheetSpec())
    light = layout_counter_sheets([Counter(CounterFace("Pale"), CounterFace("Pale"), "#f0e68c")], SheetSpec())
    assert {t.fill for t in face_texts(dark)} >= {"#ffffff"}  # type: ignore[attr-defined]
    assert "#161616" in {t.fill for t in face_texts(light)}  # type: ignore[attr-defined]


# ------------------------------------------------------------------ picture test


def test_picture_of_one_sheet() -> None:
    """Render a sheet and look at pixels: side colour in the counter, the white
    arrow near its top edge, white paper in the gutters (nothing spills), and
    every glyph of a 41-character name inside its counter."""
    import pypdfium2 as pdfium

    stats = hammer()
    items = ship_counters(STARFIRE, stats, colour="#1f4e9c", side="A")
    items += ship_counters(STARFIRE, STARFIRE.named(stats, LONG_NAME), colour="#b3261e", side="A")
    spec = SheetSpec(size=54.0, gutter=18.0, cut="crop")
    sheets = layout_counter_sheets(items, spec)
    pdf = pdfium.PdfDocument(to_pdf(sheets.drawing))
    page = pdf[0]
    scale = 4
    image = page.render(scale=scale).to_pil().convert("RGB")

    def px(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((round(x * scale), round(y * scale)))  # type: ignore[return-value]

    (x0, y0), (x1, y1) = sheets.placements[0].front, sheets.placements[1].front
    assert px(x0 + 2, y0 + 27) == (0x1F, 0x4E, 0x9C)  # side colour at the left edge
    assert px(x0 + 27, y0 + 0.06 * 54 + 4) == (255, 255, 255)  # inside the arrowhead
    assert px(x0 + 8, y0 + 0.06 * 54 + 4) == (0x1F, 0x4E, 0x9C)  # beside it: none
    # the gutter between the two counters is bare paper from top to bottom
    for y in range(round(y0 * scale), round((y0 + 54) * scale)):
        for x in range(round((x0 + 54) * scale) + 2, round(x1 * scale) - 2):
            assert image.getpixel((x, y)) == (255, 255, 255)
    # every glyph of the long name lies inside the second counter
    text = page.get_textpage()
    height = page.get_height()
    boxes = []
    for i in range(text.count_chars()):
        ch = text.get_text_range(i, 1)
        if ch.strip():
            left, bottom, right, top = text.get_charbox(i)
            if x1 - 20 < left < x1 + 74 and y1 - 20 < height - top < y1 + 74:  # not the caption
                boxes.append((ch, left, height - top, right, height - bottom))
    name_chars = [b for b in boxes if b[2] < y1 + 0.6 * 54]
    assert "".join(b[0] for b in name_chars).replace(" ", "").startswith("Admiral")
    for _, left, top, right, bottom in boxes:
        assert x1 < left and right < x1 + 54
        assert y1 < top and bottom < y1 + 54


# ------------------------------------------------------------------ determinism


def test_same_input_same_bytes() -> None:
    def build() -> tuple[bytes, list[bytes]]:
        items = coloured(20) + marker_counters(STARFIRE, [("A", "#1f4e9c")])
        sheets = layout_counter_sheets(items, SheetSpec(duplex="short", bleed=3.0))
        return to_pdf(sheets.drawing), to_svg_pages(sheets.drawing)

    assert build() == build()


def test_svg_arrow_geometry_matches_pdf() -> None:
    sheets = layout_counter_sheets(coloured(1), SheetSpec())
    (svg_arrow,) = svg_polygons(to_svg_pages(sheets.drawing)[0], "#ffffff")
    pdf_arrow = next(
        p for p, fill in pdf_shapes(to_pdf(sheets.drawing))[0].polygons if fill == rgb("#ffffff")
    )
    assert all(a == pytest.approx(b, abs=0.001) for a, b in zip(svg_arrow, pdf_arrow, strict=True))


# ------------------------------------------------------------------ sizes for hexes and the kit


def test_largest_counter_fits_inside_the_hex() -> None:
    for orientation in ("flat", "pointy"):
        layout = Layout(72.0, orientation=orientation)
        edge = largest_counter_for_hex(72.0)
        half = edge / 2
        for sx in (-1, 1):
            for sy in (-1, 1):
                assert layout.hex_at(sx * half * 0.999, sy * half * 0.999) == Hex(0, 0)
        # one per cent larger and a corner pokes out of the hex
        outside = [
            layout.hex_at(sx * half * 1.01, sy * half * 1.01) != Hex(0, 0) for sx in (-1, 1) for sy in (-1, 1)
        ]
        assert all(outside)


def test_kit_sizes_pick_the_largest_standard_size_that_fits() -> None:
    assert format_size(counter_size_for_hex(72.0)) == "5/8 in"  # 1 in hex takes 0.732 in
    assert format_size(counter_size_for_hex(1.5 * 72)) == "1 in"  # 1.098 in
    assert format_size(counter_size_for_hex(0.9 * 72)) == "5/8 in"  # 0.659 in
    assert format_size(counter_size_for_hex(0.75 * 72)) == "1/2 in"  # 0.549 in
    assert format_size(counter_size_for_hex(0.6 * 72)) == "7/16 in"  # 0.439 in, in 32nds
    assert format_size(20 * 72 / 25.4) == "20 mm"


def test_kit_counter_size_warns_when_the_chosen_size_does_not_fit(tmp_path: Path) -> None:
    scenario, _ = load_scenario(SCENARIO)
    assert scenario is not None
    assert kit_counter_size(scenario) == (45.0, [])
    scenario.options = {"counter_size": "3/4in"}
    size, notes = kit_counter_size(scenario)
    assert size == 54.0
    assert len(notes) == 1 and "does not fit the map's 1in hexes" in notes[0] and "5/8 in" in notes[0]
    scenario.options = {"counter_size": "1/2in"}
    assert kit_counter_size(scenario) == (36.0, [])
    scenario.options = {"counter_size": "huge"}
    size, notes = kit_counter_size(scenario)
    assert size == 45.0 and "not a length" in notes[0]
    scenario.options = {"counter_size": "20in"}
    size, notes = kit_counter_size(scenario)
    assert size == 45.0 and "do not fit on letter paper" in notes[0]


def test_scenario_counters_cover_every_ship_of_both_sides_and_the_markers() -> None:
    scenario, _ = load_scenario(SCENARIO)
    assert scenario is not None
    items = scenario_counters(scenario)
    ships = [c for c in items if isinstance(c.front, CounterFace)]
    assert [(c.front.title, c.side, c.colour) for c in ships] == [
        ("Hammer", "Player A", "#1f4e9c"),
        ("Arrow", "Player A", "#1f4e9c"),
        ("Dart", "Player A", "#1f4e9c"),
        ("Anvil", "Player B", "#b3261e"),
        ("Lance", "Player B", "#b3261e"),
        ("Pike", "Player B", "#b3261e"),
    ]
    # the markers its ships can use: no terrain (the map prints it), a shields-down marker
    # per shield of each side (A 3 + 2 + 2, B 4 + 2 + 2), a damage marker per ship
    labels = [(c.front.label, c.side) for c in items if isinstance(c.front, MarkerFace)]
    assert labels == [("S↓", "Player A")] * 7 + [("S↓", "Player B")] * 8 + [("DMG", "")] * 6


# ------------------------------------------------------------------ how many counters one run lays out


def test_copies_beyond_the_cap_fail_before_anything_is_built() -> None:
    with pytest.raises(CounterError, match=r"99,999,999,999 copies.*at most 5,000"):
        ship_counters(STARFIRE, hammer(), colour="#1f4e9c", copies=99_999_999_999)


def test_counters_in_one_run_are_capped() -> None:
    half = ship_counters(STARFIRE, hammer(), colour="#1f4e9c", copies=2_600)
    with pytest.raises(CounterError, match=r"5,200 counters.*at most 5,000") as info:
        layout_counter_sheets(half + half, SheetSpec(size=36.0))
    assert "\n" not in str(info.value)
    assert len(layout_counter_sheets(half, SheetSpec(size=36.0)).placements) == 2_600


def test_sheets_in_one_run_are_capped() -> None:
    # a 7 in counter takes a whole letter sheet: 101 of them would be 202 pages
    items = ship_counters(STARFIRE, hammer(), colour="#1f4e9c", copies=101)
    with pytest.raises(CounterError, match=r"101 sheets.*at most 100"):
        layout_counter_sheets(items, SheetSpec(size=7 * 72.0))
    assert len(layout_counter_sheets(items[:100], SheetSpec(size=7 * 72.0)).drawing.pages) == 200


# ------------------------------------------------------------------ ink clear of the paper edge

#: Home printers leave a border of up to 1/4 in unprinted: no ink goes nearer the edge.
EDGE = 18.0
LONG_TITLE = (
    "The Battle of the Outer Rim Approaches, in which Nobody could Agree on a Short Title "
    "for the Scenario, Revised Edition 2"
)
assert len(LONG_TITLE) == 120


def full_sheet(spec: SheetSpec) -> list[Counter]:
    """Counters enough to fill every cell of one sheet, so the block reaches its margins."""
    probe = layout_counter_sheets(coloured(1), spec)
    return ship_counters(
        STARFIRE, hammer(), colour="#1f4e9c", side="Blue", copies=probe.front_cols * probe.rows
    )


def item_boxes(page: object) -> list[tuple[object, tuple[float, float, float, float]]]:
    """Every primitive of ``page`` with its ink box; a Lines item box by box per segment."""
    from sheetgen.draw.primitives import Lines

    out: list[tuple[object, tuple[float, float, float, float]]] = []
    for item in page.items:  # type: ignore[attr-defined]
        if isinstance(item, Lines):
            out += [(item, ink_box(Lines((seg,), item.style))) for seg in item.segments]
        else:
            out.append((item, ink_box(item)))
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (18.0, 18.0), (-18.0, -18.0), (18.0, -18.0), (-18.0, 18.0)])
@pytest.mark.parametrize(
    ("size", "bleed", "cut"),
    [(45.0, 0.0, "lines"), (72.0, 4.5, "crop"), (36.0, 0.0, "crop"), (54.0, 2.25, "lines")],
)
def test_no_ink_within_a_quarter_inch_of_the_paper_edge(
    paper: str, duplex: str, offset: tuple[float, float], size: float, bleed: float, cut: str
) -> None:
    spec = SheetSpec(size=size, paper=paper, duplex=duplex, back_offset=offset, bleed=bleed, cut=cut)  # type: ignore[arg-type]
    sheets = layout_counter_sheets(full_sheet(spec), spec, title=LONG_TITLE)
    width, height = PAPER_SIZES[paper]
    for page in sheets.drawing.pages:
        for item, (left, top, right, bottom) in item_boxes(page):
            assert min(left, top, width - right, height - bottom) >= EDGE - 1e-6, (page.label, item)


@pytest.mark.parametrize(
    ("paper", "duplex", "offset"),
    [("letter", "long", (-18.0, -18.0)), ("a4", "short", (18.0, 18.0)), ("letter", "none", (0.0, 0.0))],
)
def test_rendered_pages_leave_the_quarter_inch_border_bare(
    paper: str, duplex: str, offset: tuple[float, float]
) -> None:
    import pypdfium2 as pdfium

    spec = SheetSpec(size=45.0, paper=paper, duplex=duplex, back_offset=offset, bleed=2.25, cut="crop")  # type: ignore[arg-type]
    sheets = layout_counter_sheets(full_sheet(spec), spec, title=LONG_TITLE)
    scale = 2
    border = round((EDGE - 1) * scale)  # a point short of 1/4 in: clear of anti-aliasing and rounding
    for page in pdfium.PdfDocument(to_pdf(sheets.drawing)):
        image = page.render(scale=scale).to_pil().convert("L")
        w, h = image.size
        for strip in ((0, 0, w, border), (0, h - border, w, h), (0, 0, border, h), (w - border, 0, w, h)):
            assert image.crop(strip).getextrema() == (255, 255), strip


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_long_title_caption_fits_between_the_marks_and_overlaps_nothing(duplex: str, paper: str) -> None:
    spec = SheetSpec(paper=paper, duplex=duplex, back_offset=(18.0, 0.0) if duplex != "none" else (0.0, 0.0))  # type: ignore[arg-type]
    sheets = layout_counter_sheets(coloured(40), spec, title=LONG_TITLE)
    width = PAPER_SIZES[paper][0]
    for page in sheets.drawing.pages:
        boxes = item_boxes(page)
        (caption,) = [(i, b) for i, b in boxes if isinstance(i, Text) and b[1] < MARGIN and "·" in i.text]
        text, (left, top, right, bottom) = caption
        assert left >= EDGE and right <= width - EDGE and top >= EDGE
        assert text.text.startswith("The Battle of the Outer Rim")  # type: ignore[attr-defined]
        assert "…" in text.text or text.size < 6.5  # type: ignore[attr-defined]
        if page.label.startswith("Fronts"):
            assert text.text.endswith(f"flip on {duplex} edge")  # type: ignore[attr-defined]
        for other, (l2, t2, r2, b2) in boxes:
            if other is not text:
                assert r2 <= left or right <= l2 or b2 <= top or bottom <= t2, (page.label, other)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (18.0, 18.0), (-18.0, -18.0), (0.0, -9.0), (-4.0, 8.0)])
@pytest.mark.parametrize(("size", "bleed", "cut"), [(45.0, 0.0, "crop"), (72.0, 2.25, "lines")])
def test_captions_marks_and_scale_bars_never_overlap_a_counter_or_each_other(
    paper: str, duplex: str, offset: tuple[float, float], size: float, bleed: float, cut: str
) -> None:
    spec = SheetSpec(size=size, paper=paper, duplex=duplex, back_offset=offset, bleed=bleed, cut=cut)  # type: ignore[arg-type]
    sheets = layout_counter_sheets(full_sheet(spec), spec, title=LONG_TITLE)

    def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    def inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]

    for page in sheets.drawing.pages:
        boxes = item_boxes(page)
        cells = [b for i, b in boxes if isinstance(i, Rect) and i.style.fill == "#1f4e9c"]

        cut_lines = {
            id(i) for i, _ in boxes if getattr(getattr(i, "style", None), "stroke", None) == "#7a7a7a"
        }
        furniture = [
            (i, b) for i, b in boxes if id(i) not in cut_lines and not any(inside(b, c) for c in cells)
        ]
        assert any(isinstance(i, Text) and "·" in i.text for i, _ in furniture)  # the caption is there
        for item, box in furniture:
            assert not any(overlap(box, cell) for cell in cells), (page.label, item)
        texts = [(i, b) for i, b in furniture if isinstance(i, Text)]
        for item, box in texts:
            others = [b for i, b in furniture if i is not item]
            assert not any(overlap(box, other) for other in others), (page.label, item)


# ------------------------------------------------------------------ warnings: once, and saying where


def test_a_tiny_name_is_one_warning_naming_the_sides_and_the_smallest_size() -> None:
    stats = STARFIRE.named(hammer(), "Admiral of the Fleet Sir Reginald Longnam the Third")
    sheets = layout_counter_sheets(
        ship_counters(STARFIRE, stats, colour="#1f4e9c", copies=3), SheetSpec(size=36.0)
    )
    (line,) = [w for w in sheets.warnings if "Longnam" in w]
    assert "prints at 3.2 pt on the front and 2.1 pt on the back of 1/2 in counters" in line
    # on 5/8 in counters the front prints it at 3.5 pt or more: only the back is named
    back_only = layout_counter_sheets(ship_counters(STARFIRE, stats, colour="#1f4e9c"), SheetSpec(size=45.0))
    (line,) = back_only.warnings
    assert "prints at 2.7 pt on the back of 5/8 in counters" in line and "front" not in line
    # an emblem back that prints the name as small as the front: "both sides"
    standin = StandInStats("x" * 50, 7)
    both = layout_counter_sheets(ship_counters(STAND_IN, standin, colour="#1f4e9c"), SheetSpec(size=36.0))
    (line,) = both.warnings
    assert " pt on both sides of 1/2 in counters" in line


def test_title_glyphs_the_fonts_lack_are_one_warning() -> None:
    title = "大和 at Leyte Gulf: counters"
    sheets = layout_counter_sheets(coloured(400), SheetSpec(size=36.0), title=title)
    assert len(sheets.drawing.pages) == 4  # the caption is on every page, the warning once
    (line,) = sheets.warnings
    assert "U+5927" in line and "U+548C" in line and repr(title) in line and "caption" in line
    assert layout_counter_sheets(coloured(1), SheetSpec(), title="Αθηνά: counters").warnings == []


def test_a_bleed_over_a_quarter_of_the_counter_is_refused() -> None:
    """A bleed is a sliver of colour past the cut; 3 in on a 5/8 in counter (one counter a
    page) is a mistyped unit. A quarter of the counter (5/32 in) is the most allowed."""
    from sheetgen.layout.counters.paper import sheet_grid

    size = 45.0  # 5/8 in, in pt
    assert sheet_grid(SheetSpec(size=size, bleed=size / 4)).cols > 0
    with pytest.raises(CounterError) as refused:
        sheet_grid(SheetSpec(size=size, bleed=216.0))
    assert str(refused.value) == (
        "a bleed of 3 in is more than a quarter of the 5/8 in counter (5/32 in): "
        "bleeds are a sliver past the cut, such as 1/16in"
    )
