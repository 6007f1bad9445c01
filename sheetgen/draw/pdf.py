"""Write a :class:`~sheetgen.draw.primitives.Drawing` as PDF with ReportLab.

Page sizes and coordinates are taken as they are (pt); y is flipped from the
layout's top-left origin to PDF's bottom-left. Fonts are the bundled TrueType
faces, embedded as subsets. Output is invariant: the same drawing gives the
same bytes (no dates, no random ids). Right-to-left text is drawn shaped and in
display order (:func:`~sheetgen.draw.shaping.visual`), as measured.
"""

from __future__ import annotations

import io
from functools import cache, lru_cache
from typing import Any

from sheetgen.draw.fonts import font_name, register_fonts
from sheetgen.draw.primitives import Circle, Drawing, Labels, Lines, Polygon, Rect, Style, Text
from sheetgen.draw.shaping import visual

__all__ = ["retag_subsets", "to_pdf"]

_PROGRAMS = ("/FontFile", "/FontFile2", "/FontFile3")


@cache
def _colour(value: str) -> Any:
    """ReportLab's colour for ``#rrggbb``, parsed once per colour (parsing dominates
    the cost of drawing thousands of small shapes)."""
    from reportlab.lib.colors import toColor

    return toColor(value)


def _apply(canvas: object, style: Style) -> tuple[int, int]:
    c = canvas
    stroke = fill = 0
    if style.stroke:
        c.setStrokeColor(_colour(style.stroke))  # type: ignore[attr-defined]
        c.setLineWidth(style.width)  # type: ignore[attr-defined]
        c.setDash(list(style.dash) if style.dash else [])  # type: ignore[attr-defined]
        stroke = 1
    if style.fill:
        c.setFillColor(_colour(style.fill), alpha=style.opacity)  # type: ignore[attr-defined]
        fill = 1
    return stroke, fill


