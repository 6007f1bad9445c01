"""Kill Radius tables and constants, as data.

Every number here is from ``seeds/000_608a47ddada5aaa7.txt`` (Kill Radius:
Quick & Dirty Starship Combat) or from ``RULINGS.md`` (KR-1 .. KR-6); each
table names the part of the text it encodes. Nothing here is computed: the
rules in :mod:`sheetgen.games.killradius.play`, ``rules`` and ``stats`` read these tables.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CARRIER_DEPLOY_RANGE",
    "CARRIER_ROLL_DIVISOR",
    "DIE_SIDES",
    "ESCORT_DEFENCE_BONUS",
    "FIGHTER_MOVE",
    "FIGHTER_REARM_TURNS",
    "FIGHTER_SEGMENTS",
    "MAX_NUMBER",
    "MIN_NUMBER",
    "MOVEMENT_POINTS",
    "MP_PER_FACING_CHANGE",
    "PATROL_NUMBER",
    "PHASES",
    "REAR_ATTACK_BONUS",
    "REDUCED_MP_LOSS",
    "SHIP_TYPES",
    "STACKING_LIMIT",
    "TURN_SEQUENCE",
    "MpBand",
    "ShipType",
]

#: The die every roll uses: a d10 (seed 000, Terms).
DIE_SIDES = 10

#: A ship's Number runs from 1 to 10 (seed 000, Terms; RULINGS KR-1).
MIN_NUMBER = 1
MAX_NUMBER = 10

#: Combat phases per turn, one per Number, highest first (seed 000, Playing the Game).
PHASES = 10


@dataclass(frozen=True)
class MpBand:
    """One row of the Movement Points table: Numbers ``low``..``high`` move ``mp``."""

    low: int
    high: int
    mp: int


# Seed 000, Terms, "Movement Points" table (RULINGS KR-2).
MOVEMENT_POINTS: tuple[MpBand, ...] = (
    MpBand(1, 2, 8),
    MpBand(3, 4, 6),
    MpBand(5, 6, 4),
    MpBand(7, 8, 3),
    MpBand(9, 10, 2),
)

#: One facing change per this many MP (seed 000, Movement step 2; RULINGS KR-2).
MP_PER_FACING_CHANGE = 2

#: MP lost at or below the half threshold (seed 000, Damage; RULINGS KR-3).
REDUCED_MP_LOSS = 1


@dataclass(frozen=True)
class ShipType:
    """A ship type named in the text's list, under the Number it is listed with;
    ``carrier`` for the types the list marks with ``*`` (RULINGS KR-1)."""

    name: str
    number: int
    carrier: bool = False


# Seed 000, "Numbers & Ship Types" (RULINGS KR-1); carriers are the starred types.
SHIP_TYPES: tuple[ShipType, ...] = (
    ShipType("star bomber", 1),
    ShipType("scout", 1),
    ShipType("courier", 1),
    ShipType("armored pursuit ship", 2),
    ShipType("gunship", 2),
    ShipType("monitor", 2),
    ShipType("corvette", 3),
    ShipType("destroyer", 3),
    ShipType("frigate", 3),
    ShipType("destroyer leader", 4),
    ShipType("heavy destroyer", 4),
    ShipType("light cruiser", 5),
    ShipType("escort cruiser", 5),
    ShipType("cruiser", 6),
    ShipType("heavy cruiser", 6),
    ShipType("escort carrier", 6, carrier=True),
    ShipType("battlecruiser", 7),
    ShipType("light carrier", 7, carrier=True),
    ShipType("pocket battleship", 7),
    ShipType("dreadnought", 8),
    ShipType("battleship", 8),
    ShipType("heavy carrier", 8, carrier=True),
    ShipType("attack carrier", 9, carrier=True),
    ShipType("galactic dreadnought", 9),
    ShipType("heavy battleship", 9),
    ShipType("super dimensional fortress", 10, carrier=True),
    ShipType("super galactic dreadnought", 10),
)

#: Two or more ships stacked in one hex may total at most this Number; a lone ship
#: of any Number is not a stack. Fighters do not count (seed 000, Movement step 2
#: and Fighters).
STACKING_LIMIT = 7

#: Added to the attack roll when firing into a target's rear, except at fighters
#: (seed 000, Attacking step 1).
REAR_ATTACK_BONUS = 1

#: Added to a ship's defence roll against ships per escorting fighter (seed 000, Escort).
ESCORT_DEFENCE_BONUS = 1

#: Patrolling fighters defend with this Number (seed 000, Patrol).
PATROL_NUMBER = 0

#: Carriers roll with their current Number divided by this, rounded up (seed 000,
#: Carriers; RULINGS KR-5).
CARRIER_ROLL_DIVISOR = 3

#: Fighters deploy at most this many hexes from their carrier (seed 000, Carriers).
CARRIER_DEPLOY_RANGE = 2

#: Hexes a deployed fighter moves in a fighters segment (seed 000, Fighters).
FIGHTER_MOVE = 12

#: Fighter segments flown before a fighter must be recovered (seed 000, Fighters).
FIGHTER_SEGMENTS = 2

#: Turns a recovered fighter stays aboard before it may deploy again (seed 000, Fighters).
FIGHTER_REARM_TURNS = 1

#: The parts of a turn in order (seed 000, Playing the Game), as
#: ``(name, what happens)`` in the project's own words.
TURN_SEQUENCE: tuple[tuple[str, str], ...] = (
    (
        "Combat phases 10 to 1",
        "one phase per Number, highest first; roll for who starts; sides alternate moving "
        "and attacking with their ships of that Number",
    ),
    (
        "Damage",
        "after the last phase each ship's Number drops by the damage it took this turn",
    ),
    (
        "Recovery period",
        "each damaged ship at or above half its starting Number rolls d10: at most its "
        "starting Number regains 1",
    ),
    (
        "Fighters segment",
        "players alternate moving deployed fighters up to 12 hexes; dogfights, then assaults",
    ),
)
