"""Verbs over design files: ``validate``, ``stats``, ``sheets``, ``reference``, ``import``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import (
    YAML_FORMATS,
    CardFormat,
    Force,
    Jobs,
    Paper,
    SheetFormat,
    _add_scenarios,
    _err,
    _fail,
    _format_for,
    _game_or_fail,
    _jobs,
    _load_or_fail,
    _load_scenarios_or_fail,
    _name_or_fail,
    _print_located,
    _warn,
    _write,
    _write_design,
    app,
    given_path,
    short_help,
)
from sheetgen.core.findings import Severity
from sheetgen.core.output import OutputError
from sheetgen.core.source import Located, reading_order
from sheetgen.games import GAMES
from sheetgen.scenarios.loading import load_designs

if TYPE_CHECKING:
    from sheetgen.core.card import Card
    from sheetgen.core.jsondata import JSONObject
    from sheetgen.games.base import AnyGame
    from sheetgen.scenarios.scenario import Scenario


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
    result = load_designs(paths)
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


@app.command(short_help=short_help("stats"))
def stats(
    paths: Annotated[list[Path], typer.Argument(help="Design files or folders.", parser=given_path)],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print a JSON list, one object per design (with a scenario: an object"
            " with 'designs' and 'scenarios', each side's totals).",
        ),
    ] = False,
) -> None:
    """Print each design's derived stats (a table, or JSON with --json), then the totals
    of each fleet file and of each side of a scenario, in the game's own measure."""
    result, scenarios = _load_scenarios_or_fail(paths)
    if as_json:
        import json

        designs = [e.stats_dict() for e in result.entries]
        if scenarios:
            typer.echo(
                json.dumps(
                    {"designs": designs, "scenarios": [_scenario_totals(s) for s, _ in scenarios]},
                    indent=2,
                    ensure_ascii=False,
                )
            )
        else:
            typer.echo(json.dumps(designs, indent=2, ensure_ascii=False))
    else:
        for i, entry in enumerate(result.entries):
            if i:
                typer.echo("")
            status = "legal" if entry.legal else "ILLEGAL"
            typer.echo(f"{entry.stats.name}  [{entry.game.id}, {status}]")
            rows = entry.game.summary(entry.stats)
            width = max(len(label) for label, _ in rows)
            for label, value in rows:
                typer.echo(f"  {label:<{width}}  {value}")
            for loc in entry.located:
                typer.echo(f"  {loc}")
        from sheetgen.scenarios.fleets import fleets

        for fleet in fleets(result.entries):
            rows = fleet.totals()
            if not rows:
                continue
            typer.echo("")
            side = f" ({fleet.side})" if fleet.side else ""
            typer.echo(f"fleet {fleet.name}{side}  [{fleet.entries[0].game.id}]")
            _echo_rows(rows)
        for scenario, _entries in scenarios:
            for scenario_side in scenario.sides:
                rows = scenario.side_totals(scenario_side)
                if rows:
                    typer.echo("")
                    typer.echo(f"side {scenario_side.name} ({scenario.name})  [{scenario.game.id}]")
                    _echo_rows(rows)
    raise typer.Exit(result.exit_code)


def _echo_rows(rows: list[tuple[str, str]]) -> None:
    """Label/value rows, indented, the values in one column."""
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        typer.echo(f"  {label:<{width}}  {value}")


def _scenario_totals(scenario: Scenario) -> JSONObject:
    """What ``stats --json`` gives of a scenario: its name, file and game, and each side's
    name, ships and totals (:meth:`~sheetgen.games.base.Game.fleet_totals_json`)."""
    return {
        "scenario": scenario.name,
        "file": str(scenario.path),
        "game": scenario.game.id,
        "sides": [
            {
                "name": side.name,
                "ships": len(side.ships),
                "totals": scenario.game.fleet_totals_json(side.fleet()),
            }
            for side in scenario.sides
        ],
    }


@app.command(short_help=short_help("sheets"))
def sheets(
    paths: Annotated[list[Path], typer.Argument(help="Design files or folders.", parser=given_path)],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="File to write (.pdf or .html).", parser=given_path)
    ],
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    fmt: Annotated[
        SheetFormat | None,
        typer.Option("--format", help="pdf, or html for a browser (default: from the file name)."),
    ] = None,
    jobs: Jobs = None,
) -> None:
    """Print record sheets for every design (several ships a page where they fit).

    Illegal designs are printed with their errors on the sheet, and the exit
    status is 1.
    """
    from sheetgen.core.output import check_writable
    from sheetgen.render.sheets import SheetError, design_sheets

    fmt = SheetFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "html")))
    try:
        check_writable(output)
    except OutputError as exc:
        _fail(str(exc))
    result = _load_or_fail(paths)
    for entry in result.entries:
        _print_located([loc for loc in entry.located if loc.finding.is_error], err=True)
    ships = sum(entry.count for entry in result.entries)
    if not ships:
        _fail("no designs to print")
    try:
        rendered = design_sheets(result.entries, paper=paper.value, fmt=fmt.value, jobs=_jobs(jobs))
    except SheetError as exc:
        _warn(exc.warnings)
        _fail(str(exc))
    _warn(rendered.warnings)
    _write(output, rendered.data)
    illegal = sum(1 for e in result.entries if not e.legal)
    _err(
        f"wrote {output} ({ships} ship{'s' if ships != 1 else ''}"
        + (f"; {illegal} illegal, marked on the sheet)" if illegal else ")")
    )
    raise typer.Exit(result.exit_code)


