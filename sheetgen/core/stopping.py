"""How a run stops on a signal: Ctrl-C (SIGINT), SIGTERM (``kill``) and SIGHUP (a closed
terminal) all end it through Python's exit, ``KeyboardInterrupt`` for Ctrl-C (status 130) and
``SystemExit`` with status 128 + the signal's number for the others, so the files being
written are removed and the folders made for them too. The command line, the designer's
server and the print workers take these signals through this module.

Once a stop has begun, further signals wait for it (a second Ctrl-C would otherwise cut the
clean-up short); a step that must not be cut in two (putting a kit's files in place, one
rename after another) defers the signals that come meanwhile (:func:`signals_deferred`)."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

__all__ = [
    "STOP_SIGNALS",
    "exit_with_parent",
    "ignore_late_signals",
    "raise_stop",
    "signals_deferred",
    "stop_on_signals",
    "stop_status",
]

#: The signals that stop a run as Ctrl-C does (those this platform has: no SIGHUP on Windows).
STOP_SIGNALS: tuple[int, ...] = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))

#: The stop raised in this process (its exception and signal), once one has begun.
_stop: tuple[BaseException, int] | None = None
#: The swallowed-stop hook is running: a signal now would be swallowed again (it is resent).
_resending = False
#: How deep the main thread is in :func:`signals_deferred`, and the first signal deferred.
_deferring = 0
_deferred: int | None = None


def stop_on_signals() -> None:
    """Take Ctrl-C, SIGTERM and SIGHUP by :func:`raise_stop` (each one not ignored, as SIGHUP
    is under ``nohup``, nor handled already). A stop raised where Python only reports
    exceptions ("Exception ignored in": an object's ``__del__``, the hooks run after
    ``fork``) is sent again, so it is not lost (:func:`_resend_swallowed_stop`)."""
    for signum in (signal.SIGINT, *STOP_SIGNALS):
        if signal.getsignal(signum) in (signal.SIG_DFL, signal.default_int_handler):
            signal.signal(signum, raise_stop)
    if getattr(sys.unraisablehook, "__wrapped__", None) is None:
        sys.unraisablehook = _resend_swallowed_stop(sys.unraisablehook)


def raise_stop(signum: int, frame: object) -> None:
    """The signal handler: raise ``KeyboardInterrupt`` for SIGINT, else ``SystemExit(128 +
    signum)``. Nothing is raised once a stop is under way (its clean-up goes on), and a
    signal inside :func:`signals_deferred` is raised when that step ends."""
    global _deferred
    if _stop is not None or _resending:
        return
    if _deferring:
        _deferred = signum if _deferred is None else _deferred
        return
    _raise(signum)


def _raise(signum: int) -> NoReturn:
    global _stop
    stop = KeyboardInterrupt() if signum == signal.SIGINT else SystemExit(128 + signum)
    _stop = (stop, signum)
    raise stop


@contextmanager
def signals_deferred() -> Iterator[None]:
    """A step no signal may cut in two: a stop that comes during it is raised when it ends
    (steps nest: the outermost one's end). Only the main thread, where Python runs signal
    handlers, defers them; elsewhere this does nothing."""
    global _deferring, _deferred
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _deferring += 1
    try:
        yield
    finally:
        _deferring -= 1
        if not _deferring and _deferred is not None:
            signum, _deferred = _deferred, None
            if _stop is None:
                _raise(signum)


def ignore_late_signals() -> None:
    """At the end of a run a signal stopped: ignore the stop signals from here on, so one
    that comes while Python ends (its handlers gone) cannot change the exit status."""
    if _stop is not None:
        for signum in (signal.SIGINT, *STOP_SIGNALS):
            signal.signal(signum, signal.SIG_IGN)


def _resend_swallowed_stop(report: Any) -> Any:
    """A ``sys.unraisablehook``: the stop :func:`raise_stop` raised, swallowed where Python
    only reports exceptions, is sent to this process again from another thread until it is
    raised (a signal taken inside this hook would be swallowed too); anything else goes to
    ``report``."""

    def hook(unraisable: Any) -> None:
        global _stop, _resending
        if _stop is None or unraisable.exc_value is not _stop[0]:
            report(unraisable)
            return
        signum, _stop, _resending = _stop[1], None, True
        try:
            threading.Thread(target=_send_until_raised, args=(signum,), daemon=True).start()
        finally:
            _resending = False

    hook.__wrapped__ = report  # type: ignore[attr-defined]
    return hook


def _send_until_raised(signum: int) -> None:
    while _stop is None:
        os.kill(os.getpid(), signum)
        time.sleep(0.005)


def stop_status(exc: BaseException) -> int | None:
    """The exit status of the Ctrl-C (130) or signal stop (128 + its number) that ``exc`` was
    raised while handling, or ``None``: a library that catches everything (ReportLab's PDF
    writer) can turn a stop that came in the middle of it into an error of its own."""
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


def exit_with_parent(parent: int) -> None:
    """In a worker process: end it (status 1) from a daemon thread once ``parent``, the process
    that started it, is gone (``kill -9``), as nothing would hand it work or stop it again."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
