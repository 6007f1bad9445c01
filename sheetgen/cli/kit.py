"""The ``kit`` verb: a scenario's whole game kit."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import (
    FolderForce,
    Jobs,
    Paper,
    _err,
    _fail,
    _jobs,
    _print_located,
    app,
    bundled_named,
    given_path,
    short_help,
)
from sheetgen.cli.counters import BLEED_HELP, CUT_HELP, GUTTER_HELP, press_cutting
from sheetgen.cli.press import Press, PressStandard, press_standard
from sheetgen.core.findings import quoted
from sheetgen.core.units import MIN_COUNTER
from sheetgen.layout.counters import CutMarks, Duplex

if TYPE_CHECKING:
    from sheetgen.core import units
    from sheetgen.core.source import Located
    from sheetgen.kit import CounterOptions, Kit, KitError
    from sheetgen.scenarios.scenario import Scenario


_Scenario = Annotated[
    Path | None,
    typer.Argument(
        help="Scenario file, or a bundled scenario's name (convoy-raid); the bundled default without it.",
        parser=given_path,
    ),
]
_Output = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Folder to write (default output/<scenario>/; with --all, one folder per scenario inside it).",
        parser=given_path,
    ),
]
_Paper = Annotated[Paper, typer.Option(help="Paper size.", case_sensitive=False)]
_Single = Annotated[
    bool,
    typer.Option("--single", help="Also write the whole kit as one kit.pdf with a bookmark per part."),
]
_Every = Annotated[bool, typer.Option("--all", help="Build every bundled scenario.")]
_Vassal = Annotated[
    bool, typer.Option("--vassal", help="Also write the scenario's VASSAL module (<scenario>.vmod).")
]
_Size = Annotated[
    str | None,
    typer.Option(
        help="Counter edge, exact on paper: 1/2in, 5/8in, 3/4in, 1in or any length "
        "(default: the scenario's counter_size, else the largest that fits the map's hex)."
    ),
]
_Duplex = Annotated[
    Duplex,
    typer.Option(
        help="Counters two-sided, flipped on the long or short edge; none: one-sided, fold and glue."
    ),
]
_BackOffset = Annotated[
    str,
    typer.Option(
        help="Shift the counter backs by X,Y (right, down as the back is seen) to undo a printer's "
        "misregistration."
    ),
]
_Fill = Annotated[
    bool,
    typer.Option(
        "--fill/--no-fill",
        help="Fill the counter sheets' spare cells with more of the markers the ships can use "
        "(--no-fill: leave them blank).",
    ),
]
_Bleed = Annotated[str, BLEED_HELP]
_Gutter = Annotated[str | None, GUTTER_HELP]
_Cut = Annotated[CutMarks, CUT_HELP]
_MapPaper = Annotated[
    str | None,
    typer.Option(
        "--map-paper",
        metavar="PAPER",
        help="Paper the map is tiled on: letter, a4, a3, legal or tabloid (default: --paper).",
    ),
]


@app.command(short_help=short_help("kit"))
def kit(
    scenario: _Scenario = None,
    output: _Output = None,
    paper: _Paper = Paper.letter,
    single: _Single = False,
    every: _Every = False,
    jobs: Jobs = None,
    vassal: _Vassal = False,
    size: _Size = None,
    duplex: _Duplex = Duplex.long,
    back_offset: _BackOffset = "0,0",
    fill: _Fill = True,
    bleed: _Bleed = "2mm",
    gutter: _Gutter = None,
    cut: _Cut = CutMarks.lines,
    press: Press = False,
    pdfx: PressStandard = None,
    map_paper: _MapPaper = None,
    force: FolderForce = False,
) -> None:
    """Write a scenario's game kit: briefing, record sheets, counters, map, reference card, quick card."""
    from sheetgen.kit import bundled_scenarios, default_scenario

    if every and scenario is not None:
        _fail("give a scenario or --all, not both")
    standard = press_standard(press, pdfx, "pdf")  # a kit's parts are PDFs
    if standard:
        bleed, cut = press_cutting(bleed, cut)
    counters = _counter_options(size, duplex, back_offset, fill, paper.key, (bleed, gutter, cut))
    if standard:
        from dataclasses import replace

        counters = replace(counters, press=True, standard=standard)
    tiled = _map_paper(map_paper)
    if every:
        paths = bundled_scenarios()
    else:
        paths = [_scenario_path(scenario) if scenario is not None else default_scenario()]
    raise typer.Exit(
        _kits(
            paths,
            output,
            paper.key,
            single,
            nested=every,
            jobs=_jobs(jobs),
            vassal=vassal,
            counters=counters,
            map_paper=tiled,
            force=force,
        )
    )


