"""A scenario as a Tabletop Simulator saved object: the map as a board at its printed
size with TTS's hex grid laid over it, every ship's counter as a two-faced tile at its
start hex and facing, and the game's markers beside the map.

The format is TTS's save file (JSON), as its knowledge base documents it
(https://kb.tabletopsimulator.com/custom-content/save-file-format/: ``SaveState`` with
``Grid`` and ``ObjectStates``; each ``ObjectState`` with ``Name``, ``Transform`` (``pos``,
``rot``, ``scale`` per axis), ``Nickname``, ``Description``, ``ColorDiffuse``, ``Locked``,
``CustomImage``), with the outer fields of a saved object left empty
(https://git.ete.moe/argonui/TTSModManager/blob/main/saved-object-feature.md). Every
object is a ``Custom_Tile`` (https://kb.tabletopsimulator.com/custom-content/custom-tile/):
``CustomImage.ImageURL`` its top image, ``ImageSecondaryURL`` its bottom one,
``CustomTile`` its ``Type`` (0, a box), ``Thickness`` (in-game units), ``Stackable`` and
``Stretch`` (the image stretched to the square tile).

Units and scale. One TTS unit is an inch (the knowledge base gives tile thickness "in
in-game units (about an inch)"). A stretched ``Custom_Tile`` at scale 1 is
:data:`TILE_UNITS` units square; scaled per axis (the save may scale each axis on its
own) it is ``2 * scaleX`` by ``2 * scaleZ`` units, so the map is a tile of exactly the
printed map's size and each counter of the printed counter's. The map is a tile rather
than a ``Custom_Board`` because a custom board takes its size from its image, by a rule
the knowledge base does not give ("the dimensions of the board will be based off the
dimensions of the image used"); the tile is locked and takes grid projections, as a board does.

Placement. x runs right and z away from the player at the table's south edge; a tile
turned ``rotY`` 180 shows its image upright to that player, and a counter facing
``angle`` degrees clockwise of up is turned ``180 + angle`` (Unity turns +z towards +x
for a positive angle about y: clockwise seen from above). A hex near the middle of the
map is centred on the table's centre, where the grid's origin is.

The grid (``Grid``): ``Type`` 1 for flat-topped hexes (TTS's horizontal hexes), 2 for
pointy-topped ones (vertical hexes): the in-game ``Grid.type`` of the scripting API less
one (https://api.tabletopsimulator.com/grid/: 1 rectangles, 2 horizontal hexes, 3
vertical hexes; the save's 0 is the box grid). ``xSize`` and ``ySize`` are the hex's
width across the corners, twice the centre-to-corner radius, as TTS's hex grid is
sized (the typed-tabletop-simulator library builds its hex grids from ``Grid.sizeX /
2`` as the radius); ``PosOffset`` is where a hex centre lies. A map of several layers
has a board for each, side by side, moved by whole steps of the grid so the one grid
fits every board.

The images (``images``) are written beside the JSON; their URLs are ``image_base``
followed by the file name. The same scenario and ``image_base`` give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from sheetgen.layout.counters import Counter
    from sheetgen.layout.maps import MapOptions
    from sheetgen.render.vtt import BareMap
    from sheetgen.scenarios.scenario import Scenario
    from sheetgen.scenarios.terrain import Start

__all__ = [
    "BOARD_THICKNESS",
    "COUNTER_THICKNESS",
    "DEFAULT_DPI",
    "MAX_TEXTURE",
    "TABLE_TOP",
    "TILE_UNITS",
    "UNIT_PT",
    "Placed",
    "TtsSave",
    "check_tts",
    "facing_rotation",
    "fitting_dpi",
    "tts_save",
]

#: Resolution of the save's images when none is asked for, dots per inch.
DEFAULT_DPI = 150
#: Points in one TTS unit (an inch).
UNIT_PT = 72.0
#: Width and depth, in units, of a stretched ``Custom_Tile`` at scale 1.
TILE_UNITS = 2.0
#: Thickness of the map's tile and of a counter, in units.
BOARD_THICKNESS = 0.2
COUNTER_THICKNESS = 0.1
#: Height of the map's tile centre (it rests on the table), and of the counters, which
#: drop onto it, in units.
TABLE_TOP = 1.0
COUNTER_DROP = 0.5
#: Longest side of an image Tabletop Simulator's guide advises, in pixels
#: (https://kb.tabletopsimulator.com/custom-content/asset-creation/: "keep the dimensions of
#: your images under 4096x4096").
MAX_TEXTURE = 4096
#: Room between a board and the next, and between the map and the rows of spare
#: counters beneath it, in units.
GAP = 2.0


@dataclass(frozen=True)
class Placed:
    """One object of the save: its ``nickname``, ``kind`` (``board``, ``ship``,
    ``marker``), image file names, side (``""`` for none), where it is (units: ``x``
    right, ``z`` away from the player) and its ``rot_y`` (degrees); a ship's ``start``
    (label coordinates) and ``layer`` when it starts on the map."""

    nickname: str
    kind: str
    front: str
    back: str
    side: str
    x: float
    z: float
    rot_y: float
    start: tuple[int, int] | None = None
    layer: int = 0


@dataclass
class TtsSave:
    """A saved object: ``name`` (the JSON's file stem), ``data`` (the JSON), ``images``
    (file name, PNG bytes) to write beside it, the ``warnings`` made, what it holds
    (``objects``), the grid's hex width across the corners (``grid_size``, units), the
    pixels per unit of the map's image (``board_ppu``) and the images' resolution (``dpi``)."""

    name: str
    data: bytes
    images: list[tuple[str, bytes]]
    warnings: list[str] = field(default_factory=list)
    objects: list[Placed] = field(default_factory=list)
    grid_size: float = 0.0
    board_ppu: float = 0.0
    dpi: int = DEFAULT_DPI


def facing_rotation(facing: str | None, orientation: str) -> float:
    """The ``rotY`` (degrees) of a counter whose arrow points ``facing`` (a direction
    name; None: up the map), on a flat or pointy map.

    >>> facing_rotation(None, "flat"), facing_rotation("SE", "flat"), facing_rotation("W", "pointy")
    (180.0, 300.0, 90.0)
    """
    from sheetgen.render.vassal import facing_index

    step = 60 if orientation == "flat" else 30
    return float((180 + facing_index(facing, orientation) * step) % 360)


def check_tts(scenario: Scenario, dpi: int) -> BareMap:
    """The map image of ``scenario``'s save at ``dpi``, after checking the images can be
    made: raises :class:`~sheetgen.render.raster.RasterError` for a ``dpi`` out of bounds
    or an image over the pixel limit, :class:`~sheetgen.layout.maps.MapError` for a map
    that cannot be laid out."""
    from sheetgen.layout.counters import kit_counter_size
    from sheetgen.layout.maps import map_options, without_starts
    from sheetgen.render.raster import check_pixels, pixels
    from sheetgen.render.vtt import bare_map

    opts = map_options(scenario, paper="fit")
    # the ships' start markers and names travel with the tiles (their faces show both)
    bare = bare_map(without_starts(opts), dpi)
    size_px = pixels(kit_counter_size(scenario)[0], dpi)
    check_pixels(size_px, size_px, dpi, "a counter")
    return bare


def _guid(index: int, name: str, used: set[str]) -> str:
    """A six-hex-digit object id (TTS's form), the same for the same object, none
    twice in ``used`` (which it joins)."""
    text, n = f"{index}:{name}", 0
    while True:
        guid = hashlib.sha256(f"{text}:{n}".encode()).hexdigest()[:6]
        if guid not in used:
            used.add(guid)
            return guid
        n += 1


def _colour(hex_colour: str) -> dict[str, float]:
    return {k: round(int(hex_colour[i : i + 2], 16) / 255, 4) for k, i in (("r", 1), ("g", 3), ("b", 5))}


def _tile(
    guid: str,
    placed: Placed,
    *,
    url: str,
    back_url: str,
    width: float,
    depth: float,
    y: float,
    thickness: float,
    locked: bool,
    colour: str,
    description: str,
    board: bool,
) -> dict[str, Any]:
    """A ``Custom_Tile`` object state, ``width`` x ``depth`` units."""
    return {
        "GUID": guid,
        "Name": "Custom_Tile",
        "Transform": {
            "posX": round(placed.x, 4),
            "posY": y,
            "posZ": round(placed.z, 4),
            "rotX": 0.0,
            "rotY": placed.rot_y,
            "rotZ": 0.0,
            "scaleX": round(width / TILE_UNITS, 6),
            "scaleY": 1.0,
            "scaleZ": round(depth / TILE_UNITS, 6),
        },
        "Nickname": placed.nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": _colour(colour),
        "Locked": locked,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "MeasureMovement": False,
        "DragSelectable": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": board,
        "HideWhenFaceDown": False,
        "Hands": False,
        "CustomImage": {
            "ImageURL": url,
            "ImageSecondaryURL": back_url,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {"Type": 0, "Thickness": thickness, "Stackable": False, "Stretch": True},
        },
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


def tts_save(scenario: Scenario, *, dpi: int | None = None, image_base: str) -> TtsSave:
    """``scenario``'s saved object at ``dpi`` (see the module's notes), its images'
    URLs ``image_base`` + file name (``image_base`` ends in ``/``). Without ``dpi``:
    :data:`DEFAULT_DPI`, or less where the map image would be over :data:`MAX_TEXTURE`
    pixels on a side at that (an asked-for ``dpi`` is kept, with a warning). Raises what
    :func:`check_tts` raises, and :class:`~sheetgen.layout.counters.CounterError` for
    counters that cannot be made."""
    if dpi is None:
        from sheetgen.layout.maps import map_options

        dpi = fitting_dpi(map_options(scenario, paper="fit"), DEFAULT_DPI)
    from sheetgen.layout.counters import (
        kit_counter_size,
        marker_counters,
        scenario_counters,
        scenario_marker_needs,
    )
    from sheetgen.layout.counters.images import counter_name, face_pages, stem
    from sheetgen.render.raster import face_pngs
    from sheetgen.render.vtt import bare_map_pngs, layer_tag

    bare = check_tts(scenario, dpi)
    opts = bare.opts
    warnings: list[str] = _texture_warnings(bare)
    counter_size, notes = kit_counter_size(scenario)
    warnings += notes
    size_u = counter_size / UNIT_PT
    ppu = bare.pixels_per_inch  # image pixels per unit
    board_w, board_d = bare.width / ppu, bare.height / ppu
    radius_u = opts.hex_size / math.sqrt(3) / UNIT_PT
    flat = opts.orientation == "flat"
    # a hex near the middle of the map on the grid's origin, the table's centre
    ax, ay = bare.centre(opts.cols // 2, opts.rows // 2)
    board_x0 = (bare.width / 2 - ax) / ppu
    board_z = (ay - bare.height / 2) / ppu
    # boards of later layers one whole grid step (or more) to the right
    period = 3 * radius_u if flat else opts.hex_size / UNIT_PT
    step = math.ceil((board_w + GAP) / period - 1e-9) * period

    def world(layer_index: int, px: float, py: float) -> tuple[float, float]:
        bx = board_x0 + layer_index * step
        return bx + (px - bare.width / 2) / ppu, board_z - (py - bare.height / 2) / ppu

    layered = len(opts.layers) > 1 or opts.layers != (0,)
    images: list[tuple[str, bytes]] = []
    placed: list[Placed] = []
    boards: list[Placed] = []
    for index, (layer, png) in enumerate(zip(opts.layers, bare_map_pngs(bare), strict=True)):
        name = "map.png" if not layered else f"map-{layer_tag(layer)}.png"
        images.append((name, png))
        x, z = world(index, bare.width / 2, bare.height / 2)
        title = scenario.name if not layered else f"{scenario.name} ({_layer_name(layer)})"
        boards.append(Placed(title, "board", name, name, "", x, z, 180.0, None, layer))

    ships = scenario_counters(scenario, markers=False)
    markers = marker_counters(
        scenario.game, [(side.name, side.colour) for side in scenario.sides], scenario_marker_needs(scenario)
    )
    faces = face_pages([*ships, *markers], counter_size, title=f"{scenario.name}: counters")
    warnings += [w for w in faces.warnings if w not in warnings]
    pngs = face_pngs(faces.drawing, dpi)
    for i, face_stem in enumerate(faces.stems):
        images.append((f"{face_stem}-front.png", pngs[2 * i]))
        images.append((f"{face_stem}-back.png", pngs[2 * i + 1]))

    starts: dict[tuple[str | None, str], Start] = {}
    for given in scenario.map.plan.starts:
        starts.setdefault((given.side, given.label), given)
        starts.setdefault((None, given.label), given)
    layer_index = {layer: i for i, layer in enumerate(opts.layers)}
    spare: list[tuple[Counter, str, str]] = []
    ship_set = set(ships)
    colours: dict[str, str] = {}
    for counter, face_stem in zip(faces.counters, faces.stems, strict=True):
        name = counter_name(counter)
        colours[face_stem] = counter.colour
        front, back = f"{face_stem}-front.png", f"{face_stem}-back.png"
        is_ship = counter in ship_set
        start = (starts.get((counter.side, name)) or starts.get((None, name))) if is_ship else None
        if start is None or start.layer not in layer_index:
            if not is_ship and counter.side:
                name = f"{name} ({counter.side})"
            spare.append((counter, name, face_stem))
            continue
        cell = (start.at.col, start.at.row)
        x, z = world(layer_index[start.layer], *bare.centre(*cell))
        rot = facing_rotation(start.facing, opts.orientation)
        placed.append(Placed(name, "ship", front, back, counter.side, x, z, rot, cell, start.layer))

    # the ships without a start and the markers: rows under the first board
    per_row = max(1, math.floor(board_w / (1.25 * size_u)))
    left = board_x0 - board_w / 2 + size_u / 2
    top = board_z - board_d / 2 - GAP - size_u / 2
    for n, (counter, name, face_stem) in enumerate(spare):
        row, col = divmod(n, per_row)
        kind = "ship" if counter in ship_set else "marker"
        x, z = left + col * 1.25 * size_u, top - row * 1.25 * size_u
        placed.append(
            Placed(name, kind, f"{face_stem}-front.png", f"{face_stem}-back.png", counter.side, x, z, 180.0)
        )

    grid_size = 2 * radius_u
    note = _grid_note(opts.orientation, grid_size)
    states: list[dict[str, Any]] = []
    guids: set[str] = set()
    for i, board in enumerate(boards):
        url = image_base + quote(board.front)
        states.append(
            _tile(
                _guid(i, board.nickname, guids),
                board,
                url=url,
                back_url=url,
                width=board_w,
                depth=board_d,
                y=TABLE_TOP,
                thickness=BOARD_THICKNESS,
                locked=True,
                colour="#ffffff",
                description=f"{opts.cols} x {opts.rows} hexes. {note}",
                board=True,
            )
        )
    for i, obj in enumerate(placed, start=len(boards)):
        face_stem = obj.front.removesuffix("-front.png")
        description = obj.side if obj.kind == "ship" else ""
        states.append(
            _tile(
                _guid(i, obj.nickname, guids),
                obj,
                url=image_base + quote(obj.front),
                back_url=image_base + quote(obj.back),
                width=size_u,
                depth=size_u,
                y=TABLE_TOP + COUNTER_DROP,
                thickness=COUNTER_THICKNESS,
                locked=False,
                colour=colours.get(face_stem, "#ffffff"),
                description=description,
                board=False,
            )
        )
    save = {
        "SaveName": scenario.name,
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": f"{scenario.name} ({scenario.game.title}), made by sheetgen. {note}",
        "TabStates": {},
        "Grid": {
            "Type": 1 if flat else 2,
            "Lines": True,
            "Color": {"r": 0.0, "g": 0.0, "b": 0.0},
            "Opacity": 0.5,
            "ThickLines": False,
            "Snapping": False,
            "Offset": False,
            "BothSnapping": False,
            "xSize": round(grid_size, 6),
            "ySize": round(grid_size, 6),
            "PosOffset": {"x": 0.0, "y": 1.0, "z": 0.0},
        },
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": states,
    }
    data = (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode()
    return TtsSave(stem(scenario.name), data, images, warnings, [*boards, *placed], grid_size, ppu, dpi)


def _texture_warnings(bare: BareMap) -> list[str]:
    """A line when the map image is over :data:`MAX_TEXTURE` pixels on a side, naming the
    highest ``--dpi`` that keeps it within."""
    if max(bare.width, bare.height) <= MAX_TEXTURE:
        return []
    dpi = fitting_dpi(bare.opts, bare.dpi)
    return [
        f"the map image is {bare.width:,} x {bare.height:,} pixels; Tabletop Simulator's guide keeps "
        f"images within {MAX_TEXTURE:,} x {MAX_TEXTURE:,} (larger ones may be shrunk or fail to load): "
        f"--dpi {dpi} or lower keeps it within"
    ]


def fitting_dpi(opts: MapOptions, dpi: int) -> int:
    """The highest resolution up to ``dpi`` at which the bare image of the map ``opts``
    (:func:`~sheetgen.render.vtt.bare_map`) is within :data:`MAX_TEXTURE` pixels on a side
    (:data:`~sheetgen.render.raster.MIN_DPI` at the least)."""
    from sheetgen.layout.maps.grid import Grid
    from sheetgen.render.raster import MIN_DPI, pixels

    grid = Grid(opts.cols, opts.rows, opts.hex_size, opts.orientation, opts.origin)
    longest = max(grid.width, grid.height)
    while (
        dpi > MIN_DPI and math.ceil(longest * pixels(opts.hex_size, dpi) / opts.hex_size - 1e-6) > MAX_TEXTURE
    ):
        dpi -= 1
    return dpi


def _layer_name(layer: int) -> str:
    from sheetgen.scenarios.terrain import format_layer

    return format_layer(layer)


def _grid_note(orientation: str, size: float) -> str:
    """How to set TTS's grid by hand to the printed one (Options > Grid)."""
    kind = "horizontal hexes (flat-topped)" if orientation == "flat" else "vertical hexes (pointy-topped)"
    return f"Grid: {kind}, size {size:.4f} x {size:.4f}, no offset."
