"""``sheetgen map``: printable hex maps, tiled for home printers or one poster page.

Options override the scenario's ``map:`` section, which overrides the defaults.
Every option is read as text and checked here, so any bad value is one line
``sheetgen: error: ...`` with exit status 2 and nothing written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sheetgen.cli.app import (
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
from sheetgen.cli.press import Press, PressStandard, press_standard, pressed
from sheetgen.core.output import OutputError

if TYPE_CHECKING:
    from sheetgen.layout.maps import MapOptions

__all__ = ["map_command"]

_CHOICES = {
    "orientation": ("flat", "pointy"),
    "origin": ("ul", "ll"),
    "style": ("plain", "starfield"),
    "format": ("pdf", "svg", "png"),
    "numbering": ("xxyy", "xx.yy", "letters", "none"),
}


def _choice(option: str, value: str) -> str:
    known = _CHOICES[option]
    found = value.strip().lower()
    if found not in known:
        _fail(f"--{option} {value!r}: choose one of {', '.join(known)}")
    return found


def _whole(option: str, value: str, minimum: int | None = None) -> int:
    try:
        number = int(value.strip())
    except ValueError:
        _fail(f"--{option} {value!r}: not a whole number")
    if minimum is not None and number < minimum:
        _fail(f"--{option} must be at least {minimum}, not {number}")
    return number


@app.command("map", short_help=short_help("map"))
def map_command(
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="File to write: .pdf, .svg (one file per page) or .png (one image); the name says which "
            "(default map.pdf, never replacing a file).",
            parser=given_path,
        ),
    ] = None,
    scenario: Annotated[
        Path | None,
        typer.Option(
            "--scenario",
            help="Scenario file, or a bundled scenario's name (convoy-raid): map size, terrain, zones, starts.",
            parser=given_path,
        ),
    ] = None,
    cols: Annotated[
        str | None,
        typer.Option("--cols", metavar="N", help="Columns (default: the scenario's, else a page full)."),
    ] = None,
    rows: Annotated[
        str | None,
        typer.Option("--rows", metavar="N", help="Rows (default: the scenario's, else a page full)."),
    ] = None,
    hex_size: Annotated[
        str | None,
        typer.Option(
            "--hex", metavar="SIZE", help="Hex size across the flats: 1in, 25mm, 0.75in, 18pt (default 1in)."
        ),
    ] = None,
    orientation: Annotated[
        str | None,
        typer.Option("--orientation", metavar="flat|pointy", help="Flat-topped (default) or pointy-topped."),
    ] = None,
    paper: Annotated[
        str,
        typer.Option(
            "--paper",
            metavar="PAPER",
            help="letter, a4, a3, legal, tabloid, or fit (one page the size of the map).",
        ),
    ] = "letter",
    overlap: Annotated[
        str, typer.Option("--overlap", metavar="HEXES", help="Hexes each page repeats of its neighbours.")
    ] = "1",
    numbering: Annotated[
        str,
        typer.Option(
            "--numbering", metavar="xxyy|xx.yy|letters|none", help="Hex numbers: 0101, 01.01, A01, none."
        ),
    ] = "xxyy",
    every: Annotated[
        str, typer.Option("--every", metavar="N", help="Number every Nth column and row.")
    ] = "1",
    origin: Annotated[
        str | None,
        typer.Option("--origin", metavar="ul|ll", help="Corner hex 0101 is in: upper or lower left."),
    ] = None,
    style: Annotated[
        str | None,
        typer.Option("--style", metavar="plain|starfield", help="plain (saves ink) or a dark starfield."),
    ] = None,
    seed: Annotated[
        str | None, typer.Option("--seed", metavar="N", help="Starfield seed (same seed, same stars).")
    ] = None,
    layers: Annotated[
        str | None,
        typer.Option(
            "--layers", metavar="LOW..HIGH", help="Levels of a 3D map, e.g. -1..+1 or -2,0,2: a map for each."
        ),
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            metavar="pdf|svg|png",
            help="pdf, svg or png: must agree with the -o name (default: from it).",
        ),
    ] = None,
    dpi: Annotated[
        str | None,
        typer.Option("--dpi", metavar="N", help="Resolution of a .png map (default 150); it fits one image."),
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", metavar="ID", help="Game whose hex scale the scale bar shows.")
    ] = None,
    vtt: Annotated[
        bool,
        typer.Option(
            "--vtt",
            help="With --format png: the bare grid image (no title, margins or rulers) and a .json "
            "beside it with the grid's pixel size and offset and the Foundry VTT and Roll20 settings.",
        ),
    ] = False,
    press: Press = False,
    pdfx: PressStandard = None,
) -> None:
    """Print a hex map at exact scale: numbered, tiled across pages with overlaps and
    alignment marks, or one page to fit; terrain and zones from a scenario."""
    from sheetgen.core.output import check_writable
    from sheetgen.core.schema import did_you_mean
    from sheetgen.core.units import MIN_HEX, PAPER_SIZES, LengthError, parse_length
    from sheetgen.layout.maps import (
        MapError,
        MapOptions,
        check_options,
        map_options,
        one_page,
        plan_pages,
        readability_warnings,
        tiling_warnings,
    )
    from sheetgen.scenarios.terrain import parse_layers

    output = _output_or_default(output, f"map.{_choice('format', fmt) if fmt else 'pdf'}")
    kind = _format_for(output, _choice("format", fmt) if fmt else None, ("pdf", "svg", "png"))
    png_dpi = None
    if kind == "png":
        from sheetgen.cli.images import dpi_option

        png_dpi = dpi_option(dpi)
    elif dpi is not None:
        _fail("--dpi is for --format png")
    if vtt and kind != "png":
        _fail("--vtt is for --format png (name a .png file)")
    try:
        check_writable(output)
    except OutputError as exc:
        _fail(str(exc))
    paper_key = paper.strip().lower()
    if paper_key not in (*PAPER_SIZES, "fit"):
        meant = did_you_mean(paper, (*PAPER_SIZES, "fit"))
        _fail(f"unknown paper {paper!r}{meant}; choose one of {', '.join((*PAPER_SIZES, 'fit'))}")

    loaded = None
    opts = MapOptions(paper=paper_key)
    if scenario is not None:
        from sheetgen.cli.kit import _scenario_path  # a bundled scenario's name, as kit reads it
        from sheetgen.scenarios.scenario import every_error, load_scenario

        loaded, result = load_scenario(_scenario_path(scenario))
        if result.input_errors or loaded is None:
            _print_located(every_error(loaded, result), err=True)
            raise typer.Exit(2)
        opts = map_options(loaded, paper=paper_key)
    changes: dict[str, Any] = {
        "overlap": _whole("overlap", overlap),
        "numbering": _choice("numbering", numbering),
        "every": _whole("every", every),
    }
    if game is not None:
        from sheetgen.games import UnknownGame, find_game

        try:
            changes["scale"] = find_game(game).hex_scale
        except UnknownGame as exc:
            _fail(str(exc))
    if hex_size is not None:
        try:
            changes["hex_size"] = parse_length(hex_size, least=MIN_HEX)
        except LengthError as exc:
            _fail(f"--hex: {exc}")
    if layers is not None:
        try:
            changes["layers"] = parse_layers(layers)
        except ValueError as exc:
            _fail(f"--layers: {exc}")
    for name, value in (("orientation", orientation), ("origin", origin), ("style", style)):
        if value is not None:
            changes[name] = _choice(name, value)
    if seed is not None:
        changes["seed"] = _whole("seed", seed)
    opts = _replace(opts, **changes)
    if scenario is None and paper_key != "fit":  # a bare grid fills one page
        full = one_page(opts.hex_size, opts.orientation, paper_key)
        opts = _replace(opts, cols=full[0], rows=full[1])
    if cols is not None:
        opts = _replace(opts, cols=_whole("cols", cols))
    if rows is not None:
        opts = _replace(opts, rows=_whole("rows", rows))
    standard = press_standard(press, pdfx)
    if standard:  # the tiles' art runs 1/8 in past their cut lines
        from sheetgen.layout.counters.paper import PRESS_BLEED

        opts = _replace(opts, bleed=PRESS_BLEED)
    if loaded is not None:
        try:  # the map's size first: the plan's zones are laid over every hex of it
            check_options(opts)
        except MapError as exc:
            _fail(str(exc))
        problems = opts.plan.check(opts.cols, opts.rows, opts.orientation, opts.layers)
        if problems:
            _print_located([loaded.document.locate(p) for p in problems], err=True)
            raise typer.Exit(2)
    if png_dpi is not None and vtt:
        from sheetgen.cli.images import write_vtt_map

        written = write_vtt_map(opts, output, png_dpi)
        _warn(readability_warnings(opts))
        typer.echo(
            f"wrote {', '.join(str(p) for p in written)}: {opts.cols} x {opts.rows} hexes, bare, "
            f"for a virtual tabletop",
            err=True,
        )
        return
    if png_dpi is not None:
        from sheetgen.cli.images import write_map_pngs

        written = write_map_pngs(opts, output, png_dpi)
        _warn(readability_warnings(opts))
        where = f"{len(written)} files" if len(written) > 1 else str(output)
        _err(f"wrote {where}: {opts.cols} x {opts.rows} hexes at {png_dpi} dpi")
        return
    from sheetgen.render.maps import map_files

    try:
        pages = plan_pages(opts).pages
        data = map_files(opts, output, kind)
    except MapError as exc:
        _fail(str(exc))
    if standard:
        data = pressed(data, f"Hex map, {opts.cols} x {opts.rows} hexes", standard=standard)
    _write_files(data)
    _warn(readability_warnings(opts))
    _warn(tiling_warnings(opts))
    where = f"{len(data)} files" if len(data) > 1 else str(output)
    _err(f"wrote {where}: {opts.cols} x {opts.rows} hexes, {pages} page{'s' if pages != 1 else ''}")


def _replace(opts: MapOptions, **changes: Any) -> MapOptions:
    import dataclasses

    return dataclasses.replace(opts, **changes)
