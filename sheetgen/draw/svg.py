"""Write a :class:`~sheetgen.draw.primitives.Drawing` as SVG with svgwrite.

Each page becomes one SVG document sized in pt (``width="612pt"``) with a
``viewBox`` in the same units, so 1 user unit = 1 pt on paper. Validation is
off (it dominates the cost on large maps) and many segments share one path.
"""

from __future__ import annotations

from sheetgen.draw.primitives import Circle, Drawing, Lines, Page, Polygon, Rect, Style, Text

__all__ = ["page_to_svg", "to_svg_pages"]

_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


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
    for item in page.items:
        if isinstance(item, Lines):
            d = " ".join(f"M{_fmt(a[0])} {_fmt(a[1])}L{_fmt(b[0])} {_fmt(b[1])}" for a, b in item.segments)
            dwg.add(dwg.path(d=d, **_style(item.style)))
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
                "font_family": item.font,
                "font_size": _fmt(item.size),
                "text_anchor": _ANCHOR[item.anchor],
                "fill": item.fill,
            }
            if item.bold:
                attrs["font_weight"] = "bold"
            t = dwg.text(item.text, **attrs)
            if item.rotate:
                t.rotate(item.rotate, center=(round(item.x, 3), round(item.y, 3)))
            dwg.add(t)
    svg: str = dwg.tostring()
    return svg.encode("utf-8")


def to_svg_pages(drawing: Drawing) -> list[bytes]:
    """Every page of ``drawing`` as its own SVG document."""
    return [page_to_svg(p, drawing.title) for p in drawing.pages]
