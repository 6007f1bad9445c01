"""Benchmark: play mode, an event's new state on the other device (target: median <= 100 ms).

Starts the server (uvicorn, as ``sheetgen play`` runs it) on a free loopback port in a
thread over a fresh workspace holding small-task-groups, starts a game, and connects a
second device to its live WebSocket. Then device one posts N events (hits of 1 on the
ships in turn, each undone by the next event so no ship runs out of systems) over one kept-alive
HTTP connection, and each is timed from the moment it is sent until the second device has
the state that holds it. Prints the median, 90th percentile and best, in ms, and the
answer time to device one for comparison. Measurement only.

    .venv/bin/python benchmarks/bench_play.py [--runs 200]
"""

from __future__ import annotations

import argparse
import http.client
import json
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = "starfire/scenarios/small-task-groups.yaml"
TARGET_MS = 100.0
SHIPS = ("Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()

    import uvicorn
    from websockets.sync.client import connect
    from websockets.typing import Origin

    from sheetgen.serve.app import create_app

    with tempfile.TemporaryDirectory() as folder:
        space = Path(folder)
        shutil.copytree(ROOT / "designs" / "starfire", space / "starfire")
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(create_app(space), log_level="warning", lifespan="off"))
        threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
        while not server.started:
            time.sleep(0.02)
        one = http.client.HTTPConnection("127.0.0.1", port)

        def post(path: str, body: dict[str, object]) -> dict[str, object]:
            one.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
            answer = one.getresponse()
            data: dict[str, object] = json.loads(answer.read())
            if answer.status not in (200, 201):
                sys.exit(f"{path}: HTTP {answer.status}: {data}")
            return data

        game = post("/api/play", {"scenario": SCENARIO})
        url = f"/api/play/{game['id']}"
        pushed, answered = [], []
        with connect(f"ws://127.0.0.1:{port}{url}/live", origin=Origin(f"http://127.0.0.1:{port}")) as two:
            json.loads(two.recv())
            for n in range(args.runs + 10):
                ship = SHIPS[n % len(SHIPS)]
                start = time.perf_counter()
                event: dict[str, object] = {"ship": ship, "action": "damage", "amount": 1}
                path = f"{url}/undo" if n % 2 == 1 else f"{url}/events"
                version = post(path, {} if n % 2 == 1 else event)["version"]
                answer_ms = (time.perf_counter() - start) * 1000
                while json.loads(two.recv())["version"] != version:
                    pass
                if n >= 10:  # the first ones warm the server
                    pushed.append((time.perf_counter() - start) * 1000)
                    answered.append(answer_ms)
        server.should_exit = True
    for name, times in (("other device (push)", pushed), ("sender (answer)", answered)):
        times.sort()
        print(
            f"{name:22} median {statistics.median(times):6.1f} ms  "
            f"p90 {times[int(len(times) * 0.9)]:6.1f} ms  best {times[0]:6.1f} ms  ({len(times)} events)"
        )
    verdict = "meets" if statistics.median(pushed) <= TARGET_MS else "misses"
    print(f"target: median <= {TARGET_MS:g} ms on the other device: {verdict}")


if __name__ == "__main__":
    main()
