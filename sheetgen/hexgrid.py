"""Hex geometry: one pure module for maps, counters and rules.

Coordinates are axial ``Hex(q, r)`` with the cube's third coordinate
``s = -q - r`` (the Red Blob Games convention). Nothing here knows about
paper: a :class:`Layout` alone turns hexes into points (pt) and back.

Orientations:

* ``"flat"`` (flat-topped, the default): the six directions are N, NE, SE, S,
  SW, NW, the neighbours Kill Radius vectors use; columns are the map's
  x axis.
* ``"pointy"`` (pointy-topped): E, NE, NW, W, SW, SE.

Sizes follow the wargame convention: a hex's *size* is its width across the
flats (flat-to-flat), so a "1 in hex" measures 1 in between opposite sides.

Ranges: Starfire counts the target's hex but not the firer's, which is
:func:`distance`; Kill Radius counts hexes strictly between, which is
:func:`hexes_between`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

__all__ = [
    "DIRECTIONS",
    "Hex",
    "Layout",
    "direction_names",
    "distance",
    "format_vector",
    "from_offset",
    "hex_line",
    "hexes_between",
    "hexes_within",
    "neighbor",
    "neighbors",
    "parse_vector",
    "to_offset",
    "turn",
]


@dataclass(frozen=True, order=True)
class Hex:
    """A hex in axial coordinates; ``s`` is derived so ``q + r + s == 0``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    __rmul__ = __mul__


#: Unit steps by direction name, in clockwise order, per orientation.
DIRECTIONS: dict[str, dict[str, Hex]] = {
    "flat": {
        "N": Hex(0, -1),
        "NE": Hex(1, -1),
        "SE": Hex(1, 0),
        "S": Hex(0, 1),
        "SW": Hex(-1, 1),
        "NW": Hex(-1, 0),
    },
    "pointy": {
        "NE": Hex(1, -1),
        "E": Hex(1, 0),
        "SE": Hex(0, 1),
        "SW": Hex(-1, 1),
        "W": Hex(-1, 0),
        "NW": Hex(0, -1),
    },
}


def direction_names(orientation: str = "flat") -> list[str]:
    """The six direction names clockwise (flat: ``N NE SE S SW NW``)."""
    return list(DIRECTIONS[orientation])


def neighbor(h: Hex, direction: str, orientation: str = "flat") -> Hex:
    """The hex next to ``h`` in ``direction`` (``"N"``, ``"SE"``...). Raises KeyError for an unknown name."""
    return h + DIRECTIONS[orientation][direction]


def neighbors(h: Hex, orientation: str = "flat") -> list[Hex]:
    """The six hexes next to ``h``, clockwise in the order of :func:`direction_names`."""
    return [h + step for step in DIRECTIONS[orientation].values()]


def turn(direction: str, hexsides: int, orientation: str = "flat") -> str:
    """``direction`` turned ``hexsides`` clockwise (negative: counterclockwise).

    >>> turn("N", -2)
    'SW'
    """
    names = direction_names(orientation)
    return names[(names.index(direction) + hexsides) % 6]


def distance(a: Hex, b: Hex) -> int:
    """Hexes from ``a`` to ``b``, counting ``b`` but not ``a`` (0 for the same hex)."""
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def hexes_between(a: Hex, b: Hex) -> int:
    """Hexes strictly between ``a`` and ``b`` (Kill Radius range R; 0 when adjacent or the same)."""
    return max(0, distance(a, b) - 1)


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at :func:`distance` ``<= radius`` from ``center`` (``1 + 3r(r+1)`` hexes),
    sorted; empty for a negative radius. Deployment zones such as "within 15 hexes of
    the warp point" are this set."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included (``distance + 1`` hexes).

    Points are nudged by a tiny epsilon so a line along a hex edge picks one side consistently.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    out = []
    for i in range(n + 1):
        t = i / n
        q = a.q + eps + (b.q - a.q) * t
        r = a.r + eps + (b.r - a.r) * t
        out.append(_round(q, r))
    return out


# --- vectors (Kill Radius, RULINGS KR-6) ---------------------------------------------------

_VECTOR = re.compile(r"(\d+)\s*(NE|NW|SE|SW|N|S|E|W)", re.IGNORECASE)


