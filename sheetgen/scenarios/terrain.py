"""What a scenario puts on its map: terrain, deployment zones, start positions, layers.

The ``map:`` section of a scenario file (see ``docs/maps.md``) may hold::

    map:
      cols: 36
      rows: 30
      layers: [-1, 0, 1]            # Knight Hawks 2000's Hexgrid -1, 0, +1
      terrain:
        - {type: planet, name: Vesta, at: "1815", size: large}
        - {type: moon, name: Io, at: "1915"}
        - {type: warp-point, name: WP 1, at: "1208"}
        - {type: asteroids, hexes: ["0405", "0406"], around: "2010", radius: 1}
      zones:
        - {side: Player A, edge: bottom, depth: 3}
        - {side: Player B, around: "1208", radius: 15, except: ["1208"]}
      start:
        - {ship: Hammer, at: "1826", facing: N}

Hexes are written as the map prints them: column then row, 1-based, counted
from the map's origin corner (``"0101"``, ``"01.01"``, or a list ``[1, 1]``).
Everything here is in those *label coordinates* (0-based ``(col, row)``), so a
hex keeps its number whatever the page tiling.

:func:`read_plan` reads the section into a :class:`MapPlan`, recording every
problem (unknown terrain type, unknown side or ship, malformed hex) as a
``SCHEMA`` finding with its path; :meth:`MapPlan.check` then places it on a map
of a given size (hexes off the map, layers the map does not have, facings the
orientation does not name). Nothing here knows about paper.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from sheetgen.core.fields import Fields, describe, did_you_mean
from sheetgen.core.findings import Finding, InputError, Path, error
from sheetgen.core.hexlabel import parse_hex
from sheetgen.core.shapes import Choice, Given, Integer, Named, Shape, Text
from sheetgen.hexgrid import Orientation, Origin, direction_names, distance, from_offset

__all__ = [
    "COLOUR",
    "HEX_SCHEMA",
    "KINDS",
    "LAYER",
    "MAX_MAP_HEXES",
    "SIZES",
    "START",
    "STYLES",
    "TERRAIN",
    "ZONE",
    "Feature",
    "HexRef",
    "MapPlan",
    "Start",
    "Style",
    "Zone",
    "format_layer",
    "map_diagonal",
    "parse_layers",
    "read_plan",
]

#: Terrain types a scenario may place (Starfire Quick Start: planets, moons,
#: warp points; asteroid fields for the other games' tables), with spellings accepted.
KINDS: dict[str, str] = {
    "planet": "planet",
    "moon": "moon",
    "warp-point": "warp-point",
    "warp point": "warp-point",
    "warp_point": "warp-point",
    "warppoint": "warp-point",
    "asteroids": "asteroids",
    "asteroid": "asteroids",
    "asteroid-field": "asteroids",
    "asteroid field": "asteroids",
}
_KIND_NAMES = ("planet", "moon", "warp-point", "asteroids")

#: Named sizes of planets and moons: diameter as a fraction of the hex's flat-to-flat width.
SIZES: dict[str, float] = {"tiny": 0.2, "small": 0.3, "medium": 0.42, "large": 0.54, "huge": 0.66}
_DEFAULT_SIZE = {"planet": "large", "moon": "small"}

#: Most hexes one scenario map may have, all levels together (``sheetgen map`` and the kit
#: print no more: :data:`sheetgen.layout.maps.MAX_HEXES` is this number).
MAX_MAP_HEXES = 100_000
#: How a map is printed: plain (saves ink) or on a dark starfield.
Style = Literal["plain", "starfield"]
#: The print styles, plain (the default) first.
STYLES: tuple[Style, ...] = get_args(Style)

#: Levels a 3D map may have (Knight Hawks 2000's Hexgrid -2 .. +2 and beyond).
MAX_LEVEL = 9

EDGES = ("top", "bottom", "left", "right")
_GREY = "#6b6b6b"

# --- the shapes of the map section's items (their JSON Schemas and their reading) ------------

#: A colour key (a side's, a zone's, a start's), read and described alike.
COLOUR = Text(
    name="colour", pattern="#[0-9a-fA-F]{6}", pattern_says="#rrggbb", description="A colour, #rrggbb."
)
#: A grid level, 0 the main grid.
LAYER = Integer(
    name="layer",
    default=0,
    minimum=-MAX_LEVEL,
    maximum=MAX_LEVEL,
    description="Grid level, 0 the main grid (3D maps: see map.layers).",
)
#: One hex as :func:`~sheetgen.core.hexlabel.parse_hex` reads it.
HEX_SCHEMA: dict[str, Any] = {
    "type": ["string", "array"],
    "items": {"type": "integer"},
    "description": 'A hex as printed on the map, quoted ("0704"), 07.04, or [col, row].',
}


def _hex(name: str, description: str | None = None, *, required: bool = False) -> Given:
    schema = {k: v for k, v in HEX_SCHEMA.items() if k != "description"}
    return Given(
        name=name,
        required=required,
        value_schema=schema,
        description=description or HEX_SCHEMA["description"],
    )


def _hexes(name: str) -> Given:
    return Given(
        name=name,
        value_schema={"anyOf": [HEX_SCHEMA, {"type": "array", "items": HEX_SCHEMA}]},
        description="One hex or a list of hexes.",
    )


def _span(name: str, what: str) -> Given:
    return Given(
        name=name,
        value_schema={"type": ["integer", "string", "array"]},
        description=f"{what}: a number, a range written 1-3, or [1, 3] (1-based, inclusive).",
    )


_SIDE = Text(name="side", description="A side's name, as in sides.")

#: A ``terrain:`` item: a planet, moon, warp point or asteroid field.
TERRAIN = Shape(
    "terrain item",
    (
        Named(
            name="type",
            required=True,
            options=tuple(sorted(KINDS)),
            what="a kind of terrain",
            description="What stands there.",
        ),
        Text(name="name", description="Its name, printed on the map."),
        _hex("at"),
        _hexes("hexes"),
        _hex("around"),
        Integer(name="radius", default=0, minimum=0, description="Hexes from 'around' (asteroids)."),
        Given(
            name="size",
            value_schema={"type": ["string", "number"]},
            description=f"A planet's or moon's size: {', '.join(SIZES)}, or a fraction of the hex width.",
        ),
        LAYER,
    ),
)
#: A ``zones:`` item: a deployment zone.
ZONE = Shape(
    "zone",
    (
        _SIDE,
        Text(name="label", description="The zone's label on the map."),
        COLOUR,
        _hexes("hexes"),
        _span("rows", "Rows the zone covers"),
        _span("cols", "Columns the zone covers"),
        Choice(
            name="edge", options=EDGES, what="a map edge", description="The map edge the zone runs along."
        ),
        Integer(name="depth", default=1, minimum=1, description="Hexes deep from the edge."),
        _hex("around"),
        Integer(name="radius", default=0, minimum=0, description="Hexes from 'around'."),
        _hexes("except"),
        LAYER,
    ),
)
#: A ``start:`` item: where a ship (or a labelled marker) starts.
START = Shape(
    "start position",
    (
        Text(name="ship", description="The ship that starts here, by its name in the scenario."),
        _SIDE,
        Text(name="label", description="A label for a start that is not one ship's."),
        COLOUR,
        _hex("at", required=True),
        Text(name="facing", description="The hex side the ship faces (A-F, or as the game names them)."),
        LAYER,
    ),
)


@dataclass(frozen=True)
class HexRef:
    """A hex as written in the scenario: 0-based label coordinates and where it was written."""

    col: int
    row: int
    path: Path = ()

    @property
    def cell(self) -> tuple[int, int]:
        return self.col, self.row


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def format_layer(level: int) -> str:
    """The name of a level of a 3D map: ``Hexgrid 0``, ``Hexgrid +1``, ``Hexgrid -2``."""
    return f"Hexgrid {level:+d}" if level else "Hexgrid 0"


_LAYER_RANGE = re.compile(r"^\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)\s*$")


def parse_layers(text: str) -> tuple[int, ...]:
    """Levels from ``"-2..+2"`` (a range), ``"-1,0,1"`` (a list) or ``"1"``; sorted, unique.

    Raises ``ValueError`` for anything else or a level beyond +/-:data:`MAX_LEVEL`.

    >>> parse_layers("-1..+1"), parse_layers("0,2")
    ((-1, 0, 1), (0, 2))
    """
    m = _LAYER_RANGE.match(text)
    try:
        if m:
            low, high = int(m.group(1)), int(m.group(2))
            if low > high:
                raise ValueError(f"layers {text!r}: the range runs from low to high, e.g. -1..+1")
            levels = list(range(low, high + 1))
        else:
            levels = [int(part) for part in text.split(",")]
    except ValueError as exc:
        if "range" in str(exc):
            raise
        raise ValueError(f"not layers: {text!r} (write a range like -2..+2 or a list like -1,0,1)") from None
    return _check_levels(levels, text)


def _check_levels(levels: Iterable[int], text: object) -> tuple[int, ...]:
    out = tuple(sorted(set(levels)))
    if not out:
        raise ValueError("a map needs at least one layer")
    if any(abs(level) > MAX_LEVEL for level in out):
        raise ValueError(f"layers {text!r}: levels run from -{MAX_LEVEL} to +{MAX_LEVEL}")
    return out


@dataclass(frozen=True)
class Feature:
    """A planet, moon, warp point or asteroid field.

    ``hexes`` is one hex for planets, moons and warp points; ``size`` the body's
    diameter as a fraction of the hex's flat-to-flat width (0 for the others);
    ``around``/``radius`` add every hex within ``radius`` of a centre (asteroids).
    """

    kind: str
    hexes: tuple[HexRef, ...]
    name: str | None = None
    size: float = 0.0
    layer: int = 0
    around: HexRef | None = None
    radius: int = 0
    path: Path = ()

    def cells(self, cols: int, rows: int, orientation: Orientation) -> list[tuple[int, int]]:
        """The feature's hexes on a ``cols`` x ``rows`` map, in order, without repeats."""
        out = dict.fromkeys(h.cell for h in self.hexes)
        if self.around is not None:
            out.update(dict.fromkeys(_disc(self.around.cell, self.radius, cols, rows, orientation)))
        return [c for c in out if 0 <= c[0] < cols and 0 <= c[1] < rows]


