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
import os
import signal
import sys

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
    for name in ("SIGTERM", "SIGHUP"):  # as Ctrl-C: through Python's exit (not on Windows: no HUP)
        signum = getattr(signal, name, None)
        if signum is not None and signal.getsignal(signum) is signal.SIG_DFL:  # not under nohup
            signal.signal(signum, _leave)
    try:
        try:
            app(prog_name="sheetgen")
        finally:
            sys.stdout.flush()
    except BrokenPipeError:
        # the reader of the output has gone (``sheetgen stats ... | head -1``): stop as a tool
        # killed by SIGPIPE does, status 128 + 13, with nothing more written to the closed pipe
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(128 + 13)
    except Exception as exc:
        # a library that catches everything (ReportLab's PDF writer) can turn a stop that came
        # in the middle of it (Ctrl-C, SIGTERM) into an error of its own: it is still the stop
        code = _stop_behind(exc)
        if code is None:
            raise
        sys.exit(code)


def _stop_behind(exc: BaseException) -> int | None:
    """The exit status of a Ctrl-C (130) or signal's stop (128 + its number) that ``exc`` was
    raised while handling, or ``None``."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, KeyboardInterrupt):
            return 130
        if isinstance(cause, SystemExit) and isinstance(cause.code, int):
            return cause.code
        cause = cause.__cause__ or cause.__context__
    return None


def _leave(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP: leave as Ctrl-C does, through Python's exit (status 128 + the
    signal's number), so files being written are removed, folders made for them too, and
    what the process keeps (WeasyPrint's copies of the fonts) is let go."""
    raise SystemExit(128 + signum)
