"""Play mode's HTTP and WebSocket routes (``docs/play.md``), over :mod:`sheetgen.play.engine`.

- ``POST /api/play`` ``{"scenario": PATH}``: a new game of that workspace scenario,
  201 ``{"id", "code"}``; ``GET /api/play``: ``{"games": [{"id", "scenario", "created"}]}``.
- ``GET /api/play/{id}?range=N``: the game's state (:meth:`~sheetgen.play.engine.Engine.state`),
  each card's ``now.weapons`` at ``N`` hexes (default 1), with its join ``code`` only for
  this machine (loopback).
- ``POST /api/play/{id}/events`` (one event), ``/undo``, ``/redo``: the new state; an event
  the rules refuse is 409 with the rule's one line, and nothing changes.
- WebSocket ``/api/play/{id}/live``: the state now, then each new state as it happens.
- ``GET /api/play/{id}/sheets.pdf``: the record sheets with the damage marked now.
- ``GET /api/play/{id}/log?start=N&count=M``: log entries ``N`` (0 the first) onwards, at
  most ``M`` (:data:`LOG_PAGE`): ``{"total", "start", "log"}``.

Every state answered or pushed carries the newest :data:`LOG_TAIL` log entries in ``log``,
with ``log_total`` (entries in all) and ``can_undo``, so an answer's size does not grow
with the game.
- ``GET /play``: the page.
- ``POST /api/play/{id}/join`` ``{"side": NAME}`` (with the join code): ``{"side", "token"}``,
  the side token a device then sends (``X-Side-Token`` header or ``token`` query parameter)
  with its changes. While the game's sides own their ships (the default), a device from
  another machine changes only its side's ships, and a refused change is 403 with one line;
  the host's machine changes any ship. ``POST /api/play/{id}/settings``
  ``{"sides_own_ships": false}`` (the host's machine only) lets every side change any ship.

A request from another machine must carry the game's join code (``X-Join-Code`` header
or ``code`` query parameter; for the games list, any game's code): else 403, and after
:data:`MAX_WRONG` wrong codes in :data:`WRONG_WINDOW` seconds that machine's network (its
IPv6 /64, its IPv4 address) gets 429 until the window passes; the wrong codes of at most
:data:`MAX_NETWORKS` networks are remembered. The server's guard checks the WebSocket's ``Host`` and ``Origin`` as a request's that changes something.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from sheetgen.core.findings import quoted
from sheetgen.core.refused import Refused
from sheetgen.play.engine import (
    DEFAULT_RANGE,
    MAX_RANGE,
    BadAim,
    Engine,
    Forbidden,
    UnknownGame,
    print_sheets,
)
from sheetgen.serve.addresses import OWN_ADDRESSES, lan_address, own_address
from sheetgen.serve.service import Refusal
from sheetgen.serve.workspace import Workspace

__all__ = [
    "LOG_PAGE",
    "LOG_TAIL",
    "MAX_GAME_SOCKETS",
    "MAX_NETWORKS",
    "MAX_SOCKETS",
    "MAX_WRONG",
    "WRONG_WINDOW",
    "network",
    "play_routes",
]

STATIC = Path(__file__).parent / "static"
#: Wrong join codes one machine may send in :data:`WRONG_WINDOW` seconds before it is refused (429).
MAX_WRONG = 10
WRONG_WINDOW = 60.0
#: Log entries a state carries (the newest); the whole log is paged by ``GET .../log``.
LOG_TAIL = 50
#: Most log entries one ``GET .../log`` page holds.
LOG_PAGE = 500
#: Most WebSockets open on one game, and on all games: well below the server's connection
#: cap (``sheetgen.serve.connections``), so open sockets never leave HTTP requests without room.
MAX_GAME_SOCKETS = 64
MAX_SOCKETS = 256
#: Networks whose wrong codes are remembered at once; past this the stalest are forgotten.
MAX_NETWORKS = 4096
_LOOPBACK = ("127.0.0.1", "::1", "localhost")
_PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; style-src 'self' 'unsafe-inline'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
}


def network(address: str) -> str:
    """The network a client's wrong join codes are counted against: an IPv6 address's /64
    (one machine is given a whole /64 and may use any address in it), an IPv4 address itself
    (/32); any other text as it is."""
    import ipaddress

    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _fail(status: int, message: str) -> Refusal:
    return Refusal(status, [f"sheetgen: error: {message}"])


class _Live:
    """Who listens to which game: a queue per WebSocket, fed each new state."""

    def __init__(self) -> None:
        self.listeners: dict[str, set[asyncio.Queue[dict[str, Any]]]] = {}

    def open(self) -> int:
        """The WebSockets open now, every game's."""
        return sum(len(queues) for queues in self.listeners.values())

    def publish(self, game_id: str, state: dict[str, Any]) -> None:
        for queue in list(self.listeners.get(game_id, ())):
            queue.put_nowait(state)


