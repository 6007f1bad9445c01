"""HTML documents printed to PDF in worker processes.

WeasyPrint lays a document out in one thread, so record sheets for many ships
are printed as several documents (:mod:`sheetgen.render.record_sheets`) and those in
parallel here. The result does not depend on the number of workers: each
document is printed whole by one process, the same bytes either way.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from sheetgen.core.output import OutputError
from sheetgen.core.rendered import Rendered
from sheetgen.core.resources import templates_dir
from sheetgen.core.stopping import STOP_SIGNALS, exit_with_parent, raise_stop, signals_deferred
from sheetgen.render import printcache
from sheetgen.render.html import html_to_pdf, import_weasyprint

__all__ = [
    "WORKER_MEMORY",
    "PrintJob",
    "Printer",
    "WorkerLost",
    "available_memory",
    "bounded_jobs",
    "default_jobs",
    "most_jobs",
    "print_documents",
    "processors",
]


#: The memory one printing worker takes at its peak, in bytes: the largest process of
#: record sheets for 1,000 ships measured 159 MiB (``docs/performance.md``).
WORKER_MEMORY = 160 * 2**20


def processors() -> int:
    """The processors this process may run on (at least 1)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def available_memory() -> int | None:
    """Bytes of memory the system can give new processes now without swapping
    (``MemAvailable`` of ``/proc/meminfo``; elsewhere the free physical pages), or None
    when the system does not say."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, ValueError, OSError):
        return None


def most_jobs() -> tuple[int, str]:
    """The most worker processes worth starting here, and why: one per processor
    (:func:`processors`), and no more than the available memory holds at
    :data:`WORKER_MEMORY` each (at least 1). The reason reads ``"2 processors"`` or
    ``"memory for 3 workers"``."""
    cores = processors()
    free = available_memory()
    fits = max(1, free // WORKER_MEMORY) if free is not None else cores
    if fits < cores:
        return fits, f"memory for {fits} worker{'s' if fits != 1 else ''}"
    return cores, f"{cores} processor{'s' if cores != 1 else ''}"


def default_jobs() -> int:
    """Worker processes to use by default: :func:`most_jobs`."""
    return most_jobs()[0]


def bounded_jobs(asked: int | None) -> tuple[int, str | None]:
    """``--jobs``: ``asked`` (None: :func:`default_jobs`), lowered to :func:`most_jobs`,
    with a note line saying so when it was lowered (else None). More workers than
    processors only wait on each other, and each takes :data:`WORKER_MEMORY`."""
    most, why = most_jobs()
    if asked is None or asked <= most:
        return (most if asked is None else asked), None
    return most, f"--jobs {asked} lowered to {most}: {why}"


class Printer:
    """Prints HTML documents to PDF by up to ``jobs`` worker processes, kept from one
    call to the next (a kit's sheets and cards, then its briefings, by the same
    workers), until :meth:`close` or the end of a ``with`` block.

    Workers are started at the first call with more than one document to print,
    forked where that is safe (Linux, a single-threaded caller), after this process has
    loaded WeasyPrint once for all of them; started afresh otherwise, each loading it. The
    workers write no temporary files (WeasyPrint copies no fonts:
    :func:`~sheetgen.render.html.bundled_fonts_only`).
    Raises ``ValueError`` for ``jobs`` below 1.
    """

    def __init__(self, jobs: int = 1) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self._pool: ProcessPoolExecutor | None = None
        self._on_signal: dict[int, Any] = {}  # the handlers before this printer's (STOP_SIGNALS)

    def __enter__(self) -> Printer:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        self.close(abandon=kind is not None)

    def close(self, *, abandon: bool = False) -> None:
        """Stop the workers: after what they are printing, or at once with ``abandon``
        (an error or a signal stopped the print; nothing they make is wanted)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            if abandon:
                # no public way to stop busy workers before Python 3.14 (terminate_workers)
                for process in list((getattr(pool, "_processes", None) or {}).values()):
                    process.terminate()
            pool.shutdown(wait=True, cancel_futures=abandon)
        for signum, handler in self._on_signal.items():
            signal.signal(signum, handler)
        self._on_signal = {}

    def _start(self) -> ProcessPoolExecutor:
        """The workers, started. While they run, SIGTERM (``kill``) or SIGHUP to this
        process stops it as Ctrl-C does, so the workers are stopped with it rather than
        left behind (in the main thread only, where signals are handled). A worker leaves
        at once and quietly on SIGTERM or SIGHUP, ignores Ctrl-C (its printer stops it),
        and leaves by itself if this process ends without stopping it (``kill -9``)."""
        global _owner
        fork = sys.platform.startswith("linux") and threading.active_count() == 1
        context = multiprocessing.get_context("fork" if fork else "spawn")
        if fork:
            import_weasyprint()  # once, here, rather than in each worker: forked, they have it
        # a signal this process ignores (SIGHUP under ``nohup``) is ignored by its workers too,
        # so a closing terminal's hang-up to the whole group stops neither
        ignored = tuple(n for n in STOP_SIGNALS if signal.getsignal(n) is signal.SIG_IGN)
        pool = ProcessPoolExecutor(
            max_workers=self.jobs,
            mp_context=context,
            initializer=_start_worker,
            initargs=(os.getpid(), ignored),
        )
        if threading.current_thread() is threading.main_thread():
            _owner = os.getpid()
            self._on_signal = {n: signal.signal(n, _stop_printing) for n in STOP_SIGNALS if n not in ignored}
        return pool

    def start(self, documents: Sequence[str]) -> PrintJob:
        """Hand ``documents`` (HTML) to the workers to print to PDF
        (:func:`~sheetgen.render.html.html_to_pdf`) and return at once, while they print:
        this process is free for work that needs no WeasyPrint (drawing counters and maps)
        until :meth:`PrintJob.results`. A document given twice (a game's card in several
        kits) is printed once, and one printed in an earlier run is taken from the print
        cache (:mod:`~sheetgen.render.printcache`). With no workers (one job, or one
        document to print) the documents are printed in this process by
        :meth:`PrintJob.results`."""
        distinct = list(dict.fromkeys(documents))  # the same HTML prints the same bytes: once
        base_url = str(templates_dir())
        by_document = {d: r for d in distinct if (r := printcache.kept(printcache.cache_key([d], base_url)))}
        distinct = [d for d in distinct if d not in by_document]  # printed before (the print cache)
        if self._pool is None and min(self.jobs, len(distinct)) > 1:
            self._pool = self._start()
        if self._pool is None:
            return PrintJob(list(documents), distinct, by_document, None, [])
        longest_first = sorted(distinct, key=len, reverse=True)  # the last to finish is a short one
        with signals_deferred():  # workers are started here: a stop waits until they are known, to be stopped
            printing = self._pool.map(html_to_pdf, longest_first)  # every document handed out at once
        return PrintJob(list(documents), distinct, by_document, printing, longest_first)

    def print_documents(self, documents: Sequence[str]) -> list[Rendered]:
        """Each HTML document in ``documents`` printed to PDF, in order (:meth:`start`,
        then :meth:`PrintJob.results`)."""
        return self.start(documents).results()


