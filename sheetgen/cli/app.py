"""The ``sheetgen`` command line: thin verbs over the library.

Exit status everywhere: 0 when all is legal and written, 1 when a design breaks
a rule, 2 when input cannot be read or used (bad YAML, unknown game, wrong
types, an output path that cannot be written). Every problem is one line,
``file:line:col: severity [RULE-ID] message``, never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup

from sheetgen import __version__
from sheetgen.core.output import OutputError

if TYPE_CHECKING:
    from sheetgen.core import units
    from sheetgen.core.findings import Severity
    from sheetgen.core.source import Located
    from sheetgen.games.base import AnyGame
    from sheetgen.scenarios.loading import LoadResult

#: Click's base exception, as Typer raises it (Typer may vendor Click under a private name).
_CLICK_EXCEPTION: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


#: Each verb, in the order ``sheetgen --help`` lists them (a design's way from checking to the
#: table): the module of :mod:`sheetgen.cli` that adds it, and its line in that listing (the
#: ``short_help`` its module gives it, through :func:`short_help`). A verb's module is imported
#: only when the verb is run or completed, so ``sheetgen --help`` and ``sheetgen validate`` load
#: only what they use; ``tests/cli/test_startup.py`` holds the table to the modules.
VERB_TABLE: dict[str, tuple[str, str]] = {
    "validate": ("validate", "Check designs against their game's construction rules."),
    "explain": ("explain", "Explain a finding's rule id (SF-5, KR-1, SCHEMA...)."),
    "schema": ("schema", "Print the JSON Schema of a game's designs, fleets or scenarios."),
    "stats": ("designs", "Print each design's derived stats (a table or JSON)."),
    "sheets": ("designs", "Print record sheets for designs (PDF or HTML)."),
    "reference": ("designs", "Print a game's reference card."),
    "import": ("designs", "Turn a pasted design string into a YAML design."),
    "new": ("guide", "Write a commented starting design for a game."),
    "examples": ("guide", "Copy the bundled example designs and scenarios into a folder."),
    "kit": ("kit", "Write a scenario's whole game kit into a folder."),
    "counters": ("counters", "Print die-cut counters, fronts and backs."),
    "roll": ("roll", "Roll a random ship on the d20 systems table."),
    "map": ("map", "Print a numbered hex map at exact scale."),
    "vassal": ("vassal", "Write a scenario as a VASSAL module (.vmod)."),
    "tts": ("tts", "Write a scenario as a Tabletop Simulator saved object."),
    "serve": ("serve", "Design ships in the browser, with live checks and previews."),
    "play": ("play", "Play a scenario with live record sheets in the browser."),
}

#: The verbs, in the order ``sheetgen --help`` lists them.
VERBS = tuple(VERB_TABLE)


def short_help(verb: str) -> str:
    """The line ``sheetgen --help`` gives ``verb`` (:data:`VERB_TABLE`); its module passes it to
    ``app.command(short_help=...)``, so the listing and the verb say the same."""
    return VERB_TABLE[verb][1]


def load_verbs() -> None:
    """Import every verb's module, so ``app.registered_commands`` holds every verb (the
    command line imports only the one it runs)."""
    for module in dict.fromkeys(module for module, _ in VERB_TABLE.values()):
        importlib.import_module(f"sheetgen.cli.{module}")


def given_path(text: str) -> Path:
    """A file or folder named on the command line (every path argument and option
    reads through this). An empty name is refused, one line and exit 2, since
    ``Path("")`` would quietly be the current folder; raises ``typer.BadParameter``."""
    if not text:
        raise typer.BadParameter("the name is empty: give a file or folder ('.' for the current folder)")
    return Path(text)


class _OneLineErrors(TyperGroup):
    """Usage errors (a bad option value, a missing argument) as one line on
    standard error, ``sheetgen CMD: error: ...``, exit status 2, instead of a
    boxed panel; everything else as Typer does it. Verbs are listed in
    :data:`VERBS` order, whichever module adds them.

    Verbs are made on demand: a verb's module is imported, and its Click command
    built from its signature, the first time the verb is looked up; the help
    listing reads :data:`VERB_TABLE` instead of loading every verb. A name that is
    no verb of the table loads them all (so Typer's "did you mean" sees every verb)."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [*VERBS, *(name for name in super().list_commands(ctx) if name not in VERB_TABLE)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in self.commands:
            if cmd_name in VERB_TABLE:
                importlib.import_module(f"sheetgen.cli.{VERB_TABLE[cmd_name][0]}")
            else:
                load_verbs()
            self._add_registered(cmd_name if cmd_name in VERB_TABLE else None)
        return super().get_command(ctx, cmd_name)

    def _add_registered(self, only: str | None) -> None:
        """Build the Click command of each verb registered on :data:`app` and not yet
        here (of ``only``, when given), as Typer builds them for a whole group."""
        for info in app.registered_commands:
            assert info.callback is not None
            name = info.name or typer.main.get_command_name(info.callback.__name__)
            if name in self.commands or (only is not None and name != only):
                continue
            self.commands[name] = typer.main.get_command_from_info(
                info,
                pretty_exceptions_short=app.pretty_exceptions_short,
                rich_markup_mode=app.rich_markup_mode,
            )

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        listed = {
            name: TyperCommand(name, short_help=short, rich_markup_mode=app.rich_markup_mode)
            for name, (_, short) in VERB_TABLE.items()
            if name not in self.commands
        }
        real = self.commands
        self.commands = {**real, **listed}
        try:
            super().format_commands(ctx, formatter)
        finally:
            self.commands = real

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
            if type(exc).__name__ == "NoArgsIsHelpError":  # bare ``sheetgen``: the help, as it is
                typer.echo(message, err=True)
                sys.exit(2)
            hint = f" (see {where} --help)" if ctx is not None else ""
            from sheetgen.core.findings import one_line

            typer.echo(one_line(f"{where}: error: {message}{hint}"), err=True)
            sys.exit(getattr(exc, "exit_code", 2))
        except typer.Abort:
            typer.echo("sheetgen: aborted", err=True)
            sys.exit(1)
        except OutputError as exc:  # what no verb handles itself: a print that cannot be made
            typer.echo(f"sheetgen: error: {exc}", err=True)
            sys.exit(2)
        except OSError as exc:
            # the file system refusing a path the user gave (a name longer than it allows, a
            # folder where a file should be...): one line, exit 2, as for any unusable input
            from sheetgen.core.findings import shown_path

            where = f"{shown_path(exc.filename)}: " if exc.filename else ""
            typer.echo(f"sheetgen: error: {where}{exc.strerror or exc}", err=True)
            sys.exit(2)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=_OneLineErrors,
    name="sheetgen",
    help="Check starship designs and print record sheets, reference cards and game kits.",
    no_args_is_help=True,
    # Typer's --install-completion / --show-completion: their modules are imported with Typer
    # anyway, and the shell is detected only when one of them is given, so --help costs the same.
    add_completion=True,
    pretty_exceptions_enable=False,
    # Plain help text: Rich's help panels import its Markdown renderer, which alone
    # costs more than the Typer + YAML floor `sheetgen --help` is held to (docs/performance.md).
    rich_markup_mode=None,
)


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"

    @property
    def key(self) -> units.Paper:
        """The paper as the library names it (:data:`sheetgen.core.units.Paper`)."""
        from sheetgen.core.units import read_paper

        return read_paper(self.value)


