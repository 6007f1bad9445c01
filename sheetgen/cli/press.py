"""``--press`` for the printing verbs: the PDF written as a PDF/X-4 press file
(:func:`sheetgen.render.press.to_press`), the same for every verb."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import _fail

if TYPE_CHECKING:
    from sheetgen.render.press import DieLine

__all__ = ["Press", "pressed"]

#: The ``--press`` option every printing verb takes.
Press = Annotated[
    bool,
    typer.Option(
        "--press",
        help="Write a print shop's press file: PDF/X-4, CMYK with black text, 1/8 in bleed box, "
        "die lines in the CutContour spot colour (see docs/printing.md).",
    ),
]


def pressed(
    files: list[tuple[Path, bytes]],
    title: str,
    die_lines: Sequence[Sequence[DieLine]] | None = None,
) -> list[tuple[Path, bytes]]:
    """``files`` with every PDF made a press file titled ``title`` (``die_lines``: per page
    of a single PDF, the counters' cuts); fails (exit 2, one line) for any other file or
    without a CMYK profile, before anything is written."""
    from sheetgen.render.press import PressError, to_press

    out = []
    for path, data in files:
        if not data.startswith(b"%PDF"):
            _fail(f"--press writes PDF: {path} is not a PDF")
        try:
            out.append((path, to_press(data, title=title, die_lines=die_lines)))
        except PressError as exc:
            _fail(str(exc))
    return out
