"""Hex maps: printed sizes read back from the files, tiling, numbering, terrain, limits."""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.core.hexlabel import hex_label
from sheetgen.draw.primitives import Circle, Labels, Lines, Text, inch, mm
from sheetgen.hexgrid import distance, from_offset
from sheetgen.layout.maps import Grid, MapError, MapOptions, layout_map, plan_pages, tile_name

from tests.conftest import pdf_page_sizes, pdf_text
from tests.mapgeom import across_flats, grid_path, pdf_paths, side_lengths, svg_paths
from tests.pdf_geometry import svg_size
from tests.standin_game import StandIn as StandInGame

# --- exact size on paper ---------------------------------------------------------------------


@pytest.mark.parametrize("press", [(), ("--press",)], ids=["home", "press"])
@pytest.mark.parametrize(
    ("size", "points"),
    [("1in", 72.0), ("25mm", 25 * 72 / 25.4), ("0.75in", 54.0)],
)
def test_hexes_measure_their_size_in_the_pdf(invoke, tmp_path, size, points, press):
    out = tmp_path / "map.pdf"
    result = invoke("map", "--cols", "6", "--rows", "5", "--hex", size, *press, "-o", out)
    assert result.exit_code == 0, result.stderr
    segments = grid_path(pdf_paths(out))
    gaps = across_flats(segments)
    assert len(gaps) >= 20
    assert min(gaps) == pytest.approx(points, abs=0.002)
    # every gap is one hex (no half-hex steps on a flat-topped column)
    assert {round(g / points, 3) for g in gaps} == {1.0}
    side = points / math.sqrt(3)
    assert all(abs(length - side) < 0.003 for length in side_lengths(segments))


@pytest.mark.parametrize("press", [(), ("--press",)], ids=["home", "press"])
@pytest.mark.parametrize("size", ["1in", "25mm"])
def test_pointy_hexes_measure_their_size_across_the_flats(invoke, tmp_path, size, press):
    out = tmp_path / "map.pdf"
    assert (
        invoke(
            "map", "--cols", "5", "--rows", "6", "--hex", size, "--orientation", "pointy", *press, "-o", out
        ).exit_code
        == 0
    )
    gaps = across_flats(grid_path(pdf_paths(out)), "pointy")
    assert min(gaps) == pytest.approx(72.0 if size == "1in" else 25 * 72 / 25.4, abs=0.002)


def test_hexes_measure_their_size_in_the_svg(invoke, tmp_path):
    out = tmp_path / "map.svg"
    assert invoke("map", "--cols", "6", "--rows", "5", "--hex", "1in", "-o", out).exit_code == 0
    svg = out.read_bytes()
    assert svg_size(svg) == ("612pt", "792pt", "0 0 612 792")  # one user unit is one pt
    gaps = across_flats(grid_path(svg_paths(svg)))
    assert min(gaps) == pytest.approx(72.0, abs=0.002)


def test_calibration_ruler_is_4_in_with_100_mm_marked(invoke, tmp_path):
    out = tmp_path / "map.pdf"
    assert invoke("map", "--cols", "3", "--rows", "3", "-o", out).exit_code == 0
    ruler = next(p for p in pdf_paths(out) if any(abs(math.dist(a, b) - 288.0) < 1e-3 for a, b in p))
    (x0, _y0), (_x1, _) = next((a, b) for a, b in ruler if abs(math.dist(a, b) - 288.0) < 1e-3)
    ticks_up = sorted(round(a[0] - x0, 3) for a, b in ruler if a[0] == b[0] and b[1] < a[1])
    ticks_down = sorted(round(a[0] - x0, 3) for a, b in ruler if a[0] == b[0] and b[1] > a[1])
    assert ticks_up[-1] == pytest.approx(mm(100), abs=0.002)  # 100 mm above the line
    assert len(ticks_up) == 21
    assert ticks_down[-1] == pytest.approx(inch(4), abs=0.002)  # 4 in below it
    assert len(ticks_down) == 17


def test_every_page_has_a_ruler_and_every_tile_a_scale(invoke, tmp_path):
    out = tmp_path / "map.pdf"
    assert invoke("map", "--cols", "20", "--rows", "14", "-o", out).exit_code == 0
    texts = pdf_text(out)
    assert len(texts) == 7
    for text in texts:
        assert "100 mm" in text and "4 in" in text
    # the index's diagram is not to scale: no scale bar there
    assert "Scale:" not in texts[0] and "not to scale" in texts[0]
    for text in texts[1:]:
        assert "Scale: hexes" in text


