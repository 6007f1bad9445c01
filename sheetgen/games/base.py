"""What every game module provides.

A game is one object implementing :class:`Game` over its own design and stats
types (``class Starfire(Game[Design, StarfireStats])``): it parses a design
mapping into its typed design (in the game package's ``parse`` module), checks
it into findings, derives its stats, and builds the view models its templates
print. Rules never see YAML positions,
files, fonts or paper; renderers never re-derive a rule.
"""

from __future__ import annotations

import dataclasses
import importlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

from sheetgen.core.fields import MAX_PROSE
from sheetgen.core.findings import Finding, Path
from sheetgen.core.jsondata import JSON, JSONObject
from sheetgen.core.resources import GameFiles, game_files
from sheetgen.core.rulings import Ruling
from sheetgen.core.shapes import Integer, KeySpec, Named, Text

if TYPE_CHECKING:  # kept out of start-up: validate never builds a card
    from sheetgen.core.card import Card
    from sheetgen.core.fields import Fields

__all__ = [
    "COMMON_FORM_FIELDS",
    "AnyGame",
    "Budget",
    "CounterFace",
    "Design",
    "FormField",
    "Game",
    "Marker",
    "MarkerNeed",
    "Placed",
    "RecordField",
    "Stats",
    "View",
    "common_design_keys",
    "counted",
    "name_size",
    "stacks",
]


def counted(n: int, word: str) -> str:
    """``n`` of ``word`` as the sheets and totals print it: ``1 ship``, ``1,000 ships``."""
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def name_size(name: str) -> str:
    """CSS class for a ship name on a record sheet by its length (``name-l`` up to
    22 characters, ``name-m`` up to 32, ``name-s`` beyond), so 40 still fit the header."""
    n = len(name)
    return "name-l" if n <= 22 else "name-m" if n <= 32 else "name-s"


def game_key(game_ids: Sequence[str], description: str, *, required: bool = False) -> Named:
    """The ``game:`` key naming one of ``game_ids`` as :func:`~sheetgen.games.find_game`
    reads it (any case, ``_`` or a space for ``-``)."""
    return Named(
        name="game",
        options=tuple(game_ids),
        what="a game id",
        separators="-_ ",
        required=required,
        description=description,
    )


def game_schema(game_ids: list[str], description: str) -> dict[str, Any]:
    """JSON Schema of a ``game:`` key naming one of ``game_ids`` (:func:`game_key`'s)."""
    return game_key(game_ids, description).schema()


#: Most ships of one design a file fields (``count:``): the project's bound.
MAX_DESIGN_COUNT = 1000

#: The keys every game's design has beside ``game`` (read by the loader and the games' parsers).
DESIGN_NAME = Text(
    name="name",
    required=True,
    default="",
    non_empty=True,
    description="The design's name, printed on its sheet and counter.",
)
DESIGN_CLASS = Text(name="class", description="The class the design belongs to (optional).")
DESIGN_COUNT = Integer(
    name="count",
    minimum=1,
    maximum=MAX_DESIGN_COUNT,
    default=1,
    show_default=True,
    description="How many ships of this design the file fields (ships).",
)
DESIGN_NOTES = Text(name="notes", limit=MAX_PROSE, description="Free text printed on the record sheet.")


def common_design_keys(game_id: str) -> tuple[KeySpec[Any], ...]:
    """The keys every game's design has: ``game``, ``name``, ``class``, ``count`` and
    ``notes`` (as :mod:`sheetgen.scenarios.loading` and the games' parsers read them; a
    number is accepted where text is, as ``class: 7``)."""
    return (
        game_key([game_id], "The game whose rules the design is built to."),
        DESIGN_NAME,
        DESIGN_CLASS,
        DESIGN_COUNT,
        DESIGN_NOTES,
    )


@dataclass(frozen=True)
class CounterFace:
    """What one side of a ship counter shows (layout is the counters module's job).

    ``title`` is the ship's name (shrunk to fit), ``values`` the key numbers as
    ``(label, value)`` pairs in reading order (``("MP", "6")``), ``arrow``
    whether a facing arrow points at the top edge, ``banner`` a short state
    word for a back face (``"ENGINES LOST"``), ``emblem`` whether the face is
    the side's fleet emblem instead of numbers.
    """

    title: str
    values: tuple[tuple[str, str], ...] = ()
    arrow: bool = True
    banner: str | None = None
    emblem: bool = False


