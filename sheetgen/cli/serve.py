"""``sheetgen serve``: the ship designer in the browser (:mod:`sheetgen.serve`), run by uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from sheetgen.cli.app import _err, _fail, app, given_path, short_help

if TYPE_CHECKING:
    import socket

__all__ = ["listen", "run_server", "serve", "shown_address"]


def _address(text: str) -> str:
    """``--host`` as given; an empty one is refused (it would listen on every interface)."""
    if not text.strip():
        raise typer.BadParameter(
            "the address is empty: give one (127.0.0.1: this machine only; 0.0.0.0: every network)"
        )
    return text


@app.command(short_help=short_help("serve"))
def serve(
    folder: Annotated[
        Path,
        typer.Argument(
            metavar="FOLDER",
            help="The workspace: its designs and scenarios are listed, opened and saved.",
            parser=given_path,
        ),
    ] = Path("."),
    port: Annotated[
        int, typer.Option(min=0, max=65535, metavar="<n>", help="Port to listen on (0: any free one).")
    ] = 8000,
    host: Annotated[
        str,
        typer.Option(
            metavar="<address>",
            help="Address to listen on; anything but loopback lets other machines in.",
            parser=_address,
        ),
    ] = "127.0.0.1",
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in the browser.")] = False,
) -> None:
    """Serve the ship designer on http://HOST:PORT/ until interrupted (Ctrl-C).

    Only files inside FOLDER are listed, opened and saved. The server listens on
    loopback unless --host says otherwise; requests naming another host, and
    changes asked by other web pages, are refused.
    """
    if not folder.is_dir():
        what = "is a file, not a folder" if folder.exists() else "no such folder"
        _fail(f"{folder}: {what} (the workspace must be a folder)")
    run_server(folder, listen(host, port), host, open_browser=open_browser)


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening; exits 2 with one line
    ("cannot listen on HOST:PORT: REASON") when the port is taken or the address is not
    this machine's. Called before anything is made that the server would serve."""
    import socket

    from sheetgen.serve.connections import BACKLOG

    # IPPROTO_TCP named, so asyncio turns Nagle off on each connection (else ~40 ms a kept-alive request)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)  # connections wait in the backlog until uvicorn serves them
    except OSError as exc:
        sock.close()
        _fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    return sock


def run_server(
    folder: Path, sock: socket.socket, host: str, *, open_browser: bool = False, play_only: bool = False
) -> None:
    """Serve the workspace ``folder`` on the listening ``sock`` (from :func:`listen`) until
    interrupted; ``host`` the address it was bound to; ``play_only`` (``sheetgen play``):
    other machines get the game only, never the designer or the workspace's files."""
    import signal
    import threading

    import uvicorn

    from sheetgen.core.leftovers import sweep_leftovers
    from sheetgen.core.stopping import STOP_SIGNALS, raise_stop
    from sheetgen.serve.addresses import OWN_ADDRESSES, WILDCARDS
    from sheetgen.serve.app import LOOPBACK, create_app
    from sheetgen.serve.connections import server_config
    from sheetgen.serve.printing import close_workers, start_workers
    from sheetgen.serve.workspace import Workspace

    bound = sock.getsockname()[1]
    url = f"http://{shown_address(host)}:{bound}/"
    hosts: tuple[str, ...] = () if host in LOOPBACK else (host,)
    if host in WILDCARDS:
        hosts += (*_own_names(), OWN_ADDRESSES)
    if not _loopback(host):
        what = "this game, with its join code" if play_only else "the designer and the workspace's files"
        _err(f"sheetgen: warning: listening on {host}: other machines can reach {what}")
    _err(f"serving {folder.resolve()} on {url} (Ctrl-C stops)")
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    # what a killed server left: kit folders, half-saved files in the workspace
    sweep_leftovers()
    Workspace(folder).sweep()
    threading.Thread(target=start_workers, name="print-workers", daemon=True).start()
    config = server_config(
        create_app(folder, hosts=hosts, play_only=play_only), log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)

    def stop(signum: int, frame: Any) -> None:
        # ``kill`` and a closed terminal end the server as Ctrl-C does: uvicorn stops serving
        # (it takes SIGTERM itself), then raises the signal again once it has stopped; here that
        # is Python's exit with status 128 + the signal, so the print workers are stopped
        if server.should_exit:
            raise_stop(signum, frame)
        server.handle_exit(signum, frame)

    before = {signum: signal.signal(signum, stop) for signum in STOP_SIGNALS}
    try:
        server.run(sockets=[sock])
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)
        close_workers()


def _loopback(host: str) -> bool:
    """Whether ``--host`` is this machine only: ``localhost``, 127.0.0.0/8 or ::1."""
    import ipaddress

    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip().removeprefix("[").removesuffix("]")).is_loopback
    except ValueError:
        return False


def shown_address(host: str) -> str:
    """The address to print for a server on ``host``: for every network (0.0.0.0, ::) the one
    other devices open (this machine's network address, else its name), IPv6 in brackets."""
    import socket

    from sheetgen.serve.addresses import WILDCARDS, lan_address

    if host in WILDCARDS:
        host = lan_address() or socket.gethostname()
    return f"[{host}]" if ":" in host else host


def _own_names() -> tuple[str, ...]:
    """This machine's name and addresses: the ``Host`` others use to reach ``--host 0.0.0.0``."""
    import contextlib
    import socket

    name = socket.gethostname()
    names = {name, socket.getfqdn()}
    with contextlib.suppress(OSError):
        names |= {str(info[4][0]) for info in socket.getaddrinfo(name, None)}
    return tuple(sorted(names))
