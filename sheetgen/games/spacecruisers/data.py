"""Space Cruisers tables, as data.

Every number here is from ``seeds/004_072c088ea38743b6.txt`` (Space Cruisers,
custom version) or from ``RULINGS.md`` (SC-1 .. SC-7) where the text is
silent; each table names the part of the text it encodes. Nothing here is
computed: :mod:`sheetgen.games.spacecruisers.play`, ``rules`` and ``stats`` read these tables.
Summaries are the project's own words, never the text's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

__all__ = [
    "CHOOSE",
    "CRITICALS",
    "D20",
    "DICE",
    "HULLS",
    "NON_MILITARY_EXAMPLES",
    "SIZE_CLASSES",
    "SYSTEMS",
    "TURN_PHASES",
    "Arc",
    "Critical",
    "D20Row",
    "Hull",
    "SizeClass",
    "SystemType",
    "Weapon",
    "normalise",
]


class Arc(StrEnum):
    """Where a weapon may fire (seed 004, system notes; stations: RULINGS SC-1)."""

    FRONT = "front 120°"
    STRAIGHT = "straight ahead"
    ALL = "360°"
    ADJACENT = "adjacent"


@dataclass(frozen=True)
class Weapon:
    """How one weapon attacks (seed 004, system notes).

    ``range`` in hexes; ``dice`` d6 of damage per hit (0: no damage roll);
    ``hits_on`` the d10 roll needed, at or above (RULINGS SC-7; ``None``: no
    to-hit roll); ``shots`` attacks per turn; ``critical_rolls`` rolls on the
    critical damage table per hit on a ship below zero hull points.
    """

    range: int
    dice: int
    hits_on: int | None
    arc: Arc
    shots: int = 1
    critical_rolls: int = 1


@dataclass(frozen=True)
class SystemType:
    """One system a ship may carry beyond its hull (seed 004, systems table and notes).

    ``name`` is how designs and output write it; ``short`` the label of its box
    on the record sheet; ``aliases`` other spellings accepted in designs (the
    sample ships write ``Torps``, ``Security``, ``Cloak``); ``once`` marks a
    system a ship carries at most once (RULINGS SC-3); ``on_table`` whether the
    d20 systems table can roll it (missiles only appear in the notes).
    """

    name: str
    short: str
    note: str
    aliases: tuple[str, ...] = ()
    weapon: Weapon | None = None
    once: bool = False
    on_table: bool = True


def normalise(name: str) -> str:
    """The lookup form of a system name: lower case, words split on anything but
    letters and digits, a plural ``s``/``es`` dropped from each word.

    >>> normalise("Photon_Torpedoes"), normalise("  chain-guns "), normalise("Armour")
    ('photon torpedo', 'chain gun', 'armour')
    """
    words = re.split(r"[^0-9a-z]+", name.lower())
    out = []
    for w in words:
        if not w:
            continue
        if w.endswith("oes"):
            w = w[:-2]
        elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
            w = w[:-1]
        out.append(w)
    return " ".join(out)


# Seed 004, "SYSTEM NOTES" (and the systems table for the names). Criticals per
# hit from the attack phase: phasers 1, torpedoes and missiles 2; chain guns
# are not named there and roll 1 like the other 1d6 weapon (project choice).
SYSTEMS: dict[str, SystemType] = {
    s.name: s
    for s in (
        SystemType(
            "phasers",
            "Phaser",
            "the standard gun; every military hull has one",
            ("phaser",),
            Weapon(range=6, dice=1, hits_on=5, arc=Arc.FRONT, critical_rolls=1),
        ),
        SystemType(
            "photon torpedoes",
            "Torp",
            "fires only along the hex row straight ahead",
            ("torps", "torpedoes", "photon torps", "photons"),
            Weapon(range=4, dice=2, hits_on=7, arc=Arc.STRAIGHT, critical_rolls=2),
        ),
        SystemType(
            "drives",
            "Drive",
            "per drive: one hex ahead or one 60° turn a turn; +1 initiative",
            ("drive",),
        ),
        SystemType(
            "shields",
            "Shield",
            "stops a hit of 4 damage or less; 5 or more is stopped but the shield blows",
            ("shield",),
        ),
        SystemType("armor", "Armor", "+10 hull points each", ("armour",)),
        SystemType("scanners", "Scan", "+1 to hit for one attack a turn each", ("scanner",)),
        SystemType(
            "security team",
            "Sec",
            "attacks an adjacent uncloaked ship without shields: d6 1-2 team lost, 5-6 target destroyed",
            ("security", "security teams"),
            Weapon(range=1, dice=0, hits_on=None, arc=Arc.ADJACENT, critical_rolls=0),
        ),
        SystemType(
            "cloaking device",
            "Cloak",
            "cloak for a turn: cannot attack, −3 to be hit; one per ship",
            ("cloak", "cloaking"),
            once=True,
        ),
        SystemType(
            "elite crew",
            "Elite",
            "+1 initiative; evades one hit a turn on d6 1-3",
            ("elite",),
        ),
        SystemType(
            "chain guns",
            "Chain",
            "two shots a turn, each rolled to hit and for damage",
            ("chain gun", "chaingun", "chainguns"),
            Weapon(range=1, dice=1, hits_on=7, arc=Arc.FRONT, shots=2, critical_rolls=1),
        ),
        SystemType(
            "ion shockwave",
            "Ion",
            "every ship within 1 hex: d6 of 6 disables it this turn and next (no moving or firing)",
            ("ion shock wave", "shockwave", "ion"),
            Weapon(range=1, dice=0, hits_on=None, arc=Arc.ALL, critical_rolls=0),
        ),
        SystemType(
            "targeting computer",
            "TC",
            "+1 damage for every weapon; one per ship",
            ("targeting computers", "target computer", "target computers"),
            once=True,
        ),
        SystemType(
            "jump plasma turbine",
            "Jump",
            "once: move 5 hexes; d6 of 6 = a critical hit on itself",
            ("jump turbine", "plasma turbine", "jump plasma turbines"),
        ),
        SystemType(
            "missiles",
            "Missile",
            "fires in any direction; not on the d20 table",
            ("missile",),
            Weapon(range=3, dice=2, hits_on=7, arc=Arc.ALL, critical_rolls=2),
            on_table=False,
        ),
        SystemType(
            "cargo bay",
            "Cargo",
            "carries up to 5 fighters",
            ("cargo bays", "bay"),
        ),
    )
}

#: Lookup of every accepted spelling (normalised) to the system's name.
SYSTEM_NAMES: dict[str, str] = {
    normalise(alias): s.name for s in SYSTEMS.values() for alias in (s.name, *s.aliases)
}

#: The d20 result that lets the player choose (seed 004, systems table, row 20).
CHOOSE = "choose"


@dataclass(frozen=True)
class D20Row:
    """One row of the d20 systems table: rolls ``low``..``high`` give ``system``;
    ``with_fighters`` is what the row gives instead when playing with fighters."""

    low: int
    high: int
    system: str
    with_fighters: str | None = None


# Seed 004, "SYSTEMS TABLE" (1D20).
D20: tuple[D20Row, ...] = (
    D20Row(1, 1, "phasers", "cargo bay"),
    D20Row(2, 2, "phasers"),
    D20Row(3, 3, "photon torpedoes"),
    D20Row(4, 6, "drives"),
    D20Row(7, 9, "shields"),
    D20Row(10, 11, "armor"),
    D20Row(12, 12, "scanners"),
    D20Row(13, 13, "security team"),
    D20Row(14, 14, "cloaking device"),
    D20Row(15, 15, "elite crew"),
    D20Row(16, 16, "chain guns"),
    D20Row(17, 17, "ion shockwave"),
    D20Row(18, 18, "targeting computer"),
    D20Row(19, 19, "jump plasma turbine"),
    D20Row(20, 20, CHOOSE),
)

#: Sides of the systems table's die.
D20_SIDES = 20


@dataclass(frozen=True)
class Hull:
    """A hull (RULINGS SC-1): what it comes with before any additional system.

    ``built_in`` are systems from the systems table it carries (name, count);
    ``non_military`` how many non-military systems (cargo bays, labs...) it
    comes with, named by the design (SC-6); ``max_additional`` the most
    additional systems it may take (``None``: no limit); ``drives_allowed``
    false for stations; ``all_arcs`` when every weapon fires 360°;
    ``critical_destroys`` when any critical roll destroys it (fighters).
    """

    id: str
    name: str
    noun: str
    hull_points: int
    built_in: tuple[tuple[str, int], ...]
    non_military: int = 0
    max_additional: int | None = None
    drives_allowed: bool = True
    all_arcs: bool = False
    critical_destroys: bool = False
    construction_points: int = 2


# Seed 004, "BASIC MILITARY HULL", "BASIC COMMERCIAL HULL", "SPACE STATION
# HULLS", "FIGHTER HULLS" (RULINGS SC-1).
HULLS: dict[str, Hull] = {
    h.id: h
    for h in (
        Hull("military", "Military hull", "cruiser", 10, (("phasers", 1), ("drives", 3), ("shields", 1))),
        Hull("commercial", "Commercial hull", "freighter", 10, (("drives", 2),), non_military=3),
        Hull(
            "station",
            "Space station",
            "station",
            20,
            (),
            non_military=4,
            drives_allowed=False,
            all_arcs=True,
        ),
        Hull(
            "fighter",
            "Fighter",
            "fighter",
            1,
            (("drives", 5), ("phasers", 1), ("elite crew", 1)),
            max_additional=3,
            critical_destroys=True,
        ),
    )
}

#: Additional systems of a basic-rules ship (seed 004, "ADDITIONAL SYSTEMS"; SC-2).
BASIC_ADDITIONAL = 5
#: Construction points of each additional system (seed 004, advanced shipbuilding; SC-1).
SYSTEM_CONSTRUCTION_POINTS = 1


@dataclass(frozen=True)
class SizeClass:
    """A size class of the advanced rules: ``low``..``high`` additional systems
    (``high`` ``None``: no upper limit) and the ship types the text puts in it."""

    name: str
    low: int
    high: int | None
    examples: tuple[str, ...] = field(default=())


# Seed 004, "ADVANCED RULES SHIPBUILDING" (RULINGS SC-2).
SIZE_CLASSES: tuple[SizeClass, ...] = (
    SizeClass("small", 0, 3, ("corvette", "escort", "gunship", "raider")),
    SizeClass("medium", 4, 6, ("destroyer", "frigate", "cruiser")),
    SizeClass("large", 7, None, ("battleship", "capital ship", "dreadnought", "carrier")),
)

#: Examples of non-military systems (seed 004, "BASIC COMMERCIAL HULL"); others may be named.
NON_MILITARY_EXAMPLES: tuple[str, ...] = (
    "cargo bay",
    "science lab",
    "mining equipment",
    "passenger accommodations",
)

# Seed 004, system notes and attack phase (RULINGS SC-4, SC-7).
ARMOR_HULL_POINTS = 10  # hull points per armor
SHIELD_HOLDS = 4  # a hit of this much damage or less is stopped; more blows a shield
SCANNER_TO_HIT = 1  # per scanner, on one attack a turn
CLOAKED_TO_HIT = -3  # attacking a cloaked ship
TARGETING_COMPUTER_DAMAGE = 1  # per weapon hit
FIGHTERS_PER_CARGO_BAY = 5
TO_HIT_DIE = 10  # to-hit and initiative are d10
EVADE_DIE = 6
EVADE_ON = 3  # d6 of 1..3 evades
SECURITY_TEAM_LOST = (1, 2)  # d6 results: the team is destroyed
SECURITY_TARGET_DESTROYED = (5, 6)  # d6 results: the target ship is destroyed
ION_DISABLES_ON = 6  # d6 per ship within 1 hex
JUMP_HEXES = 5
JUMP_SELF_CRITICAL_ON = 6
MALFUNCTION_FAILS_ON = 6


@dataclass(frozen=True)
class Critical:
    """One row of the critical damage table (d10).

    ``twice`` is what a second hit of the same result does (warp core, life
    support, super structure; RULINGS SC-5), ``reroll_when_none`` names what
    must be left for the result to count (weapons, drives), ``to_hit``,
    ``damage`` and ``range`` the lasting modifiers to every weapon.
    """

    roll: int
    id: str
    name: str
    effect: str
    short: str
    twice: str | None = None
    reroll_when_none: str | None = None
    to_hit: int = 0
    damage: int = 0
    range: int = 0


# Seed 004, "CRITICAL DAMAGE TABLE" (1D10).
CRITICALS: tuple[Critical, ...] = (
    Critical(1, "weapon", "Weapon destroyed", "one weapon system is lost", "WPN", reroll_when_none="weapons"),
    Critical(2, "drive", "Drive destroyed", "one drive is lost", "DRV", reroll_when_none="drives"),
    Critical(3, "warp-core", "Warp core", "second hit: the ship explodes", "WC", twice="explodes"),
    Critical(4, "life-support", "Life support", "second hit: the whole crew dies", "LS", twice="crew killed"),
    Critical(
        5, "super-structure", "Super structure", "second hit: the ship breaks up", "SS", twice="breaks apart"
    ),
    Critical(6, "targeting", "Targeting computer", "all weapons −1 to hit", "TGT", to_hit=-1),
    Critical(7, "thrusters", "Maneuvering thrusters", "each turn either turn or fly straight", "THR"),
    Critical(
        8,
        "internal",
        "Weapons internal damage",
        "all weapons −1 damage and −1 range",
        "INT",
        damage=-1,
        range=-1,
    ),
    Critical(9, "malfunction", "Malfunctions", "d6 before each move or shot: 6 fails", "MAL"),
    Critical(10, "restroom", "Laugh it off", "no effect", "—"),
)

#: Critical results by id (``"warp-core"``, ``"internal"``...).
CRITICALS_BY_ID: dict[str, Critical] = {c.id: c for c in CRITICALS}

#: Sides of the critical damage table's die.
CRITICAL_DIE = 10

#: The turn's phases in order (seed 004, "TURN SEQUENCE").
TURN_PHASES: tuple[str, ...] = ("cloak", "initiative", "move", "attack")

#: The dice the rules roll, ``(count, sides)``: 10-, 20- and 6-sided (Space Cruisers,
#: Equipment): 1D10 to hit, for initiative and criticals, 1D20 on the systems table, 1D6 to
#: evade and phaser damage, 2D6 torpedo and missile damage.
DICE: tuple[tuple[int, int], ...] = ((1, TO_HIT_DIE), (1, D20_SIDES), (1, EVADE_DIE), (2, EVADE_DIE))
