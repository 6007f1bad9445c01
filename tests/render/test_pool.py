"""The printing workers: stopped with the print when it fails or is killed, never left behind."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.output import OutputError
from sheetgen.core.rendered import Rendered
from sheetgen.render.html import font_face_css
from sheetgen.render.pool import Printer, WorkerLost

PAGE = "<html><head><style>{fonts}</style></head><body><p>{text}</p></body></html>"


def pages(n: int) -> list[str]:
    return [PAGE.format(fonts=font_face_css(), text=f"Ship {k}") for k in range(n)]


def print_while(printer: Printer, documents: list[str], meanwhile: Callable[[], None]) -> list[Rendered]:
    """``documents`` handed to the workers, ``meanwhile`` run in this process while they
    print (as a kit draws its counters and maps), then the printed PDFs."""
    job = printer.start(documents)
    meanwhile()
    return job.results()


def test_what_the_main_process_raises_stops_the_workers_at_once() -> None:
    def fail() -> None:
        raise RuntimeError("counters failed")

    with pytest.raises(RuntimeError, match="counters failed"), Printer(2) as printer:
        print_while(printer, pages(6), fail)
    assert multiprocessing.active_children() == []


def test_a_worker_killed_from_outside_stops_the_print_in_one_line() -> None:
    """A worker killed by someone else (``kill -9``, the system short of memory) ends the print
    with :class:`WorkerLost`, an output error said in one line, not a pool's traceback."""

    def kill_a_worker() -> None:
        (pid, *_rest) = [p.pid for p in multiprocessing.active_children()]
        os.kill(pid, signal.SIGKILL)

    with pytest.raises(WorkerLost, match="a print worker stopped before it finished"), Printer(2) as printer:
        print_while(printer, pages(8), kill_a_worker)
    assert isinstance(WorkerLost("x"), OutputError)
    assert multiprocessing.active_children() == []


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(), reason="signals: main thread")
@pytest.mark.parametrize(("name", "code"), [("SIGTERM", 143), ("SIGHUP", 129)])
@pytest.mark.usefixtures("not_stopping")
def test_sigterm_while_workers_print_exits_143_and_takes_the_workers_with_it(name: str, code: int) -> None:
    """``kill`` (SIGTERM) or a hang-up (SIGHUP) stops the print as Ctrl-C does: exit 128 +
    the signal, the workers stopped with it (a hang-up used to leave them running)."""
    signum = getattr(signal, name)
    before = signal.getsignal(signum)

    def killed() -> None:
        os.kill(os.getpid(), signum)

    with pytest.raises(SystemExit) as stopped, Printer(2) as printer:
        print_while(printer, pages(6), killed)
    assert stopped.value.code == code
    assert multiprocessing.active_children() == []
    assert signal.getsignal(signum) is before


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_under_nohup_a_hang_up_to_the_group_stops_neither_the_print_nor_its_workers() -> None:
    """``nohup sheetgen ...``: SIGHUP is ignored, and a closing terminal sends it to the whole
    process group; the workers ignore it as their printer does, and the print is made."""
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:

        def hang_up() -> None:
            for child in multiprocessing.active_children():
                os.kill(child.pid, signal.SIGHUP)
            os.kill(os.getpid(), signal.SIGHUP)

        with Printer(2) as printer:
            assert len(print_while(printer, pages(6), hang_up)) == 6
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, before)
    assert multiprocessing.active_children() == []


def test_a_worker_leaves_by_itself_when_its_printing_process_is_gone() -> None:
    """A worker whose printing process ended without stopping it (``kill -9``) leaves on its
    own instead of waiting for work forever: here, a watcher told of an owner that is not its
    parent ends its process with status 1."""
    import subprocess
    import sys

    script = (
        "import os, time\nfrom sheetgen.core.stopping import exit_with_parent\n"
        "exit_with_parent(os.getppid() + 1)\ntime.sleep(20)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=20, check=False
    )
    assert (done.returncode, done.stderr) == (1, "")


def test_a_finished_print_leaves_no_worker_and_the_signal_as_it_was() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with Printer(2) as printer:
        printed = printer.print_documents(pages(3))
    assert [p.data[:4] for p in printed] == [b"%PDF"] * 3
    assert multiprocessing.active_children() == []
    assert signal.getsignal(signal.SIGTERM) is before


@pytest.mark.parametrize("ending", ["finished", "failed"])
def test_workers_leave_no_temporary_files(
    ending: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Workers end without a clean-up of their own: they write nothing in the temporary
    folder (WeasyPrint copied the fonts there, per font configuration)."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def fail() -> None:
        raise RuntimeError("map failed")

    if ending == "finished":
        with Printer(2) as printer:
            assert len(printer.print_documents(pages(4))) == 4
    else:
        with pytest.raises(RuntimeError), Printer(2) as printer:
            print_while(printer, pages(4), fail)
    assert multiprocessing.active_children() == []
    assert list(tmp_path.iterdir()) == []


_ONE_PAGE = (
    "html_to_pdf('<html><head><style>' + font_face_css() + '</style></head><body><p>Arrow</p></body></html>')"
)


def _print_alone(temp: Path, script: str) -> Any:
    """``script`` run in a fresh interpreter with ``html_to_pdf`` and ``font_face_css``
    imported and ``temp`` as its temporary folder (the print cache off); ``_ONE_PAGE`` in it
    prints one page. Returns the finished process (its output captured as text)."""
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-c", "from sheetgen.render.html import html_to_pdf, font_face_css\n" + script],
        env={**os.environ, "TMPDIR": str(temp), "SHEETGEN_CACHE": "off"},
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_process_killed_outright_after_printing_leaves_nothing_in_the_temporary_folder(
    tmp_path: Path,
) -> None:
    """WeasyPrint copied each ``@font-face`` font into the temporary folder (about 3 MB), which
    ``kill -9`` left behind for the next run to sweep; it now finds the bundled fonts through
    fontconfig and copies none, so there is nothing to leave."""
    killed = _print_alone(tmp_path, _ONE_PAGE + "\nimport os, signal; os.kill(os.getpid(), signal.SIGKILL)")
    assert killed.returncode == -signal.SIGKILL
    assert list(tmp_path.iterdir()) == []


def test_a_process_that_printed_leaves_no_temporary_files(tmp_path: Path) -> None:
    """A process that printed leaves the temporary folder as it was (and no error is printed
    as the interpreter stops)."""
    done = _print_alone(tmp_path, _ONE_PAGE)
    assert (done.returncode, done.stderr) == (0, "")
    assert list(tmp_path.iterdir()) == []