def _num(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _path_ops(item: Lines, h: float) -> str:
    """PDF path operators (``m``/``l``) for ``item``'s segments, y flipped against the
    page height ``h``; a segment starting where the last one ended continues the
    subpath. Hex grids repeat their coordinates, so each number is formatted once
    (ReportLab's own number formatting is the cost on maps of many hexes)."""
    xs: dict[float, str] = {}
    ys: dict[float, str] = {}
    parts: list[str] = []
    add = parts.append
    last = None
    for start, end in item.segments:
        if start != last:
            x, y = start
            sx = xs.get(x)
            if sx is None:
                sx = xs[x] = _num(x)
            sy = ys.get(y)
            if sy is None:
                sy = ys[y] = _num(h - y)
            add(f"{sx} {sy} m")
        x, y = end
        sx = xs.get(x)
        if sx is None:
            sx = xs[x] = _num(x)
        sy = ys.get(y)
        if sy is None:
            sy = ys[y] = _num(h - y)
        add(f"{sx} {sy} l")
        last = end
    return "\n".join(parts)


def _labels(c: object, item: Labels, h: float) -> None:
    """Every item of ``item`` in one text object: font and colour set once."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    name = font_name(item.font, item.bold)
    size = item.size
    t = c.beginText()  # type: ignore[attr-defined]
    t.setFont(name, size)
    t.setFillColor(item.fill)
    shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[item.anchor]
    glyphs: dict[str, float] = {}  # advance of each character at this size
    for x, y, text in item.items:
        if not text.isascii():
            text = visual(text)
        if shift:
            w = 0.0
            for ch in text:
                g = glyphs.get(ch)
                if g is None:
                    g = glyphs[ch] = stringWidth(ch, name, size)
                w += g
            x -= w * shift
        t.setTextOrigin(x, h - y)
        t.textOut(text)
    c.drawText(t)  # type: ignore[attr-defined]


_SHIFT = {"start": 0.0, "middle": 0.5, "end": 1.0}


@lru_cache(maxsize=8192)
def _width(text: str, font: str, size: float) -> float:
    """Advance width in pt of ``text`` in the registered ``font`` at ``size`` pt
    (ReportLab's metrics), measured once per string, font and size."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font, size))


def _texts(c: object, texts: list[Text], h: float) -> None:
    """Draw ``texts`` (upright, in order) as one PDF text object, setting font and
    colour only where they change, then empty the list. The same glyphs at the same
    positions as one ``drawString``/``drawCentredString``/``drawRightString`` each,
    with a fraction of the operators (counters draw seven texts a face)."""
    t = c.beginText()  # type: ignore[attr-defined]
    font: tuple[str, float] | None = None
    fill = None
    for item in texts:
        name = font_name(item.font, item.bold)
        if font != (name, item.size):
            font = (name, item.size)
            t.setFont(name, item.size)
        if fill != item.fill:
            fill = item.fill
            t.setFillColor(_colour(item.fill))
        text = item.text if item.text.isascii() else visual(item.text)
        shift = _SHIFT[item.anchor]
        x = item.x - _width(text, name, item.size) * shift if shift else item.x
        t.setTextOrigin(x, h - item.y)
        t.textOut(text)
    c.drawText(t)  # type: ignore[attr-defined]
    texts.clear()


def to_pdf(drawing: Drawing) -> bytes:
    """PDF bytes of ``drawing``: one PDF page per :class:`Page`, exact sizes in pt,
    bookmarks named after page labels."""
    from reportlab import rl_config

    register_fonts()
    # Flate alone: the ASCII85 layer ReportLab adds by default only makes streams a
    # quarter larger and, on a map of many hexes, costs more than drawing them.
    saved, rl_config.useA85 = rl_config.useA85, 0
    try:
        data = _write(drawing)
    finally:
        rl_config.useA85 = saved
    return _finish(data, drawing)


#: What made the PDFs this module writes, as their document information says.
CREATOR, PRODUCER = "sheetgen", "sheetgen (ReportLab, pypdf)"


def _finish(data: bytes, drawing: Drawing) -> bytes:
    """ReportLab's ``data`` for ``drawing`` made final with pypdf: each font subset tagged
    after its own program (:func:`retag_subsets`: ReportLab tags every font's first
    subset ``AAAAAA+``), the document information only the drawing's title and subject
    (its title without one), creator and producer (no placeholder author or subject, no
    dates: the same drawing, the same bytes), and its language English."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    retag_subsets(writer)
    writer.metadata = {
        "/Title": drawing.title,
        "/Subject": drawing.subject or drawing.title,
        "/Creator": CREATOR,
        "/Producer": PRODUCER,
    }
    writer._root_object[NameObject("/Lang")] = TextStringObject("en")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _write(drawing: Drawing) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    first = drawing.pages[0] if drawing.pages else None
    # The page preamble sets the canvas's initial font: a bundled, registered one, so no
    # unembedded base-14 Helvetica is named on pages that never use it.
    c = Canvas(
        buf,
        pagesize=(first.width, first.height) if first else (612, 792),
        invariant=1,
        pageCompression=1,
        initialFontName=font_name("SheetSans"),
    )
    c.setTitle(drawing.title)
    c.setCreator("sheetgen")
    for index, page in enumerate(drawing.pages):
        c.setPageSize((page.width, page.height))
        if page.label:
            key = f"p{index}"
            c.bookmarkPage(key)
            c.addOutlineEntry(page.label, key, level=0)
        h = page.height
        texts: list[Text] = []  # a run of upright texts, drawn as one text object
        for item in page.items:
            if texts and not (isinstance(item, Text) and not item.rotate):
                _texts(c, texts, h)
            if isinstance(item, Lines):
                stroke, _ = _apply(c, item.style)
                if item.segments:
                    c.addLiteral(f"{_path_ops(item, h)}\n{'S' if stroke else 'n'}")
            elif isinstance(item, Labels):
                _labels(c, item, h)
            elif isinstance(item, Polygon):
                stroke, fill = _apply(c, item.style)
                path = c.beginPath()
                (x0, y0), *rest = item.points
                path.moveTo(x0, h - y0)
                for x, y in rest:
                    path.lineTo(x, h - y)
                path.close()
                c.drawPath(path, stroke=stroke, fill=fill)
            elif isinstance(item, Rect):
                stroke, fill = _apply(c, item.style)
                c.rect(item.x, h - item.y - item.h, item.w, item.h, stroke=stroke, fill=fill)
            elif isinstance(item, Circle):
                stroke, fill = _apply(c, item.style)
                c.circle(item.center[0], h - item.center[1], item.r, stroke=stroke, fill=fill)
            elif isinstance(item, Text):
                if not item.rotate:
                    texts.append(item)
                    continue
                c.saveState()
                c.setFillColor(_colour(item.fill))
                c.setFont(font_name(item.font, item.bold), item.size)
                c.translate(item.x, h - item.y)
                c.rotate(-item.rotate)
                draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
                draw[item.anchor](0, 0, item.text if item.text.isascii() else visual(item.text))
                c.restoreState()
        if texts:
            _texts(c, texts, h)
        c.showPage()
    c.save()
    return buf.getvalue()


def _subset_tag(program: bytes) -> str:
    """Six capital letters from the SHA-256 of a font program (ISO 32000-1 9.6.4's
    subset tag form): the same program, the same tag; different programs, different tags."""
    import hashlib

    digest = hashlib.sha256(program).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def retag_subsets(writer: object) -> None:
    """Rename every embedded subset in ``writer`` (a pypdf ``PdfWriter``) after its own
    font program. The parts are made apart (WeasyPrint, ReportLab) and each tags its
    subsets on its own, so merged, one ``XXXXXX+Family`` could name several programs."""
    from pypdf.generic import NameObject

    done: set[int] = set()
    for page in writer.pages:  # type: ignore[attr-defined]
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources else None
        if not fonts:
            continue
        for ref in fonts.get_object().values():
            font = ref.get_object()
            if id(font) in done:
                continue
            done.add(id(font))
            named = [font]
            if font.get("/Subtype") == "/Type0":
                named.append(font["/DescendantFonts"][0].get_object())
            descriptor = named[-1].get("/FontDescriptor")
            if descriptor is None:
                continue
            descriptor = descriptor.get_object()
            program = next((descriptor[k].get_object() for k in _PROGRAMS if k in descriptor), None)
            base = str(font["/BaseFont"])
            if program is None or len(base) < 8 or base[7] != "+":
                continue
            tag = _subset_tag(program.get_data())
            for obj, key in ((f, "/BaseFont") for f in named):
                obj[NameObject(key)] = NameObject(f"/{tag}{str(obj[key])[7:]}")
            if "/FontName" in descriptor:
                descriptor[NameObject("/FontName")] = NameObject(f"/{tag}{str(descriptor['/FontName'])[7:]}")
