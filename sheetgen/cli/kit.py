"""The ``kit`` verb: a scenario's whole game kit."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import Jobs, Paper, _err, _fail, _jobs, _print_located, app


@app.command(short_help="Write a scenario's whole game kit into a folder.")
def kit(
    scenario: Annotated[
        Path | None, typer.Argument(help="Scenario file; the bundled default without it.")
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Folder to write (default output/<scenario>/; with --all, one folder per scenario inside it).",
        ),
    ] = None,
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    single: Annotated[
        bool,
        typer.Option("--single", help="Also write the whole kit as one kit.pdf with a bookmark per part."),
    ] = False,
    every: Annotated[bool, typer.Option("--all", help="Build every bundled scenario.")] = False,
    jobs: Jobs = None,
) -> None:
    """Write a scenario's game kit: briefing, record sheets, counters, map, reference card."""
    from sheetgen.kit import bundled_scenarios, default_scenario

    if every and scenario is not None:
        _fail("give a scenario or --all, not both")
    paths = bundled_scenarios() if every else [scenario if scenario is not None else default_scenario()]
    code = 0
    for path in paths:
        code = max(code, _one_kit(path, output, paper.value, single, nested=every, jobs=_jobs(jobs)))
    raise typer.Exit(code)


def _one_kit(
    path: Path, output: Path | None, paper: str, single: bool, *, nested: bool = False, jobs: int = 1
) -> int:
    """Build one scenario's kit; returns its exit status (errors already printed).
    ``nested``: write into ``<output or output/>/<scenario name>/`` (for ``--all``)."""
    from sheetgen.kit import KitError, build_kit
    from sheetgen.scenarios.scenario import load_scenario, slug

    loaded, result = load_scenario(path)
    if result.input_errors or loaded is None:
        _print_located(result.input_errors, err=True)
        return 2
    errors = [loc for loc in loaded.located if loc.finding.is_error]
    if errors:
        _print_located(errors, err=True)
        _err(
            f"sheetgen: error: {path}: scenario has errors; fix them (sheetgen validate {path} lists them all)"
        )
        return 1
    if nested:
        output = (output or Path("output")) / slug(loaded.name)
    try:
        if sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, Progress, TextColumn

            with Progress(
                TextColumn(f"{loaded.name}: {{task.description:<16}}"),
                BarColumn(),
                console=Console(stderr=True),
                transient=True,
            ) as bar:
                task = bar.add_task("starting", total=1)

                def step(title: str, done: int, total: int) -> None:
                    bar.update(task, description=title.lower(), completed=done, total=total)

                made = build_kit(loaded, output, paper=paper, single=single, progress=step, jobs=jobs)
        else:
            made = build_kit(loaded, output, paper=paper, single=single, jobs=jobs)
    except KitError as exc:
        _warn(exc.name_warnings, exc.warnings)
        _err(f"sheetgen: error: {exc}")
        return 2
    _warn(made.name_warnings, made.warnings)
    _err(f"kit for '{loaded.name}' ({len(loaded.ships)} ships):")
    for f in made.files:
        _err(f"  {f}")
    return 0


def _warn(names: list[str], warnings: list[str]) -> None:
    """The kit's warnings on standard error: names the fonts cannot print, then the parts'."""
    for line in names:
        _err(f"sheetgen kit: warning: {line}")
    for line in warnings:
        _err(f"sheetgen: warning: {line}")
