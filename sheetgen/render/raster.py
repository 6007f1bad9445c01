"""PNG images of drawings: counter faces and maps for digital tabletops.

The drawing is written as a PDF (:func:`sheetgen.draw.pdf.to_pdf`, the same
writer as the printed files) and each page is rasterised by PDFium
(pypdfium2), so an image shows exactly what the paper does. Pixels:

* **Size.** A length of ``L`` pt at ``dpi`` is :func:`pixels` ``(L, dpi)``
  pixels: ``L / 72 * dpi`` rounded half up (a 5/8 in counter, 45 pt, at
  150 dpi is 93.75 -> 94 px; at 300 dpi 187.5 -> 188 px).
* **Counter faces** fill their square image edge to edge: the face is scaled
  to ``N x N`` pixels (``N`` from its edge), so the resolution differs from
  ``dpi`` by at most half a pixel across the counter.
* **Pages** (maps) keep exactly ``dpi / 72`` pixels per pt: the image is
  ``pixels(width) x pixels(height)`` and the page's right and bottom edges move
  by less than half a pixel to meet it. :func:`render_page` may also start the
  image a fraction of a pixel right of and below the page's corner, so that a
  chosen point lands on a whole pixel (the VASSAL board's grid origin).

PNG files carry the resolution (``pHYs``) and nothing else that varies: the
same drawing gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheetgen.draw.primitives import Drawing

__all__ = [
    "MAX_DPI",
    "MAX_PIXELS",
    "MIN_DPI",
    "PageImage",
    "RasterError",
    "check_dpi",
    "check_pixels",
    "face_pngs",
    "page_pngs",
    "pixels",
    "render_page",
    "render_pages",
]

#: Resolutions an image may be made at, in dots per inch.
MIN_DPI = 10
MAX_DPI = 1200
#: Most pixels in one image (50 megapixels: an 8-bit RGB image of 150 MB in memory).
MAX_PIXELS = 50_000_000


class RasterError(ValueError):
    """An image that cannot be made as asked (resolution out of bounds, too many
    pixels); the message is one line for the user."""


def pixels(length: float, dpi: int) -> int:
    """Pixels a ``length`` in pt spans at ``dpi``: ``length / 72 * dpi`` rounded half up.

    >>> pixels(45.0, 150), pixels(45.0, 300), pixels(72.0, 96)
    (94, 188, 96)
    """
    # 1e-9 absorbs the error of a length that is a decimal fraction of an inch in binary
    return max(1, math.floor(length * dpi / 72.0 + 0.5 + 1e-9))


def check_dpi(dpi: int) -> None:
    """Raise :class:`RasterError` unless ``MIN_DPI <= dpi <= MAX_DPI``."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise RasterError(f"--dpi {dpi}: choose {MIN_DPI} to {MAX_DPI} dots per inch")


def check_pixels(width: int, height: int, dpi: int, what: str) -> None:
    """Raise :class:`RasterError` when a ``width`` x ``height`` image is over :data:`MAX_PIXELS`."""
    if width * height > MAX_PIXELS:
        raise RasterError(
            f"{what} at {dpi} dpi would be {width:,} x {height:,} pixels; at most "
            f"{MAX_PIXELS // 1_000_000} megapixels an image: choose a lower --dpi"
        )


@dataclass(frozen=True)
class PageImage:
    """How one page becomes an image: ``width`` x ``height`` pixels, starting ``left``
    and ``top`` pt right of and below the page's top-left corner, at ``scale`` pixels
    per pt across and down (``(sx, sy)``)."""

    width: int
    height: int
    left: float = 0.0
    top: float = 0.0
    scale: tuple[float, float] = (1.0, 1.0)


def _png(image: object, dpi: int) -> bytes:
    import io

    from PIL import Image

    assert isinstance(image, Image.Image)
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi), optimize=False, compress_level=9)
    return out.getvalue()


def render_page(pdf: bytes, index: int, how: PageImage, dpi: int) -> bytes:
    """Page ``index`` of the PDF ``pdf`` as PNG bytes, made as ``how`` says (white
    behind the page's ink), ``dpi`` recorded in the file."""
    (png,) = render_pages(pdf, [(index, how)], dpi)
    return png


def render_pages(pdf: bytes, pages: Sequence[tuple[int, PageImage]], dpi: int) -> list[bytes]:
    """Each ``(index, how)`` of ``pages`` as :func:`render_page` makes it, in order, the
    PDF read once for all of them."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    document = pdfium.PdfDocument(pdf)
    out: list[bytes] = []
    try:
        for index, how in pages:
            page = document[index]
            _, _, _, top = page.get_mediabox()
            sx, sy = how.scale
            # the page box becomes exactly the image: PDF y runs up from the page's foot
            left = how.left
            right = left + how.width / sx
            upper = top - how.top
            lower = upper - how.height / sy
            page.set_mediabox(left, lower, right, upper)
            page.set_cropbox(left, lower, right, upper)
            bitmap = pdfium.PdfBitmap.new_native(how.width, how.height, raw.FPDFBitmap_BGR)
            bitmap.fill_rect((255, 255, 255, 255), 0, 0, how.width, how.height)
            raw.FPDF_RenderPageBitmap(bitmap, page, 0, 0, how.width, how.height, 0, raw.FPDF_ANNOT)
            out.append(_png(bitmap.to_pil().convert("RGB"), dpi))
    finally:
        document.close()
    return out


def page_pngs(drawing: Drawing, dpi: int, *, what: str = "the map") -> list[bytes]:
    """Every page of ``drawing`` as PNG bytes at exactly ``dpi / 72`` pixels per pt,
    ``pixels(width) x pixels(height)`` (see the module's notes). Raises
    :class:`RasterError` for a ``dpi`` out of bounds or an image over :data:`MAX_PIXELS`."""
    from sheetgen.draw.pdf import to_pdf

    check_dpi(dpi)
    hows = []
    for page in drawing.pages:
        w, h = pixels(page.width, dpi), pixels(page.height, dpi)
        check_pixels(w, h, dpi, what)
        hows.append(PageImage(w, h, scale=(dpi / 72.0, dpi / 72.0)))
    return render_pages(to_pdf(drawing), list(enumerate(hows)), dpi)


def face_pngs(drawing: Drawing, dpi: int) -> list[bytes]:
    """Every page of ``drawing`` (one counter face a page, the page the counter's
    square) as a square PNG of ``pixels(edge, dpi)`` a side, the face scaled to fill it."""
    from sheetgen.draw.pdf import to_pdf

    check_dpi(dpi)
    hows = []
    for page in drawing.pages:
        n = pixels(page.width, dpi)
        check_pixels(n, n, dpi, "a counter")
        hows.append(PageImage(n, n, scale=(n / page.width, n / page.height)))
    return render_pages(to_pdf(drawing), list(enumerate(hows)), dpi)
