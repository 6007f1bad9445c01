"""Knight Hawks 2000 rules of play: weapons, movement, hull size numbers, hitting,
damage, structure and repair, and how their numbers print.

Pure functions of numbers and the tables in :mod:`sheetgen.games.knighthawks.data`;
the checks, derived stats, sheets and reference card compute from these. Rule ids
are the rulings in ``RULINGS.md`` (KH-1 .. KH-7). Arithmetic is exact: fractions
stay :class:`~fractions.Fraction` until printed (KH-1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from sheetgen.games.knighthawks import data
from sheetgen.games.knighthawks.data import DetectionBand, Weapon, WeaponKind

__all__ = [
    "AttackOdds",
    "HitChances",
    "Ram",
    "StructureState",
    "attack_odds",
    "base_to_hit",
    "bay_detonation",
    "boarding_problem",
    "breach_damage",
    "breakup_target",
    "damage_control_rating",
    "damage_kept",
    "detection_band",
    "detection_check",
    "detection_modifier",
    "evade_cost",
    "fire_problem",
    "fraction_text",
    "half_structure",
    "hit_chances",
    "maneuver_cost",
    "maneuver_points",
    "maneuver_problem",
    "maneuver_turns",
    "minimum_crew",
    "point_blank",
    "rally_turns",
    "ram",
    "ram_damage",
    "range_hexes",
    "range_hexes_of",
    "reduced_damage",
    "repair_turn",
    "signed_percent",
    "structure_state",
    "to_hit_modifier",
    "turns_needed",
    "two_thirds_structure",
    "weapon",
]


# --- numbers as printed -----------------------------------------------------------------


def fraction_text(value: Fraction | int | None) -> str:
    """A number as the sheets print it (KH-1): whole numbers plain, others as a
    fraction, ``None`` as the dash.

    >>> fraction_text(Fraction(12, 25)), fraction_text(Fraction(4)), fraction_text(Fraction(25, 12))
    ('12/25', '4', '25/12')
    """
    if value is None:
        return "–"
    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator:,}"
    return f"{value.numerator:,}/{value.denominator:,}"


_VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
}


def compact_text(value: Fraction | int) -> str:
    """A short mixed number for counters, where ``/`` already separates ADF and MR:
    ``3/2`` prints ``1½``; fractions without a single glyph stay ``n/d``.

    >>> compact_text(Fraction(3, 2)), compact_text(Fraction(1, 2)), compact_text(Fraction(12, 25))
    ('1½', '½', '12/25')
    """
    value = Fraction(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    glyph = _VULGAR.get(Fraction(rest))
    if glyph is None:
        return f"{value.numerator}/{value.denominator}"
    return (str(int(whole)) if whole else "") + glyph


def signed_percent(value: int) -> str:
    """A percent modifier with its sign and a true minus: ``+10%``, ``−25%``, ``+0%``."""
    return f"{value:+d}%".replace("-", "−")


# --- weapons (KH-4, KH-7) -----------------------------------------------------------------


def weapon(code: str) -> Weapon | None:
    """The weapon of the text's list written ``code`` (case-insensitive; ``M`` is
    mines), or ``None``.

    >>> weapon("hlc").name, weapon("M").code, weapon("LB")
    ('Heavy Laser Cannon', 'mines', None)
    """
    key = code.strip()
    if key in data.WEAPONS:
        return data.WEAPONS[key]
    upper = key.upper()
    if upper in data.WEAPON_ALIASES:
        return data.WEAPONS[data.WEAPON_ALIASES[upper]]
    for w in data.WEAPONS.values():
        if w.code.upper() == upper:
            return w
    return None


def range_hexes(range_km: int) -> int:
    """Range in hexes of 60 m for a range in km (seed 002, SCALE).

    >>> range_hexes(1_800_000), range_hexes(225_000)
    (30000000, 3750000)
    """
    return range_km * 1000 // data.HEX_METRES


def bay_detonation(code: str, ordnance: int) -> int | None:
    """Damage (SP) when a bay holding ``ordnance`` unused rounds of ``code`` is hit:
    each round's maximum damage (the text's example: sixty torpedoes, 60,000).
    ``None`` for docked craft, whose blast the text does not give.

    >>> bay_detonation("TT", 60)
    60000
    """
    w = weapon(code)
    if w is None or w.ordnance is None or w.max_damage is None or w.kind is WeaponKind.DRONE:
        return None
    return ordnance * w.max_damage


# --- movement (KH-1) ------------------------------------------------------------------------


def maneuver_points(hull_size: int, mr: int) -> Fraction | None:
    """Maneuver points a turn, 6 x MR / HS (RULINGS KH-1); ``None`` for HS <= 0.

    >>> maneuver_points(14, 2), maneuver_points(1, 6), maneuver_points(25, 4)
    (Fraction(6, 7), Fraction(36, 1), Fraction(24, 25))
    """
    if hull_size <= 0:
        return None
    return Fraction(data.MP_FACTOR * max(mr, 0), hull_size)


def maneuver_turns(hull_size: int, mr: int) -> Fraction | None:
    """Turns one maneuver takes, (HS / MR) / 6 (KH-1); ``None`` when MR or HS is 0 or less.

    >>> maneuver_turns(25, 2)
    Fraction(25, 12)
    """
    if hull_size <= 0 or mr <= 0:
        return None
    return Fraction(hull_size, mr) / data.MP_FACTOR


def evade_cost(mp: Fraction) -> Fraction:
    """MP an evasion costs: half the ship's MP, at least 1 (seed 002, Evade).

    >>> evade_cost(Fraction(6)), evade_cost(Fraction(6, 7))
    (Fraction(3, 1), Fraction(1, 1))
    """
    return max(Fraction(1), Fraction(mp) / 2)


def maneuver_cost(
    maneuver: str, mp: Fraction, *, hexsides: int = 1, levels: int = 0, hexes: int = 1
) -> Fraction:
    """MP ``maneuver`` costs a ship with ``mp`` MP a turn (seed 002, Maneuver Points).

    ``change_direction``: 1 per hexside of facing plus 1 per grid level up or down;
    ``lay_mines``: 1 per hex; ``grapple``: all of a turn's MP; ``turn_over``: 1;
    ``evade``: :func:`evade_cost`. Raises ``ValueError`` for another name.
    """
    if maneuver == "evade":
        return evade_cost(mp)
    if maneuver == "change_direction":
        return Fraction(hexsides + levels)
    if maneuver == "turn_over":
        return Fraction(1)
    if maneuver == "grapple":
        return Fraction(mp)
    if maneuver == "lay_mines":
        return Fraction(hexes)
    raise ValueError(f"unknown maneuver {maneuver!r}; known: {', '.join(m.id for m in data.MANEUVERS)}")


def turns_needed(cost: Fraction, mp: Fraction | None) -> Fraction | None:
    """Turns a maneuver costing ``cost`` MP takes at ``mp`` MP a turn (a maneuver
    may be spread over turns); ``None`` when the ship has no MP.

    >>> turns_needed(Fraction(1), Fraction(12, 25))
    Fraction(25, 12)
    """
    if mp is None or mp <= 0:
        return None
    return Fraction(cost) / mp


def evade_modifier(pilot_level: int, adf: int, mr: int, hull_size: int) -> int:
    """Evasion for a pilot without Vehicular Combat (Starship): ±(5 x Starship Pilot
    level + ADF + MR − HS) percent (seed 002, Evade).

    >>> evade_modifier(3, 3, 2, 14)
    6
    """
    return 5 * pilot_level + adf + mr - hull_size


# --- hull size numbers (KH-2, KH-5) ---------------------------------------------------------


def damage_control_rating(hull_size: int) -> int:
    """DCR = HS x 10 (RULINGS KH-2), the base repair chance in percent."""
    return hull_size * data.DCR_PER_HS


def minimum_crew(hull_size: int) -> int:
    """Fewest crew that can fly the ship: its HS (KH-2)."""
    return hull_size


def rally_turns(hull_size: int, role: str) -> int:
    """Turns to rally the crew against boarders: HS, or 2 x HS for civilian ships (KH-2).

    >>> rally_turns(6, "military"), rally_turns(6, "civilian")
    (6, 12)
    """
    return hull_size * data.RALLY_MULTIPLIER.get(role, 1)


def detection_band(hull_size: int) -> DetectionBand | None:
    """The hull size band of the detection list holding ``hull_size``; ``None`` below 1."""
    for band in data.DETECTION_BANDS:
        if hull_size >= band.low and (band.high is None or hull_size <= band.high):
            return band
    return None


def detection_modifier(hull_size: int) -> int | None:
    """Percent added to a check to detect a ship of ``hull_size`` (KH-2); ``None`` below HS 1.

    >>> [detection_modifier(h) for h in (2, 3, 5, 9, 13, 19, 21)]
    [-20, -10, 0, 10, 20, 30, 50]
    """
    band = detection_band(hull_size)
    return None if band is None else band.modifier


def detection_check(
    hull_size: int,
    *,
    ecm: bool = False,
    decoys: int = 0,
    distance_km: int = 0,
    energy_sensors: bool = False,
    adf_used: int = 0,
    mr_used: int = 0,
) -> int:
    """Total percent modifier to a Sensor Operation check to detect a ship of
    ``hull_size`` (seed 002, DETECTION): ECM −50, −25 per decoy, −10 per whole
    1,000 km with energy sensors, the hull size band, +10 per ADF and +5 per MR
    the target used. Raises ``ValueError`` for HS below 1.

    >>> detection_check(14, ecm=True, adf_used=3)
    0
    """
    band = detection_modifier(hull_size)
    if band is None:
        raise ValueError(f"hull size must be 1 or more, got {hull_size}")
    total = band
    total += data.ECM_DETECTION if ecm else 0
    total += data.DECOY_DETECTION * decoys
    total += data.ENERGY_SENSOR_PER_1000_KM * (distance_km // 1000) if energy_sensors else 0
    total += data.ADF_USED_DETECTION * adf_used + data.MR_USED_DETECTION * mr_used
    return total


@dataclass(frozen=True)
class Ram:
    """Outcome of a successful ram (KH-5): SP ``inflicted`` on the rammed ship;
    whether the rammer survives; if so the SP and Starship Damage rolls it takes."""

    inflicted: int
    rammer_survives: bool
    self_damage: int | None
    self_rolls: Fraction | None


def base_to_hit(score: int, gunner_level: int) -> Fraction:
    """A gunner's base to hit in percent: half the STR or DEX ``score`` plus 10 a level of
    Gunner skill (Knight Hawks 2000, HIT DETERMINATION, Base To-Hit).

    >>> base_to_hit(56, 3), base_to_hit(45, 0)
    (Fraction(58, 1), Fraction(45, 2))
    """
    return Fraction(score, 2) + data.GUNNER_SKILL * gunner_level


def ram_damage(hull_size: int) -> int:
    """SP a successful ram by a ship of ``hull_size`` inflicts on the rammed ship: HS x 2,000
    (Knight Hawks 2000, RAMMING; RULINGS KH-5).

    >>> ram_damage(25)
    50000
    """
    return hull_size * data.RAM_DAMAGE_PER_HS


def ram(rammer_hs: int, target_hs: int) -> Ram:
    """A successful ram by a ship of ``rammer_hs`` on one of ``target_hs`` (RULINGS KH-5).

    The rammed ship takes HS x 2,000. The rammer is destroyed unless it is at
    least four hull sizes larger; then it takes ½ x (sum of HS) x 100 SP and
    ½ x (sum of HS) damage rolls (an odd sum leaves half a roll: the text gives
    no rounding, so the fraction is kept).

    >>> r = ram(25, 3)
    >>> r.inflicted, r.self_damage, r.self_rolls
    (50000, 1400, Fraction(14, 1))
    """
    inflicted = ram_damage(rammer_hs)
    if rammer_hs - target_hs < data.RAM_SAFE_MARGIN:
        return Ram(inflicted, False, None, None)
    both = rammer_hs + target_hs
    return Ram(inflicted, True, both * data.RAM_SELF_SP_PER_HS // 2, Fraction(both, 2))


def breach_damage(structure_points: int) -> Fraction:
    """Damage a boarding party must do in one spot, in one attack, to breach a hull:
    10 % of the target's total SP (seed 002, BOARDING).

    >>> breach_damage(1440)
    Fraction(144, 1)
    """
    return data.BREACH_FRACTION * structure_points


# --- hitting and damage (seed 002, HIT DETERMINATION, DEFENSIVE SYSTEMS) -------------------


def to_hit_modifier(
    kind: WeaponKind,
    *,
    icm_salvos: int = 0,
    abm_salvos: int = 0,
    mag_shielding: bool = False,
    targeting_program: int = 0,
    vehicular_combat: int = 0,
    selective: bool = False,
    sharpshooter: int = 0,
    mastercomp_lost: bool = False,
    bridge_destroyed: bool = False,
    ram: bool = False,
) -> int:
    """Percent added to the chance to hit with a weapon of ``kind`` (seed 002, HIT
    DETERMINATION, DEFENSIVE SYSTEMS and damage results). The target's defences: −25 per
    ICM salvo (missiles, drones), −25 per ABM salvo the beam passes through, −50 for
    magnetic shielding (beams, missiles). The firer's: +10 per level of Targeting
    program, ± its ``vehicular_combat`` percent (the pilot's Vehicular Combat (Starship)
    skill), −30 for selective targeting, +10 per Sharpshooter level, −20 with its
    mastercomp lost (local control), and with its bridge destroyed −20 and no
    Vehicular Combat from the pilot. A ram (``ram``) takes only Vehicular Combat and ICM
    salvos (RAMMING).

    >>> to_hit_modifier(WeaponKind.LASER, abm_salvos=2, mag_shielding=True)
    -100
    >>> to_hit_modifier(WeaponKind.LASER, vehicular_combat=15, bridge_destroyed=True)
    -20
    >>> to_hit_modifier(WeaponKind.LASER, icm_salvos=1, mag_shielding=True, vehicular_combat=10, ram=True)
    -15
    """
    total = 0
    if ram:
        return vehicular_combat + data.DEFENCES["ICM"].to_hit * icm_salvos
    if kind in data.DEFENCES["ICM"].against:
        total += data.DEFENCES["ICM"].to_hit * icm_salvos
    if kind in data.DEFENCES["ABM"].against:
        total += data.DEFENCES["ABM"].to_hit * abm_salvos
    if mag_shielding and kind in data.DEFENCES["MS"].against:
        total += data.DEFENCES["MS"].to_hit
    total += data.TARGETING_PROGRAM * targeting_program + data.SHARPSHOOTER * sharpshooter
    total += data.SELECTIVE_TARGETING if selective else 0
    total += data.LOCAL_CONTROL_PENALTY if mastercomp_lost else 0
    total += data.BRIDGE_LOST_PENALTY if bridge_destroyed else vehicular_combat
    return total


def point_blank(closer_hs: int, other_hs: int, range_hexes: int) -> bool:
    """Whether a ship of ``closer_hs`` is at point-blank range of one of ``other_hs``
    ``range_hexes`` away: within 3 hexes (180 m) of a ship at least 4 hull sizes
    larger (seed 002, FIRING). The larger ship can then neither fire at it nor use
    defensive missiles against it.

    >>> point_blank(1, 6, 3), point_blank(1, 4, 3), point_blank(1, 6, 4)
    (True, False, False)
    """
    return 0 <= range_hexes <= data.POINT_BLANK_HEXES and other_hs - closer_hs >= data.POINT_BLANK_HS_MARGIN


def fire_problem(
    code: str,
    range_hexes: int,
    *,
    firer_hs: int,
    target_hs: int,
    detected: bool = True,
    sensors_left: bool = True,
    current_target: bool = False,
    grapples_used: int = 0,
) -> str | None:
    """Why a ship of ``firer_hs`` may not attack one of ``target_hs`` ``range_hexes``
    away with weapon ``code``, or ``None`` when it may (seed 002): the target must be
    detected (DETECTION) and within the weapon's range (FIRING; guided vehicles move by
    their ADF and have none); a ship with every sensor lost acquires no new target and
    fires on its current ones only within one hex (damage results, Sensors); a larger
    ship cannot fire at a ship at point-blank range of it (:func:`point_blank`); a
    grapple is used once a turn. Raises ``ValueError`` for a weapon not on the text's
    list or a negative range.

    >>> fire_problem("LP", 375, firer_hs=1, target_hs=3), fire_problem("LP", 3_750_001, firer_hs=1, target_hs=3)
    (None, 'out of range: Laser Pod reaches 3,750,000 hexes')
    >>> fire_problem("HLC", 2, firer_hs=10, target_hs=1)
    'the target is at point-blank range: a ship 4 or more hull sizes larger cannot fire at it'
    """
    w = weapon(code)
    if w is None:
        raise ValueError(f"{code!r} is not a weapon of the text's list")
    if range_hexes < 0:
        raise ValueError(f"range must be 0 or more hexes, got {range_hexes}")
    if not detected:
        return "the target is not detected: no combat without detection"
    if w.range_km is not None and range_hexes > range_hexes_of(w):
        return f"out of range: {w.name} reaches {range_hexes_of(w):,} hexes"
    if not sensors_left and not (current_target and range_hexes <= 1):
        return "every sensor is lost: no new targets, current ones only within one hex"
    if point_blank(target_hs, firer_hs, range_hexes):
        return "the target is at point-blank range: a ship 4 or more hull sizes larger cannot fire at it"
    if w.kind is WeaponKind.GRAPPLE and grapples_used >= 1:
        return "a grapple is used once a turn"
    return None


def range_hexes_of(w: Weapon) -> int:
    """A weapon's range in hexes (:func:`range_hexes` of its km); 0 for guided vehicles."""
    return 0 if w.range_km is None else range_hexes(w.range_km)