@dataclass(frozen=True)
class FormField:
    """One top-level design key the designer's form shows (``sheetgen serve``): its
    ``key``, its ``label``, and how many of the form's three columns it spans. The input
    itself is built from the key's JSON Schema (an enum a choice, an integer a number
    within its bounds, a boolean yes/no, anything else text)."""

    key: str
    label: str
    span: int = 1

    def as_json(self) -> JSONObject:
        """``{"key", "label"}``, with ``"span"`` when it is not 1 (``/api/games``)."""
        out: JSONObject = {"key": self.key, "label": self.label}
        if self.span != 1:
            out["span"] = self.span
        return out


#: The keys every game's form shows first, in order.
COMMON_FORM_FIELDS: tuple[FormField, ...] = (FormField("name", "Name", 2), FormField("class", "Class"))


@dataclass(frozen=True)
class Budget:
    """One limit a design is built within, as the designer's budget bar shows it.

    ``used`` of ``limit`` ``unit`` (``16`` of ``16`` ``HS``); with ``at_least``, ``used``
    must reach ``limit`` (crew quarters the hull needs), else it must not pass it (hull
    spaces). ``rule`` is the ruling id that sets the limit. ``kept``, when given, is the
    rule's own verdict where a count alone cannot say it (engine rooms: as many as needed,
    each of the size the hull's pattern fixes).
    """

    label: str
    used: int
    limit: int
    unit: str
    rule: str
    at_least: bool = False
    kept: bool | None = None

    @property
    def ok(self) -> bool:
        """Whether the design keeps within this limit."""
        if self.kept is not None:
            return self.kept
        return self.used >= self.limit if self.at_least else self.used <= self.limit

    def to_dict(self) -> JSONObject:
        """``{"label", "used", "limit", "unit", "rule", "at_least", "ok"}``."""
        return {
            "label": self.label,
            "used": self.used,
            "limit": self.limit,
            "unit": self.unit,
            "rule": self.rule,
            "at_least": self.at_least,
            "ok": self.ok,
        }


@dataclass(frozen=True)
class PaletteItem:
    """One thing the designer's palette offers to add to a design, and the one edit of the
    YAML text a click makes.

    ``group`` heads the palette's section (``systems``, ``weapons``); ``code`` is what the
    design writes, ``name`` the rule text's name, ``cost`` what it takes (``4 HS``, ``at
    most once``) and ``detail`` one line on what it gives (damage, range, MP).

    ``edit`` says how a click changes the text, under the top-level ``key``:

    - ``append``: ``value`` is added to the scalar string (a Starfire system string), at
      the cursor when it stands in that string, else at its end;
    - ``list``: ``value`` (one YAML flow item) is added as the list's last item;
    - ``count``: the integer ``value`` of the mapping goes up by one (0 when absent);
    - ``flag``: the boolean ``value`` of the mapping is set true;
    - ``set``: the key's scalar becomes ``value``; with ``also`` (``{key: value}``) more
      top-level keys are set in the same edit.
    - ``member``: a crew member ``{name: ...}`` is added under the mapping for the station
      ``value`` (one a station; ``gunners`` is a list, one item more).
    """

    group: str
    code: str
    name: str
    cost: str
    detail: str
    edit: str
    key: str
    value: str
    rule: str = ""
    also: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> JSONObject:
        """``{"group", "code", "name", "cost", "detail", "edit", "key", "value", "rule", "also"}``."""
        return {
            "group": self.group,
            "code": self.code,
            "name": self.name,
            "cost": self.cost,
            "detail": self.detail,
            "edit": self.edit,
            "key": self.key,
            "value": self.value,
            "rule": self.rule,
            "also": dict(self.also),
        }


@dataclass(frozen=True)
class Marker:
    """A game marker counter (warp point, vector, shield down...), from the rules.

    ``label`` is the big text, ``caption`` the small line under it, ``count``
    how many a kit prints per side (or in all when ``per_side`` is false),
    ``numbered`` whether copies carry running numbers (damage markers 1..N),
    ``fill`` whether a kit's spare counter cells take more of it (not for terrain
    such as planets, which the scenario's map already prints).
    """

    label: str
    caption: str = ""
    count: int = 1
    per_side: bool = False
    numbered: bool = False
    back: str | None = None
    fill: bool = True


