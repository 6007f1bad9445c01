"""The parts of a game kit as requests: what to print, as plain data, and the bytes back.

A kit (:mod:`sheetgen.kit`) describes each of its files as a request and hands it
here; what comes back is the part's PDF (:class:`~sheetgen.core.rendered.Rendered`,
bytes and warnings). Nothing is called back: the data flows one way, kit to render
and bytes back.

* The parts WeasyPrint prints (:data:`PrintedPart`: record sheets, the reference and
  quick cards, the briefing) go to a printer's worker processes together
  (:func:`start_printing`); their PDFs come back from :meth:`PartsPrinting.results`.
* The parts drawn with ReportLab (:data:`DrawnPart`: counters, the map) are drawn in
  this process by :func:`draw_part`, meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from sheetgen.core.output import OutputError
from sheetgen.core.rendered import Rendered
from sheetgen.render.briefing import BriefingDocument, ListedPart, briefing_document, paged_briefing
from sheetgen.render.counters import CounterOptions
from sheetgen.render.pool import Printer, PrintJob
from sheetgen.render.record_sheets import SheetDocuments, Ship, join_record_sheets, record_sheet_documents

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sheetgen.core.units import Paper
    from sheetgen.scenarios.scenario import Scenario

__all__ = [
    "BriefingPart",
    "CardPart",
    "CountersPart",
    "DrawnPart",
    "MapPart",
    "PartRequest",
    "PartsPrinting",
    "PrintedPart",
    "RecordSheetsPart",
    "draw_part",
    "map_part",
    "pressed",
    "reference_card",
    "render_parts",
    "start_printing",
]


@dataclass(frozen=True)
class RecordSheetsPart:
    """A record sheet for each of ``ships``, in order, on ``paper``, the PDF titled ``title``
    (:func:`~sheetgen.render.record_sheets.render_record_sheets`)."""

    ships: tuple[Ship, ...]
    paper: Paper
    title: str


@dataclass(frozen=True)
class CardPart:
    """The reference card of the game ``game_id`` on ``paper`` (``quick``: its one-page
    quick card), printed once per process (a game's card is the same in every kit)."""

    game_id: str
    paper: Paper
    quick: bool = False


@dataclass(frozen=True)
class BriefingPart:
    """``scenario``'s briefing on ``paper`` listing ``listed`` (the kit's other files, with
    their page counts), the map's tiles as on ``map_paper`` (None: ``paper``)
    (:func:`~sheetgen.render.briefing.render_briefing`)."""

    scenario: Scenario
    listed: tuple[ListedPart, ...]
    paper: Paper
    map_paper: Paper | None = None


@dataclass(frozen=True)
class CountersPart:
    """``scenario``'s counter sheets on ``paper``, counters ``size`` pt a side, printed as
    ``options`` says (:func:`~sheetgen.render.counters.counter_sheets`); with
    ``options.press`` a press file with the die lines."""

    scenario: Scenario
    paper: Paper
    size: float
    options: CounterOptions


@dataclass(frozen=True)
class MapPart:
    """``scenario``'s map tiled on ``paper`` (made by :func:`map_part`, which checks it can be)."""

    scenario: Scenario
    paper: Paper
    #: pt the tiles' art runs past their cut lines (``PRESS_BLEED`` in press files)
    bleed: float = 0.0


#: A part WeasyPrint prints, in worker processes.
PrintedPart = RecordSheetsPart | CardPart | BriefingPart
#: A part drawn with ReportLab, in this process.
DrawnPart = CountersPart | MapPart
#: Any part of a kit.
PartRequest = PrintedPart | DrawnPart


@dataclass(frozen=True)
class _CardDocument:
    """A card to print: its ``key`` in :data:`_CARDS` and its HTML (none when this process
    has printed it already)."""

    key: tuple[str, str, bool]
    documents: list[str]


_Prepared = SheetDocuments | BriefingDocument | _CardDocument

#: Reference cards printed in this process, by (game id, paper, quick card): a card
#: depends on nothing else, so ``kit --all`` prints Starfire's once for its six scenarios.
_CARDS: dict[tuple[str, str, bool], Rendered] = {}


@lru_cache(maxsize=16)
def _card_html(game_id: str, paper: Paper, quick: bool = False) -> str:
    """The card's HTML, made once per process (its tables are computed from the rules)."""
    from sheetgen.games import find_game
    from sheetgen.render.cards import render_card

    return render_card(find_game(game_id), paper=paper, fmt="html", quick=quick).data.decode("utf-8")


def _prepare(part: PrintedPart) -> _Prepared:
    """``part``'s HTML documents, with what joining their PDFs needs."""
    if isinstance(part, RecordSheetsPart):
        return record_sheet_documents(list(part.ships), paper=part.paper, title=part.title)
    if isinstance(part, BriefingPart):
        return briefing_document(part.scenario, part.listed, paper=part.paper, map_paper=part.map_paper)
    key = (part.game_id, part.paper, part.quick)
    return _CardDocument(key, [] if key in _CARDS else [_card_html(*key)])


def _documents(prepared: _Prepared) -> list[str]:
    """The HTML documents of ``prepared``, in print order."""
    return [prepared.html] if isinstance(prepared, BriefingDocument) else prepared.documents


def _finish(prepared: _Prepared, printed: list[Rendered]) -> Rendered:
    """The part's PDF from its ``printed`` documents."""
    if isinstance(prepared, SheetDocuments):
        return join_record_sheets(prepared, printed)
    if isinstance(prepared, BriefingDocument):
        return paged_briefing(prepared, printed[0])
    card = printed[0] if printed else _CARDS[prepared.key]
    _CARDS[prepared.key] = card
    return card


class PartsPrinting:
    """Printed parts under way (:func:`start_printing`): :meth:`results` waits for their
    documents and gives each part's PDF, in the order asked."""

    def __init__(self, job: PrintJob, prepared: list[_Prepared]) -> None:
        self._job = job
        self._prepared = prepared

    def results(self) -> list[Rendered]:
        """Each part's PDF with WeasyPrint's warnings, in order. Raises
        :class:`~sheetgen.render.pool.WorkerLost` when a worker ended before it finished."""
        printed = self._job.results()
        out: list[Rendered] = []
        start = 0
        for prepared in self._prepared:
            count = len(_documents(prepared))
            out.append(_finish(prepared, printed[start : start + count]))
            start += count
        return out


def start_printing(printer: Printer, parts: Sequence[PrintedPart]) -> PartsPrinting:
    """Hand every document of ``parts`` to ``printer``'s workers at once and return while
    they print (:meth:`~sheetgen.render.pool.Printer.start`); the parts' PDFs come from
    :meth:`PartsPrinting.results`. Raises ``ValueError`` for record sheets of no ships or an
    unknown paper."""
    prepared = [_prepare(part) for part in parts]
    return PartsPrinting(printer.start([d for p in prepared for d in _documents(p)]), prepared)


def map_part(scenario: Scenario, paper: Paper, press: bool = False) -> tuple[MapPart, list[str]]:
    """``scenario``'s map on ``paper`` as a part to draw (``press``: its tiles' art running
    1/8 in past their cut lines, :mod:`sheetgen.layout.maps.bleed`), with warnings about its tiling (a
    last column or row of pages holding 2 hex columns or rows or fewer,
    :func:`~sheetgen.layout.maps.tiling_warnings`); raises
    :class:`~sheetgen.core.output.OutputError` at once (before anything is drawn or
    written) if its pages cannot be planned there."""
    from sheetgen.layout.maps import MapError, map_options, plan_pages, tiling_warnings

    try:
        options = map_options(scenario, paper=paper)
        plan_pages(options)
        notes = tiling_warnings(options)
    except MapError as exc:
        raise OutputError(f"{scenario.path}: map: {exc}") from None
    from sheetgen.layout.counters.paper import PRESS_BLEED

    return MapPart(scenario, paper, PRESS_BLEED if press else 0.0), notes


def draw_part(part: DrawnPart) -> Rendered:
    """``part`` drawn as PDF in this process: the counter sheets (a press file with their
    die lines when ``part.options.press``), or the map, with a warning for each of its texts
    the bundled fonts cannot print (its terrain names and labels; the scenario's name is
    warned of with the sides', :func:`sheetgen.kit.name_warnings`). Raises
    :class:`~sheetgen.core.output.OutputError` (one line) when it cannot be drawn."""
    from sheetgen.draw.pdf import to_pdf

    if isinstance(part, CountersPart):
        from sheetgen.render.counters import counter_sheets, die_lines

        laid_out = counter_sheets(part.scenario, part.paper, part.size, part.options)
        data = to_pdf(laid_out.drawing)
        if part.options.press:
            data = pressed(
                data, laid_out.drawing.title, die_lines(laid_out, part.size), part.options.standard
            )
        return Rendered(data, tuple(laid_out.warnings))
    from sheetgen.layout.maps import MapError, glyph_warnings, layout_map, map_options

    try:
        options = replace(map_options(part.scenario, paper=part.paper), bleed=part.bleed)
        glyphs = tuple(glyph_warnings(options, title=False))
        return Rendered(to_pdf(layout_map(options)), glyphs)
    except MapError as exc:
        raise OutputError(f"{part.scenario.path}: map: {exc}") from None


def render_parts(parts: Sequence[PartRequest], jobs: int = 1) -> list[Rendered]:
    """Each of ``parts`` as PDF, in order: the printed ones by up to ``jobs`` worker
    processes while the drawn ones are drawn here. Raises as :func:`start_printing` and
    :func:`draw_part` do."""
    printed_parts = [p for p in parts if not isinstance(p, CountersPart | MapPart)]
    with Printer(jobs) as printer:
        printing = start_printing(printer, printed_parts)
        drawn = {k: draw_part(p) for k, p in enumerate(parts) if isinstance(p, CountersPart | MapPart)}
        printed = iter(printing.results())
    return [drawn[k] if k in drawn else next(printed) for k in range(len(parts))]


def reference_card(game_id: str, paper: Paper, *, quick: bool = False) -> Rendered:
    """The reference card of the game ``game_id`` on ``paper`` (``quick``: its one-page
    quick card), as PDF, printed once per process (:class:`CardPart`)."""
    (card,) = render_parts([CardPart(game_id, paper, quick)])
    return card


def pressed(
    data: bytes,
    title: str,
    die_lines: list[list[tuple[float, float, float, float]]] | None = None,
    standard: str = "x4",
) -> bytes:
    """``data`` as a press file to the PDF/X ``standard`` (``x4`` or ``x1a``,
    :func:`sheetgen.render.press.to_press`); raises :class:`~sheetgen.core.output.OutputError`
    (one line) when it cannot be made."""
    from sheetgen.render.press import PressError, to_press

    try:
        return to_press(data, title=title, die_lines=die_lines, standard=standard)
    except PressError as exc:
        raise OutputError(f"{title}: {exc}") from None  # which part of the kit, by its title