def maneuver_problem(
    maneuver: str,
    *,
    mp: Fraction,
    bridge_destroyed: bool = False,
    multi_turn: bool = False,
    adf_used: int = 0,
) -> str | None:
    """Why a ship with ``mp`` maneuver points a turn may not start ``maneuver`` this
    turn, or ``None`` when it may (seed 002, MOVEMENT and damage results): a ship with
    its bridge destroyed cannot maneuver or evade; a ship in the middle of a maneuver
    spread over several turns (``multi_turn``) makes no other; a ship with no MR (no MP:
    maneuver jet destroyed, fire) moves only in a straight line; while laying mines a
    ship uses an ADF of at most 1. Raises ``ValueError`` for an unknown maneuver.

    >>> maneuver_problem("evade", mp=Fraction(6)), maneuver_problem("lay_mines", mp=Fraction(6), adf_used=2)
    (None, 'a ship laying mines uses an ADF of at most 1')
    """
    if maneuver not in {m.id for m in data.MANEUVERS}:
        raise ValueError(f"unknown maneuver {maneuver!r}; known: {', '.join(m.id for m in data.MANEUVERS)}")
    if bridge_destroyed:
        return "the bridge is destroyed: no maneuvers, evasion or change of speed"
    if multi_turn:
        return "a maneuver spread over several turns allows no other maneuver"
    if mp <= 0:
        return "no MR: the ship only moves in a straight line"
    if maneuver == "lay_mines" and adf_used > data.MINELAYING_MAX_ADF:
        return f"a ship laying mines uses an ADF of at most {data.MINELAYING_MAX_ADF}"
    return None


