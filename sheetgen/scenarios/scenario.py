"""Scenarios: the game, the map, the sides and their fleets, set-up and victory.

A scenario file (``scenario:`` key) names its game and lists sides, each with a
fleet of designs (a path relative to the scenario file, ``file.yaml#Name`` to
pick one design of several, or an inline design mapping), how many ships of
each (``count``) and their names (``names``). :func:`load_scenario` reads it,
loads every design through the same pipeline as ``sheetgen validate``, and
names each ship.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from sheetgen.core.fields import MAX_PROSE, Fields
from sheetgen.core.findings import Finding, InputError, Path, error, note
from sheetgen.core.shapes import Block, Boolean, Choice, Given, Integer, Items, Shape, Text, TextList
from sheetgen.core.source import Document, Located, SourceError, collapsed, load_bytes, load_file
from sheetgen.games import GAMES, UnknownGame, find_game
from sheetgen.games.base import AnyGame, Placed, Stats, game_key
from sheetgen.hexgrid import OffsetGrid, Orientation, Origin
from sheetgen.scenarios.loading import (
    MAX_COUNT,
    MAX_SHIPS,
    SCENARIO_KEY,
    Entry,
    LoadResult,
    looks_like,
    read_designs,
)
from sheetgen.scenarios.placement import PLACEMENT, Rule, Setup, check_placement, read_placement
from sheetgen.scenarios.terrain import (
    COLOUR,
    MAX_MAP_HEXES,
    START,
    TERRAIN,
    ZONE,
    MapPlan,
    Style,
    read_plan,
)

__all__ = [
    "FLEET_ENTRY",
    "MAP",
    "SCENARIO",
    "SIDE",
    "MapSpec",
    "Scenario",
    "ScenarioShip",
    "Side",
    "add_scenarios",
    "every_error",
    "load_scenario",
    "slug",
]

#: Side colours used when a scenario gives none (blue, red, green, amber).
DEFAULT_COLOURS = ("#1f4e9c", "#b3261e", "#2e7d32", "#b26a00")

# --- the shapes of a scenario file (its JSON Schema and its reading, from one description) ---

#: The scenario's ``map:`` section.
MAP = Shape(
    "map",
    (
        Integer(name="cols", minimum=1, default=40, show_default=True, description="Columns of hexes."),
        Integer(name="rows", minimum=1, default=30, show_default=True, description="Rows of hexes."),
        Text(
            name="hex",
            default="1in",
            show_default=True,
            description="Hex size across the flats, with its unit: 1in, 25mm, 5/8in.",
        ),
        Choice(
            name="orientation",
            options=("flat", "pointy"),
            what="an orientation",
            default="flat",
            show_default=True,
            description="Hex orientation.",
        ),
        Choice(
            name="origin",
            options=("ul", "ll"),
            what="a corner",
            default="ul",
            show_default=True,
            description="The corner hex numbering starts from.",
        ),
        Given(
            name="layers",
            value_schema={"type": ["array", "integer", "string"]},
            description="Grid levels of a 3D map: [-1, 0, 1], one level, or -2..+2.",
        ),
        Choice(
            name="style",
            options=("plain", "starfield"),
            what="a style",
            default="plain",
            show_default=True,
            description="How the map is printed.",
        ),
        Integer(name="seed", description="Seed of the starfield (the same seed, the same stars)."),
        Items(name="terrain", shape=TERRAIN, description="Planets, moons, warp points, asteroids."),
        Items(name="zones", shape=ZONE, description="Deployment zones."),
        Items(name="start", shape=START, description="Start positions."),
    ),
    description="The hex map: its size, hex size in print, and what it places.",
)
#: One entry of a side's ``fleet:``: a design (a file, or written inline), how many, their names.
FLEET_ENTRY = Shape(
    "fleet entry",
    (
        Given(
            name="design",
            required=True,
            value_schema={
                "anyOf": [
                    {
                        "type": "string",
                        "description": "A design or fleet file, relative to the scenario;"
                        " file.yaml#Name for one design of several.",
                    },
                    {
                        "type": "object",
                        "description": "A design written inline (its game is the scenario's).",
                    },
                ]
            },
            description="The design: a file path, or the design written inline under this key.",
        ),
        Integer(
            name="count",
            minimum=1,
            maximum=MAX_COUNT,
            default=1,
            description="Ships of it (times the file's own count).",
        ),
        TextList(name="names", description="The ships' names, in order."),
        Text(name="note", limit=MAX_PROSE, description="A note printed in the briefing."),
    ),
)
#: One of the scenario's ``sides:``.
SIDE = Shape(
    "side",
    (
        Text(
            name="name",
            non_empty=True,
            empty_says=": it names the side on its record sheets, counters and briefing",
            description="The side's name.",
        ),
        COLOUR,
        Text(name="notes", limit=MAX_PROSE, description="Notes for the side (briefing)."),
        Items(
            name="fleet",
            required=True,
            shape=FLEET_ENTRY,
            description="The side's designs, with counts and names.",
        ),
    ),
)


def _prose(name: str, description: str) -> Text:
    return Text(name=name, limit=MAX_PROSE, description=description)


#: A scenario file: the keys :func:`_parse` reads and the ``scenario`` JSON Schema describes.
SCENARIO = Shape(
    "scenario",
    (
        Text(
            name=SCENARIO_KEY,
            required=True,
            non_empty=True,
            # the briefing's title and the kit's folder are made from it, as a design's from its name
            empty_says=": it is the scenario's name",
            description="The scenario's name (this key makes a file a scenario).",
        ),
        game_key(list(GAMES), "The game played.", required=True),
        _prose("summary", "What the scenario is about (briefing)."),
        _prose("setup", "How the table is set up (briefing)."),
        _prose("victory", "How a side wins (briefing)."),
        Integer(name="turn_limit", minimum=1, description="Turns played."),
        Boolean(
            name="turn_limit_chosen",
            default=False,
            description="The turn limit is the project's choice, not the rule text's.",
        ),
        Given(name="options", value_schema={"type": "object"}, description="Optional rules in play."),
        _prose("source", "Where the scenario comes from."),
        Block(name="map", shape=MAP, description=MAP.description),
        Items(
            name="sides",
            required=True,
            shape=SIDE,
            min_items=1,
            description="The sides, each with its fleet.",
        ),
        PLACEMENT,
    ),
)


#: The longest slug kept whole: folder and file names made from it (``<slug>.vmod``) stay well
#: inside the 255 bytes a file name may have.
MAX_SLUG = 80


#: Latin letters that do not decompose into an ASCII letter and marks, as ASCII spells them.
_SPELLED = str.maketrans(
    {
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "ø": "o",
        "Ø": "O",
        "œ": "oe",
        "Œ": "OE",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "TH",
        "đ": "d",
        "Đ": "D",
        "ł": "l",
        "Ł": "L",
        "ı": "i",
    }
)


def slug(name: str) -> str:
    """A file-name-safe form of ``name`` (ASCII letters and digits joined by hyphens, at most
    :data:`MAX_SLUG` characters and an 8-digit tag): ``"Scouts Meet!"`` gives
    ``"scouts-meet"``, ``"Café run"`` ``"cafe-run"`` (accents set apart from their letters).
    A name with a letter or digit that has no ASCII form, or none at all, or too long, gets a
    tag from its own text (``"battle-of-station-1a2b3c4d"``; ``"scenario-1a2b3c4d"``;
    ``"<first 80>-1a2b3c4d"``), so two such names never share a kit's folder."""
    # accents apart from their letters ("Café" as "Cafe"), and the Latin letters with no such
    # parts spelled as they are in ASCII ("Straße" as "Strasse", "Æon" as "AEon")
    spelled = unicodedata.normalize("NFKD", name).translate(_SPELLED)
    s = re.sub(r"[^a-z0-9]+", "-", spelled.lower()).strip("-")
    dropped = any(ch.isalnum() and not ch.isascii() for ch in spelled)  # "Ω Station" and "Σ Station"
    if s and len(s) <= MAX_SLUG and not dropped:
        return s
    tag = hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    return f"{s[:MAX_SLUG].rstrip('-') or 'scenario'}-{tag}"