@dataclass(frozen=True)
class Zone:
    """A deployment zone: hexes shaded in ``colour`` and labelled ``label``.

    The hexes are the union of ``hexes``, the ``rows`` x ``cols`` rectangle (1-based
    inclusive ranges; ``None`` = all), the ``depth`` hexes along ``edge`` of the
    paper, and every hex within ``radius`` of ``around``; less ``exclude``.
    """

    label: str
    colour: str
    side: str | None = None
    hexes: tuple[HexRef, ...] = ()
    rows: tuple[int, int] | None = None
    cols: tuple[int, int] | None = None
    edge: str | None = None
    depth: int = 1
    around: HexRef | None = None
    radius: int = 0
    exclude: tuple[HexRef, ...] = ()
    layer: int = 0
    path: Path = ()

    def cells(
        self, cols: int, rows: int, orientation: Orientation, origin: Origin = "ul"
    ) -> list[tuple[int, int]]:
        """The zone's hexes on a ``cols`` x ``rows`` map (label coordinates), sorted."""
        out: set[tuple[int, int]] = {h.cell for h in self.hexes}
        if self.rows is not None or self.cols is not None:
            c_lo, c_hi = self.cols or (1, cols)
            r_lo, r_hi = self.rows or (1, rows)
            out.update(
                (c, r) for c in range(c_lo - 1, min(c_hi, cols)) for r in range(r_lo - 1, min(r_hi, rows))
            )
        if self.edge is not None:
            depth = min(self.depth, cols if self.edge in ("left", "right") else rows)
            # the paper's top is row 1 when numbered from the upper left, the last row from the lower left
            top_rows = range(depth) if origin == "ul" else range(rows - depth, rows)
            bottom_rows = range(rows - depth, rows) if origin == "ul" else range(depth)
            if self.edge == "top":
                out.update((c, r) for c in range(cols) for r in top_rows)
            elif self.edge == "bottom":
                out.update((c, r) for c in range(cols) for r in bottom_rows)
            elif self.edge == "left":
                out.update((c, r) for c in range(depth) for r in range(rows))
            else:
                out.update((c, r) for c in range(cols - depth, cols) for r in range(rows))
        if self.around is not None:
            out.update(_disc(self.around.cell, self.radius, cols, rows, orientation))
        out.difference_update(h.cell for h in self.exclude)
        return sorted(c for c in out if 0 <= c[0] < cols and 0 <= c[1] < rows)


