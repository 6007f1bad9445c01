"""How a run stops on a signal (``sheetgen.core.stopping``): once, and never in the middle of
a step that defers them."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetgen.core import stopping

pytestmark = pytest.mark.skipif(
    threading.current_thread() is not threading.main_thread() or not hasattr(signal, "SIGHUP"),
    reason="POSIX signals, handled in the main thread",
)


@pytest.fixture
def handled(not_stopping: None) -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP taken by ``raise_stop`` as the command line takes them, for
    one test (this process is not stopping before, nor after)."""
    before = {n: signal.signal(n, stopping.raise_stop) for n in (signal.SIGINT, *stopping.STOP_SIGNALS)}
    try:
        yield
    finally:
        for n, handler in before.items():
            signal.signal(n, handler)


def _signal(signum: int) -> None:
    """``signum`` sent to this process and taken (its handler runs before this returns)."""
    os.kill(os.getpid(), signum)
    time.sleep(0.05)


@pytest.mark.usefixtures("handled")
@pytest.mark.parametrize(
    ("name", "stop", "code"),
    [("SIGINT", KeyboardInterrupt, None), ("SIGTERM", SystemExit, 143), ("SIGHUP", SystemExit, 129)],
)
def test_a_signal_stops_the_run_through_pythons_exit(
    name: str, stop: type[BaseException], code: int | None
) -> None:
    with pytest.raises(stop) as stopped:
        _signal(getattr(signal, name))
    assert getattr(stopped.value, "code", None) == code


@pytest.mark.usefixtures("handled")
def test_a_second_signal_lets_the_clean_up_finish() -> None:
    """A second Ctrl-C or ``kill`` while the first stop's clean-up runs is let pass: the
    clean-up is not cut short (it left the printing folder behind 11 times in 24) and the
    exit status stays the first signal's."""
    cleaned = []
    with pytest.raises(SystemExit) as stopped:
        try:
            _signal(signal.SIGTERM)
        finally:
            _signal(signal.SIGINT)
            _signal(signal.SIGTERM)
            cleaned.append(True)
    assert (stopped.value.code, cleaned) == (143, [True])


@pytest.mark.usefixtures("handled")
def test_a_step_that_defers_signals_is_finished_before_the_stop() -> None:
    """A signal during a step that defers signals stops the run as the step ends, not in its middle."""
    steps = []
    with pytest.raises(SystemExit) as stopped, stopping.signals_deferred():
        steps.append("first")
        _signal(signal.SIGHUP)
        with stopping.signals_deferred():  # steps nest: the stop waits for the outermost
            steps.append("second")
        steps.append("third")
    assert (stopped.value.code, steps) == (129, ["first", "second", "third"])


@pytest.mark.usefixtures("handled")
def test_every_file_of_a_kit_is_put_in_place_when_a_signal_comes_between_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``write_all_atomic`` puts its files in place one rename after another; a signal after
    the first (the briefing) waits until the last is in place, so the folder holds the new
    kit, not the new briefing beside the earlier kit's other parts."""
    from sheetgen.core.output import write_all_atomic

    names = ["briefing.pdf", "record-sheets.pdf", "counters.pdf"]
    for name in names:
        (tmp_path / name).write_bytes(b"letter")
    replace = os.replace

    def replace_then_kill(source: str, target: str) -> None:
        replace(source, target)
        if str(target).endswith("briefing.pdf"):
            _signal(signal.SIGTERM)

    monkeypatch.setattr(os, "replace", replace_then_kill)
    with pytest.raises(SystemExit) as stopped:
        write_all_atomic([(tmp_path / name, b"a4") for name in names])
    assert stopped.value.code == 143
    assert {name: (tmp_path / name).read_bytes() for name in names} == dict.fromkeys(names, b"a4")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)


def test_signals_deferred_does_nothing_outside_the_main_thread() -> None:
    """Signal handlers run in the main thread only: another thread's step defers nothing
    (a stop kept for it would be raised in that thread, where it would end only the thread)."""
    seen = []

    def step() -> None:
        with stopping.signals_deferred():
            seen.append(stopping._deferring)

    thread = threading.Thread(target=step)
    thread.start()
    thread.join()
    assert seen == [0]


def test_a_stop_python_swallows_is_made_again() -> None:
    """A signal taken while Python runs code whose exceptions it only reports (here an
    object's ``__del__``; in a kit, the hooks run after a print worker is forked) stopped
    nothing: "Exception ignored" was printed with a traceback and the kit went on to exit 0.
    The stop is made again as the code goes on."""
    import subprocess
    import sys

    script = """\
import os, signal, time
from sheetgen.core.stopping import ignore_late_signals, stop_on_signals
stop_on_signals()

class Finalized:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):  # the signal is taken here, inside __del__
            pass

try:
    Finalized()
    time.sleep(20)  # the stop made again ends this at once
    print("went on")
finally:
    ignore_late_signals()
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (143, "", "")
