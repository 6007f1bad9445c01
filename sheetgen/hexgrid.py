"""Hex geometry: one pure module for maps, counters and rules.

Coordinates are axial ``Hex(q, r)`` with the cube's third coordinate
``s = -q - r`` (the Red Blob Games convention). Rectangular maps number their
hexes in offset coordinates (column, row): :func:`to_offset` and
:func:`from_offset` convert, and an :class:`OffsetGrid` knows a map's numbering
(its size, the corner it counts from, which columns or rows sit half a hex out of
line). Nothing here knows about paper: a :class:`Layout` alone turns hexes into
points (pt) and back.

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
from typing import Literal, get_args

__all__ = [
    "DIRECTIONS",
    "ORIENTATIONS",
    "ORIGINS",
    "SHIFTS",
    "Hex",
    "Layout",
    "OffsetGrid",
    "Orientation",
    "Origin",
    "Shifted",
    "direction_names",
    "distance",
    "edge_directions",
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


#: Which way a map's hexes point: flat-topped or pointy-topped (see the module).
Orientation = Literal["flat", "pointy"]
#: The orientations, flat-topped (the default) first.
ORIENTATIONS: tuple[Orientation, ...] = get_args(Orientation)
#: The corner a map's numbering starts from (hex ``0101``): upper left or lower left.
Origin = Literal["ul", "ll"]
#: Which lines of an offset map sit half a hex out of line (see :data:`SHIFTS`).
Shifted = Literal["odd", "even"]


@dataclass(frozen=True, order=True)
class Hex:
    """A hex in axial coordinates; ``s`` is derived so ``q + r + s == 0``. Hexes add,
    subtract and scale as displacements.

    >>> Hex(2, -1).s, Hex(2, -1) + 2 * Hex(0, 1)
    (-1, Hex(q=2, r=1))
    """

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
DIRECTIONS: dict[Orientation, dict[str, Hex]] = {
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


def direction_names(orientation: Orientation = "flat") -> list[str]:
    """The six direction names clockwise (flat: ``N NE SE S SW NW``).

    >>> direction_names("pointy")
    ['NE', 'E', 'SE', 'SW', 'W', 'NW']
    """
    return list(DIRECTIONS[orientation])


def neighbor(h: Hex, direction: str, orientation: Orientation = "flat") -> Hex:
    """The hex next to ``h`` in ``direction`` (``"N"``, ``"SE"``...). Raises KeyError for an unknown name.

    >>> neighbor(Hex(0, 0), "SE")
    Hex(q=1, r=0)
    """
    return h + DIRECTIONS[orientation][direction]


def neighbors(h: Hex, orientation: Orientation = "flat") -> list[Hex]:
    """The six hexes next to ``h``, clockwise in the order of :func:`direction_names`.

    >>> neighbors(Hex(0, 0))[:2]
    [Hex(q=0, r=-1), Hex(q=1, r=-1)]
    """
    return [h + step for step in DIRECTIONS[orientation].values()]


def turn(direction: str, hexsides: int, orientation: Orientation = "flat") -> str:
    """``direction`` turned ``hexsides`` clockwise (negative: counterclockwise).

    >>> turn("N", -2)
    'SW'
    """
    names = direction_names(orientation)
    return names[(names.index(direction) + hexsides) % 6]


def distance(a: Hex, b: Hex) -> int:
    """Hexes from ``a`` to ``b``, counting ``b`` but not ``a`` (0 for the same hex).

    >>> distance(Hex(0, 0), Hex(3, -1))
    3
    """
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def hexes_between(a: Hex, b: Hex) -> int:
    """Hexes strictly between ``a`` and ``b`` (Kill Radius range R; 0 when adjacent or the same).

    >>> hexes_between(Hex(0, 0), Hex(3, -1)), hexes_between(Hex(0, 0), Hex(1, 0))
    (2, 0)
    """
    return max(0, distance(a, b) - 1)


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at :func:`distance` ``<= radius`` from ``center`` (``1 + 3r(r+1)`` hexes),
    sorted; empty for a negative radius. Deployment zones such as "within 15 hexes of
    the warp point" are this set.

    >>> len(hexes_within(Hex(5, 5), 2))
    19
    """
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

    >>> hex_line(Hex(0, 0), Hex(2, -2))
    [Hex(q=0, r=0), Hex(q=1, r=-1), Hex(q=2, r=-2)]
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