def repair_turn(turn: int) -> bool:
    """Whether ships may make repairs on game turn ``turn`` (1, 2, 3...): every third
    turn (seed 002, REPAIRS).

    >>> [t for t in range(1, 10) if repair_turn(t)]
    [3, 6, 9]
    """
    return turn >= 1 and turn % data.REPAIR_EVERY_TURNS == 0


def boarding_problem(*, grappled_or_matched: bool, crew: int, boarders: int, hull_size: int) -> str | None:
    """Why a ship of ``hull_size`` with ``crew`` aboard may not send ``boarders`` to board
    (seed 002, BOARDING), or ``None``: it must first grapple or match course and speed,
    and keep enough crew to fly itself (at least its hull size) besides the boarders.
    The third condition, getting in, is :func:`breach_damage`.

    >>> boarding_problem(grappled_or_matched=True, crew=10, boarders=4, hull_size=6)
    >>> boarding_problem(grappled_or_matched=True, crew=10, boarders=5, hull_size=6)
    'too few crew: 5 left to fly a ship that needs 6'
    """
    if not grappled_or_matched:
        return "grapple or match course and speed first"
    left = crew - boarders
    if left < minimum_crew(hull_size):
        return f"too few crew: {left} left to fly a ship that needs {minimum_crew(hull_size)}"
    return None


