"""The ``kit`` verb: a scenario's whole game kit."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import Jobs, Paper, _err, _fail, _jobs, _print_located, app, given_path, short_help

if TYPE_CHECKING:
    from sheetgen.core.source import Located
    from sheetgen.kit import Kit, KitError
    from sheetgen.scenarios.scenario import Scenario


@app.command(short_help=short_help("kit"))
def kit(
    scenario: Annotated[
        Path | None,
        typer.Argument(
            help="Scenario file, or a bundled scenario's name (convoy-raid); the bundled default without it.",
            parser=given_path,
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Folder to write (default output/<scenario>/; with --all, one folder per scenario inside it).",
            parser=given_path,
        ),
    ] = None,
    paper: Annotated[Paper, typer.Option(help="Paper size.", case_sensitive=False)] = Paper.letter,
    single: Annotated[
        bool,
        typer.Option("--single", help="Also write the whole kit as one kit.pdf with a bookmark per part."),
    ] = False,
    every: Annotated[bool, typer.Option("--all", help="Build every bundled scenario.")] = False,
    jobs: Jobs = None,
    vassal: Annotated[
        bool, typer.Option("--vassal", help="Also write the scenario's VASSAL module (<scenario>.vmod).")
    ] = False,
) -> None:
    """Write a scenario's game kit: briefing, record sheets, counters, map, reference card."""
    from sheetgen.kit import bundled_scenarios, default_scenario

    if every and scenario is not None:
        _fail("give a scenario or --all, not both")
    if every:
        paths = bundled_scenarios()
    else:
        paths = [_scenario_path(scenario) if scenario is not None else default_scenario()]
    raise typer.Exit(_kits(paths, output, paper.value, single, nested=every, jobs=_jobs(jobs), vassal=vassal))


def _scenario_path(given: Path) -> Path:
    """``given`` when it is a file (or names a folder or file that exists); else the bundled
    scenario of that name (``convoy-raid`` or ``convoy-raid.yaml``); else exit 2 with
    one line listing the bundled names."""
    from sheetgen.kit import bundled_scenarios

    if given.exists():
        return given
    bundled = bundled_scenarios()
    wanted = given.name.lower().removesuffix(".yaml").removesuffix(".yml")
    if given.name == str(given):  # a bare name, no folder: look it up among the bundled ones
        for path in bundled:
            if path.stem.lower() == wanted:
                return path
    names = ", ".join(sorted({p.stem for p in bundled}))
    _fail(f"{given}: no such scenario file, nor a bundled scenario of that name; bundled: {names}")


def _kits(
    paths: list[Path],
    output: Path | None,
    paper: str,
    single: bool,
    *,
    nested: bool,
    jobs: int,
    vassal: bool = False,
) -> int:
    """Load every scenario, build the kits of those that load without errors together
    (:func:`~sheetgen.kit.build_kits`), and report each scenario in order: its errors,
    or its warnings and files. Returns the worst exit status. ``nested``: write into
    ``<output or output/>/<scenario name>/`` (for ``--all``). ``vassal``: each kit holds
    its VASSAL module too (:func:`sheetgen.kit.vassal_module_of`)."""
    from sheetgen.core.output import OutputError, check_folder
    from sheetgen.scenarios.scenario import every_error, load_scenario, slug

    if nested:  # one folder holds every kit: a folder it cannot be is said once, not once a kit
        try:
            check_folder(output or Path("output"))
        except OutputError as exc:
            _fail(str(exc))
    # per path, in order: ("input", errors) exit 2, ("rules", errors) exit 1, or ("kit", []) to build
    loads: list[tuple[Path, str, list[Located], Scenario | None]] = []
    ready: list[tuple[Scenario, Path | None]] = []
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
        loads.append((path, "kit", [], loaded))
        ready.append((loaded, (output or Path("output")) / slug(loaded.name) if nested else output))
    made = iter(_build(ready, paper, single, jobs, vassal) if ready else [])
    code = 0
    for path, kind, errors, scenario in loads:
        if scenario is not None:
            code = max(code, _report(next(made), scenario))
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


def _build(
    ready: list[tuple[Scenario, Path | None]], paper: str, single: bool, jobs: int, vassal: bool
) -> list[Kit | KitError]:
    """The kits, with a progress bar on a terminal (``vassal``: their briefings list the module)."""
    from sheetgen.kit import build_kits

    if not sys.stderr.isatty():
        return build_kits(ready, paper=paper, single=single, jobs=jobs, vassal=vassal)
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

        return build_kits(ready, paper=paper, single=single, progress=step, jobs=jobs, vassal=vassal)


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
