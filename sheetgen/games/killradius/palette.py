"""The designer's Kill Radius palette: each ship type of the text's list under its Number,
and each Number with what it gives (Kill Radius: Quick & Dirty Starship Combat, Numbers &
Ship Types and the Movement Points table; RULINGS KR-1, KR-2, KR-4)."""

from __future__ import annotations

from sheetgen.games.base import PaletteItem
from sheetgen.games.killradius import data

__all__ = ["palette"]


def _mp(number: int) -> int:
    """The Movement Points table's MP for ``number`` (KR-2)."""
    return next(b.mp for b in data.MOVEMENT_POINTS if b.low <= number <= b.high)


def _gives(number: int) -> str:
    """``6 MP, kill radius 8 hexes against an equal Number, 10 against Number 1`` (KR-2,
    KR-4: the kill radius of A against T is A - T + 8 hexes)."""
    from sheetgen.games.killradius.play import kill_radius

    equal, weakest = kill_radius(number, number), kill_radius(number, data.MIN_NUMBER)
    return f"{_mp(number)} MP; kill radius {equal} hexes against an equal Number, {weakest} against Number 1"


def palette() -> list[PaletteItem]:
    """Each Number 1..10 (``number``, set) with its MP and kill radius, then each listed
    type (``type`` and ``number`` set together); carriers say so."""
    numbers = [
        PaletteItem("Numbers", str(n), f"Number {n}", "", _gives(n), "set", "number", str(n), "KR-2")
        for n in range(data.MIN_NUMBER, data.MAX_NUMBER + 1)
    ]
    types = [
        PaletteItem(
            "types",
            t.name,
            t.name,
            f"Number {t.number}",
            ("carrier: carries fighters; " if t.carrier else "") + _gives(t.number),
            "set",
            "type",
            t.name,
            "KR-1",
            (("number", str(t.number)),),
        )
        for t in data.SHIP_TYPES
    ]
    return numbers + types
