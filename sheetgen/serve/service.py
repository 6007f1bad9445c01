"""What the server answers, as plain data: the CLI's library calls on a request's YAML text.

Nothing here knows HTTP. Each function takes the body's bytes and returns the
result, or raises :class:`Refusal` with a status code and the lines the CLI
prints for the same input (``design.yaml:3:7: error [SCHEMA] ...`` or
``sheetgen: error: ...``). Findings and stats come from
:func:`sheetgen.scenarios.loading.read_designs`, the loader of ``validate`` and
``stats --json``; sheets from :func:`sheetgen.render.record_sheets.design_record_sheets`;
counters from :func:`sheetgen.layout.counters.fleet_counters` and
:func:`~sheetgen.layout.counters.layout_counter_sheets`, as ``sheetgen counters`` does.
"""

from __future__ import annotations

import errno
import re
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheetgen.core.findings import Finding, Severity, error, finding_json
from sheetgen.core.jsondata import JSON, JSONObject
from sheetgen.core.source import Document, Located, SourceError, load_bytes, reading_order
from sheetgen.core.units import Paper
from sheetgen.games import GAMES, UnknownGame, find_game, rulebook
from sheetgen.games.base import COMMON_FORM_FIELDS
from sheetgen.scenarios.loading import Entry, LoadResult, read_designs

if TYPE_CHECKING:
    from collections.abc import Callable

    from sheetgen.layout.counters import CounterSheets

__all__ = [
    "DEFAULT_SOURCE",
    "MAX_PRINT_DESIGNS",
    "MAX_PRINT_SHIPS",
    "OUT_OF_ROOM",
    "PAPERS",
    "Refusal",
    "check",
    "counters_pdf",
    "counters_svg",
    "games",
    "import_notation",
    "load",
    "ruling",
    "sheet",
    "starting",
]

#: File-system failures that are the server's (a full disk, a size or file limit), answered 503.
OUT_OF_ROOM = frozenset(
    getattr(errno, n)
    for n in ("ENOSPC", "EFBIG", "EDQUOT", "ENOMEM", "EMFILE", "ENFILE")
    if hasattr(errno, n)
)
#: The name a request's YAML goes by in messages (``design.yaml:3:7: error ...``).
DEFAULT_SOURCE = "design.yaml"
#: Paper sizes the print endpoints take (``?paper=``), as the CLI's ``--paper``.
PAPERS: tuple[Paper, ...] = ("letter", "a4")
#: Most designs one print request takes (``sheet.pdf``, ``sheet.html``): about 15 s of printing
#: on a two-core machine; a larger fleet is printed by ``sheetgen sheets``.
MAX_PRINT_DESIGNS = 50
#: Most ships one print request takes, a design's ``count`` multiplied out (record sheets,
#: counters, a scenario's kit): one sheet each, so the same 15 s as :data:`MAX_PRINT_DESIGNS`.
MAX_PRINT_SHIPS = 50
#: Rendering (WeasyPrint, ReportLab) one request at a time: the printers keep caches.
_RENDER = threading.Lock()


@dataclass
class Refusal(Exception):
    """A request the CLI would refuse: HTTP ``status`` and the CLI's ``lines``
    (the first is the message); ``findings`` the located ones, for the editor."""

    status: int
    lines: list[str]
    findings: list[Located] = field(default_factory=list)
    #: Headers to answer with besides the JSON (``Retry-After`` with a 503).
    headers: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.lines[0] if self.lines else ""

    def __reduce__(self) -> tuple[type[Refusal], tuple[int, list[str], list[Located], dict[str, str]]]:
        # whole, from a print worker (an exception pickles only its ``args`` otherwise)
        return (Refusal, (self.status, self.lines, self.findings, self.headers))


def _fail(message: str, status: int = 400) -> Refusal:
    """A refusal the CLI prints as ``sheetgen: error: MESSAGE``."""
    return Refusal(status, [f"sheetgen: error: {message}"])


def games() -> list[JSONObject]:
    """Every registered game in registry order, as the designer page reads it: ``id``,
    ``name`` (its title), ``fields`` (the keys its form shows: ``{"key", "label"[, "span"]}``,
    the common ones first) and what it can do: ``imports`` (a design notation to paste,
    ``notation`` an example of it) and ``rolls`` (random ships)."""
    out: list[JSONObject] = []
    for game_id in GAMES:
        game = find_game(game_id)
        fields: list[JSON] = [f.as_json() for f in (*COMMON_FORM_FIELDS, *game.form_fields)]
        out.append(
            {
                "id": game_id,
                "name": game.title,
                "fields": fields,
                "imports": game.imports,
                "notation": game.notation_example,
                "rolls": game.rolls,
            }
        )
    return out


