"""What a printed document fetches: ``data:`` URLs read without ``urllib``, and the SVG
pictures a thread's documents share.

The record sheets draw their box runs, grids and rules as SVG pictures in ``data:`` URLs
(CSS ``background-image``). WeasyPrint fetches each through ``urllib``, whose ``data:``
handler parses a mail header for the media type (the first one loads Python's ``email``
package, about 5 ms), and parses and cascades each picture again in every document.
:func:`fetcher` answers ``data:`` URLs itself (the same bytes, media type and charset as
``urllib`` gives) and hands every other URL to WeasyPrint's own fetcher;
:class:`SharedPictures` is the image cache a document is laid out with, which keeps a
plain SVG picture of a ``data:`` URL for the thread's next documents (see
``docs/performance.md``, sixth slice).
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
from collections import OrderedDict
from io import BytesIO
from typing import Any
from urllib.parse import unquote_to_bytes

__all__ = ["MAX_SHARED_PICTURES", "SharedPictures", "data_url", "fetcher", "plain_svg"]

#: A ``data:`` URL's media type as ``urllib`` reads it and this module answers it:
#: ``type/subtype``, an optional ``;charset=...``, an optional ``;base64``.
_DATA = re.compile(
    r"data:(?P<type>[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+)?"
    r"(?:;charset=(?P<charset>[A-Za-z0-9_.:-]+))?(?P<base64>;base64)?,",
)

#: The SVG elements a shared picture may hold: shapes that draw only themselves (no text,
#: no other picture, no reference to another element, no stylesheet).
_PLAIN_SVG = frozenset({"svg", "g", "rect", "path", "line", "polyline", "polygon", "circle", "ellipse"})
_TAG = re.compile(r"<\s*([^\s/>!?]+)")

#: Pictures kept per thread; past this many the one used longest ago is let go.
MAX_SHARED_PICTURES = 256


def data_url(url: str) -> tuple[bytes, str, str | None] | None:
    """The bytes, media type (lower case) and charset (``None`` if not given) of a
    ``data:`` URL, as ``urllib``'s ``data:`` handler reads them (RFC 2397: percent-escapes
    undone, base64 decoded; no media type is ``text/plain``); ``None`` for any other URL
    and for a ``data:`` URL with other parameters or invalid base64, which are left to
    ``urllib``."""
    found = _DATA.match(url)
    if found is None:
        return None
    body = unquote_to_bytes(url[found.end() :])
    if found["base64"]:
        try:
            body = base64.b64decode(body, validate=False)
        except (binascii.Error, ValueError):
            return None
    media = (found["type"] or "text/plain").lower()
    charset = found["charset"] or ("US-ASCII" if found["type"] is None else None)
    return body, media, charset


def plain_svg(url: str) -> bool:
    """Whether ``url`` is a ``data:`` URL of an SVG picture of plain shapes only
    (:data:`_PLAIN_SVG`, no ``url(`` or ``href`` reference): one that draws the same in
    any document, so one parsed copy may serve them all."""
    if not url.startswith("data:image/svg+xml"):
        return False
    read = data_url(url)
    if read is None:
        return False
    text = read[0].decode("utf-8", "replace")
    if "url(" in text or "href" in text:
        return False
    return all(tag in _PLAIN_SVG for tag in _TAG.findall(text))


def fetcher() -> Any:
    """A new URL fetcher for WeasyPrint's ``HTML`` and ``CSS`` (``url_fetcher``): a
    ``weasyprint.URLFetcher`` that answers ``data:`` URLs (:func:`data_url`) without
    ``urllib`` and every other URL as WeasyPrint does. Its responses are
    ``URLFetcherResponse`` objects; it raises what WeasyPrint's fetcher raises."""
    return _classes()[0]()


@functools.cache
def _classes() -> tuple[type, type]:
    """The fetcher class and its ``data:`` response class (made once WeasyPrint is
    imported, which this module does not do by itself)."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class DataResponse(URLFetcherResponse):  # type: ignore[misc]
        """A ``data:`` URL's bytes, with its media type and charset set without a mail
        header (what WeasyPrint reads of a response: ``read``, ``content_type``,
        ``charset``, ``path``, ``url``)."""

        def __init__(self, url: str, body: bytes, media: str, charset: str | None) -> None:
            # not URLFetcherResponse.__init__: it builds an EmailMessage for the headers
            self.url, self.status, self.headers = url, 200, None
            self._file_obj = BytesIO(body)
            self._media, self._charset = media, charset

        @property
        def content_type(self) -> str:
            return self._media

        @property
        def charset(self) -> str | None:
            return self._charset

    class Fetcher(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            read = data_url(url) if url.startswith("data:") else None
            if read is None:
                return super().fetch(url, headers)
            return DataResponse(url, *read)

    return Fetcher, DataResponse


class SharedPictures(dict):  # type: ignore[type-arg]
    """The image cache of one document (WeasyPrint's ``cache`` option, a ``dict`` by URL)
    that takes plain SVG pictures of ``data:`` URLs (:func:`plain_svg`) from, and gives
    them to, ``shared``: a thread's pictures kept from one document to the next (at most
    :data:`MAX_SHARED_PICTURES`, the one used longest ago let go first). A kept picture
    holds no document's layout (WeasyPrint's ``SVGImage`` keeps the layout context of the
    document that loaded it, which a plain picture never reads). Every other entry (a
    raster image, a remote or file picture) is this document's only."""

    def __init__(self, shared: OrderedDict[str, Any]) -> None:
        super().__init__()
        self.shared = shared

    def __contains__(self, url: object) -> bool:
        return super().__contains__(url) or (isinstance(url, str) and url in self.shared)

    def __getitem__(self, url: Any) -> Any:
        if super().__contains__(url):
            return super().__getitem__(url)
        self.shared.move_to_end(url)
        return self.shared[url]

    def __setitem__(self, url: Any, image: Any) -> None:
        from weasyprint.images import SVGImage

        if isinstance(url, str) and isinstance(image, SVGImage) and plain_svg(url):
            image._context = None
            self.shared[url] = image
            while len(self.shared) > MAX_SHARED_PICTURES:
                self.shared.popitem(last=False)
            return
        super().__setitem__(url, image)