#: ``--jobs``: worker processes printing record sheets (``sheets``, ``kit``).
Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="<n>",
        help="Processes printing record sheets (default and most: one per processor, and as many as the"
        " free memory holds at 160 MiB each; a larger number is lowered, with a note); the PDF is the"
        " same for any number.",
    ),
]


def _jobs(jobs: int | None) -> int:
    """``--jobs`` as given, or one per processor this process may use; at most that, and as
    many as the free memory holds (:func:`~sheetgen.render.pool.bounded_jobs`), with a note
    line when it is lowered."""
    from sheetgen.render.pool import bounded_jobs

    used, lowered = bounded_jobs(jobs)
    if lowered is not None:
        _err(f"sheetgen: note: {lowered}")
    return used


class SheetFormat(StrEnum):
    pdf = "pdf"
    html = "html"


class CardFormat(StrEnum):
    pdf = "pdf"
    html = "html"
    json = "json"
    csv = "csv"


def _err(line: str) -> None:
    """``line`` on standard error, as one line: a character that does not print (a newline
    in a file's name) is written as its escape (:func:`~sheetgen.core.findings.one_line`)."""
    from sheetgen.core.findings import one_line

    typer.echo(one_line(line), err=True)


def _warn(lines: Iterable[str]) -> None:
    """Warning lines from the library on standard error, ``sheetgen: warning: ...``."""
    for line in lines:
        _err(f"sheetgen: warning: {line}")


