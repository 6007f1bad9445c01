"""``sheetgen counters``: die-cut counter sheets, fronts and backs, as PDF or SVG.

A thin verb over :mod:`sheetgen.render.counters` (gathering counters, writing
PDF or SVG) and :mod:`sheetgen.layout.counters` (laying out sheets). Every option is read and checked, and the sheets laid out and
rendered in memory, before anything is written: bad input is one line on
standard error, exit status 2, and no file touched.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import (
    FolderForce,
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
    named_scenarios,
    short_help,
)
from sheetgen.cli.press import Press, PressStandard, press_standard, pressed
from sheetgen.core.findings import quoted
from sheetgen.core.output import OutputError
from sheetgen.core.units import MIN_COUNTER
from sheetgen.layout.counters import CutMarks, Duplex

if TYPE_CHECKING:
    from sheetgen.core import units
    from sheetgen.draw import PageFormat
    from sheetgen.games.base import AnyGame
    from sheetgen.layout.counters import Counter, SheetSpec
    from sheetgen.render.counters import CounterSet

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
            f"--back-offset {quoted(text)} is ambiguous: write {x}{unit},{y}{unit} for two lengths, or "
            f"{x}.{y}{unit},0{unit} for one with a decimal point"
        )
    parts = text.split(",")
    if len(parts) == 1:  # one length, or none: the comma between two is missing
        given = "no length" if not text.strip() else "one length"
        _fail(
            f"--back-offset {quoted(text)} gives {given}: write two, X,Y, e.g. 0.5mm,-1mm "
            "(right and down as the back is seen)"
        )
    if len(parts) > 2:  # more commas: a decimal comma in a length, or a third value
        _fail(
            f"--back-offset {quoted(text)} gives {len(parts)} values: write X,Y with decimal points and units, "
            "e.g. 0.5mm,-1mm (right and down as the back is seen)"
        )
    dx = length_option("--back-offset", parts[0], zero=True, signed=True)
    dy = length_option("--back-offset", parts[1], zero=True, signed=True)
    if max(abs(dx), abs(dy)) > MAX_BACK_OFFSET + 1e-9:
        _fail(f"--back-offset {text}: at most 1/4 in (6.35 mm) each way")
    return dx, dy


_Paths = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Design or fleet files or folders (a fleet's count gives how many ships).",
        parser=given_path,
    ),
]
_Output = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="File to write: .pdf, or .svg for one file per page (NAME-1.svg ...); "
        "a folder for --format png (one image per face). Default counters.pdf (.svg; "
        "counters/ for png), never replacing a file.",
        parser=given_path,
    ),
]
_Scenario = Annotated[
    Path | None,
    typer.Option(
        help="Scenario file: counters for every ship of every side, in the sides' colours.",
        parser=given_path,
    ),
]
_Size = Annotated[
    str | None,
    typer.Option(
        help="Counter edge, exact on paper: 1/2in, 5/8in, 3/4in, 1in or any length (default: for a "
        "scenario, its counter_size or the largest that fits its map's hex, as the kit; else 5/8in)."
    ),
]
_Paper = Annotated[Paper, typer.Option(help="Paper size (portrait).", case_sensitive=False)]
_Duplex = Annotated[
    Duplex,
    typer.Option(
        help="Two-sided printing flipped on the long or short edge; none: one-sided, fold and glue."
    ),
]
_BackOffset = Annotated[
    str,
    typer.Option(
        help="Shift the backs by X,Y (right, down as the back is seen) to undo a printer's misregistration."
    ),
]
_Bleed = Annotated[str, BLEED_HELP]
_Gutter = Annotated[str | None, GUTTER_HELP]
_Cut = Annotated[CutMarks, CUT_HELP]
_Copies = Annotated[int, typer.Option(help="Counters per ship (at most 100).")]
_Markers = Annotated[
    str | None, typer.Option(help="Add a game's marker counters (a game id).", metavar="GAME")
]
_Fill = Annotated[
    bool,
    typer.Option(
        "--fill/--no-fill",
        help="Fill every spare cell of the sheets with more of the --markers game's markers "
        "the ships can use (as a kit does; --no-fill: leave them blank).",
    ),
]
_Fmt = Annotated[
    CounterFormat | None,
    typer.Option("--format", help="pdf, svg or png; by default the output file's suffix."),
]
_Dpi = Annotated[
    str | None,
    typer.Option("--dpi", metavar="N", help="Resolution of --format png images (default 150)."),
]


@app.command(short_help=short_help("counters"))
def counters(
    paths: _Paths = None,
    output: _Output = None,
    scenario: _Scenario = None,
    size: _Size = None,
    paper: _Paper = Paper.letter,
    duplex: _Duplex = Duplex.long,
    back_offset: _BackOffset = "0,0",
    bleed: _Bleed = "2mm",
    gutter: _Gutter = None,
    cut: _Cut = CutMarks.lines,
    copies: _Copies = 1,
    markers: _Markers = None,
    fill: _Fill = False,
    fmt: _Fmt = None,
    dpi: _Dpi = None,
    press: Press = False,
    pdfx: PressStandard = None,
    force: FolderForce = False,
) -> None:
    """Print die-cut counters, fronts and backs, for every ship and the game's markers.

    Fronts carry the name, a facing arrow and key numbers in the side's colour;
    backs the reduced state, mirrored so each lands behind its front.

    Exit 0 when written, 1 when written but a design is illegal, 2 when input
    cannot be used (nothing is written then).
    """
    output, fmt, png_dpi, standard = _output_format(output, fmt, dpi, (press, pdfx))
    edge = None if size is None else length_option("--size", size, least=MIN_COUNTER)
    bleed_pt = length_option("--bleed", bleed, zero=True)
    if standard:
        bleed, cut = press_cutting(bleed, cut)
        bleed_pt = length_option("--bleed", bleed, zero=True)
    gutter_pt = None if gutter is None else length_option("--gutter", gutter, zero=True)
    offset = back_offset_option(back_offset)
    marker_game = _markers(markers, copies, fill, png_dpi is not None, bool(paths) or scenario is not None)
    found, edge = _gathered(paths, scenario, copies, marker_game, edge, paper.key)
    if offset != (0.0, 0.0) and duplex is Duplex.none:
        _err("sheetgen: warning: --back-offset is for two-sided printing; fold-and-glue sheets ignore it")
    if png_dpi is not None:
        from sheetgen.cli.images import write_face_pngs

        write_face_pngs(found.counters, edge, png_dpi, output, found.title, force=force)
        raise typer.Exit(found.exit_code)
    from sheetgen.layout.counters import SheetSpec

    spec = SheetSpec(
        size=edge,
        paper=paper.key,
        duplex=duplex,
        back_offset=offset,
        bleed=bleed_pt,
        gutter=gutter_pt,
        cut=cut,
    )
    filler = _filler(marker_game, found) if fill and marker_game is not None else None
    _write_sheets(found, spec, filler, output, "svg" if fmt is CounterFormat.svg else "pdf", standard)
    raise typer.Exit(found.exit_code)


def _write_sheets(
    found: CounterSet,
    spec: SheetSpec,
    filler: Callable[[int], list[Counter]] | None,
    output: Path,
    fmt: PageFormat,
    standard: str | None,
) -> None:
    """Lay ``found`` out on sheets as ``spec`` says, write them as ``fmt`` (``standard``: a press
    file), and say what was written; fails (exit 2) on a layout that cannot be made."""
    from sheetgen.layout.counters import CounterError, layout_counter_sheets
    from sheetgen.render.counters import counter_files

    try:
        sheets = layout_counter_sheets(found.counters, spec, title=found.title, fill=filler)
    except CounterError as exc:
        _fail(str(exc))
    _warn(sheets.warnings)
    files = counter_files(sheets.drawing, output, fmt)
    if standard:
        from sheetgen.render.counters import die_lines

        files = pressed(files, sheets.drawing.title or "Counters", die_lines(sheets, spec.size), standard)
    _write_files(files)
    pages = len(sheets.drawing.pages)
    _err(f"wrote {_written(files, found.ships, len(sheets.placements), pages, spec.duplex)}")


def _output_format(
    output: Path | None, fmt: CounterFormat | None, dpi: str | None, press: tuple[bool, str | None]
) -> tuple[Path, CounterFormat | None, int | None, str | None]:
    """``-o`` (or its default), its format (``None`` for PNG images), the PNG resolution
    (``None`` for sheets) and the press file's PDF/X standard (``press``: ``--press`` and
    ``--press-standard``, :func:`sheetgen.cli.press.press_standard`; ``None`` for none);
    fails (exit 2) on options that do not go together, or a file that cannot be written,
    before any work."""
    from sheetgen.core.output import check_writable

    if output is None:
        output = _output_or_default(
            None, "counters" if fmt is CounterFormat.png else f"counters.{fmt or 'pdf'}"
        )
    if fmt is CounterFormat.png or (fmt is None and output.is_dir()):
        from sheetgen.cli.images import dpi_option, png_folder

        standard = press_standard(*press, "png")
        png_dpi = dpi_option(dpi)
        png_folder(output)
        return output, fmt, png_dpi, standard
    if dpi is not None:
        _fail("--dpi is for --format png")
    fmt = _format(output, fmt)
    standard = press_standard(*press, fmt.value)
    try:
        check_writable(output)
    except OutputError as exc:
        _fail(str(exc))
    return output, fmt, None, standard


def _markers(markers: str | None, copies: int, fill: bool, images: bool, ships: bool) -> AnyGame | None:
    """``--copies`` checked, and the game of ``--markers`` (``None`` without it); fails (exit 2)
    on an unknown game, a game without markers, ``--fill`` without markers or for ``images``,
    and on nothing to print (no ``ships`` given, no markers)."""
    from sheetgen.games import UnknownGame, find_game
    from sheetgen.layout.counters import MAX_COPIES

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

            _fail(f"--markers: unknown marker set {quoted(markers)}; known: {', '.join(GAMES)}")
        if not marker_game.markers():
            _fail(f"--markers: {marker_game.id} has no marker counters")
    if fill and marker_game is None:
        _fail("--fill takes its markers from --markers GAME: give it too")
    if fill and images:
        _fail("--fill is for sheets (pdf, svg), not --format png")
    if not ships and marker_game is None:
        _fail("nothing to print: give design files, --scenario FILE or --markers GAME")
    return marker_game


def _gathered(
    paths: list[Path] | None,
    scenario: Path | None,
    copies: int,
    markers: AnyGame | None,
    edge: float | None,
    paper: units.Paper,
) -> tuple[CounterSet, float]:
    """The counters to print (their findings printed; exit 2 when input cannot be used) and
    their edge: ``edge`` (``--size``) when given, else the kit's size for a lone scenario
    (one that fits its hexes), else 5/8 in."""
    from sheetgen.render.counters import gather_counters

    found = gather_counters(
        named_scenarios(paths or []),
        named_scenarios([scenario]) if scenario is not None else [],
        copies=copies,
        markers=markers,
    )
    _print_located(found.located, err=True)
    if found.exit_code == 2:
        raise typer.Exit(2)
    if found.error is not None:
        _fail(found.error)
    if edge is None:
        from sheetgen.layout.counters import DEFAULT_SIZE, kit_counter_size

        edge = DEFAULT_SIZE
        if found.scenario is not None:
            edge, notes = kit_counter_size(found.scenario, paper)
            _warn(f"{found.scenario.path}: {note}" for note in notes)
    if not found.counters:
        _fail("no counters to print: the files hold no designs")
    return found, edge


def _filler(game: AnyGame, found: CounterSet) -> Callable[[int], list[Counter]]:
    """What fills a sheet's spare cells: more of ``game``'s markers the ships use (``--fill``)."""
    from sheetgen.layout.counters import marker_fill

    owners, needs = found.sides, found.needs
    return lambda cells: marker_fill(game, owners, cells, needs)


def _written(files: list[tuple[Path, bytes]], ships: int, placed: int, pages: int, duplex: Duplex) -> str:
    """What was written, as the closing line says it: the files, the ship counters and the
    markers (those ``--fill`` added too), the pages and the duplex mode."""
    what = f"{ships} ship counter{'s' if ships != 1 else ''}"
    if placed > ships:
        what += f", {placed - ships} marker{'s' if placed - ships != 1 else ''}"
    where = ", ".join(str(t) for t, _ in files) if len(files) <= 2 else f"{files[0][0]} … {files[-1][0]}"
    return f"{where} ({what}; {pages} page{'s' if pages != 1 else ''}, duplex {duplex.value})"


def press_cutting(bleed: str, cut: CutMarks) -> tuple[str, CutMarks]:
    """``--bleed`` and ``--cut`` for ``--press`` (the output a PDF: :func:`sheetgen.cli.press.press_standard`):
    the bleed at least 1/8 in, as print shops ask, and crop marks in the margins, the die
    lines going in the CutContour spot colour instead of cut lines over the art."""
    if length_option("--bleed", bleed, zero=True) < 9.0:
        bleed = "1/8in"
    return bleed, CutMarks.crop


def _format(output: Path, fmt: CounterFormat | None) -> CounterFormat:
    """The format ``output``'s name sets (see :func:`sheetgen.cli.app._format_for`)."""
    return CounterFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "svg")))
