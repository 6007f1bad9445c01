"""``sheetgen counters``: die-cut counter sheets, fronts and backs, as PDF or SVG.

A thin verb over :mod:`sheetgen.render.counters` (gathering counters, writing
PDF or SVG) and :mod:`sheetgen.layout.counters` (laying out sheets). Every option is read and checked, and the sheets laid out and
rendered in memory, before anything is written: bad input is one line on
standard error, exit status 2, and no file touched.
"""

from __future__ import annotations

import re
from enum import StrEnum
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
from sheetgen.cli.press import Press, PressStandard, press_standard, pressed
from sheetgen.core.output import OutputError
from sheetgen.core.units import MIN_COUNTER
from sheetgen.layout.counters import CutMarks, Duplex

if TYPE_CHECKING:
    from sheetgen.layout.counters import Counter

__all__ = ["BLEED_HELP", "CUT_HELP", "GUTTER_HELP", "back_offset_option", "counters", "length_option"]

#: The counter printing options ``counters`` and ``kit`` share (same names, defaults, checks).
BLEED_HELP = typer.Option(help="Colour beyond each cut line, e.g. 1/8in (0: none).")
GUTTER_HELP = typer.Option(help="Space between counters (default: twice the bleed; 0 = counters touch).")
CUT_HELP = typer.Option(help="Cut lines on every edge, or crop marks in the margins only.")


class CounterFormat(StrEnum):
    pdf = "pdf"
    svg = "svg"
    png = "png"


_ZERO = re.compile(r'^\s*(0+(\.0*)?|\.0+)\s*(in|inch|inches|"|mm|cm|pt)?\s*$', re.IGNORECASE)
#: Largest --back-offset either way (1/4 in): printers misregister by a few mm at most.
MAX_BACK_OFFSET = 18.0


def length_option(
    option: str, text: str, *, zero: bool = False, signed: bool = False, least: float | None = None
) -> float:
    """``text`` as a length in pt for ``option`` (``--size``, ``--bleed``...; ``zero``: 0 is
    allowed, ``signed``: a leading sign is read, ``least``: the smallest allowed, in pt);
    fails (exit 2) with one line."""
    from sheetgen.core.units import LengthError, parse_length

    raw = text.strip()
    if _ZERO.match(raw[1:] if signed and raw[:1] in ("+", "-") else raw):  # a bare 0 needs no unit
        if zero:
            return 0.0
        _fail(f"{option} {text}: must be more than zero")
    try:
        return parse_length(raw, zero=zero, signed=signed, least=least)
    except LengthError as exc:
        _fail(f"{option}: {exc}")


#: ``0,5mm``: one number before the comma, without unit or with a sign only, one unsigned
#: after it: a decimal comma or two lengths?
_AMBIGUOUS = re.compile(r"^\s*(?P<x>[+-]?\d+)\s*,\s*(?P<y>\d+)\s*(?P<unit>[a-z\"]*)\s*$", re.IGNORECASE)


def back_offset_option(text: str) -> tuple[float, float]:
    """``--back-offset X,Y`` in pt: two lengths, the comma between them. A length takes a
    decimal point, never a comma (as everywhere), so a text that reads both as one length
    with a decimal comma and as two lengths (``0,5mm``: 0.5 mm, or 0 and 5 mm?) is refused
    with both spellings; ``0,0`` (no shift, either way) is read."""
    ambiguous = _AMBIGUOUS.match(text)
    if ambiguous and not (_ZERO.match(ambiguous["x"].lstrip("+-")) and _ZERO.match(ambiguous["y"])):
        x, y, unit = ambiguous["x"], ambiguous["y"], ambiguous["unit"] or "mm"
        _fail(
            f"--back-offset {text!r} is ambiguous: write {x}{unit},{y}{unit} for two lengths, or "
            f"{x}.{y}{unit},0{unit} for one with a decimal point"
        )
    parts = text.split(",")
    if len(parts) != 2:
        _fail(
            f"--back-offset {text!r}: write X,Y with decimal points, e.g. 0.5mm,-1mm "
            "(right and down as the back is seen)"
        )
    dx = length_option("--back-offset", parts[0], zero=True, signed=True)
    dy = length_option("--back-offset", parts[1], zero=True, signed=True)
    if max(abs(dx), abs(dy)) > MAX_BACK_OFFSET + 1e-9:
        _fail(f"--back-offset {text}: at most 1/4 in (6.35 mm) each way")
    return dx, dy