def play_routes(
    space: Workspace,
    hosts: Iterable[str],
    read_body: Callable[[Request], Awaitable[bytes]],
    print_job: Callable[..., Awaitable[Any]] | None = None,
) -> list[BaseRoute]:
    """The play routes for the workspace ``space``; ``hosts`` the host names served (loopback
    included; the first other one, or this machine's network address for
    :data:`~sheetgen.serve.addresses.OWN_ADDRESSES`, is the address the host's page tells
    other devices to join at), ``read_body`` the server's bounded body reader,
    ``print_job(request, job, *args)`` the server's print slots (bounded, 503 when busy;
    default: in a thread)."""
    return _PlayRoutes(space, read_body, print_job, join_host(tuple(hosts))).routes()


def join_host(hosts: tuple[str, ...]) -> str | None:
    """The address other devices join at, from the host names served: this machine's network
    address when it serves all of its own (:data:`~sheetgen.serve.addresses.OWN_ADDRESSES`, a
    server on 0.0.0.0), else the first one that is not loopback; None when only loopback is
    served (nobody else can join)."""
    if OWN_ADDRESSES in hosts:
        return lan_address() or socket.gethostname()
    others = [h for h in hosts if h not in _LOOPBACK and h != OWN_ADDRESSES]
    return others[0] if others else None


