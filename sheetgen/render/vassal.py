"""A VASSAL module (``.vmod``) of a scenario: the printed map as a board with the same
hex grid and numbers (without the start markers: the pieces carry names and arrows),
every ship's counter as a two-faced piece at its start carrying its record sheet, the
game's markers in a palette, Delete on every piece, a dice button per roll of the game's
rules and a turn tracker through its sequence of play (``Game.dice``, ``Game.turn_phases``,
``Game.record_fields``), the record sheets and reference card inside.

A ``.vmod`` is a zip of ``buildFile.xml`` (the module's components, one XML element
per VASSAL class, named by the class), ``moduledata`` (name, version, description)
and ``images/``. Every element and attribute written here is one that VASSAL's own
classes read (each is named in a comment by the class that reads it); the piece
definitions are VASSAL's serialised ``GamePiece`` types and states
(``VASSAL.counters.BasicPiece``, ``Embellishment``, ``FreeRotator``, ``PropertySheet``,
``Delete``), encoded as ``VASSAL.tools.SequenceEncoder`` does (:func:`sequence`).

Images come from the printed files (:mod:`sheetgen.render.raster`): the board is the
map's one-page PDF, the pieces the counters' faces, at the same ``dpi`` so a counter
sits in its hex as on paper. Geometry and numbering: :mod:`sheetgen.render.vassal_grid`.
The same scenario gives the same bytes (zip entries carry a fixed date).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheetgen.core.archive import zip_bytes
from sheetgen.render.vassal_grid import Board

if TYPE_CHECKING:
    from sheetgen.games.base import RecordField
    from sheetgen.layout.counters import Counter
    from sheetgen.scenarios.scenario import Scenario
    from sheetgen.scenarios.terrain import Start

__all__ = [
    "DEFAULT_DPI",
    "VASSAL_VERSION",
    "Module",
    "Piece",
    "check_module",
    "dice_name",
    "facing_index",
    "module_version",
    "piece_definition",
    "sequence",
    "vassal_module",
]

#: Resolution of the module's images when none is asked for, dots per inch.
DEFAULT_DPI = 150
#: The VASSAL release whose classes this module is written for (``VassalVersion``): VASSAL
#: refuses a module whose minor version is newer than its own (``Info.isModuleTooNew``).
VASSAL_VERSION = "3.8.0-beta1"
#: What ``VASSAL.build.module.GlobalOptions`` writes for a new module (its defaults), so that
#: VASSAL's editor saves the element unchanged.
_GLOBAL_OPTIONS = {
    "autoReport": "Always",
    "chatterHTMLSupport": "Never",
    "disablePieceIndexing": "false",
    "hotKeysOnClosedWindows": "Never",
    "inventoryForAll": "Always",
    "minMaxHeap": "0",
    "nonOwnerUnmaskable": "Never",
    "playerIdFormat": "$PlayerName$",
    "promptString": "Opponents can unmask my pieces",
    "purgeBlankPropertyPrompts": "true",
    "sendToLocationMoveTrails": "Never",
    "storeLeadingZeroIntegersAsStrings": "false",
}
#: The reference card's chart images' resolution, dots per inch.
CHART_DPI = 150
#: Java key codes and modifiers (``KeyStroke.getModifiers()``: CTRL_MASK | CTRL_DOWN_MASK)
#: of the pieces' commands: Ctrl+F flips, Ctrl+] and Ctrl+[ turn.
_CTRL = 130
_KEY_F, _KEY_CLOSE_BRACKET, _KEY_OPEN_BRACKET = 70, 93, 91
#: The Delete key (``KeyEvent.VK_DELETE``), unmodified: removes a piece.
_KEY_DELETE = 127
#: Ctrl+R opens a ship's record sheet.
_KEY_R = 82

#: Clockwise screen angle (degrees from up) of each facing a start may give; the
#: counter's arrow points up. Pointy-topped maps face hexsides at odd multiples of 30.
_FACING_ANGLE = {
    "flat": {"N": 0, "NE": 60, "SE": 120, "S": 180, "SW": 240, "NW": 300},
    "pointy": {"NE": 30, "E": 90, "SE": 150, "SW": 210, "W": 270, "NW": 330},
}


def sequence(items: Sequence[str], delimiter: str) -> str:
    """``items`` joined as ``VASSAL.tools.SequenceEncoder`` appends them: each ``delimiter``
    inside an item escaped with a backslash, an item that starts with a backslash (or is
    in single quotes) put in single quotes.

    >>> sequence(["piece", "", "a;b"], ";")
    'piece;;a\\\\;b'
    >>> sequence(["emb2;x", "piece;\\tin"], "\\t") == "emb2;x\\tpiece;\\\\\\tin"
    True
    """
    out: list[str] = []
    for item in items:
        escaped = item.replace(delimiter, "\\" + delimiter)
        if item and (item[0] == "\\" or (item[0] == "'" and item[-1] == "'")):
            escaped = f"'{escaped}'"
        out.append(escaped)
    return delimiter.join(out)


def module_version(version: str | None = None) -> str:
    """The module's version, ``x.y.z``: the release part of ``version`` (sheetgen's own,
    ``sheetgen.__version__``, when None), missing parts 0. The same sheetgen gives the same
    version, so the same input gives the same module bytes.

    >>> module_version("0.1.0"), module_version("1.2.dev3"), module_version("2.0.1rc1+local")
    ('0.1.0', '1.2.0', '2.0.1')
    """
    import re

    from sheetgen import __version__

    given = __version__ if version is None else version
    match = re.match(r"\d+(?:\.\d+)*", given.strip().lstrip("vV"))
    parts = [int(p) for p in match.group(0).split(".")] if match else []
    parts = [*parts, 0, 0, 0][:3]
    return ".".join(str(p) for p in parts)


def facing_index(facing: str | None, orientation: str) -> int:
    """The ``FreeRotator`` angle index of a start's ``facing`` (0 for none): VASSAL turns
    index ``i`` of ``n`` by ``i * 360 / n`` degrees clockwise (``validAngles[i] = -i *
    360 / n``, drawn rotated by ``-angle``); flat maps have 6 angles, pointy maps 12.

    >>> facing_index("NE", "flat"), facing_index("NE", "pointy"), facing_index(None, "flat")
    (1, 1, 0)
    """
    if facing is None:
        return 0
    step = 60 if orientation == "flat" else 30
    return _FACING_ANGLE[orientation][facing] // step


def _basic(name: str, gpid: int) -> tuple[str, str]:
    """``VASSAL.counters.BasicPiece``: type ``piece;<clone key>;<delete key>;<image>;<name>``
    (no image: the faces are its layer's), state ``<map>;<x>;<y>;<gpid>;<properties>``."""
    return "piece;" + sequence(["", "", "", name], ";"), sequence(["null", "0", "0", str(gpid), "0"], ";")


def _faces(front: str, back: str) -> tuple[str, str]:
    """``VASSAL.counters.Embellishment`` (a layer, ``emb2;`` encoding, version 1): always
    active, two levels (front and back images), Ctrl+F "Flip" steps to the next, looping;
    state ``1`` shows the first (the front). Fields in ``Embellishment.myGetType`` order."""
    fields = [
        "",  # activateCommand
        str(_CTRL),  # activateModifiers
        "",  # activateKey
        "Flip",  # upCommand
        str(_CTRL),  # upModifiers
        "",  # upKey
        "",  # downCommand
        str(_CTRL),  # downModifiers
        "",  # downKey
        "",  # resetCommand
        "",  # resetKey
        "1",  # resetLevel
        "false",  # drawUnderneathWhenSelected
        "0",  # xOff
        "0",  # yOff
        sequence([front, back], ","),  # imageName[]
        sequence(["", ""], ","),  # commonName[]
        "true",  # loopLevels
        "Face",  # name
        "",  # rndKey
        "",  # rndText
        "false",  # followProperty
        "",  # propertyName
        "1",  # firstLevelValue
        "1",  # version (CURRENT_VERSION: the key strokes below are read)
        "true",  # alwaysActive
        "",  # activateKeyStroke
        f"{_KEY_F},{_CTRL}",  # increaseKeyStroke
        "",  # decreaseKeyStroke
        "Front and back",  # description
        "1.0",  # scale
        "",  # onlyPropertyName
        "true",  # onlyPropertyState
    ]
    return "emb2;" + sequence(fields, ";"), "1"


def _delete() -> tuple[str, str]:
    """``VASSAL.counters.Delete``: the menu's "Delete", also the Delete key; no state.
    Fields in ``myGetType`` order: command name, key stroke, description."""
    return "delete;" + sequence(["Delete", f"{_KEY_DELETE},0", ""], ";"), ""


def _record_sheet(fields: Sequence[RecordField]) -> tuple[str, str]:
    """``VASSAL.counters.PropertySheet``: the ship's record sheet (Ctrl+R, "Record sheet"),
    one property per field in printed order: check boxes ("Tick Marks", type 3, state
    ``ticked/boxes``, ticked as the design's ``condition:`` left them) or a number ("Spinner",
    type 7, at its value now). The definition is each field's type
    digit then name, ``~``-separated; the state its values, ``~``-separated. Type fields in
    ``myGetType`` order: definition, menu name, an old key (empty), commit style (0: every
    change), background red, green, blue (none), key stroke, description."""
    # VASSAL keeps a sheet's values by name: a name given twice is told apart by a number
    names: list[str] = []
    for f in fields:
        name, n = f.name, 1
        while name in names:
            n += 1
            name = f"{f.name} ({n})"
        names.append(name)
    definition = sequence(
        [f"{3 if f.number is None else 7}{n}" for f, n in zip(fields, names, strict=True)], "~"
    )
    state = sequence([f"{f.ticked}/{f.boxes}" if f.number is None else str(f.number) for f in fields], "~")
    kind = sequence(
        [definition, "Record sheet", "", "0", "", "", "", f"{_KEY_R},{_CTRL}", "Record sheet"], ";"
    )
    return "propertysheet;" + kind, state


def _rotator(angles: int, index: int) -> tuple[str, str]:
    """``VASSAL.counters.FreeRotator`` with ``angles`` fixed facings (Ctrl+] clockwise,
    Ctrl+[ counter-clockwise); state: the facing's index. Fields in ``myGetType`` order."""
    fields = [
        str(angles),
        f"{_KEY_CLOSE_BRACKET},{_CTRL}",  # rotateCWKey
        f"{_KEY_OPEN_BRACKET},{_CTRL}",  # rotateCCWKey
        "Turn clockwise",  # rotateCWText
        "Turn counter-clockwise",  # rotateCCWText
        "",  # rotateRNDKey
        "",  # rotateRNDText
        "Facing",  # name
        "Facing",  # description
        "",  # rotateDirectKey
        "",  # rotateDirectText
        "",  # directExpression
        "true",  # directTypeFacing
    ]
    return "rotate;" + sequence(fields, ";"), str(index)


def piece_definition(
    name: str,
    front: str,
    back: str,
    gpid: int,
    *,
    angles: int = 0,
    facing: int = 0,
    record: Sequence[RecordField] = (),
) -> str:
    """The text of a ``VASSAL.build.widget.PieceSlot``: an ``AddPiece`` command as
    ``VASSAL.build.module.BasicCommandEncoder.encode`` writes it, ``+/<id>/<type>/<state>``,
    the piece a ``Delete`` over a ``PropertySheet`` (when ``record`` has fields) over a
    ``FreeRotator`` (when ``angles``) over an ``Embellishment`` over a ``BasicPiece``; a decorator's type and state are its own then
    the inner piece's, tab-separated (``VASSAL.counters.Decorator.getType``/``getState``)."""
    traits = [_delete()]
    if record:
        traits.append(_record_sheet(record))
    if angles:
        traits.append(_rotator(angles, facing))
    traits.append(_faces(front, back))
    # a name ending in a backslash would escape the delimiter after it (the decoder reads
    # any backslash before a delimiter as an escape): backslashes print as slashes
    traits.append(_basic(name.replace("\\", "/"), gpid))
    piece_type, state = traits[-1]
    for outer_type, outer_state in reversed(traits[:-1]):
        piece_type = sequence([outer_type, piece_type], "\t")
        state = sequence([outer_state, state], "\t")
    return "+/" + sequence(["null", piece_type, state], "/")


@dataclass(frozen=True)
class Piece:
    """A piece of the module: its ``name``, side (``""`` for markers of none), image
    file names, whether it is a ship, and where it starts: the map's ``layer``, the
    printed hex (label coordinates) and board pixel, and its facing index (or None); a
    ship's ``record`` sheet fields (:meth:`~sheetgen.games.base.Game.record_fields`)."""

    name: str
    side: str
    front: str
    back: str
    ship: bool
    start: tuple[int, int] | None = None
    layer: int = 0
    at: tuple[int, int] | None = None
    facing: int = 0
    record: tuple[RecordField, ...] = ()


@dataclass
class Module:
    """A module as bytes (``data``), the warnings made on the way, and what it holds:
    the ``boards`` (one per map layer, in layer order) and the ``pieces``."""

    data: bytes
    warnings: list[str] = field(default_factory=list)
    boards: list[tuple[int, Board]] = field(default_factory=list)
    pieces: list[Piece] = field(default_factory=list)
    counter_pixels: int = 0


def _el(
    parent: ET.Element, cls: str, attrs: dict[str, str] | None = None, text: str | None = None
) -> ET.Element:
    """A child element named by its VASSAL class (``VASSAL.`` + ``cls``), as
    ``VASSAL.build.Builder`` reads them."""
    child = ET.SubElement(parent, f"VASSAL.{cls}", attrs or {})
    if text is not None:
        child.text = text
    return child


def _board_name(layer: int, layered: bool) -> str:
    from sheetgen.scenarios.terrain import format_layer

    return format_layer(layer) if layered else "Map"


def vassal_module(
    scenario: Scenario,
    *,
    dpi: int = DEFAULT_DPI,
    record_sheets: bytes | None = None,
    reference_card: bytes | None = None,
    version: str | None = None,
) -> Module:
    """The VASSAL module of ``scenario`` at ``dpi`` (see the module's notes), with
    ``record_sheets`` and ``reference_card`` (PDF bytes) as help files when given (the
    card also as a chart image). Raises :class:`~sheetgen.render.raster.RasterError`,
    :class:`~sheetgen.layout.maps.MapError` or
    :class:`~sheetgen.layout.counters.CounterError` for what cannot be made. ``version``:
    the module's (:func:`module_version`, sheetgen's own when None)."""
    import dataclasses

    from sheetgen.draw.pdf import to_pdf
    from sheetgen.layout.counters import (
        kit_counter_size,
        marker_counters,
        scenario_counters,
        scenario_marker_needs,
    )
    from sheetgen.layout.counters.images import face_pages
    from sheetgen.layout.maps import layout_map, map_options, without_starts
    from sheetgen.render.raster import PageImage, face_pngs, pixels, render_pages

    board = check_module(scenario, dpi)
    version = module_version(version)
    warnings: list[str] = []
    opts = dataclasses.replace(map_options(scenario, paper="fit"), paper="fit")
    layered = len(opts.layers) > 1 or opts.layers != (0,)
    counter_size, notes = kit_counter_size(scenario)
    warnings += notes
    size_px = pixels(counter_size, dpi)

    images: list[tuple[str, bytes]] = []
    # the board: every layer's fit page, cut to the board's pixels; the bare map, as the
    # ships' start markers and names travel with the pieces (their counters show both)
    drawing = layout_map(without_starts(opts))
    map_pdf = to_pdf(drawing)
    boards: list[tuple[int, Board]] = []
    board_files: list[str] = []
    how = PageImage(board.width, board.height, board.left, board.top, (board.scale, board.scale))
    layer_pngs = render_pages(map_pdf, [(index, how) for index in range(len(opts.layers))], dpi)
    for layer, png in zip(opts.layers, layer_pngs, strict=True):
        name = "map.png" if not layered else f"map-{_layer_tag(layer)}.png"
        images.append((name, png))
        boards.append((layer, board))
        board_files.append(name)

    # the counters: ships (side by side), then the markers
    ships = scenario_counters(scenario, markers=False)
    # the markers the scenario's ships can use (Game.marker_needs), as its kit prints them
    markers = marker_counters(
        scenario.game, [(side.name, side.colour) for side in scenario.sides], scenario_marker_needs(scenario)
    )
    faces = face_pages([*ships, *markers], counter_size, title=f"{scenario.name}: counters")
    warnings += [w for w in faces.warnings if w not in warnings]
    pngs = face_pngs(faces.drawing, dpi)
    pieces = _pieces(scenario, faces.counters, faces.stems, set(ships), board)
    for i, stem in enumerate(faces.stems):
        images.append((f"{stem}-front.png", pngs[2 * i]))
        images.append((f"{stem}-back.png", pngs[2 * i + 1]))

    help_files: list[tuple[str, bytes]] = []
    if record_sheets is not None:
        help_files.append(("record-sheets.pdf", record_sheets))
    charts: list[str] = []
    if reference_card is not None:
        help_files.append(("reference-card.pdf", reference_card))
        pages = _chart(reference_card)
        for number, page in enumerate(pages, start=1):
            chart = "reference-card.png" if len(pages) == 1 else f"reference-card-{number}.png"
            images.append((chart, page))
            charts.append(chart)

    build = _build_file(scenario, version, boards, board_files, pieces, size_px, layered, help_files, charts)
    metadata = _metadata(scenario, version)
    entries = [("buildFile.xml", build), ("moduledata", metadata)]
    entries += [(f"images/{name}", data) for name, data in images]
    entries += help_files
    return Module(zip_bytes(entries), warnings, boards, pieces, size_px)


def check_module(scenario: Scenario, dpi: int) -> Board:
    """The board of ``scenario``'s module at ``dpi``, after checking that its images can
    be made (before anything slow is): raises :class:`~sheetgen.render.raster.RasterError`
    for a ``dpi`` out of bounds or an image over the pixel limit,
    :class:`~sheetgen.layout.maps.MapError` for a map that cannot be laid out."""
    import dataclasses

    from sheetgen.layout.counters import kit_counter_size
    from sheetgen.layout.maps import map_options
    from sheetgen.render.raster import check_dpi, check_pixels, pixels
    from sheetgen.render.vassal_grid import board_grid

    check_dpi(dpi)
    board = board_grid(dataclasses.replace(map_options(scenario, paper="fit"), paper="fit"), dpi)
    check_pixels(board.width, board.height, dpi, "the board")
    size_px = pixels(kit_counter_size(scenario)[0], dpi)
    check_pixels(size_px, size_px, dpi, "a counter")
    return board


def _layer_tag(layer: int) -> str:
    return f"plus{layer}" if layer > 0 else f"minus{-layer}" if layer < 0 else "0"


def _chart(card: bytes) -> list[bytes]:
    """Each page of the reference card as a PNG at :data:`CHART_DPI`."""
    import pypdfium2 as pdfium

    from sheetgen.render.raster import PageImage, pixels, render_pages

    document = pdfium.PdfDocument(card)
    try:
        sizes = [document[i].get_size() for i in range(len(document))]
    finally:
        document.close()
    s = CHART_DPI / 72.0
    hows = [
        (i, PageImage(pixels(w, CHART_DPI), pixels(h, CHART_DPI), scale=(s, s)))
        for i, (w, h) in enumerate(sizes)
    ]
    return render_pages(card, hows, CHART_DPI)


def _pieces(
    scenario: Scenario,
    counters: list[Counter],
    stems: list[str],
    ships: set[Counter],
    board: Board,
) -> list[Piece]:
    """A piece per distinct counter, ships first; each ship with its scenario start, if any."""
    from sheetgen.layout.counters.images import counter_name

    records: dict[tuple[str, str], tuple[RecordField, ...]] = {}
    for ship in scenario.ships:
        view = scenario.game.sheet_ship(ship.stats, ship.entry.findings)
        records.setdefault((ship.side, ship.name), tuple(scenario.game.record_fields(view)))
    starts: dict[tuple[str | None, str], Start] = {}
    for given in scenario.map.plan.starts:
        starts.setdefault((given.side, given.label), given)
        starts.setdefault((None, given.label), given)
    out: list[Piece] = []
    for counter, stem in zip(counters, stems, strict=True):
        name = counter_name(counter)
        is_ship = counter in ships
        start = (starts.get((counter.side, name)) or starts.get((None, name))) if is_ship else None
        if start is None:
            if not is_ship and counter.side:
                name = f"{name} ({counter.side})"  # each side's copy of a marker, told apart
            record = records.get((counter.side, name), ()) if is_ship else ()
            out.append(
                Piece(name, counter.side, f"{stem}-front.png", f"{stem}-back.png", is_ship, record=record)
            )
            continue
        cell = (start.at.col, start.at.row)
        out.append(
            Piece(
                name,
                counter.side,
                f"{stem}-front.png",
                f"{stem}-back.png",
                True,
                cell,
                start.layer,
                board.centre(*cell),
                facing_index(start.facing, board.orientation),
                records.get((counter.side, name), ()),
            )
        )
    return out


def _build_file(
    scenario: Scenario,
    version: str,
    boards: list[tuple[int, Board]],
    board_files: list[str],
    pieces: list[Piece],
    size_px: int,
    layered: bool,
    help_files: list[tuple[str, bytes]],
    charts: list[str],
) -> bytes:
    """``buildFile.xml``: the module's components as ``VASSAL.build.Builder`` reads them."""
    angles = 6 if boards[0][1].orientation == "flat" else 12
    description = scenario.summary or f"{scenario.name} ({scenario.game.title})"
    gpid = 0

    def next_gpid() -> int:
        nonlocal gpid
        gpid += 1
        return gpid

    # VASSAL.build.GameModule: name, version, description, VassalVersion, nextPieceSlotId
    root = ET.Element(
        "VASSAL.build.GameModule",
        {
            "name": scenario.name,
            "version": version,
            "description": description,
            "VassalVersion": VASSAL_VERSION,
        },
    )
    # VASSAL.build.module.BasicCommandEncoder: decodes the pieces' "+/..." definitions
    _el(root, "build.module.BasicCommandEncoder")
    # VASSAL.build.module.GlobalOptions, before any Map: a map docks into the main window
    # only when GlobalOptions was built first (without it, after New Game no window shows
    # the map)
    _el(root, "build.module.GlobalOptions", dict(_GLOBAL_OPTIONS))
    # VASSAL.build.module.Documentation > documentation.BrowserPDFFile (title, pdfFile)
    docs = _el(root, "build.module.Documentation")
    for name, _data in help_files:
        title = "Record sheets" if name.startswith("record") else "Reference card"
        _el(docs, "build.module.documentation.BrowserPDFFile", {"title": title, "pdfFile": name})
    # VASSAL.build.module.PlayerRoster: one <entry> per side
    roster = _el(root, "build.module.PlayerRoster", {"buttonText": "Retire"})
    for side in scenario.sides:
        ET.SubElement(roster, "entry").text = side.name
    # VASSAL.build.module.PieceWindow > widget.TabWidget > widget.ListWidget > widget.PieceSlot
    window = _el(root, "build.module.PieceWindow", {"name": "Counters", "text": "Counters", "scale": "1.0"})
    tabs = _el(window, "build.widget.TabWidget", {"entryName": "Counters"})
    groups: dict[str, list[Piece]] = {}
    for side in scenario.sides:
        groups[side.name] = [p for p in pieces if p.ship and p.side == side.name]
    groups["Markers"] = [p for p in pieces if not p.ship]
    for group, members in groups.items():
        if not members:
            continue
        listing = _el(tabs, "build.widget.ListWidget", {"entryName": group, "scale": "1.0"})
        for piece in members:
            _slot(listing, piece, size_px, next_gpid(), angles if piece.ship else 0, 0)

    _dice(root, scenario.game.dice)
    _turns(root, scenario.game.turn_phases)

    for (layer, board), image in zip(boards, board_files, strict=True):
        name = _board_name(layer, layered)
        # VASSAL.build.module.Map (mapName); its children are what Map.build adds to a new map
        vmap = _el(root, "build.module.Map", {"mapName": name, "edgeWidth": "0", "edgeHeight": "0"})
        # VASSAL.build.module.map.BoardPicker > boardPicker.Board (name, image, reversible)
        picker = _el(vmap, "build.module.map.BoardPicker", {"title": "Choose board"})
        vboard = _el(
            picker,
            "build.module.map.boardPicker.Board",
            {"name": name, "image": image, "reversible": "false"},
        )
        # VASSAL.build.module.map.boardPicker.board.HexGrid: dx, dy, x0, y0, sideways, snapTo...
        grid = _el(
            vboard,
            "build.module.map.boardPicker.board.HexGrid",
            {
                "dx": repr(board.dx),
                "dy": repr(board.dy),
                "x0": str(board.x0),
                "y0": str(board.y0),
                "sideways": str(board.sideways).lower(),
                "snapTo": "true",
                "edgesLegal": "false",
                "cornersLegal": "false",
                "visible": "false",
                "dotsVisible": "false",
                "color": "0,0,0",
            },
        )
        # ...board.mapgrid.HexGridNumbering (RegularGridNumbering's attributes, and stagger)
        _el(
            grid,
            "build.module.map.boardPicker.board.mapgrid.HexGridNumbering",
            {
                "first": board.first,
                "sep": board.sep,
                "hType": "N",
                "vType": "N",
                "hLeading": str(board.leading),
                "vLeading": str(board.leading),
                "hOff": str(board.h_off),
                "vOff": str(board.v_off),
                "hDescend": str(board.h_descend).lower(),
                "vDescend": str(board.v_descend).lower(),
                "stagger": "false",
                "visible": "false",
                "fontSize": "9",
                "color": "0,0,0",
                "rotateText": "0",
                "hDrawOff": "0",
                "vDrawOff": "0",
                "locationFormat": "$gridLocation$",
            },
        )
        # VASSAL.build.module.map.StackMetrics and the components Map.build(null) adds
        _el(vmap, "build.module.map.StackMetrics", {"disabled": "false"})
        for component in (
            "ForwardToKeyBuffer",
            "Scroller",
            "ForwardToChatter",
            "MenuDisplayer",
            "MapCenterer",
            "StackExpander",
            "PieceMover",
            "KeyBufferer",
            "ImageSaver",
            "CounterDetailViewer",
            "Zoomer",
        ):
            _el(vmap, f"build.module.map.{component}")
        # VASSAL.build.module.map.SetupStack (name, owningBoard, x, y, useGridLocation, location)
        for piece in pieces:
            if piece.at is None or piece.layer != layer or piece.start is None:
                continue
            label = _label(board, *piece.start)
            stack = _el(
                vmap,
                "build.module.map.SetupStack",
                {
                    "name": piece.name,
                    "owningBoard": name,
                    "x": str(piece.at[0]),
                    "y": str(piece.at[1]),
                    "useGridLocation": "false",
                    "location": label,
                },
            )
            _slot(stack, piece, size_px, next_gpid(), angles, piece.facing)

    if charts:
        # VASSAL.build.module.ChartWindow > widget.TabWidget > widget.Chart (chartName, fileName):
        # a tab per page of the card
        window = _el(root, "build.module.ChartWindow", {"name": "Reference card", "text": "Reference card"})
        chart_tabs = _el(window, "build.widget.TabWidget", {"entryName": "Reference card"})
        for number, chart in enumerate(charts, start=1):
            title = "Reference card" if len(charts) == 1 else f"Reference card {number}"
            _el(chart_tabs, "build.widget.Chart", {"chartName": title, "fileName": chart})
    root.set("nextPieceSlotId", str(gpid + 1))
    ET.indent(root)
    text: bytes = ET.tostring(root, encoding="UTF-8", xml_declaration=True)
    return text + b"\n"


def dice_name(count: int, sides: int) -> str:
    """A die roll's name as the rule texts write it: ``d10``, ``2d6``, ``d100``."""
    return f"{count if count > 1 else ''}d{sides}"


def _dice(root: ET.Element, dice: Sequence[tuple[int, int]]) -> None:
    """A ``VASSAL.build.module.DiceButton`` per roll of the game's rules (``(count, sides)``),
    its button named as the roll (``2d6``); the total goes to the chat, with the roller's
    name."""
    for count, sides in dice:
        name = dice_name(count, sides)
        _el(
            root,
            "build.module.DiceButton",
            {
                "name": name,
                "text": name,
                "tooltip": f"Roll {name}",
                "nDice": str(count),
                "nSides": str(sides),
                "plus": "0",
                "addToTotal": "0",
                "reportTotal": "true",
                "prompt": "false",
                "reportFormat": "** $name$ = $result$ *** &lt;$playerName$&gt;",
            },
        )


def _turns(root: ET.Element, phases: Sequence[str]) -> None:
    """A ``VASSAL.build.module.turn.TurnTracker``: a ``CounterTurnLevel`` "Turn" from 1,
    over a ``ListTurnLevel`` "Phase" stepping through ``phases`` (the game's sequence of
    play) when there are any. The chat reports each step."""
    tracker = _el(
        root,
        "build.module.turn.TurnTracker",
        {
            "name": "Turn",
            "buttonText": "Turn",
            "turnFormat": "Turn $level1$ $level2$" if phases else "Turn $level1$",
            "reportFormat": "&lt;$PlayerId$&gt; $newTurn$",
        },
    )
    level = _el(
        tracker,
        "build.module.turn.CounterTurnLevel",
        {
            "name": "Turn",
            "property": "Turn",
            "turnFormat": "$value$",
            "start": "1",
            "incr": "1",
            "loop": "false",
        },
    )
    if phases:
        _el(
            level,
            "build.module.turn.ListTurnLevel",
            {
                "name": "Phase",
                "property": "Phase",
                "turnFormat": "$value$",
                "list": sequence(list(phases), ","),
                "configList": "false",
                "configFirst": "false",
            },
        )


def _label(board: Board, col: int, row: int) -> str:
    """The printed label of the hex at label coordinates ``(col, row)`` (``0815``)."""
    from sheetgen.core.hexlabel import hex_label

    return hex_label(col, row, "xxyy", board.leading + 1)


def _slot(parent: ET.Element, piece: Piece, size_px: int, gpid: int, angles: int, facing: int) -> None:
    """A ``VASSAL.build.widget.PieceSlot`` (entryName, gpid, width, height) holding ``piece``."""
    _el(
        parent,
        "build.widget.PieceSlot",
        {"entryName": piece.name, "gpid": str(gpid), "width": str(size_px), "height": str(size_px)},
        piece_definition(
            piece.name, piece.front, piece.back, gpid, angles=angles, facing=facing, record=piece.record
        ),
    )


def _metadata(scenario: Scenario, version: str) -> bytes:
    """``moduledata`` as ``VASSAL.build.module.metadata.ModuleMetaData`` writes it, without
    ``dateSaved`` (same input, same bytes)."""
    root = ET.Element("data", {"version": "1"})
    ET.SubElement(root, "version").text = version
    ET.SubElement(root, "VassalVersion").text = VASSAL_VERSION
    ET.SubElement(root, "description").text = scenario.summary or scenario.name
    ET.SubElement(root, "name").text = scenario.name
    ET.indent(root)
    text: bytes = ET.tostring(root, encoding="UTF-8", xml_declaration=True)
    return text + b"\n"
