"""The ``new`` and ``examples`` verbs: a first design, and the bundled examples to copy."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import (
    YAML_FORMATS,
    _err,
    _fail,
    _format_for,
    _game_or_fail,
    _name_or_fail,
    _write_design,
    app,
    given_path,
    short_help,
)
from sheetgen.games import GAMES, find_game

#: The name ``sheetgen new`` gives a design when ``--name`` is not given.
DEFAULT_NAME = "New ship"


@app.command(short_help=short_help("new"))
def new(
    game: Annotated[str, typer.Argument(help=f"Game id: {', '.join(GAMES)}.")],
    name: Annotated[str, typer.Option("--name", "-n", help="The design's name.")] = DEFAULT_NAME,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the design here (a new .yaml file) instead of printing it.",
            parser=given_path,
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the -o file if it exists.")] = False,
) -> None:
    """Write a commented starting design for GAME that validates as written.

    Without -o the YAML goes to standard output. An existing -o file is never
    replaced unless --force is given (exit 2); the file is written atomically.
    """
    from sheetgen.core.resources import MissingResource, starting_design

    found = _game_or_fail(game)
    _name_or_fail(name)
    if output is not None:
        _format_for(output, None, YAML_FORMATS)
    try:
        text = starting_design(found.files(), name)
    except MissingResource as exc:
        _fail(str(exc))
    from sheetgen.scenarios.json_schemas import modeline

    text = f"{modeline(found.id)}\n{text}"  # an editor checks it against the schema beside it
    if output is None:
        typer.echo(text, nl=False)
        return
    _write_design(output, text, force=force)
    _err(f"wrote {output}: check it with sheetgen validate {output}")


def _no_links_inside(folder: Path, relatives: list[Path]) -> None:
    """Fail (exit 2, nothing copied) when a sub-folder or file the examples would be copied
    to under ``folder`` is a symbolic link: a copy through it would land outside ``folder``."""
    from sheetgen.core.findings import shown_path

    for relative in relatives:
        for depth in range(1, len(relative.parts) + 1):
            inside = folder.joinpath(*relative.parts[:depth])
            if inside.is_symlink():
                _fail(
                    f"{shown_path(inside)} is a symbolic link; examples are copied only into"
                    f" {shown_path(folder)} itself: remove the link or choose another folder (nothing was copied)"
                )


_Folder = Annotated[
    Path,
    typer.Argument(
        help="Folder to copy into (created if missing; must be empty).",
        parser=given_path,
    ),
]
_Force = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Copy into a folder that is not empty; files already there are kept, never replaced.",
    ),
]


@app.command(short_help=short_help("examples"))
def examples(
    folder: _Folder,
    force: _Force = False,
) -> None:
    """Copy the bundled designs, fleets, illegal examples and scenarios into FOLDER,
    one folder per game, so that ``sheetgen kit FOLDER/GAME/scenarios/SCENARIO.yaml``
    and ``sheetgen validate FOLDER`` work from there.

    A folder that is not empty is refused (exit 2) unless --force is given; even
    then no file already in it is replaced or removed (each is reported and kept). A copy
    that fails part-way (a full disk) removes what it copied and the folders it made.
    """
    from sheetgen.core.output import OutputError, OutputExists, make_folder, remove_empty, write_new
    from sheetgen.core.resources import MissingResource, example_files
    from sheetgen.core.stopping import signals_deferred

    if folder.exists() and not folder.is_dir():
        _fail(f"{folder} is a file, not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        _fail(f"{folder} is not empty; choose an empty or new folder, or add --force (no file is replaced)")
    try:
        files = example_files([find_game(game_id).files() for game_id in GAMES])
    except MissingResource as exc:
        _fail(str(exc))
    _no_links_inside(folder, [relative for relative, _source in files])
    kept: list[Path] = []
    copied: list[Path] = []  # the files this run created
    made: list[Path] = []  # the folders it made, deepest first
    try:
        try:
            for relative, source in files:
                target = folder / relative
                make_folder(target.parent, made)
                data = source.read_bytes()
                try:
                    with signals_deferred():  # the copy made and noted, or neither
                        write_new(target, data)
                        copied.append(target)
                except OutputExists:
                    if not target.is_file() or target.read_bytes() != data:
                        kept.append(target)
        except BaseException:  # a full disk, a signal: what was copied goes, all or none
            for path in reversed(copied):
                with contextlib.suppress(OSError):
                    path.unlink()
            remove_empty(made)
            raise
    except OSError as exc:
        _fail(f"{folder}: cannot write: {exc.strerror or exc}; nothing was copied")
    except OutputError as exc:
        _fail(f"{exc}; nothing was copied")
    for path in kept:
        _err(f"sheetgen: warning: {path} already exists and differs from the bundled file; kept as it was")
    _err(f"copied {len(copied)} example files into {folder}")
    from sheetgen.kit import default_scenario_name

    _err(f"try: sheetgen validate {folder}   or   sheetgen kit {Path(folder) / default_scenario_name()}")
