"""HTML documents printed to PDF in worker processes.

WeasyPrint lays a document out in one thread, so record sheets for many ships
are printed as several documents (:mod:`sheetgen.render.sheets`) and those in
parallel here. The result does not depend on the number of workers: each
document is printed whole by one process, the same bytes either way.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from sheetgen.core.rendered import Rendered
from sheetgen.render.html import html_to_pdf

__all__ = ["default_jobs", "print_documents"]


def default_jobs() -> int:
    """Worker processes to use by default: the processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def print_documents(documents: Sequence[str], jobs: int = 1) -> list[Rendered]:
    """Each HTML document in ``documents`` printed to PDF (:func:`~sheetgen.render.html.html_to_pdf`),
    in order, by up to ``jobs`` worker processes (none for one job or one document).

    Workers are forked where that is safe (Linux, a single-threaded caller) and
    started afresh otherwise. Raises ``ValueError`` for ``jobs`` below 1.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    workers = min(jobs, len(documents))
    if workers <= 1:
        return [html_to_pdf(document) for document in documents]
    fork = sys.platform.startswith("linux") and threading.active_count() == 1
    context = multiprocessing.get_context("fork" if fork else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(html_to_pdf, documents))
