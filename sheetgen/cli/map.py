"""``sheetgen map``: printable hex maps, tiled for home printers or one poster page.

Options override the scenario's ``map:`` section, which overrides the defaults.
Every option is read as text and checked here, so any bad value is one line
``sheetgen: error: ...`` with exit status 2 and nothing written.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

import typer

from sheetgen.cli.app import (
    _err,
    _fail,
    _format_for,
    _game_or_fail,
    _output_or_default,
    _print_located,
    _warn,
    _write_files,
    app,
    given_path,
    short_help,
)
from sheetgen.cli.press import Press, PressStandard, press_standard, pressed
from sheetgen.core.findings import quoted
from sheetgen.core.output import OutputError

if TYPE_CHECKING:
    from sheetgen.draw import PageFormat
    from sheetgen.layout.maps import MapOptions, MapPaper
    from sheetgen.scenarios.scenario import Scenario

__all__ = ["map_command"]

#: The files a map is written as.
_FORMATS: tuple[Literal["pdf", "svg", "png"], ...] = ("pdf", "svg", "png")
#: A value of one of the closed sets an option chooses from (``--orientation``, ``--numbering``...).
Choice = TypeVar("Choice", bound=str)


def _choice(option: str, value: str, known: tuple[Choice, ...]) -> Choice:
    """``value`` of ``--option``, one of ``known`` (any case, spaces around allowed), typed as
    the set's ``Literal``; fails (exit 2) listing them."""
    found = value.strip().lower()
    for choice in known:
        if choice == found:
            return choice
    _fail(f"--{option} {quoted(value)}: choose one of {', '.join(known)}")


def _whole(option: str, value: str, minimum: int | None = None) -> int:
    try:
        number = int(value.strip())
    except ValueError:
        _fail(f"--{option} {quoted(value)}: not a whole number")
    if minimum is not None and number < minimum:
        _fail(f"--{option} must be at least {minimum}, not {number}")
    return number


_Output = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="File to write: .pdf, .svg (one file per page) or .png (one image); the name says which "
        "(default map.pdf, never replacing a file).",
        parser=given_path,
    ),
]
_Scenario = Annotated[
    Path | None,
    typer.Option(
        "--scenario",
        help="Scenario file, or a bundled scenario's name (convoy-raid): map size, terrain, zones, starts.",
        parser=given_path,
    ),
]
_Cols = Annotated[
    str | None,
    typer.Option("--cols", metavar="N", help="Columns (default: the scenario's, else a page full)."),
]
_Rows = Annotated[
    str | None, typer.Option("--rows", metavar="N", help="Rows (default: the scenario's, else a page full).")
]
_Hex = Annotated[
    str | None,
    typer.Option(
        "--hex", metavar="SIZE", help="Hex size across the flats: 1in, 25mm, 0.75in, 18pt (default 1in)."
    ),
]
_Orientation = Annotated[
    str | None,
    typer.Option("--orientation", metavar="flat|pointy", help="Flat-topped (default) or pointy-topped."),
]
_Paper = Annotated[
    str,
    typer.Option(
        "--paper",
        metavar="PAPER",
        help="letter, a4, a3, legal, tabloid, or fit (one page the size of the map).",
    ),
]
_Overlap = Annotated[
    str, typer.Option("--overlap", metavar="HEXES", help="Hexes each page repeats of its neighbours.")
]
_Numbering = Annotated[
    str,
    typer.Option(
        "--numbering", metavar="xxyy|xx.yy|letters|none", help="Hex numbers: 0101, 01.01, A01, none."
    ),
]
_Every = Annotated[str, typer.Option("--every", metavar="N", help="Number every Nth column and row.")]
_Origin = Annotated[
    str | None, typer.Option("--origin", metavar="ul|ll", help="Corner hex 0101 is in: upper or lower left.")
]
_Style = Annotated[
    str | None,
    typer.Option("--style", metavar="plain|starfield", help="plain (saves ink) or a dark starfield."),
]
_Seed = Annotated[
    str | None, typer.Option("--seed", metavar="N", help="Starfield seed (same seed, same stars).")
]
_Layers = Annotated[
    str | None,
    typer.Option(
        "--layers", metavar="LOW..HIGH", help="Levels of a 3D map, e.g. -1..+1 or -2,0,2: a map for each."
    ),
]
_Format = Annotated[
    str | None,
    typer.Option(
        "--format",
        metavar="pdf|svg|png",
        help="pdf, svg or png: must agree with the -o name (default: from it).",
    ),
]
_Dpi = Annotated[
    str | None,
    typer.Option("--dpi", metavar="N", help="Resolution of a .png map (default 150); it fits one image."),
]
_Game = Annotated[
    str | None, typer.Option("--game", metavar="ID", help="Game whose hex scale the scale bar shows.")
]
_Vtt = Annotated[
    bool,
    typer.Option(
        "--vtt",
        help="With --format png: the bare grid image (no title, margins or rulers) and a .json "
        "beside it with the grid's pixel size and offset and the Foundry VTT and Roll20 settings.",
    ),
]