@dataclass(frozen=True)
class MarkerNeed:
    """How many of one :class:`Marker` a scenario's table can use: ``counts`` holds one
    number per side, in the sides' order, for a ``per_side`` marker, else one number in
    all. A count of 0 means the sides' ships cannot use the marker (it is not printed)."""

    marker: Marker
    counts: tuple[int, ...]


@dataclass(frozen=True)
class RecordField:
    """One entry of a ship's record sheet as a digital table keeps it in play (a VASSAL
    property sheet): ``name`` as the sheet prints it, and either ``boxes`` check boxes
    (a damage track's box, a magazine's rounds: ticked as they are lost or spent), of which
    ``ticked`` are ticked at the start (the design's ``condition:``), or a ``number`` counted
    up and down (a Number, hull points), the value now (the condition's, else as built)."""

    name: str
    boxes: int = 0
    number: int | None = None
    ticked: int = 0


class Design(Protocol):
    """What the loader needs of any game's design: its ``name`` (must not be empty)
    and ``count``, the ships of it a file asks for (set after :meth:`Game.parse`)."""

    name: str
    count: int


class Stats(Protocol):
    """Derived stats of one design, a dataclass (``dataclasses.replace`` names ships).

    ``name`` is the ship's (or design's) name; ``design_class`` the class it
    belongs to (``None`` where the design names none: :meth:`Game.named` then
    makes the design's name the class of the ships it names); ``to_dict`` the
    JSON object ``sheetgen stats --json`` prints (see
    :func:`~sheetgen.core.jsondata.stats_dict`).
    """

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    name: str
    design_class: str | None

    def to_dict(self) -> JSONObject: ...


DesignT = TypeVar("DesignT", bound=Design)
StatsT = TypeVar("StatsT", bound=Stats)


@dataclass(frozen=True)
class Placed(Generic[StatsT]):
    """One ship at its start position in a scenario (what :meth:`Game.start_findings`
    checks): the ship's ``name``, its design's ``stats``, its hex as the map prints it
    (``label``, ``"1812"``), ``cell`` (0-based column, row and grid level: ships whose
    cells are equal share a hex) and ``path``, where the start position is written in
    the scenario file."""

    name: str
    stats: StatsT
    label: str
    cell: tuple[int, int, int]
    path: Path


def stacks(placed: Sequence[Placed[StatsT]]) -> list[list[Placed[StatsT]]]:
    """The ships of ``placed`` grouped by the hex they start in, hexes in order of their
    first ship, each hex's ships in the scenario's order; hexes of one ship included."""
    by_cell: dict[tuple[int, int, int], list[Placed[StatsT]]] = {}
    for p in placed:
        by_cell.setdefault(p.cell, []).append(p)
    return list(by_cell.values())


#: A game's template view of one ship (or the extra values of a sheet): plain
#: values for Jinja2, no rules in templates.
View: TypeAlias = dict[str, object]


