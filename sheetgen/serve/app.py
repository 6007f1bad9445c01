"""The Starlette application of ``sheetgen serve``: routes over :mod:`sheetgen.serve.service`
and :mod:`sheetgen.serve.workspace`, the guards, and the page under ``static/``.

Guards, before any route: a request whose ``Host`` is not one of the served host
names (loopback, or the ``--host`` given) is refused with 403, so a web page whose
name was re-pointed at 127.0.0.1 (DNS rebinding) reads nothing; a state-changing
request (anything but GET, HEAD, OPTIONS) from a browser must come from the page
itself: an ``Origin`` other than the request's own, or ``Sec-Fetch-Site:
cross-site``, is refused with 403. A body over :data:`~sheetgen.serve.MAX_BODY`
bytes is refused with 413, one not all sent within :data:`BODY_TIME` seconds with 408;
the body of any refused request is read (up to :data:`DRAIN` bytes) before the answer,
so that the client reads it. Every refusal is JSON ``{"error": LINE, "lines": [...],
"findings": [...]}`` with the CLI's one-line message (``docs/serve.md``).

Prints (sheets, counters, kits) run in worker processes through
:class:`~sheetgen.serve.printing.Prints`: bounded, queued, and stopped when their
client goes. Downloads are named by :func:`content_disposition`.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sheetgen.core.findings import finding_json, quoted
from sheetgen.serve import MAX_BODY, service
from sheetgen.serve.addresses import OWN_ADDRESSES, own_address
from sheetgen.serve.play import play_routes
from sheetgen.serve.printing import Prints
from sheetgen.serve.service import Refusal
from sheetgen.serve.workspace import Workspace, control_character, file_version

__all__ = ["LOOPBACK", "create_app"]

#: Host names always served: the loopback names.
LOOPBACK = ("127.0.0.1", "localhost", "::1")
STATIC = Path(__file__).parent / "static"
#: The bundled fonts the record sheets use, served under ``/fonts/`` for the HTML preview.
FONTS = Path(__file__).resolve().parent.parent / "fonts"
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
_OUT_OF_ROOM = service.OUT_OF_ROOM


#: A ``Host`` header as RFC 9110 allows it here: a name or IPv4 address, or an IPv6 address in
#: brackets, and an optional port; nothing else (no user part, no spaces, no path).
_HOST = re.compile(r"(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9._-]+))(?::[0-9]{1,5})?")
#: What ``sheetgen play`` serves other machines besides ``/play``: the play API, the page's
#: scripts, styles and fonts.
_GUEST_PATHS = ("/api/play/", "/static/", "/fonts/")
#: An ``Origin`` header: a scheme, ``://`` and a host as above, nothing before or after.
_ORIGIN = re.compile(r"(https?)://((?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::[0-9]{1,5})?)")


def _hostname(host: str) -> str | None:
    """The host name of a ``Host`` header (``name[:port]`` or ``[v6][:port]``), lower case;
    None for anything else (``127.0.0.1:8000@evil.example``, a space, a path)."""
    m = _HOST.fullmatch(host)
    return None if m is None else (m.group(1) or m.group(2)).lower()


def _served(name: str) -> str:
    """A served host name as ``--host`` gives it (``::1``, ``[::1]``, ``LocalHost``), lower case."""
    return name.strip().removeprefix("[").removesuffix("]").lower()


def _refusal_response(exc: Refusal) -> JSONResponse:
    return JSONResponse(
        {
            "error": str(exc),
            "lines": exc.lines,
            "findings": [finding_json(loc) for loc in exc.findings],
        },
        status_code=exc.status,
        headers=exc.headers or None,
    )


class Guard:
    """ASGI middleware: the ``Host``/``Origin`` checks and the body-size bound (see the module)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str], play_only: bool = False) -> None:
        self.app = app
        self.hosts = {_served(h) for h in hosts}
        self.play_only = play_only

    def _guest_outside_play(self, scope: Scope) -> bool:
        """Whether a request from another machine asks for more than the game (``play_only``:
        ``sheetgen play`` shares its game, never the designer and the workspace's files)."""
        if not self.play_only:
            return False
        client = scope.get("client")
        if client is None or own_address(str(client[0])):
            return False
        path = str(scope.get("path", ""))
        return not (path in ("/play", "/api/play") or path.startswith(_GUEST_PATHS))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if self._guest_outside_play(scope):
            if scope["type"] == "websocket":
                await receive()
                await send({"type": "websocket.close", "code": 1008})
                return
            refused = Refusal(
                403, ["sheetgen: error: this server shares only its game with other devices (open /play)"]
            )
            await _refusal_response(refused)(scope, receive, send)
            return
        if scope["type"] == "websocket":
            # a WebSocket's handshake is a GET that opens a channel for changes: Host and Origin
            # are held to the same parser as a request that changes something
            if self._refuse("WEBSOCKET", headers) is not None:
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.app(scope, receive, send)
            return
        ended = False

        async def tracked() -> Message:
            nonlocal ended
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                ended = True
            return message

        async def answer(message: Message) -> None:
            # a client that sends its whole body before it reads (most do) sees the connection
            # reset, not the answer, when the server closes with the body unread: read it first
            if (
                message["type"] == "http.response.start"
                and not ended
                and (message["status"] == 408 or not await _drain(tracked, headers.get("content-length")))
            ):
                message = {**message, "headers": [*message.get("headers", []), (b"connection", b"close")]}
            await send(message)

        refusal = self._refuse(scope["method"], headers)
        if refusal is not None:
            await _refusal_response(refusal)(scope, tracked, answer)
            return
        await self.app(scope, tracked, answer)

    def _refuse(self, method: str, headers: dict[str, str]) -> Refusal | None:
        host = headers.get("host", "")
        name = _hostname(host)
        if name not in self.hosts and not (OWN_ADDRESSES in self.hosts and name and own_address(name)):
            return Refusal(
                403,
                [
                    f"sheetgen: error: host {host!r} is not served here; open the address sheetgen serve printed"
                ],
            )
        if method not in _SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None:
                parts = _ORIGIN.fullmatch(origin)
                if parts is None or parts.group(2).lower() != host.lower():
                    return Refusal(
                        403, [f"sheetgen: error: a request from {origin!r} may not change anything here"]
                    )
            if headers.get("sec-fetch-site") == "cross-site":
                return Refusal(403, ["sheetgen: error: a cross-site request may not change anything here"])
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return Refusal(400, ["sheetgen: error: Content-Length is not a number"])
            if int(length) > MAX_BODY:
                return _too_big()
        return None