def damage_kept(kind: WeaponKind, *, abm_salvos: int = 0, mag_shielding: bool = False) -> Fraction:
    """Fraction of a hit's damage that gets through (seed 002, DEFENSIVE SYSTEMS):
    each ABM salvo a beam passes takes away a quarter (never below nothing),
    magnetic shielding then halves beams and missiles. ICM salvos cut no damage.

    The text's example: shielding and two ABM salvos leave a quarter.

    >>> damage_kept(WeaponKind.LASER, abm_salvos=2, mag_shielding=True)
    Fraction(1, 4)
    """
    kept = Fraction(1)
    abm = data.DEFENCES["ABM"]
    if kind in abm.against and abm.damage_cut is not None:
        kept = max(Fraction(0), kept - abm.damage_cut * abm_salvos)
    ms = data.DEFENCES["MS"]
    if mag_shielding and kind in ms.against and ms.damage_cut is not None:
        kept *= 1 - ms.damage_cut
    return kept


def reduced_damage(
    damage: int, kind: WeaponKind, *, abm_salvos: int = 0, mag_shielding: bool = False
) -> Fraction:
    """``damage`` after the target's ABM salvos and shielding (:func:`damage_kept`).

    >>> reduced_damage(24_000, WeaponKind.LASER, abm_salvos=2, mag_shielding=True)
    Fraction(6000, 1)
    """
    return damage * damage_kept(kind, abm_salvos=abm_salvos, mag_shielding=mag_shielding)


