"""PDFs made apart (WeasyPrint, ReportLab, several worker processes) joined into one.

:func:`join_pdfs` appends documents in order with their bookmarks, draws
stamp pages over ranges of the result (continuous page numbers on record
sheets printed in several documents) and keeps the file deterministic: the
same parts give the same bytes. :func:`retag_subsets` renames every embedded
font subset after its own program, so one ``XXXXXX+Family`` tag never names
two different programs once parts are joined.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from sheetgen.draw.pdf import retag_subsets

__all__ = ["join_pdfs", "note_pages", "outline_entries", "page_count", "retag_subsets"]


def page_count(pdf: bytes) -> int:
    """Pages in a PDF (read back with pypdf)."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def outline_entries(reader: object) -> list[tuple[str, int, int]]:
    """The bookmarks of a pypdf ``PdfReader``, in order: ``(title, page index, depth)``,
    depth 0 for the top level."""
    out: list[tuple[str, int, int]] = []

    def walk(items: list[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                page = reader.get_destination_page_number(item)  # type: ignore[attr-defined]
                if page is not None and page >= 0:
                    out.append((str(item.title), page, depth))  # type: ignore[attr-defined]

    walk(reader.outline, 0)  # type: ignore[attr-defined]
    return out


def note_pages(notes: Sequence[tuple[float, float, Sequence[str]]], *, title: str) -> bytes:
    """A PDF of one page per ``(width, height, lines)`` of ``notes`` (pt), its lines
    centred on the page, the first in bold: the pages a document holds only so that
    it prints right two-sided ("This page is intentionally blank.")."""
    from sheetgen.draw.pdf import to_pdf
    from sheetgen.draw.primitives import Drawing, Page, Text

    drawing = Drawing(title)
    for width, height, lines in notes:
        page = Page(width, height)
        y = height / 2 - 8 * (len(lines) - 1)
        for k, line in enumerate(lines):
            page.add(
                Text(
                    width / 2,
                    y,
                    line,
                    size=13 if k == 0 else 10,
                    bold=k == 0,
                    anchor="middle",
                    fill="#555555",
                )
            )
            y += 20 if k == 0 else 14
        drawing.pages.append(page)
    return to_pdf(drawing)


def join_pdfs(
    parts: Sequence[bytes], *, stamps: Sequence[tuple[int, bytes]] = (), title: str | None = None
) -> bytes:
    """One PDF of ``parts`` in order, each part's bookmarks kept and pointing at its
    own pages. ``stamps`` are ``(first page, PDF)`` pairs: page k of that PDF is drawn
    over page ``first + k`` of the joined document (0-based), for as many pages as it
    has. ``title`` is the document title (default: the first part's), its language the
    first part's. Font subsets are
    retagged (:func:`retag_subsets`). Raises ``ValueError`` for a stamp that runs past
    the last page.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    writer = PdfWriter()
    for data in parts:
        writer.append(PdfReader(io.BytesIO(data)), import_outline=True)
    for first, data in stamps:
        overlay = PdfReader(io.BytesIO(data)).pages
        if first + len(overlay) > len(writer.pages):
            raise ValueError(f"a stamp of {len(overlay)} pages from page {first + 1} runs past the last page")
        for k, page in enumerate(overlay):
            stamped = writer.pages[first + k]
            stamped.merge_page(page)
            stamped.compress_content_streams()  # merging leaves the joined stream uncompressed
    if title is None and parts:
        metadata = PdfReader(io.BytesIO(parts[0])).metadata
        title = str(metadata.title) if metadata and metadata.title else None
    if title:
        writer.add_metadata({"/Title": title})
    lang = PdfReader(io.BytesIO(parts[0])).root_object.get("/Lang") if parts else None
    if lang is not None:  # appending takes pages and bookmarks, not the document's language
        writer._root_object[NameObject("/Lang")] = TextStringObject(str(lang))
    retag_subsets(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
