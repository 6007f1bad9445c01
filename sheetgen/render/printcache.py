"""Printed PDFs kept between runs, so a document printed before is not laid out again.

WeasyPrint gives the same bytes for the same HTML, the same files it reads
(the bundled fonts) and the same installed libraries. A printed document is
kept under a key made of all three, and a later run that asks for the same
document gets the kept PDF and warnings instead of a new layout: a kit built
again after moving a ship on the map prints only what changed. The first
print of a document costs what it did before.

The cache is a folder (:func:`cache_folder`: the user's cache folder, or
``SHEETGEN_CACHE``) held to :data:`SIZE_LIMIT` bytes by `diskcache`_, which
drops the oldest entries. ``SHEETGEN_CACHE=off`` turns it off. A cache that
cannot be read or written only makes printing slower: it never stops a print.

What the key holds:

- every HTML document of the print, in order, and the base URL they are read
  against;
- the bytes of every local file they name by a ``file:`` URL (the fonts);
- the installed files of WeasyPrint and of the libraries that shape its
  output (pydyf, tinycss2, cssselect2, tinyhtml5, fontTools, Pillow), by path,
  size and modification time, so an upgrade prints afresh.

HTML that names anything else (a relative or remote URL) is never kept. The
system's text libraries (Pango, HarfBuzz, fontconfig) are not in the key: after
upgrading them, ``SHEETGEN_CACHE=off`` (or deleting the folder) prints afresh.

.. _diskcache: https://grantjenks.com/docs/diskcache/
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from sheetgen.core.rendered import Rendered

if TYPE_CHECKING:
    from diskcache import Cache

__all__ = ["ENV", "SIZE_LIMIT", "cache_folder", "cache_key", "keep", "kept"]

#: The environment variable naming the cache folder, or ``off`` (``0``, ``no``, ``false``).
ENV = "SHEETGEN_CACHE"

#: The most the cache folder holds, in bytes (a kit's PDFs are 0.1-1 MB).
SIZE_LIMIT = 256 * 2**20

#: Bumped when what is kept, or how the key is made, changes.
FORMAT = 3

#: The libraries whose installed files decide a printed PDF's bytes, by import name.
LIBRARIES = ("weasyprint", "pydyf", "tinycss2", "cssselect2", "tinyhtml5", "fontTools", "PIL")

_OFF = {"off", "0", "no", "false"}

#: A URL in HTML or CSS: ``url(...)``, ``src=``/``href=`` attributes.
_URL = re.compile(r"""url\(\s*["']?([^"')\s]+)|\b(?:src|href)\s*=\s*["']([^"']+)""")


def cache_folder() -> Path | None:
    """The folder printed PDFs are kept in: ``SHEETGEN_CACHE`` when it names one,
    None when it says ``off``, else ``print`` in the user's cache folder (platformdirs:
    ``~/.cache/sheetgen`` on Linux)."""
    given = os.environ.get(ENV, "").strip()
    if given.lower() in _OFF:
        return None
    if given:
        return Path(given)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("sheetgen", appauthor=False)) / "print"


@cache
def _libraries() -> tuple[tuple[str, int, int], ...]:
    """Path, size and modification time (ns) of each library's installed ``__init__``."""
    found = []
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            found.append((name, -1, -1))
            continue
        st = os.stat(spec.origin)
        found.append((spec.origin, st.st_size, st.st_mtime_ns))
    return tuple(found)


@cache
def _file_digest(path: str, size: int, mtime_ns: int) -> str:
    """SHA-256 of the file at ``path`` (as it is at ``size`` and ``mtime_ns``)."""
    with open(path, "rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def _resources(html: str) -> list[tuple[str, str]] | None:
    """``(path, sha256)`` of each local file ``html`` names by a ``file:`` URL, in
    order; None when it names anything that is not a ``file:`` or ``data:`` URL or
    a fragment (a relative or remote URL), or a file that cannot be read."""
    found: dict[str, str] = {}
    for match in _URL.finditer(html):
        url = match.group(1) or match.group(2)
        if url.startswith(("data:", "#")):
            continue
        parts = urlsplit(url)
        if parts.scheme != "file":
            return None
        path = unquote(parts.path)
        if path not in found:
            try:
                st = os.stat(path)
                found[path] = _file_digest(path, st.st_size, st.st_mtime_ns)
            except OSError:
                return None
    return list(found.items())


def cache_key(documents: list[str], base_url: str) -> str | None:
    """The key of the PDF printed from ``documents`` read against ``base_url``
    (hex SHA-256, see the module's notes), or None when it must not be kept."""
    files: list[tuple[str, str]] = []
    for html in documents:
        named = _resources(html)
        if named is None:
            return None
        files += named
    whole = json.dumps([FORMAT, _libraries(), base_url, files, documents], ensure_ascii=False)
    return hashlib.sha256(whole.encode("utf-8")).hexdigest()


_opened: dict[tuple[int, Path], Cache | None] = {}


def _store() -> Cache | None:
    """This process's open cache, or None when it is off or cannot be opened."""
    folder = cache_folder()
    if folder is None:
        return None
    key = (os.getpid(), folder)  # a forked worker opens its own connection
    if key not in _opened:
        try:
            from diskcache import Cache

            _opened[key] = Cache(str(folder), size_limit=SIZE_LIMIT)
        except Exception:  # a cache that cannot be opened only prints slower
            _opened[key] = None
    return _opened[key]


def kept(key: str | None) -> Rendered | None:
    """The PDF and warnings kept under ``key``, or None (no key, cache off, not kept,
    or an entry that cannot be read)."""
    store = _store() if key is not None else None
    if store is None:
        return None
    try:
        value = store.get(key)
    except Exception:  # an unreadable entry is a miss
        return None
    if (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], bytes)
        and isinstance(value[1], tuple)
        and all(isinstance(w, str) for w in value[1])
    ):
        return Rendered(value[0], value[1])
    return None


def keep(key: str | None, rendered: Rendered) -> None:
    """Keep ``rendered`` under ``key`` (nothing without a key or with the cache off;
    a failed write is ignored)."""
    store = _store() if key is not None else None
    if store is None:
        return
    with contextlib.suppress(Exception):  # a cache that cannot be written only prints slower
        store.set(key, (rendered.data, tuple(rendered.warnings)))
