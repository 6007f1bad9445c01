"""How ``sheetgen serve`` holds its connections: uvicorn's settings and limits, and the few
things uvicorn does not bound.

* :func:`server_config`: keep-alive (:data:`KEEP_ALIVE` s), the largest request head
  (:data:`MAX_HEAD` bytes), the listening backlog (:data:`BACKLOG`), and a bound on the
  connections open at once (:func:`connection_cap`, from the open files the process may
  have), beyond which a new connection is answered 503 and closed at once, so the
  server never runs out of files;
* :class:`Connection`: a connection that has not sent a whole request head within
  :data:`HEAD_TIME` seconds of opening (or of its last answer) is answered 408 and closed
  (uvicorn waits for it for ever);
* :func:`quiet_accept_errors`: the event loop says "out of files" (``EMFILE`` in
  ``accept``) once a minute in one line, not once per try with a traceback; and
  uvicorn's own warnings (a malformed request) are said once a minute each
  (:class:`OncePerMinute`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "BACKLOG",
    "HEAD_TIME",
    "KEEP_ALIVE",
    "MAX_HEAD",
    "WS_PING",
    "Connection",
    "OncePerMinute",
    "connection_cap",
    "open_files",
    "quiet_accept_errors",
    "server_config",
]

#: Seconds a kept-alive connection may wait for its next request.
KEEP_ALIVE = 5
#: Seconds a connection has to send a whole request head (line and headers).
HEAD_TIME = 10.0
#: Largest request head, in bytes (h11's bound on an incomplete event).
MAX_HEAD = 16 * 1024
#: Seconds between the pings sent on an open WebSocket, and the most seconds its answer may
#: take: a socket whose other end has gone (no answer) is closed then, and its slot freed.
WS_PING = 20.0
#: Connections waiting to be accepted (the listening socket's backlog; asyncio also accepts
#: up to this many at a time before it closes any).
BACKLOG = 64
#: Most connections open at once, however many files the process may open.
MAX_CONNECTIONS = 512
#: Seconds a refused connection is read (and dropped) after its answer, so the client reads it.
LINGER = 2.0
#: Refused connections lingering at once; beyond, one is closed at once after its answer.
MAX_LINGERING = 32
#: Refused connections lingering now.
_lingering = [0]
#: Seconds between two reports of connections refused for want of files.
REPORT_EVERY = 60.0

_log = logging.getLogger("sheetgen.serve")

_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
)
_LATE = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
)


def _json_answer(template: bytes, line: str) -> bytes:
    import json

    body = json.dumps({"error": line, "lines": [line], "findings": []}).encode("utf-8")
    return template % (len(body), body)


def open_files() -> int:
    """The open files this process may have, the soft limit raised to the hard one first
    (``ulimit -n``); 1024 where the system does not say."""
    try:
        import resource
    except ImportError:  # not on this system
        return 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 65536 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 65536


def connection_cap(files: int) -> int:
    """Most connections open at once when the process may open ``files`` files: a quarter of
    them, and at least 64 more than a burst of :data:`BACKLOG` accepted connections, kept for
    the server's own (workspace files, fonts, the print workers' pipes); at most
    :data:`MAX_CONNECTIONS`, at least 8."""
    return max(8, min(MAX_CONNECTIONS, files - max(64 + BACKLOG, files // 4)))


class Connection(H11Protocol):
    """uvicorn's HTTP/1.1 connection, bounded: at most :attr:`cap` open at once, and
    :data:`HEAD_TIME` seconds for each request head (408). A connection over the cap closes
    the one that has waited longest without a request (408); when every one has a request
    under way, the new one is answered 503 and closed."""

    #: Set by :func:`server_config`.
    cap: int = MAX_CONNECTIONS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._refused = False
        self._linger: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._idle_since = self.loop.time()
        if len(self.connections) > self.cap:
            idle = [c for c in self.connections if isinstance(c, Connection) and c._idle() and c is not self]
            if idle:
                min(idle, key=lambda c: c._idle_since)._close_idle("the server needed the connection")
            else:
                line = "sheetgen: error: the server has too many connections open; try again in a moment"
                self._refuse(_json_answer(_BUSY, line))
                return
        self._wait_for_head()

    def _refuse(self, answer: bytes) -> None:
        """Answer ``answer`` and close, reading (and dropping) what the client still sends for
        up to :data:`LINGER` seconds, so that it reads the answer rather than a reset connection."""
        self._refused = True
        self.transport.write(answer)
        if self.transport.can_write_eof() and _lingering[0] < MAX_LINGERING:
            self.transport.write_eof()
            _lingering[0] += 1
            self._linger = self.loop.call_later(LINGER, self.transport.close)
        else:
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if not self._refused:
            super().data_received(data)

    def eof_received(self) -> None:
        if self._refused:  # the client has sent all it will: the lingering is over
            self.transport.close()
        super().eof_received()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._wait_for_head()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        if self._linger is not None:
            self._linger.cancel()
            _lingering[0] -= 1
        super().connection_lost(exc)

    def _wait_for_head(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._idle_since = self.loop.time()
        self._head_timer = self.loop.call_later(HEAD_TIME, self._head_late)

    def _idle(self) -> bool:
        """Open, with no request under way (none begun since the last answer)."""
        return (
            not self.transport.is_closing()
            and self.conn.their_state is h11.IDLE
            and (self.cycle is None or self.cycle.response_complete)
        )

    def _head_late(self) -> None:
        """No whole request head came in time (the client is idle, or sends it a byte at a
        time): answer 408 and close. A connection with a request under way is left alone."""
        self._head_timer = None
        if self._idle():
            self._close_idle(f"no request came within {HEAD_TIME:g} s")

    def _close_idle(self, why: str) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        self.transport.write(_json_answer(_LATE, f"sheetgen: error: {why}; the connection is closed"))
        self.transport.close()


class OncePerMinute(logging.Filter):
    """Let each message through at most once in :data:`REPORT_EVERY` seconds: uvicorn says
    "Invalid HTTP request received." for every malformed request, which a flood turns into
    megabytes of log."""

    def __init__(self) -> None:
        super().__init__()
        self._last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        key = str(record.msg)
        if now - self._last.get(key, float("-inf")) < REPORT_EVERY:
            return False
        if len(self._last) > 1000:  # bounded: messages with their own text each
            self._last.clear()
        self._last[key] = now
        return True


def server_config(app: Any, *, files: int | None = None, **options: Any) -> Config:
    """uvicorn's settings for ``app``, with the limits above (``files``: the open files allowed,
    :func:`open_files` when not given); ``options`` go to uvicorn's ``Config`` as they are."""
    cap = connection_cap(open_files() if files is None else files)
    bounded = type("BoundedConnection", (Connection,), {"cap": cap})
    config = Config(
        app,
        http=bounded,
        timeout_keep_alive=KEEP_ALIVE,
        h11_max_incomplete_event_size=MAX_HEAD,
        backlog=BACKLOG,
        limit_concurrency=cap + 1,  # uvicorn's own 503, never reached before the cap above
        ws_ping_interval=WS_PING,
        ws_ping_timeout=WS_PING,
        **options,
    )
    uvicorn_log = logging.getLogger("uvicorn.error")  # set up by the Config: filtered after it
    if not any(isinstance(f, OncePerMinute) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(OncePerMinute())
    return config


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Make ``loop`` report a failed ``accept`` (out of files or memory) in one line at most
    once in :data:`REPORT_EVERY` seconds, without a traceback; anything else as before."""
    before = loop.get_exception_handler()
    last = [float("-inf")]

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system resource"):
            now = time.monotonic()
            if now - last[0] >= REPORT_EVERY:
                last[0] = now
                exc = context.get("exception")
                why = getattr(exc, "strerror", None) or exc or "out of resources"
                _log.warning("sheetgen: warning: new connections wait: %s (said once a minute)", why)
            return
        if before is not None:
            before(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handle)
