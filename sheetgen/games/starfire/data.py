"""Starfire Quick Start tables, as data.

Every number here is from ``seeds/001_b9f623f3fd936927.txt`` (the Solar
Starfire Quick Start rules) or from ``RULINGS.md`` where the text is garbled;
each table names the part of the text it encodes. Nothing here is computed:
the rules in :mod:`sheetgen.games.starfire.play`, ``rules`` and ``stats`` read these tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

__all__ = [
    "BLANK_MUNITION_BOXES",
    "DAMAGE_SKIPS",
    "DICE",
    "HULLS",
    "MUNITION_WEAPONS",
    "POINT_DEFENSE",
    "RANGES",
    "RESTRICTED_ARC",
    "SYSTEMS",
    "TURN_PHASES",
    "WEAPONS",
    "Hull",
    "HullKind",
    "InterceptOption",
    "RoomPattern",
    "SystemType",
    "WeaponRow",
]


#: The dice the rules roll, ``(count, sides)``: ten-sided dice only, one a roll (Solar
#: Starfire Quick Start: the components, Initiative, the To-Hit roll, Point Defense).
DICE: tuple[tuple[int, int], ...] = ((1, 10),)
#: A tactical turn's phases in order (Solar Starfire Quick Start: initiative, the Movement
#: Phase, then the Combat Phase after all movement).
TURN_PHASES: tuple[str, ...] = ("Initiative", "Movement", "Combat")


class HullKind(StrEnum):
    """What a hull is for: warships, freighters (FT1, FT2) and bases (BS1, BS2)."""

    WARSHIP = "warship"
    FREIGHTER = "freighter"
    BASE = "base"


class RoomPattern(StrEnum):
    """How a hull's engine rooms are built (RULINGS SF-5).

    ``SINGLE``: every room ``(I)``; ``DOUBLE``: every room ``(II)``;
    ``ALTERNATING``: ``(I)`` and ``(II)`` alternate, the right-most is ``(II)``;
    ``NONE``: bases mount no engines.
    """

    SINGLE = "single"
    DOUBLE = "double"
    ALTERNATING = "alternating"
    NONE = "none"


@dataclass(frozen=True)
class Hull:
    """One row of the Hull Chart plus the per-hull rules that go with it.

    ``hull_spaces`` (HS), ``turn_mode`` (TM) and ``max_mp`` (Max MP) as the chart
    gives them; ``mp_per_engine`` is the chart's "MPs per Engine" as an exact
    fraction (``2/3`` = 2 MP per 3 engines, RULINGS SF-1), ``None`` for bases;
    ``quarters`` is the crew quarters (Q) the hull requires (SF-2).
    """

    code: str
    name: str
    hull_spaces: int
    turn_mode: int
    max_mp: int
    mp_per_engine: Fraction | None
    quarters: int
    kind: HullKind
    rooms: RoomPattern


# Seed 001, "Hull Chart" (HS, TM, Max MP, MPs per Engine); crew quarters from the
# paragraph after the system ordering rule (SF-2); engine rooms from the
# Inertialess Drives paragraph (SF-5); hull kinds from the warship, freighter
# and base paragraphs (SF-4).
HULLS: dict[str, Hull] = {
    h.code: h
    for h in (
        Hull("ES", "Escort", 12, 2, 6, Fraction(3), 1, HullKind.WARSHIP, RoomPattern.SINGLE),
        Hull("CT", "Corvette", 16, 2, 6, Fraction(2), 1, HullKind.WARSHIP, RoomPattern.SINGLE),
        Hull("DD", "Destroyer", 30, 3, 5, Fraction(1), 2, HullKind.WARSHIP, RoomPattern.SINGLE),
        Hull(
            "CL",
            "Light Cruiser",
            45,
            3,
            4,
            Fraction(2, 3),
            3,
            HullKind.WARSHIP,
            RoomPattern.ALTERNATING,
        ),
        Hull("CA", "Heavy Cruiser", 60, 3, 4, Fraction(1, 2), 4, HullKind.WARSHIP, RoomPattern.DOUBLE),
        Hull("FT1", "Freighter 1", 12, 2, 6, Fraction(3), 1, HullKind.FREIGHTER, RoomPattern.SINGLE),
        Hull("FT2", "Freighter 2", 16, 2, 6, Fraction(2), 1, HullKind.FREIGHTER, RoomPattern.SINGLE),
        Hull("BS1", "Base 1", 30, 0, 0, None, 2, HullKind.BASE, RoomPattern.NONE),
        Hull("BS2", "Base 2", 50, 0, 0, None, 4, HullKind.BASE, RoomPattern.NONE),
    )
}


@dataclass(frozen=True)
class SystemType:
    """One row of the System Chart: the code used in system strings, its name and HS."""

    code: str
    name: str
    hull_spaces: int


# Seed 001, "System Chart".
SYSTEMS: dict[str, SystemType] = {
    s.code: s
    for s in (
        SystemType("A", "Armor", 1),
        SystemType("D", "Point Defense", 2),
        SystemType("E", "Energy Beam", 6),
        SystemType("F", "Force Beam", 5),
        SystemType("G", "Sprint Missile Launcher", 3),
        SystemType("H", "Cargo Hold", 1),
        SystemType("I", "Inertialess Engine", 1),
        SystemType("L", "Laser Beam", 4),
        SystemType("Mg", "Magazine", 1),
        SystemType("Pt", "Plasma Torpedo Launcher", 6),
        SystemType("Q", "Crew Quarters", 1),
        SystemType("R", "Missile Launcher", 4),
        SystemType("S", "Shields", 1),
        SystemType("X", "Science Instruments", 1),
        SystemType("Y", "Combat Sensors", 1),
        SystemType("Z", "Datalink", 0),
    )
}

#: Systems a freighter may mount (SF-4).
FREIGHTER_SYSTEMS = frozenset({"I", "Q", "H"})

#: Weapons mounted with a restricted arc, per hull (SF-6): F and L on ES; E on ES and CT.
RESTRICTED_ARC: dict[str, frozenset[str]] = {
    "ES": frozenset({"F", "L", "E"}),
    "CT": frozenset({"E"}),
}

#: Weapons that fire munitions (missiles and torpedoes), counted per launcher (SF-9).
MUNITION_WEAPONS = ("R", "G", "Pt")
#: Most munitions a design may state for one launcher type (each is a box on the sheet).
#: The quick-start text lost its numbers (SF-9); a launcher fires once a turn, so 100 is a
#: generous bound and the project's choice.
MAX_MUNITIONS = 100
#: Blank munition boxes the record sheet prints for a launcher whose munitions the design
#: does not state (SF-9): a row a player ticks as rounds are fired, after crossing off those
#: past the scenario's count. Not a count of the text's, which lost them; 20 is the project's
#: choice, one row on the sheet.
BLANK_MUNITION_BOXES = 20
#: Longest system string read, in characters. The largest hull (BS2, 50 HS) needs about 60;
#: 1,000 leaves room for over-full designs, which are printed with their SF-7 error, while
#: keeping their damage track a few pages long (project's choice).
MAX_SYSTEMS_TEXT = 1000

#: The weapon chart's ranges, in hexes (SF-8).
RANGES = range(21)

#: Without combat sensors (Y) a unit targets only out to this range, in hexes (SF-8).
UNSENSED_TARGETING_LIMIT = 10


@dataclass(frozen=True)
class WeaponRow:
    """One weapon of the Weapon Chart: to-hit and damage per range 0..20 hexes.

    ``None`` is the chart's dash: out of range. Rate of fire is 1 for all (SF-8).
    """

    code: str
    name: str
    to_hit: tuple[int | None, ...]
    damage: tuple[int | None, ...]
    rate_of_fire: int = 1


def _cells(text: str) -> tuple[int | None, ...]:
    cells = tuple(None if c == "-" else int(c) for c in text.split())
    if len(cells) != len(RANGES):  # pragma: no cover - guards the table below
        raise ValueError(f"weapon chart row has {len(cells)} cells, not {len(RANGES)}")
    return cells


# Seed 001, "Weapon Chart", read cell by cell as RULINGS SF-8 gives it (range 0..20).
WEAPONS: dict[str, WeaponRow] = {
    w.code: w
    for w in (
        WeaponRow(
            "R",
            "Standard Missiles",
            _cells("6 6 6 6 6 6 6 6 6 6 6 6 5 5 4 4 3 3 - - -"),
            _cells("1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 - - -"),
        ),
        WeaponRow(
            "G",
            "Sprint Missiles",
            _cells("7 6 5 4 3 2 - - - - - - - - - - - - - - -"),
            _cells("2 2 2 2 2 2 - - - - - - - - - - - - - - -"),
        ),
        WeaponRow(
            "Pt",
            "Plasma Torpedoes",
            _cells("3 3 3 3 4 4 4 5 5 5 4 3 3 3 2 2 1 1 1 - -"),
            _cells("2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1 - -"),
        ),
        WeaponRow(
            "F",
            "Force Beams",
            _cells("8 8 8 7 7 7 7 6 - - - - - - - - - - - - -"),
            _cells("3 2 2 2 1 1 1 1 - - - - - - - - - - - - -"),
        ),
        WeaponRow(
            "L",
            "Laser Beams",
            _cells("8 8 8 7 7 7 7 - - - - - - - - - - - - - -"),
            _cells("2 2 2 1 1 1 1 - - - - - - - - - - - - - -"),
        ),
        WeaponRow(
            "E",
            "Energy Beams",
            _cells("7 7 7 6 6 6 6 - - - - - - - - - - - - - -"),
            _cells("3 3 2 2 2 1 1 - - - - - - - - - - - - - -"),
        ),
    )
}

# Seed 001, to-hit modifiers named in the movement, transit and base paragraphs (SF-8).
ENGINE_MODULATION_TO_HIT = -1  # firing at a ship using engine modulation
TRANSIT_FIRING_TO_HIT = -3  # a ship firing on the turn it transits a warp point
TRANSITED_TARGET_TO_HIT = -2  # firing at a ship that transited this turn
PLASMA_V_BASE_TO_HIT = +1  # plasma torpedoes fired at a base
TRANSIT_INTERCEPT = -1  # point defense of a ship that transited this turn

# Seed 001, base extended range for R, G and Pt with combat sensors (SF-8).
BASE_RANGE_REDUCTION = 5  # hexes subtracted from the true range
BASE_RANGE_FLOOR = 12  # never reduced below this many hexes
BASE_EXTENDED_WEAPONS = ("R", "G", "Pt")


@dataclass(frozen=True)
class InterceptOption:
    """One row of the Point Defense table: what one D may try per attack (roll d10 <= ``intercept_on``)."""

    option: int
    target: str
    weapon: str
    up_to: int
    intercept_on: int


# Seed 001, Point Defense table (Option, Target, Number Intercepted, Intercept On).
POINT_DEFENSE: tuple[InterceptOption, ...] = (
    InterceptOption(1, "Missile", "R", 1, 5),
    InterceptOption(2, "Missiles", "R", 3, 3),
    InterceptOption(3, "Plasma Torpedo", "Pt", 1, 4),
    InterceptOption(4, "Plasma Torpedoes", "Pt", 3, 2),
    InterceptOption(5, "Sprint Missile", "G", 1, 3),
    InterceptOption(6, "Sprint Missiles", "G", 3, 1),
)

#: Rounds without non-laser damage after which one lost shield comes back online (seed 001, shields).
SHIELD_RECOVERY_ROUNDS = 3

#: Systems each weapon's damage passes over (Solar Starfire Quick Start, combat: some weapons
#: skip systems, lasers and energy beams; RULINGS SF-12): a laser skips shields, an energy
#: beam armor; every other weapon follows the standard order.
DAMAGE_SKIPS: dict[str, frozenset[str]] = {"L": frozenset({"S"}), "E": frozenset({"A"})}
