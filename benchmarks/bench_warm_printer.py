"""Benchmark: how long ``sheetgen serve`` takes to answer its first and later record-sheet
prints (``POST /api/sheet.pdf``, the path the play mode's ``sheets.pdf`` takes too).

Starts ``sheetgen serve --port 0`` in a fresh process on an empty workspace (the print cache
off), waits until its print workers, started with the server, have used no CPU for a second
(Linux: ``/proc``), then times the first print and ``--runs`` more of the same design with a
new name each time. Prints the first print's time and the later ones' median, in ms.
Measurement only.

    .venv/bin/python benchmarks/bench_warm_printer.py [--runs 10]
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESIGN = ROOT / "designs" / "starfire" / "ships" / "corvette-arrow.yaml"


def _print_ms(port: int, body: bytes) -> float:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    start = time.perf_counter()
    conn.request("POST", "/api/sheet.pdf", body=body, headers={"Content-Type": "text/yaml"})
    answer = conn.getresponse()
    data = answer.read()
    took = (time.perf_counter() - start) * 1000
    assert answer.status == 200 and data.startswith(b"%PDF"), (answer.status, data[:200])
    return took


def _cpu_ticks(pid: int) -> int:
    """User + system clock ticks of ``pid`` and its children (0 for one that is gone)."""
    pids = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):  # a child is listed by the thread that started it
        try:
            pids += map(int, (task / "children").read_text().split())
        except OSError:
            continue
    total = 0
    for one in pids:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total


def _wait_until_idle(pid: int) -> None:
    """Wait (at most 60 s) until ``pid`` and its children have used no CPU for a second."""
    time.sleep(1.0)
    deadline = time.monotonic() + 60
    before = _cpu_ticks(pid)
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = _cpu_ticks(pid)
        if now == before:
            return
        before = now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    space = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    env = {**os.environ, "SHEETGEN_CACHE": "off"}
    server = subprocess.Popen(
        [sys.executable, "-m", "sheetgen", "serve", str(space), "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        port = int(re.search(r":(\d+)/", line).group(1))  # type: ignore[union-attr]
        _wait_until_idle(server.pid)
        text = DESIGN.read_text(encoding="utf-8")
        tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
        walls, cpus = [], []
        for k in range(args.runs + 1):
            before = _cpu_ticks(server.pid)
            walls.append(
                _print_ms(port, re.sub(r"(?m)^name: .*$", f"name: Arrow {k}", text, count=1).encode())
            )
            cpus.append((_cpu_ticks(server.pid) - before) * tick_ms)
        print(
            f"first print {walls[0]:.0f} ms wall, {cpus[0]:.0f} ms CPU; later prints median "
            f"{statistics.median(walls[1:]):.0f} ms wall (min {min(walls[1:]):.0f}, max {max(walls[1:]):.0f}), "
            f"{statistics.median(cpus[1:]):.0f} ms CPU; n={args.runs}"
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(space, ignore_errors=True)


if __name__ == "__main__":
    main()