@dataclass(frozen=True)
class Start:
    """Where a ship (or a marked unit) starts: ``label`` (the ship's name), side colour,
    hex, optional ``facing`` (a direction name), layer."""

    label: str
    colour: str
    at: HexRef
    side: str | None = None
    facing: str | None = None
    layer: int = 0
    path: Path = ()


@dataclass(frozen=True)
class MapPlan:
    """Everything a scenario places on its map (all empty for a bare grid)."""

    features: tuple[Feature, ...] = ()
    zones: tuple[Zone, ...] = ()
    starts: tuple[Start, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.features or self.zones or self.starts)

    def check(self, cols: int, rows: int, orientation: Orientation, layers: Iterable[int]) -> list[Finding]:
        """``SCHEMA`` findings for whatever does not fit a ``cols`` x ``rows`` map of
        ``layers`` in ``orientation``: hexes off the map, unknown layers, facings the
        orientation has no name for. Empty when everything fits."""
        levels = set(layers)
        problems: list[Finding] = []
        bounds = f"columns run 1-{cols} and rows 1-{rows}"
        if cols * rows > MAX_MAP_HEXES:  # zones are laid over the hexes: never on a map this big
            return [
                error(
                    "SCHEMA",
                    f"{cols} x {rows} is {cols * rows:,} hexes; the most one map can have is {MAX_MAP_HEXES:,}",
                )
            ]

        def place(ref: HexRef | None) -> None:
            if ref is not None and not (0 <= ref.col < cols and 0 <= ref.row < rows):
                problems.append(
                    error(
                        "SCHEMA",
                        f"hex {_label(ref)} is off the {cols} x {rows} map ({bounds})",
                        ref.path,
                    )
                )

        def level(layer: int, path: Path) -> None:
            if layer not in levels:
                known = ", ".join(f"{x:+d}" if x else "0" for x in sorted(levels))
                problems.append(
                    error(
                        "SCHEMA",
                        f"layer {layer:+d} is not one of the map's layers ({known})",
                        (*path, "layer"),
                    )
                )

        diagonal = map_diagonal(cols, rows, orientation)

        def reach(radius: int, path: Path) -> bool:
            if radius <= diagonal:
                return True
            problems.append(
                error(
                    "SCHEMA",
                    f"radius {radius} is larger than the {cols} x {rows} map's diagonal "
                    f"({diagonal} hexes); give at most {diagonal}",
                    (*path, "radius"),
                )
            )
            return False

        for feature in self.features:
            for ref in feature.hexes:
                place(ref)
            place(feature.around)
            reach(feature.radius, feature.path)
            level(feature.layer, feature.path)
        for zone in self.zones:
            for ref in (*zone.hexes, *zone.exclude):
                place(ref)
            place(zone.around)
            level(zone.layer, zone.path)
            if reach(zone.radius, zone.path) and not zone.cells(cols, rows, orientation):
                problems.append(error("SCHEMA", f"zone '{zone.label}' has no hex on the map", zone.path))
        names = direction_names(orientation)
        for start in self.starts:
            place(start.at)
            level(start.layer, start.path)
            if start.facing is not None and start.facing not in names:
                problems.append(
                    error(
                        "SCHEMA",
                        f"facing {start.facing} is not a direction on a {orientation}-topped map "
                        f"({' '.join(names)})",
                        (*start.path, "facing"),
                    )
                )
        return problems


