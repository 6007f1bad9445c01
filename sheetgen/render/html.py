"""HTML documents from Jinja2 templates, printed to PDF by WeasyPrint in one pass.

:func:`render_html` fills a template under ``templates/`` (autoescape on,
undefined names are errors) with a plain view model; :func:`html_to_pdf`
prints one HTML document, however many ships it holds, in a single WeasyPrint
run, with the bundled fonts embedded.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from types import ModuleType
from typing import Any

import jinja2
from markupsafe import Markup

from sheetgen.core.rendered import Rendered
from sheetgen.core.resources import FONTS, font_path, templates_dir

__all__ = [
    "PAPER",
    "font_face_css",
    "html_to_pdf",
    "import_weasyprint",
    "paper_size",
    "render_html",
    "weasyprint_warnings",
]

#: Paper sizes for ``@page`` (CSS), by the name used on the command line.
PAPER = {"letter": "letter", "a4": "A4"}


def paper_size(paper: str) -> str:
    """The CSS ``@page`` size for ``paper`` (``letter`` or ``a4``); raises
    ``ValueError`` naming the sizes for anything else."""
    if paper not in PAPER:
        raise ValueError(f"unknown paper {paper!r}; use one of {', '.join(PAPER)}")
    return PAPER[paper]


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    from sheetgen.core.card import cell_text

    env.filters["cell"] = cell_text
    return env


def font_face_css() -> str:
    """``@font-face`` rules for the bundled fonts (file URLs), families ``SheetSans``
    and ``SheetCondensed``; raises ``MissingResource`` if a font file is gone."""
    rules = []
    for file, family, weight in FONTS:
        url = font_path(file).as_uri()
        rules.append(f'@font-face {{ font-family: "{family}"; font-weight: {weight}; src: url("{url}"); }}')
    return "\n".join(rules)


def render_html(template: str, context: dict[str, Any]) -> str:
    """Fill ``template`` (a path under ``templates/``) with ``context``.

    The context also gets ``font_faces`` (the ``@font-face`` CSS) and ``css(name)``,
    which inlines a stylesheet from ``templates/``. Text from designs is
    escaped: a ship named ``<b>{{x}}</b>`` prints those characters.
    """
    env = _environment()

    def css(name: str) -> Markup:
        # our own stylesheets are trusted; only design data is escaped
        return Markup((templates_dir() / name).read_text(encoding="utf-8"))

    return env.get_template(template).render(font_faces=Markup(font_face_css()), css=css, **context)


def import_weasyprint() -> ModuleType:
    """The ``weasyprint`` module, imported without its library search's subprocesses.

    WeasyPrint finds Pango, HarfBuzz and the rest by trying several names per
    library (Windows and macOS names first). On Linux each name that is not a
    file makes cffi ask :func:`ctypes.util.find_library`, which runs
    ``ldconfig``, ``gcc`` and ``ld`` (about 50 subprocesses, roughly 0.4 s of a
    process that prints). The names it ends with (``libpango-1.0.so.0``...) are
    the runtime names the dynamic loader finds by itself, so while WeasyPrint is
    first imported on Linux that lookup answers "not found" at once. If the
    import fails that way (a system whose libraries only the lookup finds), it
    is tried again as WeasyPrint does it. See ``docs/performance.md``.
    """
    if "weasyprint" in sys.modules or not sys.platform.startswith("linux"):
        return importlib.import_module("weasyprint")
    import ctypes.util

    lookup = ctypes.util.find_library
    ctypes.util.find_library = _not_found
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # its failure notice, were it to fail
            return importlib.import_module("weasyprint")
    except (ImportError, OSError):
        ctypes.util.find_library = lookup
        return importlib.import_module("weasyprint")
    finally:
        ctypes.util.find_library = lookup


def _not_found(name: str) -> None:
    """:func:`ctypes.util.find_library`'s answer for a library it cannot find."""
    return None


class _Capture(logging.Handler):
    """Collects the messages WeasyPrint logs, at warning level and above, from one thread."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.thread = threading.get_ident()
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread == self.thread:
            self.messages.append(record.getMessage())


#: WeasyPrint's logger; its child ``weasyprint.progress`` logs through it too.
_LOGGER = "weasyprint"
_lock = threading.Lock()
#: Collections under way (any thread), and the logger's ``propagate`` and level before the first.
_active: list[_Capture] = []
_saved: tuple[bool, int] = (True, logging.NOTSET)


@contextmanager
def weasyprint_warnings() -> Iterator[list[str]]:
    """Collect WeasyPrint's warnings and errors (CSS it ignores, images it cannot
    load, characters no font has) logged by this thread inside the ``with`` block
    into the list it yields: in order, each message once, filled when the block ends.

    While any thread collects, WeasyPrint's records do not reach the root
    logger's handlers (they are returned, not logged as well); the logger's
    settings are restored when the last collection ends.
    """
    global _saved
    logger = logging.getLogger(_LOGGER)
    capture = _Capture()
    found: list[str] = []
    with _lock:
        if not _active:
            _saved = (logger.propagate, logger.level)
            logger.propagate = False
            if logger.getEffectiveLevel() > logging.WARNING:
                logger.setLevel(logging.WARNING)
        _active.append(capture)
        logger.addHandler(capture)
    try:
        yield found
    finally:
        with _lock:
            logger.removeHandler(capture)
            _active.remove(capture)
            if not _active:
                logger.propagate, level = _saved
                logger.setLevel(level)
        found.extend(dict.fromkeys(capture.messages))


def html_to_pdf(html: str | list[str], *, base_url: str | None = None) -> Rendered:
    """Print ``html`` (one document, or several whose pages are joined in order)
    to PDF bytes with WeasyPrint, with WeasyPrint's warnings.

    Each document is laid out once, whatever it holds. WeasyPrint's warnings
    (an unknown CSS property, a missing image, a character no font has) are
    returned in :attr:`~sheetgen.core.rendered.Rendered.warnings` rather than
    logged (see :func:`weasyprint_warnings`), so the caller can show or fail on
    them. The PDF carries no creation date: the same HTML gives the same bytes,
    so a document printed before is taken from the print cache
    (:mod:`sheetgen.render.printcache`) instead of being laid out again.
    """
    from sheetgen.render import printcache

    sources = [html] if isinstance(html, str) else html
    base_url = base_url or str(templates_dir())
    key = printcache.cache_key(sources, base_url)
    found = printcache.kept(key)
    if found is not None:
        return found
    with weasyprint_warnings() as warnings:
        weasyprint = import_weasyprint()  # its first import parses the default stylesheets: logged too
        documents = [weasyprint.HTML(string=h, base_url=base_url).render() for h in sources]
        first = documents[0]
        if len(documents) > 1:
            first = first.copy([page for d in documents for page in d.pages])
        pdf = first.write_pdf()
    assert pdf is not None
    rendered = Rendered(pdf, tuple(warnings))
    printcache.keep(key, rendered)
    return rendered
