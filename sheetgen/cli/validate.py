"""``sheetgen validate``: check designs against their game's construction rules.

A module of its own, so running it imports no other verb (:data:`sheetgen.cli.app.VERB_TABLE`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import (
    _add_scenarios,
    _err,
    _print_located,
    app,
    given_path,
    named_scenarios,
    short_help,
)
from sheetgen.core.findings import Severity
from sheetgen.core.source import Located, reading_order
from sheetgen.scenarios.loading import load_designs

__all__ = ["ONCE_PER_RUN", "validate"]


@app.command(short_help=short_help("validate"))
def validate(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Design files or folders (searched for *.yaml).", parser=given_path),
    ],
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print errors only, no warnings or notes.")
    ] = False,
) -> None:
    """Check designs against their game's construction rules; print every finding.

    Exit 0 when every design is legal (warnings allowed), 1 when any is
    illegal, 2 when input cannot be read.
    """
    result = load_designs(named_scenarios(paths))
    scenarios = _add_scenarios(result)
    lines: list[Located] = [*result.input_errors, *result.partial]
    scenario_errors = 0
    for scenario, entries in scenarios:
        lines.extend(scenario.located)
        design_lines = {loc for e in entries for loc in e.located}
        scenario_errors += sum(
            1 for loc in scenario.located if loc.finding.is_error and loc not in design_lines
        )
    for entry in result.entries:
        lines.extend(entry.located)
    lines, once = _once_per_run(list(dict.fromkeys(reading_order(lines))))
    _print_located(lines, min_severity=Severity.ERROR if quiet else Severity.NOTE)
    if not quiet:
        for line in once:
            typer.echo(line)
    legal = sum(1 for e in result.entries if e.legal)
    illegal = len(result.entries) - legal
    summary = f"{len(result.entries)} design{'s' if len(result.entries) != 1 else ''}: {legal} legal, {illegal} illegal"
    if result.scenarios:
        summary += f" (with {len(result.scenarios)} scenario{'s' if len(result.scenarios) != 1 else ''})"
    if scenario_errors:
        summary += f"; {scenario_errors} scenario error{'s' if scenario_errors != 1 else ''}"
    if result.input_errors:
        summary += f"; {len(result.input_errors)} input error{'s' if len(result.input_errors) != 1 else ''}"
    _err(summary)
    raise typer.Exit(
        max(result.exit_code, 1) if scenario_errors and result.exit_code == 0 else result.exit_code
    )


#: Notes that most designs get, by (rule, start of message): said once per run, with a count,
#: when more than one design gets them, so the other findings stand out.
ONCE_PER_RUN = {
    ("SF-9", "no munitions stated for "): (
        "their record sheets print blank munition boxes to fill in; state them as munitions: {R: 10}"
    ),
}


def _once_per_run(lines: list[Located]) -> tuple[list[Located], list[str]]:
    """``lines`` without the :data:`ONCE_PER_RUN` notes that more than one design got, and
    one summary line for each such note, ``note [SF-9] no munitions stated on 9 designs ...``."""
    summaries: list[str] = []
    for (rule, start), advice in ONCE_PER_RUN.items():
        found = [
            loc
            for loc in lines
            if loc.finding.rule == rule
            and loc.finding.severity is Severity.NOTE
            and loc.finding.message.startswith(start)
        ]
        designs = {(loc.source, loc.line) for loc in found}
        if len(designs) < 2:
            continue
        lines = [loc for loc in lines if loc not in found]
        what = sorted({loc.finding.message.removeprefix(start).partition(":")[0] for loc in found})
        summaries.append(
            f"sheetgen: note [{rule}] {start.removesuffix(' for ')} on {len(designs)} designs"
            f" (for {', '.join(what)}): {advice}"
        )
    return lines, summaries
