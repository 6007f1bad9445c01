"""Read drawn geometry back out of PDF and SVG files, for tests that measure
what is on paper instead of trusting the options passed.

:func:`pdf_shapes` walks each page's content stream (pypdf) and returns the
filled rectangles and polygons with their fill colour, in pt with the origin
at the page's top-left corner and y down (the layout's convention), so a test
can compare them with the layout or with each other.
"""

from __future__ import annotations

import io
import itertools
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

Point = tuple[float, float]
RGB = tuple[float, float, float]


def rgb(colour: str) -> RGB:
    """``#rrggbb`` as three floats 0..1."""
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def same_colour(a: RGB | None, b: RGB | str) -> bool:
    other = rgb(b) if isinstance(b, str) else b
    return a is not None and all(abs(x - y) < 0.003 for x, y in zip(a, other, strict=True))


@dataclass
class PdfRect:
    x: float
    y: float
    w: float
    h: float
    fill: RGB | None


@dataclass
class PdfPage:
    width: float
    height: float
    rects: list[PdfRect] = field(default_factory=list)
    polygons: list[tuple[tuple[Point, ...], RGB | None]] = field(default_factory=list)
    strokes: list[tuple[Point, Point]] = field(default_factory=list)

    def filled(self, colour: str) -> list[PdfRect]:
        """Rectangles filled with ``colour``, in drawing order."""
        return [r for r in self.rects if same_colour(r.fill, colour)]


def pdf_shapes(data: bytes) -> list[PdfPage]:
    """Filled rectangles, filled polygons and stroked segments of every page (pt, top-left origin)."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(data))
    pages = []
    for page in reader.pages:
        height = float(page.mediabox.height)
        out = PdfPage(float(page.mediabox.width), height)
        fill: RGB | None = (0.0, 0.0, 0.0)
        stack: list[RGB | None] = []
        rects: list[tuple[float, float, float, float]] = []
        path: list[list[Point]] = []
        stream = ContentStream(page.get_contents(), reader)
        for operands, op in stream.operations:
            name = op.decode() if isinstance(op, bytes) else op
            if name == "q":
                stack.append(fill)
            elif name == "Q":
                fill = stack.pop()
            elif name in ("rg", "k"):  # a press file's fill is CMYK: four values
                fill = tuple(float(v) for v in operands)  # type: ignore[assignment]
            elif name == "re":
                x, y, w, h = (float(v) for v in operands)
                rects.append((x, height - y - h, w, h))
            elif name == "m":
                path.append([(float(operands[0]), height - float(operands[1]))])
            elif name == "l":
                path[-1].append((float(operands[0]), height - float(operands[1])))
            elif name in ("f", "f*", "B", "B*", "b", "b*", "S", "s", "n"):
                if name.lower().startswith(("f", "b")):
                    out.rects.extend(PdfRect(*r, fill) for r in rects)
                    out.polygons.extend((tuple(p), fill) for p in path if len(p) > 2)
                if name in ("S", "s", "B", "B*"):
                    for p in path:
                        out.strokes.extend(itertools.pairwise(p))
                rects, path = [], []
        pages.append(out)
    return pages


def svg_rects(data: bytes, colour: str | None = None) -> list[tuple[float, float, float, float]]:
    """``(x, y, width, height)`` of the SVG's rect elements (filled with ``colour`` if given)."""
    root = ET.fromstring(data)
    out = []
    for el in root.iter("{http://www.w3.org/2000/svg}rect"):
        if colour is None or el.get("fill", "").lower() == colour.lower():
            out.append(tuple(float(el.get(k, "0")) for k in ("x", "y", "width", "height")))
    return out  # type: ignore[return-value]


def svg_size(data: bytes) -> tuple[str, str, str]:
    """The root's width, height and viewBox attributes."""
    root = ET.fromstring(data)
    return root.get("width", ""), root.get("height", ""), root.get("viewBox", "")


def svg_polygons(data: bytes, colour: str) -> list[tuple[Point, ...]]:
    """Points of the SVG's polygon elements filled with ``colour``."""
    root = ET.fromstring(data)
    out = []
    for el in root.iter("{http://www.w3.org/2000/svg}polygon"):
        if el.get("fill", "").lower() == colour.lower():
            nums = [float(v) for v in el.get("points", "").replace(",", " ").split()]
            out.append(tuple(zip(nums[::2], nums[1::2], strict=True)))
    return out


Box = tuple[float, float, float, float]


def ink_box(item: object) -> Box:
    """``(left, top, right, bottom)`` in pt of what a layout primitive inks: strokes
    widened by half their width, text from the font's ascender to its descender
    (the bundled fonts' own metrics), text turned by 0 or 180 degrees."""
    from reportlab.pdfbase import pdfmetrics

    from sheetgen.draw.fonts import font_name, register_fonts
    from sheetgen.draw.primitives import Circle, Labels, Lines, Polygon, Rect, Text
    from sheetgen.layout.text import text_width

    def widen(box: Box, style: object) -> Box:
        half = style.width / 2 if style.stroke else 0.0  # type: ignore[attr-defined]
        return (box[0] - half, box[1] - half, box[2] + half, box[3] + half)

    def around(points: list[Point]) -> Box:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs), min(ys), max(xs), max(ys))

    if isinstance(item, Rect):
        return widen((item.x, item.y, item.x + item.w, item.y + item.h), item.style)
    if isinstance(item, Circle):
        (cx, cy), r = item.center, item.r
        return widen((cx - r, cy - r, cx + r, cy + r), item.style)
    if isinstance(item, Polygon):
        return widen(around(list(item.points)), item.style)
    if isinstance(item, Lines):
        return widen(around([p for seg in item.segments for p in seg]), item.style)
    if isinstance(item, Text):
        register_fonts()
        face = pdfmetrics.getFont(font_name(item.font, item.bold)).face
        ascent, descent = face.ascent / 1000 * item.size, -face.descent / 1000 * item.size
        width = text_width(item.text, item.size, item.font, item.bold)
        start = {"start": 0.0, "middle": -width / 2, "end": -width}[item.anchor]
        if item.rotate % 360 == 0:
            return (item.x + start, item.y - ascent, item.x + start + width, item.y + descent)
        assert item.rotate % 360 == 180, item
        return (item.x - start - width, item.y - descent, item.x - start, item.y + ascent)
    assert not isinstance(item, Labels), "counter sheets draw no Labels"
    raise TypeError(item)