class PrintJob:
    """Documents handed to a :class:`Printer` (:meth:`Printer.start`): :meth:`results`
    waits for them and gives each document's PDF, in the order given."""

    def __init__(
        self,
        documents: list[str],
        distinct: list[str],
        by_document: dict[str, Rendered],
        printing: Iterator[Rendered] | None,
        longest_first: list[str],
    ) -> None:
        self._documents = documents
        self._distinct = distinct  # the documents to print, each once
        self._by_document = by_document  # printed already (the print cache), then all
        self._printing = printing  # the workers' results, in ``longest_first`` order (None: none)
        self._longest_first = longest_first

    def results(self) -> list[Rendered]:
        """Each document's PDF, in the order given, once every one is printed (in this
        process when there are no workers). Raises :class:`WorkerLost` when a worker ended
        before it finished; what a document's printing raises is raised here."""
        if self._printing is None:
            printed = [html_to_pdf(document) for document in self._distinct]
        else:
            try:
                by_length = dict(zip(self._longest_first, self._printing, strict=True))
            except BrokenProcessPool:
                raise WorkerLost(
                    "cannot print: a print worker stopped before it finished (killed, or out of "
                    "memory); nothing was written"
                ) from None
            printed = [by_length[document] for document in self._distinct]
        self._by_document.update(zip(self._distinct, printed, strict=True))
        return [self._by_document[document] for document in self._documents]


def print_documents(documents: Sequence[str], jobs: int = 1) -> list[Rendered]:
    """:meth:`Printer.print_documents` by a printer of ``jobs`` workers, used once."""
    with Printer(jobs) as printer:
        return printer.print_documents(documents)


#: The process whose printer set :func:`_stop_printing` (a worker forked from it inherits it).
_owner = 0


def _stop_printing(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP while workers print: leave as Ctrl-C would (exit status 128 +
    the signal's number). In a worker that inherited this handler (forked before it set
    its own), leave at once without a word: its printer is stopping it."""
    if os.getpid() != _owner:
        os._exit(128 + signum)
    raise_stop(signum, frame)


def _start_worker(owner: int, ignored: tuple[int, ...] = ()) -> None:
    """Start a print worker: leave on SIGTERM or SIGHUP at once (unless ``ignored``, the
    signals its printing process ignores), ignore Ctrl-C (the printer that started it stops
    it), leave by itself when ``owner`` (the printing process) is gone; then import
    WeasyPrint."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN if signum in ignored else signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent(owner)
    import_weasyprint()


class WorkerLost(OutputError):
    """A print worker ended without finishing its documents (killed from outside, or by the
    system for want of memory): the print cannot be made, and nothing is written."""