@dataclass(frozen=True)
class HitChances:
    """Exact chances of one d100 attack at a final to-hit percent: ``hit`` (all
    hits, critical ones included), ``critical_hit`` and ``critical_miss``."""

    to_hit: int
    hit: Fraction
    critical_hit: Fraction
    critical_miss: Fraction


def hit_chances(final_to_hit: int) -> HitChances:
    """Chances for a final to-hit of ``final_to_hit`` percent, by exact enumeration
    of d100 (seed 002, Critical Hit / Critical Miss; RULINGS KH-4).

    A natural 01-05 always hits; it is critical unless the final to-hit is below
    6 % (the text's example: an 04 at under 6 % counts as a plain hit). A
    natural 96-00 always misses; it is a critical miss unless the final to-hit
    is above 95 %. Between, the roll hits when at most the to-hit.

    >>> c = hit_chances(50)
    >>> c.hit, c.critical_hit, c.critical_miss
    (Fraction(1, 2), Fraction(1, 20), Fraction(1, 20))
    >>> hit_chances(3).critical_hit, hit_chances(3).hit
    (Fraction(0, 1), Fraction(1, 20))
    """
    low, high = data.CRITICAL_HIT_ROLLS
    miss_low, _ = data.CRITICAL_MISS_ROLLS

    def outcome(roll: int) -> str:
        if low <= roll <= high:
            return "critical hit" if final_to_hit > high else "hit"
        if roll >= miss_low:
            return "critical miss" if final_to_hit < miss_low else "miss"
        return "hit" if roll <= final_to_hit else "miss"

    from dyce import H  # imported here: validating designs never needs it

    counts = H(100).apply(outcome)
    total = counts.total

    def share(*names: str) -> Fraction:
        return Fraction(sum(counts.get(n, 0) for n in names), total)

    return HitChances(
        final_to_hit,
        share("hit", "critical hit"),
        share("critical hit"),
        share("critical miss"),
    )


