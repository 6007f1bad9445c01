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
