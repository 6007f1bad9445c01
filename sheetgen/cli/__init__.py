"""The ``sheetgen`` command line: thin verbs over the library.

:mod:`sheetgen.cli.app` holds the Typer ``app`` and what every verb shares;
each other module adds its verbs to it. A verb's module is imported only when
the verb is run (:data:`sheetgen.cli.app.VERB_TABLE`), and every verb module
imports only light modules at its top level, so ``sheetgen --help`` and
``sheetgen validate`` start fast. :func:`sheetgen.cli.app.load_verbs` imports
them all.
"""

from __future__ import annotations

import gc

from sheetgen.cli.app import app

__all__ = ["app", "main"]


def main() -> None:
    """Entry point of the ``sheetgen`` script (and of ``python -m sheetgen``, which is named
    ``sheetgen`` too, so its usage lines and shell completion match the script's).

    What is imported by now (Python's, Typer's and sheetgen's modules) lives as long as the
    process, so it is moved out of the garbage collector's reach (``gc.freeze``): the
    collector would otherwise walk it again on every full collection and once more at exit,
    about a tenth of ``sheetgen validate``'s CPU time."""
    gc.freeze()
    app(prog_name="sheetgen")