@dataclass(frozen=True)
class AttackOdds:
    """One attack's odds: ``to_hit`` the final percent (d100 at most it; may be below 0 or
    above 100), ``chances`` its exact :class:`HitChances`, ``kept`` the share of the damage
    the target's defences let through (:func:`damage_kept`), ``expected`` the mean damage
    of the attack with the dice rolled (chance x mean of ``dice`` D10 x kept) and
    ``expected_maximum`` under the maximum damage rule (chance x maximum x kept)."""

    to_hit: int
    chances: HitChances
    kept: Fraction
    expected: Fraction
    expected_maximum: Fraction


def attack_odds(
    base: Fraction | int,
    kind: WeaponKind,
    *,
    dice: int,
    max_damage: int,
    icm_salvos: int = 0,
    abm_salvos: int = 0,
    mag_shielding: bool = False,
    selective: bool = False,
    vehicular_combat: int = 0,
    mastercomp_lost: bool = False,
    bridge_destroyed: bool = False,
    other: int = 0,
    payload: WeaponKind | None = None,
) -> AttackOdds:
    """The odds of one attack (one shot, pulse or linked group) by a gunner whose base to hit
    is ``base`` percent (:func:`base_to_hit`) with a weapon of ``kind`` doing ``dice`` D10 (at
    most ``max_damage``) a hit, against the target's ``icm_salvos``, ``abm_salvos`` and
    ``mag_shielding``, with the firer's :func:`to_hit_modifier` (``selective`` targeting,
    the pilot's ``vehicular_combat`` percent, ``mastercomp_lost``, ``bridge_destroyed``)
    and ``other`` percent more (aim bonuses and the rest the text leaves to the game).
    ``payload`` is the kind of what a carrier releases (:attr:`~sheetgen.games.knighthawks.data.Weapon.payload`:
    an MMD's missiles), whose defences cut the damage; the to-hit reads ``kind``.

    The final to hit is the base plus the modifiers, whole percents (a d100 hits at most it:
    22½ % hits on 01-22); the chances are :func:`hit_chances` of it (Knight Hawks 2000, HIT
    DETERMINATION, Critical Hit / Critical Miss) and the damage kept :func:`damage_kept`
    (DEFENSIVE SYSTEMS). The reference card's worked example and play mode's weapons both
    come from here.

    The text's damage example: the Exalted's proton battery gunner (½ DEX 52 + 10 x 2 = 46)
    against the Pugilist's shielding and two ABM salvos is modified below 6 %: only a natural
    01-05 hits, never critically, and a hit's 200 maximum becomes 50.

    >>> o = attack_odds(46, WeaponKind.PARTICLE, dice=20, max_damage=200, abm_salvos=2, mag_shielding=True)
    >>> o.to_hit, o.chances.hit, o.chances.critical_hit, o.kept, o.expected_maximum
    (-54, Fraction(1, 20), Fraction(0, 1), Fraction(1, 4), Fraction(5, 2))
    """
    final = math.floor(
        Fraction(base)
        + to_hit_modifier(
            kind,
            icm_salvos=icm_salvos,
            abm_salvos=abm_salvos,
            mag_shielding=mag_shielding,
            selective=selective,
            vehicular_combat=vehicular_combat,
            mastercomp_lost=mastercomp_lost,
            bridge_destroyed=bridge_destroyed,
        )
        + other
    )
    chances = hit_chances(final)
    kept = damage_kept(payload or kind, abm_salvos=abm_salvos, mag_shielding=mag_shielding)
    mean = Fraction(11, 2) * dice  # a D10 averages 5 1/2
    return AttackOdds(final, chances, kept, chances.hit * mean * kept, chances.hit * max_damage * kept)