class _PlayRoutes:
    """The play routes' handlers over one workspace (:func:`play_routes`): the game engine,
    who listens to which game, and the networks that sent wrong join codes."""

    def __init__(
        self,
        space: Workspace,
        read_body: Callable[[Request], Awaitable[bytes]],
        print_job: Callable[..., Awaitable[Any]] | None,
        join_at: str | None = None,
    ) -> None:
        self.join_at = join_at
        self.engine: Engine = Engine(space.root, load=lambda path: _load(space, self.engine, path))
        self.live = _Live()
        self.wrong: dict[str, deque[float]] = {}
        self.read_body = read_body
        self.print_job = print_job

    def local(self, conn: HTTPConnection) -> bool:
        """Whether ``conn`` comes from this machine (the host's own browser), by whichever of
        its addresses."""
        if conn.client is None:
            return True
        host = conn.client.host
        return host in _LOOPBACK or host.startswith("127.") or own_address(host)

    def admit(self, conn: HTTPConnection, game_id: str | None) -> None:
        """Refuse a request from another machine without the right join code."""
        if self.local(conn):
            return
        who = network(conn.client.host if conn.client else "")
        now = time.monotonic()
        recent = self.wrong.get(who, deque())
        while recent and recent[0] < now - WRONG_WINDOW:
            recent.popleft()
        if not recent:
            self.wrong.pop(who, None)
        if len(recent) >= MAX_WRONG:
            raise Refusal(
                429,
                [f"sheetgen: error: too many wrong join codes; wait {WRONG_WINDOW:g} s"],
                headers={"Retry-After": f"{WRONG_WINDOW:g}"},
            )
        code = (conn.headers.get("x-join-code") or conn.query_params.get("code") or "").strip().upper()
        games = self.engine.games()
        ok = any(g.code == code for g in games if game_id is None or g.id == game_id)
        if not ok and not code:  # no code yet (a page opened before the code is typed): no guess to count
            raise _fail(403, "this game needs its join code (ask the host for it)")
        if not ok:  # a code given, but not this game's: a typo, another game's code, or a guess
            recent.append(now)
            self.wrong.pop(who, None)
            self.wrong[who] = recent  # the most recently wrong last
            while len(self.wrong) > MAX_NETWORKS:  # forget the network wrong longest ago
                del self.wrong[next(iter(self.wrong))]
            raise _fail(403, f"join code {quoted(code)} is not this game's (check it with the host)")

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return await run_in_threadpool(fn, *args)
        except UnknownGame as exc:
            raise _fail(404, f"no game {exc.args[0]!r} here (sheetgen play --list shows the games)") from None
        except Forbidden as exc:
            raise Refusal(403, [f"sheetgen: error: {exc}"]) from None
        except Refused as exc:
            raise Refusal(409, [f"sheetgen: error: {exc}"]) from None
        except BadAim as exc:
            raise _fail(400, str(exc)) from None

    async def event_body(self, request: Request, *, empty: bool = False) -> dict[str, Any]:
        """The request's JSON object; an empty body is ``{}`` only where ``empty`` (undo, redo)."""
        raw = await self.read_body(request)
        if not raw.strip() and not empty:
            raise _fail(400, "the body is empty; send a JSON object")
        try:
            body = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise _fail(400, "the body is not JSON") from None
        except RecursionError:
            raise _fail(400, "the body is JSON nested too deeply") from None
        if not isinstance(body, dict):
            raise _fail(400, "the body must be a JSON object ({...}), not a list or a value")
        return body

    def shown(self, request: Request, state: dict[str, Any]) -> dict[str, Any]:
        state = _tail(state)
        if self.local(request):
            code = next((g.code for g in self.engine.games() if g.id == state["id"]), None)
            return {**state, "code": code, "join_host": self.join_at}
        return state

    async def log(self, request: Request) -> Response:
        game_id = request.path_params["id"]
        self.admit(request, game_id)
        start, count = _whole(request, "start", 0), _whole(request, "count", LOG_PAGE)
        entries = (await self.call(self.engine.state, game_id))["log"]
        page = entries[start : start + min(count, LOG_PAGE)]
        return JSONResponse({"total": len(entries), "start": start, "log": page})

    async def games(self, request: Request) -> Response:
        if request.method == "POST":
            body = await self.event_body(request)
            path = body.get("scenario")
            if not isinstance(path, str):
                raise _fail(400, 'give the scenario to play: {"scenario": "scenarios/battle.yaml"}')
            if not self.local(request):
                raise _fail(403, "only the host's machine starts games")
            stored = await self.call(self.engine.create, path)
            return JSONResponse({"id": stored.id, "code": stored.code}, status_code=201)
        self.admit(request, None)
        kept = await self.call(self.engine.games)
        listed = [{"id": g.id, "scenario": g.scenario, "created": g.created} for g in kept]
        return JSONResponse({"games": listed})

    async def game(self, request: Request) -> Response:
        game_id = request.path_params["id"]
        self.admit(request, game_id)
        state = await self.call(self.engine.state, game_id, _range(request), _aim(request))
        return JSONResponse(self.shown(request, state))

    async def side_of(self, request: Request, game_id: str) -> str | None:
        """The sender's side: ``None`` for the host's machine, which changes any ship; the
        side whose token the request carries (``X-Side-Token`` or ``token``); else ``""``."""
        if self.local(request):
            return None
        token = (request.headers.get("x-side-token") or request.query_params.get("token") or "").strip()
        if not token:
            return ""
        side = await self.call(self.engine.side_of, game_id, token.upper()[:64])
        if side is None:
            raise _fail(403, "that side token is not one of this game's (join again with the code)")
        return str(side)

    async def join(self, request: Request) -> Response:
        game_id = request.path_params["id"]
        self.admit(request, game_id)
        body = await self.event_body(request)
        side = body.get("side")
        if not isinstance(side, str):
            sides = ", ".join(await self.call(self.engine.sides, game_id))
            raise _fail(400, f'name the side to join: {{"side": NAME}}; this game\'s sides are {sides}')
        token = await self.call(self.engine.token, game_id, side)
        return JSONResponse({"side": side, "token": token})

    async def settings(self, request: Request) -> Response:
        game_id = request.path_params["id"]
        self.admit(request, game_id)
        if not self.local(request):
            raise _fail(403, "only the host's machine changes the game's settings")
        body = await self.event_body(request)
        value = body.get("sides_own_ships")
        if not isinstance(value, bool) or set(body) != {"sides_own_ships"}:
            raise _fail(400, 'the setting is {"sides_own_ships": true} or {"sides_own_ships": false}')
        await self.call(self.engine.set_sides_own_ships, game_id, value)
        state = await self.call(self.engine.state, game_id)
        self.live.publish(game_id, state)
        return JSONResponse(self.shown(request, state))

    def change(self, kind: str) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            game_id = request.path_params["id"]
            self.admit(request, game_id)
            body = await self.event_body(request, empty=kind != "events")
            side = await self.side_of(request, game_id)
            who = body.pop("who", None) or ("host" if side is None else side or "guest")
            if side and who != side and isinstance(who, str):
                who = f"{who[:60]} ({side})"  # the log names the side a token acted for
            if kind == "events":
                state = await self.call(self.engine.submit, game_id, body, who, side)
            else:
                state = await self.call(self.engine.submit, game_id, {"action": kind}, who, side)
            self.live.publish(game_id, state)
            if "range" in request.query_params:  # the sender's cards at its chosen range
                state = await self.call(self.engine.state, game_id, _range(request), _aim(request))
            return JSONResponse(self.shown(request, state))

        return handle

    async def stream(self, socket: WebSocket) -> None:
        game_id = socket.path_params["id"]  # Host and Origin: checked by the server's guard
        try:
            self.admit(socket, game_id)
        except Refusal as exc:
            await socket.close(code=1008, reason=str(exc)[:120])
            return
        # the slot is taken before the first wait, so sockets opening at once cannot pass the bound
        listeners = self.live.listeners.get(game_id, set())
        if len(listeners) >= MAX_GAME_SOCKETS or self.live.open() >= MAX_SOCKETS:
            await _busy(socket, len(listeners) >= MAX_GAME_SOCKETS)
            return
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.live.listeners.setdefault(game_id, listeners).add(queue)
        try:
            try:
                state = await self.call(self.engine.state, game_id)
            except Refusal as exc:
                await socket.close(code=1008, reason=str(exc)[:120])
                return
            await socket.accept()
            await socket.send_json(_tail(state))
            sender = asyncio.ensure_future(_send_all(socket, queue))
            try:
                while (await socket.receive())["type"] != "websocket.disconnect":
                    pass
            finally:
                sender.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            listeners.discard(queue)
            if not listeners and self.live.listeners.get(game_id) is listeners:
                del self.live.listeners[game_id]

    async def sheets(self, request: Request) -> Response:
        game_id = request.path_params["id"]
        self.admit(request, game_id)
        ships = await self.call(self.engine.sheet_ships, game_id)
        if self.print_job is None:
            pdf = await self.call(print_sheets, ships)
        else:
            pdf = await self.print_job(request, print_sheets, ships)
        headers = {"Content-Disposition": f'inline; filename="{game_id}-sheets.pdf"'}
        return Response(pdf, media_type="application/pdf", headers=headers)

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "play.html", headers=_PAGE_HEADERS)

    def routes(self) -> list[BaseRoute]:
        """The routes, each to its handler."""
        return [
            Route("/play", self.page),
            Route("/api/play", self.games, methods=["GET", "POST"]),
            Route("/api/play/{id}", self.game),
            Route("/api/play/{id}/sheets.pdf", self.sheets),
            Route("/api/play/{id}/log", self.log),
            Route("/api/play/{id}/join", self.join, methods=["POST"]),
            Route("/api/play/{id}/settings", self.settings, methods=["POST"]),
            Route("/api/play/{id}/events", self.change("events"), methods=["POST"]),
            Route("/api/play/{id}/undo", self.change("undo"), methods=["POST"]),
            Route("/api/play/{id}/redo", self.change("redo"), methods=["POST"]),
            WebSocketRoute("/api/play/{id}/live", self.stream),
        ]


