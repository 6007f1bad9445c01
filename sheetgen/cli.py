"""The ``sheetgen`` command line: thin verbs over the library.

Exit status everywhere: 0 when all is legal and written, 1 when a design breaks
a rule, 2 when input cannot be read or used (bad YAML, unknown game, wrong
types, an output path that cannot be written). Every problem is one line,
``file:line:col: severity [RULE-ID] message``, never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

from sheetgen import __version__
from sheetgen.findings import Severity
from sheetgen.games import GAMES, UnknownGame, find_game
from sheetgen.loading import Entry, LoadResult, load_designs
from sheetgen.output import OutputError
from sheetgen.source import Located

#: Click's base exception, as Typer raises it (Typer may vendor Click under a private name).
_CLICK_EXCEPTION: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


class _OneLineErrors(TyperGroup):
    """Usage errors (a bad option value, a missing argument) as one line on
    standard error, ``sheetgen CMD: error: ...``, exit status 2, instead of a
    boxed panel; everything else as Typer does it."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except _CLICK_EXCEPTION as exc:
            ctx = getattr(exc, "ctx", None)
            where = ctx.command_path if ctx is not None else "sheetgen"
            message = exc.format_message()  # type: ignore[attr-defined]
            hint = f" (see {where} --help)" if ctx is not None else ""
            typer.echo(f"{where}: error: {message}{hint}", err=True)
            sys.exit(getattr(exc, "exit_code", 2))
        except typer.Abort:
            typer.echo("sheetgen: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    name="sheetgen",
    help="Check starship designs and print record sheets, reference cards and game kits.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"


class SheetFormat(StrEnum):
    pdf = "pdf"
    html = "html"


class CardFormat(StrEnum):
    pdf = "pdf"
    html = "html"
    json = "json"
    csv = "csv"


def _err(line: str) -> None:
    typer.echo(line, err=True)


def _fail(message: str, code: int = 2) -> NoReturn:
    _err(f"sheetgen: error: {message}")
    raise typer.Exit(code)


def _print_located(
    lines: list[Located], *, err: bool = False, min_severity: Severity = Severity.NOTE
) -> None:
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}
    for loc in lines:
        if order[loc.finding.severity] <= order[min_severity]:
            typer.echo(str(loc), err=err)


def _game_or_fail(game_id: str) -> object:
    try:
        return find_game(game_id)
    except UnknownGame as exc:
        _fail(str(exc))


def _write(path: Path, data: bytes) -> None:
    from sheetgen.output import write_atomic

    try:
        write_atomic(path, data)
    except OutputError as exc:
        _fail(str(exc))


def _fleet_of(entry: Entry) -> tuple[str, str | None] | None:
    """``(fleet name, side)`` of a design read from a fleet file (``designs:``), else None."""
    data = entry.document.data
    if not entry.base or entry.base[0] != "designs" or not isinstance(data, dict):
        return None
    name = data.get("fleet")
    side = data.get("side")
    return (str(name) if name is not None else entry.document.source), (
        str(side) if side is not None else None
    )


def _fleets(entries: list[Entry]) -> list[tuple[str, str | None, list[Entry]]]:
    """Entries grouped by the fleet file document they come from, in reading order."""
    groups: dict[int, tuple[str, str | None, list[Entry]]] = {}
    for entry in entries:
        fleet = _fleet_of(entry)
        if fleet is not None:
            groups.setdefault(id(entry.document), (fleet[0], fleet[1], []))[2].append(entry)
    return list(groups.values())


def _format_for(output: Path, fmt: str | None, formats: tuple[str, ...]) -> str:
    """The output format, which the file's name sets (``.pdf``, ``.svg``... in any
    case); ``fmt`` (``--format``) may only agree with it. Fails (exit 2) on a name
    that is none of ``formats`` or a ``fmt`` that contradicts it, so a file's name
    always tells what is in it. Shared by every verb that writes a file."""
    suffix = output.suffix.lower().lstrip(".")
    suffix = {"htm": "html"}.get(suffix, suffix)
    if suffix not in formats:
        _fail(f"-o {output}: name a .{' or .'.join(formats)} file (the name sets the format)")
    if fmt is not None and fmt != suffix:
        _fail(f"-o {output} is a .{suffix} file but --format is {fmt}")
    return suffix


def _add_scenarios(result: LoadResult) -> list[tuple[Any, list[Any]]]:
    """:func:`sheetgen.scenario.add_scenarios`, imported only when a scenario was met
    (the scenario, map and placement modules stay off ``validate``'s start-up)."""
    if not result.scenarios:
        return []
    from sheetgen.scenario import add_scenarios

    return list(add_scenarios(result))


