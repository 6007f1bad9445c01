"""Where the map puts its ink: zone labels inside the map area and clear of hex
numbers and alignment marks, nothing within 18 pt of the paper's edge, no scale
bar on the index, singular and plural in the map's text.

Boxes are read from the layout primitives and measured here with the bundled
fonts' metrics (advance width, ascent, descent), independently of the layout code.
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.draw.fonts import font_name, register_fonts
from sheetgen.draw.primitives import Circle, Labels, Lines, Polygon, Rect, Text, inch, mm
from sheetgen.layout.maps import FOOTER, HEADER, MARGIN, MapOptions, layout_map, map_options
from sheetgen.layout.text import text_width
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS

Box = tuple[float, float, float, float]

#: Ink closer to the paper's edge than this is lost on many home printers (1/4 in).
EDGE = 18.0

SCENARIOS = DESIGNS / "starfire" / "scenarios"
ZONED = ("small-task-groups", "warp-point-assault", "convoy-raid")


def _extent(size: float, font: str, bold: bool) -> tuple[float, float]:
    from reportlab.pdfbase import pdfmetrics

    register_fonts()
    ascent, descent = pdfmetrics.getAscentDescent(font_name(font, bold), size)
    return ascent, -descent


def text_box(
    x: float, y: float, text: str, size: float, font: str, bold: bool, anchor: str, rotate=0.0
) -> Box:
    """The box a line of text inks: advance width by its anchor, ascent above and
    descent below the baseline at ``y``, turned by ``rotate`` (0 or a quarter turn)."""
    w = text_width(text, size, font, bold)
    left = {"start": 0.0, "middle": -w / 2, "end": -w}[anchor]
    ascent, descent = _extent(size, font, bold)
    corners = [(left, -ascent), (left + w, -ascent), (left, descent), (left + w, descent)]
    turn = math.radians(rotate)
    cos, sin = round(math.cos(turn), 9), round(math.sin(turn), 9)
    pts = [(x + dx * cos - dy * sin, y + dx * sin + dy * cos) for dx, dy in corners]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def item_boxes(item) -> list[Box]:
    """Boxes around the ink of one primitive (strokes included)."""
    if isinstance(item, Text):
        return [
            text_box(item.x, item.y, item.text, item.size, item.font, item.bold, item.anchor, item.rotate)
        ]
    if isinstance(item, Labels):
        return [
            text_box(x, y, t, item.size, item.font, item.bold, item.anchor) for x, y, t in item.items if t
        ]
    half = item.style.width / 2 if item.style.stroke else 0.0
    if isinstance(item, Circle):
        (cx, cy), r = item.center, item.r + half
        return [(cx - r, cy - r, cx + r, cy + r)]
    if isinstance(item, Rect):
        return [(item.x - half, item.y - half, item.x + item.w + half, item.y + item.h + half)]
    if isinstance(item, Polygon):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return [(min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)]
    assert isinstance(item, Lines)
    return [
        (min(a[0], b[0]) - half, min(a[1], b[1]) - half, max(a[0], b[0]) + half, max(a[1], b[1]) + half)
        for a, b in item.segments
    ]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _scenario_options(name: str, paper: str = "letter") -> MapOptions:
    scenario, result = load_scenario(SCENARIOS / f"{name}.yaml")
    assert scenario is not None and not result.input_errors
    return map_options(scenario, paper=paper)


def _zone_texts(page, zone) -> list[Text]:
    """The lines of ``zone``'s label on ``page`` (zone labels are bold, in the regular face)."""
    from sheetgen.layout.maps.context import mix

    inks = {zone.colour, mix(zone.colour, "#ffffff", 0.55)}  # on paper, on a starfield
    return [
        i
        for i in page.items
        if isinstance(i, Text)
        and i.bold
        and i.font == "SheetSans"
        and i.fill in inks
        and i.text
        and i.text in zone.label
    ]


