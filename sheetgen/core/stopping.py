"""How a run stops on a signal: Ctrl-C (SIGINT), SIGTERM (``kill``) and SIGHUP (a closed
terminal) end it through Python's exit, ``KeyboardInterrupt`` for Ctrl-C (status 130) and
``SystemExit`` with status 128 + the signal's number for the others, so files being written
are removed, folders made for them too, and what the process keeps (WeasyPrint's copies of
the fonts) is let go. The command line, the designer's server and the printer's workers take
these signals through this module.

Once a stop has begun, further signals wait for it (a second Ctrl-C or ``kill`` would
otherwise cut the clean-up short and leave the files it was removing); and a few steps that
must not be cut in two (putting a kit's files in place, one rename after another) hold the
signals that come meanwhile until they are done (:func:`held`)."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

__all__ = ["INTERRUPT", "STOPPING", "held", "leave", "settle", "stop_behind", "take_signals"]

#: The signals that stop a run as Ctrl-C does (those this platform has: no SIGHUP on Windows).
STOPPING: tuple[int, ...] = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))
#: Ctrl-C, which :func:`leave` turns into ``KeyboardInterrupt`` as Python's own handler does.
INTERRUPT = signal.SIGINT

#: A stop has begun in this process (the signal :func:`leave` acted on): later ones wait for it.
_stopping = False
#: How many :func:`held` steps the main thread is in, and the first signal that came meanwhile.
_held = 0
_pending: int | None = None
#: The stop :func:`leave` raised last, and for which signal (to make again if Python swallows it).
_raised: tuple[BaseException, int] | None = None


def take_signals() -> None:
    """Stop this process through :func:`leave` on Ctrl-C, SIGTERM and SIGHUP (each that is not
    ignored, as SIGHUP is under ``nohup``, nor handled already), and make a stop again that
    Python swallowed: one that came while Python ran code whose exceptions it only reports
    ("Exception ignored in": an object's ``__del__``, the hooks run after ``fork``) would
    otherwise be lost, printed as a traceback, and the run go on as if no signal had come."""
    for signum in (INTERRUPT, *STOPPING):
        if signal.getsignal(signum) in (signal.SIG_DFL, signal.default_int_handler):
            signal.signal(signum, leave)
    if getattr(sys.unraisablehook, "__wrapped__", None) is None:
        sys.unraisablehook = _remade(sys.unraisablehook)


def settle() -> None:
    """At the end of a run that a signal stopped: the stopping signals are ignored from here to
    the process's end, so one that comes while Python ends (after it has let go of its
    handlers) does not end it by the signal's own action instead of its exit status."""
    if _stopping:
        for signum in (INTERRUPT, *STOPPING):
            signal.signal(signum, signal.SIG_IGN)


def _remade(reported: Any) -> Any:
    """``sys.unraisablehook`` that gives a stop :func:`leave` raised back to its signal (it is
    taken again as the code goes on, outside what swallowed it), and reports the rest as
    ``reported`` does."""

    def hook(unraisable: Any) -> None:
        global _stopping
        if _raised is not None and unraisable.exc_value is _raised[0]:
            _stopping = False
            # sent again from another thread a moment later: sent from here, its handler would
            # run here, inside what swallows it (and if it lands in such a place again, again)
            again = threading.Timer(0.005, os.kill, (os.getpid(), _raised[1]))
            again.daemon = True
            again.start()
            return
        reported(unraisable)

    hook.__wrapped__ = reported  # type: ignore[attr-defined]
    return hook


def leave(signum: int, frame: object) -> None:
    """A signal handler: leave as Ctrl-C does, through Python's exit (``KeyboardInterrupt``
    for SIGINT, else ``SystemExit`` with status 128 + the signal's number). A signal that
    comes while a stop is under way is let pass (the clean-up goes on); one that comes in a
    :func:`held` step is acted on when the step is done."""
    global _pending
    if _stopping:
        return
    if _held:
        if _pending is None:
            _pending = signum
        return
    _stop(signum)


def _stop(signum: int) -> NoReturn:
    global _stopping, _raised
    _stopping = True
    stop = KeyboardInterrupt() if signum == INTERRUPT else SystemExit(128 + signum)
    _raised = (stop, signum)
    raise stop


@contextmanager
def held() -> Iterator[None]:
    """A step that a signal must not cut in two: a stop that comes during it (through
    :func:`leave`) is made when it ends, as if the signal had come then. Only the main thread,
    where Python runs signal handlers, holds them; elsewhere this does nothing."""
    global _held, _pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _held += 1
    try:
        yield
    finally:
        _held -= 1
        if not _held and _pending is not None:
            signum, _pending = _pending, None
            if not _stopping:
                _stop(signum)


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
