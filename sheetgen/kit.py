"""``sheetgen kit``: everything a table needs for one scenario, in one folder.

:func:`build_kit` renders every part in memory first (record sheets for every
ship of every side, the reference card, counters for both sides and the
game's markers, the map), then writes each file atomically, so a kit that
fails part-way leaves an earlier kit in the folder as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.core.output import check_writable, write_atomic
from sheetgen.core.resources import designs_dir
from sheetgen.render.sheets import Ship, render_sheets
from sheetgen.scenarios.scenario import Scenario, slug

__all__ = [
    "DEFAULT_SCENARIO",
    "KitPart",
    "build_kit",
    "bundled_scenarios",
    "default_scenario",
    "kit_parts",
    "page_count",
    "single_pdf",
]

#: The bundled scenario ``sheetgen kit`` builds without an argument (under ``designs/``).
DEFAULT_SCENARIO = "starfire/scenarios/small-task-groups.yaml"


def default_scenario() -> Path:
    """Path of the bundled default scenario."""
    return designs_dir() / DEFAULT_SCENARIO


@dataclass
class KitPart:
    """One file of a kit: its name in the kit folder, a title, and how to make its bytes."""

    file: str
    title: str
    make: Callable[[], bytes]
    data: bytes = field(default=b"", repr=False)
    pages: int = 0


def _stderr(line: str) -> None:
    import sys

    print(f"sheetgen: warning: {line}", file=sys.stderr)


def kit_parts(
    scenario: Scenario, *, paper: str = "letter", warn: Callable[[str], None] | None = None
) -> list[KitPart]:
    """The parts of ``scenario``'s kit, in print order (not yet rendered): record
    sheets, reference card, counters, and the map tiled on ``paper``.

    ``warn`` receives warning lines (a chosen counter size that does not fit
    the map's hexes); by default they go to standard error.
    """
    from sheetgen.layout.counters import kit_counter_size

    counter_size, notes = kit_counter_size(scenario, paper)
    for note in notes:
        (warn or _stderr)(f"{scenario.path}: {note}")
    ships = [Ship(scenario.game, s.stats, s.entry.findings, s.side, s.colour) for s in scenario.ships]

    def sheets() -> bytes:
        return render_sheets(ships, paper=paper, title=f"{scenario.name}: record sheets")

    def card() -> bytes:
        from sheetgen.render.cards import render_card

        return render_card(scenario.game, paper=paper, fmt="pdf")

    def counters() -> bytes:
        from sheetgen.core.output import OutputError
        from sheetgen.draw.pdf import to_pdf
        from sheetgen.layout.counters import CounterError, SheetSpec, layout_sheets, scenario_counters

        spec = SheetSpec(size=counter_size, paper=paper)
        try:
            sheets = layout_sheets(scenario_counters(scenario), spec, title=f"{scenario.name}: counters")
        except CounterError as exc:
            raise OutputError(f"{scenario.path}: counters: {exc}") from None
        for note in sheets.warnings:
            (warn or _stderr)(note)
        return to_pdf(sheets.drawing)

    def briefing() -> bytes:
        from sheetgen.render.briefing import render_briefing

        return render_briefing(scenario, parts, paper=paper)

    parts = [
        KitPart("briefing.pdf", "Briefing", briefing),
        KitPart("record-sheets.pdf", "Record sheets", sheets),
        KitPart("counters.pdf", "Counters", counters),
        KitPart("map.pdf", "Map", map_part(scenario, paper)),
        KitPart("reference-card.pdf", "Reference card", card),
    ]
    return parts


def map_part(scenario: Scenario, paper: str) -> Callable[[], bytes]:
    """Renders ``scenario``'s map on ``paper``; raises :class:`~sheetgen.core.output.OutputError`
    at once (before anything is written) if it cannot be printed there."""
    from sheetgen.core.output import OutputError
    from sheetgen.layout.maps import MapError, scenario_map

    try:
        return scenario_map(scenario, paper=paper)
    except MapError as exc:
        raise OutputError(f"{scenario.path}: map: {exc}") from None


def page_count(pdf: bytes) -> int:
    """Pages in a PDF (read back with pypdf)."""
    import io

    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def single_pdf(parts: list[KitPart]) -> bytes:
    """Every part in one PDF, in kit order, with one bookmark per part (the parts'
    own bookmarks are dropped). Each part starts on an odd page, a blank page
    put before it where needed, so printed two-sided the counter backs still
    land behind their fronts. Deterministic: the same parts give the same bytes."""
    import io

    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for part in parts:
        if len(writer.pages) % 2:
            last = writer.pages[-1]
            writer.add_blank_page(float(last.mediabox.width), float(last.mediabox.height))
        start = len(writer.pages)
        for page in PdfReader(io.BytesIO(part.data)).pages:
            writer.add_page(page)
        writer.add_outline_item(title=part.title, page_number=start)
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
    warn: Callable[[str], None] | None = None,
) -> list[Path]:
    """Render and write ``scenario``'s kit into ``out_dir`` (default
    ``output/<scenario name>/``), creating the folder; returns the files written.

    The briefing comes first in the kit but is rendered last, once every other
    part's page count is known. With ``single`` the whole kit is also written
    as ``kit.pdf`` with a bookmark per part. ``progress(title, done, total)`` is
    called before each part is rendered.

    Raises :class:`~sheetgen.core.output.OutputError` if the folder cannot be made
    or written; nothing is written unless every part rendered.
    """
    from sheetgen.core.output import OutputError

    folder = out_dir if out_dir is not None else Path("output") / slug(scenario.name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create folder: {exc.strerror or exc}") from None
    parts = kit_parts(scenario, paper=paper, warn=warn)
    files = [part.file for part in parts] + (["kit.pdf"] if single else [])
    for name in files:
        check_writable(folder / name)
    order = parts[1:] + parts[:1]  # the briefing lists the others' pages: render it last
    for done, part in enumerate(order):
        if progress:
            progress(part.title, done, len(order))
        part.data = part.make()
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