def _load_or_fail(paths: list[Path]) -> LoadResult:
    """Designs in ``paths``, scenarios' designs included (each design once); exits 2
    with every unreadable input printed."""
    result = load_designs(paths)
    _add_scenarios(result)
    if result.input_errors:
        _print_located(result.input_errors, err=True)
        raise typer.Exit(2)
    return result


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
) -> None:
    if version:
        typer.echo(f"sheetgen {__version__}")
        raise typer.Exit(0)


@app.command()
def validate(
    paths: Annotated[list[Path], typer.Argument(help="Design files or folders (searched for *.yaml).")],
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
    lines: list[Located] = list(result.input_errors)
    scenario_errors = 0
    for scenario, entries in scenarios:
        lines.extend(scenario.located)
        design_lines = {loc for e in entries for loc in e.located}
        scenario_errors += sum(
            1 for loc in scenario.located if loc.finding.is_error and loc not in design_lines
        )
    for entry in result.entries:
        lines.extend(entry.located)
    lines.sort(key=lambda loc: (loc.source, loc.line, loc.column))
    _print_located(list(dict.fromkeys(lines)), min_severity=Severity.ERROR if quiet else Severity.NOTE)
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


@app.command()
def stats(
    paths: Annotated[list[Path], typer.Argument(help="Design files or folders.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON list, one object per design.")
    ] = False,
) -> None:
    """Print each design's derived stats (a table, or JSON with --json)."""
    result = _load_or_fail(paths)
    if as_json:
        import json

        typer.echo(json.dumps([e.stats_dict() for e in result.entries], indent=2, ensure_ascii=False))
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
        for name, side, members in _fleets(result.entries):
            game = members[0].game
            rows = game.fleet_totals([(e.stats, e.count) for e in members if e.game is game])
            if not rows:
                continue
            typer.echo("")
            typer.echo(f"fleet {name}" + (f" ({side})" if side else "") + f"  [{game.id}]")
            width = max(len(label) for label, _ in rows)
            for label, value in rows:
                typer.echo(f"  {label:<{width}}  {value}")
    raise typer.Exit(result.exit_code)


@app.command()
def sheets(
    paths: Annotated[list[Path], typer.Argument(help="Design files or folders.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="File to write (.pdf or .html).")],
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    fmt: Annotated[
        SheetFormat | None,
        typer.Option("--format", help="pdf, or html for a browser (default: from the file name)."),
    ] = None,
) -> None:
    """Print record sheets for every design (several ships a page where they fit).

    Illegal designs are printed with their errors on the sheet, and the exit
    status is 1.
    """
    from sheetgen.output import check_writable
    from sheetgen.sheets import SheetError, Ship, glyph_warnings, render_sheets

    fmt = SheetFormat(_format_for(output, fmt.value if fmt else None, ("pdf", "html")))
    try:
        check_writable(output)
    except OutputError as exc:
        _fail(str(exc))
    result = _load_or_fail(paths)
    for entry in result.entries:
        _print_located([loc for loc in entry.located if loc.finding.is_error], err=True)
    ships = [
        Ship(e.game, e.game.named(e.stats, e.stats.name), e.findings, side=(_fleet_of(e) or ("", None))[1])
        for e in result.entries
    ]
    expanded = []
    for ship, entry in zip(ships, result.entries, strict=True):
        if entry.count == 1:
            expanded.append(ship)
            continue
        # several ships of one design: each gets its own sheet, numbered as the kit does
        for k in range(entry.count):
            stats = entry.game.named(entry.stats, f"{entry.stats.name} {k + 1}")
            expanded.append(Ship(entry.game, stats, entry.findings, ship.side, ship.colour))
    if not expanded:
        _fail("no designs to print")
    for warning in glyph_warnings(ships):
        _err(f"sheetgen: warning: {warning}")
    try:
        data = render_sheets(expanded, paper=paper.value, fmt=fmt.value)
    except SheetError as exc:
        _fail(str(exc))
    _write(output, data)
    illegal = sum(1 for e in result.entries if not e.legal)
    _err(
        f"wrote {output} ({len(expanded)} ship{'s' if len(expanded) != 1 else ''}"
        + (f"; {illegal} illegal, marked on the sheet)" if illegal else ")")
    )
    raise typer.Exit(result.exit_code)


@app.command()
def reference(
    game: Annotated[str, typer.Argument(help=f"Game id: {', '.join(GAMES)}.")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="File to write; JSON and CSV go to standard output without it."),
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
        ),
    ] = None,
) -> None:
    """Print a game's reference card, computed from the encoded rules."""
    from sheetgen.cards import render_card
    from sheetgen.output import check_writable

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
    data = render_card(found, paper=paper.value, fmt=fmt.value, card=card)  # type: ignore[arg-type]
    if output is None:
        sys.stdout.write(data.decode("utf-8"))
        return
    _write(output, data)
    _err(f"wrote {output}")


def _card_with_tables(game: object, path: Path) -> object:
    """The card of ``game`` with the data in ``path``; exits 2 on unreadable or wrong data."""
    from sheetgen.findings import InputError
    from sheetgen.schema import Fields
    from sheetgen.source import SourceError, load_file

    try:
        doc = load_file(path)[0]
    except SourceError as exc:
        _print_located(exc.located, err=True)
        raise typer.Exit(2) from None
    try:
        card, findings = game.reference_data(Fields(doc.data, what="tables file"))  # type: ignore[attr-defined]
    except NotImplementedError as exc:
        _fail(str(exc))
    except InputError as exc:
        _print_located([doc.locate(f) for f in exc.findings], err=True)
        raise typer.Exit(2) from None
    _print_located([doc.locate(f) for f in findings], err=True)
    if any(f.is_error for f in findings):
        _fail(f"{path}: the tables have errors; nothing written")
    return card


@app.command("import")
def import_design(
    game: Annotated[str, typer.Argument(help="Game id (starfire).")],
    text: Annotated[
        str,
        typer.Argument(help="The design as players post it, e.g. 'CT-[2]-SSAA(I)(I)(I)QLR-[6]'."),
    ],
    name: Annotated[str, typer.Option("--name", "-n", help="The design's name.")] = "Imported design",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write the YAML here instead of printing it."),
    ] = None,
) -> None:
    """Turn a pasted design string into a YAML design, checked.

    Findings go to standard error placed in the pasted text (``notation:1:COL``).
    Exit 1 if the design is illegal (the YAML is still written), 2 if the
    string cannot be read at all.
    """
    import yaml

    from sheetgen.findings import InputError
    from sheetgen.source import Document, Mark

    found = _game_or_fail(game)
    if not text.strip():
        _fail("nothing to import: paste the design between quotes")
    # the pasted text is one single-line value, so Char offsets become columns
    doc = Document("notation", text, {(): Mark(1, 1, "", True)})
    try:
        mapping, findings = found.import_notation(text, name)  # type: ignore[attr-defined]
    except NotImplementedError as exc:
        _fail(str(exc))
    except InputError as exc:
        _print_located([doc.locate(f) for f in exc.findings], err=True)
        raise typer.Exit(2) from None
    _print_located([doc.locate(f) for f in findings], err=True)
    body = f"# imported from: {text}\n" + yaml.safe_dump(mapping, sort_keys=False, allow_unicode=True)
    illegal = any(f.is_error for f in findings)
    if output is None:
        typer.echo(body, nl=False)
    else:
        _write(output, body.encode("utf-8"))
        _err(f"wrote {output}")
    raise typer.Exit(1 if illegal else 0)