def _tiles_showing(opts: MapOptions, zone) -> set[str]:
    """Tiles on which a hex of ``zone`` has its centre in the part that shows once the
    pages are assembled: at or past the tile's own cut lines (left, top: the rest is
    trimmed away) and at or before its right and lower neighbours' (the rest lies
    under them). Where a cut line runs is the layout's choice (``marks.cut_x``, ``cut_y``:
    within the overlap, clear of hex numbers, names and arrows; ``test_map_trim.py``)."""
    from sheetgen.layout.maps import Grid, plan_pages
    from sheetgen.layout.maps.context import MapContext
    from sheetgen.layout.maps.marks import cut_x as layout_cut_x
    from sheetgen.layout.maps.marks import cut_y as layout_cut_y

    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    cells = {grid.cell(c, r) for c, r in zone.cells(opts.cols, opts.rows, opts.orientation, opts.origin)}
    plan = plan_pages(opts)
    tiles = plan.tiles
    ctx = MapContext(opts, plan, grid)
    by_pos = {(t.row, t.col): t for t in tiles}

    def x_cut(t) -> float:
        return layout_cut_x(ctx, t.c0, t.v0, t.v1, zone.layer)

    def y_cut(t) -> float:
        return layout_cut_y(ctx, t.v0, t.c0, t.c1, zone.layer)

    showing = set()
    for t in tiles:
        left, right = by_pos.get((t.row, t.col - 1)), by_pos.get((t.row, t.col + 1))
        above, below = by_pos.get((t.row - 1, t.col)), by_pos.get((t.row + 1, t.col))
        x0 = x_cut(t) if left and opts.overlap else -math.inf
        x1 = x_cut(right) if right and opts.overlap else math.inf
        y0 = y_cut(t) if above and opts.overlap else -math.inf
        y1 = y_cut(below) if below and opts.overlap else math.inf
        for cell in cells:
            x, y = grid.center(*cell)
            if t.holds(*cell) and x0 - 0.01 <= x <= x1 + 0.01 and y0 - 0.01 <= y <= y1 + 0.01:
                showing.add(t.name)
    return showing


POINTY = """\
scenario: Pointy zones
game: starfire
map:
  cols: 30
  rows: 22
  hex: 0.75in
  orientation: pointy
  origin: ll
  terrain:
    - {type: planet, name: Vesta Prime, at: "1511", size: large}
    - {type: warp-point, name: WP Alpha, at: "0504"}
  zones:
    - {side: Player A, label: Player A sets up within 6 hexes of the planet Vesta Prime, around: "1511", radius: 6}
    - {label: Reinforcements arrive along this edge, colour: "#2e7d32", edge: left, depth: 2}
sides:
  - name: Player A
    fleet:
      - design: {ship}
"""


@pytest.mark.parametrize(("name", "paper"), [(name, paper) for name in ZONED for paper in ("letter", "a4")])
def test_zone_labels_lie_inside_the_map_area_clear_of_numbers_and_marks(name, paper):
    opts = _scenario_options(name, paper)
    _check_zone_labels(opts)


def test_pointy_lower_left_zone_labels_too(write):
    ship = DESIGNS / "starfire" / "ships" / "destroyer-hammer.yaml"
    scenario, result = load_scenario(write("p.yaml", POINTY.replace("{ship}", str(ship))))
    assert scenario is not None and not result.input_errors
    _check_zone_labels(map_options(scenario, paper="letter"))
    _check_zone_labels(map_options(scenario, paper="a4"))