@app.command("map", short_help=short_help("map"))
def map_command(
    output: _Output = None,
    scenario: _Scenario = None,
    cols: _Cols = None,
    rows: _Rows = None,
    hex_size: _Hex = None,
    orientation: _Orientation = None,
    paper: _Paper = "letter",
    overlap: _Overlap = "1",
    numbering: _Numbering = "xxyy",
    every: _Every = "1",
    origin: _Origin = None,
    style: _Style = None,
    seed: _Seed = None,
    layers: _Layers = None,
    fmt: _Format = None,
    dpi: _Dpi = None,
    game: _Game = None,
    vtt: _Vtt = False,
    press: Press = False,
    pdfx: PressStandard = None,
) -> None:
    """Print a hex map at exact scale: numbered, tiled across pages with overlaps and
    alignment marks, or one page to fit; terrain and zones from a scenario."""
    from sheetgen.core.hexlabel import NUMBERINGS

    output, kind, png_dpi = _output_kind(output, fmt, dpi, vtt)
    standard = press_standard(press, pdfx, kind)
    paper_key = _paper(paper)
    loaded = _scenario(scenario)
    changes: dict[str, Any] = {
        "overlap": _whole("overlap", overlap),
        "numbering": _choice("numbering", numbering, NUMBERINGS),
        "every": _whole("every", every),
        **_given_changes(game, hex_size, layers, orientation, origin, style, seed),
    }
    if cols is not None:
        changes["cols"] = _whole("cols", cols)
    if rows is not None:
        changes["rows"] = _whole("rows", rows)
    opts = _options(loaded, paper_key, changes)
    if standard:  # the tiles' art runs 1/8 in past their cut lines
        from dataclasses import replace

        from sheetgen.layout.counters.paper import PRESS_BLEED

        opts = replace(opts, bleed=PRESS_BLEED)
    if kind == "png":
        assert png_dpi is not None  # read with the format
        _write_images(opts, output, png_dpi, vtt)
    else:
        _write_map(opts, output, kind, standard)


def _output_kind(
    output: Path | None, fmt: str | None, dpi: str | None, vtt: bool
) -> tuple[Path, Literal["pdf", "svg", "png"], int | None]:
    """``-o`` (or its default), the format its name sets, and the PNG resolution (``None`` for
    another format); fails (exit 2) on options that do not go together, or a file that cannot
    be written, before any work."""
    from sheetgen.core.output import check_writable

    output = _output_or_default(output, f"map.{_choice('format', fmt, _FORMATS) if fmt else 'pdf'}")
    kind = _format_for(output, _choice("format", fmt, _FORMATS) if fmt else None, _FORMATS)
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
    return output, kind, png_dpi


