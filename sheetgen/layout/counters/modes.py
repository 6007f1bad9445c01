"""How a counter sheet is printed: two-sided (:class:`Duplex`) and cut (:class:`CutMarks`).

Kept apart from the layout so the command line can name the modes without
loading it.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["CutMarks", "Duplex", "how_to_print"]


class Duplex(StrEnum):
    """How the sheet turns over between its front and back pages.

    ``long``: about its long (vertical) edge, backs mirrored left to right;
    ``short``: about its short edge, backs mirrored top to bottom and turned
    180 degrees; ``none``: one-sided printing, fronts and backs side by side on
    one page, folded on the centre line and glued. A member equals its value
    (``Duplex.long == "long"``).
    """

    long = "long"
    short = "short"
    none = "none"


class CutMarks(StrEnum):
    """How the cuts are marked on the fronts: ``lines`` strokes every cut path
    (shared edges once), ``crop`` puts short marks in the margins only, in line
    with every cut. A member equals its value (``CutMarks.crop == "crop"``)."""

    lines = "lines"
    crop = "crop"


def how_to_print(duplex: Duplex) -> str:
    """How a sheet made for ``duplex`` is printed, as a briefing or note says it
    ("two-sided, flip on the long edge")."""
    return {
        Duplex.long: "two-sided, flip on the long edge",
        Duplex.short: "two-sided, flip on the short edge",
        Duplex.none: "one-sided, then fold on the centre line and glue",
    }[Duplex(duplex)]