class ScaledStandIn(StandInGame):
    """The stand-in game with a hex scale, as Knight Hawks 2000 has (60 m a hex)."""

    hex_scale = (60.0, "m")


@pytest.fixture
def stand_in(monkeypatch):
    from sheetgen import games

    monkeypatch.setitem(games.GAMES, "stand-in", "tests.standin_game")
    monkeypatch.setitem(games._loaded, "stand-in", ScaledStandIn())
    return "stand-in"


def test_scale_bar_is_in_the_games_units(invoke, tmp_path, stand_in):
    out = tmp_path / "map.pdf"
    assert invoke("map", "--game", stand_in, "--cols", "20", "--rows", "14", "-o", out).exit_code == 0
    for text in pdf_text(out)[1:]:
        assert "1 hex = 60 m" in text
    # a letter page's scale band holds 2 one-inch hexes: 0, 60, 120 m
    assert re.search(r"0\s*60\s*120 m", pdf_text(out)[1])


def test_scale_bar_of_a_scenario_comes_from_its_game(invoke, write, tmp_path, stand_in):
    scenario = write(
        "far.yaml",
        "scenario: Far out\ngame: stand-in\nmap: {cols: 10, rows: 8, hex: 20mm}\n"
        "sides:\n  - name: Red\n    fleet:\n      - design: {name: Wolf, number: 7}\n",
    )
    out = tmp_path / "map.pdf"
    result = invoke("map", "--scenario", scenario, "-o", out)
    assert result.exit_code == 0, result.stderr
    (text,) = pdf_text(out)
    assert "1 hex = 60 m" in text and "Far out" in text
    # the letter page's scale band (3.3 in less 10 %) holds three 20 mm hexes
    assert re.search(r"0\s*60\s*120\s*180 m", text)


def test_scale_bar_segments_are_one_hex_long(tmp_path):
    drawing = layout_map(MapOptions(cols=4, rows=4, hex_size=mm(20), scale=(60.0, "m")))
    page = drawing.pages[0]
    from sheetgen.draw.primitives import Rect

    bars = [r for r in page.items if isinstance(r, Rect)]
    assert bars and {round(r.w, 6) for r in bars} == {round(mm(20), 6)}
    assert any(isinstance(t, Text) and t.text == f"{60 * len(bars)} m" for t in page.items)


# --- tiling and page counts ------------------------------------------------------------------


def test_a_map_that_fits_one_letter_page_is_one_page():
    # letter portrait holds 8 x 8 one-inch hexes inside 0.4 in margins and the bands
    assert plan_pages(MapOptions(cols=8, rows=8)).pages == 1
    plan = plan_pages(MapOptions(cols=9, rows=8))
    assert (plan.across, plan.down, plan.pages) == (2, 1, 3)  # two tiles and the index


def test_page_count_of_a_60_by_40_map_on_letter():
    # portrait: 8 x 8 a page -> 9 x 6 tiles; landscape: 11 x 6 -> 6 x 8 = 48 tiles; plus the index
    plan = plan_pages(MapOptions(cols=60, rows=40))
    assert plan.landscape
    assert (plan.capacity, plan.across, plan.down, plan.pages) == ((11, 6), 6, 8, 49)


def test_page_count_on_a4_a3_and_fit(invoke, tmp_path):
    # A3 portrait holds 12 x 14 hexes of 25 mm (landscape 18 x 9): 3 x 2 tiles either way, portrait wins ties
    a3 = plan_pages(MapOptions(cols=30, rows=20, hex_size=mm(25), paper="a3"))
    assert (a3.capacity, a3.across, a3.down, a3.landscape, a3.pages) == ((12, 14), 3, 2, False, 7)
    assert plan_pages(MapOptions(cols=30, rows=20, paper="fit")).pages == 1
    assert plan_pages(MapOptions(cols=30, rows=20, paper="fit", layers=(-1, 0, 1))).pages == 3
    out = tmp_path / "map.pdf"
    assert invoke("map", "--cols", "30", "--rows", "20", "--paper", "a4", "-o", out).exit_code == 0
    sizes = pdf_page_sizes(out)
    assert len(sizes) == plan_pages(MapOptions(cols=30, rows=20, paper="a4")).pages
    assert {tuple(round(v, 2) for v in s) for s in sizes} <= {(595.28, 841.89), (841.89, 595.28)}