def _check_zone_labels(opts: MapOptions) -> None:
    drawing = layout_map(opts)
    tiles = [p for p in drawing.pages if p.label != "Assembly index"]
    zones = opts.plan.zones
    assert zones
    for zone in zones:
        showing = _tiles_showing(opts, zone)
        labelled = set()
        for page in tiles:
            lines = _zone_texts(page, zone)
            if not lines:
                continue
            labelled.add(page.label if len(tiles) > 1 else "A1")
            # the whole label, every word of it, on this page
            assert " ".join(t.text for t in sorted(lines, key=lambda t: t.y)) == zone.label, page.label
            area = (MARGIN, MARGIN + HEADER, page.width - MARGIN, page.height - MARGIN - FOOTER)
            numbers = [b for i in page.items if isinstance(i, Labels) for b in item_boxes(i)]
            marks = [
                b
                for i in page.items
                if (isinstance(i, Lines) and i.style.dash) or (isinstance(i, Circle) and i.style.fill is None)
                for b in item_boxes(i)
            ]
            others = [b for i in page.items if isinstance(i, Text) and i not in lines for b in item_boxes(i)]
            # what lies left of and above the page's dashed cut lines is trimmed away
            cuts = [seg for i in page.items if isinstance(i, Lines) and i.style.dash for seg in i.segments]
            left = max((a[0] for a, b in cuts if a[0] == b[0]), default=-math.inf)
            top = max((a[1] for a, b in cuts if a[1] == b[1]), default=-math.inf)
            # the label's ground too: it would hide the hex outlines on the trimmed strip
            grounds = [i for i in page.items if isinstance(i, Rect) and i.style.stroke is None]
            from sheetgen.layout.maps.context import PALETTES

            pal = PALETTES[opts.style]
            drawn = [
                (n, i)
                for n, i in enumerate(page.items)
                if isinstance(i, Lines)
                and not i.style.dash
                and (i.style.stroke == pal.grid or i.style.stroke in {z.colour for z in zones})
            ]
            outline_at = [n for n, _ in drawn]
            edges = []  # the zones' outlines, in pieces a tenth of a hex long
            for _, i in drawn:
                if i.style.stroke == pal.grid:
                    continue
                for (ax, ay), (bx, by) in i.segments:
                    for k in range(10):
                        x0, y0 = ax + (bx - ax) * k / 10, ay + (by - ay) * k / 10
                        x1, y1 = ax + (bx - ax) * (k + 1) / 10, ay + (by - ay) * (k + 1) / 10
                        w = i.style.width / 2
                        edges.append((min(x0, x1) - w, min(y0, y1) - w, max(x0, x1) + w, max(y0, y1) + w))
            for line in lines:
                (box,) = item_boxes(line)
                where = f"{page.label}: {line.text!r} at {box}"
                assert area[0] <= box[0] and box[2] <= area[2], where
                assert area[1] <= box[1] and box[3] <= area[3], where
                assert box[0] >= left and box[1] >= top, f"{where} is on the overlap trimmed away"
                ground = [g for g in grounds if g.x <= box[0] and box[2] <= g.x + g.w and g.y <= box[1]]
                assert ground and ground[-1].x >= left - 1e-6 and ground[-1].y >= top - 1e-6, where
                # its ground lies over the hex edges (none strikes through the label, issue 27)
                # and under the zones' outlines (it hides none of them)
                grid_at = [n for n, i in drawn if i.style.stroke == pal.grid]
                zone_at = [n for n in outline_at if n not in grid_at]
                assert max(grid_at) < page.items.index(ground[-1]) < min(zone_at, default=len(page.items)), (
                    where
                )
                assert not [e for e in edges if overlap(box, e)], f"{where} crosses a zone's outline"
                assert not [n for n in numbers if overlap(box, n)], f"{where} covers a hex number"
                assert not [m for m in marks if overlap(box, m)], f"{where} covers a trim line or a ⊕ mark"
                assert not [o for o in others if overlap(box, o)], f"{where} covers other text"
        assert labelled == showing, zone.label


