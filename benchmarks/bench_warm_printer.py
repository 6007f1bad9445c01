"""Benchmark: how long ``sheetgen serve`` takes to answer its first and later record-sheet
prints (``POST /api/sheet.pdf``, the path the play mode's ``sheets.pdf`` takes too).

Starts ``sheetgen serve --port 0`` in a fresh process on a copy of one design, waits
``--settle`` seconds (the server starts its print workers as it starts), then times the
first print and ``--runs`` more of the same design with a new name each time (so the
print cache never answers). Prints the first print's time and the later ones' median, in
ms. Measurement only.

    .venv/bin/python benchmarks/bench_warm_printer.py [--runs 10] [--settle 3]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--settle", type=float, default=3.0)
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
        time.sleep(args.settle)
        text = DESIGN.read_text(encoding="utf-8")
        first = _print_ms(port, text.encode())
        later = [
            _print_ms(port, re.sub(r"(?m)^name: .*$", f"name: Arrow {k}", text, count=1).encode())
            for k in range(args.runs)
        ]
        print(f"first print {first:.0f} ms; later prints median {statistics.median(later):.0f} ms "
              f"(min {min(later):.0f}, max {max(later):.0f}, n={len(later)})")
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(space, ignore_errors=True)


if __name__ == "__main__":
    main()
