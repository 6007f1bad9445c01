"""Space Cruisers rules of play: size classes and to-hit numbers (SC-7).

Pure functions of the tables in :mod:`sheetgen.games.spacecruisers.data`.
:func:`hits_on` raises ``ValueError`` only for a weapon the tables lack. Exact
chances (dice enumeration) are in :mod:`sheetgen.games.spacecruisers.odds`,
kept apart so ``sheetgen validate`` never imports the dice library.
"""

from __future__ import annotations

from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.data import SYSTEMS

__all__ = [
    "SHIPS_PER_HEX",
    "hits_on",
    "size_class",
    "stack_allowed",
    "weapon",
]

#: Ships one hex may hold (seed 004, Move Phase). Every figure is a ship, fighters
#: fielded as figures included: the text makes no exception.
SHIPS_PER_HEX = 1


# --- size class (SC-2) ---------------------------------------------------------


def size_class(additional: int) -> data.SizeClass:
    """The advanced rules' size class for a number of additional systems (SC-2).

    >>> size_class(3).name, size_class(4).name, size_class(6).name, size_class(12).name
    ('small', 'medium', 'medium', 'large')
    """
    for c in data.SIZE_CLASSES:
        if additional >= c.low and (c.high is None or additional <= c.high):
            return c
    return data.SIZE_CLASSES[0]


# --- movement (seed 004, Move Phase) ------------------------------------------------


def stack_allowed(ships_in_hex: int) -> bool:
    """Whether ``ships_in_hex`` ships may stand in one hex: only one ship per hex
    (Space Cruisers, Move Phase), so a ship may neither start in nor move into a hex
    another ship holds.

    >>> stack_allowed(1), stack_allowed(2)
    (True, False)
    """
    return ships_in_hex <= SHIPS_PER_HEX


# --- combat (SC-7) ------------------------------------------------------------------


def weapon(system: str) -> data.Weapon:
    """How ``system`` attacks (range, dice, to-hit, arc); raises ``ValueError``
    naming the weapons when ``system`` is not one."""
    s = SYSTEMS.get(system)
    if s is None or s.weapon is None:
        weapons = ", ".join(n for n, x in SYSTEMS.items() if x.weapon is not None)
        raise ValueError(f"{system!r} is not a weapon; weapons are {weapons}")
    return s.weapon


def hits_on(
    system: str, *, scanners: int = 0, cloaked: bool = False, targeting_hit: bool = False
) -> int | None:
    """The d10 roll (at or above) ``system`` needs to hit (SC-7): the weapon's
    number, -1 per scanner used on the attack, +3 against a cloaked ship, +1
    after a targeting-computer critical. ``None`` for weapons that roll no
    to-hit (security team, ion shockwave). Raises ``ValueError`` for a
    system that is not a weapon.

    >>> hits_on("phasers"), hits_on("phasers", scanners=1), hits_on("phasers", cloaked=True)
    (5, 4, 8)
    """
    w = weapon(system)
    if w.hits_on is None:
        return None
    return (
        w.hits_on
        - scanners * data.SCANNER_TO_HIT
        - (data.CLOAKED_TO_HIT if cloaked else 0)
        - (data.CRITICALS_BY_ID["targeting"].to_hit if targeting_hit else 0)
    )
