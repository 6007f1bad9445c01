"""A small Language Server Protocol client for the real ``yaml-language-server`` (npm), so
tests can ask the editor engine what it reports for a design file and its JSON Schema.

Only what the tests need: start the server over stdio, answer its configuration requests,
open one document and wait for the diagnostics it publishes. Positions in the answers are
the protocol's: 0-based line and character (UTF-16 code units).
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

__all__ = ["YamlLanguageServer", "executable"]

#: The settings the server is given: validation on, no schemas from the internet.
SETTINGS: dict[str, Any] = {
    "yaml": {
        "validate": True,
        "hover": False,
        "completion": False,
        "format": {"enable": False},
        "schemaStore": {"enable": False},
        "schemas": {},
    },
    "http": {"proxy": "", "proxyStrictSSL": False},
}


def executable() -> str | None:
    """The ``yaml-language-server`` program on PATH (``None`` where npm did not install it)."""
    return shutil.which("yaml-language-server")


class YamlLanguageServer:
    """One running ``yaml-language-server --stdio``; use as a context manager.

    :meth:`diagnostics` opens a file by its ``file://`` URI (so a modeline's relative
    ``$schema=`` resolves beside it) and returns the diagnostics the server publishes.
    Raises :class:`TimeoutError` when the server says nothing in ``timeout`` seconds.
    """

    def __init__(self, program: str, timeout: float = 30.0) -> None:
        self.timeout = timeout
        self._proc = subprocess.Popen(
            [program, "--stdio"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "NODE_NO_WARNINGS": "1"},
        )
        self._next_id = 0
        self._messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self._reader = threading.Thread(target=self._read_all, daemon=True)
        self._reader.start()
        self._request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": None,
                "capabilities": {
                    "workspace": {"configuration": True},
                    "textDocument": {"publishDiagnostics": {"relatedInformation": False}},
                },
            },
        )
        self._notify("initialized", {})
        self._notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
        self._version = 0

    def __enter__(self) -> YamlLanguageServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Ask the server to stop, then end it."""
        try:
            self._request("shutdown", None)
            self._notify("exit", None)
            self._proc.wait(timeout=5)
        except Exception:
            self._proc.kill()
            self._proc.wait()
        finally:
            for stream in (self._proc.stdin, self._proc.stdout):
                if stream is not None:
                    stream.close()
            self._reader.join(timeout=5)

    def diagnostics(self, path: Path, text: str | None = None) -> list[dict[str, Any]]:
        """The diagnostics the server publishes for ``path`` (its text, or ``text``), in
        the server's order: dicts with ``range`` (0-based ``start``/``end`` ``line`` and
        ``character``), ``message``, ``severity`` (1 error, 2 warning) and ``source``."""
        uri = Path(path).resolve().as_uri()
        body = Path(path).read_text(encoding="utf-8") if text is None else text
        self._version += 1
        self._notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "yaml", "version": self._version, "text": body}},
        )
        try:
            while True:
                message = self._wait()
                if (
                    message.get("method") == "textDocument/publishDiagnostics"
                    and message["params"]["uri"] == uri
                ):
                    return list(message["params"]["diagnostics"])
        finally:
            self._notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    # -- the protocol -------------------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps({"jsonrpc": "2.0", **message}).encode()
        assert self._proc.stdin is not None
        self._proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self._proc.stdin.flush()

    def _notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def _request(self, method: str, params: Any) -> Any:
        self._next_id += 1
        ident = self._next_id
        self._send({"id": ident, "method": method, "params": params})
        while True:
            message = self._wait()
            if message.get("id") == ident and "method" not in message:
                return message.get("result")

    def _wait(self) -> dict[str, Any]:
        """The next message from the server that is not a request to the client (those are
        answered here)."""
        while True:
            try:
                message = self._messages.get(timeout=self.timeout)
            except queue.Empty:
                raise TimeoutError("yaml-language-server said nothing") from None
            if "method" in message and "id" in message:
                self._answer(message)
                continue
            return message

    def _answer(self, request: dict[str, Any]) -> None:
        result: Any = None
        if request["method"] == "workspace/configuration":
            result = [SETTINGS.get(item.get("section", "")) for item in request["params"]["items"]]
        self._send({"id": request["id"], "result": result})

    def _read_all(self) -> None:
        stream = self._proc.stdout
        assert stream is not None
        while True:
            length = 0
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            self._messages.put(json.loads(stream.read(length)))