# --- structure (KH-3) ------------------------------------------------------------------------


def half_structure(structure_points: int) -> int:
    """SP lost at which the half-structure effects start: ½ of the total, rounded up
    to a whole point (KH-3).

    >>> half_structure(1440), half_structure(2500)
    (720, 1250)
    """
    return math.ceil(Fraction(structure_points) * data.HALF_LOSS)


def two_thirds_structure(structure_points: int) -> int:
    """SP lost at which the two-thirds effects start, rounded up to a whole point (KH-3).

    >>> two_thirds_structure(1440), two_thirds_structure(2500)
    (960, 1667)
    """
    return math.ceil(Fraction(structure_points) * data.TWO_THIRDS_LOSS)


class StructureState(StrEnum):
    """How damaged a hull is (seed 002, Structure Point Damage)."""

    INTACT = "intact"
    HALF = "half"
    TWO_THIRDS = "two-thirds"
    DESTROYED = "destroyed"


def structure_state(structure_points: int, lost: int) -> StructureState:
    """The state of a ship of ``structure_points`` SP after losing ``lost``.

    The text's ramming example: a dreadnaught of 2,500 SP losing 1,400 is at
    half (ADF and MR halved, 4 to 2).

    >>> structure_state(2500, 1400)
    <StructureState.HALF: 'half'>
    """
    if lost >= structure_points:
        return StructureState.DESTROYED
    if lost >= two_thirds_structure(structure_points):
        return StructureState.TWO_THIRDS
    if lost >= half_structure(structure_points):
        return StructureState.HALF
    return StructureState.INTACT