def palette(game_id: str) -> list[JSONObject]:
    """``GET /api/palette/{game}``: what the designer's palette offers for ``game_id``
    (:meth:`~sheetgen.games.base.Game.palette`, each item's ``to_dict``); 404 for an
    unknown game."""
    return [item.to_dict() for item in find_game(_game(game_id, status=404)).palette()]


def starting(game_id: str, name: str = "New design") -> str:
    """The starting design ``sheetgen new`` writes for ``game_id``; refuses an unknown game (404)
    and a name no design file can carry (400), as ``new --name`` does."""
    from sheetgen.core.resources import starting_design

    game = find_game(_game(game_id, status=404))
    _name(name)
    return starting_design(game.files(), name)


def _name(name: str) -> None:
    """Refuse (400) a ``--name`` that is empty or holds a character the reader refuses."""
    from sheetgen.core.source import name_problem

    problem = name_problem(name)
    if problem:
        raise _fail(problem)


def _game(game_id: str, status: int = 400) -> str:
    try:
        return find_game(game_id).id
    except UnknownGame as exc:
        raise _fail(str(exc), status) from None


def _documents(body: bytes, source: str) -> list[Document]:
    """``body`` read as ``validate`` reads a file named ``source`` (:func:`~sheetgen.core.source.load_bytes`:
    the same limits and messages for text that is not UTF-8, NUL bytes, size, YAML), with no
    file written (one in the temporary folder was, which ``kill -9`` left there)."""
    try:
        return load_bytes(body, source=source)
    except SourceError as exc:
        raise Refusal(422, [str(loc) for loc in exc.located], list(exc.located)) from None


def load(body: bytes, *, game: str | None = None, source: str = DEFAULT_SOURCE) -> LoadResult:
    """The designs in ``body`` read, checked and derived as ``validate`` reads a file named
    ``source``. Refuses (422, the CLI's lines) input the CLI cannot read, a scenario (the
    design endpoints take designs and fleets), no design at all, and, when ``game`` is
    given, a design of another game (400 for an unknown ``game``)."""
    wanted = _game(game) if game is not None else None
    docs = _documents(body, source)
    result = LoadResult()
    for doc in docs:
        read_designs(doc, result)
    if result.input_errors:
        raise Refusal(422, [str(loc) for loc in result.input_errors], list(result.input_errors))
    if result.scenarios:
        doc = result.scenarios[0][1]
        loc = doc.locate(error("SCHEMA", "this is a scenario, not a design: open it as a scenario"))
        raise Refusal(422, [str(loc)], [loc])
    if wanted is not None:
        for entry in result.entries:
            if entry.game.id != wanted:
                where = entry.document.locate(
                    Finding("GAME", Severity.ERROR, f"this design is for {entry.game.id}, not {wanted}"),
                    entry.base,
                )
                loc = Located(where.source, where.line, where.column, where.finding)
                raise Refusal(422, [str(loc)], [loc])
    if not result.entries:
        raise _fail("no designs to print", 422)
    return result


def _sorted(result: LoadResult) -> list[Located]:
    """Every finding of every design, in the order ``validate`` prints them."""
    return list(dict.fromkeys(reading_order(loc for entry in result.entries for loc in entry.located)))


def check(body: bytes, *, game: str | None = None, source: str = DEFAULT_SOURCE) -> JSONObject:
    """``POST /api/check``: ``{"legal", "findings", "stats", "table", "budget", "track", "designs"}``.
    ``findings`` are ``validate``'s lines as objects; ``stats`` the first design's derived
    stats, ``table`` the same as a player reads them (:func:`stats_table`), ``budget`` the
    limits it is built within (:meth:`~sheetgen.games.base.Game.budget`), ``track`` the
    record sheet's damage track (:meth:`~sheetgen.games.base.Game.damage_track`) and ``designs``
    every design's object of ``stats --json`` (with its own ``legal`` and ``findings``)."""
    result = load(body, game=game, source=source)
    first = result.entries[0]
    return {
        "legal": result.legal,
        "game": first.game.id,
        "findings": [finding_json(loc) for loc in _sorted(result)],
        "stats": first.stats.to_dict(),
        "table": stats_table(first),
        "budget": [b.to_dict() for b in first.game.budget(first.stats)],
        "track": first.game.damage_track(first.stats, first.findings),
        "designs": [entry.stats_dict() for entry in result.entries],
    }


