"""Issue 27: trimmed along its dashed cut lines, a tile keeps every hex number, name
and arrow whole: no cut line runs through one. Read from the layout primitives, boxes
measured with the fonts' metrics (``tests/layout/test_map_ink.py``'s ``item_boxes``)."""

from __future__ import annotations

import pytest

from sheetgen.draw.primitives import Labels, Lines, Polygon, Text, inch
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


@pytest.mark.parametrize("name", ["small-task-groups", "convoy-raid", "warp-point-assault"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_cut_line_runs_through_a_hex_number_name_or_arrow(name: str, paper: str) -> None:
    assert crossings(_options(name, paper)) == []


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