@dataclass
class ScenarioShip:
    """One ship on the table: its name, its design entry, its side's name and colour."""

    name: str
    entry: Entry
    side: str
    colour: str
    #: Where the fleet entry that fields this ship is written.
    path: Path = ()

    @property
    def stats(self) -> Stats:
        """The design's stats, named for this ship."""
        return self.entry.game.named(self.entry.stats, self.name)


@dataclass
class Side:
    """A side: name, colour (``#rrggbb``) and its ships in fleet order; ``unread``: a fleet
    entry's designs could not be read (an input error says why), so its forces are not
    whole."""

    name: str
    colour: str
    ships: list[ScenarioShip] = field(default_factory=list)
    notes: str | None = None
    unread: bool = False

    def fleet(self) -> list[tuple[Stats, int]]:
        """Each design the side fields with its number of ships, ``(stats, ships)`` in fleet
        order: a fleet entry's ``count`` times the design's own ``count``, as the ships
        were named (what :meth:`~sheetgen.games.base.Game.fleet_totals` sums)."""
        fielded: dict[int, tuple[Stats, int]] = {}
        for ship in self.ships:
            stats, n = fielded.get(id(ship.entry), (ship.entry.stats, 0))
            fielded[id(ship.entry)] = (stats, n + 1)
        return list(fielded.values())


