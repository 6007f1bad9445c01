"""``sheetgen serve`` under load and abuse, on a real uvicorn over 127.0.0.1 (docs/serve.md,
"Limits"): every refusal reaches a client that sends its whole body first, idle and slow
connections are closed, the connections open at once are bounded by the open files allowed
(no flood of tracebacks), and Host and Origin are parsed strictly."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sheetgen.serve import MAX_BODY
from sheetgen.serve import connections as conn_module
from sheetgen.serve.app import create_app

from tests.serve.real_server import exchange, post, read_all, serving


@pytest.fixture
def space(tmp_path: Path) -> Path:
    (tmp_path / "space").mkdir()
    return tmp_path / "space"


def _status(answer: bytes) -> int:
    assert answer.startswith(b"HTTP/1.1 "), answer[:80]
    return int(answer[9:12])


def _error(answer: bytes) -> str:
    return str(json.loads(answer.partition(b"\r\n\r\n")[2])["error"])


@pytest.mark.parametrize(
    ("what", "request_of"),
    [
        ("a body over the bound, its length said", lambda body: post("/api/check", body)),
        ("a body over the bound, sent in chunks", lambda body: _chunked("/api/check", body)),
        ("a Host not served", lambda body: post("/api/check", body, host="evil.example")),
        ("an unknown endpoint", lambda body: post("/api/nothing", body)),
    ],
)
def test_a_refusal_reaches_a_client_that_sends_its_whole_body_first(
    space: Path, what: str, request_of
) -> None:
    """A 2 MiB body is refused (413, or 403/404 before it is read), and the client reads the
    answer every time: the server reads the body before it answers, rather than closing with
    it unread (which resets the connection under the client in most tries)."""
    body = b"x" * (2 * MAX_BODY)
    with serving(space) as port:
        statuses = set()
        for _ in range(20):
            answer = exchange(port, request_of(body))
            statuses.add(_status(answer))
            assert _error(answer).startswith("sheetgen: error: ")
    assert len(statuses) == 1 and statuses <= {403, 404, 413}, what


def _chunked(path: str, body: bytes) -> bytes:
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    size = 256 * 1024
    chunks = [body[i : i + size] for i in range(0, len(body), size)]
    return head.encode() + b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks) + b"0\r\n\r\n"


def test_idle_and_slow_connections_are_closed(space: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection that sends nothing, or its request head a byte at a time, is answered 408
    and closed after HEAD_TIME (uvicorn kept both open for ever); one kept alive after an
    answer too."""
    monkeypatch.setattr(conn_module, "HEAD_TIME", 0.5)
    with serving(space) as port:
        idle = socket.create_connection(("127.0.0.1", port), timeout=10)
        slow = socket.create_connection(("127.0.0.1", port), timeout=10)
        kept = socket.create_connection(("127.0.0.1", port), timeout=10)
        start = time.monotonic()
        kept.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for byte in b"GET /api/ga":  # a byte at a time, for most of the time allowed
            slow.sendall(bytes([byte]))
            time.sleep(0.03)
        with slow:
            assert _status(read_all(slow)) == 408
        with idle:
            answer = read_all(idle)
        assert _status(answer) == 408 and "no request came within 0.5 s" in _error(answer)
        with kept:
            answer = read_all(kept)
        assert answer.startswith(b"HTTP/1.1 200 ") and b"HTTP/1.1 408 " in answer
        assert time.monotonic() - start < 5


