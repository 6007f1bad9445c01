"""Write a :class:`~sheetgen.draw.primitives.Drawing` as SVG with svgwrite.

Each page becomes one SVG document sized in pt (``width="612pt"``) with a
``viewBox`` in the same units, so 1 user unit = 1 pt on paper. Validation is
off (it dominates the cost on large maps) and many segments share one path.
Right-to-left text is written shaped and in display order, as the PDF writer
draws it (:func:`~sheetgen.draw.shaping.visual`), and marked
``direction="ltr" unicode-bidi="bidi-override"`` so a viewer does not reorder it again.
"""

from __future__ import annotations

from sheetgen.draw.primitives import Circle, Drawing, Labels, Lines, Page, Polygon, Rect, Style, Text
from sheetgen.draw.shaping import is_rtl, visual

__all__ = ["page_to_svg", "to_svg_pages"]

#: Drawn as written, left to right: the text is already in display order.
_OVERRIDE = 'direction="ltr" unicode-bidi="bidi-override"'
_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}
#: The bundled families by the names fonts are installed under (the SVG cannot embed them).
_FAMILIES = {
    "SheetSans": "'DejaVu Sans', 'Bitstream Vera Sans', sans-serif",
    "SheetCondensed": "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif",
}


def _family(font: str) -> str:
    return _FAMILIES.get(font, font)


def _fmt(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _style(style: Style) -> dict[str, str]:
    out = {"stroke": style.stroke or "none", "fill": style.fill or "none"}
    if style.stroke:
        out["stroke_width"] = _fmt(style.width)
        if style.dash:
            out["stroke_dasharray"] = ",".join(_fmt(d) for d in style.dash)
    if style.fill and style.opacity < 1:
        out["fill_opacity"] = _fmt(style.opacity)
    return out


def _path_data(item: Lines) -> str:
    """Path data for ``item``'s segments; a segment that starts where the last one
    ended continues the same subpath (``L`` without ``M``). Coordinates repeat a lot
    on a hex grid, so each distinct number is formatted once."""
    cache: dict[float, str] = {}
    get = cache.get
    parts: list[str] = []
    add = parts.append
    last = None
    for start, end in item.segments:
        if start != last:
            x, y = start
            sx = get(x)
            if sx is None:
                sx = cache[x] = _fmt(x)
            sy = get(y)
            if sy is None:
                sy = cache[y] = _fmt(y)
            add(f"M{sx} {sy}")
        x, y = end
        sx = get(x)
        if sx is None:
            sx = cache[x] = _fmt(x)
        sy = get(y)
        if sy is None:
            sy = cache[y] = _fmt(y)
        add(f"L{sx} {sy}")
        last = end
    return "".join(parts)


class _Placeholder:
    """Stands in for pre-built markup while svgwrite serialises the page: an XML
    comment carrying ``token``, replaced by the markup afterwards."""

    def __init__(self, token: str) -> None:
        self.token = token

    def get_xml(self) -> object:
        from xml.etree.ElementTree import Comment

        return Comment(self.token)


def _label_markup(item: Labels) -> str:
    """One ``<text>`` per item, as text: tens of thousands of hex numbers cost little
    this way (the group holding them carries the font, size, anchor and colour)."""
    from xml.sax.saxutils import escape

    cache: dict[float, str] = {}
    get = cache.get
    parts: list[str] = []
    add = parts.append
    for x, y, text in item.items:
        sx = get(x)
        if sx is None:
            sx = cache[x] = _fmt(x)
        sy = get(y)
        if sy is None:
            sy = cache[y] = _fmt(y)
        override = ""
        if not text.isascii() and is_rtl(text):
            text, override = visual(text), f" {_OVERRIDE}"
        if "&" in text or "<" in text or ">" in text:
            text = escape(text)
        add(f'<text x="{sx}" y="{sy}"{override}>{text}</text>')
    return "".join(parts)


def page_to_svg(page: Page, title: str = "") -> bytes:
    """One page as SVG bytes (UTF-8), sized ``width``/``height`` in pt."""
    import svgwrite

    dwg = svgwrite.Drawing(
        size=(f"{_fmt(page.width)}pt", f"{_fmt(page.height)}pt"),
        viewBox=f"0 0 {_fmt(page.width)} {_fmt(page.height)}",
        debug=False,
        profile="full",
    )
    if title or page.label:
        dwg.set_desc(title=" · ".join(x for x in (title, page.label) if x))
    bulk: dict[str, str] = {}
    for item in page.items:
        if isinstance(item, Lines):
            dwg.add(dwg.path(d=_path_data(item), **_style(item.style)))
        elif isinstance(item, Labels):
            shared = {
                "font_family": _family(item.font),
                "font_size": _fmt(item.size),
                "text_anchor": _ANCHOR[item.anchor],
                "fill": item.fill,
            }
            if item.bold:
                shared["font_weight"] = "bold"
            group = dwg.g(**shared)
            token = f"sheetgen-labels-{len(bulk)}"
            bulk[f"<!--{token}-->"] = _label_markup(item)
            group.add(_Placeholder(token))
            dwg.add(group)
        elif isinstance(item, Polygon):
            dwg.add(dwg.polygon([(round(x, 3), round(y, 3)) for x, y in item.points], **_style(item.style)))
        elif isinstance(item, Rect):
            dwg.add(
                dwg.rect(
                    (round(item.x, 3), round(item.y, 3)),
                    (round(item.w, 3), round(item.h, 3)),
                    **_style(item.style),
                )
            )
        elif isinstance(item, Circle):
            dwg.add(
                dwg.circle(
                    (round(item.center[0], 3), round(item.center[1], 3)),
                    round(item.r, 3),
                    **_style(item.style),
                )
            )
        elif isinstance(item, Text):
            attrs = {
                "insert": (round(item.x, 3), round(item.y, 3)),
                "font_family": _family(item.font),
                "font_size": _fmt(item.size),
                "text_anchor": _ANCHOR[item.anchor],
                "fill": item.fill,
            }
            if item.bold:
                attrs["font_weight"] = "bold"
            text = item.text
            if not text.isascii() and is_rtl(text):
                text = visual(text)
                attrs["direction"] = "ltr"
                attrs["unicode_bidi"] = "bidi-override"
            t = dwg.text(text, **attrs)
            if item.rotate:
                t.rotate(item.rotate, center=(round(item.x, 3), round(item.y, 3)))
            dwg.add(t)
    svg: str = dwg.tostring()
    for token, markup in bulk.items():
        svg = svg.replace(token, markup, 1)
    return svg.encode("utf-8")


def to_svg_pages(drawing: Drawing) -> list[bytes]:
    """Every page of ``drawing`` as its own SVG document."""
    return [page_to_svg(p, drawing.title) for p in drawing.pages]
