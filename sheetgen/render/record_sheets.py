"""Record sheets for many ships: a few WeasyPrint documents per game, never one per ship.

:func:`render_record_sheets` takes ships (a game, derived stats, findings) in print
order and builds each game's HTML documents from its template
(``templates/<game id>/sheet.html.j2``), up to :data:`SHIPS_PER_DOCUMENT`
ships each (:func:`record_sheet_documents`); they are printed by worker processes
(:mod:`sheetgen.render.pool`) and joined, a game's pages numbered through.
:func:`design_record_sheets` does the same for designs read from files: a fleet
file's ``count`` gives that many numbered ships, its ``side`` their side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheetgen.core.findings import Finding
from sheetgen.core.rendered import Rendered
from sheetgen.games.base import AnyGame, Stats, View

if TYPE_CHECKING:
    from sheetgen.scenarios.loading import Entry

__all__ = [
    "SHEET_FORMATS",
    "RecordSheetError",
    "SheetDocuments",
    "Ship",
    "design_record_sheets",
    "glyph_warnings",
    "join_record_sheets",
    "record_sheet_documents",
    "record_sheets_html",
    "render_record_sheets",
]


#: The formats :func:`render_record_sheets` writes.
SHEET_FORMATS = ("pdf", "html")


class RecordSheetError(Exception):
    """Ships that cannot go in one output (HTML for several games). ``warnings``:
    warning lines made before the failure (names the fonts cannot print)."""

    def __init__(self, message: str, warnings: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.warnings = warnings


@dataclass
class Ship:
    """One ship to print: its game, derived stats (named for this ship) and findings."""

    game: AnyGame
    stats: Stats
    findings: list[Finding]
    side: str | None = None
    colour: str | None = None


def glyph_warnings(ships: list[Ship]) -> list[str]:
    """A warning for each ship whose name (or class) uses characters the bundled
    fonts lack: they would print as empty boxes or in whatever font the system has,
    so sheetgen says so instead of falling back silently."""
    from sheetgen.layout.text import glyph_warning

    out = []
    seen: set[str] = set()
    for ship in ships:
        for text in (ship.stats.name, ship.stats.design_class):
            if not text or text in seen:
                continue
            seen.add(text)
            line = glyph_warning(text)
            if line:
                out.append(line)
    return out


def _not_named(warnings: tuple[str, ...], ships: list[Ship]) -> tuple[str, ...]:
    """``warnings`` without WeasyPrint's line of characters the bundled fonts lack
    (:func:`~sheetgen.layout.text.glyph_line`, no place named) when the ships' names alone
    hold all of them: the name warnings (:func:`glyph_warnings`) already say so, and where."""
    import re

    from sheetgen.layout.text import glyph_line, missing_glyphs

    named = {
        ch
        for ship in ships
        for text in (ship.stats.name, ship.stats.design_class)
        if text
        for ch in missing_glyphs(text)
    }

    def said(line: str) -> bool:
        chars = {chr(int(code, 16)) for code in re.findall(r"\(U\+([0-9A-F]{4,6})\)", line)}
        return bool(chars) and chars <= named and line == glyph_line(chars)

    return tuple(line for line in warnings if not said(line))


#: Ships in one printed document. A game's sheets for more ships are printed as
#: several documents (in parallel with ``jobs``), each starting on a new page, and
#: joined with continuous page numbers. Fixed, so the output never depends on ``jobs``;
#: 24 ships hold a worker to roughly 100 MiB.
SHIPS_PER_DOCUMENT = 24

#: The running foot each game's stylesheet gives the page number in.
_NO_PAGE_NUMBER = "@page { @bottom-right { content: none; } }"


def _views(ships: list[Ship]) -> list[tuple[AnyGame, list[View]]]:
    """The ships' sheet views grouped by game, games in order of first appearance."""
    groups: dict[str, tuple[AnyGame, list[View]]] = {}
    for ship in ships:
        view = ship.game.sheet_ship(ship.stats, ship.findings)
        view["side"] = ship.side
        view["colour"] = ship.colour
        groups.setdefault(ship.game.id, (ship.game, []))[1].append(view)
    return list(groups.values())


