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
import os
import re
import sys
import tempfile
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import jinja2
from markupsafe import Markup

from sheetgen.core.rendered import Rendered
from sheetgen.core.resources import FONTS, font_path, templates_dir

__all__ = [
    "PAPER",
    "bundled_fonts_only",
    "font_face_css",
    "html_to_pdf",
    "import_weasyprint",
    "paper_size",
    "release_styles",
    "render_html",
    "warm_up",
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


def template_file(name: str) -> Path:
    """The file of template or stylesheet ``name`` (``"reference.html.j2"``, ``"<game
    id>/sheet.css"``): a name under a registered game's id is in that game's own templates
    folder (:meth:`~sheetgen.games.base.Game.files`), any other under ``templates/``."""
    from sheetgen.games import GAMES, find_game

    head, _, rest = name.partition("/")
    if rest and head in GAMES:
        return find_game(head).files().templates / name
    return templates_dir() / name


def _source(name: str) -> tuple[str, str, Callable[[], bool]]:
    path = template_file(name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise jinja2.TemplateNotFound(name) from None
    mtime = path.stat().st_mtime
    return text, str(path), lambda: path.is_file() and path.stat().st_mtime == mtime


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(_source),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    from sheetgen.core.card import cell_text

    env.filters["cell"] = cell_text
    from sheetgen.render import textgrid

    env.globals["textgrid"] = textgrid  # tables as lines of text (render/textgrid.py)
    return env


def font_face_css() -> str:
    """``@font-face`` rules for the bundled fonts (file URLs), families ``SheetSans``
    and ``SheetCondensed``, for a browser showing the HTML; raises ``MissingResource`` if a
    font file is gone. WeasyPrint is never given them (:func:`html_to_pdf` takes them out):
    it finds the same families through fontconfig (:func:`bundled_fonts_only`), and would
    copy every font an ``@font-face`` rule names into a temporary folder."""
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
        return Markup(template_file(name).read_text(encoding="utf-8"))

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
    is tried again as WeasyPrint does it. Its C type names are then read without cffi's C
    parser (:func:`sheetgen.render.quicktypes.quicken`). See ``docs/performance.md``.
    """
    bundled_fonts_only()
    weasyprint = sys.modules.get("weasyprint") or _import_weasyprint()
    _quick_types()
    return weasyprint


@cache
def _quick_types() -> None:
    """WeasyPrint's C type names read without cffi's C parser, from now on."""
    from weasyprint.text.ffi import ffi

    from sheetgen.render.quicktypes import quicken

    quicken(ffi)


def _import_weasyprint() -> ModuleType:
    if not sys.platform.startswith("linux"):
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


#: fontconfig's configuration holding only the bundled fonts (in ``sheetgen/fonts``).
FONTCONFIG = "fonts.conf"


def bundled_fonts_only() -> None:
    """Make every WeasyPrint font configuration of this process (and of the processes it
    starts) hold the bundled fonts and no others: ``FONTCONFIG_FILE`` names
    ``sheetgen/fonts/fonts.conf``, whose one font folder is the bundled fonts' own.

    fontconfig reads ``FONTCONFIG_FILE`` each time a configuration is made
    (``FcInitLoadConfigAndFonts``, once per WeasyPrint ``FontConfiguration``), so once
    this has run no font the system has installed (a CJK fallback font, an oblique face,
    a serif) can be picked: a character the bundled fonts lack prints as an empty box,
    with a warning, on every machine alike, and a page's bytes do not depend on the
    machine. The configuration also names ``SheetSans`` and ``SheetCondensed`` as the bundled
    DejaVu faces, so WeasyPrint needs no ``@font-face`` rule (and writes no copy of a font
    in the temporary folder). A ``FONTCONFIG_FILE`` set before is replaced. Raises ``MissingResource``
    if the configuration file is gone.
    """
    path = str(font_path(FONTCONFIG))
    if os.environ.get("FONTCONFIG_FILE") != path:
        os.environ["FONTCONFIG_FILE"] = path


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
    Raises :class:`OSError` naming a file, or the temporary folder when what failed names
    none, when one cannot be read or written (a full disk, a size limit).
    """
    from sheetgen.render import printcache

    sources = [html] if isinstance(html, str) else html
    base_url = base_url or str(templates_dir())
    key = printcache.cache_key(sources, base_url)
    found = printcache.kept(key)
    if found is not None:
        return found
    try:
        with weasyprint_warnings() as warnings:
            weasyprint = import_weasyprint()  # its first import parses the default stylesheets: logged too
            documents = [_render(weasyprint, h, base_url, warnings) for h in sources]
            first = documents[0]
            if len(documents) > 1:
                first = first.copy([page for d in documents for page in d.pages])
            pdf = first.write_pdf()
    except OSError as exc:
        if exc.filename is not None:
            raise
        raise OSError(exc.errno, f"{exc.strerror or exc} (while printing)", tempfile.gettempdir()) from None
    assert pdf is not None
    rendered = Rendered(pdf, _folded(warnings))
    printcache.keep(key, rendered)
    return rendered


#: WeasyPrint's warning for each character no font has (one line a character).
_NOTDEF = re.compile(
    r'\.notdef glyph rendered for Unicode string unsupported by fonts: "(.*)" \((U\+[0-9A-F]+)\)'
)


def _folded(warnings: list[str]) -> tuple[str, ...]:
    """``warnings`` once each (a kept stylesheet's are given each time it is used), WeasyPrint's
    line per character no font has folded into one line naming them all, where the first was
    (:func:`~sheetgen.layout.text.glyph_line`, the line every output gives)."""
    missing = [ch for w in warnings if (m := _NOTDEF.fullmatch(w)) for ch in m.group(1)]
    if not missing:
        return tuple(dict.fromkeys(warnings))
    from sheetgen.layout.text import glyph_line  # only then: a process that only prints needs none of it

    line = glyph_line(missing)
    return tuple(dict.fromkeys(line if _NOTDEF.fullmatch(w) else w for w in warnings))


class _Kept:
    """What one thread keeps from one document to the next: a WeasyPrint font configuration
    (the bundled fonts loaded once, their shaping caches kept warm), each distinct
    stylesheet parsed once, with the warnings its parsing logged (given again each time it
    is used), a URL fetcher and the plain SVG pictures of ``data:`` URLs
    (:mod:`sheetgen.render.resources`)."""

    def __init__(self) -> None:
        self.fonts: Any = None  # a FontConfiguration
        self.sheets: dict[tuple[str, str], tuple[Any, tuple[str, ...]]] = {}
        self.fetcher: Any = None  # sheetgen.render.resources.fetcher()
        self.pictures: OrderedDict[str, Any] = OrderedDict()  # resources.SharedPictures

    def release(self) -> None:
        self.fonts = None
        self.sheets.clear()
        self.pictures.clear()


_local = threading.local()
#: Every thread's kept styles, to let go of at exit (a thread's own go with the thread).
_everywhere: weakref.WeakSet[_Kept] = weakref.WeakSet()
_everywhere_lock = threading.Lock()
#: Stylesheets kept per thread; past this many (a program printing ever-new CSS) the one used
#: longest ago is let go.
MAX_KEPT_STYLESHEETS = 64


def _kept() -> _Kept:
    """This thread's kept styles, made at its first print."""
    kept: _Kept | None = getattr(_local, "kept", None)
    if kept is None:
        kept = _local.kept = _Kept()
        with _everywhere_lock:
            _everywhere.add(kept)
    return kept


def release_styles() -> None:
    """Let go of the fonts and stylesheets every thread keeps (:func:`html_to_pdf`); a
    later print loads them again (a new ``FONTCONFIG_FILE`` read, as in a new process)."""
    with _everywhere_lock:
        kept = list(_everywhere)
    for one in kept:
        one.release()


def _styles(html: str) -> tuple[list[str], str] | None:
    """The CSS of each plain ``<style>`` element of ``html``, in order, and ``html`` without
    them; ``None`` for a document without one, with another kind of style element, or whose
    rules say ``!important`` (whose weight depends on where the rule is)."""
    sheets: list[str] = []
    rest: list[str] = []
    at = 0
    while (start := html.find("<style>", at)) >= 0:
        end = html.find("</style>", start)
        if end < 0:
            return None
        rest.append(html[at:start])
        sheets.append(html[start + len("<style>") : end])
        at = end + len("</style>")
    rest.append(html[at:])
    body = "".join(rest)
    if not sheets or "<style" in body or any("!important" in css for css in sheets):
        return None
    return sheets, body


def _render(weasyprint: ModuleType, html: str, base_url: str, warnings: list[str]) -> Any:
    """``html`` laid out by WeasyPrint (a ``Document``), each of its stylesheets parsed once
    per thread.

    The document's style elements are taken out and given to WeasyPrint as parsed
    stylesheets, in their order, each kept for the next document with the same CSS (the
    last :data:`MAX_KEPT_STYLESHEETS` used), without the bundled fonts' ``@font-face`` rules
    (:func:`font_face_css`: fontconfig gives those families); one font configuration serves
    every document of the thread. A record sheet's first style element is the same in
    every document and its second holds what the ships make (``templates/sheet-base.html.j2``),
    so a new document parses only the second. The pages are the same as WeasyPrint gives for
    the HTML as written: the style elements' rules are the document's only rules besides
    WeasyPrint's defaults and the elements' own ``style`` attributes, which still come after
    them. Warnings the parsing logged are added to ``warnings`` each time a stylesheet is
    used. A document without a plain style element, or whose rules say ``!important``, is
    printed as it is (:func:`_styles`). URLs are fetched by the thread's fetcher, which
    reads ``data:`` URLs itself, and a plain SVG picture of a ``data:`` URL is parsed once a
    thread (:mod:`sheetgen.render.resources`). Names a word of which runs past its line are made
    smaller and the document laid out again
    (:func:`~sheetgen.render.fitnames.print_names_whole`).
    """
    from sheetgen.render.fitnames import print_names_whole
    from sheetgen.render.resources import SharedPictures, fetcher

    html = html.replace(font_face_css(), "")  # the same fonts by fontconfig: no copies of them
    kept = _kept()
    if kept.fetcher is None:
        kept.fetcher = fetcher()
    pictures = SharedPictures(kept.pictures)
    styles = _styles(html)
    if styles is None:
        # not plain style elements: kept as written, where the order of the rules tells
        return print_names_whole(
            weasyprint.HTML(string=html, base_url=base_url, url_fetcher=kept.fetcher),
            lambda page: page.render(cache=pictures),
        )
    if kept.fonts is None:
        from weasyprint.text.fonts import FontConfiguration

        kept.fonts = FontConfiguration()
    config = kept.fonts
    sheets = []
    for css in styles[0]:
        key = (css, base_url)
        found = kept.sheets.get(key)
        if found is None:
            if len(kept.sheets) >= MAX_KEPT_STYLESHEETS:
                del kept.sheets[next(iter(kept.sheets))]  # the one used longest ago
            with weasyprint_warnings() as logged:
                sheet = weasyprint.CSS(
                    string=css, base_url=base_url, font_config=config, url_fetcher=kept.fetcher
                )
            found = (sheet, tuple(logged))
        else:
            del kept.sheets[key]  # used now: the last to go
        kept.sheets[key] = found
        sheets.append(found[0])
        warnings.extend(w for w in found[1] if w not in warnings)
    return print_names_whole(
        weasyprint.HTML(string=styles[1], base_url=base_url, url_fetcher=kept.fetcher),
        lambda page: page.render(stylesheets=sheets, font_config=config, cache=pictures),
    )


def warm_up(documents: list[str] | None = None) -> None:
    """Make this process ready to print: WeasyPrint imported and each HTML document of
    ``documents`` printed once (by default one small page with the bundled fonts), so their
    stylesheets are parsed and kept, fontconfig read and the text libraries loaded. A process
    that prints many times (``sheetgen serve``'s workers) pays this once, before its first
    print. Nothing is written, nor kept in the print cache."""
    weasyprint = import_weasyprint()
    style = f"<style>{font_face_css()} b {{ font-family: SheetCondensed; }}</style>"
    small = f"<html><head>{style}</head><body><p>Arrow <b>CT</b></p></body></html>"
    for document in [small] if documents is None else documents:
        with weasyprint_warnings() as warnings:
            _render(weasyprint, document, str(templates_dir()), warnings).write_pdf()  # fonts subset too