def test_small_task_groups_tiles_c2_and_c3_carry_whole_labels():
    """The tiles the report named: C2 printed three of Player A's hexes, C3 a strip of Player B's.
    Since the cut lines keep clear of the hex numbers (issue 27), C2's three lie on the overlap
    C1 keeps, and C1 carries the label."""
    opts = _scenario_options("small-task-groups")
    pages = {p.label: p for p in layout_map(opts).pages}
    a, b = opts.plan.zones
    assert " ".join(t.text for t in sorted(_zone_texts(pages["C1"], a), key=lambda t: t.y)) == a.label
    assert " ".join(t.text for t in sorted(_zone_texts(pages["C3"], b), key=lambda t: t.y)) == b.label


# --- ink near the paper's edge -------------------------------------------------------------------

EDGE_CASES = {
    "tiled letter": MapOptions(cols=20, rows=14),
    "tiled a4 pointy": MapOptions(cols=24, rows=30, paper="a4", orientation="pointy", hex_size=mm(20)),
    "tiled legal starfield ll": MapOptions(
        cols=30, rows=20, paper="legal", style="starfield", origin="ll", hex_size=inch(0.75)
    ),
    "tiled a3 layered": MapOptions(cols=40, rows=30, paper="a3", layers=(-1, 0, 1), hex_size=inch(0.75)),
    "tiled small hexes": MapOptions(cols=70, rows=60, hex_size=mm(8)),
    "one page": MapOptions(cols=7, rows=8),
    "fit": MapOptions(cols=12, rows=9, paper="fit"),
    "fit pointy starfield": MapOptions(cols=9, rows=6, paper="fit", orientation="pointy", style="starfield"),
    "big hex": MapOptions(cols=5, rows=4, hex_size=inch(2.5)),
}


@pytest.mark.parametrize("opts", list(EDGE_CASES.values()), ids=list(EDGE_CASES))
def test_no_ink_within_a_quarter_inch_of_the_paper_edge(opts):
    _check_edges(layout_map(opts))


@pytest.mark.parametrize(("name", "paper"), [("small-task-groups", "letter"), ("convoy-raid", "a4")])
def test_no_ink_near_the_edge_on_the_bundled_maps(name, paper):
    _check_edges(layout_map(_scenario_options(name, paper)))


def _check_edges(drawing) -> None:
    for page in drawing.pages:
        for item in page.items:
            for box in item_boxes(item):
                near = min(box[0], box[1], page.width - box[2], page.height - box[3])
                assert near >= EDGE - 1e-6, f"{page.label}: {type(item).__name__} {near:.1f} pt from the edge"


def test_side_arrows_name_the_neighbours_inside_the_safe_margin():
    page = layout_map(MapOptions(cols=20, rows=14)).pages[2]  # A2: A1 to its left, A3 to its right
    names = {t.text: t for t in page.items if isinstance(t, Text) and ("A1" in t.text or "A3" in t.text)}
    left = next(t for text, t in names.items() if "A1" in text)
    right = next(t for text, t in names.items() if "A3" in text)
    (lb,) = item_boxes(left)
    (rb,) = item_boxes(right)
    grid = max((i for i in page.items if isinstance(i, Lines)), key=lambda i: len(i.segments))
    map_left = min(x for seg in grid.segments for x, _ in seg)
    map_right = max(x for seg in grid.segments for x, _ in seg)
    # between the safe edge and the map, turned a quarter to run along the side
    assert lb[0] >= EDGE and lb[2] <= map_left
    assert map_right <= rb[0] and rb[2] <= page.width - EDGE
    assert (left.rotate, right.rotate) == (-90, 90)
    assert left.text == "▲ A1" and right.text == "▲ A3"


# --- scale bar and words -------------------------------------------------------------------------


def _all_text(drawing) -> list[str]:
    return [i.text for p in drawing.pages for i in p.items if isinstance(i, Text)]


def test_a_scale_bar_of_one_hex_says_hex():
    # a 2.5 in hex: the letter page's scale band holds one
    texts = _all_text(layout_map(MapOptions(cols=3, rows=2, hex_size=inch(2.5))))
    assert "1 hex" in texts
    assert not [t for t in texts if re.search(r"\b1 (hexes|columns|rows|pages|layers)\b", t)]


