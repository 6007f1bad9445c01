"""Counter faces one to a page, for images: what ``sheetgen counters --format png``
and the VASSAL module draw.

:func:`face_pages` lays every distinct counter out as two pages the size of the
counter (its front, then its back, upright), each filled with the counter's
colour and painted by the same :class:`~sheetgen.layout.counters.faces.Painter`
as the printed sheets, so an image cannot disagree with the paper. Each face
gets a file stem (:func:`stem`) made from its side and its name, unique within
the set.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from sheetgen.draw.primitives import Drawing, Page, Rect, Style
from sheetgen.layout.counters.build import Counter, MarkerFace
from sheetgen.layout.counters.faces import Painter, place

__all__ = ["FaceSet", "counter_name", "face_pages", "stem"]

#: Longest file stem made from a name, in characters (before ``-2``, ``-front``...).
MAX_STEM = 48


def stem(text: str) -> str:
    """A file-name stem for ``text``: ASCII letters and digits in lower case, other
    runs of characters as one ``-``, at most :data:`MAX_STEM` characters; ``counter``
    when nothing is left (a name in Chinese, say).

    >>> stem("I.S.S. Hammer / Flag"), stem("Ærø 2"), stem("中文")  # ø has no ASCII form
    ('i-s-s-hammer-flag', 'aer-2', 'counter')
    """
    folded = unicodedata.normalize("NFKD", text.replace("Æ", "AE").replace("æ", "ae"))
    ascii_text = folded.encode("ascii", "ignore").decode("ascii").lower()
    out = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:MAX_STEM].strip("-")
    return out or "counter"


def counter_name(counter: Counter) -> str:
    """What a counter is called: the ship's name, or what the marker stands for (its
    caption, else its label) and its running number."""
    face = counter.front
    if isinstance(face, MarkerFace):
        return (face.caption or face.label) + (f" {face.number}" if face.number is not None else "")
    return face.title


@dataclass(frozen=True)
class FaceSet:
    """Distinct counters (copies of one counter once) with their file ``stems``, and
    a :class:`~sheetgen.draw.primitives.Drawing` of pages ``2 i`` (front of counter
    ``i``) and ``2 i + 1`` (its back), each ``size`` pt square; ``warnings`` as the sheets give."""

    counters: list[Counter]
    stems: list[str]
    drawing: Drawing
    size: float
    warnings: list[str]


def face_pages(counters: Sequence[Counter], size: float, *, title: str = "Counters") -> FaceSet:
    """Each distinct counter of ``counters`` (in order) as a front page and a back
    page ``size`` pt square, the counter's colour to the edge; stems
    ``<side>-<name>`` (the side left out when the counter has none), made unique
    by ``-2``, ``-3``... in order."""
    warnings: dict[str, None] = {}
    painter = Painter(size, warnings)
    unique: list[Counter] = []
    seen: set[Counter] = set()
    for counter in counters:
        if counter not in seen:
            seen.add(counter)
            unique.append(counter)
    drawing = Drawing(title)
    stems: list[str] = []
    used: set[str] = set()
    for counter in unique:
        name = counter_name(counter)
        base = stem(f"{counter.side} {name}" if counter.side else name)
        candidate, n = base, 1
        while candidate in used:
            n += 1
            candidate = f"{base}-{n}"
        used.add(candidate)
        stems.append(candidate)
        for face, label in ((counter.front, "front"), (counter.back, "back")):
            page = Page(size, size, label=f"{name} ({label})")
            page.add(Rect(0.0, 0.0, size, size, Style(stroke=None, fill=counter.colour)))
            page.add(*place(painter.face(face, counter), 0.0, 0.0, size, False))
            drawing.pages.append(page)
    return FaceSet(unique, stems, drawing, size, list(warnings))