@app.command()
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
) -> None:
    """Write a scenario's game kit: briefing, record sheets, counters, map, reference card."""
    from sheetgen.kit import bundled_scenarios, default_scenario

    if every and scenario is not None:
        _fail("give a scenario or --all, not both")
    paths = bundled_scenarios() if every else [scenario if scenario is not None else default_scenario()]
    code = 0
    for path in paths:
        code = max(code, _one_kit(path, output, paper.value, single, nested=every))
    raise typer.Exit(code)


def _one_kit(path: Path, output: Path | None, paper: str, single: bool, *, nested: bool = False) -> int:
    """Build one scenario's kit; returns its exit status (errors already printed).
    ``nested``: write into ``<output or output/>/<scenario name>/`` (for ``--all``)."""
    from sheetgen.kit import build_kit
    from sheetgen.scenario import load_scenario, slug

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
    from sheetgen.draw.fonts import glyph_warning

    for text in (loaded.name, *(side.name for side in loaded.sides)):
        line = glyph_warning(text)
        if line:
            _err(f"sheetgen kit: warning: {line}")
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

                written = build_kit(loaded, output, paper=paper, single=single, progress=step)
        else:
            written = build_kit(loaded, output, paper=paper, single=single)
    except OutputError as exc:
        _err(f"sheetgen: error: {exc}")
        return 2
    _err(f"kit for '{loaded.name}' ({len(loaded.ships)} ships):")
    for f in written:
        _err(f"  {f}")
    return 0


#: Modules that add more verbs to ``app`` with ``@app.command()``. Each imports
#: only light modules at its top level, so ``sheetgen validate`` stays fast.
COMMAND_MODULES: tuple[str, ...] = ("sheetgen.cli_counters", "sheetgen.cli_roll", "sheetgen.cli_map")

for _module in COMMAND_MODULES:
    importlib.import_module(_module)


def main() -> None:
    """Entry point of the ``sheetgen`` script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