def _too_big() -> Refusal:
    return Refusal(
        413,
        [
            f"sheetgen: error: the request body is over {MAX_BODY // 1024} KiB, more than any design, scenario or play event needs"
        ],
    )


#: Most bytes of a refused request's body read (and dropped) before the answer, so that the
#: client reads the answer rather than a reset connection; a larger body is not read, and
#: the answer closes the connection.
DRAIN = 16 * MAX_BODY
#: Longest the server waits for a request's body (s): to take it (408 then), or to drop it.
BODY_TIME = 30.0


async def _drain(receive: Receive, length: str | None) -> bool:
    """Read and drop the rest of a request's body: True when it was all read, False when it is
    longer than :data:`DRAIN` bytes or does not arrive within :data:`BODY_TIME` seconds."""
    if length is not None and (not length.isdigit() or int(length) > DRAIN):
        return False

    async def rest() -> bool:
        size = 0
        while size <= DRAIN:
            message = await receive()
            if message["type"] != "http.request":
                return True  # the client went away: nothing more to read
            size += len(message.get("body", b""))
            if not message.get("more_body", False):
                return True
        return False

    try:
        return await asyncio.wait_for(rest(), BODY_TIME)
    except TimeoutError:
        return False


async def _body(request: Request) -> bytes:
    """The request's body, refused (413) as soon as it passes :data:`MAX_BODY` bytes, (408)
    when it has not all come within :data:`BODY_TIME` seconds, and (400) when the client goes
    away before sending all of it."""
    chunks: list[bytes] = []

    async def read() -> None:
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise _too_big()
            chunks.append(chunk)

    try:
        await asyncio.wait_for(read(), BODY_TIME)
    except ClientDisconnect:
        raise Refusal(400, ["sheetgen: error: the request body ended early (the client went away)"]) from None
    except TimeoutError:
        line = f"sheetgen: error: the request body did not all come within {BODY_TIME:g} s"
        raise Refusal(408, [line]) from None
    return b"".join(chunks)


