"""Lengths with units, as written on the command line and in scenario files.

:func:`parse_length` reads ``1in``, ``0.75in``, ``5/8in``, ``25mm``, ``2.5cm``,
``18pt`` (spaces allowed, ``"`` for inches) and returns points (pt, 1/72 in);
:func:`format_length` writes one back. Paper sizes are in :data:`PAPER_SIZES`.
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["PAPER_SIZES", "UNITS", "LengthError", "format_length", "parse_length"]

#: Points per unit.
UNITS: dict[str, float] = {"in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54, "pt": 1.0}

#: Paper sizes (width, height) in pt, portrait.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (595.2755905511812, 841.8897637795276),
    "a3": (841.8897637795276, 1190.5511811023623),
    "legal": (612.0, 1008.0),
    "tabloid": (792.0, 1224.0),
}

_LENGTH = re.compile(
    r"^\s*(?P<num>\d+(?:\.\d*)?|\.\d+|\d+\s*/\s*\d+)\s*(?P<unit>in|inch|inches|\"|mm|cm|pt)?\s*$",
    re.IGNORECASE,
)


#: A decimal comma (``0,75in``): refused with a hint rather than read either way.
_DECIMAL_COMMA = re.compile(r"^\s*(?P<int>\d*),(?P<frac>\d+)\s*(?P<unit>[a-z\"]*)\s*$", re.IGNORECASE)


class LengthError(ValueError):
    """A length that cannot be read; the message quotes it and lists the units."""


def parse_length(text: str, *, default_unit: str | None = None) -> float:
    """``text`` as a length in pt. A bare number takes ``default_unit`` (else it is an
    error). Raises :class:`LengthError` for an unknown unit, a malformed number (a
    decimal comma, ``0,75in``, is refused with the hint to write ``0.75in``: one reading
    of lengths everywhere), or a length of zero (lengths here are sizes: they must be
    positive).

    >>> parse_length("5/8in"), parse_length("25.4mm"), parse_length("18pt")
    (45.0, 72.0, 18.0)
    """
    m = _LENGTH.match(str(text))
    comma = None if m else _DECIMAL_COMMA.match(str(text))
    if comma:
        fixed = f"{comma['int'] or '0'}.{comma['frac']}{comma['unit']}"
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
    number = Fraction(m.group("num").replace(" ", ""))
    if number <= 0:
        raise LengthError(f"length {text!r} must be more than zero")
    return float(number) * UNITS[unit]


def format_length(points: float, unit: str = "in") -> str:
    """``points`` in ``unit``, trimmed: ``format_length(45)`` gives ``'0.625in'``."""
    value = points / UNITS[unit]
    return f"{value:.4f}".rstrip("0").rstrip(".") + unit