def adf_mr_in_state(
    state: StructureState, adf: Fraction | int, mr: Fraction | int
) -> tuple[Fraction, Fraction]:
    """ADF and MR in ``state``: halved at half structure, "reduced to ... 1" at two-thirds
    (Knight Hawks 2000, Explanation of Damage Results; a reduction, so a ship already at
    less after halving keeps the less), 0 when destroyed. ``adf`` and ``mr`` are what the
    engines and jets leave (RULINGS KH-11).

    >>> adf_mr_in_state(StructureState.HALF, 4, 4)
    (Fraction(2, 1), Fraction(2, 1))
    >>> adf_mr_in_state(StructureState.TWO_THIRDS, 4, 1)
    (Fraction(1, 1), Fraction(1, 2))
    """
    if state is StructureState.HALF:
        return Fraction(adf) / 2, Fraction(mr) / 2
    if state is StructureState.TWO_THIRDS:
        one = Fraction(data.TWO_THIRDS_ADF_MR)
        return min(one, Fraction(adf) / 2), min(one, Fraction(mr) / 2)
    if state is StructureState.DESTROYED:
        return Fraction(0), Fraction(0)
    return Fraction(adf), Fraction(mr)


def void_engine_loss(adf: int, void_engines: int) -> Fraction | None:
    """ADF lost with one destroyed void engine: ADF / engines (seed 002, critical hits);
    ``None`` without engines."""
    if void_engines <= 0:
        return None
    return Fraction(adf, void_engines)


def blast_damage(hull_size: int) -> int:
    """Damage a ship blowing up does to every ship within 1,200 m: HS x 2,000."""
    return hull_size * data.BLAST_PER_HS


def breakup_target(dcr: int, stress_analysis: int) -> int:
    """What a ship past ½ or ⅔ of its SP lost rolls against to avoid breaking up: DCR plus the
    engineer's Stress Analysis level, the level added as it is (Knight Hawks 2000, EXPLANATION
    OF DAMAGE RESULTS, structure point damage; RULINGS KH-3). ``stress_analysis`` is 0 without
    an engineer or the skill.

    >>> breakup_target(120, 1), breakup_target(250, 3)
    (121, 253)
    """
    return dcr + stress_analysis


def repair_points(dcr: int, skill: int) -> int:
    """SP one successful repair restores, DCR + 10 x skill (seed 002, REPAIRS).

    >>> repair_points(140, 2)
    160
    """
    return dcr + data.REPAIR_SP_PER_SKILL * skill
