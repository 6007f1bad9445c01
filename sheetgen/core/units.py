"""Lengths with units, as written on the command line and in scenario files.

:func:`parse_length` reads ``1in``, ``0.75in``, ``5/8in``, ``25mm``, ``2.5cm``,
``18pt`` (spaces allowed, ``"`` for inches) and returns points (pt, 1/72 in);
:func:`format_length` writes one back. Paper sizes are in :data:`PAPER_SIZES`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal, get_args

__all__ = [
    "MAX_LENGTH",
    "MIN_COUNTER",
    "MIN_HEX",
    "PAPERS",
    "PAPER_SIZES",
    "UNITS",
    "LengthError",
    "Paper",
    "format_length",
    "parse_length",
    "read_paper",
]

#: Points per unit.
UNITS: dict[str, float] = {"in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54, "pt": 1.0}

#: A paper size sheetgen prints on, by name.
Paper = Literal["letter", "a4", "a3", "legal", "tabloid"]
#: The paper sizes, US letter (the default) first.
PAPERS: tuple[Paper, ...] = get_args(Paper)

#: Paper sizes (width, height) in pt, portrait.
PAPER_SIZES: dict[Paper, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (595.2755905511812, 841.8897637795276),
    "a3": (841.8897637795276, 1190.5511811023623),
    "legal": (612.0, 1008.0),
    "tabloid": (792.0, 1224.0),
}


def read_paper(name: str) -> Paper:
    """The :data:`Paper` named ``name`` (any case, spaces around allowed); raises ``ValueError``
    for a name that is none of :data:`PAPERS`.

    >>> read_paper(" A4 ")
    'a4'
    """
    key = name.strip().lower()
    for paper in PAPERS:
        if paper == key:
            return paper
    raise ValueError(f"unknown paper {name!r}; choose one of {', '.join(PAPERS)}")


_LENGTH = re.compile(
    r"^\s*(?P<num>\d+(?:\.\d*)?|\.\d+|\d+\s*/\s*\d+)\s*(?P<unit>in|inch|inches|\"|mm|cm|pt)?\s*$",
    re.IGNORECASE,
)


#: A decimal comma (``0,75in``): refused with a hint rather than read either way.
_DECIMAL_COMMA = re.compile(r"^\s*(?P<int>\d*),(?P<frac>\d+)\s*(?P<unit>[a-z\"]*)\s*$", re.IGNORECASE)


class LengthError(ValueError):
    """A length that cannot be read; the message quotes it and lists the units."""


#: The longest length sheetgen reads, in pt (100 in, 2.54 m): far beyond any paper it prints
#: on, so a larger one is a slip (``1000in``), refused before anything is laid out with it.
MAX_LENGTH = 7200.0

#: The smallest hex printed (flat-to-flat), in pt: 5 mm. Every reader of a hex size
#: (``map.hex``, ``--hex``) gives it as ``least``, so a smaller one is refused where it is written.
MIN_HEX = 5 * 72.0 / 25.4
#: The smallest counter printed (its edge), in pt: 1/4 in. Every reader of a counter size
#: (``--size``, ``options.counter_size``) gives it as ``least``.
MIN_COUNTER = 18.0

#: The most characters a length may be written with: a length is a short word (``0.625in``);
#: a longer text is refused before its number is read.
MAX_LENGTH_TEXT = 40


def parse_length(
    text: str,
    *,
    default_unit: str | None = None,
    zero: bool = False,
    signed: bool = False,
    maximum: float = MAX_LENGTH,
    least: float | None = None,
) -> float:
    """``text`` as a length in pt. A bare number takes ``default_unit`` (else it is an
    error). Raises :class:`LengthError` (one line, quoting ``text``) for an unknown unit, a
    malformed number (a decimal comma, ``0,75in``, is refused with the hint to write
    ``0.75in``: one reading of lengths everywhere), a fraction over zero (``1/0in``), a
    length longer than ``maximum`` pt (:data:`MAX_LENGTH`, 100 in) or written with more
    than :data:`MAX_LENGTH_TEXT` characters, and a length of zero (lengths here are sizes:
    they must be positive) unless ``zero`` allows it, and (with ``least``, in pt: a kind's
    smallest, :data:`MIN_HEX` or :data:`MIN_COUNTER`) one shorter than ``least``. ``signed`` allows a leading ``+`` or
    ``-`` (an offset); else a minus is refused as "must be more than zero". Never
    returns NaN or infinity.

    >>> parse_length("5/8in"), parse_length("25.4mm"), parse_length("18pt")
    (45.0, 72.0, 18.0)
    """
    raw = str(text)
    if len(raw) > MAX_LENGTH_TEXT:
        raise LengthError(f"not a length: {raw[:MAX_LENGTH_TEXT]!r}... is {len(raw):,} characters long")
    body, sign = raw.strip(), 1
    if body[:1] in ("+", "-") and (signed or body[:1] == "-"):
        if not signed:
            if _LENGTH.match(body[1:]):
                raise LengthError(f"length {text!r} must be {'zero or more' if zero else 'more than zero'}")
        else:
            sign, body = (-1 if body[0] == "-" else 1), body[1:]
    m = _LENGTH.match(body)
    comma = None if m else _DECIMAL_COMMA.match(body)
    if comma:
        fixed = f"{'-' if sign < 0 else ''}{comma['int'] or '0'}.{comma['frac']}{comma['unit']}"
        raise LengthError(f"not a length: {text!r}: a decimal comma; write a decimal point, {fixed}")
    if not m:
        raise LengthError(
            f"not a length: {text!r} (write a number and a unit: {', '.join(UNITS)}, e.g. 1in or 25mm)"
        )
    unit = (m.group("unit") or default_unit or "").lower()
    if unit in ("inch", "inches", '"'):
        unit = "in"
    if unit not in UNITS:
        raise LengthError(f"length {text!r} needs a unit: {', '.join(UNITS)}")
    digits = re.sub(r"\s+", "", m.group("num"))  # "1 / 2", or a line break a YAML block kept
    if "/" in digits and Fraction(digits.partition("/")[2]) == 0:
        raise LengthError(f"length {text!r} divides by zero")
    number = Fraction(digits) * sign
    if number == 0 and not zero:
        raise LengthError(f"length {text!r} must be more than zero")
    if abs(number) * Fraction(UNITS[unit]) > Fraction(maximum):  # exact: no float overflows
        most = format_length(maximum, "in" if unit == "pt" else unit)
        raise LengthError(f"length {text!r} is longer than the most sheetgen reads, {most}")
    if least is not None and abs(number) * Fraction(UNITS[unit]) < Fraction(least) - Fraction(1, 10**9):
        smallest = min((format_length(least, u) for u in ("in", "mm")), key=len)
        raise LengthError(f"length {text!r} is too small to print; it must be {smallest} or more")
    return float(number) * UNITS[unit]


def format_length(points: float, unit: str = "in") -> str:
    """``points`` in ``unit``, trimmed: ``format_length(45)`` gives ``'0.625in'``."""
    value = points / UNITS[unit]
    return f"{value:.4f}".rstrip("0").rstrip(".") + unit
