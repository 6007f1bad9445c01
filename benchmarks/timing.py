"""Timing helpers shared by the benchmark scripts (run them as files from the
repository root: ``.venv/bin/python benchmarks/bench_map.py``).

Whole processes are timed with :func:`run_once`, :func:`median_of` and
:func:`alternate` (medians, which a noisy shared machine disturbs least);
in-process work with :func:`best` (the best of several runs).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run_once(cmd: list[str]) -> float:
    """Wall seconds of one run of ``cmd`` (output captured; a failure raises)."""
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def median_of(cmd: list[str], runs: int) -> float:
    """Median wall seconds of ``runs`` runs of ``cmd``, after one warm-up run."""
    run_once(cmd)
    return statistics.median(run_once(cmd) for _ in range(runs))


def alternate(commands: dict[str, list[str]], runs: int) -> dict[str, list[float]]:
    """Wall seconds of each command over ``runs`` rounds, the commands interleaved
    (so a busy machine slows them alike), after one warm-up run of each."""
    for cmd in commands.values():
        run_once(cmd)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(run_once(cmd))
    return times


def best(fn: Callable[[], object], runs: int = 5) -> float:
    """Best wall seconds of ``runs`` calls of ``fn`` in this process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def process(*args: str) -> Callable[[], object]:
    """A function running ``args`` as a process from the repository root (failures allowed)."""
    return lambda: subprocess.run(args, cwd=ROOT, capture_output=True, check=False)
