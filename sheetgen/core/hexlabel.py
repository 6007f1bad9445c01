"""The one reader of hex labels, shared by scenarios and designs.

Every hex a file names (a scenario's start positions, features, zones; a Knight
Hawks minelaying plan) goes through :func:`parse_hex`. A hex is written as the
map prints it: ``"0815"`` (column then row, digits split in half), ``"8.15"``,
``[8, 15]``. An unquoted ``0704`` is read by YAML as the octal number 452, so a
bare number is taken only when its digits can be the label as written (an even
count, at least four) and refused otherwise with one message.
"""

from __future__ import annotations

import re
from typing import Any, Literal, get_args

from sheetgen.core.fields import describe

__all__ = ["NUMBERINGS", "Numbering", "hex_label", "letters", "parse_hex"]

#: How a map numbers its hexes (see :func:`hex_label`).
Numbering = Literal["xxyy", "xx.yy", "letters", "none"]
#: The numberings, ``xxyy`` (the default) first.
NUMBERINGS: tuple[Numbering, ...] = get_args(Numbering)

_SPLIT_HEX = re.compile(r"^\s*(\d+)\s*[.,:/ -]\s*(\d+)\s*$")


def parse_hex(value: Any) -> tuple[int, int]:
    """``(col, row)`` 0-based from a hex as printed on the map, 1-based:
    ``"0815"`` (digits split in half), ``"8.15"`` or ``"8-15"``, ``[8, 15]``, or the
    number ``815``... only with an even count of digits.

    Raises ``ValueError`` with a message quoting the value.

    >>> parse_hex("0815"), parse_hex([8, 15]), parse_hex("100.7")
    ((7, 14), (7, 14), (99, 6))
    """
    if isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value):
        col, row = int(value[0]), int(value[1])
    elif isinstance(value, int) and not isinstance(value, bool):
        digits = str(value)
        if value < 0 or len(digits) % 2 or len(digits) < 4:
            raise ValueError(
                f'hex {value} is ambiguous: write it in quotes as the map prints it, e.g. "0101" '
                "(YAML reads an unquoted 0101 as the number 65)"
            )
        half = len(digits) // 2
        col, row = int(digits[:half]), int(digits[half:])
    elif isinstance(value, str):
        text = value.strip()
        m = _SPLIT_HEX.match(text)
        if m:
            col, row = int(m.group(1)), int(m.group(2))
        elif text.isdigit() and len(text) % 2 == 0 and len(text) >= 2:
            half = len(text) // 2
            col, row = int(text[:half]), int(text[half:])
        else:
            raise ValueError(
                f'not a hex: {value!r} (write column then row as the map prints them, e.g. "0815")'
            )
    else:
        raise ValueError(f'a hex must be text like "0815" or a list [col, row], found {describe(value)}')
    if col < 1 or row < 1:
        raise ValueError(f"hex {value!r}: columns and rows are numbered from 1")
    return col - 1, row - 1


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def letters(n: int) -> str:
    """0-based ``n`` as column letters: A..Z, AA, AB...

    >>> letters(0), letters(25), letters(26)
    ('A', 'Z', 'AA')
    """
    out = ""
    n += 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


def hex_label(col: int, row: int, numbering: Numbering = "xxyy", width: int | None = 2) -> str:
    """The label the map prints for the hex at 0-based ``(col, row)``; :func:`parse_hex`
    reads it back.

    ``xxyy``: ``0815``; ``xx.yy``: ``08.15``; ``letters``: column letters and row
    number, ``H15``; ``none``: empty. ``width`` is the digits per part (2, or 3 on
    maps of 100 or more columns or rows); ``None``: as many as the larger part needs,
    at least 2.

    >>> hex_label(6, 3), hex_label(7, 14, "xx.yy"), hex_label(7, 14, "letters")
    ('0704', '08.15', 'H15')
    >>> hex_label(99, 6, width=None)
    '100007'
    """
    if numbering == "none":
        return ""
    if width is None:
        width = max(2, len(str(col + 1)), len(str(row + 1)))
    if numbering == "letters":
        return f"{letters(col)}{row + 1:0{width}d}"
    sep = "." if numbering == "xx.yy" else ""
    return f"{col + 1:0{width}d}{sep}{row + 1:0{width}d}"
