"""How a run stops on a signal: SIGTERM (``kill``) and SIGHUP (a closed terminal) end it as
Ctrl-C does, through Python's exit with status 128 + the signal's number, so files being
written are removed, folders made for them too, and what the process keeps (WeasyPrint's
copies of the fonts) is let go. The command line, the designer's server and the printer's
workers take these signals through this module."""

from __future__ import annotations

import signal
from typing import NoReturn

__all__ = ["STOPPING", "leave", "stop_behind"]

#: The signals that stop a run as Ctrl-C does (those this platform has: no SIGHUP on Windows).
STOPPING: tuple[int, ...] = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


def leave(signum: int, frame: object) -> NoReturn:
    """A signal handler: leave as Ctrl-C does, through Python's exit (``SystemExit``, status
    128 + the signal's number)."""
    raise SystemExit(128 + signum)


def stop_behind(exc: BaseException) -> int | None:
    """The exit status of a Ctrl-C (130) or a signal's stop (128 + its number) that ``exc``
    was raised while handling, or ``None``: a library that catches everything (ReportLab's
    PDF writer) can turn a stop that came in the middle of it into an error of its own."""
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