def _fail(message: str, code: int = 2) -> NoReturn:
    _err(f"sheetgen: error: {message}")
    raise typer.Exit(code)


def _print_located(lines: list[Located], *, err: bool = False, min_severity: Severity | None = None) -> None:
    """Print each of ``lines`` at ``min_severity`` or above (default: every note)."""
    from sheetgen.core.findings import Severity

    if min_severity is None:
        min_severity = Severity.NOTE
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}
    for loc in lines:
        if order[loc.finding.severity] <= order[min_severity]:
            typer.echo(str(loc), err=err)


def _game_or_fail(game_id: str) -> AnyGame:
    from sheetgen.games import UnknownGame, find_game

    try:
        return find_game(game_id)
    except UnknownGame as exc:
        _fail(str(exc))


def _write(path: Path, data: bytes) -> None:
    from sheetgen.core.output import OutputError, write_atomic

    try:
        write_atomic(path, data)
    except OutputError as exc:
        _fail(str(exc))


def _write_design(path: Path, text: str, *, force: bool) -> None:
    """Write a design file a verb made (``new``, ``import``, ``roll``) atomically; a file
    already at ``path`` is the user's and is kept (exit 2) unless ``force``."""
    from sheetgen.core.output import OutputError, OutputExists, write_atomic, write_new

    try:
        if force:
            write_atomic(path, text)
        else:
            write_new(path, text)
    except OutputExists:
        _fail(f"{path} already exists; choose another -o or add --force to replace it")
    except OutputError as exc:
        _fail(str(exc))


#: ``--force`` of the verbs that write a design file.
Force = Annotated[bool, typer.Option("--force", help="Replace the -o file if it exists.")]
#: ``--force`` of the verbs that write into a folder (``kit``, ``tts``, ``counters --format png``).
FolderForce = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Replace files in the -o folder that sheetgen did not write there (or that changed since).",
    ),
]


def _write_files(files: list[tuple[Path, bytes]], folder: Path | None = None, *, force: bool = False) -> None:
    """Write every ``(path, bytes)`` all or none
    (:func:`~sheetgen.core.output.write_all_atomic`: the pages of a map, the images of a
    counter sheet); fails (exit 2) naming the first that cannot be written, every target
    left as it was. ``folder`` (``-o``), with any missing folders above it, is made first
    (:func:`~sheetgen.core.output.make_folder`) and taken away again when the files are not
    written, a signal's stop included; the files go into it as
    :func:`~sheetgen.core.output.write_folder` writes them: a file there that sheetgen did
    not write (or that changed since) is replaced only with ``force`` (exit 2 otherwise)."""
    from sheetgen.core.output import OutputError, make_folder, remove_empty, write_all_atomic, write_folder

    made: list[Path] = []
    try:
        try:
            if folder is not None:
                try:
                    make_folder(folder, made)
                except OSError as exc:
                    _fail(f"-o {folder}: cannot make the folder: {exc.strerror or exc}")
            if folder is None:
                write_all_atomic(files)
            else:
                write_folder(folder, files, force=force)
        except BaseException:
            remove_empty(made)
            raise
    except OutputError as exc:
        _fail(str(exc))


#: File names a design is written to (``import``, ``roll``).
YAML_FORMATS = ("yaml", "yml")