def stats_table(entry: Entry) -> list[JSON]:
    """The design's stats as ``sheetgen stats`` prints them for a player, as
    ``[{"label", "value"}]``: its name and class, then the game's own rows
    (:meth:`~sheetgen.games.base.Game.summary`: units, the rule text's fractions)."""
    rows = entry.game.summary(entry.stats)
    head = [("name", str(entry.stats.name))]
    design_class = entry.stats.to_dict().get("class")
    if design_class and not any(label == "class" for label, _ in rows):
        head.append(("class", str(design_class)))
    return [{"label": label, "value": value} for label, value in head + rows]


def _paper(paper: str) -> Paper:
    """``?paper=`` as the CLI's ``--paper`` reads it: a known paper name in any letter case."""
    key = paper.strip().lower()
    for known in PAPERS:
        if known == key:
            return known
    raise _fail(f"unknown paper {paper!r}; known: {', '.join(PAPERS)}")


def sheet(body: bytes, fmt: str, *, paper: str = "letter", game: str | None = None) -> bytes:
    """The record sheets ``sheetgen sheets`` prints for the designs in ``body``, as ``fmt``
    (``pdf`` or ``html``); illegal designs are printed with their errors on the sheet."""
    from sheetgen.render.record_sheets import RecordSheetError, design_record_sheets

    paper = _paper(paper)
    result = load(body, game=game)
    if len(result.entries) > MAX_PRINT_DESIGNS:
        raise _fail(
            f"{len(result.entries):,} designs to print; the server prints at most {MAX_PRINT_DESIGNS} "
            "a request (print more with sheetgen sheets)",
            413,
        )
    check_ships(sum(entry.count for entry in result.entries))
    try:
        with _RENDER:
            rendered = design_record_sheets(result.entries, paper=paper, fmt=fmt, jobs=1)
    except RecordSheetError as exc:
        raise _fail(str(exc), 422) from None
    return rendered.data


def warm_printer(wanted: Callable[[], bool] = lambda: False) -> None:
    """Make a print worker ready for every game's record sheet: each game's starting design
    (``sheetgen new``) made into its sheet's HTML and laid out once
    (:func:`~sheetgen.render.html.warm_up`: the game's code, template and stylesheet loaded,
    nothing written or cached), so the first print of a game costs what later ones do. The
    play mode's print job (:func:`sheetgen.play.engine.print_sheets`) is imported too.
    Stops between games as soon as ``wanted()`` says a job is waiting: a print asked for
    while the server starts is never kept waiting for the rest of the warm-up."""
    import sheetgen.play.engine  # noqa: F401  (a job is sent by reference to its module)
    from sheetgen.core.resources import starting_design
    from sheetgen.games import GAMES
    from sheetgen.render.html import warm_up

    for game_id in GAMES:
        if wanted():
            return
        html = sheet(starting_design(game_id, "Warm-up").encode("utf-8"), "html")
        warm_up([html.decode("utf-8")])


def check_ships(ships: int) -> None:
    """Refuse (413, before anything is printed) a print request of more than
    :data:`MAX_PRINT_SHIPS` ships, ``ships`` counting each design's ``count``."""
    if ships > MAX_PRINT_SHIPS:
        raise _fail(
            f"{ships:,} ships to print (counts multiplied out); the server prints at most "
            f"{MAX_PRINT_SHIPS} a request (print more with sheetgen sheets)",
            413,
        )


def _counter_sheets(entries: list[Entry], paper: Paper) -> CounterSheets:
    from sheetgen.layout.counters import CounterError, SheetSpec, fleet_counters, layout_counter_sheets

    try:
        items, _sides = fleet_counters(entries)
        return layout_counter_sheets(items, SheetSpec(paper=paper), title="Counters")
    except CounterError as exc:
        raise _fail(str(exc), 422) from None