def test_plural_words_agree_with_their_numbers():
    drawing = layout_map(MapOptions(cols=20, rows=14, layers=(1,), overlap=1))
    texts = _all_text(drawing)
    assert any("1 layer (Hexgrid +1)" in t for t in texts)
    assert any("overlapping their neighbours by 1 hex." in t for t in texts)
    assert not [t for t in texts if re.search(r"\b1 (hexes|columns|rows|pages|layers)\b", t)]
    one = layout_map(MapOptions(cols=1, rows=1))
    assert any(t.startswith("hex 0101") or t == "hex 0101" for t in _all_text(one))
    assert not [t for t in _all_text(one) if "0101–0101" in t]


def test_index_page_has_a_ruler_but_no_scale_bar():
    drawing = layout_map(MapOptions(cols=20, rows=14, scale=(60.0, "m")))
    index, tile = drawing.pages[0], drawing.pages[1]
    assert index.label == "Assembly index"
    index_texts = [i.text for i in index.items if isinstance(i, Text)]
    assert not [t for t in index_texts if t.startswith("Scale")]
    foot = index.height - MARGIN - FOOTER
    assert not [r for r in index.items if isinstance(r, Rect) and r.y > foot]  # the bar's hex blocks
    assert [r for r in tile.items if isinstance(r, Rect) and r.y > foot]
    assert any("not to scale" in t for t in index_texts)
    # the calibration ruler stays: a 4 in line
    assert any(
        isinstance(i, Lines) and any(abs(math.dist(a, b) - inch(4)) < 1e-6 for a, b in i.segments)
        for i in index.items
    )
    assert "Scale: 1 hex = 60 m" in [i.text for i in tile.items if isinstance(i, Text)]


# --- finding the hex under a point ---------------------------------------------------------------


@given(
    st.sampled_from(["flat", "pointy"]),
    st.sampled_from(["ul", "ll"]),
    st.floats(-80, 700),
    st.floats(-80, 600),
)
def test_locate_finds_the_hex_whose_centre_is_nearest(orientation, origin, x, y):
    from sheetgen.layout.maps import Grid

    grid = Grid(10, 8, 50.0, orientation, origin)
    cells = [(c, v) for c in range(-4, 20) for v in range(-4, 18)]
    nearest = min(math.dist(grid.center(*cell), (x, y)) for cell in cells)
    assert math.dist(grid.center(*grid.locate(x, y)), (x, y)) == pytest.approx(nearest, abs=1e-9)


def test_locate_reads_a_hex_number_position_back_to_its_hex():
    from sheetgen.core.hexlabel import hex_label
    from sheetgen.layout.maps import Grid

    opts = MapOptions(cols=6, rows=5, orientation="pointy", origin="ll")
    (page,) = layout_map(opts).pages
    grid = Grid(6, 5, 72.0, "pointy", "ll")
    numbers = next(i for i in page.items if isinstance(i, Labels))
    hexes = [i for i in page.items if isinstance(i, Lines)]
    assert hexes
    # a number sits in its own hex: undo the page offset of hex 0101's centre
    (x01, y01) = next((x, y) for x, y, t in numbers.items if t == "0101")
    cx, cy = grid.center(*grid.cell(0, 0))
    dx, dy = x01 - cx, y01 - cy
    for x, y, text in numbers.items:
        c, v = grid.locate(x - dx, y - dy + 1)
        col, row = c, grid.label_row(v)
        assert hex_label(col, row) == text


# --- long texts: fitted, wrapped or shortened, never overprinted --------------------------------

