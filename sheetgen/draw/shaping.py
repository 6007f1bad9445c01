"""Right-to-left text as the writers draw it: shaped and in display order.

ReportLab and an SVG ``<text>`` drawn with ``direction: ltr`` set the characters
of a string one after another, left to right, each in its isolated form. A name
in Hebrew or Arabic typed in reading (logical) order would so print backwards,
and Arabic letters unjoined. :func:`visual` turns such a string into the one to
draw: Arabic letters replaced by their joined presentation forms (Unicode's
Arabic Presentation Forms, which the bundled DejaVu fonts carry), lam-alef
ligatures formed, then the whole line reordered by the Unicode Bidirectional
Algorithm (UAX #9: paired brackets resolved, rule L2 reordering) and the
characters of right-to-left runs mirrored (rule L4: ``(`` prints as ``)``).

Both writers draw :func:`visual`'s string and :mod:`sheetgen.layout.text`
measures it, so a name is measured as it prints. Arabic vowel marks (harakat)
are left out: the writers cannot place a mark over its letter. Text with no
right-to-left character is returned unchanged, at no cost.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["is_rtl", "visual"]

#: Bidi classes that make a string need reordering (UAX #9 table 4).
_RTL_CLASSES = frozenset({"R", "AL", "RLE", "RLO", "RLI"})
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


def is_rtl(text: str) -> bool:
    """Whether ``text`` holds a right-to-left character (Hebrew, Arabic, ...)."""
    return not text.isascii() and any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text)


def _arabic(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) == "AL" for ch in text)


def _levels(text: str) -> list[int] | None:
    """The resolved embedding level of each character of ``text`` (one paragraph),
    from the bidi library's analysis; ``None`` if it cannot be read."""
    from bidi import get_display

    info = str(get_display(text, debug=True))
    start, end = info.find("levels:"), info.find("paragraphs:")
    if start < 0 or end < start:
        return None
    by_byte = [int(n) for n in _LEVEL.findall(info[start:end])]
    levels: list[int] = []
    offset = 0
    for ch in text:
        if offset >= len(by_byte):
            return None
        levels.append(by_byte[offset])
        offset += len(ch.encode("utf-8"))
    return levels if offset == len(by_byte) else None


def _mirror(ch: str) -> str:
    from bidi.mirror import MIRRORED

    return str(MIRRORED.get(ch, ch)) if unicodedata.mirrored(ch) else ch


@lru_cache(maxsize=4096)
def visual(text: str) -> str:
    """``text`` (one line, in reading order) as drawn left to right: Arabic shaped,
    right-to-left runs reversed and their brackets mirrored; unchanged when it has
    no right-to-left character.

    >>> visual("Hammer")
    'Hammer'
    >>> visual("עוז (ב)") == "(ב) זוע"
    True
    """
    if not is_rtl(text):
        return text
    if _arabic(text):
        import arabic_reshaper

        text = str(arabic_reshaper.reshape(text))
    levels = _levels(text)
    if levels is None:  # the analysis could not be read: the library's order, unmirrored
        from bidi import get_display

        return str(get_display(text))
    # L1: whitespace at the end of the line takes the paragraph's level
    from bidi import get_base_level

    base = int(get_base_level(text))
    i = len(text)
    while i > 0 and unicodedata.bidirectional(text[i - 1]) in ("WS", "B", "S"):
        i -= 1
        levels[i] = base
    chars = [_mirror(ch) if level % 2 else ch for ch, level in zip(text, levels, strict=True)]
    # L2: from the highest level down to the lowest odd one, reverse every run at or above it
    order = list(range(len(chars)))
    top = max(levels, default=0)
    lowest_odd = min((lv for lv in levels if lv % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        j = 0
        while j < len(order):
            if levels[order[j]] >= level:
                k = j
                while k < len(order) and levels[order[k]] >= level:
                    k += 1
                order[j:k] = order[j:k][::-1]
                j = k
            else:
                j += 1
    return "".join(chars[index] for index in order)