class Game(ABC, Generic[DesignT, StatsT]):
    """A rule system over its own design type ``DesignT`` and stats type ``StatsT``:
    id as written in YAML (``game: starfire``), title, seed file.

    Each game reads designs in its package's ``parse`` module
    (``parse_design(fields) -> Design``), which :meth:`parse` calls. Templates
    are the renderer's business; every file of the game outside its package (its
    record-sheet template, starting design, examples, guide, shipped schema) is found
    by convention from its id through :meth:`files`.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    seed: ClassVar[str]
    #: A folder laid out as the project is (``templates/``, ``designs/``, ``docs/``,
    #: ``schemas/``) holding this game's own files; ``None`` (every shipped game): the
    #: project's own folders. See :func:`~sheetgen.core.resources.game_files`.
    home: ClassVar[FilePath | None] = None
    #: How the project reads this game's rule text (``sheetgen explain``), in the order
    #: the documentation lists them; each names this game's id as its ``game``.
    rulings: ClassVar[tuple[Ruling, ...]] = ()
    #: The bundled scenario to begin with, a file name under ``designs/<id>/scenarios/``
    #: (the first registered game's is what ``sheetgen kit`` prints without an argument).
    first_scenario: ClassVar[str] = ""
    #: The design keys of this game the designer's form shows after
    #: :data:`COMMON_FORM_FIELDS`, in order.
    form_fields: ClassVar[tuple[FormField, ...]] = ()
    #: A legal design in the game's community notation (:meth:`import_notation`), shown
    #: as the example in the designer's import box; ``""`` where the game has none.
    notation_example: ClassVar[str] = ""
    #: Distance one hex stands for, as ``(amount, unit)`` (Knight Hawks 2000: ``(60, "m")``);
    #: ``None`` where the game gives none. Maps print a scale bar from it.
    hex_scale: ClassVar[tuple[float, str] | None] = None
    #: Whether :meth:`roll` builds ships (``sheetgen roll``); Space Cruisers only.
    rolls: ClassVar[bool] = False
    #: The dice the rules roll, as ``(count, sides)`` (``(2, 6)`` is 2d6), in the order the
    #: rule text brings them in: the dice buttons of a VASSAL module. Empty: none named.
    dice: ClassVar[tuple[tuple[int, int], ...]] = ()
    #: The turn's sequence of play, its phases' names in order as the rule text gives them
    #: (a VASSAL module's turn counter steps through them). Empty where the text names none.
    turn_phases: ClassVar[tuple[str, ...]] = ()
    #: Design keys whose problem (a wrong type, a bad value, a missing required key) leaves
    #: the rest of the design checkable, each with the rule ids whose findings read that key
    #: (dropped then, with every finding located at the key). A problem in any other key
    #: stops the rules for that design: their findings would be about values it does not
    #: have. An unknown key never stops them (the design reads as if it were absent).
    checkable_without: ClassVar[dict[str, frozenset[str]]] = {
        "name": frozenset(),
        "class": frozenset(),
        "notes": frozenset(),
        "count": frozenset(),
        "condition": frozenset({"CONDITION"}),
    }

    def files(self) -> GameFiles:
        """Where this game's own files are (:class:`~sheetgen.core.resources.GameFiles`):
        ``templates/<id>/``, ``templates/new/<id>.yaml``, ``designs/<id>/``, ``docs/<id>.md``
        and ``sheetgen/schemas/<id>.schema.json``, under :attr:`home` when it is set. The
        one lookup every front end uses for them. Raises
        :class:`~sheetgen.core.resources.MissingResource` on a broken install."""
        return game_files(self.id, self.home)

    @abstractmethod
    def parse(self, fields: Fields) -> DesignT:
        """Read a design from ``fields`` (``game`` and ``count`` already read).

        Raises :class:`~sheetgen.core.findings.InputError` (via ``fields.done()``)
        for wrong types and unknown keys; rule problems are left to :meth:`check`.
        """

    @abstractmethod
    def design_schema(self) -> dict[str, Any]:
        """JSON Schema (draft 2020-12) of one design mapping of this game, every key its
        parser reads with type, units, allowed values and a description; ``game`` is
        not required here (a fleet or a scenario gives it). ``sheetgen schema GAME``
        prints it inside the schema of a whole design file."""

    @abstractmethod
    def check(self, design: DesignT) -> list[Finding]:
        """Every finding about ``design``, errors first in rule order; never raises."""

    @abstractmethod
    def derive(self, design: DesignT) -> StatsT:
        """The design's derived stats from the encoded tables; never raises."""

    @abstractmethod
    def summary(self, stats: StatsT) -> list[tuple[str, str]]:
        """Label/value rows for the readable ``sheetgen stats`` table."""

    def budget(self, stats: StatsT) -> list[Budget]:
        """The limits the design is built within (hull spaces, caps, crew), for the
        designer's budget bar; none unless the game says."""
        return []

    def palette(self) -> list[PaletteItem]:
        """What the designer's palette offers, from the game's own tables (systems,
        weapons, defences, types), each with the one edit of the YAML a click makes;
        none unless the game says."""
        return []

    @abstractmethod
    def sheet_ship(self, stats: StatsT, findings: list[Finding]) -> View:
        """The plain view model of one ship on the record sheet (no rules in templates)."""

    @abstractmethod
    def reference(self) -> Card:
        """The reference card's tables, computed from the same functions the checks use."""

    @abstractmethod
    def counter(self, stats: StatsT) -> tuple[CounterFace, CounterFace]:
        """Front and back of ``stats``' ship counter: key numbers in front, the
        reduced state (or the fleet emblem) on the back."""

    def condition_now(self, stats: StatsT) -> JSONObject | None:
        """What ``stats``' ship is now by its design's ``condition:`` block: play mode's
        ``now`` mapping (``docs/play.md``) from the game's ``live`` module; ``None`` for a
        design without one (as built)."""
        if getattr(stats, "condition", None) is None:
            return None
        live = importlib.import_module(type(self).__module__ + ".live")
        now: JSONObject = live.now(live.start(stats))
        return now

    def carried_over(self, design: dict[str, Any], stats: StatsT) -> dict[str, Any]:
        """``design`` (a design file's mapping, as ``sheetgen play export`` writes it) with
        what play has changed for good in a ship whose stats, with its condition now, are
        ``stats``: what the next scenario of a campaign must field. The same mapping by
        default."""
        return design

    def condition_text(self, stats: StatsT) -> str | None:
        """What ``stats``' ship is now by its design's ``condition:`` block, as one line: the
        facts of its play-mode card (the game's ``live.card_rows``, what the play page shows),
        as :func:`~sheetgen.core.playcard.card_text` gives them; ``None`` without one."""
        now = self.condition_now(stats)
        if now is None:
            return None
        from sheetgen.core.playcard import card_text

        live = importlib.import_module(type(self).__module__ + ".live")
        return card_text(live.card_rows(now))

    def fleet_totals(self, ships: list[tuple[StatsT, int]]) -> list[tuple[str, str]]:
        """Label/value rows summing a fleet's designs, given as ``(stats, count)`` pairs, in
        the game's own measure of strength: ``sheetgen stats`` prints them after a fleet
        file and for each side of a scenario, and the kit's briefing under each side
        (none by default)."""
        return []

    def fleet_totals_json(self, ships: list[tuple[StatsT, int]]) -> JSONObject:
        """The totals of :meth:`fleet_totals` as a JSON object for ``sheetgen stats --json``
        (numbers, not text, where the game gives them; by default the rows as text)."""
        return {label: value for label, value in self.fleet_totals(ships)}

    def record_fields(self, view: View) -> list[RecordField]:
        """The record sheet of one ship as fields kept in play, in printed order, from
        ``view``, the data its printed sheet is made of (:meth:`sheet_ship`). None by default."""
        return []

    def damage_track(self, stats: StatsT, findings: list[Finding]) -> list[JSON]:
        """The record sheet's damage track of ``stats``' ship, taken from the view its printed
        sheet is made of (:meth:`sheet_ship`), for the designer to show beside the design:
        groups of boxes in damage order, ``{"boxes": [system codes], "room": n or None,
        "mp_after": MP left once that engine room is lost}``. None by default (a game whose
        sheet has no such track)."""
        return []

    def sheet_context(self, ships: list[View]) -> View:
        """Extra values for the record-sheet template, from every ship view of the
        document (``side`` already set): fleet totals, a roster (none by default)."""
        return {}

    def reference_data(self, fields: Fields) -> tuple[Card, list[Finding]]:
        """The reference card completed with data the rule text lacks, read from a
        YAML mapping (``sheetgen reference GAME --tables FILE``; Knight Hawks 2000:
        damage-table roll ranges, RULINGS KH-6), and findings about that data.
        Raises :class:`~sheetgen.core.findings.InputError` for wrong types or keys, and
        ``NotImplementedError`` where the game's card takes no such data."""
        raise NotImplementedError(f"{self.id}'s reference card takes no --tables data")

    def markers(self) -> list[Marker]:
        """The game's marker counters, from its rules (none by default)."""
        return []

    def marker_needs(self, sides: Sequence[Sequence[StatsT]]) -> list[MarkerNeed]:
        """How many of each of :meth:`markers` a table needs for ``sides`` (each side's
        ships' stats, one entry per ship on the map, in the sides' order): a
        :class:`MarkerNeed` per marker, in the game's order, counting only what those
        ships can use in the numbers the rules make sensible. By default every marker
        in its full :attr:`Marker.count` (per side for a ``per_side`` one)."""
        return [MarkerNeed(m, (m.count,) * len(sides) if m.per_side else (m.count,)) for m in self.markers()]

    def scenario_findings(self, sides: Sequence[tuple[str, Sequence[StatsT]]]) -> list[Finding]:
        """Findings about a scenario's fleets that the game's own rules give (Starfire:
        one design type per hull size on each side). ``sides`` holds each side's name
        and the stats of its ships' designs, in the scenario's order; paths are into
        the scenario file (``("sides", i, "fleet")``). None by default."""
        return []

    def stack_allowed(self, ships: Sequence[StatsT]) -> bool:
        """Whether ``ships`` (the stats of each ship's design) may stand together in one
        hex, at set-up or after a move: the game's stacking rule (Kill Radius: a total
        Number of at most 7; Space Cruisers: one ship). Always ``True`` by default: the
        rule text sets no limit (Starfire: any number of counters share a hex)."""
        return True

    def start_findings(self, placed: Sequence[Placed[StatsT]]) -> list[Finding]:
        """Findings about where a scenario's ships start that the game's own rules give
        (Kill Radius: ships stacked above a total Number of 7; Space Cruisers: a second
        ship in a hex). ``placed`` holds every ship with a start position, in the order
        the positions are written; each finding's path is the offending start
        position's. None by default: the rule text sets no limit on where ships stand."""
        return []

    def map_findings(self, stats: StatsT, cols: int, rows: int, layers: Sequence[int]) -> list[Finding]:
        """Findings about one design against the map of a scenario that fields it: a
        ``cols`` x ``rows`` hex map with grid ``layers`` (levels, 0 the main grid).
        Paths are into the design's file (Knight Hawks 2000: a minelaying plan off the
        map). None by default."""
        return []

    def named(self, stats: StatsT, name: str) -> StatsT:
        """``stats`` for one ship of the design called ``name`` (a scenario names each
        ship; the design's own name becomes its class when it states none)."""
        design_class = stats.design_class
        if not design_class and name != stats.name:
            design_class = stats.name
        return dataclasses.replace(stats, name=name, design_class=design_class)

    @property
    def imports(self) -> bool:
        """Whether the game reads designs pasted in a community notation
        (:meth:`import_notation`; ``sheetgen import`` and the designer's import box)."""
        return type(self).import_notation is not Game.import_notation

    def import_notation(self, text: str, name: str) -> tuple[JSONObject, list[Finding]]:
        """Read a design pasted in the game's community notation into a YAML-ready
        mapping plus findings located by :class:`~sheetgen.core.findings.Char` offsets
        into ``text``. Raises ``NotImplementedError`` where a game has no notation."""
        raise NotImplementedError(f"{self.id} has no design notation to import")

    def roll(
        self,
        seed: int,
        *,
        name: str | None = None,
        systems: int | None = None,
        hull: str | None = None,
        fighters: bool = False,
    ) -> str:
        """A random ship as a YAML design whose comments record every roll (``sheetgen
        roll``): ``seed`` seeds the dice (the same seed gives the same ship),
        ``systems`` is how many rolls on the game's systems table (``None``: the
        game's default), ``hull`` the hull to build on in the game's own words
        (``None``: its default), ``fighters`` whether play uses fighters.

        Raises ``ValueError`` for options the game refuses (an unknown hull, too
        many systems), and ``NotImplementedError`` where the game builds ships by
        design only (see :attr:`rolls`)."""
        raise NotImplementedError(f"{self.id} builds ships by design, not by rolling")


#: A registered game whose design and stats types are not known where it is used
#: (the registry's, an :class:`~sheetgen.scenarios.loading.Entry`'s): designs are
#: :class:`Design`, stats :class:`Stats`. ``Game`` is invariant in both, so a
#: concrete game is one of these only by the registry's say-so (it is loaded by
#: name); callers keep it sound by handing a design or stats back only to the game
#: that made it, as the loader, sheets, counters and kit do.
AnyGame: TypeAlias = "Game[Design, Stats]"