@dataclass
class MapSpec:
    """The map a scenario is played on: ``cols`` x ``rows`` hexes, ``hex`` size
    as written (``1in``, flat-to-flat), the corner numbering starts from
    (``origin``), the levels of a 3D map (``layers``), the print ``style`` and
    starfield ``seed``, the raw terrain, zones and start mappings, and ``plan``,
    those read and checked (see :mod:`sheetgen.scenarios.terrain`)."""

    cols: int = 40
    rows: int = 30
    hex: str = "1in"
    orientation: Orientation = "flat"
    terrain: list[Any] = field(default_factory=list)
    zones: list[Any] = field(default_factory=list)
    origin: Origin = "ul"
    layers: tuple[int, ...] = (0,)
    style: Style = "plain"
    seed: int | None = None
    start: list[Any] = field(default_factory=list)
    plan: MapPlan = field(default_factory=MapPlan)


@dataclass
class Scenario:
    """A scenario read from its file; ``located`` holds every design finding."""

    name: str
    game: AnyGame
    path: FsPath
    document: Document
    sides: list[Side]
    map: MapSpec
    summary: str | None = None
    setup: str | None = None
    victory: str | None = None
    turn_limit: int | None = None
    # True when the rule text states no turn limit and the file's is the project's choice
    # (RULINGS SF-11): the briefing prints it as optional
    turn_limit_chosen: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    source: str | None = None
    located: list[Located] = field(default_factory=list)
    placement: list[Rule] = field(default_factory=list)

    @property
    def ships(self) -> list[ScenarioShip]:
        """Every ship of every side, in side then fleet order."""
        return [ship for side in self.sides for ship in side.ships]

    @property
    def legal(self) -> bool:
        return not any(loc.finding.is_error for loc in self.located)

    def side_totals(self, side: Side) -> list[tuple[str, str]]:
        """``side``'s totals in the game's own measure (label/value rows,
        :meth:`~sheetgen.games.base.Game.fleet_totals`), every ship it fields counted."""
        return self.game.fleet_totals(side.fleet())