def _name_or_fail(name: str | None) -> None:
    """Exit 2 when ``--name`` (``import``, ``roll``) is empty, or holds a character the
    design file could not carry (the reader's :data:`~sheetgen.core.source.UNPRINTABLE`)."""
    if name is None:
        return
    from sheetgen.core.source import name_problem

    problem = name_problem(name)
    if problem:
        _fail(problem)


#: A file format of a closed set (``formats`` of :func:`_format_for`: a ``Literal`` type's values).
Format = TypeVar("Format", bound=str)


def _format_for(output: Path, fmt: str | None, formats: tuple[Format, ...]) -> Format:
    """The output format, which the file's name sets (``.pdf``, ``.svg``... in any
    case); ``fmt`` (``--format``) may only agree with it. Fails (exit 2) on a name
    that is none of ``formats`` or a ``fmt`` that contradicts it, so a file's name
    always tells what is in it. Shared by every verb that writes a file."""
    suffix = output.suffix.lower().lstrip(".")
    suffix = {"htm": "html"}.get(suffix, suffix)
    known = next((f for f in formats if f == suffix), None)
    if known is None:
        _fail(f"-o {output}: name a .{' or .'.join(formats)} file (the name sets the format)")
    if fmt is not None and fmt != suffix:
        _fail(f"-o {output} is a .{suffix} file but --format is {fmt}")
    return known


def _output_or_default(output: Path | None, name: str) -> Path:
    """``-o`` when given, else ``name`` in the current folder (every verb's default file,
    README "Output files"). A default name never replaces a file: when ``name`` is
    already there, fails (exit 2) with one line saying to give ``-o``."""
    if output is not None:
        return output
    default = Path(name)
    if default.exists() or default.is_symlink():
        _fail(f"{name} is already here; give -o {name} to replace it, or -o another name")
    return default


def _add_scenarios(result: LoadResult) -> list[tuple[Any, list[Any]]]:
    """:func:`sheetgen.scenarios.scenario.add_scenarios`, imported only when a scenario was met
    (the scenario, map and placement modules stay off ``validate``'s start-up)."""
    if not result.scenarios:
        return []
    from sheetgen.scenarios.scenario import add_scenarios

    return list(add_scenarios(result))


def bundled_named(given: Path, bundled: Iterable[Path]) -> Path | None:
    """The scenario of ``bundled`` that the bare name ``given`` names, in any letter case, with
    or without ``.yaml``/``.yml`` (``convoy-raid``, ``Convoy-Raid.yaml``); ``None`` for a path
    with a folder, or a name none has."""
    if given.name != str(given):
        return None
    wanted = given.name.lower().removesuffix(".yaml").removesuffix(".yml")
    return next((path for path in bundled if path.stem.lower() == wanted), None)


def named_scenarios(paths: list[Path]) -> list[Path]:
    """``paths`` with each that is no file or folder here but a bundled scenario's name
    (:func:`bundled_named`) replaced by that scenario's file, as ``kit`` reads a scenario; any
    other path as given (a missing one is then said as missing)."""
    if all(path.exists() for path in paths):
        return paths
    from sheetgen.games import bundled_scenarios

    bundled = bundled_scenarios()
    return [path if path.exists() else bundled_named(path, bundled) or path for path in paths]


def _load_or_fail(paths: list[Path]) -> LoadResult:
    """Designs in ``paths``, scenarios' designs included (each design once); exits 2
    with every unreadable input printed."""
    return _load_scenarios_or_fail(paths)[0]


def _load_scenarios_or_fail(paths: list[Path]) -> tuple[LoadResult, list[tuple[Any, list[Any]]]]:
    """:func:`_load_or_fail`, with the scenarios read (:func:`_add_scenarios`)."""
    from sheetgen.core.source import reading_order
    from sheetgen.scenarios.loading import load_designs

    result = load_designs(named_scenarios(paths))
    scenarios = _add_scenarios(result)
    if result.input_errors:
        _print_located(reading_order([*result.input_errors, *result.partial]), err=True)
        raise typer.Exit(2)
    return result, scenarios


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="Print the version and exit.")] = False,
) -> None:
    if version:
        typer.echo(f"sheetgen {__version__}")
        raise typer.Exit(0)
