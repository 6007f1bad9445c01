"""Benchmark: ``POST /api/check`` latency on a warm ``sheetgen serve`` (target: median <= 50 ms).

Starts the server (uvicorn, as ``sheetgen serve`` runs it) on a free loopback port
in a thread, warms it with a few checks, then times N checks of a Starfire design
(and of a Kill Radius one) over one kept-alive HTTP connection, as the page's
debounced checks arrive, and the sheet preview (``/api/sheet.html``) for both.
Prints the median, 90th percentile and best of each, in ms. Measurement only.

    .venv/bin/python benchmarks/bench_serve.py [--runs 200]
"""

from __future__ import annotations

import argparse
import http.client
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DESIGNS = {
    "starfire": ROOT / "designs" / "starfire" / "ships" / "corvette-arrow.yaml",
    "kill-radius": ROOT / "designs" / "kill-radius" / "ships" / "harrier-strike-carrier.yaml",
}
TARGET_MS = 50.0


def _serve(workspace: Path) -> tuple[int, object]:
    import uvicorn

    from sheetgen.serve.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # Nagle off per connection
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(workspace), log_level="warning", lifespan="off"))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.02)
    return sock.getsockname()[1], server


def _time(conn: http.client.HTTPConnection, path: str, body: bytes, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        conn.request("POST", path, body=body, headers={"Content-Type": "application/yaml"})
        response = conn.getresponse()
        response.read()
        out.append((time.perf_counter() - start) * 1000)
        if response.status != 200:
            sys.exit(f"{path}: HTTP {response.status}")
    return out


def _line(what: str, times: list[float]) -> str:
    times = sorted(times)
    p90 = times[int(len(times) * 0.9) - 1]
    return (
        f"{what:<34} median {statistics.median(times):7.1f} ms   p90 {p90:7.1f} ms   best {times[0]:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as space:
        port, _server = _serve(Path(space))
        conn = http.client.HTTPConnection("127.0.0.1", port)
        conn.connect()
        # headers and body go out as two writes: without NODELAY, Nagle and delayed ACKs add ~40 ms
        conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        medians = {}
        for game, path in DESIGNS.items():
            body = path.read_bytes()
            _time(conn, f"/api/check?game={game}", body, 10)  # warm: imports, caches
            checks = _time(conn, f"/api/check?game={game}", body, args.runs)
            medians[game] = statistics.median(checks)
            print(_line(f"/api/check {game}", checks))
            _time(conn, f"/api/sheet.html?game={game}", body, 3)
            print(
                _line(
                    f"/api/sheet.html {game}",
                    _time(conn, f"/api/sheet.html?game={game}", body, max(10, args.runs // 10)),
                )
            )
            svg = _time(conn, f"/api/counters.svg?game={game}", body, max(10, args.runs // 10))
            print(_line(f"/api/counters.svg {game}", svg))
        verdict = "within" if medians["starfire"] <= TARGET_MS else "OVER"
        print(f"starfire check median {medians['starfire']:.1f} ms: {verdict} the {TARGET_MS:.0f} ms target")


if __name__ == "__main__":
    main()
