"""Printed probabilities and averages: the exact value rounded half-up in decimal.

Chances and averages are computed as exact :class:`~fractions.Fraction` values (by dice
enumeration). Printing one through ``float`` rounds the binary value, which lies a hair
under a decimal half as often as above it (4.215 prints 4.21); every printed chance and
average goes through :func:`decimal_text` instead, so the digits shown are the exact value
rounded half-up (away from zero), as a player rounds by hand. Cards, sheets, stats and the
CSV of every game use these two functions and no other rounding.
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["decimal_text", "percent_text"]


def decimal_text(value: Fraction | int, places: int = 2, *, trim: bool = True) -> str:
    """``value`` rounded half-up to ``places`` decimals (a half goes away from zero), as text
    with thousands separators; ``trim`` drops trailing zeros and a bare point.

    >>> decimal_text(Fraction(843, 200)), decimal_text(Fraction(2, 3)), decimal_text(Fraction(1, 200))
    ('4.22', '0.67', '0.01')
    >>> decimal_text(Fraction(8, 5), trim=False), decimal_text(Fraction(-5, 8)), decimal_text(Fraction(12345, 10), 0)
    ('1.60', '-0.63', '1,235')
    """
    if places < 0:
        raise ValueError(f"places must be 0 or more, not {places}")
    value = Fraction(value)
    scaled = abs(value) * 10**places
    units = math.floor(scaled + Fraction(1, 2))
    sign = "-" if value < 0 and units else ""
    whole, part = divmod(units, 10**places)
    text = f"{whole:,}"
    if places:
        digits = f"{part:0{places}d}"
        if trim:
            digits = digits.rstrip("0")
        if digits:
            text += "." + digits
    return sign + text


def percent_text(value: Fraction | int, places: int = 1) -> str:
    """A probability ``value`` (0 to 1) as a percentage, rounded half-up to ``places``
    decimals; a whole percentage prints whole.

    >>> percent_text(Fraction(9, 20)), percent_text(Fraction(1, 3)), percent_text(Fraction(1, 8))
    ('45%', '33.3%', '12.5%')
    >>> percent_text(Fraction(1, 16)), percent_text(Fraction(1, 400))
    ('6.3%', '0.3%')
    """
    pct = Fraction(value) * 100
    if pct.denominator == 1:
        return f"{pct.numerator:,}%"
    return f"{decimal_text(pct, places, trim=False)}%"
