"""``sheetgen play``: a scenario's game in the browser (play mode, ``docs/play.md``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import YAML_FORMATS, _fail, _format_for, app, given_path, short_help
from sheetgen.cli.serve import _address, listen, run_server, shown_address

__all__ = ["play"]


_Scenario = Annotated[
    Path | None,
    typer.Argument(
        metavar="SCENARIO", help="The scenario to play (a file in the workspace).", parser=given_path
    ),
]
_GameId = Annotated[
    str | None,
    typer.Argument(metavar="GAME", help="With 'export': the game whose surviving ships to write."),
]
_Output = Annotated[
    Path | None,
    typer.Option(
        "-o", "--output", metavar="FILE.yaml", help="With 'export': the file to write.", parser=given_path
    ),
]
_ListGames = Annotated[bool, typer.Option("--list", help="List the games kept in the workspace and stop.")]
_Workspace = Annotated[
    Path,
    typer.Option(metavar="<folder>", help="The workspace (default: the current folder).", parser=given_path),
]
_New = Annotated[bool, typer.Option("--new", help="Start a new game even if one of SCENARIO is kept.")]
_Force = Annotated[bool, typer.Option("--force", help="With 'export': replace the -o file if it exists.")]
_Port = Annotated[
    int, typer.Option(min=0, max=65535, metavar="<n>", help="Port to listen on (0: any free one).")
]
_Host = Annotated[
    str,
    typer.Option(
        metavar="<address>",
        help="Address to listen on; anything but loopback lets other devices join (with the join code).",
        parser=_address,
    ),
]


@app.command(short_help=short_help("play"))
def play(
    scenario: _Scenario = None,
    game_id: _GameId = None,
    output: _Output = None,
    list_games: _ListGames = False,
    workspace: _Workspace = Path("."),
    new: _New = False,
    force: _Force = False,
    port: _Port = 8000,
    host: _Host = "127.0.0.1",
) -> None:
    """Play SCENARIO: serve every ship of every side as a live record sheet on
    http://HOST:PORT/play until interrupted (Ctrl-C).

    The game is kept in the workspace's .sheetgen/ folder: run the same command again
    to resume the newest game of SCENARIO (--new starts another). Other devices join
    with the join code the page shows. `sheetgen play export GAME -o FILE.yaml` writes
    each surviving ship's design with its condition: block, for the next scenario of a
    campaign.
    """
    from sheetgen.core.refused import Refused
    from sheetgen.play.engine import Engine

    if not workspace.is_dir():
        _fail(f"{workspace}: no such folder (the workspace must be a folder)")
    engine = Engine(workspace)
    if list_games:
        kept = engine.games()
        if not kept:
            typer.echo(f"no games kept in {workspace.resolve()}")
        for g in kept:
            when = datetime.fromtimestamp(g.created, UTC).strftime("%Y-%m-%d %H:%M UTC")
            typer.echo(f"{g.id}  {when}  {engine.version(g.id)} events  {g.scenario}")
        return
    if scenario is not None and scenario.as_posix() == "export" and not scenario.exists():
        _export(engine, game_id, output, force=force)
        return
    if scenario is None:
        _fail("give the scenario to play, or --list for the games kept")
    if game_id is not None or output is not None or force:
        extra = game_id if game_id is not None else "-o" if output is not None else "--force"
        _fail(
            f"{extra}: play takes one SCENARIO; GAME, -o and --force are for sheetgen play export GAME -o FILE.yaml"
        )
    scenario = _in_workspace(scenario, engine.root)
    try:
        relative = scenario.resolve().relative_to(engine.root).as_posix()
    except ValueError:
        _fail(f"{scenario}: not inside the workspace {engine.root} (give --workspace)")
    kept = [g for g in engine.games() if g.scenario == relative]
    try:
        if not kept or new:
            engine.read_scenario(relative)  # refused before the port is taken
        sock = listen(host, port)  # a busy port is refused before a game is made
        game = kept[0] if kept and not new else engine.create(relative)
    except Refused as exc:
        _fail(str(exc))
    port = sock.getsockname()[1]
    typer.echo(f"game {game.id} of {relative}: join code {game.code}", err=True)
    typer.echo(f"play on http://{shown_address(host)}:{port}/play?game={game.id}", err=True)
    run_server(workspace, sock, host, play_only=True)


def _in_workspace(given: Path, root: Path) -> Path:
    """``given`` when it is a file (or anything that exists); else the bundled scenario of
    that name as ``kit`` reads it (:func:`~sheetgen.cli.kit._scenario_path`), where the
    workspace holds it: the bundled file itself, or its copy by ``sheetgen examples``
    (``GAME/scenarios/NAME.yaml``). A game is kept in the workspace, so a bundled scenario
    outside it exits 2 with one line saying how to copy it in."""
    from sheetgen.cli.kit import _scenario_path

    if given.exists():
        return given
    bundled = _scenario_path(given)  # exit 2 listing the bundled names when it is none
    inside = bundled.relative_to(bundled.parents[2])  # GAME/scenarios/NAME.yaml
    for path in (bundled, root / inside):
        if path.resolve().is_relative_to(root) and path.is_file():
            return path
    _fail(
        f"{given}: a bundled scenario; play keeps its game in the workspace, so copy the examples in"
        f" first: sheetgen examples {root} --force, then sheetgen play {root / inside} --workspace {root}"
    )


def _export(engine: object, game_id: str | None, output: Path | None, *, force: bool = False) -> None:
    """Write the game's surviving ships with their condition: blocks to ``output``."""
    from sheetgen.core.output import check_writable, write_atomic
    from sheetgen.play.engine import Engine, UnknownGame

    assert isinstance(engine, Engine)
    if game_id is None or output is None:
        _fail("give the game and the file: sheetgen play export GAME -o FILE.yaml")
    if output.is_dir():
        _fail(f"{output} is a folder; give a file: -o FILE.yaml")
    _format_for(output, None, YAML_FORMATS)  # a design file, as import, new and roll write
    if output.exists() and not force:  # a design file of the player's: never replaced unasked
        _fail(f"{output} already exists; choose another -o or add --force to replace it")
    try:
        text = engine.export(game_id)
    except UnknownGame:
        _fail(f"no game {game_id!r} in {engine.root} (sheetgen play --list shows the games)")
    try:
        write_atomic(check_writable(output), text.encode("utf-8"))
    except OSError as exc:
        _fail(f"{output}: cannot write: {exc.strerror or exc}")
    typer.echo(f"wrote {output}", err=True)