LONG_TITLE = (
    "The Long and Weary Campaign of the Outer Marches, in which the Grand Fleet of the Terran "
    "Federation Meets the Combined Squadrons of the Khanate at the Battle of the Seven Warp Points"
)
LONG = """\
scenario: {title}
game: starfire
map:
  cols: {cols}
  rows: {rows}
  hex: {hex}
  orientation: {orientation}
  terrain:
    - {{type: warp-point, name: Warp point of the Seven Sorrows and Lamentations, at: "0505"}}
  start:
    - {{ship: Indomitable Vengeance of the Outer Marches, at: "0203", facing: NE}}
    - {{ship: Arrow, at: "0303", facing: S}}
    - {{ship: Supercalifragilisticexpialidocious-Hyperdrive-Mark-Seven, at: "0603"}}
    - {{ship: Dart, at: "0704", facing: {facing}}}
sides:
  - name: A
    fleet:
      - design: {ship}
        count: 2
        names: [Indomitable Vengeance of the Outer Marches, Arrow]
  - name: B
    fleet:
      - design: {ship}
        count: 2
        names: [Supercalifragilisticexpialidocious-Hyperdrive-Mark-Seven, Dart]
"""


def _long(write, *, cols=8, rows=6, hex="1in", orientation="flat", title=LONG_TITLE, paper="letter"):
    ship = DESIGNS / "starfire" / "ships" / "escort-picket.yaml"
    facing = "NW" if orientation == "flat" else "W"
    text = LONG.format(
        title=title, cols=cols, rows=rows, hex=hex, orientation=orientation, ship=ship, facing=facing
    )
    if orientation == "pointy":
        text = text.replace("facing: NE", "facing: E").replace("facing: S}", "facing: SE}")
    scenario, result = load_scenario(write("long.yaml", text))
    assert scenario is not None and not result.input_errors, result
    return map_options(scenario, paper=paper)


@pytest.mark.parametrize(("hex", "orientation"), [("1in", "flat"), ("0.75in", "flat"), ("1in", "pointy")])
def test_long_names_at_start_positions_stay_in_their_hex_clear_of_every_arrow(write, hex, orientation):
    """A ship's or warp point's name is kept within its hex's width (66 % of the hex across
    the flats, flat-topped; 80 %, pointy) and above its foot, and covers no start marker,
    its own or a neighbour's: shrunk, wrapped, or cut with an ellipsis."""
    opts = _long(write, hex=hex, orientation=orientation)
    s = opts.hex_size
    (page,) = layout_map(opts).pages
    names = [i for i in page.items if isinstance(i, Text) and i.font == "SheetCondensed"]
    markers = [
        b
        for i in page.items
        if isinstance(i, (Polygon, Circle)) and i.style.stroke == "#ffffff"
        for b in item_boxes(i)
    ]
    rings = [b for i in page.items if isinstance(i, Circle) and i.style.dash for b in item_boxes(i)]
    assert len(markers) == 4 and len(rings) == 1
    room = s * (0.66 if orientation == "flat" else 0.8)
    shown = []
    for name in names:
        (box,) = item_boxes(name)
        assert box[2] - box[0] <= room + 1e-6, name
        assert name.size >= 4.0
        assert not [m for m in markers + rings if overlap(box, m)], f"{name.text!r} covers a marker"
        others = [b for i in names if i is not name for b in item_boxes(i)]
        assert not [o for o in others if overlap(box, o)], f"{name.text!r} overprints a name"
        shown.append(name.text)
    words = " ".join(shown)
    assert "Arrow" in shown and "Dart" in shown
    # the long names are there whole on several lines, or visibly shortened
    assert "Indomitable" in words and ("Marches" in words or "…" in words)
    assert "Supercali" in words and "…" in words


