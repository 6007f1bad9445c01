"""Print jobs of ``sheetgen serve``, each run by a worker process that can be stopped.

A record sheet of many ships takes minutes to print, and WeasyPrint holds its
thread all that time, so the server hands every print (``sheet.pdf``,
``sheet.html``, ``counters.pdf``, ``counters.svg``, ``kit.zip``) to a worker
process and waits for its answer without holding anything else:

* up to :data:`SLOTS` prints run side by side, each in its own worker; up to
  :data:`QUEUE` more wait for a free one (at most :data:`WAIT` seconds); a print
  beyond that is refused at once with 503 and ``Retry-After``;
* a print whose client has gone (the connection closed) is stopped: unless it ends
  within :data:`GRACE` seconds, its worker is killed and a fresh one started for the
  next print; so is a print that runs longer than :data:`JOB_TIME` seconds (503).

``sheetgen serve`` starts its workers as it starts; each loads WeasyPrint and prints
every game's starting record sheet before it takes a job
(:func:`~sheetgen.serve.service.warm_printer`), so the first print costs what later
ones do. Workers are kept between prints (shared by every application in the process;
one is started when none is idle); :func:`close_workers` stops them (at the end of
``sheetgen serve``, and at exit). A worker writes nothing in the temporary folder but
the folder of a kit it builds, and leaves by itself when the server is gone.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import errno
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from sheetgen.core.leftovers import sweep_leftovers
from sheetgen.core.stopping import exit_with_parent, raise_stop
from sheetgen.serve.service import Refusal

__all__ = ["JOB_TIME", "QUEUE", "SLOTS", "WAIT", "Prints", "close_workers", "start_workers"]

T = TypeVar("T")

#: Prints run side by side, each by its own worker process.
SLOTS = 2
#: Prints that may wait for a free worker; one more is refused (503).
QUEUE = 8
#: Longest a print waits for a free worker, in seconds (then 503).
WAIT = 60.0
#: Longest a print may run, in seconds: its worker is then stopped (503).
JOB_TIME = 300.0
#: Seconds a print whose client has gone may still take before its worker is killed: a
#: preview the page no longer wants ends by itself, and its worker is kept.
GRACE = 1.0
#: Seconds a client is told to wait before asking again (``Retry-After``).
RETRY_AFTER = 5

#: Idle workers, kept warm for the next print (any application in this process).
_idle: list[_Worker] = []
_idle_lock = threading.Lock()
#: Every worker alive, for :func:`close_workers`.
_alive: set[_Worker] = set()


class _Worker:
    """One worker process and the pipe its jobs go through."""

    def __init__(self) -> None:
        # started afresh: the server runs threads, never fork it (and a fork server would keep a
        # socket in a temporary folder that a kill -9 leaves behind)
        context = multiprocessing.get_context("spawn")
        here, there = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_work, args=(there, os.getpid()), name="sheetgen-serve-print"
        )
        self.process.start()
        there.close()
        self.conn: Connection = here
        self._stopping = threading.Lock()
        with _idle_lock:
            _alive.add(self)

    def stop(self, *, kill: bool) -> None:
        """End the worker: at once (``kill``: it is busy with work nobody wants; the folder of a
        kit it was building is swept), or by SIGTERM, through Python's exit (an idle one, or
        one still warming up)."""
        # one thread reaps the process: two that wait on it at once (a kill and the stop at
        # exit) race for its exit status, and the loser reads it as still alive
        with self._stopping:
            if self.process.exitcode is None:
                with contextlib.suppress(OSError):
                    self.conn.close()
                (self.process.kill if kill else self.process.terminate)()
                self.process.join(timeout=10)
                if self.process.is_alive():
                    self.process.kill()
                    self.process.join(timeout=10)
            with _idle_lock:
                _alive.discard(self)
        if kill:
            sweep_leftovers()


def _take() -> _Worker:
    with _idle_lock:
        while _idle:
            worker = _idle.pop()
            if worker.process.is_alive():
                return worker
            _alive.discard(worker)
    return _Worker()


def _give_back(worker: _Worker) -> None:
    with _idle_lock:
        _idle.append(worker)


def start_workers(count: int = SLOTS) -> None:
    """Start workers until ``count`` are idle, so the first prints need not wait for one to
    start (about a second each); called by ``sheetgen serve`` in a thread as it starts."""
    with _idle_lock:
        missing = count - len(_idle)
    for _ in range(missing):
        _give_back(_Worker())


def close_workers() -> None:
    """Stop every worker: idle ones by SIGTERM, busy ones at once (SIGKILL)."""
    with _idle_lock:
        idle, _idle[:] = list(_idle), []
        busy = [w for w in _alive if w not in idle]
    for worker in idle:
        worker.stop(kill=False)
    for worker in busy:
        worker.stop(kill=True)


class Prints:
    """The print slots of one application: :meth:`run` a job in a worker, bounded and stoppable."""

    def __init__(self, slots: int = SLOTS, queue: int = QUEUE, *, in_process: bool = False) -> None:
        self.slots = slots
        self.queue = queue
        #: Run jobs in this process's threads instead (tests that replace a library function):
        #: bounded and queued the same, but a job is not stopped when its client goes.
        self.in_process = in_process
        self._free: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting = 0

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._free is None or self._loop is not loop:  # a new event loop (tests): new slots
            self._free, self._loop, self._waiting = asyncio.Semaphore(self.slots), loop, 0
        return self._free

    async def run(self, gone: Callable[[], Any], job: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``job(*args, **kwargs)`` run by a worker process, its result (or the
        :class:`Refusal` or ``OSError`` it raised) returned here. ``gone``: an awaitable
        factory that finishes when the client has gone (its connection closed); the job is
        then stopped (its worker killed) and a :class:`Refusal` (400) raised.

        Raises :class:`Refusal` 503 with ``Retry-After`` when :attr:`queue` prints wait
        already, when none was free within :data:`WAIT` seconds, and when the job ran longer
        than :data:`JOB_TIME` seconds; 500-worthy failures in the worker come back as
        ``RuntimeError`` naming the exception."""
        free = self._semaphore()
        if free.locked() and self._waiting >= self.queue:
            raise _busy(f"{self.slots + self.queue} prints are under way or waiting")
        self._waiting += 1
        try:
            await asyncio.wait_for(free.acquire(), WAIT)
        except TimeoutError:
            raise _busy(f"no printer was free within {WAIT:g} s") from None
        finally:
            self._waiting -= 1
        try:
            if self.in_process:
                from starlette.concurrency import run_in_threadpool

                return await run_in_threadpool(job, *args, **kwargs)
            return await self._run(gone, job, args, kwargs)
        finally:
            free.release()

    async def _run(self, gone: Callable[[], Any], job: Callable[..., T], args: Any, kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        worker = await loop.run_in_executor(None, _take)
        answer: asyncio.Future[Any] | None = None
        watching = asyncio.ensure_future(gone())
        watching.add_done_callback(lambda t: t.cancelled() or t.exception())  # said, if it failed: gone
        try:
            try:
                await loop.run_in_executor(None, worker.conn.send, (job, args, kwargs))
            except (OSError, EOFError):  # an idle worker that died meanwhile: a fresh one
                await _kill(loop, worker, None)
                worker = await loop.run_in_executor(None, _Worker)
                await loop.run_in_executor(None, worker.conn.send, (job, args, kwargs))
            answer = loop.run_in_executor(None, worker.conn.recv)
            done, _pending = await asyncio.wait(
                {answer, watching}, timeout=JOB_TIME, return_when=asyncio.FIRST_COMPLETED
            )
        except BaseException:
            await _kill(loop, worker, answer)
            raise
        finally:
            watching.cancel()
        if answer not in done and watching in done:  # a print about to end (a preview) ends
            done, _pending = await asyncio.wait({answer}, timeout=GRACE)
            if answer in done:
                with contextlib.suppress(BaseException):
                    answer.result()
                _give_back(worker)
            else:
                await _kill(loop, worker, answer)
            raise Refusal(400, ["sheetgen: error: the client went away; the print was stopped"])
        if answer not in done:
            await _kill(loop, worker, answer)
            raise _busy(f"the print took longer than {JOB_TIME:g} s and was stopped")
        try:
            kind, value = answer.result()
        except (EOFError, OSError):  # the worker died (out of memory, killed from outside)
            await _kill(loop, worker, None)
            raise _busy("a printer stopped before it finished (out of memory?)") from None
        _give_back(worker)
        if kind == "ok":
            return value  # type: ignore[no-any-return]
        if kind == "refusal":
            raise value
        if kind == "oserror":
            code, text, name = value
            raise OSError(code, text, name)
        raise RuntimeError(value)


async def _kill(loop: asyncio.AbstractEventLoop, worker: _Worker, answer: asyncio.Future[Any] | None) -> None:
    """Kill ``worker`` (in a thread: it waits for the process) and let its pending answer go;
    a fresh worker is started meanwhile, so the next print need not wait for one."""
    threading.Thread(target=start_workers, args=(1,), name="print-worker", daemon=True).start()
    await loop.run_in_executor(None, lambda: worker.stop(kill=True))
    if answer is not None:
        with contextlib.suppress(BaseException):
            await answer  # EOFError or OSError once the pipe is closed


def _busy(why: str) -> Refusal:
    return Refusal(
        503,
        [f"sheetgen: error: the server is busy printing ({why}); try again in {RETRY_AFTER} s"],
        headers={"Retry-After": str(RETRY_AFTER)},
    )


def _work(conn: Connection, owner: int) -> None:
    """A worker's life: run each job from ``conn`` and send back ``(kind, value)``, until the
    pipe ends. Ctrl-C is the server's to handle (it stops the workers); SIGTERM ends the
    worker through Python's exit (the folder of a kit it was building is removed); the end of
    ``owner`` (the server) ends it at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, raise_stop)
    exit_with_parent(owner)
    from sheetgen.serve.service import warm_printer

    with contextlib.suppress(Exception):  # a printer not warmed only prints its first sheet slower
        warm_printer(conn.poll)  # the first print costs what the later ones do (a job waiting ends it)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            break
        function, args, kwargs = job
        result: tuple[str, Any]
        try:
            result = ("ok", function(*args, **kwargs))
        except Refusal as exc:
            result = ("refusal", exc)
        except OSError as exc:
            result = ("oserror", (exc.errno or errno.EIO, exc.strerror or str(exc), exc.filename))
        except Exception as exc:
            result = ("crash", type(exc).__name__)
        try:
            conn.send(result)
        except (OSError, ValueError):
            break


atexit.register(close_workers)