async def _send_all(socket: WebSocket, queue: asyncio.Queue[dict[str, Any]]) -> None:
    while True:
        state = await queue.get()
        while not queue.empty():  # only the newest matters
            state = queue.get_nowait()
        await socket.send_json({k: v for k, v in _tail(state).items() if k != "code"})


async def _busy(socket: WebSocket, game: bool) -> None:
    """Refuse a WebSocket at its handshake for want of room: 503 with ``Retry-After`` and one
    line where the server can answer a handshake with HTTP, else close code 1013 (try again)."""
    where = f"{MAX_GAME_SOCKETS} on this game" if game else f"{MAX_SOCKETS} in all"
    line = f"sheetgen: error: too many live connections ({where}); try again later"
    if "websocket.http.response" in socket.scope.get("extensions", {}):
        body = {"error": line, "lines": [line], "findings": []}
        await socket.send_denial_response(JSONResponse(body, status_code=503, headers={"Retry-After": "5"}))
    else:
        await socket.close(code=1013, reason=line[:120])


def _tail(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with only its newest :data:`LOG_TAIL` log entries, ``log_total`` and
    ``can_undo`` (an event still standing to take back)."""
    entries = state["log"]
    standing = any(not e["undone"] and e["event"].get("action") not in ("undo", "redo") for e in entries)
    return {**state, "log": entries[-LOG_TAIL:], "log_total": len(entries), "can_undo": standing}


def _whole(request: Request, name: str, default: int) -> int:
    """The query parameter ``name`` as a whole number of 0 or more (400 otherwise)."""
    text = request.query_params.get(name)
    if text is None:
        return default
    if not text.isascii() or not text.isdigit():
        raise _fail(400, f"{name} is a whole number of 0 or more, not {quoted(text, 20)}")
    if len(text.lstrip("0")) > 9:
        raise _fail(400, f"{name} is at most 999999999, not {quoted(text, 20)}")
    return int(text)


def _range(request: Request) -> int:
    """The ``range`` query parameter (hexes, 0 to :data:`MAX_RANGE`; default
    :data:`DEFAULT_RANGE`): the range each card's ``now.weapons`` is given at."""
    hexes = _whole(request, "range", DEFAULT_RANGE)
    if hexes > MAX_RANGE:
        raise _fail(400, f"range is 0 to {MAX_RANGE} hexes, not {hexes}")
    return hexes


def _aim(request: Request) -> dict[str, str]:
    """The query parameters a game may read for its weapons' odds (all but the range, join
    code and side token; at most 16, each cut to 20 characters): the game checks them."""
    skip = ("range", "code", "token")
    return {k: v[:20] for k, v in list(request.query_params.items())[:16] if k not in skip}


def _load(space: Workspace, engine: Engine, path: str) -> Any:
    """The scenario at ``path``, kept inside the workspace (refused as the designer refuses)."""
    space.resolve(path)
    return engine.read_scenario(path)