async def _gone(request: Request) -> None:
    """Finish when the client of ``request`` (its body read) has gone: its connection closed."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def content_disposition(stem: str, suffix: str) -> str:
    """``Content-Disposition`` of a download named ``stem + suffix`` (RFC 6266): ``attachment;
    filename="ASCII"; filename*=UTF-8''PERCENT-ENCODED``. The ASCII name keeps the stem's
    letters, digits, ``.``, ``_`` and ``-`` (accents dropped, anything else ``_``; ``download``
    when nothing is left); the RFC 5987 one is the whole name in UTF-8. Any name gives a
    valid Latin-1 header (``船``, an emoji, ``"``)."""
    import unicodedata
    from urllib.parse import quote

    plain = unicodedata.normalize("NFKD", stem).encode("ascii", "ignore").decode("ascii")
    plain = re.sub(r"[^A-Za-z0-9._-]+", "_", plain).strip("._-") or "download"
    whole = quote((stem + suffix).encode("utf-8", "replace"), safe="!#$&+-.^_`|~")
    return f"attachment; filename=\"{plain}{suffix}\"; filename*=UTF-8''{whole}"


Handler = Callable[[Request], Awaitable[Response]]


def create_app(
    workspace: str | Path = ".",
    *,
    hosts: Iterable[str] = (),
    prints: Prints | None = None,
    play_only: bool = False,
) -> Starlette:
    """The application serving ``workspace``; ``hosts``: host names served besides :data:`LOOPBACK`
    (the ``--host`` given; :data:`~sheetgen.serve.addresses.OWN_ADDRESSES` for any address of
    this machine, a server on every network); ``prints``: the print slots (:class:`~sheetgen.serve.printing.Prints`,
    its defaults when not given); ``play_only``: other machines get the play page and its API
    only, 403 for the rest (``sheetgen play``: the designer and the files stay on this machine)."""
    space = Workspace(workspace)
    printing = prints or Prints()
    hosts = tuple(hosts)  # read twice: the guard's and play mode's
    routes = [
        Route("/", _index),
        *_design_routes(),
        *_print_routes(printing),
        *_workspace_routes(space, printing),
        *play_routes(
            space,
            (*LOOPBACK, *hosts),
            _body,
            lambda request, job, *args: printing.run(lambda: _gone(request), job, *args),
        ),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        Mount("/fonts", StaticFiles(directory=FONTS), name="fonts"),
    ]
    handlers: dict[Any, Any] = {
        Refusal: _refused,
        404: _not_found,
        405: _not_found,
        OSError: _file_system,
        Exception: _crashed,
    }
    app = Starlette(routes=routes, exception_handlers=handlers, lifespan=_lifespan)
    app.add_middleware(Guard, hosts=(*LOOPBACK, *hosts), play_only=play_only)
    return app


def _query(request: Request, name: str, default: str | None = None) -> str | None:
    """The query parameter ``name``; one holding a line break or another control
    character is refused (400): every value may end up in a one-line message."""
    value = request.query_params.get(name, default)
    bad = None if value is None else control_character(value)
    if bad:
        line = f"sheetgen: error: the {name} parameter holds a control character (U+{ord(bad):04X})"
        raise Refusal(400, [line])
    return value


def _design_routes() -> list[Route]:
    """The designer's routes over :mod:`sheetgen.serve.service`: games, palettes, starting
    designs, checks, imports, rulings and schemas."""

    async def games(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(service.games))

    async def palette(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(service.palette, request.path_params["game"]))

    async def starting(request: Request) -> Response:
        game = request.path_params["game"]
        text = await run_in_threadpool(service.starting, game, _query(request, "name") or "New design")
        return PlainTextResponse(text, media_type="application/yaml; charset=utf-8")

    async def check(request: Request) -> Response:
        body = await _body(request)
        out = await run_in_threadpool(
            service.check,
            body,
            game=_query(request, "game"),
            source=_query(request, "name") or service.DEFAULT_SOURCE,
        )
        return JSONResponse(out)

    async def import_text(request: Request) -> Response:
        body = (await _body(request)).decode("utf-8", errors="replace").strip()
        name = _query(request, "name") or "Imported design"
        text = await run_in_threadpool(service.import_notation, _query(request, "game") or "", body, name)
        return PlainTextResponse(text, media_type="application/yaml; charset=utf-8")

    async def rulings(request: Request) -> Response:
        return JSONResponse(service.ruling(request.path_params["rule"]))

    async def schema(request: Request) -> Response:
        text = service.schema_text(request.path_params["name"])
        return PlainTextResponse(text, media_type="application/schema+json")

    return [
        Route("/api/games", games),
        Route("/api/starting/{game}", starting),
        Route("/api/palette/{game}", palette),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/import", import_text, methods=["POST"]),
        Route("/api/rulings/{rule}", rulings),
        Route("/api/schema/{name}", schema),
    ]


def _print_routes(printing: Prints) -> list[Route]:
    """The routes that print a design (record sheets as PDF or HTML, counters as PDF or SVG)
    in ``printing``'s slots."""

    def printer(kind: str) -> Handler:
        async def handle(request: Request) -> Response:
            body = await _body(request)
            game = _query(request, "game")
            paper = _query(request, "paper") or "letter"
            face = _query(request, "face") or "front"
            data: bytes
            headers: dict[str, str] = {}
            gone = lambda: _gone(request)  # noqa: E731
            if kind in ("pdf", "html"):
                data = await printing.run(gone, service.sheet, body, kind, paper=paper, game=game)
                if kind == "html":  # the bundled fonts, served here: a page may not load file:// URLs
                    data = data.replace(FONTS.as_uri().encode() + b"/", b"/fonts/")
                    media = "text/html; charset=utf-8"
                else:
                    media = "application/pdf"
                    headers["Content-Disposition"] = content_disposition("record-sheets", ".pdf")
            elif kind == "counters.pdf":
                data = await printing.run(gone, service.counters_pdf, body, paper=paper, game=game)
                media = "application/pdf"
                headers["Content-Disposition"] = content_disposition("counters", ".pdf")
            else:
                data = await printing.run(gone, service.counters_svg, body, face=face, game=game)
                media = "image/svg+xml"
            return Response(data, media_type=media, headers=headers)

        return handle

    return [
        Route("/api/sheet.pdf", printer("pdf"), methods=["POST"]),
        Route("/api/sheet.html", printer("html"), methods=["POST"]),
        Route("/api/counters.pdf", printer("counters.pdf"), methods=["POST"]),
        Route("/api/counters.svg", printer("counters.svg"), methods=["POST"]),
    ]


def _page_of(request: Request, pages: list[bytes]) -> bytes:
    raw = _query(request, "page") or "1"
    if not raw.isdigit() or not 1 <= int(raw) <= len(pages):
        raise Refusal(400, [f"sheetgen: error: page {raw!r}: the map has pages 1 to {len(pages)}"])
    return pages[int(raw) - 1]


def _workspace_routes(space: Workspace, printing: Prints) -> list[Route]:
    """The routes over the workspace ``space``: its files, a scenario's view and map, and a
    scenario's kit (in ``printing``'s slots)."""

    async def files(request: Request) -> Response:
        listed = await run_in_threadpool(space.files)
        return JSONResponse({"root": space.root.name, "files": listed})

    async def file(request: Request) -> Response:
        path = _query(request, "path") or ""
        if request.method == "PUT":
            body = await _body(request)
            replace = _query(request, "replace") or "0"
            if replace not in ("0", "1"):
                raise Refusal(
                    400, [f"sheetgen: error: replace={replace!r}: give replace=1 to replace a file, or 0"]
                )
            base = _query(request, "base")
            if base is not None and not re.fullmatch(r"[0-9a-f]{16}", base):
                raise Refusal(
                    400,
                    [f"sheetgen: error: base={quoted(base)}: give the X-File-Version the file was read with"],
                )
            saved = await run_in_threadpool(lambda: space.save(path, body, replace=replace == "1", base=base))
            return JSONResponse({"saved": saved, "version": file_version(body)})
        text = await run_in_threadpool(space.read, path)
        return PlainTextResponse(
            text,
            media_type="application/yaml; charset=utf-8",
            headers={"X-File-Version": file_version(text.encode("utf-8"))},
        )

    async def scenario(request: Request) -> Response:
        path = _query(request, "path") or ""
        if request.method == "POST":  # the editor's text, not yet saved: the view follows it
            body = await _body(request)
            info, pages = await run_in_threadpool(space.scenario, path, body)
            return JSONResponse({**info, "map": _page_of(request, pages).decode("utf-8")})
        info, _pages = await run_in_threadpool(space.scenario, path)
        return JSONResponse(info)

    async def scenario_map(request: Request) -> Response:
        _info, pages = await run_in_threadpool(space.scenario, _query(request, "path") or "")
        return Response(_page_of(request, pages), media_type="image/svg+xml")

    async def kit(request: Request) -> Response:
        await _body(request)
        path = _query(request, "path") or ""
        paper = _query(request, "paper") or "letter"
        space.resolve(path)  # a path the workspace refuses is refused before any work
        # the download's name, made (and its header checked) before the kit is built
        headers = {"Content-Disposition": content_disposition(Path(path).stem, "-kit.zip")}
        headers["Content-Disposition"].encode("latin-1")
        data = await printing.run(lambda: _gone(request), space.kit_zip, path, paper)
        return Response(data, media_type="application/zip", headers=headers)

    return [
        Route("/api/files", files),
        Route("/api/file", file, methods=["GET", "PUT"]),
        Route("/api/scenario", scenario, methods=["GET", "POST"]),
        Route("/api/scenario/map.svg", scenario_map),
        Route("/api/kit.zip", kit, methods=["POST"]),
    ]


async def _index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers=_PAGE_HEADERS)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refusal)
    return _refusal_response(exc)


