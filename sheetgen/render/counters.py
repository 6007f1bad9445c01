"""Counter sheets for designs, fleets and scenarios, as PDF or SVG files.

:func:`gather_counters` reads design files and scenarios and builds every
counter they give (:mod:`sheetgen.layout.counters`), with the sides, the
sheets' title, and the findings to show; :func:`counter_files` writes laid-out
sheets as one PDF or one SVG file per page. ``sheetgen counters`` is these two
around :func:`~sheetgen.layout.counters.layout_counter_sheets`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from sheetgen.core.source import Located
from sheetgen.draw.primitives import Drawing
from sheetgen.games.base import AnyGame, MarkerNeed, Stats
from sheetgen.layout.counters import Counter
from sheetgen.layout.counters.modes import CutMarks, Duplex
from sheetgen.layout.counters.paper import DEFAULT_BLEED

if TYPE_CHECKING:
    from sheetgen.core.units import Paper
    from sheetgen.draw import PageFormat
    from sheetgen.layout.counters import CounterSheets
    from sheetgen.scenarios.scenario import Scenario

__all__ = ["CounterOptions", "CounterSet", "counter_files", "counter_sheets", "gather_counters"]


@dataclass
class CounterSet:
    """Counters gathered from design files and scenarios.

    ``counters``: ships' counters (scenarios' sides first, then designs read
    from files), then markers; ``ships`` of them are ships' counters. ``title``
    names the sheets (a lone scenario's ``<name>: counters``, else ``Counters``).
    ``located``: findings to show, in order (errors in designs and scenarios;
    input that cannot be read). ``exit_code``: 0, 1 when a design or scenario
    has errors, 2 when input cannot be read (then nothing more was gathered).
    ``error``: why nothing can be printed (too many counters), else None.
    ``sides``: the ``(name, colour)`` sides the markers were made for; ``needs``, how
    many of each marker those sides' ships can use (the game's
    :meth:`~sheetgen.games.base.Game.marker_needs`), or None for the game's full set
    (no ships, or ships of another game than the markers'). ``scenario``: the one
    scenario the counters come from when they come from nothing else.
    """

    counters: list[Counter] = field(default_factory=list)
    ships: int = 0
    title: str = "Counters"
    located: list[Located] = field(default_factory=list)
    exit_code: int = 0
    error: str | None = None
    sides: list[tuple[str, str]] = field(default_factory=list)
    needs: list[MarkerNeed] | None = None
    scenario: Scenario | None = None


def gather_counters(
    paths: Iterable[str | os.PathLike[str]] = (),
    scenarios: Iterable[Path] = (),
    *,
    copies: int = 1,
    markers: AnyGame | None = None,
) -> CounterSet:
    """Counters for the designs and fleets in ``paths`` (a fleet file's ``count``
    gives that many ships, its ``side`` their side and colour) and every ship of
    every side of the ``scenarios`` (scenario files met among ``paths`` too, after
    them), ``copies`` of each, then the ``markers`` game's markers for those
    sides, as many as their ships can use (the game's full set for two default
    sides when there are no ships). See :class:`CounterSet`.
    """
    from sheetgen.layout.counters import (
        DEFAULT_COLOURS,
        CounterError,
        fleet_counters,
        fleet_side_stats,
        marker_counters,
        scenario_counters,
    )
    from sheetgen.scenarios.loading import load_designs
    from sheetgen.scenarios.scenario import every_error, load_scenario

    out = CounterSet()
    given = list(paths)
    scenario_paths = list(scenarios)
    fleet_items: list[Counter] = []
    fleet_sides: list[tuple[str, str]] = []
    fleet_stats: list[list[Stats]] = []
    side_stats: list[list[Stats]] = []
    games: set[str] = set()
    if given:
        result = load_designs(given)
        if result.input_errors:
            out.located, out.exit_code = list(result.input_errors), 2
            return out
        scenario_paths += [Path(source) for source, _doc in result.scenarios]
        for entry in result.entries:
            out.located += [loc for loc in entry.located if loc.finding.is_error]
        out.exit_code = result.exit_code
        try:
            fleet_items, fleet_sides = fleet_counters(result.entries, copies=copies)
            fleet_stats = fleet_side_stats(result.entries)
            games |= {entry.game.id for entry in result.entries}
        except CounterError as exc:
            out.error = str(exc)
            return out
    sides: list[tuple[str, str]] = []
    names: list[str] = []
    lone: Scenario | None = None
    for path in scenario_paths:
        loaded, sresult = load_scenario(path)
        if sresult.input_errors or loaded is None:
            out.located += every_error(loaded, sresult)
            out.exit_code = 2
            return out
        errors = [loc for loc in loaded.located if loc.finding.is_error]
        out.located += errors
        if errors:
            out.exit_code = 1
        try:
            out.counters += scenario_counters(loaded, copies=copies, markers=False)
        except CounterError as exc:
            out.error = str(exc)
            return out
        sides += [(side.name, side.colour) for side in loaded.sides]
        side_stats += [[ship.stats for ship in side.ships] for side in loaded.sides]
        games.add(loaded.game.id)
        names.append(loaded.name)
        lone = loaded
    # one scenario alone names the sheets, as in its kit
    if len(names) == 1 and not fleet_items:
        out.title = f"{names[0]}: counters"
        out.scenario = lone
    out.counters += fleet_items
    sides += fleet_sides
    side_stats += fleet_stats
    out.ships = len(out.counters)
    if markers is not None:
        owners = sides or [("Side 1", DEFAULT_COLOURS[0]), ("Side 2", DEFAULT_COLOURS[1])]
        if sides and games == {markers.id}:  # the markers these ships can use
            out.needs = markers.marker_needs(side_stats)
        out.counters += marker_counters(markers, owners, out.needs)
        out.sides = owners
    return out


def counter_files(drawing: Drawing, output: Path, fmt: PageFormat = "pdf") -> list[tuple[Path, bytes]]:
    """The files of laid-out counter sheets: ``output`` as one PDF (``fmt="pdf"``),
    or one SVG per page (``fmt="svg"``), named ``NAME-1.svg`` ... when there are
    several pages; each as ``(path, bytes)``, in page order."""
    if fmt == "pdf":
        from sheetgen.draw.pdf import to_pdf

        return [(output, to_pdf(drawing))]
    from sheetgen.draw.svg import to_svg_pages

    pages = to_svg_pages(drawing)
    if len(pages) == 1:
        return [(output, pages[0])]
    return [(output.with_name(f"{output.stem}-{i}{output.suffix}"), data) for i, data in enumerate(pages, 1)]


def die_lines(sheets: CounterSheets, size: float) -> list[list[tuple[float, float, float, float]]]:
    """Per page of ``sheets``, the cut outline of every counter on it, ``(x, y, w, h)`` in pt
    from the page's top-left (``size`` pt a side): fronts and backs alike, so the die lines
    of a back fall on its front's (:func:`sheetgen.render.press.to_press` strokes them)."""
    pages: list[list[tuple[float, float, float, float]]] = [[] for _ in sheets.drawing.pages]
    for placed in sheets.placements:
        pages[placed.front_page].append((*placed.front, size, size))
        pages[placed.back_page].append((*placed.back, size, size))
    return pages


@dataclass(frozen=True)
class CounterOptions:
    """How a kit prints its counters (``sheetgen kit``'s counter options, read as
    ``sheetgen counters`` reads them): ``size``, the counter edge in pt (None: the
    scenario's ``counter_size`` or the largest that fits the map's hex,
    :func:`~sheetgen.layout.counters.kit_counter_size`); ``duplex`` (``long``,
    ``short`` or ``none``); ``back_offset`` (pt, right and down as the back is seen);
    ``fill``, whether spare cells take more of the markers the ships can use;
    ``bleed`` (pt, default :data:`~sheetgen.layout.counters.paper.DEFAULT_BLEED`, 2 mm),
    ``gutter`` (pt; None: twice the bleed) and ``cut`` (``lines`` or ``crop``); ``press``:
    every part written as a press file (:func:`sheetgen.render.press.to_press`) to the PDF/X
    ``standard`` (``x4`` or ``x1a``), the counters with their die lines in the CutContour
    spot colour."""

    size: float | None = None
    duplex: Duplex = Duplex.long
    back_offset: tuple[float, float] = (0.0, 0.0)
    fill: bool = True
    bleed: float = DEFAULT_BLEED
    gutter: float | None = None
    cut: CutMarks = CutMarks.lines
    press: bool = False
    standard: str = "x4"


def counter_sheets(
    scenario: Scenario, paper: Paper, size: float, options: CounterOptions | None = None
) -> CounterSheets:
    """The kit's counter sheets of ``scenario`` on ``paper``, counters ``size`` pt a side:
    every ship of every side, the markers its ships can use
    (:func:`~sheetgen.layout.counters.scenario_marker_needs`) and, unless
    ``options.fill`` is off, more of those markers in every cell left spare on the
    sheets they need (:func:`~sheetgen.layout.counters.marker_fill`; no sheet of fill
    alone). Printed as ``options`` says (duplex, back offset). Raises
    :class:`~sheetgen.core.output.OutputError` (one line) when they cannot be laid out."""
    from sheetgen.core.output import OutputError
    from sheetgen.layout.counters import (
        CounterError,
        SheetSpec,
        layout_counter_sheets,
        marker_fill,
        scenario_counters,
        scenario_marker_needs,
    )

    options = options or CounterOptions()
    owners = [(side.name, side.colour) for side in scenario.sides]
    needs = scenario_marker_needs(scenario)
    spec = SheetSpec(
        size=size,
        paper=paper,
        duplex=Duplex(options.duplex),
        back_offset=options.back_offset,
        bleed=options.bleed,
        gutter=options.gutter,
        cut=CutMarks(options.cut),
    )
    try:
        return layout_counter_sheets(
            scenario_counters(scenario),
            spec,
            title=f"{scenario.name}: counters",
            fill=(lambda cells: marker_fill(scenario.game, owners, cells, needs)) if options.fill else None,
        )
    except CounterError as exc:
        raise OutputError(f"{scenario.path}: counters: {exc}") from None
