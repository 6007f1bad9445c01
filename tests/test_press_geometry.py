"""Issue 27: geometry stays exact in press files. The counter geometry checks of
``tests/layout/test_counters.py`` (edge size, neighbours' spacing, each back behind its own
front on long- and short-edge duplex) read back from ``--press`` files, now with their
1/8 in bleed and die lines; and a press map's hexes where the home print has them (the hex
size checks of ``tests/layout/test_maps.py`` run on press files too)."""

from __future__ import annotations

import colorsys
import io
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from sheetgen.draw.pdf import to_pdf
from sheetgen.games.starfire import GAME as STARFIRE
from sheetgen.layout.counters import CutMarks, SheetSpec, layout_counter_sheets, ship_counters
from sheetgen.layout.counters.paper import PRESS_BLEED
from sheetgen.render import press
from sheetgen.render.counters import die_lines
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS
from tests.mapgeom import pdf_paths

HAMMER = DESIGNS / "starfire" / "ships" / "destroyer-hammer.yaml"
Box = tuple[float, float, float, float]


def _colours(n: int) -> list[str]:
    """``n`` side colours far enough apart to stay apart in CMYK."""
    out = []
    for i in range(n):
        r, g, b = colorsys.hsv_to_rgb(i / n, 0.9, 0.45 + 0.5 * (i % 2))
        out.append(f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}")
    return out


def _press_sheets(n: int, size: float, duplex: str = "long") -> tuple[bytes, list[str]]:
    """``n`` ship counters, each its own colour, laid out as ``--press`` lays them out (1/8 in
    bleed, gutter twice that, crop marks) and written as a press file with their die lines."""
    stats = load_designs([HAMMER]).entries[0].stats
    colours = _colours(n)
    counters = []
    for colour in colours:
        counters += ship_counters(STARFIRE, stats, colour=colour, side="Blue")  # type: ignore[arg-type]
    spec = SheetSpec(size=size, duplex=duplex, bleed=PRESS_BLEED, cut=CutMarks.crop)  # type: ignore[arg-type]
    sheets = layout_counter_sheets(counters, spec)
    data = press.to_press(to_pdf(sheets.drawing), title="t", die_lines=die_lines(sheets, size))
    return data, colours


def _pages(data: bytes) -> list[dict[str, Any]]:
    """Per page (PDF coordinates of the trim: origin bottom left, y up): its trim size, the
    filled rectangles by CMYK fill, and the die-line rectangles."""
    reader = PdfReader(io.BytesIO(data))
    out = []
    for page in reader.pages:
        trim = [float(v) for v in page["/TrimBox"]]
        fills: dict[tuple[float, ...], list[Box]] = {}
        dies: list[Box] = []
        fill: tuple[float, ...] = (0, 0, 0, 1)
        pending: list[Box] = []
        in_die = False
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"k":
                fill = tuple(round(float(v), 4) for v in operands)
            elif op == b"CS" and operands[0] == "/CutContour":
                in_die = True
            elif op == b"re":
                pending.append(tuple(float(v) for v in operands))  # type: ignore[arg-type]
            elif op in (b"f", b"f*", b"B", b"b"):
                fills.setdefault(fill, []).extend(pending)
                pending = []
            elif op == b"S":
                if in_die:
                    dies.extend(pending)
                pending = []
            elif op == b"n":
                pending = []
        out.append({"width": trim[2] - trim[0], "height": trim[3] - trim[1], "fills": fills, "dies": dies})
    return out


def _filled(page: dict[str, Any], colour: str) -> list[Box]:
    r, g, b = (int(colour[k : k + 2], 16) / 255 for k in (1, 3, 5))
    return page["fills"].get(press.cmyk(r, g, b), [])


def _turned(page: dict[str, Any], duplex: str, box: Box) -> Box:
    """Where ``box`` of a back lands on its front once the sheet is turned over."""
    x, y, w, h = box
    if duplex == "long":
        return (round(page["width"] - x - w, 3), round(y, 3), w, h)
    return (round(x, 3), round(page["height"] - y - h, 3), w, h)


@pytest.mark.parametrize("size", [36.0, 45.0, 72.0, 20 * 72 / 25.4])
def test_press_counter_edge_bleed_and_spacing_measured_in_the_pdf(size: float) -> None:
    data, colours = _press_sheets(3, size)
    pages = _pages(data)
    assert len({press.cmyk(*(int(c[k : k + 2], 16) / 255 for k in (1, 3, 5))) for c in colours}) == 3
    for page in pages[:2]:
        arts = []
        for colour in colours:
            (art,) = _filled(page, colour)
            assert art[2] == pytest.approx(size + 2 * PRESS_BLEED, abs=0.001)
            assert abs(art[3]) == pytest.approx(size + 2 * PRESS_BLEED, abs=0.001)
            # its die line: the counter's own edge, 1/8 in inside the art all round
            x, y = art[0], min(art[1], art[1] + art[3])
            die = [d for d in page["dies"] if x < d[0] < x + art[2] and y < d[1] < y + abs(art[3])]
            assert len(die) == 1
            assert die[0][0] - x == pytest.approx(PRESS_BLEED, abs=0.001)
            assert die[0][1] - y == pytest.approx(PRESS_BLEED, abs=0.001)
            assert die[0][2:] == pytest.approx((size, size), abs=0.001)
            arts.append(die[0])
        # neighbours: edge to edge across the gutter, twice the bleed (right to left on a back)
        assert abs(arts[1][0] - arts[0][0]) == pytest.approx(size + 2 * PRESS_BLEED, abs=0.001)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_press_backs_land_behind_their_own_fronts(duplex: str) -> None:
    data, colours = _press_sheets(30, 54.0, duplex)  # more than a row: rows and columns both move
    front, back = _pages(data)[:2]
    for colour in colours:
        (f,) = _filled(front, colour)
        (b,) = _filled(back, colour)
        turned = _turned(back, duplex, b)
        assert turned == pytest.approx((f[0], f[1], f[2], f[3]), abs=0.001)
    assert {_turned(back, duplex, d) for d in back["dies"]} == {
        (round(x, 3), round(y, 3), w, h) for x, y, w, h in front["dies"]
    }


def test_press_map_hexes_lie_where_the_home_print_has_them(invoke: Any, tmp_path: Path) -> None:
    """Every hex edge of a tiled map's home print is in its press print, at the same place
    on the trimmed page (what the press print adds are the neighbours' edges in the bleed)."""
    home, pressed = tmp_path / "home.pdf", tmp_path / "press.pdf"
    args = ("map", "--cols", "30", "--rows", "24", "--hex", "5/8in")
    assert invoke(*args, "-o", home).exit_code == 0
    assert invoke(*args, "--press", "-o", pressed).exit_code == 0
    pages = len(PdfReader(home).pages)
    assert pages == len(PdfReader(pressed).pages) > 2
    added = 0
    for number in range(pages):
        # pdf_paths measures from the MediaBox's top, 1/8 in above the press page's trim
        plain = {_key(s, 0.0) for path in pdf_paths(home, number) for s in path}
        bled = {_key(s, 2 * PRESS_BLEED) for path in pdf_paths(pressed, number) for s in path}
        assert plain <= bled, number
        added += len(bled - plain)
    assert added > 0


def _key(segment: tuple[tuple[float, float], tuple[float, float]], dy: float) -> tuple[float, ...]:
    (ax, ay), (bx, by) = segment
    return (round(ax, 3), round(ay - dy, 3), round(bx, 3), round(by - dy, 3))