def test_connections_are_bounded_by_the_open_files_allowed(
    space: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With few files allowed, a new connection over the bound closes the longest idle one
    and is served; when every connection has a request under way, it is answered 503."""
    monkeypatch.setattr(conn_module, "HEAD_TIME", 60.0)
    made: list[conn_module.Connection] = []  # every connection the server takes, to wait on its state
    take = conn_module.Connection.connection_made

    def record(self: conn_module.Connection, transport: Any) -> None:
        made.append(self)
        take(self, transport)

    monkeypatch.setattr(conn_module.Connection, "connection_made", record)

    def settled(busy: int) -> None:
        """Wait (10 s at most) until the server holds ``busy`` open connections, each with a
        request under way: their heads read and the closed ones let go, however loaded the
        machine is, rather than guessing a time that is enough."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            held = [c for c in made if not c.transport.is_closing()]
            if len(held) == busy and not any(c._idle() for c in held):
                return
            time.sleep(0.02)
        pytest.fail(f"the server never settled on {busy} busy connections")

    files = 200
    cap = conn_module.connection_cap(files)
    assert cap == 200 - 64 - conn_module.BACKLOG
    with serving(space, files=files) as port, ExitStack() as opened:
        idle = [
            opened.enter_context(socket.create_connection(("127.0.0.1", port), timeout=10))
            for _ in range(cap + 5)
        ]
        answer = exchange(port, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert _status(answer) == 200
        for s in idle[:6]:  # the oldest idle ones made room, each told why
            assert "the server needed the connection" in _error(read_all(s))
        idle[6].settimeout(0.3)
        with pytest.raises(TimeoutError):
            idle[6].recv(1)  # the others are still open
        for s in idle:
            s.close()
        settled(0)
        # every connection mid-request (its body not yet sent): no room, the newcomer is told so
        for _ in range(cap):
            s = opened.enter_context(socket.create_connection(("127.0.0.1", port), timeout=10))
            s.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\nga")
        settled(cap)
        answer = exchange(port, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", timeout=5)
        assert _status(answer) == 503 and "too many connections" in _error(answer)


@pytest.mark.skipif(sys.platform == "win32", reason="an open-file limit set in the child (POSIX)")
def test_a_server_with_few_files_answers_under_300_idle_connections_and_logs_little(tmp_path: Path) -> None:
    """``ulimit -n 256`` and 300 idle connections: the server went on answering nothing and wrote
    a traceback per refused accept (75 MB in 12 s); now it serves, and says little."""
    import re
    import resource
    import urllib.request

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    log = tmp_path / "serve.log"
    with (
        log.open("w") as err,
        subprocess.Popen(
            [sys.executable, "-m", "sheetgen", "serve", str(tmp_path), "--port", "0"],
            stderr=err,
            preexec_fn=limit,
        ) as proc,
    ):
        try:
            for _ in range(200):
                m = re.search(r"on (http://\S+/) ", log.read_text())
                if m:
                    break
                time.sleep(0.05)
            assert m, log.read_text()
            port = int(m.group(1).rsplit(":", 1)[1].strip("/"))
            held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(300)]
            start = time.monotonic()
            with urllib.request.urlopen(m.group(1) + "api/games", timeout=10) as r:
                assert r.status == 200
            assert time.monotonic() - start < 5
            time.sleep(1)
            for s in held:
                s.close()
        finally:
            proc.terminate()
            proc.wait(30)
    text = log.read_text()
    assert "Traceback" not in text and len(text) < 1000, text[:2000]


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"host": "127.0.0.1:8000@evil.example"}, 403),
        ({"host": "127.0.0.1:8000/x"}, 403),
        ({"host": " 127.0.0.1"}, 403),
        ({"host": "[::1]:8000"}, 200),
        ({"host": "LOCALHOST:8000"}, 200),
        ({"host": "127.0.0.1:8000", "origin": " http://127.0.0.1:8000"}, 403),
        ({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000/"}, 403),
        ({"host": "127.0.0.1:8000", "origin": "http://user@127.0.0.1:8000"}, 403),
        ({"host": "127.0.0.1:8000", "origin": "http://127.0.0.1:8000"}, 200),
    ],
)
def test_host_and_origin_are_parsed_strictly(space: Path, headers: dict[str, str], status: int) -> None:
    """``HOST:PORT@evil.example`` as Host was taken for loopback, and an Origin with a leading
    space for the page's own: both are refused; a well-formed one is served."""
    with TestClient(create_app(space)) as c:
        r = c.post(
            "/api/import",
            params={"game": "starfire"},
            content=b"CT-[2]-SSAA(I)(I)(I)QLR-[6]",
            headers=headers,
        )
    assert r.status_code == status, r.text


@pytest.mark.parametrize("host", ["127.0.0.2", "127.1.2.3"])
def test_the_loopback_range_is_local(tmp_path: Path, host: str) -> None:
    """``--host 127.0.0.2`` is this machine only (all of 127.0.0.0/8 is): no warning that other
    machines can reach the server, and the address it prints is served."""
    import re
    import urllib.request

    with subprocess.Popen(
        [sys.executable, "-m", "sheetgen", "serve", str(tmp_path), "--port", "0", "--host", host],
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        try:
            assert proc.stderr is not None
            line = proc.stderr.readline()
            m = re.fullmatch(rf"serving \S+ on (http://{re.escape(host)}:\d+/) \(Ctrl-C stops\)\n", line)
            assert m, line
            with urllib.request.urlopen(m.group(1) + "api/games", timeout=10) as r:
                assert r.status == 200
        finally:
            proc.terminate()
            proc.wait(30)


def test_a_flood_of_malformed_requests_logs_one_line(space: Path) -> None:
    """uvicorn warns of every malformed request: 200 of them wrote 200 lines; now one."""
    import logging

    said: list[str] = []

    class Listen(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(record.getMessage())

    listen = Listen()
    log = logging.getLogger("uvicorn.error")
    for once in [f for f in log.filters if isinstance(f, conn_module.OncePerMinute)]:
        log.removeFilter(once)  # an earlier server's, which may have said it already
    with serving(space) as port:
        logging.getLogger("uvicorn.error").addHandler(listen)
        try:
            for _ in range(200):
                assert _status(exchange(port, b"NOT HTTP AT ALL\r\n\r\n")) == 400
        finally:
            logging.getLogger("uvicorn.error").removeHandler(listen)
    assert said == ["Invalid HTTP request received."]
