"""Benchmark: ``POST /api/check`` latency on a warm ``sheetgen serve`` (target: median <= 50 ms).

Starts the server (uvicorn, as ``sheetgen serve`` runs it) on a free loopback port
in a thread, warms it with a few checks, then times N checks of a Starfire design
(and of a Kill Radius one) over one kept-alive HTTP connection, as the page's
debounced checks arrive, and the sheet preview (``/api/sheet.html``) for both.
Prints the median, 90th percentile and best of each, in ms. Measurement only.

With ``--browser`` it also drives the page in Debian's Chromium (Playwright): it types a
new name into the editor and times, from the last key press, until the record-sheet
preview shows it (the target: 300 ms), for a Starfire and a Kill Radius design.

    .venv/bin/python benchmarks/bench_serve.py [--runs 200] [--browser]
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


def _browser(port: int, runs: int) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector("body[data-ready=yes]")
        for game, path in DESIGNS.items():
            text = path.read_text(encoding="utf-8")
            name = next(line for line in text.splitlines() if line.startswith("name:"))
            page.get_by_test_id("game").select_option(game)
            page.wait_for_timeout(200)
            if page.get_by_test_id("confirm").is_visible():  # the last game's edits: not kept
                page.get_by_test_id("confirm-discard").click()
            page.wait_for_timeout(300)
            times = []
            for i in range(runs):
                page.locator(".cm-content").click()
                page.keyboard.press("Control+a")
                page.keyboard.insert_text(text.replace(name, "name: Bench"))
                page.wait_for_timeout(400)
                # put the cursor after "Bench" and type the run's number: the last key press
                page.evaluate("() => window.__t = 0")
                line = text.splitlines().index(name)
                page.locator(".cm-line").nth(line).click()
                page.keyboard.press("End")
                page.keyboard.type(str(i % 10), delay=0)
                start = page.evaluate("() => performance.now()")
                page.wait_for_function(
                    f"() => (document.getElementById('sheet-preview').srcdoc || '').includes('Bench{i % 10}')",
                    timeout=10000,
                )
                times.append(page.evaluate("() => performance.now()") - start)
            print(_line(f"pause -> sheet preview {game}", times))
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--browser", action="store_true", help="time the page too (needs Chromium)")
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
        if args.browser:
            _browser(port, max(5, args.runs // 20))
        verdict = "within" if medians["starfire"] <= TARGET_MS else "OVER"
        print(f"starfire check median {medians['starfire']:.1f} ms: {verdict} the {TARGET_MS:.0f} ms target")


if __name__ == "__main__":
    main()
