"""The printing workers: stopped with the print when it fails or is killed, never left behind."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading

import pytest

from sheetgen.render.html import font_face_css
from sheetgen.render.pool import Printer

PAGE = "<html><head><style>{fonts}</style></head><body><p>{text}</p></body></html>"


def pages(n: int) -> list[str]:
    return [PAGE.format(fonts=font_face_css(), text=f"Ship {k}") for k in range(n)]


def test_what_the_main_process_raises_stops_the_workers_at_once() -> None:
    def fail() -> None:
        raise RuntimeError("counters failed")

    with pytest.raises(RuntimeError, match="counters failed"), Printer(2) as printer:
        printer.print_documents(pages(6), meanwhile=fail)
    assert multiprocessing.active_children() == []


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals: main thread")
def test_sigterm_while_workers_print_exits_143_and_takes_the_workers_with_it() -> None:
    before = signal.getsignal(signal.SIGTERM)

    def killed() -> None:
        os.kill(os.getpid(), signal.SIGTERM)

    with pytest.raises(SystemExit) as stopped, Printer(2) as printer:
        printer.print_documents(pages(6), meanwhile=killed)
    assert stopped.value.code == 143
    assert multiprocessing.active_children() == []
    assert signal.getsignal(signal.SIGTERM) is before


def test_a_finished_print_leaves_no_worker_and_the_signal_as_it_was() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with Printer(2) as printer:
        printed = printer.print_documents(pages(3))
    assert [p.data[:4] for p in printed] == [b"%PDF"] * 3
    assert multiprocessing.active_children() == []
    assert signal.getsignal(signal.SIGTERM) is before