def counters_pdf(body: bytes, *, paper: str = "letter", game: str | None = None) -> bytes:
    """The counter sheets ``sheetgen counters -o FILE.pdf`` prints for the designs in ``body``
    (default options: 5/8 in counters, duplex on the long edge)."""
    from sheetgen.draw.pdf import to_pdf

    result = load(body, game=game)
    check_ships(sum(entry.count for entry in result.entries))
    with _RENDER:
        sheets = _counter_sheets(result.entries, _paper(paper))
        return to_pdf(sheets.drawing)


#: Space around a counter cut out of its sheet (pt): the bleed and cut line stay visible.
_MARGIN = 4.0


def counters_svg(body: bytes, *, face: str = "front", game: str | None = None) -> bytes:
    """The first design's counter, ``face`` ``front`` or ``back``, as one SVG: the sheet page
    ``sheetgen counters -o FILE.svg`` draws, its view cut down to that counter (the back as
    printed, turned when the layout turns it)."""
    from sheetgen.draw.svg import page_to_svg
    from sheetgen.layout.counters import SheetSpec

    if face not in ("front", "back"):
        raise _fail(f"unknown face {face!r}; known: front, back")
    result = load(body, game=game)
    with _RENDER:
        sheets = _counter_sheets(result.entries[:1], "letter")
        placed = sheets.placements[0]
        page_index, (x, y) = (
            (placed.front_page, placed.front) if face == "front" else (placed.back_page, placed.back)
        )
        page = sheets.drawing.pages[page_index]
        svg = page_to_svg(page, sheets.drawing.title).decode("utf-8")
    size = SheetSpec().size
    box = f"{x - _MARGIN:g} {y - _MARGIN:g} {size + 2 * _MARGIN:g} {size + 2 * _MARGIN:g}"
    head, sep, rest = svg.partition(">")
    head = re.sub(r'viewBox="[^"]*"', f'viewBox="{box}"', head, count=1)
    head = re.sub(r'\bwidth="[^"]*"', 'width="100%"', head, count=1)
    head = re.sub(r'\bheight="[^"]*"', 'height="100%"', head, count=1)
    return (head + sep + rest).encode("utf-8")


def import_notation(game_id: str, text: str, name: str = "Imported design") -> str:
    """``sheetgen import GAME TEXT --name NAME``: the pasted design string as YAML text, read by
    the same :func:`sheetgen.scenarios.importing.import_design`. Refuses (422), with its
    findings placed in the pasted text (``notation:1:COL``), a string that cannot be read and a
    design the rules refuse (``error`` the first error's line as ``import`` prints it, ``lines``
    the errors then ``import``'s closing line, ``findings`` every finding, notes too); and (400)
    a game that reads no strings, an empty string or an empty name."""
    from sheetgen.scenarios.importing import NotationError, import_design

    game = find_game(_game(game_id))
    try:
        imported = import_design(game, text, name)
    except (ValueError, NotImplementedError) as exc:
        raise _fail(str(exc)) from None
    except NotationError as exc:
        raise Refusal(422, [str(loc) for loc in exc.located], exc.located) from None
    if imported.yaml is None:
        lines = [str(loc) for loc in imported.errors]
        lines.append(f"sheetgen: error: {imported.refusal}; no YAML printed")
        raise Refusal(422, lines, imported.findings)
    return imported.yaml


def schema_text(name: str) -> str:
    """``sheetgen schema NAME``: the JSON Schema of a game's designs, of fleets or of
    scenarios, as shipped; refuses any other name (404) with ``schema``'s line."""
    from sheetgen.scenarios.json_schemas import schema_file, schema_names

    names = schema_names()
    if name not in names:
        from sheetgen.core.fields import did_you_mean

        meant = did_you_mean(name, names)
        raise Refusal(404, [f"sheetgen: error: no schema named {name!r}{meant}; known: {', '.join(names)}"])
    return schema_file(name).read_text(encoding="utf-8")


def ruling(rule_id: str) -> JSONObject:
    """``sheetgen explain RULE-ID`` as JSON: id, title, game, and the labelled fields;
    refuses an unknown id (404) with ``explain``'s line."""
    book = rulebook()
    found = book.find(rule_id)
    if found is None:
        raise Refusal(404, [book.unknown_id(rule_id)])
    out: list[JSON] = [{"label": label, "text": text} for label, text in book.explained(found)]
    return {"id": found.id, "title": found.title, "game": found.game, "fields": out}
