"""The ``sheetgen`` command line: thin verbs over the library.

:mod:`sheetgen.cli.app` holds the Typer ``app`` and what every verb shares;
each other module adds its verbs to it. Every verb module imports only light
modules at its top level, so ``sheetgen validate`` starts fast.
"""

from __future__ import annotations

from sheetgen.cli import (  # noqa: F401  (they add their verbs)
    counters,
    designs,
    explain,
    guide,
    kit,
    map,
    roll,
    schema,
    serve,
    vassal,
)
from sheetgen.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    """Entry point of the ``sheetgen`` script (and of ``python -m sheetgen``, which is named
    ``sheetgen`` too, so its usage lines and shell completion match the script's)."""
    app(prog_name="sheetgen")
