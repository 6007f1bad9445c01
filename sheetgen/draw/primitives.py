"""Layout primitives in physical units.

All coordinates and lengths are in points (pt, 1/72 in), origin at the top-left
of the page, y growing downwards. Helpers :func:`mm` and :func:`inch` convert.
Nothing here imports a writer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "PT_PER_IN",
    "PT_PER_MM",
    "Circle",
    "Drawing",
    "Item",
    "Labels",
    "Lines",
    "Page",
    "Polygon",
    "Primitive",
    "Rect",
    "Style",
    "Text",
    "inch",
    "mm",
    "snap",
]

PT_PER_IN = 72.0
PT_PER_MM = 72.0 / 25.4

Point = tuple[float, float]


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * PT_PER_MM


def inch(value: float) -> float:
    """Inches to points."""
    return value * PT_PER_IN


def snap(point: Point, places: int = 4) -> Point:
    """``point`` (pt) with each coordinate rounded to ``places`` decimals of a pt
    (4: 1/10,000 pt, far below what a printer resolves), so the same corner
    computed along two paths compares and hashes equal: shared edges of
    neighbouring counters or hexes are then found, and drawn, once."""
    return (round(point[0], places), round(point[1], places))


@dataclass(frozen=True)
class Style:
    """Stroke and fill: colours as ``#rrggbb`` (``None`` = none), ``width`` in pt,
    ``dash`` as on/off lengths in pt, ``opacity`` 0..1 for the fill."""

    stroke: str | None = "#000000"
    fill: str | None = None
    width: float = 0.5
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0


@dataclass(frozen=True)
class Polygon:
    """A closed polygon through ``points`` (pt)."""

    points: tuple[Point, ...]
    style: Style = Style()


@dataclass(frozen=True)
class Lines:
    """Many straight segments drawn as one path: ``segments`` of ``(start, end)`` points (pt).

    Maps put every hex edge in one :class:`Lines` so each shared edge is drawn once.
    """

    segments: tuple[tuple[Point, Point], ...]
    style: Style = Style()


@dataclass(frozen=True)
class Circle:
    """A circle: ``center`` and radius ``r`` in pt."""

    center: Point
    r: float
    style: Style = Style()


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: top-left ``x``, ``y``, width ``w``, height ``h`` in pt."""

    x: float
    y: float
    w: float
    h: float
    style: Style = Style()


@dataclass(frozen=True)
class Text:
    """One line of text with its baseline at ``y`` (pt).

    ``anchor`` is ``"start"``, ``"middle"`` or ``"end"`` of the line at ``x``;
    ``font`` is a bundled family (``"SheetSans"``, ``"SheetCondensed"``);
    ``size`` in pt; ``rotate`` in degrees clockwise about (x, y).
    """

    x: float
    y: float
    text: str
    size: float = 8.0
    font: str = "SheetSans"
    bold: bool = False
    anchor: str = "start"
    fill: str = "#000000"
    rotate: float = 0.0


@dataclass(frozen=True)
class Labels:
    """Many one-line texts in one style, drawn as one group: ``items`` of
    ``(x, y, text)`` with the baseline at ``y`` (pt); ``anchor``, ``font``, ``size``
    (pt) and ``fill`` as for :class:`Text`, shared by every item.

    Maps put every hex number of a page in one :class:`Labels`, so writers set the
    font and colour once instead of once per hex.
    """

    items: tuple[tuple[float, float, str], ...]
    size: float = 8.0
    font: str = "SheetSans"
    bold: bool = False
    anchor: str = "middle"
    fill: str = "#000000"


Primitive = Polygon | Lines | Circle | Rect | Text
#: What a page holds: any primitive, or many texts in one :class:`Labels`.
Item = Primitive | Labels


@dataclass
class Page:
    """One page: ``width`` x ``height`` in pt, its primitives in drawing order, a label."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    label: str = ""

    def add(self, *items: Item) -> None:
        self.items.extend(items)


@dataclass
class Drawing:
    """Pages in order, with a title and a subject (what it is: "Hex map, 36 x 30
    hexes"; empty: the title) for the document's metadata."""

    title: str
    pages: list[Page] = field(default_factory=list)
    subject: str = ""