def parse_vector(text: str, orientation: Orientation = "flat") -> Hex:
    """Read a vector such as ``"2N2NW"`` or ``"4S"`` as a displacement; ``"0"`` or ``""`` is none.

    Raises ``ValueError`` naming the text if it is not legs of ``<count><direction>``.

    >>> parse_vector("2N1SE")
    Hex(q=1, r=-2)
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


def format_vector(d: Hex, orientation: Orientation = "flat") -> str:
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


# --- offset coordinates: rectangular maps as printed ---------------------------------------------

#: Which lines of an offset map sit half a hex out of line: the 0-based ``"odd"`` or ``"even"``
#: columns (flat-topped, shifted down) or rows (pointy-topped, shifted right).
SHIFTS: tuple[Shifted, ...] = get_args(Shifted)
#: Corners a map's numbering may start from: upper left, lower left.
ORIGINS: tuple[Origin, ...] = get_args(Origin)


def _stagger(line: int, shifted: Shifted) -> int:
    """Whole hexes the axial coordinate runs ahead of the offset one on ``line``."""
    return (line - (line & 1)) // 2 if shifted == "odd" else (line + (line & 1)) // 2


def _out_of_line(line: int, shifted: Shifted) -> bool:
    """Whether offset column (flat) or row (pointy) ``line`` is one of the ``shifted`` ones."""
    return bool(line & 1) == (shifted == "odd")


def _check_shift(shifted: Shifted) -> None:
    if shifted not in SHIFTS:
        raise ValueError(f"shifted must be one of {', '.join(SHIFTS)}, not {shifted!r}")


def to_offset(h: Hex, orientation: Orientation = "flat", shifted: Shifted = "odd") -> tuple[int, int]:
    """``(col, row)``, 0-based, of ``h`` on a rectangular map whose top-left hex is
    ``Hex(0, 0)``: flat-topped maps shift the ``shifted`` columns down half a hex,
    pointy-topped maps the ``shifted`` rows right. The default, odd lines shifted, is
    the usual wargame layout labelled ``0101`` at top-left. Raises ``ValueError`` for
    a ``shifted`` not in :data:`SHIFTS`.

    >>> to_offset(Hex(3, -1))
    (3, 0)
    >>> to_offset(Hex(3, -1), shifted="even")
    (3, 1)
    """
    _check_shift(shifted)
    if orientation == "flat":
        return h.q, h.r + _stagger(h.q, shifted)
    return h.q + _stagger(h.r, shifted), h.r


def from_offset(col: int, row: int, orientation: Orientation = "flat", shifted: Shifted = "odd") -> Hex:
    """The hex at 0-based ``(col, row)``; inverse of :func:`to_offset`.

    >>> from_offset(3, 0)
    Hex(q=3, r=-1)
    >>> from_offset(0, 3, "pointy", shifted="even")
    Hex(q=-2, r=3)
    """
    _check_shift(shifted)
    if orientation == "flat":
        return Hex(col, row - _stagger(col, shifted))
    return Hex(col - _stagger(row, shifted), row)


def edge_directions(orientation: Orientation = "flat") -> list[str]:
    """The neighbour across each edge of :meth:`Layout.corner_offsets`, edge ``i`` joining
    corners ``i`` and ``i + 1`` (clockwise on paper, y down).

    >>> edge_directions()
    ['SE', 'S', 'SW', 'NW', 'N', 'NE']
    >>> edge_directions("pointy")
    ['E', 'SE', 'SW', 'W', 'NW', 'NE']
    """
    names = direction_names(orientation)
    first = 2 if orientation == "flat" else 1  # the direction at 30° (flat) or 0° (pointy)
    return names[first:] + names[:first]


#: The unit steps across edges 0..5 (see :func:`edge_directions`), flat-topped (``True``) or not.
_EDGE_STEPS = {o == "flat": [DIRECTIONS[o][name] for name in edge_directions(o)] for o in ORIENTATIONS}


@dataclass(frozen=True)
class OffsetGrid:
    """A rectangular map of ``cols`` x ``rows`` hexes and how it numbers them.

    A hex has three names here:

    * *label coordinates* ``(col, row)``: 0-based as printed (``0101`` is ``(0, 0)``),
      counted from the ``origin`` corner, ``"ul"`` (upper left) or ``"ll"`` (lower left);
    * *paper coordinates* ``(c, v)``: column and row counted from the top left of the
      paper (``c == col``; ``v`` is ``row`` or, from the lower left, ``rows - 1 - row``);
    * axial ``Hex(q, r)`` as the hexes lie on paper (y down), ``Hex(0, 0)`` being the
      top-left hex: what :class:`Layout` places and :func:`distance` measures.

    Flat-topped maps shift every other column half a hex away from row 1, pointy-topped
    maps every other row half a hex right: a map numbered from the lower left is the
    mirror image of the one numbered from the upper left, so in label coordinates both
    are :func:`from_offset`'s layout and distances agree. ``origin`` is an
    :data:`Origin` and ``orientation`` an :data:`Orientation` (another text is a type error).

    >>> grid = OffsetGrid(4, 3, origin="ll")
    >>> grid.cell(0, 0), grid.shifted, grid.low(0)
    ((0, 2), 'even', True)
    """

    cols: int
    rows: int
    orientation: Orientation = "flat"
    origin: Origin = "ul"

    @property
    def shifted(self) -> Shifted:
        """The paper columns (flat) or paper rows (pointy) that sit half a hex down
        (right), ``"odd"`` or ``"even"`` (0-based).

        >>> OffsetGrid(4, 3, "pointy", "ll").shifted, OffsetGrid(4, 4, "pointy", "ll").shifted
        ('odd', 'even')
        """
        if self.origin == "ul":
            return "odd"
        if self.orientation == "flat":  # column 1 stays at row 1 on a map numbered from below
            return "even"
        return "odd" if self.rows & 1 else "even"  # the odd printed rows, counted from below

    def label_row(self, v: int) -> int:
        """The 0-based printed row of paper row ``v`` (and the paper row of printed row ``v``).

        >>> OffsetGrid(4, 3, origin="ll").label_row(0)
        2
        """
        return v if self.origin == "ul" else self.rows - 1 - v

    def cell(self, col: int, row: int) -> tuple[int, int]:
        """Paper ``(c, v)`` of label coordinates ``(col, row)`` (and back: it is its own inverse).

        >>> OffsetGrid(4, 3, origin="ll").cell(1, 0)
        (1, 2)
        """
        return col, self.label_row(row)

    def low(self, c: int) -> bool:
        """Flat-topped: whether paper column ``c`` sits half a hex lower than its neighbours.

        >>> [OffsetGrid(4, 3).low(c) for c in range(3)]
        [False, True, False]
        """
        return _out_of_line(c, self.shifted)

    def right(self, v: int) -> bool:
        """Pointy-topped: whether paper row ``v`` sits half a hex right of its neighbours.

        >>> [OffsetGrid(4, 3, "pointy").right(v) for v in range(3)]
        [False, True, False]
        """
        return _out_of_line(v, self.shifted)

    def to_hex(self, c: int, v: int) -> Hex:
        """The axial hex at paper ``(c, v)`` (any integers: hexes off the map too).

        >>> OffsetGrid(4, 3, origin="ll").to_hex(1, 0)
        Hex(q=1, r=-1)
        """
        return from_offset(c, v, self.orientation, self.shifted)

    def from_hex(self, h: Hex) -> tuple[int, int]:
        """Paper ``(c, v)`` of the axial hex ``h``; inverse of :meth:`to_hex`.

        >>> OffsetGrid(4, 3, origin="ll").from_hex(Hex(1, -1))
        (1, 0)
        """
        return to_offset(h, self.orientation, self.shifted)

    def hex_of(self, col: int, row: int) -> Hex:
        """The axial hex at label coordinates ``(col, row)`` (``0201`` is ``(1, 0)``).
        Column 02 sits half a hex away from row 01, so 0101 touches 0201 but not 0202:

        >>> grid = OffsetGrid(10, 10, origin="ll")
        >>> grid.hex_of(0, 0), [distance(grid.hex_of(0, 0), grid.hex_of(*x)) for x in ((1, 0), (1, 1))]
        (Hex(q=0, r=9), [1, 2])
        """
        return self.to_hex(*self.cell(col, row))

    def layout(self, size: float, origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """The :class:`Layout` placing this map's hexes, ``size`` pt flat-to-flat, paper
        ``(c, v)`` at its :meth:`Layout.offset_center` and this map's axial hexes at its
        :meth:`Layout.center` (``origin`` as there).

        >>> OffsetGrid(4, 3, origin="ll").layout(72.0).center(Hex(0, 0))
        (0.0, 36.0)
        """
        return Layout(size, origin, self.orientation, self.shifted)

    def neighbours(self, c: int, v: int) -> list[tuple[int, int]]:
        """Paper ``(c, v)`` of the six hexes next to paper ``(c, v)``, in the order of
        :func:`edge_directions` (edge ``i`` of :meth:`Layout.corner_offsets`); they may
        lie off the map.

        >>> OffsetGrid(4, 3).neighbours(1, 0)
        [(2, 1), (1, 1), (0, 1), (0, 0), (1, -1), (2, 0)]
        """
        h = self.to_hex(c, v)
        return [self.from_hex(h + step) for step in _EDGE_STEPS[self.orientation == "flat"]]


# --- layout: hexes to points --------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Places hexes on paper (pt, y down): ``size`` is the flat-to-flat width,
    ``orientation`` flat or pointy, ``shifted`` the offset lines that sit half a hex
    out of line (see :func:`to_offset`), ``origin`` the centre of the hex at offset
    ``(0, 0)`` before any shift.

    Along a flat-topped column (a pointy-topped row) centres are ``size`` apart; the
    columns (rows) are 1.5 corner radii apart, the ``shifted`` ones half a hex down
    (right). With the default ``"odd"`` column (row) 0 is not shifted and ``origin`` is
    the centre of ``Hex(0, 0)``; with ``"even"`` that centre lies half a hex below
    (right of) ``origin``.
    """

    size: float
    origin: tuple[float, float] = (0.0, 0.0)
    orientation: Orientation = "flat"
    shifted: Shifted = "odd"

    @property
    def radius(self) -> float:
        """Centre-to-corner distance in pt (flat-to-flat / sqrt 3).

        >>> round(Layout(72.0).radius, 3)
        41.569
        """
        return self.size / math.sqrt(3)

    def offset_center(self, col: int, row: int) -> tuple[float, float]:
        """Centre in pt of the hex at offset ``(col, row)`` (any integers).

        >>> [round(v, 3) for v in Layout(72.0, (10.0, 20.0)).offset_center(1, 0)]
        [72.354, 56.0]
        >>> [round(v, 3) for v in Layout(72.0, (10.0, 20.0), shifted="even").offset_center(1, 0)]
        [72.354, 20.0]
        """
        ox, oy = self.origin
        # the order of operations is the maps' own: their output is compared byte for byte
        if self.orientation == "flat":
            along = row + (0.5 if _out_of_line(col, self.shifted) else 0.0)
            return 1.5 * self.radius * col + ox, self.size * along + oy
        along = col + (0.5 if _out_of_line(row, self.shifted) else 0.0)
        return self.size * along + ox, 1.5 * self.radius * row + oy

    def center(self, h: Hex) -> tuple[float, float]:
        """Centre of ``h`` in pt.

        >>> [round(v, 3) for v in Layout(72.0).center(Hex(1, 0))]
        [62.354, 36.0]
        >>> [round(v, 3) for v in Layout(72.0, orientation="pointy").center(Hex(0, 1))]
        [36.0, 62.354]
        """
        return self.offset_center(*to_offset(h, self.orientation, self.shifted))

    def corner_offsets(self) -> list[tuple[float, float]]:
        """The six corners relative to a hex's centre, in pt, in the order of :meth:`corners`.

        Layout code adds these to :meth:`center` instead of calling :meth:`corners` per hex.

        >>> [(round(x, 2), round(y, 2)) for x, y in Layout(72.0).corner_offsets()[:2]]
        [(41.57, 0.0), (20.78, 36.0)]
        """
        start = 0 if self.orientation == "flat" else -30
        r = self.radius
        return [
            (r * math.cos(math.radians(start + 60 * i)), r * math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of ``h`` in pt, clockwise (y down) from the east corner (flat)
        or the north-east corner (pointy).

        >>> [round(x, 2) for x, _ in Layout(72.0).corners(Hex(1, 0))[::3]]
        [103.92, 20.78]
        """
        cx, cy = self.center(h)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing point ``(x, y)`` in pt (the one whose centre is nearest).

        >>> Layout(72.0).hex_at(62.0, 40.0), Layout(72.0).hex_at(62.0, -40.0)
        (Hex(q=1, r=0), Hex(q=1, r=-1))
        """
        px, py = x - self.origin[0], y - self.origin[1]
        if self.shifted == "even":  # measure from the centre of Hex(0, 0)
            if self.orientation == "flat":
                py -= self.size / 2
            else:
                px -= self.size / 2
        r = self.radius
        if self.orientation == "flat":
            q = (2 / 3 * px) / r
            rr = (-1 / 3 * px + math.sqrt(3) / 3 * py) / r
        else:
            q = (math.sqrt(3) / 3 * px - 1 / 3 * py) / r
            rr = (2 / 3 * py) / r
        return _round(q, rr)
