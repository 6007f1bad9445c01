"""``--press`` for the printing verbs: the PDF written as a PDF/X-4 press file, or with
``--press-standard x1a`` a PDF/X-1a:2003 one (:func:`sheetgen.render.press.to_press`),
the same for every verb."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import _fail
from sheetgen.core.findings import quoted

if TYPE_CHECKING:
    from sheetgen.render.press import DieLine

__all__ = ["NOT_PDF", "Press", "PressStandard", "press_standard", "pressed"]

#: The ``--press`` option every printing verb takes.
Press = Annotated[
    bool,
    typer.Option(
        "--press",
        help="Write a print shop's press file: PDF/X-4, CMYK with black text, 1/8 in bleed box, "
        "die lines in the CutContour spot colour (see docs/printing.md).",
    ),
]


#: The ``--press-standard`` option every printing verb takes.
PressStandard = Annotated[
    str | None,
    typer.Option(
        "--press-standard",
        metavar="x4|x1a",
        help="The PDF/X standard of --press (implies it): x4, PDF/X-4 (the default), or x1a, "
        "PDF/X-1a:2003 (no transparency, PDF 1.4), as DriveThruCards asks.",
    ),
]


#: The one line every printing verb refuses a press file that is not a PDF with.
NOT_PDF = "--press writes PDF: give -o FILE.pdf"


def press_standard(press: bool, standard: str | None, fmt: str) -> str | None:
    """The PDF/X standard ``--press`` and ``--press-standard`` ask for (``x4`` or ``x1a``),
    or ``None`` for no press file. ``fmt`` is the format the verb is to write (``pdf``,
    ``svg``, ``png``, ``html``, ``json``...: as ``--format`` or the ``-o`` suffix set it).
    Fails (exit 2, one line) for a standard not known, or a press file asked of any format
    but PDF (:data:`NOT_PDF`). Every verb with ``--press`` calls it before any work, so a
    refused press file leaves nothing written."""
    from sheetgen.render.press import PDFX_STANDARDS

    if standard is None:
        chosen = "x4" if press else None
    elif standard.lower() not in PDFX_STANDARDS:
        _fail(f"--press-standard: {quoted(standard)} is not one of {', '.join(PDFX_STANDARDS)}")
    else:
        chosen = standard.lower()
    if chosen is not None and fmt.lower() != "pdf":
        _fail(NOT_PDF)
    return chosen


def pressed(
    files: list[tuple[Path, bytes]],
    title: str,
    die_lines: Sequence[Sequence[DieLine]] | None = None,
    standard: str = "x4",
) -> list[tuple[Path, bytes]]:
    """``files`` with every PDF made a press file titled ``title`` to the PDF/X ``standard``
    (``die_lines``: per page of a single PDF, the counters' cuts); fails (exit 2, one line)
    for any other file (:data:`NOT_PDF`; :func:`press_standard` refuses it before any work),
    a PDF the standard cannot take, or without a CMYK profile, before anything is written."""
    from sheetgen.render.press import PressError, to_press

    out = []
    for path, data in files:
        if not data.startswith(b"%PDF"):
            _fail(NOT_PDF)
        try:
            out.append((path, to_press(data, title=title, die_lines=die_lines, standard=standard)))
        except PressError as exc:
            _fail(str(exc))
    return out