async def _not_found(request: Request, exc: Exception) -> Response:
    status = getattr(exc, "status_code", 404)
    what = {404: "no such page or endpoint", 405: "method not allowed here"}.get(status, "refused")
    line = f"sheetgen: error: {request.method} {request.url.path}: {what}"
    return _refusal_response(Refusal(status, [line]))


async def _file_system(request: Request, exc: OSError) -> Response:
    if exc.errno in _OUT_OF_ROOM:  # the server's disk or limits, not the request: try later
        line = f"sheetgen: error: the server cannot write its files now: {exc.strerror}"
        body = {"error": line, "lines": [line], "findings": []}
        return JSONResponse(body, status_code=503, headers={"Retry-After": "60"})
    # a name too long, a folder where a file should be...: the request's fault, said in one
    # line with the workspace-relative name, never the server's own paths
    name = Path(str(exc.filename)).name if exc.filename else "the file"
    line = f"sheetgen: error: {name}: {exc.strerror or type(exc).__name__}"
    return JSONResponse({"error": line, "lines": [line], "findings": []}, status_code=400)


async def _crashed(request: Request, exc: Exception) -> Response:
    line = f"sheetgen: error: internal error ({type(exc).__name__}); please report it"
    return JSONResponse({"error": line, "lines": [line], "findings": []}, status_code=500)


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    from sheetgen.serve.connections import quiet_accept_errors

    quiet_accept_errors(asyncio.get_running_loop())
    yield


#: The page's own headers: no framing by other sites, no scripts but its own.
_PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
        "frame-src 'self' blob: data:; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
}