def _label(ref: HexRef) -> str:
    return f"{ref.col + 1:02d}{ref.row + 1:02d}"


def map_diagonal(cols: int, rows: int, orientation: Orientation) -> int:
    """Hexes between opposite corners of a ``cols`` x ``rows`` map (the longer of its two
    diagonals): the largest radius a zone or asteroid field may have on it."""
    last_col, last_row = max(cols - 1, 0), max(rows - 1, 0)
    return max(
        distance(from_offset(0, 0, orientation), from_offset(last_col, last_row, orientation)),
        distance(from_offset(last_col, 0, orientation), from_offset(0, last_row, orientation)),
    )


def _disc(
    centre: tuple[int, int], radius: int, cols: int, rows: int, orientation: Orientation
) -> list[tuple[int, int]]:
    """Label-coordinate hexes within ``radius`` of ``centre`` that lie on the map, by column
    then row. A step to a neighbour changes the column and the row by at most one each, so
    only the map's hexes inside the square ``radius`` around the centre are measured: the
    work is bounded by the map (at most its hexes), never by the radius's square."""
    middle = from_offset(*centre, orientation)
    c0, r0 = centre
    out = []
    for c in range(max(0, c0 - radius), min(cols, c0 + radius + 1)):
        for r in range(max(0, r0 - radius), min(rows, r0 + radius + 1)):
            if distance(middle, from_offset(c, r, orientation)) <= radius:
                out.append((c, r))
    return out


