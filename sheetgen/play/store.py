"""The event store of play mode: SQLite in the workspace's ``.sheetgen/`` folder.

One database file, ``.sheetgen/play.sqlite3``, in WAL mode with ``synchronous=FULL``:
a write is committed (and on disk) before :meth:`Store.append` returns, so every event
acknowledged to a device survives the server being killed. Two tables:

- ``games(id, scenario, code, created)``: one row a game; ``scenario`` the scenario's
  path in the workspace, ``code`` the join code, ``created`` seconds since the epoch.
- ``settings(game, sides_own_ships)``: the host's settings of a game (no row: the defaults).
- ``events(game, seq, body, who, at)``: the game's log in order (``seq`` 1, 2, ...);
  ``body`` the event as JSON (an undo and a redo are events too), ``who`` the device
  or side that sent it, ``at`` seconds since the epoch.

Beside the database, ``.sheetgen/play.key`` (owner-only) holds the random key the side
tokens are made with (:meth:`Store.key`), so tokens given out survive a restart.

Appending takes SQLite's write lock (``BEGIN IMMEDIATE``) and checks the sequence
number the caller expects, so two writers never interleave: the one that lost the race
gets :class:`Stale` and retries on the fresh log.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["FOLDER", "Logged", "Stale", "Store", "StoredGame"]

#: The workspace's folder for sheetgen's own files.
FOLDER = ".sheetgen"
_FILE = "play.sqlite3"
_KEY = "play.key"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    scenario TEXT NOT NULL,
    code TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    body TEXT NOT NULL,
    who TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS settings (
    game TEXT PRIMARY KEY REFERENCES games(id),
    sides_own_ships INTEGER NOT NULL
);
"""
#: Letters of join codes and game ids: no 0/O, 1/I/L to misread at the table.
_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


class Stale(Exception):
    """The log grew since the caller read it: read it again and retry."""


@dataclass(frozen=True)
class StoredGame:
    """One game's row: ``id``, ``scenario`` (path in the workspace), join ``code``, ``created``."""

    id: str
    scenario: str
    code: str
    created: float


@dataclass(frozen=True)
class Logged:
    """One event as logged: ``seq`` (1, 2, ...), ``body`` (the event mapping), ``who``, ``at``."""

    seq: int
    body: dict[str, Any]
    who: str
    at: float


def _token(n: int) -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(n))


class Store:
    """The play database of the workspace ``root`` (created on first use)."""

    def __init__(self, root: str | Path) -> None:
        self.path = Path(root) / FOLDER / _FILE
        self._local = threading.local()

    def _db(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            self.path.parent.mkdir(exist_ok=True)
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None, check_same_thread=True)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(_SCHEMA)
            self._local.db = db
        return db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def create(self, scenario: str) -> StoredGame:
        """A new game of ``scenario`` with a fresh id (8 letters) and join code (6 letters)."""
        with self._write() as db:
            while True:
                game = StoredGame(_token(8), scenario, _token(6), time.time())
                if db.execute("SELECT 1 FROM games WHERE id = ?", (game.id,)).fetchone() is None:
                    break
            db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?)", (game.id, game.scenario, game.code, game.created)
            )
        return game

    def games(self) -> list[StoredGame]:
        """Every game kept, newest first."""
        if not self.path.exists():
            return []
        rows = self._db().execute("SELECT id, scenario, code, created FROM games ORDER BY created DESC")
        return [StoredGame(*row) for row in rows]

    def game(self, game_id: str) -> StoredGame | None:
        """The game ``game_id``, or ``None``."""
        if not self.path.exists():
            return None
        row = (
            self._db()
            .execute("SELECT id, scenario, code, created FROM games WHERE id = ?", (game_id,))
            .fetchone()
        )
        return None if row is None else StoredGame(*row)

    def events(self, game_id: str, after: int = 0) -> list[Logged]:
        """The game's log after ``seq`` ``after``, in order."""
        rows = self._db().execute(
            "SELECT seq, body, who, at FROM events WHERE game = ? AND seq > ? ORDER BY seq", (game_id, after)
        )
        return [Logged(seq, json.loads(body), who, at) for seq, body, who, at in rows]

    def append(self, game_id: str, seq: int, body: dict[str, Any], who: str) -> Logged:
        """Log ``body`` as event ``seq`` of the game, committed to disk before returning.

        Raises :class:`Stale` when the log's last event is not ``seq - 1``.
        """
        logged = Logged(seq, body, who, time.time())
        with self._write() as db:
            (last,) = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game = ?", (game_id,)
            ).fetchone()
            if last != seq - 1:
                raise Stale(f"the log is at {last}, not {seq - 1}")
            db.execute(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, json.dumps(body, sort_keys=True), who, logged.at),
            )
        return logged

    def sides_own_ships(self, game_id: str) -> bool:
        """The host's setting: whether a side may change only its own ships (default ``True``)."""
        if not self.path.exists():
            return True
        row = self._db().execute("SELECT sides_own_ships FROM settings WHERE game = ?", (game_id,)).fetchone()
        return True if row is None else bool(row[0])

    def set_sides_own_ships(self, game_id: str, value: bool) -> None:
        """Keep the host's setting ``sides_own_ships`` for the game (durable on return)."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (game_id, int(value)))

    def key(self) -> bytes:
        """The workspace's key for side tokens (32 random bytes, made on first use, owner-only)."""
        path = self.path.parent / _KEY
        path.parent.mkdir(exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            key = path.read_bytes()
            if len(key) >= 32:
                return key
            path.write_bytes(key := secrets.token_bytes(32))  # a torn first write: make it again
            return key
        key = secrets.token_bytes(32)
        with os.fdopen(fd, "wb") as out:
            out.write(key)
            out.flush()
            os.fsync(out.fileno())
        return key
