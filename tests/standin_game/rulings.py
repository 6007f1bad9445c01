"""The stand-in game's one ruling, kept in its package as every game's are."""

from __future__ import annotations

from sheetgen.core.rulings import Ruling

__all__ = ["RULINGS"]

RULINGS = (
    Ruling(
        "ST-1",
        "The number",
        "stand-in",
        "A ship's number is at least 1; a design without one has 5.",
        "The stand-in's rule text gives no smaller ship.",
        "Ships",
        "validate; counters",
    ),
)