def _counter_options(
    size: str | None,
    duplex: Duplex,
    back_offset: str,
    fill: bool,
    paper: units.Paper,
    cutting: tuple[str, str | None, CutMarks] = ("2mm", None, CutMarks.lines),
) -> CounterOptions:
    """The kit's counter options, read and checked as ``sheetgen counters`` reads them,
    on ``paper``; ``cutting`` is (``--bleed``, ``--gutter``, ``--cut``) as given (exit 2
    with one line when they cannot be used)."""
    from sheetgen.cli.counters import back_offset_option, length_option
    from sheetgen.kit import CounterOptions
    from sheetgen.layout.counters import CounterError, SheetSpec, format_size
    from sheetgen.layout.counters.paper import sheet_grid

    bleed, gutter, cut = cutting
    edge = None if size is None else length_option("--size", size, least=MIN_COUNTER)
    offset = back_offset_option(back_offset)
    bleed_pt = length_option("--bleed", bleed, zero=True)
    gutter_pt = None if gutter is None else length_option("--gutter", gutter, zero=True)
    spec = SheetSpec(
        size=edge or 0.0,
        paper=paper,
        duplex=duplex,
        back_offset=offset,
        bleed=bleed_pt,
        gutter=gutter_pt,
        cut=cut,
    )
    if edge is not None:  # else the scenario gives the size: the kit checks it against the bleed
        try:
            sheet_grid(spec)
        except CounterError as exc:
            _fail(str(exc))
    elif spec.gap + 1e-9 < 2 * bleed_pt:
        _fail(
            f"a gutter of {format_size(spec.gap)} is too narrow for a bleed of {format_size(bleed_pt)}: "
            f"the gutter must be at least twice the bleed ({format_size(2 * bleed_pt)})"
        )
    if offset != (0.0, 0.0) and duplex is Duplex.none:
        _err("sheetgen: warning: --back-offset is for two-sided printing; fold-and-glue sheets ignore it")
    return CounterOptions(
        size=edge,
        duplex=duplex,
        back_offset=offset,
        fill=fill,
        bleed=bleed_pt,
        gutter=gutter_pt,
        cut=cut,
    )


def _map_paper(text: str | None) -> units.Paper | None:
    """``--map-paper``, a known paper (exit 2 with one line when not)."""
    from sheetgen.core.units import PAPERS, read_paper

    if text is None:
        return None
    try:
        return read_paper(text)
    except ValueError:
        _fail(f"--map-paper: unknown paper {quoted(text)}; choose one of {', '.join(PAPERS)}")


def _scenario_path(given: Path) -> Path:
    """``given`` when it is a file; else the bundled scenario of that name (``convoy-raid`` or
    ``convoy-raid.yaml``), even where a folder of that name is here (a kit written with
    ``-o convoy-raid``: a folder is no scenario); else ``given`` when it exists (a folder,
    said as one); else exit 2 with one line listing the bundled names."""
    from sheetgen.kit import bundled_scenarios

    if given.exists() and not given.is_dir():
        return given
    bundled = bundled_scenarios()
    found = bundled_named(given, bundled)  # a folder is no scenario: not even one of that name
    if found is not None:
        return found
    if given.exists():
        return given
    names = ", ".join(sorted({p.stem for p in bundled}))
    _fail(f"{given}: no such scenario file, nor a bundled scenario of that name; bundled: {names}")


def _kits(
    paths: list[Path],
    output: Path | None,
    paper: units.Paper,
    single: bool,
    *,
    nested: bool,
    jobs: int,
    vassal: bool = False,
    counters: CounterOptions | None = None,
    map_paper: units.Paper | None = None,
    force: bool = False,
) -> int:
    """Load every scenario, build the kits of those that load without errors together
    (:func:`~sheetgen.kit.build_kits`), and report each scenario in order: its errors,
    or its warnings and files. Returns the worst exit status. ``nested``: write into
    ``<output or output/>/<scenario name>/`` (for ``--all``). ``vassal``: each kit holds
    its VASSAL module too (:func:`sheetgen.kit.vassal_module_of`). ``force``: replace files
    of the kits' names that no kit wrote."""
    from sheetgen.core.output import OutputError, check_folder

    if nested:  # one folder holds every kit: a folder it cannot be is said once, not once a kit
        try:
            check_folder(output or Path("output"))
        except OutputError as exc:
            _fail(str(exc))
    loads, ready, links = _loaded(paths, output, nested)
    made = iter(_build(ready, paper, single, jobs, vassal, counters, map_paper, force) if ready else [])
    code = 0
    for path, kind, errors, scenario in loads:
        if scenario is not None:
            code = max(code, _report(next(made), scenario))
        elif kind == "link":
            from sheetgen.core.findings import shown_path

            _err(
                f"sheetgen: error: {shown_path(links[path])} is a symbolic link; each kit is written only"
                f" inside {shown_path(output or Path('output'))}: remove the link"
            )
            code = 2
        elif kind == "rules":
            _print_located(errors, err=True)
            _err(
                f"sheetgen: error: {path}: scenario has errors; fix them (sheetgen validate {path} lists them all)"
            )
            code = max(code, 1)
        else:
            _print_located(errors, err=True)
            code = 2
    return code


