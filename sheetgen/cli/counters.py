"""``sheetgen counters``: die-cut counter sheets, fronts and backs, as PDF or SVG.

A thin verb over :mod:`sheetgen.layout.counters` (layout) and the :mod:`sheetgen.draw`
writers. Every option is read and checked, and the sheets laid out and
rendered in memory, before anything is written: bad input is one line on
standard error, exit status 2, and no file touched.
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import Paper, _err, _fail, _format_for, _print_located, app
from sheetgen.core.output import OutputError
from sheetgen.layout.counters import Duplex

__all__ = ["counters"]


class CutMarks(StrEnum):
    lines = "lines"
    crop = "crop"


class CounterFormat(StrEnum):
    pdf = "pdf"
    svg = "svg"


_ZERO = re.compile(r'^\s*(0+(\.0*)?|\.0+)\s*(in|inch|inches|"|mm|cm|pt)?\s*$', re.IGNORECASE)
#: Largest --back-offset either way (1/4 in): printers misregister by a few mm at most.
MAX_BACK_OFFSET = 18.0


def _length(option: str, text: str, *, zero: bool = False, signed: bool = False) -> float:
    """``text`` as a length in pt for ``option``; fails (exit 2) with one line."""
    from sheetgen.core.units import LengthError, parse_length

    raw, sign = text.strip(), 1.0
    if signed and raw[:1] in ("+", "-"):
        sign, raw = (-1.0 if raw[0] == "-" else 1.0), raw[1:]
    if _ZERO.match(raw):
        if zero:
            return 0.0
        _fail(f"{option} {text}: must be more than zero")
    try:
        return sign * parse_length(raw)
    except LengthError as exc:
        _fail(f"{option}: {exc}")


def _offset(text: str) -> tuple[float, float]:
    parts = text.split(",")
    if len(parts) != 2:
        _fail(f"--back-offset {text!r}: write X,Y, e.g. 0.5mm,-1mm (right and down as the back is seen)")
    dx = _length("--back-offset", parts[0], zero=True, signed=True)
    dy = _length("--back-offset", parts[1], zero=True, signed=True)
    if max(abs(dx), abs(dy)) > MAX_BACK_OFFSET + 1e-9:
        _fail(f"--back-offset {text}: at most 1/4 in (6.35 mm) each way")
    return dx, dy


@app.command()
def counters(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="Design or fleet files or folders (a fleet's count gives how many ships)."),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="File to write: .pdf, or .svg for one file per page (NAME-1.svg ...).",
        ),
    ] = None,
    scenario: Annotated[
        Path | None,
        typer.Option(help="Scenario file: counters for every ship of every side, in the sides' colours."),
    ] = None,
    size: Annotated[
        str, typer.Option(help="Counter edge, exact on paper: 1/2in, 5/8in, 3/4in, 1in or any length.")
    ] = "5/8in",
    paper: Annotated[Paper, typer.Option(help="Paper size (portrait).")] = Paper.letter,
    duplex: Annotated[
        Duplex,
        typer.Option(
            help="Two-sided printing flipped on the long or short edge; none: one-sided, fold and glue."
        ),
    ] = Duplex.long,
    back_offset: Annotated[
        str,
        typer.Option(
            help="Shift the backs by X,Y (right, down as the back is seen) to undo a printer's misregistration."
        ),
    ] = "0,0",
    bleed: Annotated[str, typer.Option(help="Colour beyond each cut line, e.g. 1/16in.")] = "0",
    gutter: Annotated[
        str | None,
        typer.Option(help="Space between counters (default: twice the bleed; 0 = counters touch)."),
    ] = None,
    cut: Annotated[
        CutMarks, typer.Option(help="Cut lines on every edge, or crop marks in the margins only.")
    ] = CutMarks.lines,
    copies: Annotated[int, typer.Option(help="Counters per ship (at most 100).")] = 1,
    markers: Annotated[
        str | None, typer.Option(help="Add a game's marker counters (e.g. starfire).", metavar="GAME")
    ] = None,
    fmt: Annotated[
        CounterFormat | None,
        typer.Option("--format", help="pdf or svg; by default the output file's suffix."),
    ] = None,
) -> None:
    """Print die-cut counters, fronts and backs, for every ship and the game's markers.

    Fronts carry the name, a facing arrow and key numbers in the side's colour;
    backs the reduced state, mirrored so each lands behind its front.

    Exit 0 when written, 1 when written but a design is illegal, 2 when input
    cannot be used (nothing is written then).
    """
    from sheetgen.core.output import check_writable
    from sheetgen.games import UnknownGame, find_game
    from sheetgen.layout.counters import (
        MAX_COPIES,
        CounterError,
        SheetSpec,
        fleet_counters,
        layout_sheets,
        marker_counters,
        scenario_counters,
    )
    from sheetgen.scenarios.loading import load_designs

    if output is None:
        _fail("give the file to write with -o FILE")
    fmt = _format(output, fmt)
    try:
        check_writable(output)
    except OutputError as exc:
        _fail(str(exc))
    edge = _length("--size", size)
    bleed_pt = _length("--bleed", bleed, zero=True)
    gutter_pt = None if gutter is None else _length("--gutter", gutter, zero=True)
    offset = _offset(back_offset)
    if copies < 1:
        _fail(f"--copies {copies}: must be 1 or more")
    if copies > MAX_COPIES:
        _fail(f"--copies {copies}: at most {MAX_COPIES}")
    marker_game = None
    if markers is not None:
        try:
            marker_game = find_game(markers)
        except UnknownGame:
            from sheetgen.games import GAMES

            _fail(f"--markers: unknown marker set {markers!r}; known: {', '.join(GAMES)}")
        if not marker_game.markers():
            _fail(f"--markers: {marker_game.id} has no marker counters")
    if not paths and scenario is None and marker_game is None:
        _fail("nothing to print: give design files, --scenario FILE or --markers GAME")

    items = []
    sides: list[tuple[str, str]] = []
    exit_code = 0
    scenario_paths = [scenario] if scenario is not None else []
    if paths:
        result = load_designs(paths)
        if result.input_errors:
            _print_located(result.input_errors, err=True)
            raise typer.Exit(2)
        scenario_paths += [Path(source) for source, _doc in result.scenarios]
        for entry in result.entries:
            _print_located([loc for loc in entry.located if loc.finding.is_error], err=True)
        exit_code = result.exit_code
        try:
            fleet_items, fleet_sides = fleet_counters(result.entries, copies=copies)
        except CounterError as exc:
            _fail(str(exc))
    else:
        fleet_items, fleet_sides = [], []
    names: list[str] = []
    for path in scenario_paths:
        from sheetgen.scenarios.scenario import load_scenario

        loaded, sresult = load_scenario(path)
        if sresult.input_errors or loaded is None:
            _print_located(sresult.input_errors, err=True)
            raise typer.Exit(2)
        errors = [loc for loc in loaded.located if loc.finding.is_error]
        _print_located(errors, err=True)
        if errors:
            exit_code = 1
        try:
            items += scenario_counters(loaded, copies=copies, markers=False)
        except CounterError as exc:
            _fail(str(exc))
        sides += [(side.name, side.colour) for side in loaded.sides]
        names.append(loaded.name)
    # one scenario alone names the sheets, as in its kit
    title = f"{names[0]}: counters" if len(names) == 1 and not fleet_items else "Counters"
    items += fleet_items
    sides += fleet_sides
    ships = len(items)
    if marker_game is not None:
        from sheetgen.layout.counters import DEFAULT_COLOURS

        owners = sides or [("Side 1", DEFAULT_COLOURS[0]), ("Side 2", DEFAULT_COLOURS[1])]
        items += marker_counters(marker_game, owners)
    if not items:
        _fail("no counters to print: the files hold no designs")
    if offset != (0.0, 0.0) and duplex is Duplex.none:
        _err("sheetgen: warning: --back-offset is for two-sided printing; fold-and-glue sheets ignore it")
    spec = SheetSpec(
        size=edge,
        paper=paper.value,
        duplex=duplex,
        back_offset=offset,
        bleed=bleed_pt,
        gutter=gutter_pt,
        cut=cut.value,
    )
    try:
        sheets = layout_sheets(items, spec, title=title)
    except CounterError as exc:
        _fail(str(exc))
    for line in sheets.warnings:
        _err(f"sheetgen: warning: {line}")
    files = _render(sheets.drawing, output, fmt)
    from sheetgen.core.output import write_atomic

    try:
        for target, _ in files:
            check_writable(target)
        for target, data in files:
            write_atomic(target, data)
    except OutputError as exc:
        _fail(str(exc))
    pages = len(sheets.drawing.pages)
    what = f"{ships} ship counter{'s' if ships != 1 else ''}"
    if len(items) > ships:
        what += f", {len(items) - ships} marker{'s' if len(items) - ships != 1 else ''}"
    where = ", ".join(str(t) for t, _ in files) if len(files) <= 2 else f"{files[0][0]} … {files[-1][0]}"
    _err(f"wrote {where} ({what}; {pages} page{'s' if pages != 1 else ''}, duplex {duplex.value})")
    raise typer.Exit(exit_code)


def _format(output: Path, fmt: CounterFormat | None) -> CounterFormat:
    """The format ``output``'s name sets (see :func:`sheetgen.cli._format_for`)."""
    return CounterFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "svg")))


def _render(drawing: object, output: Path, fmt: CounterFormat) -> list[tuple[Path, bytes]]:
    """The files to write: one PDF, or one SVG per page (``NAME-1.svg`` ... when several)."""
    from sheetgen.draw.primitives import Drawing

    assert isinstance(drawing, Drawing)
    if fmt is CounterFormat.pdf:
        from sheetgen.draw.pdf import to_pdf

        return [(output, to_pdf(drawing))]
    from sheetgen.draw.svg import to_svg_pages

    pages = to_svg_pages(drawing)
    if len(pages) == 1:
        return [(output, pages[0])]
    return [(output.with_name(f"{output.stem}-{i}{output.suffix}"), data) for i, data in enumerate(pages, 1)]