# --- reading the scenario's map section ------------------------------------------------------


@dataclass
class _Reader:
    """Reads the lists of a map section, collecting problems in ``parent`` and child Fields."""

    parent: Fields
    sides: dict[str, str]
    ships: dict[str, tuple[str, str]]
    children: list[Fields | None] = field(default_factory=list)

    def items(self, key: str, shape: Shape) -> list[Fields]:
        what = shape.what
        raw = self.parent.raw(key, [])
        if raw is None:
            return []
        if not isinstance(raw, list):
            self.parent.problem(
                f"'{key}' must be a list of {what}s, found {describe(raw)}", self.parent.at(key)
            )
            return []
        out = []
        for i, item in enumerate(raw):
            try:
                f = Fields(item, (*self.parent.at(key), i), shape=shape)
            except InputError as exc:
                self.parent.problems.extend(exc.findings)
                continue
            self.children.append(f)
            out.append(f)
        return out

    def hex(self, f: Fields, key: str, *, required: bool = False) -> HexRef | None:
        value = f.raw(key, None, required=required)
        if value is None:
            return None
        return self.hex_value(f, value, f.at(key))

    def hex_value(self, f: Fields, value: Any, path: Path) -> HexRef | None:
        try:
            col, row = parse_hex(value)
        except ValueError as exc:
            f.problem(str(exc), path)
            return None
        return HexRef(col, row, path)

    def hex_list(self, f: Fields, key: str) -> tuple[HexRef, ...]:
        value = f.raw(key, None)
        if value is None:
            return ()
        if not isinstance(value, list) or (len(value) == 2 and all(_whole(v) for v in value)):
            value = [value]  # one hex written alone
            paths: list[Path] = [f.at(key)]
        else:
            paths = [(*f.at(key), i) for i in range(len(value))]
        refs = [self.hex_value(f, v, p) for v, p in zip(value, paths, strict=True)]
        return tuple(r for r in refs if r is not None)

    def layer(self, f: Fields) -> int:
        return f.get(LAYER) or 0

    def span(self, f: Fields, key: str) -> tuple[int, int] | None:
        """A 1-based inclusive range: ``3``, ``"1-3"`` or ``[1, 3]``."""
        value = f.raw(key, None)
        if value is None:
            return None
        lo = hi = None
        if _whole(value):
            lo = hi = value
        elif isinstance(value, str):
            m = re.fullmatch(r"\s*(\d+)\s*(?:(?:-|\.\.)\s*(\d+)\s*)?", value)
            if m:
                lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        elif isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value):
            lo, hi = value
        if lo is None or hi is None or lo < 1 or hi < lo:
            f.problem(f"'{key}' must be a number or a range such as 1-3, found {describe(value)}", f.at(key))
            return None
        return lo, hi

    def side(self, f: Fields) -> tuple[str | None, str | None]:
        name = f.get(_SIDE)
        if name is None:
            return None, None
        if name not in self.sides:
            f.problem(
                f"side '{name}'{did_you_mean(name, self.sides)} is not in this scenario"
                f" (sides: {', '.join(self.sides) or 'none'})",
                f.at("side"),
            )
            return None, None
        return name, self.sides[name]

    def colour(self, f: Fields, default: str) -> str:
        return f.get(COLOUR) or default


def read_plan(
    fields: Fields,
    sides: dict[str, str],
    ships: dict[str, tuple[str, str]],
    children: list[Fields | None],
) -> MapPlan:
    """Read ``terrain``, ``zones`` and ``start`` from a scenario's map section.

    ``sides`` maps side names to colours, ``ships`` ship names to ``(side, colour)``.
    Problems are recorded in ``fields`` and in the item Fields appended to
    ``children`` (raised together by the scenario's ``done``).
    """
    reader = _Reader(fields, sides, ships, children)
    features = [f for f in (_feature(reader, item) for item in reader.items("terrain", TERRAIN)) if f]
    zones = [z for z in (_zone(reader, item) for item in reader.items("zones", ZONE)) if z]
    starts = [s for s in (_start(reader, item) for item in reader.items("start", START)) if s]
    return MapPlan(tuple(features), tuple(zones), tuple(starts))


def _feature(reader: _Reader, f: Fields) -> Feature | None:
    feature = _read_feature(reader, f)
    return feature if feature is not None and not f.problems else None


