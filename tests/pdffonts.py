"""Reading a PDF's font resources back (pypdf): each font's name and its embedded program."""

from __future__ import annotations

import io
from pathlib import Path

_PROGRAMS = ("/FontFile", "/FontFile2", "/FontFile3")


def pdf_fonts(path: Path | bytes) -> list[tuple[str, bytes | None]]:
    """(BaseFont, font program bytes or None when not embedded) of every font resource
    on every page, each font object once."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(path) if isinstance(path, bytes) else str(path))
    seen: set[int] = set()
    out: list[tuple[str, bytes | None]] = []
    for page in reader.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources else None
        if not fonts:
            continue
        for ref in fonts.get_object().values():
            font = ref.get_object()
            if id(font) in seen:
                continue
            seen.add(id(font))
            shape = font
            if font.get("/Subtype") == "/Type0":
                shape = font["/DescendantFonts"][0].get_object()
            descriptor = shape.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor else {}
            program = next((descriptor[k].get_object() for k in _PROGRAMS if k in descriptor), None)
            out.append((str(font["/BaseFont"]), program.get_data() if program is not None else None))
    return out


def _to_unicode(font: object) -> dict[int, str]:
    """Byte code -> text of a simple font, from its ``/ToUnicode`` CMap (bfchar and bfrange)."""
    import re

    stream = font.get("/ToUnicode")  # type: ignore[attr-defined]
    if stream is None:
        return {}
    cmap = stream.get_object().get_data().decode("latin-1")
    out: dict[int, str] = {}

    def text(hexes: str) -> str:
        return bytes.fromhex(hexes).decode("utf-16-be")

    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, dest in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(code, 16)] = text(dest)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
        for lo, hi, dest in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            start = ord(text(dest))
            for i, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                out[code] = chr(start + i)
    return out


def pdf_drawn_strings(path: Path | bytes, page: int = 0) -> list[str]:
    """Every string shown (``Tj``/``TJ``) on ``page``, in drawing order, each character
    decoded through its font's ``/ToUnicode`` map exactly as drawn left to right: no
    reordering or normalising, as a text extractor would do."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(path) if isinstance(path, bytes) else str(path))
    pdf_page = reader.pages[page]
    fonts = pdf_page["/Resources"].get_object()["/Font"].get_object()
    maps = {name: _to_unicode(ref.get_object()) for name, ref in fonts.items()}
    current: dict[int, str] = {}
    out: list[str] = []
    for operands, op in ContentStream(pdf_page.get_contents(), reader).operations:
        if op == b"Tf":
            current = maps.get(str(operands[0]), {})
        elif op in (b"Tj", b"TJ"):
            parts = operands[0] if op == b"TJ" else [operands[0]]
            data = b"".join(bytes(p.original_bytes) for p in parts if hasattr(p, "original_bytes"))
            out.append("".join(current.get(b, "\ufffd") for b in data))
    return out