@pytest.mark.parametrize("cols", [8, 40])
def test_a_long_scenario_name_is_shortened_with_an_ellipsis_clear_of_the_tile_caption(write, cols):
    """A 200-character scenario name: the heading stops 12 pt before the tile's caption at
    the right, inside the margins, ends in an ellipsis and keeps what follows the name."""
    assert len(LONG_TITLE) > 170
    opts = _long(write, cols=cols, rows=30 if cols > 8 else 6)
    pages = layout_map(opts).pages
    for page in pages:
        header = sorted(
            (i for i in page.items if isinstance(i, Text) and i.y == MARGIN + 11), key=lambda t: t.x
        )
        title, *right = header
        (box,) = item_boxes(title)
        assert box[0] >= MARGIN
        assert "…" in title.text and title.text.split("…")[0] in LONG_TITLE
        assert right, page.label
        (caption,) = item_boxes(right[0])
        assert box[2] <= caption[0] - 12 + 1e-6, page.label
        assert caption[2] <= page.width - MARGIN + 1e-6
        if page.label == "Assembly index":
            assert title.text.endswith("…: assembly index")
    if cols > 8:
        assert pages[0].label == "Assembly index"


# --- alignment marks: never under a start position or a body ------------------------------------

BUNDLED = sorted(DESIGNS.glob("*/scenarios/*.yaml"))


@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_no_start_marker_name_or_body_lies_on_an_alignment_mark(path):
    """On every tile of every bundled scenario's map, the ⊕ marks (ring and cross, in the
    style's mark ink) touch no start arrow or dot, no ship's or body's name, and no
    planet, moon or warp point: each mark shows whole, and so does what is in the hex."""
    from sheetgen.layout.maps.context import PALETTES

    scenario, result = load_scenario(path)
    assert scenario is not None and not result.input_errors
    opts = map_options(scenario)
    ink = PALETTES[opts.style].mark
    checked = 0
    pages = layout_map(opts).pages
    for page in pages:
        marks = [
            b
            for i in page.items
            if isinstance(i, (Circle, Lines)) and i.style.stroke == ink and not i.style.dash
            for b in item_boxes(i)
        ]
        things = [
            (i, b)
            for i in page.items
            if (
                isinstance(i, (Polygon, Circle))
                and i.style.stroke in ("#ffffff", PALETTES[opts.style].body_stroke)
            )
            or (isinstance(i, Circle) and i.style.stroke == PALETTES[opts.style].warp)
            or (isinstance(i, Text) and i.font == "SheetCondensed")
            for b in item_boxes(i)
        ]
        for item, box in things:
            hit = [m for m in marks if overlap(box, m)]
            assert not hit, (
                f"{path.stem} {page.label}: {type(item).__name__} {getattr(item, 'text', '')} on a mark"
            )
        checked += bool(marks) and bool(things)
    if opts.plan.starts and len(pages) > 1:
        assert checked  # the test saw marks and markers together


def test_the_start_at_0716_in_small_task_groups_keeps_its_hex_free_of_marks_on_both_pages():
    """The case reported: Dart starts in 0716, on the cut line between tiles C1 and D1. Both
    pages leave out the ⊕ there and keep the rest of that line's marks, at the same hexes."""
    opts = _scenario_options("small-task-groups")
    pages = {p.label: p for p in layout_map(opts).pages}
    from sheetgen.layout.maps.context import PALETTES

    ink = PALETTES[opts.style].mark

    def rings(page):
        return [i.center for i in page.items if isinstance(i, Circle) and i.style.stroke == ink]

    from sheetgen.layout.maps.options import label_font

    # a hex number's baseline lies this far from its hex's centre (near its top edge)
    label_dy = -opts.hex_size / 2 + label_font(opts.hex_size) * 0.95 + opts.hex_size * 0.02

    def number_at(page, point):
        """The hex a ⊕ marks: the one whose centre is nearest (a cut line runs within the
        overlap, off the centres where that keeps it clear of the hex numbers)."""
        (labels,) = [i for i in page.items if isinstance(i, Labels)]
        return min(labels.items, key=lambda t: (t[0] - point[0]) ** 2 + (t[1] - label_dy - point[1]) ** 2)[2]

    for name in ("C1", "D1"):
        numbers = {number_at(pages[name], c) for c in rings(pages[name])}
        assert "0716" not in numbers, name
        assert {"0516", "0916"} <= numbers, name