def _fleet_designs(
    item: Fields, doc: Document, scenario_dir: FsPath, game: AnyGame, result: LoadResult
) -> list[Entry]:
    """Entries for one fleet item's ``design`` (path, ``path#Name`` or inline mapping).

    A design's keys written beside ``design:`` instead of under it (or with no
    ``design:`` at all) are one problem, said once, not one per key."""
    beside = [str(k) for k in item.data if k not in FLEET_ENTRY.names]
    if item.data.get("design") is None and beside:
        item.known.update(beside)
        item.known.add("design")
        keys = ", ".join(f"'{k}'" for k in beside)
        item.problem(
            f"the design's keys ({keys}) go under 'design:', indented one step further;"
            " a fleet entry holds only design, count, names and note",
            item.at("design") if "design" in item.data else item.path,
        )
        return []
    ref = item.get(FLEET_ENTRY.key("design"))
    before = len(result.entries)
    if isinstance(ref, dict):
        inline = Document(doc.source, ref, doc.marks, doc.key_marks)
        _read_inline(inline, item.at("design"), game, result)
    elif isinstance(ref, str):
        file_part, _, wanted = ref.partition("#")
        target = (scenario_dir / file_part).resolve()
        if result.within is not None and not target.is_relative_to(result.within):
            result.outside.append(file_part)  # never opened: nothing of it is read or told
            result.input_errors.append(
                doc.locate(
                    error("FILE", f"design {ref!r} lies outside the folder it may be read from"),
                    item.at("design"),
                )
            )
            return []
        try:
            docs = load_file(target, source=str(_display(target)))
        except SourceError as exc:
            result.input_errors.append(
                doc.locate(
                    error("FILE", f"design {ref!r}: {exc.located[0].finding.message}"),
                    item.at("design"),
                )
            )
            return []
        for d in docs:
            if isinstance(d.data, dict) and SCENARIO_KEY in d.data:
                result.input_errors.append(
                    doc.locate(
                        error("SCHEMA", f"design {ref!r} is a scenario, not a design or fleet file"),
                        item.at("design"),
                    )
                )
                return []
            read_designs(d, result)
        found = result.entries[before:]
        if wanted:
            keep = [e for e in found if e.stats.name == wanted]
            if not keep:
                names = ", ".join(e.stats.name for e in found) or "none"
                result.input_errors.append(
                    doc.locate(
                        error(
                            "SCHEMA",
                            f"{file_part} has no design named {wanted!r} (it has: {names})",
                        ),
                        item.at("design"),
                    )
                )
            del result.entries[before:]
            result.entries.extend(keep)
    else:
        item.problem("'design' must be a file path or a design mapping", item.at("design"))
    return result.entries[before:]


def _read_inline(doc: Document, base: Path, game: AnyGame, result: LoadResult) -> None:
    data = dict(doc.data)
    data.setdefault("game", game.id)
    shifted = Document(doc.source, [data], {}, {})
    for path, mark in doc.marks.items():
        if path[: len(base)] == base:
            shifted.marks[(0, *path[len(base) :])] = mark
    for path, mark in doc.key_marks.items():
        if path[: len(base)] == base:
            shifted.key_marks[(0, *path[len(base) :])] = mark
    read_designs(shifted, result)


def _display(path: FsPath) -> FsPath:
    try:
        return path.relative_to(FsPath.cwd())
    except ValueError:
        return path


def _map_layers(fields: Fields) -> tuple[int, ...]:
    """``layers``: a list of levels (``[-1, 0, 1]``), one level (``1``) or a range
    written ``"-2..+2"``; each list item is checked where it stands."""
    from sheetgen.scenarios.terrain import parse_layers

    value = fields.raw("layers", None)
    at = fields.at("layers")
    if value is None:
        return (0,)
    if isinstance(value, list):
        if not value:
            fields.problem("'layers' must be a list of grid levels such as [-1, 0, 1]", at)
            return (0,)
        levels: list[int] = []
        for i, item in enumerate(value):
            level = fields.check_integer(item, (*at, i), "layers")
            if level is None:
                continue
            if level in levels:
                fields.problem(f"layer {level} is listed twice", (*at, i))
                continue
            levels.append(level)
        text = ",".join(str(v) for v in levels) or "0"
    else:
        text = str(value)
    try:
        return parse_layers(text)
    except ValueError as exc:
        fields.problem(f"'layers': {exc}", at)
        return (0,)