def test_fit_page_is_the_map_plus_margins(invoke, tmp_path):
    out = tmp_path / "map.pdf"
    assert invoke("map", "--cols", "20", "--rows", "10", "--paper", "fit", "-o", out).exit_code == 0
    ((width, height),) = pdf_page_sizes(out)
    r = 72 / math.sqrt(3)
    assert width == pytest.approx(r * (1.5 * 20 + 0.5) + 2 * 28.8, abs=0.01)
    assert height == pytest.approx(72 * 10.5 + 2 * 28.8 + 18 + 48, abs=0.01)


def test_tiles_are_named_by_row_letter_and_column_number():
    assert [tile_name(0, 0), tile_name(1, 2), tile_name(25, 0), tile_name(26, 9)] == [
        "A1",
        "B3",
        "Z1",
        "AA10",
    ]
    drawing = layout_map(MapOptions(cols=20, rows=14))
    assert [p.label for p in drawing.pages] == ["Assembly index", "A1", "A2", "A3", "B1", "B2", "B3"]


def _labels(page) -> list[str]:
    return [text for item in page.items if isinstance(item, Labels) for _, _, text in item.items]


def test_labels_are_global_and_continue_across_tiles():
    drawing = layout_map(MapOptions(cols=20, rows=14, overlap=1))
    plan = plan_pages(MapOptions(cols=20, rows=14, overlap=1))
    cols_by_tile = {}
    rows_by_tile = {}
    for page, tile in zip(drawing.pages[1:], plan.tiles, strict=True):
        labels = _labels(page)
        cols_by_tile[tile.name] = sorted({int(t[:2]) for t in labels})
        rows_by_tile[tile.name] = sorted({int(t[2:]) for t in labels})
        assert len(labels) == (tile.c1 - tile.c0 + 1) * (tile.v1 - tile.v0 + 1)
    assert cols_by_tile["A1"] == list(range(1, 9))
    assert cols_by_tile["A2"] == list(range(8, 16))  # column 08 on both: the overlap
    assert cols_by_tile["A3"] == list(range(15, 21))
    assert rows_by_tile["A1"] == list(range(1, 9))
    assert rows_by_tile["B1"] == list(range(8, 15))
    every = Counter(t for page in drawing.pages[1:] for t in _labels(page))
    assert set(every) == {hex_label(c, r) for c in range(20) for r in range(14)}
    assert every["0808"] == 4 and every["0101"] == 1 and every["0801"] == 2


def test_labels_read_back_from_the_pdf_continue_across_tiles(invoke, tmp_path):
    out = tmp_path / "map.pdf"
    assert invoke("map", "--cols", "20", "--rows", "14", "--overlap", "2", "-o", out).exit_code == 0
    texts = pdf_text(out)[1:]
    columns = [sorted({int(n[:2]) for n in re.findall(r"\b(\d{4})\b", t)}) for t in texts[:3]]
    assert columns[0][-2:] == columns[1][:2]  # two shared columns between A1 and A2
    assert columns[1][-2:] == columns[2][:2]
    assert columns[2][-1] == 20


def test_overlap_zero_tiles_meet_edge_to_edge():
    plan = plan_pages(MapOptions(cols=20, rows=8, overlap=0))
    spans = [(t.c0, t.c1) for t in plan.tiles]
    assert spans == [(0, 7), (8, 15), (16, 19)]


def test_cut_lines_and_marks_on_overlaps():
    drawing = layout_map(MapOptions(cols=20, rows=14))
    a2 = drawing.pages[2]
    dashed = [i for i in a2.items if isinstance(i, Lines) and i.style.dash]
    assert len(dashed) == 1  # its left side; A2 has no tile above
    (((x_cut, _), (x_end, _)),) = dashed[0].segments
    assert x_cut == x_end
    marks = [i for i in a2.items if isinstance(i, Circle) and i.style.fill is None]
    on_cut = [m for m in marks if abs(m.center[0] - x_cut) < 1e-6]
    assert len(on_cut) == 8  # the centre of each hex of the shared column
    texts = {i.text for i in a2.items if isinstance(i, Text)}
    assert {"▲ A1", "▲ A3", "B2 ▼"} <= texts  # the side ones turned to run along the edge


