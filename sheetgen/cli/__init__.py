"""The ``sheetgen`` command line: thin verbs over the library.

:mod:`sheetgen.cli.app` holds the Typer ``app`` and what every verb shares;
each other module adds its verbs to it. A verb's module is imported only when
the verb is run (:data:`sheetgen.cli.app.VERB_TABLE`), and every verb module
imports only light modules at its top level, so ``sheetgen --help`` and
``sheetgen validate`` start fast. :func:`sheetgen.cli.app.load_verbs` imports
them all. This package itself imports only the standard library's signal handling
until :func:`main` runs, so a signal is taken as a stop from the first moment.
"""

from __future__ import annotations

import gc
import os
import sys

from sheetgen.core.stopping import ignore_late_signals, signals_deferred, stop_on_signals, stop_status

__all__ = ["main"]


def main() -> None:
    """Entry point of the ``sheetgen`` script (and of ``python -m sheetgen``, which is named
    ``sheetgen`` too, so its usage lines and shell completion match the script's).

    Ctrl-C, SIGTERM and SIGHUP stop the run through Python's exit from here on
    (:mod:`sheetgen.core.stopping`), before the command line is even imported; what sheetgen
    processes killed outright left in the temporary folder is removed
    (:func:`sheetgen.core.leftovers.sweep_leftovers`). What is imported then (Python's,
    Typer's and sheetgen's modules) lives as long as the process, so it is moved out of the
    garbage collector's reach (``gc.freeze``): the collector would otherwise walk it again on
    every full collection and once more at exit, about a tenth of ``sheetgen validate``'s CPU
    time."""
    stop_on_signals()  # as Ctrl-C: through Python's exit
    try:
        _run()
    finally:
        ignore_late_signals()


def _run() -> None:
    """The command line, once the signals are taken (:func:`main`)."""
    try:
        from sheetgen.cli.app import app
        from sheetgen.core.leftovers import sweep_leftovers

        with signals_deferred():  # finding the temporary folder makes and removes a file there
            sweep_leftovers()
    except KeyboardInterrupt:
        sys.exit(130)
    gc.freeze()
    # the reader of the output may go early (``sheetgen stats ... | head -1``): stop as a tool
    # killed by SIGPIPE does, status 128 + 13, with nothing more written to the closed pipe,
    # whether Click met the closed pipe (it exits 1, an illegal design's status, with its
    # streams made quiet) or the last flush does
    try:
        try:
            app(prog_name="sheetgen")
        finally:
            sys.stdout.flush()
    except SystemExit:
        if type(sys.stdout).__name__.endswith("PacifyFlushWrapper"):
            sys.exit(128 + 13)
        raise
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(128 + 13)
    except Exception as exc:
        # a library that catches everything (ReportLab's PDF writer) can turn a stop that came
        # in the middle of it (Ctrl-C, SIGTERM) into an error of its own: it is still the stop
        code = stop_status(exc)
        if code is None:
            raise
        sys.exit(code)