def _map_spec(map_fields: Fields) -> MapSpec:
    """The ``map:`` section read by :data:`MAP` (each key's default when it is absent)."""
    key = MAP.key
    return MapSpec(
        cols=map_fields.get(key("cols")) or MapSpec.cols,
        rows=map_fields.get(key("rows")) or MapSpec.rows,
        hex=map_fields.get(key("hex")) or MapSpec.hex,
        orientation=map_fields.get(key("orientation")) or "flat",
        terrain=map_fields.get(key("terrain")) or [],
        zones=map_fields.get(key("zones")) or [],
        origin=map_fields.get(key("origin")) or "ul",
        layers=_map_layers(map_fields),
        style=map_fields.get(key("style")) or "plain",
        seed=map_fields.get(key("seed")),
        start=map_fields.get(key("start")) or [],
    )


def _check_hex_size(fields: Fields, text: str) -> None:
    from sheetgen.core.units import MIN_HEX, LengthError, parse_length

    try:
        parse_length(text, least=MIN_HEX)
    except LengthError as exc:
        fields.problem(f"'hex': {exc}", fields.at("hex"))


def load_scenario(
    path: str | FsPath, *, within: FsPath | None = None, text: bytes | None = None
) -> tuple[Scenario | None, LoadResult]:
    """Read a scenario and every design it names (with ``within``, only designs inside
    that folder: the others are input errors, listed in ``result.outside``, never opened).
    With ``text``, that is the scenario file's content (not yet saved), read as if it
    were the file ``path``: its design paths are relative to ``path``'s folder.

    Returns ``(scenario, result)``: ``result.input_errors`` holds unreadable
    input (exit status 2; the scenario is then ``None`` if it could not be
    built at all) and ``scenario.located`` every design finding.
    """
    result = LoadResult(within=within.resolve() if within is not None else None)
    file = FsPath(path)
    try:
        docs = load_file(file, source=str(path)) if text is None else load_bytes(text, source=str(path))
    except SourceError as exc:
        result.input_errors.extend(exc.located)
        return None, result
    doc = docs[0]
    try:
        scenario = _parse(doc, file, result)
    except InputError as exc:
        result.input_errors.extend(doc.locate(f) for f in exc.findings)
        return None, result
    if scenario is not None:
        for entry in result.entries:
            scenario.located.extend(entry.located)
        fleets = [(side.name, [ship.entry.stats for ship in side.ships]) for side in scenario.sides]
        checks = check_placement(_setup(scenario), scenario.placement)
        checks += scenario.game.start_findings(_placed(scenario))
        if not any(side.unread for side in scenario.sides):  # forces compared whole, or not at all
            checks += scenario.game.scenario_findings(fleets)
        scenario.located.extend(doc.locate(f) for f in checks)
        spec = scenario.map
        for entry in result.entries:
            if entry.game.id == scenario.game.id:
                found = scenario.game.map_findings(entry.stats, spec.cols, spec.rows, spec.layers)
                scenario.located.extend(entry.document.locate(f, entry.base) for f in found)
        # a design file on two sides (or twice on one) is checked once a fleet entry: said once
        scenario.located = list(dict.fromkeys(scenario.located))
    return scenario, result