def parse_vector(text: str, orientation: str = "flat") -> Hex:
    """Read a vector such as ``"2N2NW"`` or ``"4S"`` as a displacement; ``"0"`` or ``""`` is none.

    Raises ``ValueError`` naming the text if it is not legs of ``<count><direction>``.
    """
    cleaned = text.replace(" ", "").upper()
    if cleaned in ("", "0"):
        return Hex(0, 0)
    legs = _VECTOR.findall(cleaned)
    if "".join(f"{n}{d.upper()}" for n, d in legs) != cleaned:
        raise ValueError(f"not a vector: {text!r} (write legs like 2N2NW)")
    total = Hex(0, 0)
    for count, name in legs:
        step = DIRECTIONS[orientation].get(name.upper())
        if step is None:
            raise ValueError(
                f"{name} is not a direction on a {orientation}-topped grid ({' '.join(direction_names(orientation))})"
            )
        total = total + step * int(count)
    return total


def format_vector(d: Hex, orientation: str = "flat") -> str:
    """A displacement as at most two legs in adjacent directions, in the order the
    directions are listed (flat: N, NE, SE, S, SW, NW), e.g. ``"1N3NW"``; ``"0"`` for none.

    >>> format_vector(parse_vector("4N") + parse_vector("3SW"))
    '1N3NW'
    """
    if d == Hex(0, 0):
        return "0"
    names = direction_names(orientation)
    steps = DIRECTIONS[orientation]
    for i in range(6):
        a_name, b_name = names[i], names[(i + 1) % 6]
        a, b = steps[a_name], steps[b_name]
        det = a.q * b.r - a.r * b.q
        x = (d.q * b.r - d.r * b.q) / det
        y = (a.q * d.r - a.r * d.q) / det
        if x >= 0 and y >= 0 and x.is_integer() and y.is_integer():
            legs = sorted([(names.index(a_name), int(x), a_name), (names.index(b_name), int(y), b_name)])
            return "".join(f"{n}{name}" for _, n, name in legs if n)
    raise AssertionError(f"unreachable: {d}")  # pragma: no cover - every vector lies in one sextant


# --- offset coordinates (map labels) ---------------------------------------------------------


def to_offset(h: Hex, orientation: str = "flat") -> tuple[int, int]:
    """``(col, row)``, 0-based, of ``h`` on a rectangular map whose top-left hex is
    ``Hex(0, 0)``: flat-topped maps shift odd columns down half a hex, pointy-topped
    maps shift odd rows right (the usual wargame layouts, labelled ``0101`` at top-left)."""
    if orientation == "flat":
        return h.q, h.r + (h.q - (h.q & 1)) // 2
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def from_offset(col: int, row: int, orientation: str = "flat") -> Hex:
    """The hex at 0-based ``(col, row)``; inverse of :func:`to_offset`."""
    if orientation == "flat":
        return Hex(col, row - (col - (col & 1)) // 2)
    return Hex(col - (row - (row & 1)) // 2, row)


# --- layout: hexes to points --------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Places hexes on paper: ``size`` is the flat-to-flat width in pt, ``origin``
    the centre of ``Hex(0, 0)`` in pt (y down), ``orientation`` flat or pointy."""

    size: float
    origin: tuple[float, float] = (0.0, 0.0)
    orientation: str = "flat"

    @property
    def radius(self) -> float:
        """Centre-to-corner distance in pt (flat-to-flat / sqrt 3)."""
        return self.size / math.sqrt(3)

    def center(self, h: Hex) -> tuple[float, float]:
        """Centre of ``h`` in pt."""
        r = self.radius
        if self.orientation == "flat":
            x = r * 1.5 * h.q
            y = r * math.sqrt(3) * (h.r + h.q / 2)
        else:
            x = r * math.sqrt(3) * (h.q + h.r / 2)
            y = r * 1.5 * h.r
        return self.origin[0] + x, self.origin[1] + y

    def corner_offsets(self) -> list[tuple[float, float]]:
        """The six corners relative to a hex's centre, in pt, in the order of :meth:`corners`.

        Layout code adds these to :meth:`center` instead of calling :meth:`corners` per hex.
        """
        start = 0 if self.orientation == "flat" else -30
        r = self.radius
        return [
            (r * math.cos(math.radians(start + 60 * i)), r * math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h`` in pt, clockwise (y down) from the east corner (flat)
        or the north-east corner (pointy)."""
        cx, cy = self.center(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing point ``(x, y)`` in pt."""
        px, py = x - self.origin[0], y - self.origin[1]
        r = self.radius
        if self.orientation == "flat":
            q = (2 / 3 * px) / r
            rr = (-1 / 3 * px + math.sqrt(3) / 3 * py) / r
        else:
            q = (math.sqrt(3) / 3 * px - 1 / 3 * py) / r
            rr = (2 / 3 * py) / r
        return _round(q, rr)
