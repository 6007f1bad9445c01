"""``sheetgen counters`` and the kit's counters part, end to end through the CLI."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Built, kit_stderr, pdf_page_sizes, pdf_text
from tests.pdf_geometry import pdf_shapes, svg_rects, svg_size

ROOT = Path(__file__).resolve().parents[2]
SHIPS = ROOT / "designs" / "starfire" / "ships"
SCENARIO = ROOT / "designs" / "starfire" / "scenarios" / "small-task-groups.yaml"
BLUE, RED, GREEN = "#1f4e9c", "#b3261e", "#2e7d32"
#: The default bleed, 2 mm in pt: each counter's colour runs this far past its cut.
BLEED = 2 * 72 / 25.4

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]


FLEET = """\
fleet: Home Guard
side: Terran Federation
game: starfire
designs:
  - name: Arrow
    hull: CT
    systems: SSAA(I)(I)(I)QLR
    count: 3
  - name: Hammer
    hull: DD
    systems: SSSAA(I)(I)(I)(I)QQLLRR
    count: 2
"""


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> object:
    """Register the stand-in game (tests/standin_game/) as ``stand-in``."""
    import sheetgen.games as games

    from tests.standin_game import GAME

    monkeypatch.setitem(games.GAMES, "stand-in", "tests.standin_game")
    monkeypatch.setitem(games._loaded, "stand-in", GAME)
    return GAME


def fronts(data: bytes, colour: str) -> int:
    """Counters of ``colour`` on the front pages (even pages) of a duplex PDF."""
    pages = pdf_shapes(data)
    return sum(len(p.filled(colour)) for p in pages[0::2])


def backs(data: bytes, colour: str) -> int:
    pages = pdf_shapes(data)
    return sum(len(p.filled(colour)) for p in pages[1::2])


# ------------------------------------------------------------------ counts


def test_counters_for_a_fleet_file_equal_its_counts(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    fleet = write("fleet.yaml", FLEET)
    out = tmp_path / "c.pdf"
    result = invoke("counters", fleet, "-o", out)
    assert result.exit_code == 0, result.stderr
    data = out.read_bytes()
    assert fronts(data, BLUE) == 3 + 2
    assert backs(data, BLUE) == 3 + 2
    text = pdf_text(data)[0]
    for name in ("Arrow 1", "Arrow 2", "Arrow 3", "Hammer 1", "Hammer 2"):
        assert name in text
    assert "Arrow 4" not in text and "Hammer 3" not in text
    assert "5 ship counters" in result.stderr


def test_copies_multiply_every_ship(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    fleet = write("fleet.yaml", FLEET)
    out = tmp_path / "c.pdf"
    assert invoke("counters", fleet, "--copies", "2", "-o", out).exit_code == 0
    assert fronts(out.read_bytes(), BLUE) == (3 + 2) * 2
    single = tmp_path / "one.pdf"
    assert invoke("counters", SHIPS / "corvette-arrow.yaml", "--copies", "4", "-o", single).exit_code == 0
    assert fronts(single.read_bytes(), BLUE) == 4


def test_fleets_of_two_sides_take_two_colours(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    blue = write("blue.yaml", FLEET)
    red = write("red.yaml", FLEET.replace("Terran Federation", "Khanate").replace("count: 3", "count: 1"))
    out = tmp_path / "c.pdf"
    assert invoke("counters", blue, red, "--markers", "starfire", "-o", out).exit_code == 0
    data = out.read_bytes()
    # ships + a shields-down marker per shield: 3 Arrows (2 each) and 2 Hammers (3 each)
    assert fronts(data, BLUE) == 5 + 3 * 2 + 2 * 3
    assert fronts(data, RED) == 3 + 1 * 2 + 2 * 3


def test_scenario_gives_both_sides_in_their_colours(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    result = invoke("counters", "--scenario", SCENARIO, "--markers", "starfire", "-o", out)
    assert result.exit_code == 0, result.stderr
    data = out.read_bytes()
    # a shields-down marker per shield of the side's ships: 3 + 2 + 2 and 4 + 2 + 2
    assert fronts(data, BLUE) == 3 + 7 and fronts(data, RED) == 3 + 8
    text = " ".join(pdf_text(data))
    for name in ("Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike", "ENGINES LOST", "DMG"):
        assert name in text
    assert "WP" not in text  # the scenario's map prints its terrain
    assert "6 ship counters, 21 markers" in result.stderr


def test_fill_puts_more_markers_in_every_spare_cell(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    args = ("counters", "--scenario", SCENARIO, "--markers", "starfire", "-o", out)
    result = invoke(*args, "--fill")
    assert result.exit_code == 0, result.stderr
    # 5/8 in counters, 2 mm bleed, 4 mm gutter: pitch 45 + 11.34 pt; 540 pt of Letter's 612 and
    # 720 of 792 inside the margins (plus a gutter) hold 9 x 12 cells: 6 ships, 21 markers, 81 more
    assert "6 ship counters, 102 markers; 2 pages" in result.stderr
    data = out.read_bytes()
    # shields down 58 more (15 to the damage markers' 6: 81 x 15/21), dealt 7 to 8 as the sides'
    # shields: 27 + 31
    assert fronts(data, BLUE) == 3 + 7 + 27 and fronts(data, RED) == 3 + 8 + 31
    assert backs(data, BLUE) == fronts(data, BLUE) and backs(data, RED) == fronts(data, RED)
    front = pdf_text(data)[0]
    assert front.count("shields down") == 15 + 58 and front.count("damage") == 6 + 23
    assert front.count("warp point") == 0  # the map prints the terrain
    # the png faces have no sheet to fill; --fill needs a marker set
    png = invoke("counters", "--scenario", SCENARIO, "--markers", "starfire", "--fill", "-o", tmp_path)
    assert png.exit_code == 2 and png.stderr.strip() == (
        "sheetgen: error: --fill is for sheets (pdf, svg), not --format png"
    )
    bare = invoke("counters", "--scenario", SCENARIO, "--fill", "-o", out)
    assert bare.exit_code == 2 and bare.stderr.strip() == (
        "sheetgen: error: --fill takes its markers from --markers GAME: give it too"
    )


def test_markers_alone_for_two_default_sides(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    result = invoke("counters", "--markers", "starfire", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert fronts(out.read_bytes(), BLUE) == 6 and fronts(out.read_bytes(), RED) == 6


def test_any_game_prints_stand_in(invoke: Invoke, write: Write, tmp_path: Path, stand_in: object) -> None:
    design = write(
        "wolves.yaml",
        "fleet: Wolves\nside: Red Khanate\ngame: stand-in\ndesigns:\n  - {name: Wolf, number: 7, count: 2}\n",
    )
    out = tmp_path / "c.pdf"
    result = invoke("counters", design, "--markers", "stand-in", "-o", out)
    assert result.exit_code == 0, result.stderr
    front, back = pdf_text(out.read_bytes())
    assert "ADF/MR" in front and "Wolf 1" in front and "FTR" in front
    assert "RK" in back and "ADF/MR" not in back and "½" in back


# ------------------------------------------------------------------ sizes, paper, formats


@pytest.mark.parametrize(
    ("size", "edge"), [("1/2in", 36.0), ("3/4in", 54.0), ("1in", 72.0), ("16mm", 45.354)]
)
def test_size_option_is_exact_on_paper(invoke: Invoke, tmp_path: Path, size: str, edge: float) -> None:
    out = tmp_path / "c.pdf"
    assert (
        invoke(
            "counters", SHIPS / "corvette-arrow.yaml", "--size", size, "--paper", "a4", "-o", out
        ).exit_code
        == 0
    )
    data = out.read_bytes()
    assert pdf_page_sizes(data) == [pytest.approx((595.2756, 841.8898), abs=0.001)] * 2
    for page in pdf_shapes(data):
        (rect,) = page.filled(BLUE)
        assert (rect.w - 2 * BLEED, rect.h - 2 * BLEED) == pytest.approx((edge, edge), abs=0.001)


def test_default_size_is_five_eighths_inch(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    assert invoke("counters", SHIPS / "corvette-arrow.yaml", "-o", out).exit_code == 0
    (rect,) = pdf_shapes(out.read_bytes())[0].filled(BLUE)
    assert rect.w == rect.h == pytest.approx(45.0 + 2 * BLEED, abs=0.001)  # the cut, and 2 mm bleed


def test_svg_writes_one_file_per_page(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.svg"
    result = invoke(
        "counters", SHIPS / "corvette-arrow.yaml", "--format", "svg", "--size", "3/4in", "-o", out
    )
    assert result.exit_code == 0, result.stderr
    assert not out.exists()
    front, back = tmp_path / "c-1.svg", tmp_path / "c-2.svg"
    assert svg_size(front.read_bytes()) == ("612pt", "792pt", "0 0 612 792")
    ((x, y, w, h),) = svg_rects(front.read_bytes(), BLUE)
    ((bx, by, bw, bh),) = svg_rects(back.read_bytes(), BLUE)
    assert (w, h) == (bw, bh) == pytest.approx((54.0 + 2 * BLEED, 54.0 + 2 * BLEED), abs=0.001)
    assert (bx, by) == pytest.approx((612 - x - w, y), abs=0.001)  # long-edge mirror


def test_fold_and_glue_is_one_page_a_sheet(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    result = invoke("counters", SHIPS / "corvette-arrow.yaml", "--duplex", "none", "-o", out)
    assert result.exit_code == 0
    (page,) = pdf_shapes(out.read_bytes())
    front, back = page.filled(BLUE)
    assert front.x + back.x + 45 + 2 * BLEED == pytest.approx(612)


def test_back_offset_option(invoke: Invoke, tmp_path: Path) -> None:
    plain, shifted = tmp_path / "a.pdf", tmp_path / "b.pdf"
    arrow = SHIPS / "corvette-arrow.yaml"
    assert invoke("counters", arrow, "-o", plain).exit_code == 0
    assert invoke("counters", arrow, "--back-offset", "1mm,-0.5mm", "-o", shifted).exit_code == 0
    (a,) = pdf_shapes(plain.read_bytes())[1].filled(BLUE)
    (b,) = pdf_shapes(shifted.read_bytes())[1].filled(BLUE)
    assert (b.x - a.x, b.y - a.y) == pytest.approx((72 / 25.4, -36 / 25.4), abs=0.001)
    assert "backs shifted +1 mm, -0.5 mm" in pdf_text(shifted.read_bytes())[1]


def test_bleed_and_crop_marks(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    arrow = SHIPS / "corvette-arrow.yaml"
    assert (
        invoke("counters", arrow, "--bleed", "1/16in", "--cut", "crop", "--copies", "2", "-o", out).exit_code
        == 0
    )
    a, b = pdf_shapes(out.read_bytes())[0].filled(BLUE)
    assert a.w == 45 + 9 and b.x - a.x == 45 + 9  # bleed both sides; gutter = twice the bleed
    # crop marks stay outside the art: none inside the block of counters
    strokes = pdf_shapes(out.read_bytes())[0].strokes
    crops = [s for s in strokes if abs(abs(s[0][0] - s[1][0]) + abs(s[0][1] - s[1][1]) - 6) < 0.01]
    assert crops
    for (x1, y1), (x2, y2) in crops:
        inside_x = a.x <= x1 <= b.x + b.w and a.x <= x2 <= b.x + b.w
        inside_y = a.y <= y1 <= a.y + a.h and a.y <= y2 <= a.y + a.h
        assert not (inside_x and inside_y)
    cuts = {round(x1, 3) for (x1, y1), (x2, y2) in crops if x1 == x2}
    assert {a.x + 4.5, a.x + 49.5, b.x + 4.5, b.x + 49.5} <= cuts


# ------------------------------------------------------------------ names and glyphs


def test_long_and_non_latin_names_render(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    long_name = "Admiral of the Fleet Sir Reginald Longnam"
    design = write(
        "names.yaml",
        "fleet: Names\ngame: starfire\ndesigns:\n"
        f"  - {{name: {long_name}, hull: CT, systems: SSAA(I)(I)(I)QLR}}\n"
        "  - {name: Адмирал Кузнецов, hull: CT, systems: SSAA(I)(I)(I)QLR}\n"
        "  - {name: Αθηνά, hull: CT, systems: SSAA(I)(I)(I)QLR}\n",
    )
    out = tmp_path / "c.pdf"
    result = invoke("counters", design, "-o", out)
    assert result.exit_code == 0
    assert "no glyph" not in result.stderr
    text = pdf_text(out.read_bytes())[0].replace("\n", " ")
    assert "Кузнецов" in text and "Αθηνά" in text and "Longnam" in text


def test_missing_glyphs_are_one_warning_line(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    design = write("yamato.yaml", "game: starfire\nname: 大和\nhull: DD\nsystems: SSSAA(I)(I)(I)(I)QQLLRR\n")
    out = tmp_path / "c.pdf"
    result = invoke("counters", design, "-o", out)
    assert result.exit_code == 0
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert "U+5927" in warnings[0] and "empty boxes" in warnings[0]
    assert out.exists()


def test_scenario_names_the_caption_shortened_to_fit_and_its_glyphs_checked(
    invoke: Invoke, write: Write, tmp_path: Path
) -> None:
    name = "大和 and the Battle of the Outer Rim Approaches, in which Nobody could Agree on a Short Title, Revised"
    name = (name + " Edition" * 3)[:120]
    text = SCENARIO.read_text(encoding="utf-8").replace("../ships/", f"{SHIPS}/")
    scenario = write("long.yaml", text.replace("scenario: Small task groups", f"scenario: {name}"))
    out = tmp_path / "c.pdf"
    result = invoke("counters", "--scenario", scenario, "-o", out)
    assert result.exit_code == 0, result.stderr
    (line,) = [x for x in result.stderr.splitlines() if "warning" in x]
    assert "U+5927" in line and "caption" in line
    front, back = (page.replace("\n", " ") for page in pdf_text(out.read_bytes()))
    assert "and the Battle of the Outer Rim" in front and "…" in front
    assert "Revised… · fronts 1 of 1 · 5/8 in counters · print two-sided" in front
    assert "flip on long edge" in front
    assert "and the Battle of the Outer Rim" in back and "backs 1 of 1 · 5/8 in counters" in back


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "0"], "--size 0: must be more than zero"),
        (["--size", "0in"], "--size 0in: must be more than zero"),
        (["--size", "9in"], "do not fit on letter paper"),
        (["--size", "big"], "not a length"),
        (["--markers", "chess"], "unknown marker set 'chess'; known: starfire"),
        (["--bleed", "1/8in", "--gutter", "1/8in"], "at least twice the bleed"),
        (["--copies", "0"], "--copies 0: must be 1 or more"),
        (["--copies", "99999999999"], "--copies 99999999999: at most 100"),
        (["--format", "svg"], "is a .pdf file but --format is svg"),
        (["--back-offset", "1mm"], "gives one length: write two, X,Y"),
        (["--back-offset", "1in,0"], "at most 1/4 in"),
        (["--duplex", "none", "--size", "5in"], "fold-and-glue"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_written(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "c.pdf"
    out.write_bytes(b"earlier file")
    result = invoke("counters", SHIPS / "corvette-arrow.yaml", *args, "-o", out)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sheetgen: error: ")
    assert message in lines[0]
    assert out.read_bytes() == b"earlier file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.pdf"]


def test_too_many_counters_in_one_run_is_one_line_exit_2(
    invoke: Invoke, write: Write, tmp_path: Path
) -> None:
    big = write("big.yaml", FLEET.replace("count: 3", "count: 1000").replace("count: 2", "count: 1000"))
    out = tmp_path / "c.pdf"
    result = invoke("counters", big, "--copies", "3", "-o", out)
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("sheetgen: error: 6,000 counters") and "at most 5,000" in line
    assert not out.exists()
    assert invoke("counters", big, "--copies", "2", "-o", out).exit_code == 0  # 4,000 is fine


@pytest.mark.parametrize("name", ["c.png", "c.PDFX", "counters"])
def test_output_must_be_a_pdf_or_svg_file(invoke: Invoke, tmp_path: Path, name: str) -> None:
    result = invoke("counters", SHIPS / "corvette-arrow.yaml", "-o", tmp_path / name)
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert (
        line == f"sheetgen: error: -o {tmp_path / name}: name a .pdf or .svg file (the name sets the format)"
    )
    assert not any(tmp_path.iterdir())


def test_the_suffix_chooses_the_format(invoke: Invoke, tmp_path: Path) -> None:
    arrow = SHIPS / "corvette-arrow.yaml"
    assert invoke("counters", arrow, "-o", tmp_path / "c.svg").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c-1.svg", "c-2.svg"]
    assert svg_size((tmp_path / "c-1.svg").read_bytes())[0] == "612pt"
    assert invoke("counters", arrow, "-o", tmp_path / "c.PDF").exit_code == 0
    assert (tmp_path / "c.PDF").read_bytes().startswith(b"%PDF-")
    assert invoke("counters", arrow, "--format", "pdf", "-o", tmp_path / "d.pdf").exit_code == 0
    assert (tmp_path / "d.pdf").read_bytes().startswith(b"%PDF-")
    result = invoke("counters", arrow, "--format", "pdf", "-o", tmp_path / "e.svg")
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        == f"sheetgen: error: -o {tmp_path / 'e.svg'} is a .svg file but --format is pdf"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c-1.svg", "c-2.svg", "c.PDF", "d.pdf"]


def test_nothing_to_print_and_missing_output(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = invoke("counters", "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2 and "nothing to print" in result.stderr
    monkeypatch.chdir(tmp_path)
    (tmp_path / "counters.pdf").write_bytes(b"mine")  # a default name never replaces a file
    result = invoke("counters", SHIPS / "corvette-arrow.yaml")
    assert result.exit_code == 2 and "counters.pdf is already here; give -o counters.pdf" in result.stderr
    assert (tmp_path / "counters.pdf").read_bytes() == b"mine"
    (tmp_path / "counters.pdf").unlink()
    result = invoke("counters", SHIPS / "corvette-arrow.yaml", "-o", tmp_path / "no" / "c.pdf")
    assert result.exit_code == 2 and "does not exist" in result.stderr
    assert not any(tmp_path.iterdir())


def test_unreadable_design_is_exit_2(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    bad = write("bad.yaml", "game: starfire\nname: [oops\n")
    result = invoke("counters", bad, "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2
    assert str(bad) in result.stderr
    assert not (tmp_path / "c.pdf").exists()


def test_illegal_design_is_printed_with_exit_1(invoke: Invoke, tmp_path: Path) -> None:
    illegal = ROOT / "designs" / "starfire" / "illegal" / "sf7-over-hull-spaces.yaml"
    out = tmp_path / "c.pdf"
    result = invoke("counters", illegal, "-o", out)
    assert result.exit_code == 1
    assert "error [SF-7]" in result.stderr
    assert out.exists()


# ------------------------------------------------------------------ determinism


# ------------------------------------------------------------------ kit


def test_kit_adds_counters_that_fit_the_hexes(bundled_kits: Built) -> None:
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    out = bundled_kits.path / SCENARIO.stem
    data = (out / "counters.pdf").read_bytes()
    # 1 in hexes take at most 0.732 in: the kit prints 5/8 in counters
    (rect, *_) = pdf_shapes(data)[0].filled(BLUE)
    assert rect.w == pytest.approx(45.0 + 2 * BLEED, abs=0.001)  # with the default 2 mm bleed
    # 3 ships and a shields-down marker per shield a side, and the fill's 58 more: 27 + 31
    assert fronts(data, BLUE) == 3 + 7 + 27 and fronts(data, RED) == 3 + 8 + 31
    assert "DMG" in pdf_text(data)[0]
    assert "warning" not in kit_stderr(bundled_kits, SCENARIO.stem)


def test_kit_warns_when_the_chosen_counter_size_does_not_fit(
    invoke: Invoke, write: Write, tmp_path: Path
) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("../ships/", f"{SHIPS}/")
    text += "options:\n  counter_size: 3/4in\n"
    scenario = write("big.yaml", text)
    result = invoke("kit", scenario, "-o", tmp_path / "kit")
    assert result.exit_code == 0, result.stderr
    (line,) = [x for x in result.stderr.splitlines() if "warning" in x]
    assert "counter_size 3/4in does not fit the map's 1in hexes" in line
    (rect, *_) = pdf_shapes((tmp_path / "kit" / "counters.pdf").read_bytes())[0].filled(BLUE)
    assert rect.w == pytest.approx(54.0 + 2 * BLEED, abs=0.001)


def test_help_lists_every_option(invoke: Invoke) -> None:
    result = invoke("counters", "--help")
    assert result.exit_code == 0
    for option in (
        "--scenario",
        "--size",
        "--paper",
        "--duplex",
        "--back-offset",
        "--bleed",
        "--gutter",
        "--cut",
        "--copies",
        "--markers",
        "--format",
        "--output",
    ):
        assert option in result.stdout


# ------------------------------------------------------------------ right-to-left names


def test_hebrew_and_arabic_names_print_in_reading_order_and_joined(
    invoke: Invoke, write: Write, tmp_path: Path
) -> None:
    """A counter draws a right-to-left name as it reads on paper: Hebrew letters from
    right to left (the drawn string, read left to right, is the name reversed), Arabic
    letters joined (presentation forms); no warning, as the fonts carry both."""
    from sheetgen.draw.shaping import visual

    from tests.pdffonts import pdf_drawn_strings

    hebrew = write("oz.yaml", "game: starfire\nname: עוז\nhull: ES\nsystems: SSAA(I)(I)QYL\n")
    arabic = write("saqr.yaml", "game: starfire\nname: صقر\nhull: ES\nsystems: SSAA(I)(I)QYL\n")
    out = tmp_path / "c.pdf"
    result = invoke("counters", hebrew, arabic, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert "glyph" not in result.stderr
    drawn = pdf_drawn_strings(out.read_bytes())
    assert "זוע" in drawn  # עוז, right to left
    assert visual("صقر") in drawn
    assert all(0xFE70 <= ord(ch) <= 0xFEFF for ch in visual("صقر"))
    svg = tmp_path / "c.svg"
    assert invoke("counters", hebrew, arabic, "-o", svg).exit_code == 0
    text = (tmp_path / "c-1.svg").read_text()
    assert 'unicode-bidi="bidi-override"' in text and ">זוע<" in text and f">{visual('صقر')}<" in text
