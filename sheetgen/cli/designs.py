"""Verbs over design files: ``stats``, ``sheets``, ``reference``, ``import`` (``validate`` is
:mod:`sheetgen.cli.validate`, so checking designs imports none of these)."""

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
    _err,
    _fail,
    _format_for,
    _game_or_fail,
    _jobs,
    _load_or_fail,
    _load_scenarios_or_fail,
    _output_or_default,
    _print_located,
    _warn,
    _write,
    _write_design,
    app,
    given_path,
    short_help,
)
from sheetgen.cli.press import Press, PressStandard, press_standard, pressed
from sheetgen.core.output import OutputError
from sheetgen.core.source import reading_order
from sheetgen.games import GAMES

if TYPE_CHECKING:
    from sheetgen.core.card import Card
    from sheetgen.core.jsondata import JSONObject
    from sheetgen.games.base import AnyGame
    from sheetgen.scenarios.scenario import Scenario


_Paths = Annotated[list[Path], typer.Argument(help="Design files or folders.", parser=given_path)]
_AsJson = Annotated[
    bool,
    typer.Option(
        "--json",
        help="Print a JSON list, one object per design (with a scenario: an object"
        " with 'designs' and 'scenarios', each side's totals).",
    ),
]


@app.command(short_help=short_help("stats"))
def stats(
    paths: _Paths,
    as_json: _AsJson = False,
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
            now = entry.game.condition_text(entry.stats) if entry.legal else None
            if now is not None:  # the design's condition: block, as play's card shows it
                rows = [*rows, ("now", now)]
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
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="File to write (.pdf or .html; default record-sheets.pdf, never replacing a file).",
            parser=given_path,
        ),
    ] = None,
    paper: Annotated[Paper, typer.Option(help="Paper size.", case_sensitive=False)] = Paper.letter,
    fmt: Annotated[
        SheetFormat | None,
        typer.Option("--format", help="pdf, or html for a browser (default: from the file name)."),
    ] = None,
    jobs: Jobs = None,
    press: Press = False,
    pdfx: PressStandard = None,
) -> None:
    """Print record sheets for every design (several ships a page where they fit).

    Illegal designs are printed with their errors on the sheet, and the exit
    status is 1.
    """
    from sheetgen.core.output import check_writable
    from sheetgen.render.record_sheets import RecordSheetError, design_record_sheets

    output = _output_or_default(output, f"record-sheets.{fmt.value if fmt else 'pdf'}")
    fmt = SheetFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "html")))
    standard = press_standard(press, pdfx, fmt.value)
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
        rendered = design_record_sheets(result.entries, paper=paper.value, fmt=fmt.value, jobs=_jobs(jobs))
    except RecordSheetError as exc:
        _warn(exc.warnings)
        _fail(str(exc))
    _warn(rendered.warnings)
    data = rendered.data
    if standard:
        ((_, data),) = pressed([(output, data)], "Record sheets", standard=standard)
    _write(output, data)
    illegal = sum(1 for e in result.entries if not e.legal)
    _err(
        f"wrote {output} ({ships} ship{'s' if ships != 1 else ''}"
        + (f"; {illegal} illegal, marked on the sheet)" if illegal else ")")
    )
    raise typer.Exit(result.exit_code)


_Game = Annotated[str, typer.Argument(help=f"Game id: {', '.join(GAMES)}.")]
_Output = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="File to write; without it PDF and HTML go to reference-card.pdf (quick-card.pdf "
        "with --one-page), never replacing a file, and JSON and CSV to standard output.",
        parser=given_path,
    ),
]
_Fmt = Annotated[
    CardFormat | None,
    typer.Option("--format", help="pdf, html, json or csv (default: from the file name, else pdf)."),
]
_Paper = Annotated[Paper, typer.Option(help="Paper size (printed landscape).", case_sensitive=False)]
_Tables = Annotated[
    Path | None,
    typer.Option(
        "--tables",
        help="YAML with numbers the rule text lacks, for a game whose card needs them (damage table roll ranges).",
        parser=given_path,
    ),
]
_Quick = Annotated[
    bool,
    typer.Option(
        "--one-page",
        help="The one-page quick card: sequence of play, movement, to-hit and damage "
        "(json and csv: the same tables).",
    ),
]


@app.command(short_help=short_help("reference"))
def reference(
    game: _Game,
    output: _Output = None,
    fmt: _Fmt = None,
    paper: _Paper = Paper.letter,
    tables: _Tables = None,
    quick: _Quick = False,
    press: Press = False,
    pdfx: PressStandard = None,
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
    if output is None and (fmt or CardFormat.pdf) in (CardFormat.pdf, CardFormat.html):
        kind = (fmt or CardFormat.pdf).value
        output = _output_or_default(None, f"{'quick-card' if quick else 'reference-card'}.{kind}")
    if output is None:
        fmt = fmt or CardFormat.pdf
    else:
        fmt = CardFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "html", "json", "csv")))
    standard = press_standard(press, pdfx, fmt.value)
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
    data = rendered.data
    if standard:
        title = f"{found.title}: {'quick' if quick else 'reference'} card"
        ((_, data),) = pressed([(output, data)], title, standard=standard)
    _write(output, data)
    _err(f"wrote {output}")


def _card_with_tables(game: AnyGame, path: Path) -> Card:
    """The card of ``game`` with the data in ``path``; exits 2 on unreadable or wrong data."""
    from sheetgen.core.fields import Fields
    from sheetgen.core.findings import InputError
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
    game: Annotated[str, typer.Argument(help="Game id of a game with a design notation.")],
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
    A design the rules refuse (a stated speed above what its engines give among
    them, as ``validate`` refuses it) is not written: its errors, one line saying
    so, and exit 1; nothing on standard output, no file made or replaced. Exit 2
    if the string cannot be read at all.
    """

    from sheetgen.scenarios.importing import NotationError, import_design

    found = _game_or_fail(game)
    if output is not None:
        _format_for(output, None, YAML_FORMATS)
    try:  # the same reading as the designer's import (POST /api/import)
        imported = import_design(found, text, name)
    except (ValueError, NotImplementedError) as exc:
        _fail(str(exc))
    except NotationError as exc:
        _print_located(exc.located, err=True)
        raise typer.Exit(2) from None
    _print_located(imported.findings, err=True)
    body = imported.yaml
    if body is None:  # as validate: a broken rule is exit 1; a design the rules refuse is not written
        kept = f"{output} not written" if output is not None else "no YAML printed"
        _fail(f"{imported.refusal}; {kept}", 1)
    if output is None:
        typer.echo(body, nl=False)
    else:
        _write_design(output, body, force=force)
        _err(f"wrote {output}")
