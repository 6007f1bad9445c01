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

from sheetgen.output import check_writable, write_atomic
from sheetgen.resources import designs_dir
from sheetgen.scenario import Scenario, slug
from sheetgen.sheets import Ship, render_sheets

__all__ = ["DEFAULT_SCENARIO", "KitPart", "build_kit", "default_scenario", "kit_parts"]

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
    from sheetgen.counters import kit_counter_size

    counter_size, notes = kit_counter_size(scenario, paper)
    for note in notes:
        (warn or _stderr)(f"{scenario.path}: {note}")
    ships = [Ship(scenario.game, s.stats, s.entry.findings, s.side, s.colour) for s in scenario.ships]

    def sheets() -> bytes:
        return render_sheets(ships, paper=paper, title=f"{scenario.name}: record sheets")

    def card() -> bytes:
        from sheetgen.cards import render_card

        return render_card(scenario.game, paper=paper, fmt="pdf")

    def counters() -> bytes:
        from sheetgen.counters import SheetSpec, layout_sheets, scenario_counters
        from sheetgen.draw.pdf import to_pdf

        spec = SheetSpec(size=counter_size, paper=paper)
        sheets = layout_sheets(scenario_counters(scenario), spec, title=f"{scenario.name}: counters")
        for note in sheets.warnings:
            (warn or _stderr)(note)
        return to_pdf(sheets.drawing)

    return [
        KitPart("record-sheets.pdf", "Record sheets", sheets),
        KitPart("reference-card.pdf", "Reference card", card),
        KitPart("counters.pdf", "Counters", counters),
        KitPart("map.pdf", "Map", map_part(scenario, paper)),
    ]


def map_part(scenario: Scenario, paper: str) -> Callable[[], bytes]:
    """Renders ``scenario``'s map on ``paper``; raises :class:`~sheetgen.output.OutputError`
    at once (before anything is written) if it cannot be printed there."""
    from sheetgen.maps import MapError, scenario_map
    from sheetgen.output import OutputError

    try:
        return scenario_map(scenario, paper=paper)
    except MapError as exc:
        raise OutputError(f"{scenario.path}: map: {exc}") from None


def build_kit(
    scenario: Scenario,
    out_dir: Path | None = None,
    *,
    paper: str = "letter",
    progress: Callable[[str], None] | None = None,
    warn: Callable[[str], None] | None = None,
) -> list[Path]:
    """Render and write ``scenario``'s kit into ``out_dir`` (default
    ``output/<scenario name>/``), creating the folder; returns the files written.

    Raises :class:`~sheetgen.output.OutputError` if the folder cannot be made
    or written; nothing is written unless every part rendered.
    """
    from sheetgen.output import OutputError

    folder = out_dir if out_dir is not None else Path("output") / slug(scenario.name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create folder: {exc.strerror or exc}") from None
    parts = kit_parts(scenario, paper=paper, warn=warn)
    for part in parts:
        check_writable(folder / part.file)
    for part in parts:
        if progress:
            progress(part.title)
        part.data = part.make()
    return [write_atomic(folder / part.file, part.data) for part in parts]