def _document(
    game: AnyGame,
    views: list[View],
    context: View,
    *,
    paper: str,
    title: str | None,
    first: bool,
    numbered: bool,
) -> str:
    """One HTML document of ``game``'s sheets for ``views``; ``context`` is the game's
    :meth:`~sheetgen.games.base.Game.sheet_context` of all its ships, printed (a
    roster) in the ``first`` document only; ``numbered``: the document prints its own
    page numbers (else they are stamped after joining)."""
    from sheetgen.render.html import paper_size, render_html

    return render_html(
        f"{game.id}/sheet.html.j2",
        {
            **context,
            "ships": views,
            "paper": paper_size(paper),
            "title": title or f"{game.title}: record sheets",
            "first_document": first,
            "page_css": "" if numbered else _NO_PAGE_NUMBER,
        },
    )


def record_sheets_html(ships: list[Ship], *, paper: str = "letter", title: str | None = None) -> list[str]:
    """One whole HTML document per game, in the order games first appear in ``ships``."""
    return [
        _document(game, views, game.sheet_context(views), paper=paper, title=title, first=True, numbered=True)
        for game, views in _views(ships)
    ]


def render_record_sheets(
    ships: list[Ship], *, paper: str = "letter", fmt: str = "pdf", title: str | None = None, jobs: int = 1
) -> Rendered:
    """Record sheets for ``ships`` as PDF (``fmt="pdf"``) or HTML bytes, with
    WeasyPrint's warnings (none for HTML).

    A PDF holds each game's sheets in turn, in documents of at most
    :data:`SHIPS_PER_DOCUMENT` ships printed by up to ``jobs`` worker processes
    (:func:`~sheetgen.render.pool.print_documents`) and joined: each game's pages
    numbered "page N of M" through all its documents, one bookmark per ship. The
    bytes do not depend on ``jobs``.

    Raises :class:`RecordSheetError` for HTML with ships of several games (each game
    has its own stylesheet; print PDF, or one game at a time), and ``ValueError``
    for no ships, an unknown ``fmt`` or ``paper``, or ``jobs`` below 1.
    """
    if fmt not in SHEET_FORMATS:
        raise ValueError(f"unknown sheet format {fmt!r}; use one of {', '.join(SHEET_FORMATS)}")
    if not ships:
        raise ValueError("no ships to print")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if fmt == "html":
        documents = record_sheets_html(ships, paper=paper, title=title)
        if len(documents) > 1:
            raise RecordSheetError(
                "HTML holds one game's sheets; these designs are from several games: use --format pdf"
            )
        return Rendered(documents[0].encode("utf-8"))
    from sheetgen.render.pool import Printer

    sheets = record_sheet_documents(ships, paper=paper, title=title)
    with Printer(jobs) as printer:
        return join_record_sheets(sheets, printer.print_documents(sheets.documents))


@dataclass(frozen=True)
class SheetDocuments:
    """Record sheets as HTML documents to print (:func:`record_sheet_documents`):
    ``documents`` in print order, and what :func:`join_record_sheets` needs to join their
    PDFs: ``spans``, each game with its first document's index and how many it has, and
    the ``paper``."""

    documents: list[str]
    spans: list[tuple[AnyGame, int, int]]
    paper: str


