"""``sheetgen explain``: what a finding's rule id means (:func:`sheetgen.games.rulebook`).

``sheetgen explain SF-5`` prints the ruling a finding cites (any case, ``sf5`` or
``[SF-5]`` as copied from a finding line); ``sheetgen explain --list`` lists every
id with its title. An unknown id is one line on standard error with the closest
ids, exit status 2.
"""

from __future__ import annotations

import textwrap
from typing import Annotated

import typer

from sheetgen.cli.app import app, short_help

__all__ = ["explain"]

#: Width the explanation is wrapped to, in characters.
WIDTH = 88


def _field(label: str, text: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=f"{label}: ", subsequent_indent="  ")


@app.command(short_help=short_help("explain"))
def explain(
    rule_id: Annotated[
        str | None, typer.Argument(metavar="RULE-ID", help="The id in a finding's brackets, any case.")
    ] = None,
    list_all: Annotated[bool, typer.Option("--list", help="List every rule id with its title.")] = False,
) -> None:
    """Print the ruling a finding cites: what it decides, why, and the rule text's section it reads.

    Every id a finding can print resolves; `--list` lists them all.
    """
    from sheetgen.games import rulebook

    book = rulebook()

    if list_all == (rule_id is not None):
        typer.echo(
            "sheetgen explain: error: give a RULE-ID or --list (see sheetgen explain --help)", err=True
        )
        raise typer.Exit(2)
    if list_all:
        width = max(len(r.id) for r in book.rulings)
        for r in book.rulings:
            typer.echo(f"{r.id:<{width}}  {r.title}")
        return
    assert rule_id is not None
    ruling = book.find(rule_id)
    if ruling is None:
        typer.echo(book.unknown_id(rule_id), err=True)
        raise typer.Exit(2)
    lines = [f"{ruling.id}: {ruling.title}"]
    lines += [_field(label, text) for label, text in book.explained(ruling)]
    typer.echo("\n".join(lines))
