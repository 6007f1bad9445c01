"""A real ``sheetgen serve`` (uvicorn with :func:`sheetgen.serve.connections.server_config`) on a
free loopback port, in a thread of the test process, and a raw-socket client for it."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


@contextmanager
def serving(space: Path, **options: Any) -> Iterator[int]:
    """Serve ``space`` on 127.0.0.1 until the block ends; yields the port. ``options`` go to
    :func:`~sheetgen.serve.connections.server_config` (``files=`` bounds the connections)."""
    import uvicorn

    from sheetgen.serve.app import create_app
    from sheetgen.serve.connections import BACKLOG, server_config

    prints = options.pop("prints", None)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    sock.listen(BACKLOG)
    port = sock.getsockname()[1]
    config = server_config(create_app(space, prints=prints), log_level="warning", lifespan="on", **options)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()


def exchange(port: int, request: bytes, *, timeout: float = 30.0) -> bytes:
    """Send the whole of ``request`` first, then read the answer until the server closes or
    ``timeout`` passes; returns what came (raises ``OSError`` for a reset connection)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        return read_all(s)


def read_all(s: socket.socket) -> bytes:
    """Everything ``s`` gives until the server closes it (or its timeout)."""
    got = b""
    while True:
        try:
            chunk = s.recv(65536)
        except TimeoutError:
            return got
        if not chunk:
            return got
        got += chunk


def post(path: str, body: bytes, *, host: str = "127.0.0.1", close: bool = True) -> bytes:
    """An HTTP/1.1 POST of ``body`` to ``path``, as bytes."""
    head = f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(body)}\r\n"
    if close:
        head += "Connection: close\r\n"
    return head.encode("ascii") + b"\r\n" + body
