"""Reading a one-page quick card (``sheetgen reference GAME --one-page``) back from its PDF:
its pages, and every printed character with its size and box (PDFium)."""

from __future__ import annotations

from dataclasses import dataclass

#: Paper no ink comes within (1/4 in, as on every printed sheet), and the smallest text, in pt.
EDGE = 18.0
SMALLEST = 7.0


@dataclass(frozen=True)
class Glyph:
    """One printed character: its text, font size (pt) and box (left, bottom, right, top; pt
    from the page's lower left)."""

    char: str
    size: float
    box: tuple[float, float, float, float]


def glyphs(data: bytes) -> tuple[int, float, float, list[Glyph]]:
    """``(pages, width, height, glyphs of the first page)``; white space left out."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    pdf = pdfium.PdfDocument(data)
    try:
        page = pdf[0]
        width, height = page.get_size()
        text = page.get_textpage()
        out = []
        for k in range(text.count_chars()):
            char = chr(raw.FPDFText_GetUnicode(text, k))
            if char.isspace() or char in "\ufffe\x00":
                continue
            matrix = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(text, k, matrix)
            scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5  # the page's scale (px to pt)
            out.append(Glyph(char, raw.FPDFText_GetFontSize(text, k) * scale, text.get_charbox(k)))
        return len(pdf), width, height, out
    finally:
        pdf.close()


def overlaps(found: list[Glyph], slack: float = 0.6) -> list[tuple[Glyph, Glyph]]:
    """Pairs of glyphs whose boxes, each shrunk by ``slack`` pt a side, overlap: text printed
    over other text (a table wider than its column, a line run into the next block). The
    letters of a ligature (``fi``: one glyph, the same box twice) are not an overlap."""
    cells: dict[tuple[int, int], list[int]] = {}
    boxes = [(g.box[0] + slack, g.box[1] + slack, g.box[2] - slack, g.box[3] - slack) for g in found]
    hits = []
    for i, (left, bottom, right, top) in enumerate(boxes):
        if right <= left or top <= bottom:
            continue
        keys = {(int(x // 20), int(y // 20)) for x in (left, right) for y in (bottom, top)}
        near = {j for key in keys for j in cells.get(key, [])}
        for j in sorted(near):
            a = boxes[j]
            if found[j].box == found[i].box:
                continue  # a ligature
            if left < a[2] and a[0] < right and bottom < a[3] and a[1] < top:
                hits.append((found[j], found[i]))
        for key in keys:
            cells.setdefault(key, []).append(i)
    return hits


def check_one_page(data: bytes) -> str:
    """Assert the quick card ``data`` (PDF) is one landscape page whose text is all at least
    :data:`SMALLEST` pt, at least :data:`EDGE` from every paper edge, and nowhere printed
    over other text; returns the page's text."""
    from tests.conftest import pdf_text

    pages, width, height, found = glyphs(data)
    assert pages == 1 and width > height
    assert min(g.size for g in found) >= SMALLEST - 0.01
    outside = [
        g
        for g in found
        if g.box[0] < EDGE or g.box[1] < EDGE or g.box[2] > width - EDGE or g.box[3] > height - EDGE
    ]
    assert outside == []
    assert overlaps(found) == []
    return pdf_text(data)[0]


def check_same_cells(full: dict[str, object], quick: dict[str, object]) -> None:
    """Assert every table of the quick card's JSON is its full card table cut to some of its
    columns (in order) and notes, the cells the same values: nothing retyped."""
    tables = {t["id"]: t for t in full["tables"]}  # type: ignore[attr-defined]
    for table in quick["tables"]:  # type: ignore[attr-defined]
        whole = tables[table["id"]]
        index = [whole["columns"].index(c) for c in table["columns"]]
        assert index == sorted(index)
        assert table["rows"] == [[row[i] for i in index] for row in whole["rows"]]
        assert all(note in whole["notes"] for note in table["notes"])
        assert table["title"] == whole["title"]
    sections = {s["title"]: s for s in full["sections"]}  # type: ignore[attr-defined]
    for section in quick["sections"]:  # type: ignore[attr-defined]
        assert section == sections[section["title"]]
