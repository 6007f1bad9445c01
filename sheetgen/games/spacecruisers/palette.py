"""The designer's Space Cruisers palette: each system of the systems table and its notes
(Space Cruisers, SYSTEM NOTES; RULINGS SC-2, SC-3)."""

from __future__ import annotations

from sheetgen.games.base import PaletteItem
from sheetgen.games.spacecruisers import data

__all__ = ["palette"]


def palette() -> list[PaletteItem]:
    """Each system (``systems``: its name added to the list), ``at most once`` for those
    a ship carries once (SC-3); the basic rules' cap of additional systems is the
    budget's (SC-2)."""
    return [
        PaletteItem(
            "systems",
            s.short,
            s.name,
            "at most once" if s.once else "",
            s.note,
            "list",
            "systems",
            s.name,
            "SC-3" if s.once else "SC-2",
        )
        for s in data.SYSTEMS.values()
    ]