@pytest.mark.parametrize("bleed", [0.0, 9.0], ids=["home", "press"])
def test_registration_marks_meet_when_pages_are_overlaid(bleed):
    """A mark on the shared column sits on the same hex centre on both pages (and so with
    the tiles' art running into a press file's 1/8 in bleed)."""
    opts = MapOptions(cols=20, rows=14, bleed=bleed)
    drawing = layout_map(opts)
    a1, a2 = drawing.pages[1], drawing.pages[2]

    def marks_by_label(page):
        labels = {(x, y): t for item in page.items if isinstance(item, Labels) for x, y, t in item.items}
        found = {}
        for item in page.items:
            if isinstance(item, Circle) and item.style.fill is None:
                x, y = item.center
                nearest = min(labels, key=lambda p: math.dist(p, (x, y)))
                found[labels[nearest]] = (x - nearest[0], y - nearest[1])
        return found

    m1, m2 = marks_by_label(a1), marks_by_label(a2)
    shared = set(m1) & set(m2)
    assert {f"08{r:02d}" for r in range(1, 9)} <= shared
    for label in shared:
        assert m1[label] == pytest.approx(m2[label])


def test_assembly_index_on_the_first_page(invoke, tmp_path):
    out = tmp_path / "map.pdf"
    assert invoke("map", "--cols", "20", "--rows", "14", "-o", out).exit_code == 0
    first = pdf_text(out)[0]
    assert "assembly index" in first
    for name in ("A1", "A2", "A3", "B1", "B2", "B3"):
        assert name in first
    assert "6 letter pages (portrait)" in first


# --- numbering ---------------------------------------------------------------------------------


def test_numbering_formats_and_width():
    assert hex_label(7, 14) == "0815"
    assert hex_label(7, 14, "xx.yy") == "08.15"
    assert hex_label(27, 4, "letters") == "AB05"
    assert hex_label(7, 14, "none") == ""
    drawing = layout_map(MapOptions(cols=120, rows=3, paper="fit", hex_size=mm(8)))
    labels = _labels(drawing.pages[0])
    assert labels[0] == "001001" and "120003" in labels


def test_every_nth_hex_numbered():
    labels = _labels(layout_map(MapOptions(cols=6, rows=6, every=2)).pages[0])
    assert sorted(labels) == sorted(f"{c:02d}{r:02d}" for c in (2, 4, 6) for r in (2, 4, 6))
    assert _labels(layout_map(MapOptions(cols=6, rows=6, numbering="none")).pages[0]) == []


def test_origin_lower_left_puts_0101_at_the_bottom():
    page = layout_map(MapOptions(cols=4, rows=4, origin="ll")).pages[0]
    where = {t: (x, y) for item in page.items if isinstance(item, Labels) for x, y, t in item.items}
    assert where["0101"][1] > where["0102"][1]  # row 02 is above row 01
    assert where["0101"][1] > where["0104"][1]
    # the column beside 0101 is shifted up, away from row 01 (the mirror of the upper-left map)
    assert where["0201"][1] < where["0101"][1]
    assert where["0201"][0] > where["0101"][0]


# --- the map grid agrees with hexgrid ---------------------------------------------------------------


@given(
    st.integers(1, 12),
    st.integers(1, 12),
    st.sampled_from(["flat", "pointy"]),
    st.sampled_from(["ul", "ll"]),
    st.data(),
)
def test_map_neighbours_are_the_hexgrid_neighbours(cols, rows, orientation, origin, data):
    """The map's visual neighbours (pages, cut lines, zone borders) are one hex away
    in label coordinates, for both corners the numbering may start from."""
    grid = Grid(cols, rows, 36.0, orientation, origin)
    c = data.draw(st.integers(0, cols - 1))
    v = data.draw(st.integers(0, rows - 1))
    here = from_offset(c, grid.label_row(v), orientation)
    found = set()
    for nc, nv in grid.neighbours(c, v):
        there = from_offset(nc, grid.label_row(nv), orientation)
        found.add(there)
        assert distance(here, there) == 1
        # the neighbour's centre is one hex width away on paper
        assert math.dist(grid.center(c, v), grid.center(nc, nv)) == pytest.approx(36.0)
    assert len(found) == 6