def _loaded(
    paths: list[Path], output: Path | None, nested: bool
) -> tuple[
    list[tuple[Path, str, list[Located], Scenario | None]],
    list[tuple[Scenario, Path | None]],
    dict[Path, Path],
]:
    """Every scenario of ``paths`` read, in order, as ``(path, kind, errors, scenario)``: kind
    ``input`` (exit 2), ``rules`` (exit 1), ``link`` (its kit's folder under ``output`` is a
    symbolic link) or ``kit`` (to build); the scenarios to build with their folders; and the
    folders that are links, by path."""
    from sheetgen.scenarios.scenario import every_error, load_scenario, slug

    loads: list[tuple[Path, str, list[Located], Scenario | None]] = []
    ready: list[tuple[Scenario, Path | None]] = []
    links: dict[Path, Path] = {}  # a kit's folder under the named one that is a symbolic link
    for path in paths:
        loaded, result = load_scenario(path)
        if result.input_errors or loaded is None:
            # with the rule errors the input errors leave readable: every problem at once
            loads.append((path, "input", every_error(loaded, result), None))
            continue
        errors = [loc for loc in loaded.located if loc.finding.is_error]
        if errors:
            loads.append((path, "rules", errors, None))
            continue
        folder = (output or Path("output")) / slug(loaded.name) if nested else output
        if nested and folder is not None and folder.is_symlink():  # it would write outside the folder
            links[path] = folder
            loads.append((path, "link", [], None))
            continue
        loads.append((path, "kit", [], loaded))
        ready.append((loaded, folder))
    return loads, ready, links


def _build(
    ready: list[tuple[Scenario, Path | None]],
    paper: units.Paper,
    single: bool,
    jobs: int,
    vassal: bool,
    counters: CounterOptions | None = None,
    map_paper: units.Paper | None = None,
    force: bool = False,
) -> list[Kit | KitError]:
    """The kits, with a progress bar on a terminal (``vassal``: their briefings list the module)."""
    from sheetgen.kit import build_kits

    if not sys.stderr.isatty():
        return build_kits(
            ready,
            paper=paper,
            single=single,
            jobs=jobs,
            vassal=vassal,
            counters=counters,
            map_paper=map_paper,
            force=force,
        )
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn

    label = ready[0][0].name if len(ready) == 1 else f"{len(ready)} kits"
    with Progress(
        TextColumn(f"{label}: {{task.description:<24}}"),
        BarColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("starting", total=1)

        def step(title: str, done: int, total: int) -> None:
            bar.update(task, description=title.lower(), completed=done, total=total)

        return build_kits(
            ready,
            paper=paper,
            single=single,
            progress=step,
            jobs=jobs,
            vassal=vassal,
            counters=counters,
            map_paper=map_paper,
            force=force,
        )


def _report(made: Kit | KitError, scenario: Scenario) -> int:
    """One kit's lines on standard error: its warnings, then its files or its error."""
    from sheetgen.kit import KitError

    if isinstance(made, KitError):
        _warn(made.name_warnings, made.warnings)
        _err(f"sheetgen: error: {made}")
        return 2
    _warn(made.name_warnings, made.warnings)
    _err(f"kit for '{scenario.name}' ({len(scenario.ships)} ships):")
    for f in made.files:
        _err(f"  {f}")
    return 0


def _warn(names: list[str], warnings: list[str]) -> None:
    """The kit's warnings on standard error: names the fonts cannot print, then the parts'."""
    for line in names:
        _err(f"sheetgen kit: warning: {line}")
    for line in warnings:
        _err(f"sheetgen: warning: {line}")
