"""``sheetgen schema``: the JSON Schema of a game's design files, of fleets or of scenarios."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sheetgen.cli.app import _err, _fail, _format_for, _write, app, given_path, short_help
from sheetgen.core.findings import quoted
from sheetgen.games import GAMES

__all__ = ["schema"]


@app.command("schema", short_help=short_help("schema"))
def schema(
    name: Annotated[
        str,
        typer.Argument(help=f"{', '.join(GAMES)}, fleet or scenario."),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the schema here (a .json file) instead of printing it.",
            parser=given_path,
        ),
    ] = None,
    path: Annotated[
        bool, typer.Option("--path", help="Print where the installed copy of the schema is instead.")
    ] = False,
) -> None:
    """Print the JSON Schema (draft 2020-12) of a game's design files, of fleet files or
    of scenarios: every key with its type, units, allowed values and a description.

    Files that import and roll write start with the line
    '# yaml-language-server: $schema=GAME.schema.json', a path relative to the design
    file, so an editor with the YAML language server (VS Code's YAML extension, Neovim,
    Helix...) checks the file as you type once the schema sits beside it:
    'sheetgen schema GAME -o GAME.schema.json'. The reference is the same on
    every machine and in every copy of a file; to use the installed copy instead, map it
    in the editor's yaml.schemas setting to the path --path prints.
    """
    from sheetgen.scenarios.json_schemas import schema_file, schema_names, schema_text

    key, names = name.strip().lower(), schema_names()
    if key not in names:
        from sheetgen.core.fields import did_you_mean

        _fail(f"no schema named {quoted(name)}{did_you_mean(name, names)}; known: {', '.join(names)}")
    if path:
        typer.echo(str(schema_file(key)))
        return
    text = schema_text(key)
    if output is None:
        typer.echo(text, nl=False)
        return
    _format_for(output, None, ("json",))
    _write(output, text.encode("utf-8"))
    _err(f"wrote {output}")