# --- drawing each edge once ---------------------------------------------------------------------


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("origin", ["ul", "ll"])
def test_each_shared_edge_is_drawn_once(orientation, origin):
    opts = MapOptions(cols=7, rows=5, orientation=orientation, origin=origin)
    page = layout_map(opts).pages[0]
    grid = max((i for i in page.items if isinstance(i, Lines)), key=lambda i: len(i.segments))

    def key(seg):
        a, b = seg
        return tuple(sorted(((round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3)))))

    keys = [key(s) for s in grid.segments]
    assert len(keys) == len(set(keys))
    # a rectangular map of n hexes has 3n edges plus its boundary's share: count from the polygons
    from sheetgen.hexgrid import Layout

    all_edges = set()
    labels = {t: (x, y) for item in page.items if isinstance(item, Labels) for x, y, t in item.items}
    corners = Layout(72.0, orientation=orientation).corner_offsets()
    for x, y in labels.values():
        cx, cy = x, y - _label_dy(orientation)
        pts = [(cx + dx, cy + dy) for dx, dy in corners]
        all_edges.update(key((pts[i], pts[(i + 1) % 6])) for i in range(6))
    assert set(keys) == all_edges
    assert len(labels) == 35


def _label_dy(orientation: str) -> float:
    font = 7.2
    if orientation == "flat":
        return -36 + font * 0.95 + 72 * 0.02
    return -(72 / math.sqrt(3)) / 2 + font * 0.25


# --- limits and bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hex", "0in"], "more than zero"),
        (["--hex", "-1in"], "must be more than zero"),
        (["--hex", "4mm"], "5mm or more"),
        (["--hex", "1furlong"], "not a length"),
        (["--hex", "12"], "needs a unit"),
        (["--hex", "9in"], "larger than the printable area"),
        (["--paper", "b5"], "unknown paper 'b5'"),
        (["--cols", "0"], "at least 1 column"),
        (["--rows", "-3"], "at least 1 column and 1 row"),
        (["--cols", "many"], "not a whole number"),
        (["--cols", "400", "--rows", "300", "--hex", "5mm"], "120,000 hexes"),
        (["--cols", "200", "--rows", "200", "--hex", "1in"], "more than 200; use --paper fit"),
        (["--cols", "300", "--rows", "200", "--paper", "fit"], "limited to 200 in a side"),
        (["--cols", "30", "--hex", "3in", "--overlap", "2"], "--overlap 2 leaves no new hexes"),
        (["--overlap", "-1"], "0 or more"),
        (["--every", "0"], "--every must be 1 or more"),
        (["--layers", "2..1"], "low to high"),
        (["--layers", "up"], "not layers"),
        (["--orientation", "sideways"], "--orientation 'sideways'"),
        (["--numbering", "roman"], "--numbering 'roman'"),
        (["--format", "jpg"], "--format 'jpg'"),
        (["--game", "chess"], "unknown game 'chess'"),
    ],
)
def test_bad_input_is_one_line_exit_2_nothing_written(invoke, tmp_path, args, words):
    out = tmp_path / "map.pdf"
    out.write_bytes(b"earlier map")
    result = invoke("map", *args, "-o", out)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("sheetgen: error: ")
    assert words in lines[0]
    assert out.read_bytes() == b"earlier map"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.pdf"]


def test_unknown_output_format_is_refused(invoke, tmp_path):
    result = invoke("map", "-o", tmp_path / "map.jpg")
    assert result.exit_code == 2
    assert "name a .pdf or .svg or .png file (the name sets the format)" in result.stderr
    assert not (tmp_path / "map.jpg").exists()


def test_library_refuses_what_cannot_be_printed():
    with pytest.raises(MapError, match="5 mm or more"):
        plan_pages(MapOptions(hex_size=mm(4.9)))
    assert plan_pages(MapOptions(cols=1, rows=1, hex_size=mm(5))).pages == 1
    with pytest.raises(MapError, match="100,000"):
        plan_pages(MapOptions(cols=300, rows=200, layers=(-1, 0), paper="fit", hex_size=mm(5)))


# --- layers, style, determinism ---------------------------------------------------------------------


