"""Colours read back from a PDF as PDFium renders it."""

from __future__ import annotations

from pathlib import Path

#: a side's colour in most of a record sheet's 2.2 mm frame bar: at 72 dpi, 6 px by at least
#: 40 mm (113 px)
BAR_PIXELS = 600


def pixels_in(pdf_file: Path | bytes, colour: str) -> int:
    """The pixels of every page of ``pdf_file`` (a path or the PDF's bytes), rendered at
    72 dpi, within 2 of ``colour`` (``#rrggbb``) in each channel."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    want = [int(colour[k : k + 2], 16) for k in (1, 3, 5)]
    pdf = pdfium.PdfDocument(pdf_file if isinstance(pdf_file, bytes) else str(pdf_file))
    try:
        count = 0
        for page in pdf:
            channels = page.render(scale=1).to_pil().convert("RGB").split()
            near = [
                ch.point(lambda v, c=c: 255 if abs(v - c) <= 2 else 0)
                for ch, c in zip(channels, want, strict=True)
            ]
            both = ImageChops.logical_and(
                ImageChops.logical_and(near[0].convert("1"), near[1].convert("1")), near[2].convert("1")
            )
            count += both.histogram()[-1]
        return count
    finally:
        pdf.close()