def record_sheet_documents(
    ships: list[Ship], *, paper: str = "letter", title: str | None = None
) -> SheetDocuments:
    """Record sheets for ``ships`` as HTML documents to print (see
    :func:`render_record_sheets`, which prints them): each game's documents of at most
    :data:`SHIPS_PER_DOCUMENT` ships. Raises ``ValueError`` for no ships or an unknown
    ``paper``."""
    from sheetgen.render.html import paper_size

    if not ships:
        raise ValueError("no ships to print")
    paper_size(paper)
    documents: list[str] = []
    spans: list[tuple[AnyGame, int, int]] = []  # a game, its first document, how many
    for game, views in _views(ships):
        context = game.sheet_context(views)
        size = SHIPS_PER_DOCUMENT
        chunks = [views[k : k + size] for k in range(0, len(views), size)]
        spans.append((game, len(documents), len(chunks)))
        documents += [
            _document(game, chunk, context, paper=paper, title=title, first=k == 0, numbered=len(chunks) == 1)
            for k, chunk in enumerate(chunks)
        ]
    return SheetDocuments(documents, spans, paper)


def join_record_sheets(sheets: SheetDocuments, printed: list[Rendered]) -> Rendered:
    """The printed ``sheets.documents`` (PDFs, in order) as one PDF: a game printed in
    several documents has its pages numbered through, stamped from
    ``templates/page-numbers.html.j2`` in the game's own running foot; WeasyPrint's
    warnings each once."""
    from sheetgen.render.html import html_to_pdf, paper_size, render_html
    from sheetgen.render.pdfjoin import join_pdfs, page_count

    if len(printed) == 1:
        return printed[0]
    warnings = dict.fromkeys(line for part in printed for line in part.warnings)
    pages = [page_count(part.data) for part in printed]
    stamps: list[tuple[int, bytes]] = []
    for game, first, count in sheets.spans:
        if count == 1:
            continue
        numbers = html_to_pdf(
            render_html(
                "page-numbers.html.j2",
                {
                    "game_css": f"{game.id}/sheet.css",
                    "paper": paper_size(sheets.paper),
                    "pages": sum(pages[first : first + count]),
                },
            )
        )
        warnings.update(dict.fromkeys(numbers.warnings))
        stamps.append((sum(pages[:first]), numbers.data))
    return Rendered(join_pdfs([part.data for part in printed], stamps=stamps), tuple(warnings))


def design_record_sheets(
    entries: list[Entry], *, paper: str = "letter", fmt: str = "pdf", title: str | None = None, jobs: int = 1
) -> Rendered:
    """Record sheets for designs read from files (``sheetgen sheets``), in reading order.

    A design whose fleet file gives ``count: k`` prints ``k`` sheets, ``Name 1`` ..
    ``Name k`` (:func:`~sheetgen.scenarios.fleets.numbered_ships`); a fleet file's
    ``side:`` is printed on its ships' sheets. The warnings are
    :func:`glyph_warnings` for the designs' names, then WeasyPrint's (its line of characters the
    fonts lack left out when the names hold them all). Raises
    :class:`RecordSheetError` as :func:`render_record_sheets` does, carrying the name warnings, and
    for more than :data:`~sheetgen.scenarios.loading.MAX_SHIPS` ships.
    """
    from sheetgen.scenarios.fleets import fleet_side, numbered_ships
    from sheetgen.scenarios.loading import MAX_SHIPS

    total = sum(entry.count for entry in entries)
    if total > MAX_SHIPS:  # counted before a ship is made
        raise RecordSheetError(
            f"{total:,} ships (counts multiplied out); at most {MAX_SHIPS:,} record sheets in one run:"
            " print fewer designs at a time"
        )
    ships: list[Ship] = []
    designs: list[Ship] = []
    for entry in entries:
        side = fleet_side(entry)
        designs.append(Ship(entry.game, entry.stats, entry.findings, side))
        ships += [Ship(entry.game, stats, entry.findings, side) for stats in numbered_ships(entry)]
    names = tuple(glyph_warnings(designs))
    try:
        printed = render_record_sheets(ships, paper=paper, fmt=fmt, title=title, jobs=jobs)
        return Rendered(printed.data, _not_named(printed.warnings, designs)).warned(names)
    except RecordSheetError as exc:
        raise RecordSheetError(str(exc), names) from None