def test_layers_make_one_map_per_level(invoke, tmp_path):
    out = tmp_path / "map.pdf"
    assert invoke("map", "--cols", "5", "--rows", "5", "--layers=-1..+1", "-o", out).exit_code == 0
    texts = pdf_text(out)
    assert len(texts) == 3
    assert ["Hexgrid -1" in texts[0], "Hexgrid 0" in texts[1], "Hexgrid +1" in texts[2]] == [True] * 3


def test_layers_with_tiles_repeat_the_tiles(invoke, tmp_path):
    plan = plan_pages(MapOptions(cols=20, rows=14, layers=(0, 1)))
    assert plan.pages == 6 * 2 + 1
    labels = [p.label for p in layout_map(MapOptions(cols=20, rows=14, layers=(0, 1))).pages]
    assert labels[1] == "Hexgrid 0 A1" and labels[7] == "Hexgrid +1 A1"


def _stars(page):
    return [
        (round(c.center[0], 3), round(c.center[1], 3), c.r, c.style.fill)
        for c in page.items
        if isinstance(c, Circle)
    ]


def test_starfield_is_seeded():
    one = _stars(layout_map(MapOptions(cols=6, rows=6, style="starfield", seed=7)).pages[0])
    again = _stars(layout_map(MapOptions(cols=6, rows=6, style="starfield", seed=7)).pages[0])
    other = _stars(layout_map(MapOptions(cols=6, rows=6, style="starfield", seed=8)).pages[0])
    assert len(one) > 36  # about three stars a one-inch hex
    assert one == again
    assert one != other


def test_starfield_hexes_show_the_same_stars_on_both_pages():
    drawing = layout_map(MapOptions(cols=20, rows=8, style="starfield"))
    a1, a2 = drawing.pages[1], drawing.pages[2]

    def stars_around(page, label):
        ((x, y),) = [
            (x, y) for item in page.items if isinstance(item, Labels) for x, y, t in item.items if t == label
        ]
        return sorted(
            (cx - x, cy - y, r, fill)
            for (cx, cy, r, fill) in _stars(page)
            if math.dist((cx, cy), (x, y + 25)) < 40
        )

    first, second = stars_around(a1, "0803"), stars_around(a2, "0803")
    assert len(first) == len(second) > 0
    for (x1, y1, r1, f1), (x2, y2, r2, f2) in zip(first, second, strict=True):
        assert (x1, y1) == pytest.approx((x2, y2), abs=0.002)
        assert (r1, f1) == (r2, f2)


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_same_input_same_bytes(invoke, tmp_path, fmt):
    outputs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.{fmt}"
        assert invoke("map", "--cols", "12", "--rows", "8", "--style", "starfield", "-o", out).exit_code == 0
        outputs.append(sorted((p.name[1:], p.read_bytes()) for p in tmp_path.glob(f"{name}*.{fmt}")))
    assert outputs[0] == outputs[1]
    assert len(outputs[0]) == (1 if fmt == "pdf" else 3)


def test_svg_pages_are_one_file_each(invoke, tmp_path):
    out = tmp_path / "map.svg"
    result = invoke("map", "--cols", "20", "--rows", "8", "-o", out)
    assert result.exit_code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["map-01-index.svg", "map-02-a1.svg", "map-03-a2.svg", "map-04-a3.svg"]
    assert "wrote 4 files" in result.stderr


def test_default_map_fills_one_page(invoke, tmp_path):
    out = tmp_path / "map.pdf"
    result = invoke("map", "-o", out)
    assert result.exit_code == 0
    assert "8 x 8 hexes, 1 page" in result.stderr
    assert pdf_page_sizes(out) == [(612.0, 792.0)]
    result = invoke("map", "--paper", "a4", "--hex", "25mm", "-o", out)
    assert pdf_page_sizes(out) == [pytest.approx((595.2756, 841.8898), abs=1e-3)]


def test_map_verb_starts_without_reportlab():
    import subprocess
    import sys

    code = "import sys, sheetgen.cli; print('reportlab' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_installed_command_writes_a_map(tmp_path):
    import shutil
    import subprocess
    import sys

    exe = shutil.which("sheetgen") or str(Path(sys.executable).with_name("sheetgen"))
    out = tmp_path / "map.pdf"
    run = subprocess.run(
        [exe, "map", "--cols", "4", "--rows", "3", "-o", str(out)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert out.read_bytes().startswith(b"%PDF")
