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
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from sheetgen.core.rendered import Rendered
from sheetgen.render.html import html_to_pdf, import_weasyprint

__all__ = ["HtmlPrint", "default_jobs", "print_all", "print_documents"]


def default_jobs() -> int:
    """Worker processes to use by default: the processors this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def print_documents(documents: Sequence[str], jobs: int = 1) -> list[Rendered]:
    """Each HTML document in ``documents`` printed to PDF (:func:`~sheetgen.render.html.html_to_pdf`),
    in order, by up to ``jobs`` worker processes (none for one job or one document);
    a document given twice (a game's card in several kits) is printed once.

    Workers are forked where that is safe (Linux, a single-threaded caller) and
    started afresh otherwise. Raises ``ValueError`` for ``jobs`` below 1.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    distinct = list(dict.fromkeys(documents))  # the same HTML prints the same bytes: once
    workers = min(jobs, len(distinct))
    if workers <= 1:
        printed = [html_to_pdf(document) for document in distinct]
    else:
        fork = sys.platform.startswith("linux") and threading.active_count() == 1
        if fork:
            import_weasyprint()  # once, before forking: the workers inherit it loaded
        context = multiprocessing.get_context("fork" if fork else "spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            printed = list(pool.map(html_to_pdf, distinct))
    by_document = dict(zip(distinct, printed, strict=True))
    return [by_document[document] for document in documents]


@dataclass
class HtmlPrint:
    """A PDF to make from HTML: its ``documents``, and ``finish``, which makes the PDF
    from their printed forms (in order; joining, numbering). No documents: ``finish``
    gets an empty list (a part made already, such as a card printed earlier)."""

    documents: list[str]
    finish: Callable[[list[Rendered]], Rendered]


def print_all(prints: Sequence[HtmlPrint], jobs: int = 1) -> list[Rendered]:
    """Every PDF of ``prints``, in order: all their documents printed together by up to
    ``jobs`` processes (:func:`print_documents`), then each finished. Raises
    ``ValueError`` for ``jobs`` below 1."""
    printed = print_documents([d for p in prints for d in p.documents], jobs)
    out: list[Rendered] = []
    start = 0
    for p in prints:
        out.append(p.finish(printed[start : start + len(p.documents)]))
        start += len(p.documents)
    return out
