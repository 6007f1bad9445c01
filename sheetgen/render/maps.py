"""Hex maps as files: one PDF, or one SVG per page named after the page.

:func:`map_files` lays out a map (:func:`~sheetgen.layout.maps.layout_map`)
and writes it with the :mod:`sheetgen.draw` writers; ``sheetgen map`` writes
the files it returns.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.draw import PageFormat
    from sheetgen.layout.maps import MapOptions

__all__ = ["map_files"]


def map_files(opts: MapOptions, output: Path, fmt: PageFormat = "pdf") -> list[tuple[Path, bytes]]:
    """The files of the map ``opts`` describes, as ``(path, bytes)`` in page order:
    ``output`` as one PDF (``fmt="pdf"``), or SVG (``fmt="svg"``): ``output`` for
    a one-page map, else one file per page named ``NAME-01-<page>.svg`` from the
    page's label, lower case (``01-a1``, ``03-index``; a 3D map's levels as ``plus1``...).

    Raises :class:`~sheetgen.layout.maps.MapError` when the map cannot be laid out.
    """
    from sheetgen.layout.maps import layout_map

    drawing = layout_map(opts)
    if fmt == "pdf":
        from sheetgen.draw.pdf import to_pdf

        return [(output, to_pdf(drawing))]
    from sheetgen.draw.svg import page_to_svg

    if len(drawing.pages) == 1:
        return [(output, page_to_svg(drawing.pages[0], drawing.title))]
    out: list[tuple[Path, bytes]] = []
    for number, page in enumerate(drawing.pages, start=1):
        tag = page.label.lower().replace(" ", "-").replace("+", "plus").replace("assembly-", "")
        name = output.with_name(f"{output.stem}-{number:02d}-{tag}{output.suffix}")
        out.append((name, page_to_svg(page, drawing.title)))
    return out