def _read_feature(reader: _Reader, f: Fields) -> Feature | None:
    raw_kind = f.get(TERRAIN.key("type"))
    if raw_kind is None:
        return None
    kind = KINDS.get(raw_kind.strip().lower())
    name = f.get(TERRAIN.key("name"))
    layer = reader.layer(f)
    if kind is None:
        f.problem(f"unknown terrain type '{raw_kind}'; known types: {', '.join(_KIND_NAMES)}", f.at("type"))
        for key in ("at", "size", "hexes", "around", "radius"):
            f.has(key)
        return None
    if kind == "asteroids":
        hexes = reader.hex_list(f, "hexes")
        around = reader.hex(f, "around")
        radius = f.get(TERRAIN.key("radius")) or 0
        if not hexes and around is None:
            f.problem("an asteroid field needs 'hexes' (a list) or 'around' with a 'radius'", f.path)
            return None
        return Feature(kind, hexes, name, 0.0, layer, around, radius, f.path)
    at = reader.hex(f, "at", required=True)
    size = 0.0
    if kind in ("planet", "moon"):
        size = _size(f, kind)
    if at is None:
        return None
    return Feature(kind, (at,), name, size, layer, path=f.path)


def _size(f: Fields, kind: str) -> float:
    value = f.raw("size", _DEFAULT_SIZE[kind])
    if isinstance(value, str) and value.strip().lower() in SIZES:
        return SIZES[value.strip().lower()]
    if isinstance(value, int | float) and not isinstance(value, bool) and 0.05 <= value <= 1:
        return float(value)
    f.problem(
        f"'size' must be one of {', '.join(SIZES)} or a fraction of the hex's width "
        f"from 0.05 to 1, found {describe(value)}",
        f.at("size"),
    )
    return SIZES[_DEFAULT_SIZE[kind]]


def _zone(reader: _Reader, f: Fields) -> Zone | None:
    before = len(f.problems)
    side, side_colour = reader.side(f)
    colour = reader.colour(f, side_colour or _GREY)
    named = side or (f.data.get("side") if isinstance(f.data.get("side"), str) else None)
    label = f.get(ZONE.key("label")) or (f"{named} deploys" if named else None)
    if label is None:
        f.problem("a zone needs a 'side' or a 'label'", f.path)
        label = ""
    hexes = reader.hex_list(f, "hexes")
    rows = reader.span(f, "rows")
    cols = reader.span(f, "cols")
    edge = f.get(ZONE.key("edge"))
    depth = f.get(ZONE.key("depth")) or 1
    around = reader.hex(f, "around")
    radius = f.get(ZONE.key("radius")) or 0
    if "radius" in f.data and "around" not in f.data:
        f.problem("'radius' needs 'around' (the hex it is counted from)", f.at("radius"))
    exclude = reader.hex_list(f, "except")
    layer = reader.layer(f)
    if not any(key in f.data for key in ("hexes", "rows", "cols", "edge", "around")):
        f.problem("a zone needs 'hexes', 'rows'/'cols', an 'edge', or 'around' with a 'radius'", f.path)
    if len(f.problems) > before:
        return None  # reported; checking its hexes would only repeat it
    return Zone(label, colour, side, hexes, rows, cols, edge, depth, around, radius, exclude, layer, f.path)


def _start(reader: _Reader, f: Fields) -> Start | None:
    before = len(f.problems)
    ship = f.get(START.key("ship"))
    side, colour = reader.side(f)
    label = f.get(START.key("label"))
    if ship is not None:
        if ship not in reader.ships:
            names = list(reader.ships)
            known = ", ".join(names[:12]) or "none"
            if len(names) > 12:  # a fleet of hundreds would make the one line pages long
                known += f" and {len(names) - 12:,} more"
            meant = did_you_mean(ship, reader.ships)
            f.problem(f"ship '{ship}'{meant} is not in this scenario (ships: {known})", f.at("ship"))
        else:
            ship_side, ship_colour = reader.ships[ship]
            side, colour = side or ship_side, colour or ship_colour
        label = label or ship
    if label is None:
        f.problem("a start position needs a 'ship' or a 'label'", f.path)
    colour = reader.colour(f, colour or _GREY)
    facing = f.get(START.key("facing"))
    at = reader.hex(f, "at", required=True)
    layer = reader.layer(f)
    if at is None or label is None or len(f.problems) > before:
        return None
    return Start(label, colour, at, side, facing.strip().upper() if facing else None, layer, f.path)