def every_error(scenario: Scenario | None, result: LoadResult) -> list[Located]:
    """Every error :func:`load_scenario` found, once each, in reading order, as ``validate``
    prints them: unreadable input (``result.input_errors``), the rule errors of designs read
    only in part (``result.partial``) and the scenario's own and its designs' rule errors
    (``scenario.located``), so a verb stopped by a missing file still says the rest."""
    from sheetgen.core.source import reading_order

    found = [*result.input_errors, *result.partial, *(scenario.located if scenario is not None else [])]
    return list(dict.fromkeys(reading_order(loc for loc in found if loc.finding.is_error)))


def _setup(scenario: Scenario) -> Setup:
    """What the placement rules check: the map's numbering, what it places, the sides' ships."""
    spec = scenario.map
    return Setup(
        OffsetGrid(spec.cols, spec.rows, spec.orientation, spec.origin),
        spec.plan,
        {side.name: [ship.name for ship in side.ships] for side in scenario.sides},
        {ship.name: ship.stats for ship in scenario.ships},
        frozenset(side.name for side in scenario.sides if side.unread),
    )


def _placed(scenario: Scenario) -> list[Placed[Stats]]:
    """Every ship with a start position, in the order the positions are written, for the
    game's own rules on where ships may stand (:meth:`~sheetgen.games.base.Game.start_findings`)."""
    ships = {ship.name: ship for ship in scenario.ships}
    return [
        Placed(
            start.label,
            ships[start.label].stats,
            f"{start.at.col + 1:02d}{start.at.row + 1:02d}",
            (start.at.col, start.at.row, start.layer),
            start.path,
        )
        for start in scenario.map.plan.starts
        if start.label in ships
    ]


def add_scenarios(result: LoadResult) -> list[tuple[Scenario, list[Entry]]]:
    """Load every scenario ``result`` met (``result.scenarios``) and fold in its
    designs and unreadable input; a design reached both directly and through a
    scenario is kept once. Returns each loaded scenario with its own entries."""
    loaded: list[tuple[Scenario, list[Entry]]] = []
    for source, _doc in result.scenarios:
        scenario, sresult = load_scenario(source)
        result.input_errors.extend(sresult.input_errors)
        result.partial.extend(sresult.partial)
        result.entries.extend(sresult.entries)
        if scenario is not None:
            loaded.append((scenario, sresult.entries))
    # where the design's mapping starts tells inline designs of one scenario apart
    unique = {
        (FsPath(e.document.source).resolve(), e.document.index, e.base, e.document.position(e.base)): e
        for e in result.entries
    }
    result.entries = list(unique.values())
    return loaded


def _check_unique_names(top: Fields, sides: list[Side]) -> None:
    """Sides and ships need names of their own: start positions, placement rules,
    counters and record sheets all tell them apart by name."""
    seen_sides: dict[str, str] = {}  # each side's name as printed (accents composed): the name written
    for i, side in enumerate(sides):
        printed = unicodedata.normalize("NFC", collapsed(side.name))
        if printed in seen_sides:
            first = seen_sides[printed]
            alike = "" if first == side.name else f" and {first!r}, which print alike"
            top.problem(
                f"two sides are named {side.name!r}{alike}: give each side a name of its own",
                ("sides", i, "name"),
            )
        seen_sides.setdefault(printed, side.name)
    seen: dict[str, str] = {}
    clashes: dict[tuple[Path, str], list[str]] = {}  # per fleet entry and where the names are taken
    for side in sides:
        for ship in side.ships:
            if ship.name in seen:
                where = (
                    "on this side too" if seen[ship.name] == side.name else f"on {seen[ship.name]}'s side too"
                )
                clashes.setdefault((ship.path, where), []).append(ship.name)
                continue
            seen[ship.name] = side.name
    for (path, where), names in clashes.items():  # an entry of 1,000 ships: one line, not 1,000
        if len(names) == 1:
            said = f"a ship named {names[0]!r} is {where}"
        else:
            listed = ", ".join(repr(n) for n in names[:3]) + (", ..." if len(names) > 3 else "")
            said = f"{len(names):,} ships here have names taken {where.removesuffix(' too')} ({listed})"
        top.problem(f"{said}: give the ships names of their own ('names:')", path)