def _paper(paper: str) -> MapPaper:
    """``--paper``: a paper size or ``fit``; fails (exit 2) naming the nearest."""
    from sheetgen.core.fields import did_you_mean
    from sheetgen.layout.maps import MAP_PAPERS

    paper_key = paper.strip().lower()
    for known in MAP_PAPERS:
        if known == paper_key:
            return known
    meant = did_you_mean(paper, MAP_PAPERS)
    _fail(f"unknown paper {quoted(paper)}{meant}; choose one of {', '.join(MAP_PAPERS)}")


def _given_changes(
    game: str | None,
    hex_size: str | None,
    layers: str | None,
    orientation: str | None,
    origin: str | None,
    style: str | None,
    seed: str | None,
) -> dict[str, Any]:
    """The options given that change the scenario's map (or the defaults), read and checked."""
    from sheetgen.core.units import MIN_HEX, LengthError, parse_length
    from sheetgen.layout.maps import ORIENTATIONS, ORIGINS, STYLES
    from sheetgen.scenarios.terrain import parse_layers

    changes: dict[str, Any] = {}
    if game is not None:
        changes["scale"] = _game_or_fail(game).hex_scale
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
    if orientation is not None:
        changes["orientation"] = _choice("orientation", orientation, ORIENTATIONS)
    if origin is not None:
        changes["origin"] = _choice("origin", origin, ORIGINS)
    if style is not None:
        changes["style"] = _choice("style", style, STYLES)
    if seed is not None:
        changes["seed"] = _whole("seed", seed)
    return changes


def _scenario(scenario: Path | None) -> Scenario | None:
    """``--scenario`` read (a bundled scenario's name too), or exit 2 with its lines."""
    if scenario is None:
        return None
    from sheetgen.cli.kit import _scenario_path  # a bundled scenario's name, as kit reads it
    from sheetgen.scenarios.scenario import every_error, load_scenario

    loaded, result = load_scenario(_scenario_path(scenario))
    if result.input_errors or loaded is None:
        _print_located(every_error(loaded, result), err=True)
        raise typer.Exit(2)
    return loaded


def _options(loaded: Scenario | None, paper: MapPaper, changes: dict[str, Any]) -> MapOptions:
    """The map's options (:func:`~sheetgen.layout.maps.chosen_options`); a scenario's zones
    are checked against its size here (exit 2 with the scenario's lines)."""
    from sheetgen.layout.maps import MapError, chosen_options

    try:
        opts = chosen_options(loaded, paper, **changes)
    except MapError as exc:
        _fail(str(exc))
    if loaded is not None:
        problems = opts.plan.check(opts.cols, opts.rows, opts.orientation, opts.layers)
        if problems:
            _print_located([loaded.document.locate(p) for p in problems], err=True)
            raise typer.Exit(2)
    return opts


def _write_images(opts: MapOptions, output: Path, png_dpi: int, vtt: bool) -> None:
    """The map as PNG images (``--vtt``: the bare grid and its settings), and what was written."""
    from sheetgen.layout.maps import readability_warnings

    if vtt:
        from sheetgen.cli.images import write_vtt_map

        written = write_vtt_map(opts, output, png_dpi)
        _warn(readability_warnings(opts))
        typer.echo(
            f"wrote {', '.join(str(p) for p in written)}: {opts.cols} x {opts.rows} hexes, bare, "
            f"for a virtual tabletop",
            err=True,
        )
        return
    from sheetgen.cli.images import write_map_pngs

    written = write_map_pngs(opts, output, png_dpi)
    _warn(readability_warnings(opts))
    where = f"{len(written)} files" if len(written) > 1 else str(output)
    _err(f"wrote {where}: {opts.cols} x {opts.rows} hexes at {png_dpi} dpi")


def _write_map(opts: MapOptions, output: Path, kind: PageFormat, standard: str | None) -> None:
    """The map as PDF or SVG pages (``standard``: a press file to that PDF/X standard), and
    what was written."""
    from sheetgen.layout.maps import MapError, plan_pages, readability_warnings, tiling_warnings
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
