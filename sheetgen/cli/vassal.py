"""``sheetgen vassal``: a scenario as a VASSAL module (``.vmod``) for online play."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import (
    Paper,
    _err,
    _fail,
    _format_for,
    _output_or_default,
    _print_located,
    _warn,
    _write_files,
    app,
    given_path,
    short_help,
)

if TYPE_CHECKING:
    from sheetgen.core import units
    from sheetgen.render.vassal import Module
    from sheetgen.scenarios.scenario import Scenario

__all__ = ["module_for", "vassal"]


_Scenario = Annotated[
    Path,
    typer.Argument(
        help="Scenario file, or a bundled scenario's name (convoy-raid).",
        parser=given_path,
    ),
]
_Output = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Module file to write (.vmod; default <scenario>.vmod, never replacing a file).",
        parser=given_path,
    ),
]
_Dpi = Annotated[
    str | None,
    typer.Option("--dpi", metavar="N", help="Resolution of the board and counter images (default 150)."),
]
_Paper = Annotated[
    Paper,
    typer.Option(help="Paper of the record sheets and reference card inside.", case_sensitive=False),
]


@app.command(short_help=short_help("vassal"))
def vassal(
    scenario: _Scenario,
    output: _Output = None,
    dpi: _Dpi = None,
    paper: _Paper = Paper.letter,
) -> None:
    """Write a VASSAL module of a scenario: the map as a board with the printed hex grid
    and numbers, a two-faced piece for every ship at its start, the game's markers,
    the record sheets and the reference card.

    Exit 0 when written, 1 when the scenario breaks a rule, 2 when input cannot be
    used (nothing is written then).
    """
    from sheetgen.cli.images import dpi_option
    from sheetgen.core.output import OutputError, check_writable
    from sheetgen.scenarios.scenario import every_error, load_scenario

    if output is not None:
        _format_for(output, None, ("vmod",))
        try:
            check_writable(output)
        except OutputError as exc:
            _fail(str(exc))
    resolution = dpi_option(dpi)
    from sheetgen.cli.kit import _scenario_path  # a bundled scenario's name, as kit reads it

    scenario = _scenario_path(scenario)
    loaded, result = load_scenario(scenario)
    if result.input_errors or loaded is None:
        _print_located(every_error(loaded, result), err=True)
        raise typer.Exit(2)
    errors = [loc for loc in loaded.located if loc.finding.is_error]
    if errors:
        _print_located(errors, err=True)
        _err(
            f"sheetgen: error: {scenario}: scenario has errors; fix them "
            f"(sheetgen validate {scenario} lists them all)"
        )
        raise typer.Exit(1)
    if output is None:  # the name the kit gives the module, in the current folder
        from sheetgen.scenarios.scenario import slug

        output = _output_or_default(None, f"{slug(loaded.name)}.vmod")
        try:
            check_writable(output)
        except OutputError as exc:
            _fail(str(exc))
    module = module_for(loaded, resolution, paper.key)
    _warn(module.warnings)
    _write_files([(output, module.data)])
    starts = sum(1 for p in module.pieces if p.at is not None)
    ships = sum(1 for p in module.pieces if p.ship)
    _err(
        f"wrote {output}: {len(module.boards)} board{'s' if len(module.boards) != 1 else ''}, "
        f"{ships} ship{'s' if ships != 1 else ''} ({starts} placed), "
        f"{len(module.pieces) - ships} markers; {module.counter_pixels} px counters at {resolution} dpi"
    )


def module_for(
    scenario: Scenario,
    dpi: int,
    paper: units.Paper,
    *,
    record_sheets: bytes | None = None,
    reference_card: bytes | None = None,
) -> Module:
    """``scenario``'s module (:func:`sheetgen.render.vassal.vassal_module`), printing its
    record sheets and reference card on ``paper`` unless given; fails (exit 2) with one
    line when it cannot be made."""
    from sheetgen.kit import reference_card as card_pdf
    from sheetgen.layout.counters import CounterError
    from sheetgen.layout.maps import MapError
    from sheetgen.render.raster import RasterError
    from sheetgen.render.record_sheets import Ship, render_record_sheets
    from sheetgen.render.vassal import check_module, vassal_module

    try:
        check_module(scenario, dpi)  # refused before the sheets are printed
    except (MapError, RasterError, CounterError) as exc:
        _fail(f"{scenario.path}: {exc}")
    if record_sheets is None:
        ships = [Ship(scenario.game, s.stats, s.entry.findings, s.side, s.colour) for s in scenario.ships]
        record_sheets = render_record_sheets(ships, paper=paper, title=f"{scenario.name}: record sheets").data
    if reference_card is None:
        reference_card = card_pdf(scenario.game.id, paper).data
    try:
        return vassal_module(scenario, dpi=dpi, record_sheets=record_sheets, reference_card=reference_card)
    except (MapError, RasterError, CounterError) as exc:
        _fail(f"{scenario.path}: {exc}")
