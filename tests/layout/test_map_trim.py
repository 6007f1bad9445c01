"""Issue 27: trimmed along its dashed cut lines, a tile keeps every hex number, name
and arrow whole: no cut line runs through one. Read from the layout primitives, boxes
measured with the fonts' metrics (``tests/layout/test_map_ink.py``'s ``item_boxes``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.draw.primitives import Labels, Lines, Polygon, Text, inch
from sheetgen.kit import bundled_scenarios
from sheetgen.layout.maps import MapOptions, layout_map, map_options
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS
from tests.layout.test_map_ink import item_boxes

STARFIRE = DESIGNS / "starfire" / "scenarios"


#: A flat-topped map's facings on the same map turned pointy-topped (each hexside the next one clockwise).
POINTY = {"N": "NE", "NE": "E", "SE": "SE", "S": "SW", "SW": "W", "NW": "NW"}


def _options(name: str, paper: str = "letter", **changes: object) -> MapOptions:
    import dataclasses

    scenario, result = load_scenario(STARFIRE / f"{name}.yaml")
    assert scenario is not None and not result.input_errors
    opts = dataclasses.replace(map_options(scenario, paper=paper), **changes)
    if opts.orientation == "pointy":
        starts = tuple(
            dataclasses.replace(s, facing=POINTY[s.facing] if s.facing else None) for s in opts.plan.starts
        )
        opts = dataclasses.replace(opts, plan=dataclasses.replace(opts.plan, starts=starts))
    return opts


def crossings(opts: MapOptions) -> list[str]:
    """Every hex number, name (text) and arrow a tile's cut line runs through, as
    ``"<tile>: <what>"``."""
    found = []
    for page in layout_map(opts).pages[1:]:
        cuts = [seg for i in page.items if isinstance(i, Lines) and i.style.dash for seg in i.segments]
        assert len(cuts) <= 2, page.label
        for item in page.items:
            if isinstance(item, Labels):
                named = [
                    (box, text)
                    for box, (_x, _y, text) in zip(
                        item_boxes(item), [i for i in item.items if i[2]], strict=True
                    )
                ]
            elif isinstance(item, Text) and item.text != "✂":
                named = [(item_boxes(item)[0], item.text)]
            elif isinstance(item, Polygon) and item.style.stroke == "#ffffff":  # a start position's arrow
                named = [(item_boxes(item)[0], "arrow")]
            else:
                continue
            for (ax, ay), (bx, by) in cuts:
                for (x0, y0, x1, y1), text in named:
                    if ax == bx and x0 < ax < x1 and y0 < max(ay, by) and min(ay, by) < y1:
                        found.append(f"{page.label}: {text} (x {ax:.2f})")
                    if ay == by and y0 < ay < y1 and x0 < max(ax, bx) and min(ax, bx) < x1:
                        found.append(f"{page.label}: {text} (y {ay:.2f})")
    return found


@pytest.mark.parametrize("path", bundled_scenarios(), ids=lambda p: p.stem)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_cut_line_runs_through_a_hex_number_name_or_arrow(path: Path, paper: str) -> None:
    """Every bundled scenario's map; set-piece-battle's asteroid field "Anvil Rock" is named
    on a hex of the column tiles C2 and C3 share, too wide for any line beside it until
    names there leave the line a lane."""
    scenario, result = load_scenario(path)
    assert scenario is not None and not result.input_errors
    assert crossings(map_options(scenario, paper=paper)) == []


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("hex_size", [inch(5 / 8), inch(0.75), inch(1.0), inch(1.25)])
def test_cut_lines_clear_at_every_hex_size_and_orientation(orientation: str, hex_size: float) -> None:
    opts = _options("convoy-raid", orientation=orientation, hex_size=hex_size)
    assert crossings(opts) == []


def test_the_reported_crossings_are_gone() -> None:
    """small-task-groups map page 9 (tile B4: "3106"), convoy-raid page 4 (tile A3: "Pike" and its arrow)."""
    stg = layout_map(_options("small-task-groups"))
    assert stg.pages[8].label == "B4"
    assert crossings(_options("small-task-groups")) == []
    raid = layout_map(_options("convoy-raid"))
    assert "Pike" in [i.text for i in raid.pages[3].items if isinstance(i, Text)]


def struck_labels(opts: MapOptions) -> list[str]:
    """Zone labels a hex edge strikes through: a grid segment crossing the label's text
    that no ground drawn after it (and before the text) covers."""
    from sheetgen.draw.primitives import Rect
    from sheetgen.layout.maps.context import PALETTES

    from tests.layout.test_map_ink import _zone_texts, overlap

    pal = PALETTES[opts.style]
    found = []
    for page in layout_map(opts).pages[1:]:
        grid_at = [
            n
            for n, i in enumerate(page.items)
            if isinstance(i, Lines) and i.style.stroke == pal.grid and not i.style.dash
        ]
        for zone in opts.plan.zones:
            for text in _zone_texts(page, zone):
                (box,) = item_boxes(text)
                at = page.items.index(text)
                for n in grid_at:
                    hit = [
                        seg for seg in page.items[n].segments if overlap(box, item_boxes(Lines((seg,)))[0])
                    ]
                    covered = any(
                        isinstance(r, Rect)
                        and r.style.fill
                        and r.x <= box[0]
                        and box[2] <= r.x + r.w
                        and r.y <= box[1]
                        and box[3] <= r.y + r.h
                        for r in page.items[n + 1 : at]
                    )
                    if hit and not covered:
                        found.append(f"{page.label}: {text.text}")
    return found


@pytest.mark.parametrize("name", ["small-task-groups", "convoy-raid", "warp-point-assault"])
@pytest.mark.parametrize("style", ["plain", "starfield"])
def test_no_hex_edge_strikes_through_a_zone_label(name: str, style: str) -> None:
    opts = _options(name, style=style)
    assert opts.plan.zones
    assert struck_labels(opts) == []


def _inside_hex(point: tuple[float, float], centre: tuple[float, float], flats: float, flat: bool) -> bool:
    """Whether ``point`` lies in the regular hexagon ``flats`` pt across the flats about ``centre``."""
    dx, dy = abs(point[0] - centre[0]), abs(point[1] - centre[1])
    if not flat:
        dx, dy = dy, dx
    radius = flats / 3**0.5
    return dy <= flats / 2 + 1e-6 and 3**0.5 * dx + dy <= 3**0.5 * radius + 1e-6


def _outside_by(point: tuple[float, float], centre: tuple[float, float], flats: float, flat: bool) -> float:
    """How far (pt) ``point`` lies outside the regular hexagon ``flats`` pt across the flats
    about ``centre`` (0 inside): the largest excess over its three pairs of sides."""
    dx, dy = abs(point[0] - centre[0]), abs(point[1] - centre[1])
    if not flat:
        dx, dy = dy, dx
    half = flats / 2  # each side's distance from the centre
    # normals of a flat-topped hexagon's sides: (0, 1) and (±sin 60, cos 60)
    return max(0.0, dy - half, dx * 3**0.5 / 2 + dy / 2 - half)


def captions_outside(opts: MapOptions) -> list[str]:
    """Names printed at the foot of a hex (start positions, bodies, warp points: bold
    condensed) whose ink box leaves their hex, and by how much (pt)."""
    from sheetgen.layout.maps import Grid

    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    label_dy = _label_dy(opts)
    found = []
    for page in layout_map(opts).pages[1:]:
        (labels,) = [i for i in page.items if isinstance(i, Labels)]
        x, y, text = labels.items[0]  # a hex number tells where the grid is on the page
        c, v = grid.cell(int(text[:2]) - 1, int(text[2:]) - 1)
        cx, cy = grid.center(c, v)
        ox, oy = x - cx, y - label_dy - cy
        for item in page.items:
            if not (isinstance(item, Text) and item.font == "SheetCondensed" and item.bold):
                continue
            (box,) = item_boxes(item)
            centre = grid.center(*grid.locate(item.x - ox, item.y - oy - 1))
            centre = (centre[0] + ox, centre[1] + oy)
            corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
            out = max(_outside_by(p, centre, opts.hex_size, grid.flat) for p in corners)
            if out > 1e-6:
                found.append(f"{page.label}: {item.text!r} {out:.2f}")
    return found


def _label_dy(opts: MapOptions) -> float:
    """How far a hex number's baseline lies below its hex's centre (pt)."""
    from sheetgen.layout.maps import Grid, plan_pages
    from sheetgen.layout.maps.context import MapContext

    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    return MapContext(opts, plan_pages(opts), grid).label_dy


LONG_NAMES = ["Pike", "Indomitable", "Lance of the Morning Star", "Wolfhound", "Marquis de Lafayette"]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("hex_size", [inch(5 / 8), inch(0.75), inch(1.0), inch(1.5)])
def test_start_and_body_names_stay_within_their_hex(orientation: str, hex_size: float) -> None:
    import dataclasses

    opts = _options("convoy-raid", orientation=orientation, hex_size=hex_size)
    starts = tuple(
        dataclasses.replace(s, label=LONG_NAMES[k % len(LONG_NAMES)]) for k, s in enumerate(opts.plan.starts)
    )
    opts = dataclasses.replace(opts, plan=dataclasses.replace(opts.plan, starts=starts))
    assert captions_outside(opts) == []
