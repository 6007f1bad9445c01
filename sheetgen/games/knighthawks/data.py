"""Knight Hawks 2000 tables, as data.

Every number here is from ``seeds/002_8960282e34192c00.txt`` (the Knight Hawks
2000 space combat chapter of Star Frontiers 2000) or from ``RULINGS.md``
(KH-1 .. KH-7) where the text is silent; each table names the part of the text
it encodes. Nothing here is computed: :mod:`sheetgen.games.knighthawks.play`,
``rules`` and ``stats`` read these tables. Effects are summarised in the project's own words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

__all__ = [
    "CREW_ROLES",
    "CRITICAL_RESULTS",
    "DEFENCES",
    "DETECTION_BANDS",
    "DETECTION_MODIFIERS",
    "DICE",
    "HEX_METRES",
    "MANEUVERS",
    "ROLES",
    "STARSHIP_RESULTS",
    "TEXT_ROLLS",
    "TEXT_ROLL_WORDS",
    "TO_HIT_MODIFIERS",
    "TURN_PHASES",
    "WEAPONS",
    "Defence",
    "DetectionBand",
    "Maneuver",
    "Modifier",
    "Result",
    "Weapon",
    "WeaponKind",
]

# --- Scale (seed 002, "SCALE") -------------------------------------------------

#: One hex is this many metres across (and wide, and high).
HEX_METRES = 60
#: One turn is this many seconds.
TURN_SECONDS = 6
#: Changing facing by one hexside turns the ship this many degrees.
FACING_DEGREES = 60

#: The dice the rules roll, ``(count, sides)``: 1D10 and 2D10 on the damage tables, and the
#: percentile roll of every skill check and to-hit roll (Knight Hawks 2000: Hit Determination,
#: critical hits on 01-05; Damage Resolution).
DICE: tuple[tuple[int, int], ...] = ((1, 10), (2, 10), (1, 100))
#: The game turn's steps in order (Knight Hawks 2000: The Game Turn: Detection, Initiative,
#: Movement, Firing).
TURN_PHASES: tuple[str, ...] = ("Detection", "Initiative", "Movement", "Firing")

# --- Roles (seed 002, "BOARDING PARTY TACTICS"; RULINGS KH-2) ---------------------

#: Ship roles; the last is the civilian one whose crew rallies in twice the turns.
ROLES = ("military", "paramilitary", "criminal", "civilian")
#: Roles whose crew rally in HS turns; civilian crews take 2 x HS.
RALLY_MULTIPLIER = {"military": 1, "paramilitary": 1, "criminal": 1, "civilian": 2}

#: Crew stations a record sheet names (seed 002, "THE GAME TURN": crew skills; INITIATIVE).
CREW_ROLES = ("captain", "pilot", "gunners", "engineer", "sensor_operator")


# --- Weapons (seed 002, "WEAPONS"; RULINGS KH-4, KH-7) -------------------------------


class WeaponKind(StrEnum):
    """What a weapon is, which decides the defences that work against it (KH-4).

    Beams (lasers and particle beams) are slowed by ABM clouds and magnetic
    shielding; missiles by ICM salvos and magnetic shielding; drones by ICM
    salvos. The text names no defence against mass drivers or mines.
    """

    LASER = "laser"
    PARTICLE = "particle beam"
    MASS_DRIVER = "mass driver"
    MISSILE = "missile"
    DRONE = "drone"
    GRAPPLE = "grapple"
    MINE = "mine"


#: Kinds counted as beams (ABM clouds and magnetic shielding apply).
BEAMS = frozenset({WeaponKind.LASER, WeaponKind.PARTICLE})
#: Kinds counted as missiles (ICM salvos and magnetic shielding apply).
MISSILES = frozenset({WeaponKind.MISSILE})
#: Kinds an ICM salvo defends against: missiles, drones (fighters and bombers too).
ICM_TARGETS = frozenset({WeaponKind.MISSILE, WeaponKind.DRONE})
#: Kinds that fire directly and may be linked into one attack.
GUNS = frozenset({WeaponKind.LASER, WeaponKind.PARTICLE, WeaponKind.MASS_DRIVER})


@dataclass(frozen=True)
class Weapon:
    """One weapon of the text's list.

    ``range_km`` is the range as the text gives it (``None`` for guided vehicles,
    which move by their ADF instead); ``stated_hexes`` the hex count the text
    prints beside it (the record sheet prints the hexes computed at 60 m a hex).
    ``rate_of_fire`` is attacks per turn (``None``: the text gives none);
    ``launch_all`` marks ordnance of which a ship may launch all it carries in
    one turn. ``max_damage`` is the maximum structural damage of one hit (per
    pulse, salvo or mine, see ``per``) and ``dice`` the number of d10 the text
    gives with it. ``any_arc`` is true for turreted mounts. ``ordnance`` names
    what a design counts for it (``None``: no ordnance). ``adf`` and
    ``endurance`` are a guided vehicle's ADF/MR and turns of fuel.
    ``based_on`` names the weapon whose figures a mount takes (MLB: MLC).
    ``payload`` is the kind of what strikes the target when the weapon is a carrier that
    releases it (a multi-missile drone's torpedoes and seekers are missiles): the defences
    that cut damage read it (RULINGS KH-9); ``None`` when it is the weapon's own ``kind``.
    """

    code: str
    name: str
    kind: WeaponKind
    range_km: int | None
    stated_hexes: int | None
    rate_of_fire: int | None
    max_damage: int | None
    dice: int | None
    any_arc: bool = False
    ordnance: str | None = None
    launch_all: bool = False
    per: str = "hit"
    adf: int | None = None
    endurance: int | None = None
    based_on: str | None = None
    note: str = ""
    payload: WeaponKind | None = None

    @property
    def damage_kind(self) -> WeaponKind:
        """The kind whose defences cut this weapon's damage: ``payload``, else ``kind``."""
        return self.payload or self.kind


_BEAM_KM = 1_800_000
_BEAM_HEXES = 30_000_000
_MASS_KM = 360_000
_MASS_HEXES = 6_000_000

# Seed 002, "WEAPONS": every figure as the text lists it (KH-4). Turreted batteries
# take the figures of the cannon they mount (``based_on``).
WEAPONS: dict[str, Weapon] = {
    w.code: w
    for w in (
        Weapon("HLC", "Heavy Laser Cannon", WeaponKind.LASER, _BEAM_KM, _BEAM_HEXES, 1, 4000, 400),
        Weapon("MLC", "Medium Laser Cannon", WeaponKind.LASER, _BEAM_KM, _BEAM_HEXES, 1, 800, 80),
        Weapon(
            "LLC",
            "Light Laser Cannon",
            WeaponKind.LASER,
            _BEAM_KM,
            _BEAM_HEXES,
            5,
            200,
            20,
            per="pulse",
            note="each pulse rolls to hit on its own",
        ),
        Weapon(
            "MLB",
            "Medium Laser Battery",
            WeaponKind.LASER,
            _BEAM_KM,
            _BEAM_HEXES,
            1,
            800,
            80,
            any_arc=True,
            based_on="MLC",
            note="turreted MLC",
        ),
        Weapon(
            "LLB",
            "Light Laser Battery",
            WeaponKind.LASER,
            _BEAM_KM,
            _BEAM_HEXES,
            5,
            200,
            20,
            any_arc=True,
            per="pulse",
            based_on="LLC",
            note="turreted quad mount of LLC; the text gives no figures of its own: LLC's shown",
        ),
        # RULINGS KH-4: the text gives HEC/HPC "3,000 points(30D10)", but every other weapon's
        # maximum is its dice's maximum (MLC 800 with 80D10, HLC 4,000 with 400D10), and a
        # heavy cannon of 300 would hit less hard than the MLC: the dice are read as 300D10.
        Weapon(
            "HEC",
            "Heavy Electron Cannon",
            WeaponKind.PARTICLE,
            _BEAM_KM,
            _BEAM_HEXES,
            1,
            3000,
            300,
            note="the text prints 30D10 beside its 3,000 maximum: read as 300D10, the dice that reach it",
        ),
        Weapon(
            "HPC",
            "Heavy Proton Cannon",
            WeaponKind.PARTICLE,
            _BEAM_KM,
            _BEAM_HEXES,
            1,
            3000,
            300,
            note="the text prints 30D10 beside its 3,000 maximum: read as 300D10, the dice that reach it",
        ),
        Weapon(
            "EC",
            "Electron Cannon",
            WeaponKind.PARTICLE,
            _BEAM_KM,
            _BEAM_HEXES,
            1,
            200,
            20,
        ),
        Weapon(
            "PC",
            "Proton Cannon",
            WeaponKind.PARTICLE,
            _BEAM_KM,
            _BEAM_HEXES,
            1,
            200,
            20,
        ),
        Weapon(
            "EB",
            "Electron Battery",
            WeaponKind.PARTICLE,
            _BEAM_KM,
            _BEAM_HEXES,
            1,
            200,
            20,
            any_arc=True,
            based_on="EC",
            note="turreted EC",
        ),
        Weapon(
            "PB",
            "Proton Battery",
            WeaponKind.PARTICLE,
            _BEAM_KM,
            _BEAM_HEXES,
            1,
            200,
            20,
            any_arc=True,
            based_on="PC",
            note="turreted PC",
        ),
        Weapon("MDC", "Massdriver Cannon", WeaponKind.MASS_DRIVER, _MASS_KM, _MASS_HEXES, 2, 600, 60),
        Weapon(
            "HMDB",
            "Heavy Massdriver Battery",
            WeaponKind.MASS_DRIVER,
            _MASS_KM,
            _MASS_HEXES,
            4,
            400,
            40,
            any_arc=True,
        ),
        Weapon(
            "MDB",
            "Massdriver Battery",
            WeaponKind.MASS_DRIVER,
            _MASS_KM,
            _MASS_HEXES,
            8,
            200,
            20,
            any_arc=True,
        ),
        Weapon(
            "SM",
            "Seeker Missiles",
            WeaponKind.MISSILE,
            None,
            None,
            None,
            460,
            46,
            ordnance="seeker missiles",
            launch_all=True,
            per="missile",
            adf=30,
            endurance=10,
            note="may keep station until a target passes",
        ),
        Weapon(
            "MB",
            "Missile Battery",
            WeaponKind.MISSILE,
            None,
            None,
            4,
            400,
            40,
            ordnance="micromissile salvos",
            per="salvo",
            adf=30,
            endurance=6,
        ),
        Weapon(
            "TT",
            "Torpedoes",
            WeaponKind.MISSILE,
            None,
            None,
            None,
            1000,
            100,
            ordnance="torpedoes",
            launch_all=True,
            per="torpedo",
            adf=30,
            endurance=20,
        ),
        Weapon(
            "MM",
            "Micromissiles",
            WeaponKind.MISSILE,
            None,
            None,
            None,
            400,
            40,
            ordnance="micromissile salvos",
            per="salvo",
            adf=30,
            endurance=6,
            note="carried outside fighters and bombers; counted in salvos of four",
        ),
        Weapon(
            "LP",
            "Laser Pod",
            WeaponKind.LASER,
            225_000,
            375,
            1,
            800,
            80,
            based_on="MLC",
            note="the text prints 375 hexes beside 225,000 km; at 60 m a hex that is 3,750,000",
        ),
        Weapon(
            "DF",
            "Drone Fighters",
            WeaponKind.DRONE,
            None,
            None,
            4,
            400,
            40,
            ordnance="drone fighters",
            per="turn",
            note="damage is per drone per turn, over up to four attacks",
        ),
        Weapon(
            "MMD",
            "Multi-Missile Drones",
            WeaponKind.DRONE,
            None,
            None,
            None,
            6900,
            690,
            ordnance="multi-missile drones",
            per="turn",
            note="230 torpedoes or 460 seekers aboard; maximum if all are released in one turn",
            payload=WeaponKind.MISSILE,  # its damage is torpedoes' or seekers' (RULINGS KH-9)
        ),
        Weapon(
            "grapple",
            "Grapple",
            WeaponKind.GRAPPLE,
            None,
            None,
            1,
            None,
            None,
            note="once per turn; no minimum hull size",
        ),
        Weapon(
            "mines",
            "Mines",
            WeaponKind.MINE,
            None,
            None,
            None,
            1000,
            100,
            ordnance="mines",
            launch_all=True,
            per="mine",
            note="at most 10 a hex; a ship lays up to its whole load in a turn",
        ),
    )
}

#: Other spellings accepted for a weapon code (the text writes mines as ``M``).
WEAPON_ALIASES = {
    "M": "mines",
    "MINE": "mines",
    "MINES": "mines",
    "GRAPPLE": "grapple",
    "GRAPPLES": "grapple",
}

#: Most mines one hex may hold (seed 002, "Mines").
MAX_MINES_PER_HEX = 10

# --- Bounds (what the game and its sheets can use) -----------------------------------------
# A design past one of these is refused as unusable input (a SCHEMA error, exit status 2),
# so nothing downstream (stats, sheets, cards, counters) ever sees
# a count it would have to print box by box. The text sets none of these tops: each bound is
# the project's own, generous choice, and the text's largest figure is cited beside it.

#: Largest hull size. Seed 002 is silent on a top: its DETECTION list ends in an open
#: band ("21+") and the largest ship it names is the HS 25 dreadnaught of RAMMING. The
#: project allows four times that (project's choice).
MAX_HULL_SIZE = 100
#: Most structure points. The text defers SP to another document (RULINGS KH-3); its
#: largest ship has 2,500 (RAMMING example). 1,000,000 is the project's choice (400 times).
MAX_STRUCTURE_POINTS = 1_000_000
#: Highest ADF and MR a ship may have: 30, the project's choice. The text gives ships no top;
#: 30 is the seeker missile's and torpedo's ADF and MR (seed 002, WEAPONS), while the ICM's
#: 120 and the ABM's 60 (DEFENSIVE SYSTEMS) are higher, so 30 is not a figure the text sets
#: for ships; the bundled ships fly at ADF 1 to 5.
MAX_ADF = 30
MAX_MR = 30
#: Most void engines. The text gives no count (EXPLANATION OF DAMAGE RESULTS, Void Engine
#: Destroyed, divides ADF among however many); the bundled ships carry 1 to 4. 20 is the
#: project's choice.
MAX_VOID_ENGINES = 20
#: Most lines under ``weapons:`` and most weapons carried in all (the sum of the counts;
#: each is a box on the damage checklist). Silent in the text; the HS 25 dreadnaught of the
#: bundled designs carries 25 on 7 lines. 40 lines and 100 weapons are the project's choice.
MAX_WEAPON_LINES = 40
MAX_WEAPONS = 100
#: Most linked groups (each fires as one attack and is a line of the weapons table: FIRING).
#: Project's choice.
MAX_LINKED_GROUPS = 20
#: Most ordnance one weapon line carries. The text's largest load is the multi-missile
#: drone's 460 seekers (WEAPONS, Multi-Missile Drones); 1,000 is the project's choice.
MAX_ORDNANCE = 1_000
#: Most ICM or ABM salvos carried (each is a box on the sheet). Silent in the text; the
#: bundled dreadnaught carries 20 of each. 100 is the project's choice.
MAX_SALVOS = 100
#: Most sensors and most system computers listed (each is a box on the checklist). The text
#: gives no count (EXPLANATION OF DAMAGE RESULTS, Sensors, Computer: "roll randomly", "piloting,
#: astrogation, engine, weapons, etc."); the bundled dreadnaught lists 5 and 6. 20 of each is
#: the project's choice.
MAX_SENSORS = 20
MAX_SYSTEM_COMPUTERS = 20
#: Most people aboard (``crew: total``). The text's minimum crew is the hull size
#: (BOARDING); 10,000 is the project's choice (100 for each hull size of the largest hull).
MAX_CREW = 10_000
#: Most named gunners (each a line of the crew table): one for each weapon of the most a
#: design may carry (FIRING: a ship makes as many attacks as it has weapons).
MAX_GUNNERS = MAX_WEAPONS
#: Highest skill level: the project's choice. The highest level the text names is 6
#: (WEAPONS: the drone fighter's and torpedo's programs at Level 6).
MAX_SKILL_LEVEL = 10
#: Most skills listed for one crew member: project's choice.
MAX_SKILLS = 12
#: Highest STR or DEX: 100, the project's choice (the text gives no top; the to-hit base
#: takes half the score as a percent: HIT DETERMINATION, Base To-Hit).
MAX_ABILITY = 100
#: Highest initiative modifier (IM; INITIATIVE): project's choice.
MAX_IM = 20
#: Most entries in a minelaying plan, and most mines one entry may name. The text's limit
#: is 10 mines a hex (WEAPONS, Mines; a rule, checked as KH-4); 100 entries and 1,000 mines
#: (:data:`MAX_ORDNANCE`) are the project's choice.
MAX_MINE_DROPS = 100
#: Highest or lowest grid level a mine may be laid on (Hexgrid +1, +2, -1, -2 ...: MOVEMENT,
#: Keeping Track Of 3D Movement); +-99 is the project's choice, the map's layers decide.
MAX_LEVEL = 99

#: Classic Knight Hawks weapon codes RULINGS KH-7 names: another game's data, named in messages.
CLASSIC_CODES = frozenset({"LB", "RB", "T"})


# --- Defences (seed 002, "DEFENSIVE SYSTEMS") ------------------------------------------


@dataclass(frozen=True)
class Defence:
    """A defensive system: ``to_hit`` is the percent it adds to an attacker's
    chance (negative; per salvo for ICM and ABM), ``damage_cut`` the fraction
    of the damage it takes away (per salvo for ABM; ``None``: damage untouched),
    ``against`` the weapon kinds it works on and ``also_screens`` the craft it
    screens besides them (ICM: fighters and bombers). ``salvo`` missiles per salvo,
    ``adf`` its ADF and MR, ``endurance`` turns, ``min_hull_size`` the smallest
    hull that may mount it."""

    code: str
    name: str
    to_hit: int
    damage_cut: Fraction | None
    against: frozenset[WeaponKind]
    salvo: int | None = None
    adf: int | None = None
    endurance: int | None = None
    min_hull_size: int = 1
    note: str = ""
    also_screens: tuple[str, ...] = ()


DEFENCES: dict[str, Defence] = {
    d.code: d
    for d in (
        Defence(
            "ICM",
            "Interceptor Missiles",
            -25,
            None,
            ICM_TARGETS,
            salvo=4,
            adf=120,
            endurance=1,
            note="point defence against missiles, drones, fighters and bombers",
            also_screens=("fighter", "bomber"),
        ),
        Defence(
            "ABM",
            "Anti-Beam Missiles",
            -25,
            Fraction(1, 4),
            BEAMS,
            salvo=4,
            adf=60,
            endurance=1,
            note="cloud of four hexes in a line, up to 60 hexes (3,600 m) out",
        ),
        Defence(
            "MS",
            "Magnetic Deflection Shielding",
            -50,
            Fraction(1, 2),
            BEAMS | MISSILES,
            min_hull_size=2,
            note="skin-tight field; beams and missiles",
        ),
    )
}

#: Hexes an ABM salvo's cloud covers, in a line (seed 002, ABM).
ABM_CLOUD_HEXES = 4
#: Farthest an ABM cloud may be laid, in hexes (60 hexes = 3,600 m).
ABM_REACH_HEXES = 60


# --- Detection (seed 002, "DETECTION"; RULINGS KH-2) ---------------------------------


@dataclass(frozen=True)
class DetectionBand:
    """Detection modifier (percent) for hull sizes ``low``..``high`` (``None``: no top)."""

    low: int
    high: int | None
    modifier: int


# Seed 002, "DETECTION": the hull size list, exactly.
DETECTION_BANDS: tuple[DetectionBand, ...] = (
    DetectionBand(1, 2, -20),
    DetectionBand(3, 4, -10),
    DetectionBand(5, 8, 0),
    DetectionBand(9, 12, 10),
    DetectionBand(13, 18, 20),
    DetectionBand(19, 20, 30),
    DetectionBand(21, None, 50),
)


@dataclass(frozen=True)
class Modifier:
    """A percent modifier to a d100 check: what it is for, percent, and per what."""

    situation: str
    percent: int | None
    per: str = ""


ECM_DETECTION = -50
DECOY_DETECTION = -25
ENERGY_SENSOR_PER_1000_KM = -10
ADF_USED_DETECTION = 10
MR_USED_DETECTION = 5

# Seed 002, "DETECTION": modifiers to the Sensor Operation check.
DETECTION_MODIFIERS: tuple[Modifier, ...] = (
    Modifier("target uses ECM", ECM_DETECTION),
    Modifier("decoy launched", DECOY_DETECTION, "each"),
    Modifier("distance, with energy sensors", ENERGY_SENSOR_PER_1000_KM, "per 1,000 km"),
    Modifier("ADF the target used this turn", ADF_USED_DETECTION, "per point"),
    Modifier("MR the target used this turn", MR_USED_DETECTION, "per point"),
)

# --- Hit determination (seed 002, "HIT DETERMINATION") --------------------------------

TARGETING_PROGRAM = 10  # per level
SELECTIVE_TARGETING = -30
SHARPSHOOTER = 10  # per level
GUNNER_SKILL = 10  # per gunner skill level, added to half STR or DEX
SALVO_TO_HIT = -25  # per ICM or ABM salvo
MAG_SHIELDING_TO_HIT = -50
LOCAL_CONTROL_PENALTY = -20  # mastercomp lost
BRIDGE_LOST_PENALTY = -20  # bridge destroyed: gunners

#: The gunner of a weapon no crew member's post names, when nobody aboard without a post has
#: the Gunner skill and STR or DEX (RULINGS KH-8; the text's NPC crew skills table is empty):
#: STR or DEX 50, the middle of a percentile score, and no Gunner level, a base of 25 %.
DEFAULT_GUNNER_SCORE = 50
DEFAULT_GUNNER_LEVEL = 0

TO_HIT_MODIFIERS: tuple[Modifier, ...] = (
    Modifier("Targeting program", TARGETING_PROGRAM, "per level"),
    Modifier("Vehicular Combat (Starship) skill", None, "± the skill"),
    Modifier("selective targeting", SELECTIVE_TARGETING),
    Modifier("Sharpshooter skill", SHARPSHOOTER, "per level"),
    Modifier("ICM salvo (missiles, drones) or ABM salvo (beams)", SALVO_TO_HIT, "per salvo"),
    Modifier("magnetic shielding (beams, missiles)", MAG_SHIELDING_TO_HIT),
    Modifier("firer's mastercomp lost (local control)", LOCAL_CONTROL_PENALTY),
    Modifier("firer's bridge destroyed (gunners)", BRIDGE_LOST_PENALTY),
)

#: Natural d100 rolls that are critical hits (unless the final to-hit is below 6%).
CRITICAL_HIT_ROLLS = (1, 5)
#: Natural d100 rolls that are critical misses (unless the final to-hit is above 95%).
CRITICAL_MISS_ROLLS = (96, 100)

# --- Movement (seed 002, "MOVEMENT"; RULINGS KH-1) ------------------------------------

#: Maneuver points per turn are ``MP_FACTOR`` x MR / HS (KH-1).
MP_FACTOR = 6
#: Most ADF a ship may use while laying mines.
MINELAYING_MAX_ADF = 1


@dataclass(frozen=True)
class Maneuver:
    """One maneuver and what it costs in maneuver points (MP), in words and in short."""

    id: str
    name: str
    cost: str
    short: str


# Seed 002, "Maneuver Points": the maneuvers and their costs.
MANEUVERS: tuple[Maneuver, ...] = (
    Maneuver("evade", "Evade", "half the ship's MP, at least 1; covers any direction changes", "½ MP, min 1"),
    Maneuver(
        "change_direction",
        "Change direction",
        "1 per hexside (60°) of facing, +1 per grid level up or down",
        "1 a hexside, +1 a level",
    ),
    Maneuver("turn_over", "Turn over", "1", "1"),
    Maneuver("grapple", "Grapple", "all of a turn's MP", "all MP"),
    Maneuver("lay_mines", "Lay mines", "1 per hex mined; ADF at most 1 meanwhile", "1 a hex, ADF ≤ 1"),
)

# --- Ramming, boarding, point blank (seed 002, "SPECIAL SITUATIONS", "FIRING") ---------

RAM_DAMAGE_PER_HS = 2000  # inflicted on the rammed ship per HS of the rammer
RAM_SAFE_MARGIN = 4  # a rammer this many HS larger survives
RAM_SELF_SP_PER_HS = 100  # half of (sum of HS) x this, to the surviving rammer
BREACH_FRACTION = Fraction(1, 10)  # of the target's total SP, in one attack, to breach
POINT_BLANK_METRES = 180  # closer than this ...
POINT_BLANK_HEXES = 3  # ... which is within this many hexes, as weapon ranges count (RULINGS KH-5) ...
POINT_BLANK_HS_MARGIN = 4  # ... of a ship at least this many HS larger
DIVISION_SHIPS = 3  # ships under one command sharing a to-hit roll

# --- Damage (seed 002, "EXPLANATION OF DAMAGE RESULTS"; RULINGS KH-3, KH-6) ------------

#: Break-up rolls per turn once this fraction of structure is lost.
HALF_LOSS = Fraction(1, 2)
TWO_THIRDS_LOSS = Fraction(2, 3)
HALF_BREAKUP_ROLLS = 1
TWO_THIRDS_BREAKUP_ROLLS = 6
#: ADF and MR once two thirds of the structure is lost.
TWO_THIRDS_ADF_MR = 1
#: A ship blowing up (last void engine, disastrous fire) deals HS x this ...
BLAST_PER_HS = 2000
#: ... to every ship within this many metres (20 hexes).
BLAST_RADIUS_METRES = 1200


@dataclass(frozen=True)
class Result:
    """One result of a damage table (KH-6: effects only; roll ranges come from YAML)."""

    id: str
    name: str
    effect: str


# Seed 002, "EXPLANATION OF DAMAGE RESULTS": the Starship Damage Table's results
# (2D10 per hit taken, and per critical miss of the firer).
STARSHIP_RESULTS: tuple[Result, ...] = (
    Result("structure", "Structure point damage", "Subtract the damage from SP. 0 SP: destroyed."),
    Result("void_engine", "Void engine", "One void engine damaged: ADF −1 until repaired."),
    Result("maneuver_jet", "Maneuver jet", "Jet damaged: MR −1."),
    Result(
        "bay",
        "Ordnance/hangar bay",
        "One bay's unused ordnance or docked craft explode: their damage goes to the ship.",
    ),
    Result(
        "sensors",
        "Sensors",
        "One sensor system (roll which) is out until repaired. With none left: no new targets; "
        "current ones only while within one hex.",
    ),
    Result(
        "computer",
        "Computer",
        "Mastercomp: every station on local control, −20%. A system computer: its system is "
        "out until repaired.",
    ),
    Result(
        "weapon",
        "Weapon",
        "One weapon, the firer's pick, destroyed (grapples and defences count as weapons).",
    ),
    Result(
        "fire",
        "Fire",
        "Electrical fire: half ADF, no MR, a Starship Damage roll every turn until put out. "
        "A second fire: disastrous fire.",
    ),
)

# Seed 002, "Critical Hits": the Critical Hit Table's results (1D10 per critical hit).
CRITICAL_RESULTS: tuple[Result, ...] = (
    Result("double_structure", "2× structure point damage", "Subtract twice the damage from SP."),
    Result(
        "maneuver_jet_destroyed",
        "Maneuver jet destroyed",
        "No MR at all: the ship only moves in a straight line.",
    ),
    Result(
        "void_engine_destroyed",
        "Void engine destroyed",
        "Lose one void engine and ADF ÷ engines. The last (or only) one: the ship blows up, "
        "HS × 2,000 damage to every ship within 1,200 m.",
    ),
    Result(
        "bridge_destroyed",
        "Bridge destroyed",
        "No command, piloting or astrogation: no maneuvers, evasion or speed change; gunners lose "
        "the pilot's Vehicular Combat skill and take −20%.",
    ),
    Result(
        "disastrous_fire",
        "Disastrous fire",
        "No power, ADF, MR or DCR; a Critical Hit roll every turn. A second one or a void engine "
        "destroyed: blows up (HS × 2,000 within 1,200 m). Else abandon ship within HS turns.",
    ),
)

#: The damage tables by id: dice rolled, when, and the results the text names.
DAMAGE_TABLES: dict[str, tuple[str, str, tuple[Result, ...]]] = {
    "starship": ("Starship Damage Table", "2D10", STARSHIP_RESULTS),
    "critical": ("Critical Hit Table", "1D10", CRITICAL_RESULTS),
    "crew": ("Crew Member Damage Table", "1D10", ()),
}

#: The only table entries the text gives (seed 002, example of combat, lines 379 and 383):
#: table id -> ((roll, result id or crew free text, effect beside it), ...). The card prints them
#: whatever the user supplies; every other roll is the user's own (RULINGS KH-6).
TEXT_ROLLS: dict[str, tuple[tuple[int, str, str], ...]] = {
    "starship": ((11, "sensors", ""),),
    "crew": ((4, "sensor operator: 8D10", "80 under the maximum damage rule"),),
}

#: What a user's row for one of :data:`TEXT_ROLLS` on a free-text table (the crew table, whose
#: results the text does not name) must say to agree with the text: table id -> roll -> groups
#: of words, one of each group, as whole words in any case and punctuation (the text's example:
#: a 4 means the sensor operator takes 8D10, or 80 under the maximum damage rule).
TEXT_ROLL_WORDS: dict[str, dict[int, tuple[tuple[str, ...], ...]]] = {
    "crew": {4: (("sensor operator",), ("8D10", "80"))},
}

#: Lowest and highest roll of each table's dice.
TABLE_ROLLS = {"2D10": (2, 20), "1D10": (1, 10)}

# --- Repairs (seed 002, "REPAIRS"; RULINGS KH-2) --------------------------------------

DCR_PER_HS = 10
REPAIR_EVERY_TURNS = 3
REPAIR_SP_PER_SKILL = 10  # structure repaired: DCR + 10 x skill
# A break-up roll is against DCR + the engineer's Stress Analysis level, as the text writes it
# (seed 002, EXPLANATION OF DAMAGE RESULTS, structure point damage; RULINGS KH-3): the level is
# added as it is, unlike the repair rule's "10% x skill" beside it.
REPAIR_ALL_ROLLS = (1, 5)
REPAIR_SCC_ONLY_ROLLS = (96, 99)
REPAIR_DISASTER_ROLL = 100  # the natural 00