def _parse(doc: Document, file: FsPath, result: LoadResult) -> Scenario:
    if isinstance(doc.data, dict) and "scenario" not in doc.data and {"sides", "map"} & set(doc.data):
        message = looks_like(doc.data)
        if message is not None:
            raise InputError([error("SCHEMA", message, ())])
    if (
        isinstance(doc.data, dict)
        and "scenario" not in doc.data
        and ("designs" in doc.data or "name" in doc.data)
    ):
        raise InputError(
            [
                error(
                    "SCHEMA",
                    "this is a design file, not a scenario: a scenario starts with 'scenario: NAME'",
                    (),
                )
            ]
        )
    top = Fields(doc.data, (), shape=SCENARIO)
    name = top.get(SCENARIO.key(SCENARIO_KEY)) or ""
    game_id = top.raw("game", required=True)  # judged by find_game, with its own message
    if game_id is None:  # said as for a design without one, not as an unknown game "None"
        raise InputError([error("GAME", f"scenario lacks 'game:'; known games: {', '.join(GAMES)}", ())])
    try:
        game = find_game(game_id)
    except UnknownGame as exc:
        raise InputError([error("GAME", str(exc), ("game",))]) from None
    map_fields = top.get(SCENARIO.key("map"))
    spec = MapSpec()
    too_big = False  # a map past MAX_MAP_HEXES: said once; nothing is laid out on it
    if map_fields is not None:
        spec = _map_spec(map_fields)
        _check_hex_size(map_fields, spec.hex)
        total = spec.cols * spec.rows * max(1, len(spec.layers))
        if total > MAX_MAP_HEXES:  # the map verb and the kit refuse it: say so where it is written
            too_big = True
            map_fields.problem(
                f"{spec.cols} x {spec.rows}"
                + (f" x {len(spec.layers)} levels" if len(spec.layers) > 1 else "")
                + f" is {total:,} hexes; the most one map can have is {MAX_MAP_HEXES:,}",
                map_fields.at("cols"),
            )
    sides_raw = top.get(SCENARIO.key("sides"))
    sides: list[Side] = []
    children: list[Fields | None] = [map_fields]
    notes: list[Finding] = []
    unread: dict[str, tuple[str, str]] = {}  # names given to ships whose design could not be read
    fielded = 0  # ships of every side so far, held to MAX_SHIPS before any is made
    if not isinstance(sides_raw, list) or not sides_raw:
        top.problem("'sides' must be a list of at least one side", top.at("sides"))
        sides_raw = []
    for i, side_raw in enumerate(sides_raw):
        try:
            sf = Fields(side_raw, ("sides", i), shape=SIDE)
        except InputError as exc:
            top.problems.extend(exc.findings)
            continue
        children.append(sf)
        colour = sf.get(COLOUR) or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
        side = Side(
            sf.get(SIDE.key("name")) or f"Side {i + 1}",
            colour,
            notes=sf.get(SIDE.key("notes")),
        )
        fleet = sf.get(SIDE.key("fleet"))
        if not isinstance(fleet, list):
            sf.problem("'fleet' must be a list of designs with counts", sf.at("fleet"))
            fleet = []
        for j, item_raw in enumerate(fleet):
            try:
                item = Fields(item_raw, ("sides", i, "fleet", j), shape=FLEET_ENTRY)
            except InputError as exc:
                sf.problems.extend(exc.findings)
                continue
            children.append(item)
            count = item.get(FLEET_ENTRY.key("count")) or 1
            names = item.get(FLEET_ENTRY.key("names")) or []
            item.get(FLEET_ENTRY.key("note"))
            entries = _fleet_designs(item, doc, file.parent, game, result)
            if not entries:  # its design is reported unreadable: its names are not reported again
                unread.update(dict.fromkeys(names, (side.name, side.colour)))
                side.unread = True
            ships_here = count * sum(e.count for e in entries) if entries else count
            if fielded > MAX_SHIPS:  # past the most already, said once: no ship of it is made
                entries = []
            elif fielded + ships_here > MAX_SHIPS:  # said before a ship of it is made
                item.problem(
                    f"this entry brings the scenario to {fielded + ships_here:,} ships;"
                    f" at most {MAX_SHIPS:,} ships take part in one scenario",
                    item.at("count") if "count" in item.data else item.at("design"),
                )
                fielded, entries = MAX_SHIPS + 1, []
            fielded += ships_here if entries else 0
            if len(names) > ships_here:
                item.problem(
                    f"{len(names)} names for {ships_here} ship{'s' if ships_here != 1 else ''}: raise 'count' or drop names",
                    item.at("names"),
                )
            if len(set(names)) < len(names):
                item.problem("two ships of this entry share a name; names tell ships apart", item.at("names"))
            first_of_item = len(side.ships)
            for entry in entries:
                if entry.game.id != game.id:
                    result.input_errors.append(
                        doc.locate(
                            error(
                                "GAME",
                                f"design {entry.stats.name!r} is for {entry.game.id}, not {game.id}",
                            ),
                            item.at("design"),
                        )
                    )
                    continue
                total = count * entry.count
                if count > 1 and entry.count > 1:
                    ref = item.data.get("design")
                    where = ref.partition("#")[0] if isinstance(ref, str) else "the design"
                    notes.append(
                        note(
                            "SCENARIO",
                            f"count {count} here times count {entry.count} in {where}"
                            f" ({entry.stats.name}) fields {total} ships",
                            item.at("count"),
                        )
                    )
                for k in range(total):
                    if names:
                        named = len(side.ships) - first_of_item
                        ship_name = names[named] if named < len(names) else f"{entry.stats.name} {k + 1}"
                    else:
                        ship_name = entry.stats.name if total == 1 else f"{entry.stats.name} {k + 1}"
                    side.ships.append(ScenarioShip(ship_name, entry, side.name, side.colour, item.path))
            unnamed = [ship.name for ship in side.ships[first_of_item + len(names) :]]
            if names and unnamed:
                notes.append(
                    note(
                        "SCENARIO",
                        f"'names' lists {len(names)} of {len(side.ships) - first_of_item} ships;"
                        f" the others are named {', '.join(unnamed)}",
                        item.at("names"),
                    )
                )
        sides.append(side)
    _check_unique_names(top, sides)
    if map_fields is not None and not too_big:  # zones and terrain are expanded over the map's hexes
        ships = unread | {ship.name: (ship.side, ship.colour) for side in sides for ship in side.ships}
        spec.plan = read_plan(map_fields, {s.name: s.colour for s in sides}, ships, children)
        map_fields.problems.extend(spec.plan.check(spec.cols, spec.rows, spec.orientation, spec.layers))
    rules = read_placement(top)
    scenario = Scenario(
        name=name,
        game=game,
        path=file,
        document=doc,
        sides=sides,
        map=spec,
        summary=top.get(SCENARIO.key("summary")),
        setup=top.get(SCENARIO.key("setup")),
        victory=top.get(SCENARIO.key("victory")),
        turn_limit=top.get(SCENARIO.key("turn_limit")),
        turn_limit_chosen=bool(top.get(SCENARIO.key("turn_limit_chosen"))),
        options=top.get(SCENARIO.key("options")) or {},
        source=top.get(SCENARIO.key("source")),
    )
    if scenario.turn_limit_chosen and scenario.turn_limit is None:
        top.problem(
            "'turn_limit_chosen' marks a chosen 'turn_limit', but none is given", top.at("turn_limit_chosen")
        )
    top.done(*children)
    scenario.placement = rules
    scenario.located.extend(doc.locate(f) for f in notes)
    return scenario
