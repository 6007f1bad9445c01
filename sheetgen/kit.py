"""``sheetgen kit``: everything a table needs for one scenario, in one folder.

:func:`build_kit` renders every part in memory first (record sheets for every
ship of every side, the reference card, counters for both sides and the
game's markers, the map), then writes each file atomically, so a kit that
fails part-way leaves an earlier kit in the folder as it was. Nothing here
prints: warnings come back as lines in :class:`Kit` (or :class:`KitError`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from sheetgen.core.output import OutputError, check_writable, write_atomic
from sheetgen.core.rendered import Rendered
from sheetgen.core.resources import designs_dir
from sheetgen.render.pdfjoin import page_count
from sheetgen.render.sheets import Ship, render_sheets
from sheetgen.scenarios.scenario import Scenario, slug

__all__ = [
    "DEFAULT_SCENARIO",
    "Kit",
    "KitError",
    "KitPart",
    "build_kit",
    "bundled_scenarios",
    "default_scenario",
    "kit_parts",
    "name_warnings",
    "page_count",
    "reference_card",
    "single_pdf",
]

#: The bundled scenario ``sheetgen kit`` builds without an argument (under ``designs/``).
DEFAULT_SCENARIO = "starfire/scenarios/small-task-groups.yaml"


def default_scenario() -> Path:
    """Path of the bundled default scenario."""
    return designs_dir() / DEFAULT_SCENARIO


@dataclass
class KitPart:
    """One file of a kit: its name in the kit folder, a title, and how to make its
    bytes (with warnings); ``data`` and ``pages`` are filled once it is made."""

    file: str
    title: str
    make: Callable[[], Rendered]
    data: bytes = field(default=b"", repr=False)
    pages: int = 0


@dataclass
class Kit:
    """A kit written by :func:`build_kit`: the ``files`` written, in kit order;
    ``name_warnings``, the scenario's and sides' names the bundled fonts cannot
    print (:func:`name_warnings`); and ``warnings`` from making the parts (a
    counter size that does not fit, counters' names printed tiny, WeasyPrint's
    warnings), each once, in the order they were first made."""

    files: list[Path]
    name_warnings: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class KitError(OutputError):
    """A kit that could not be made or written (an :class:`~sheetgen.core.output.OutputError`),
    with the warning lines made before it failed, as in :class:`Kit`."""

    def __init__(
        self, message: str, *, name_warnings: list[str] | None = None, warnings: list[str] | None = None
    ) -> None:
        super().__init__(message)
        self.name_warnings = list(name_warnings or [])
        self.warnings = list(warnings or [])


def name_warnings(scenario: Scenario) -> list[str]:
    """A warning line for the scenario's name and each side's name that uses
    characters the bundled fonts lack (:func:`~sheetgen.layout.text.glyph_warning`)."""
    from sheetgen.layout.text import glyph_warning

    lines = (glyph_warning(text) for text in (scenario.name, *(side.name for side in scenario.sides)))
    return [line for line in lines if line]


def kit_parts(scenario: Scenario, *, paper: str = "letter", jobs: int = 1) -> tuple[list[KitPart], list[str]]:
    """The parts of ``scenario``'s kit, in print order (not yet rendered): briefing,
    record sheets (printed by up to ``jobs`` processes), counters, the map tiled on
    ``paper``, reference card; and
    warning lines about them (a chosen counter size that does not fit the map's
    hexes, ``<scenario path>: ...``).

    Raises :class:`KitError` (holding those warnings) when the map cannot be
    printed on ``paper``.
    """
    from sheetgen.layout.counters import kit_counter_size

    counter_size, notes = kit_counter_size(scenario, paper)
    warnings = [f"{scenario.path}: {note}" for note in notes]
    ships = [Ship(scenario.game, s.stats, s.entry.findings, s.side, s.colour) for s in scenario.ships]

    def sheets() -> Rendered:
        return render_sheets(ships, paper=paper, title=f"{scenario.name}: record sheets", jobs=jobs)

    def card() -> Rendered:
        return reference_card(scenario.game.id, paper)

    def counters() -> Rendered:
        from sheetgen.draw.pdf import to_pdf
        from sheetgen.layout.counters import CounterError, SheetSpec, layout_sheets, scenario_counters

        spec = SheetSpec(size=counter_size, paper=paper)
        try:
            sheets = layout_sheets(scenario_counters(scenario), spec, title=f"{scenario.name}: counters")
        except CounterError as exc:
            raise OutputError(f"{scenario.path}: counters: {exc}") from None
        return Rendered(to_pdf(sheets.drawing), tuple(sheets.warnings))

    def briefing() -> Rendered:
        from sheetgen.render.briefing import ListedPart, render_briefing

        listed = [ListedPart(p.file, p.title, p.pages) for p in parts if p.file != "briefing.pdf"]
        return render_briefing(scenario, listed, paper=paper)

    try:
        drawn_map = map_part(scenario, paper)
    except OutputError as exc:
        raise KitError(str(exc), warnings=warnings) from None
    parts = [
        KitPart("briefing.pdf", "Briefing", briefing),
        KitPart("record-sheets.pdf", "Record sheets", sheets),
        KitPart("counters.pdf", "Counters", counters),
        KitPart("map.pdf", "Map", drawn_map),
        KitPart("reference-card.pdf", "Reference card", card),
    ]
    return parts, warnings


@cache
def reference_card(game_id: str, paper: str) -> Rendered:
    """The reference card of the game ``game_id`` on ``paper``, as PDF, rendered once
    per process: a card depends on nothing else, so ``kit --all`` prints Starfire's
    once for its six scenarios."""
    from sheetgen.games import find_game
    from sheetgen.render.cards import render_card

    return render_card(find_game(game_id), paper=paper, fmt="pdf")


def map_part(scenario: Scenario, paper: str) -> Callable[[], Rendered]:
    """Renders ``scenario``'s map on ``paper``; raises :class:`~sheetgen.core.output.OutputError`
    at once (before anything is written) if it cannot be printed there."""
    from sheetgen.layout.maps import MapError, scenario_map

    try:
        render = scenario_map(scenario, paper=paper)
    except MapError as exc:
        raise OutputError(f"{scenario.path}: map: {exc}") from None
    return lambda: Rendered(render())


def single_pdf(parts: list[KitPart]) -> bytes:
    """Every part in one PDF, in kit order, with one bookmark per part (the parts'
    own bookmarks are dropped). Each part starts on an odd page, a blank page
    put before it where needed, so printed two-sided the counter backs still
    land behind their fronts. Deterministic: the same parts give the same bytes."""
    import io

    from pypdf import PdfReader, PdfWriter

    from sheetgen.render.pdfjoin import retag_subsets

    writer = PdfWriter()
    for part in parts:
        if len(writer.pages) % 2:
            last = writer.pages[-1]
            writer.add_blank_page(float(last.mediabox.width), float(last.mediabox.height))
        start = len(writer.pages)
        for page in PdfReader(io.BytesIO(part.data)).pages:
            writer.add_page(page)
        writer.add_outline_item(title=part.title, page_number=start)
    retag_subsets(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def bundled_scenarios() -> list[Path]:
    """Every scenario shipped under ``designs/*/scenarios/``, sorted by game then name."""
    return sorted(designs_dir().glob("*/scenarios/*.yaml"))


def build_kit(
    scenario: Scenario,
    out_dir: Path | None = None,
    *,
    paper: str = "letter",
    single: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
    jobs: int = 1,
) -> Kit:
    """Render and write ``scenario``'s kit into ``out_dir`` (default
    ``output/<scenario name>/``), creating the folder; returns the files written
    and the warnings made (see :class:`Kit`).

    The briefing comes first in the kit but is rendered last, once every other
    part's page count is known. With ``single`` the whole kit is also written
    as ``kit.pdf`` with a bookmark per part. ``progress(title, done, total)`` is
    called before each part is rendered. ``jobs``: worker processes printing the
    record sheets (:func:`~sheetgen.render.sheets.render_sheets`; the same bytes for any).

    Raises :class:`KitError` if the folder cannot be made or written, or a part
    cannot be printed on ``paper``; nothing is written unless every part rendered.
    """
    names = name_warnings(scenario)
    warnings: list[str] = []
    try:
        return Kit(_build(scenario, out_dir, paper, single, progress, warnings, jobs), names, warnings)
    except KitError as exc:
        raise KitError(str(exc), name_warnings=names, warnings=[*warnings, *exc.warnings]) from None
    except OutputError as exc:
        raise KitError(str(exc), name_warnings=names, warnings=warnings) from None


def _build(
    scenario: Scenario,
    out_dir: Path | None,
    paper: str,
    single: bool,
    progress: Callable[[str, int, int], None] | None,
    warnings: list[str],
    jobs: int,
) -> list[Path]:
    """:func:`build_kit`'s work; appends warning lines to ``warnings`` as they are made."""
    folder = out_dir if out_dir is not None else Path("output") / slug(scenario.name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create folder: {exc.strerror or exc}") from None
    parts, notes = kit_parts(scenario, paper=paper, jobs=jobs)
    warnings += notes
    files = [part.file for part in parts] + (["kit.pdf"] if single else [])
    for name in files:
        check_writable(folder / name)
    order = parts[1:] + parts[:1]  # the briefing lists the others' pages: render it last
    for done, part in enumerate(order):
        if progress:
            progress(part.title, done, len(order))
        rendered = part.make()
        warnings += [w for w in rendered.warnings if w not in warnings]  # one line per warning, not per part
        part.data = rendered.data
        part.pages = page_count(part.data)
    if progress:
        progress("Writing", len(order), len(order))
    whole = single_pdf(parts) if single else b""
    written = [write_atomic(folder / part.file, part.data) for part in parts]
    stale = folder / "kit.pdf"
    if single:
        written.append(write_atomic(stale, whole))
    elif stale.is_file():
        stale.unlink()  # an earlier --single kit.pdf would no longer match the parts beside it
    return written