@app.command(short_help=short_help("counters"))
def counters(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Design or fleet files or folders (a fleet's count gives how many ships).",
            parser=given_path,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="File to write: .pdf, or .svg for one file per page (NAME-1.svg ...); "
            "a folder for --format png (one image per face). Default counters.pdf (.svg; "
            "counters/ for png), never replacing a file.",
            parser=given_path,
        ),
    ] = None,
    scenario: Annotated[
        Path | None,
        typer.Option(
            help="Scenario file: counters for every ship of every side, in the sides' colours.",
            parser=given_path,
        ),
    ] = None,
    size: Annotated[
        str | None,
        typer.Option(
            help="Counter edge, exact on paper: 1/2in, 5/8in, 3/4in, 1in or any length (default: for a "
            "scenario, its counter_size or the largest that fits its map's hex, as the kit; else 5/8in)."
        ),
    ] = None,
    paper: Annotated[Paper, typer.Option(help="Paper size (portrait).", case_sensitive=False)] = Paper.letter,
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
    bleed: Annotated[str, BLEED_HELP] = "2mm",
    gutter: Annotated[str | None, GUTTER_HELP] = None,
    cut: Annotated[CutMarks, CUT_HELP] = CutMarks.lines,
    copies: Annotated[int, typer.Option(help="Counters per ship (at most 100).")] = 1,
    markers: Annotated[
        str | None, typer.Option(help="Add a game's marker counters (a game id).", metavar="GAME")
    ] = None,
    fill: Annotated[
        bool,
        typer.Option(
            "--fill/--no-fill",
            help="Fill every spare cell of the sheets with more of the --markers game's markers "
            "the ships can use (as a kit does; --no-fill: leave them blank).",
        ),
    ] = False,
    fmt: Annotated[
        CounterFormat | None,
        typer.Option("--format", help="pdf, svg or png; by default the output file's suffix."),
    ] = None,
    dpi: Annotated[
        str | None,
        typer.Option("--dpi", metavar="N", help="Resolution of --format png images (default 150)."),
    ] = None,
    press: Press = False,
    pdfx: PressStandard = None,
) -> None:
    """Print die-cut counters, fronts and backs, for every ship and the game's markers.

    Fronts carry the name, a facing arrow and key numbers in the side's colour;
    backs the reduced state, mirrored so each lands behind its front.

    Exit 0 when written, 1 when written but a design is illegal, 2 when input
    cannot be used (nothing is written then).
    """
    from sheetgen.core.output import check_writable
    from sheetgen.games import UnknownGame, find_game
    from sheetgen.layout.counters import MAX_COPIES, CounterError, SheetSpec, layout_sheets
    from sheetgen.render.counters import counter_files, gather_counters

    if output is None:
        output = _output_or_default(
            None, "counters" if fmt is CounterFormat.png else f"counters.{fmt or 'pdf'}"
        )
    png_dpi = None
    if fmt is CounterFormat.png or (fmt is None and output.is_dir()):
        from sheetgen.cli.images import dpi_option, png_folder

        png_dpi = dpi_option(dpi)
        png_folder(output)
    else:
        if dpi is not None:
            _fail("--dpi is for --format png")
        fmt = _format(output, fmt)
        try:
            check_writable(output)
        except OutputError as exc:
            _fail(str(exc))
    edge = None if size is None else length_option("--size", size, least=MIN_COUNTER)
    bleed_pt = length_option("--bleed", bleed, zero=True)
    standard = press_standard(press, pdfx)
    if standard:
        bleed, cut = press_cutting(bleed, cut, fmt is CounterFormat.pdf)
        bleed_pt = length_option("--bleed", bleed, zero=True)
    gutter_pt = None if gutter is None else length_option("--gutter", gutter, zero=True)
    offset = back_offset_option(back_offset)
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
    if fill and marker_game is None:
        _fail("--fill takes its markers from --markers GAME: give it too")
    if fill and png_dpi is not None:
        _fail("--fill is for sheets (pdf, svg), not --format png")
    if not paths and scenario is None and marker_game is None:
        _fail("nothing to print: give design files, --scenario FILE or --markers GAME")

    found = gather_counters(
        paths or [], [scenario] if scenario is not None else [], copies=copies, markers=marker_game
    )
    _print_located(found.located, err=True)
    if found.exit_code == 2:
        raise typer.Exit(2)
    if found.error is not None:
        _fail(found.error)
    items, ships = found.counters, found.ships
    if edge is None:  # the kit's size for a lone scenario (fits its hexes), else 5/8 in
        from sheetgen.layout.counters import DEFAULT_SIZE, kit_counter_size

        edge = DEFAULT_SIZE
        if found.scenario is not None:
            edge, notes = kit_counter_size(found.scenario, paper.value)
            _warn(f"{found.scenario.path}: {note}" for note in notes)
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
        cut=cut,
    )
    if png_dpi is not None:
        from sheetgen.cli.images import write_face_pngs

        write_face_pngs(items, edge, png_dpi, output, found.title)
        raise typer.Exit(found.exit_code)
    filler = None
    if fill and marker_game is not None:
        from sheetgen.layout.counters import marker_fill

        game, owners, needs = marker_game, found.sides, found.needs

        def filler(cells: int) -> list[Counter]:  # more of the markers the ships use, for the spare cells
            return marker_fill(game, owners, cells, needs)

    try:
        sheets = layout_sheets(items, spec, title=found.title, fill=filler)
    except CounterError as exc:
        _fail(str(exc))
    _warn(sheets.warnings)
    placed = len(sheets.placements)  # with the markers --fill added
    assert fmt is not None  # set above unless the images were written
    files = counter_files(sheets.drawing, output, fmt.value)
    if standard:
        from sheetgen.render.counters import die_lines

        files = pressed(files, sheets.drawing.title or "Counters", die_lines(sheets, edge), standard)
    _write_files(files)
    pages = len(sheets.drawing.pages)
    what = f"{ships} ship counter{'s' if ships != 1 else ''}"
    if placed > ships:
        what += f", {placed - ships} marker{'s' if placed - ships != 1 else ''}"
    where = ", ".join(str(t) for t, _ in files) if len(files) <= 2 else f"{files[0][0]} … {files[-1][0]}"
    _err(f"wrote {where} ({what}; {pages} page{'s' if pages != 1 else ''}, duplex {duplex.value})")
    raise typer.Exit(found.exit_code)


def press_cutting(bleed: str, cut: CutMarks, pdf: bool) -> tuple[str, CutMarks]:
    """``--bleed`` and ``--cut`` for ``--press`` (``pdf``: the output is a PDF, else exit 2):
    the bleed at least 1/8 in, as print shops ask, and crop marks in the margins, the die
    lines going in the CutContour spot colour instead of cut lines over the art."""
    if not pdf:
        _fail("--press writes PDF: give -o FILE.pdf")
    if length_option("--bleed", bleed, zero=True) < 9.0:
        bleed = "1/8in"
    return bleed, CutMarks.crop


def _format(output: Path, fmt: CounterFormat | None) -> CounterFormat:
    """The format ``output``'s name sets (see :func:`sheetgen.cli.app._format_for`)."""
    return CounterFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "svg")))