@app.command(short_help=short_help("reference"))
def reference(
    game: Annotated[str, typer.Argument(help=f"Game id: {', '.join(GAMES)}.")],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="File to write; JSON and CSV go to standard output without it.",
            parser=given_path,
        ),
    ] = None,
    fmt: Annotated[
        CardFormat | None,
        typer.Option("--format", help="pdf, html, json or csv (default: from the file name, else pdf)."),
    ] = None,
    paper: Annotated[Paper, typer.Option(help="Paper size (printed landscape).")] = Paper.letter,
    tables: Annotated[
        Path | None,
        typer.Option(
            "--tables",
            help="YAML with numbers the rule text lacks (knight-hawks-2000: damage table roll ranges).",
            parser=given_path,
        ),
    ] = None,
    quick: Annotated[
        bool,
        typer.Option(
            "--one-page",
            help="The one-page quick card: sequence of play, movement, to-hit and damage "
            "(json and csv: the same tables).",
        ),
    ] = False,
) -> None:
    """Print a game's reference card, computed from the encoded rules.

    With --one-page, the quick card: the tables and rules needed at the table during
    play, on one landscape page, cut from the same card data.
    """
    from sheetgen.core.output import check_writable
    from sheetgen.render.cards import render_card

    found = _game_or_fail(game)
    card = None
    if tables is not None:
        card = _card_with_tables(found, tables)
    if output is None:
        fmt = fmt or CardFormat.pdf
        if fmt in (CardFormat.pdf, CardFormat.html):
            _fail(f"--format {fmt.value} needs -o FILE (json and csv can go to standard output)")
    else:
        fmt = CardFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "html", "json", "csv")))
    if output is not None:
        try:
            check_writable(output)
        except OutputError as exc:
            _fail(str(exc))
    rendered = render_card(found, paper=paper.value, fmt=fmt.value, card=card, quick=quick)
    _warn(rendered.warnings)
    if output is None:
        sys.stdout.write(rendered.data.decode("utf-8"))
        return
    _write(output, rendered.data)
    _err(f"wrote {output}")


def _card_with_tables(game: AnyGame, path: Path) -> Card:
    """The card of ``game`` with the data in ``path``; exits 2 on unreadable or wrong data."""
    from sheetgen.core.findings import InputError
    from sheetgen.core.schema import Fields
    from sheetgen.core.source import SourceError, load_file

    try:
        doc = load_file(path)[0]
    except SourceError as exc:
        _print_located(exc.located, err=True)
        raise typer.Exit(2) from None
    try:
        card, findings = game.reference_data(Fields(doc.data, what="tables file"))
    except NotImplementedError as exc:
        _fail(str(exc))
    except InputError as exc:
        _print_located(reading_order(doc.locate(f) for f in exc.findings), err=True)
        raise typer.Exit(2) from None
    _print_located(reading_order(doc.locate(f) for f in findings), err=True)
    if any(f.is_error for f in findings):
        _fail(f"{path}: the tables have errors; nothing written")
    return card


@app.command("import", short_help=short_help("import"))
def import_design(
    game: Annotated[str, typer.Argument(help="Game id (starfire).")],
    text: Annotated[
        str,
        typer.Argument(help="The design as players post it, e.g. 'CT-[2]-SSAA(I)(I)(I)QLR-[6]'."),
    ],
    name: Annotated[str, typer.Option("--name", "-n", help="The design's name.")] = "Imported design",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the YAML here instead of printing it.", parser=given_path),
    ] = None,
    force: Force = False,
) -> None:
    """Turn a pasted design string into a YAML design, checked.

    Findings go to standard error placed in the pasted text (``notation:1:COL``).
    Exit 1 if the design is illegal (the YAML is still written), 2 if the
    string cannot be read at all.
    """

    from sheetgen.core.findings import InputError
    from sheetgen.core.source import Document, Mark

    found = _game_or_fail(game)
    if output is not None:
        _format_for(output, None, YAML_FORMATS)
    if not text.strip():
        _fail("nothing to import: paste the design between quotes")
    _name_or_fail(name)
    # the pasted text is one single-line value, so Char offsets become columns
    doc = Document("notation", text, {(): Mark(1, 1, "", True)})
    try:
        mapping, findings = found.import_notation(text, name)
    except NotImplementedError as exc:
        _fail(str(exc))
    except InputError as exc:
        _print_located(reading_order(doc.locate(f) for f in exc.findings), err=True)
        raise typer.Exit(2) from None
    _print_located(reading_order(doc.locate(f) for f in findings), err=True)
    from sheetgen.scenarios.schemas import imported_yaml

    body = imported_yaml(found.id, text, mapping)
    illegal = any(f.is_error for f in findings)
    if output is None:
        typer.echo(body, nl=False)
    else:
        _write_design(output, body, force=force)
        _err(f"wrote {output}")
    raise typer.Exit(1 if illegal else 0)
