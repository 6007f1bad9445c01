"""Knight Hawks 2000 construction checks, derived stats and combat arithmetic.

Everything here reads the tables in :mod:`sheetgen.games.knighthawks.data`.
Rule ids are the rulings in ``RULINGS.md`` (KH-1 .. KH-7). Arithmetic is exact:
fractions stay :class:`~fractions.Fraction` until printed (KH-1).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from sheetgen.core.findings import Finding, Path, error, in_order, note, warning
from sheetgen.core.jsondata import FieldHook, JSONObject, stats_dict, to_json
from sheetgen.games.knighthawks import data
from sheetgen.games.knighthawks.data import DetectionBand, Weapon, WeaponKind

__all__ = [
    "CrewMember",
    "Design",
    "HitChances",
    "KnightHawksStats",
    "LinkedGroup",
    "MineDrop",
    "Ram",
    "StructureState",
    "WeaponEntry",
    "bay_detonation",
    "breach_damage",
    "check",
    "damage_control_rating",
    "damage_kept",
    "derive",
    "detection_band",
    "detection_check",
    "detection_modifier",
    "evade_cost",
    "fraction_text",
    "half_structure",
    "hit_chances",
    "maneuver_cost",
    "maneuver_points",
    "maneuver_turns",
    "minimum_crew",
    "rally_turns",
    "ram",
    "range_hexes",
    "reduced_damage",
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
    return f"{value.numerator}/{value.denominator}"


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
    inflicted = rammer_hs * data.RAM_DAMAGE_PER_HS
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
    kind: WeaponKind, *, icm_salvos: int = 0, abm_salvos: int = 0, mag_shielding: bool = False
) -> int:
    """Percent added to the chance to hit with a weapon of ``kind`` by the target's
    defences: −25 per ICM salvo (missiles, drones), −25 per ABM salvo the beam
    passes through, −50 for magnetic shielding (beams, missiles).

    >>> to_hit_modifier(WeaponKind.LASER, abm_salvos=2, mag_shielding=True)
    -100
    """
    total = 0
    if kind in data.DEFENCES["ICM"].against:
        total += data.DEFENCES["ICM"].to_hit * icm_salvos
    if kind in data.DEFENCES["ABM"].against:
        total += data.DEFENCES["ABM"].to_hit * abm_salvos
    if mag_shielding and kind in data.DEFENCES["MS"].against:
        total += data.DEFENCES["MS"].to_hit
    return total


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
    of d100 (seed 002, Critical Hit / Critical Miss).

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


def adf_mr_in_state(state: StructureState, adf: int, mr: int) -> tuple[Fraction, Fraction]:
    """ADF and MR in ``state``: halved at half structure, 1 at two-thirds, 0 when destroyed.

    >>> adf_mr_in_state(StructureState.HALF, 4, 4)
    (Fraction(2, 1), Fraction(2, 1))
    """
    if state is StructureState.HALF:
        return Fraction(adf, 2), Fraction(mr, 2)
    if state is StructureState.TWO_THIRDS:
        one = Fraction(data.TWO_THIRDS_ADF_MR)
        return min(one, Fraction(adf)), min(one, Fraction(mr))
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


def repair_points(dcr: int, skill: int) -> int:
    """SP one successful repair restores, DCR + 10 x skill (seed 002, REPAIRS).

    >>> repair_points(140, 2)
    160
    """
    return dcr + data.REPAIR_SP_PER_SKILL * skill


# --- the design ----------------------------------------------------------------------------


@dataclass
class WeaponEntry:
    """One line of a design's ``weapons:``: the code as written, how many, the
    ordnance carried for it (``None``: not stated), the bay name, where it is."""

    code: str
    count: int
    ordnance: int | None = None
    bay: str | None = None
    path: Path = ()


@dataclass
class LinkedGroup:
    """Weapons linked to fire as one attack: ``members`` maps code to how many."""

    name: str
    members: dict[str, int]
    path: Path = ()


@dataclass
class CrewMember:
    """One named crew member at a station, with IM and skill levels by name."""

    station: str
    name: str | None = None
    im: int | None = None
    skills: dict[str, int] = field(default_factory=dict)
    post: str | None = None
    strength: int | None = None
    dexterity: int | None = None
    path: Path = ()


@dataclass
class MineDrop:
    """One hex of a minelaying plan: the hex label, its grid level, mines laid there."""

    hex: str
    level: int
    mines: int
    path: Path = ()


@dataclass
class Design:
    """A Knight Hawks 2000 design as read from YAML (see the package docstring)."""

    name: str
    hull_size: int
    structure_points: int
    adf: int
    mr: int
    role: str = "military"
    design_class: str | None = None
    weapons: list[WeaponEntry] = field(default_factory=list)
    linked: list[LinkedGroup] = field(default_factory=list)
    icm_salvos: int = 0
    abm_salvos: int = 0
    magnetic_shielding: bool = False
    sensors: list[str] = field(default_factory=list)
    mastercomp: bool = True
    system_computers: list[str] = field(default_factory=list)
    void_engines: int = 1
    crew: list[CrewMember] = field(default_factory=list)
    crew_total: int | None = None
    minelaying: list[MineDrop] = field(default_factory=list)
    notes: str | None = None
    count: int = 1


# --- checks ---------------------------------------------------------------------------------


def _known_codes() -> str:
    return ", ".join(data.WEAPONS)


def _unknown_weapon(code: str, path: Path) -> Finding:
    extra = ""
    upper = code.strip().upper()
    if upper in data.CLASSIC_CODES:
        extra = f" ({code} is classic Knight Hawks, a different game's data)"
    elif upper in data.DEFENCES:
        extra = f" ({upper} is a defence: write it under 'defences')"
    return error("KH-7", f"unknown weapon {code!r}{extra}; the weapons list has {_known_codes()}", path)


def crew_size(design: Design) -> int:
    """Everyone aboard: ``crew_total`` when stated, else the named crew."""
    return design.crew_total if design.crew_total is not None else len(design.crew)


def check(design: Design) -> list[Finding]:
    """Every construction finding for ``design`` (RULINGS KH-1 to KH-7); never raises.

    Errors make the design illegal; warnings and notes do not.
    """
    out: list[Finding] = []
    hs = design.hull_size
    if hs <= 0:
        out.append(error("KH-2", f"hull size must be 1 or more, found {hs}", ("hull_size",)))
    if design.structure_points <= 0:
        out.append(
            error(
                "KH-3",
                f"structure points must be 1 or more, found {design.structure_points}",
                ("structure_points",),
            )
        )
    for key, value in (("adf", design.adf), ("mr", design.mr)):
        if value < 0:
            out.append(error("KH-1", f"{key.upper()} must be 0 or more, found {value}", (key,)))
    if design.mr == 0 and hs > 0:
        out.append(note("KH-1", "MR 0: the ship has no maneuver points", ("mr",)))
    out.extend(_check_weapons(design))
    out.extend(_check_linked(design))
    out.extend(_check_defences(design))
    out.extend(_check_crew(design))
    out.extend(_check_systems(design))
    out.extend(_check_minelaying(design))
    return in_order(out)


def _check_weapons(design: Design) -> list[Finding]:
    """KH-4, KH-7: known codes, positive counts, ordnance only where a weapon uses it."""
    out: list[Finding] = []
    for entry in design.weapons:
        w = weapon(entry.code)
        if w is None:
            out.append(_unknown_weapon(entry.code, (*entry.path, "code")))
            continue
        if entry.count <= 0:
            out.append(
                error(
                    "KH-4", f"{w.code} count must be 1 or more, found {entry.count}", (*entry.path, "count")
                )
            )
        if entry.ordnance is not None:
            if w.ordnance is None:
                out.append(
                    error(
                        "KH-4",
                        f"{w.code} ({w.name}) carries no ordnance; only "
                        f"{', '.join(x.code for x in data.WEAPONS.values() if x.ordnance)} do",
                        (*entry.path, "ordnance"),
                    )
                )
            elif entry.ordnance < 0:
                out.append(
                    error(
                        "KH-4",
                        f"{w.code} ordnance must be 0 or more, found {entry.ordnance}",
                        (*entry.path, "ordnance"),
                    )
                )
        elif w.ordnance is not None:
            out.append(
                note(
                    "KH-4",
                    f"no ordnance stated for {w.code}: the sheet prints a blank count to fill in",
                    entry.path,
                )
            )
    return out


def _carried(design: Design) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in design.weapons:
        w = weapon(entry.code)
        if w is not None and entry.count > 0:
            counts[w.code] += entry.count
    return counts


def _check_linked(design: Design) -> list[Finding]:
    """KH-4: linked groups use weapons the design carries, each weapon in one group."""
    out: list[Finding] = []
    carried = _carried(design)
    used: Counter[str] = Counter()
    for group in design.linked:
        size = 0
        for code, n in group.members.items():
            path = (*group.path, "weapons", code)
            w = weapon(code)
            if w is None:
                out.append(_unknown_weapon(code, path))
                continue
            if n <= 0:
                out.append(error("KH-4", f"linked {w.code} count must be 1 or more, found {n}", path))
                continue
            size += n
            used[w.code] += n
            if used[w.code] > carried[w.code]:
                out.append(
                    error(
                        "KH-4",
                        f"{used[w.code]} {w.code} linked but the design carries {carried[w.code]}",
                        path,
                    )
                )
            if w.kind not in data.GUNS:
                out.append(
                    warning(
                        "KH-4",
                        f"{w.code} ({w.kind.value}) linked: the text links guns; "
                        f"{w.code} attacks on its own rules",
                        path,
                    )
                )
        if 0 < size < 2:
            out.append(
                warning(
                    "KH-4",
                    f"linked group {group.name!r} holds one weapon: linking changes nothing",
                    group.path,
                )
            )
    return out


def _check_defences(design: Design) -> list[Finding]:
    """KH-4: magnetic shielding needs HS 2 or more; salvos carried are 0 or more."""
    out: list[Finding] = []
    ms = data.DEFENCES["MS"]
    if design.magnetic_shielding and 0 < design.hull_size < ms.min_hull_size:
        out.append(
            error(
                "KH-4",
                f"magnetic shielding needs hull size {ms.min_hull_size} or more; this ship is HS {design.hull_size}",
                ("defences", "magnetic_shielding"),
            )
        )
    for key, value in (("icm", design.icm_salvos), ("abm", design.abm_salvos)):
        if value < 0:
            out.append(
                error(
                    "KH-4",
                    f"{key.upper()} salvos carried must be 0 or more, found {value}",
                    ("defences", key),
                )
            )
    return out


def _check_crew(design: Design) -> list[Finding]:
    """KH-2: enough crew to fly the ship (HS) and still send boarders."""
    out: list[Finding] = []
    hs = design.hull_size
    crew = crew_size(design)
    where: Path = ("crew", "total") if design.crew_total is not None else ("crew",)
    if design.crew_total is not None and design.crew_total <= 0:
        out.append(error("KH-2", f"crew total must be 1 or more, found {design.crew_total}", where))
    elif hs > 0 and crew < hs:
        out.append(
            warning(
                "KH-2",
                f"crew of {crew} is below the minimum crew of {hs} (the hull size): "
                "cannot board another ship and fly this one at once",
                where,
            )
        )
    elif hs > 0 and crew == hs:
        out.append(note("KH-2", f"crew of {crew} exactly flies the ship: none spare for boarding", where))
    if design.crew_total is not None and 0 < design.crew_total < len(design.crew):
        out.append(
            warning(
                "KH-2",
                f"{len(design.crew)} crew named but the crew total is {design.crew_total}",
                ("crew", "total"),
            )
        )
    return out


def _check_systems(design: Design) -> list[Finding]:
    """KH-6: void engines, sensors and computers the damage results act on."""
    out: list[Finding] = []
    if design.void_engines < 0:
        out.append(
            error("KH-6", f"void engines must be 0 or more, found {design.void_engines}", ("void_engines",))
        )
    elif design.void_engines == 0 and design.adf > 0:
        out.append(
            warning(
                "KH-6",
                f"ADF {design.adf} with no void engines: a Void Engine result has nothing to damage",
                ("void_engines",),
            )
        )
    if not design.sensors:
        out.append(
            warning("KH-6", "no sensors: the ship cannot detect, nor acquire new targets", ("sensors",))
        )
    return out


def _check_minelaying(design: Design) -> list[Finding]:
    """KH-4: a minelaying plan needs mines aboard, at most 10 a hex, no more than carried."""
    out: list[Finding] = []
    if not design.minelaying:
        return out
    carried = sum(
        e.ordnance or 0
        for e in design.weapons
        if (w := weapon(e.code)) is not None and w.kind is WeaponKind.MINE and e.count > 0
    )
    has_layer = any((w := weapon(e.code)) is not None and w.kind is WeaponKind.MINE for e in design.weapons)
    if not has_layer:
        out.append(error("KH-4", "a minelaying plan needs mines among the weapons", ("minelaying",)))
    per_hex: Counter[tuple[str, int]] = Counter()
    total = 0
    for drop in design.minelaying:
        if drop.mines <= 0:
            out.append(
                error(
                    "KH-4",
                    f"mines in hex {drop.hex} must be 1 or more, found {drop.mines}",
                    (*drop.path, "mines"),
                )
            )
            continue
        key = (drop.hex.strip().upper(), drop.level)
        before = per_hex[key]
        per_hex[key] += drop.mines
        total += drop.mines
        if per_hex[key] > data.MAX_MINES_PER_HEX >= before:
            where = f"hex {drop.hex}" + (f" level {drop.level:+d}" if drop.level else "")
            out.append(
                error(
                    "KH-4",
                    f"{per_hex[key]} mines in {where}: at most {data.MAX_MINES_PER_HEX} a hex",
                    (*drop.path, "mines"),
                )
            )
    if has_layer and total > carried:
        out.append(
            error("KH-4", f"the plan lays {total} mines but the design carries {carried}", ("minelaying",))
        )
    return out


# --- derived stats ------------------------------------------------------------------------------

_SKILL_NAMES: dict[str, tuple[str, ...]] = {
    "pilot": ("starshippilot", "pilot", "piloting"),
    "vehicular_combat": ("vehicularcombatstarship", "vehicularcombat"),
    "gunner": ("gunner", "gunnery", "gunnerbeams"),
    "stress_analysis": ("stressanalysis", "engineerstressanalysis"),
    "damage_control": ("engineerdamagecontrol", "damagecontrol"),
    "sensor_operation": ("sensoroperation", "sensoroperations", "sensors"),
}


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def skill_level(member: CrewMember | None, skill: str) -> int | None:
    """``member``'s level in ``skill`` (a key of the known skills: ``pilot``,
    ``vehicular_combat``, ``gunner``, ``stress_analysis``, ``damage_control``,
    ``sensor_operation``), matched by name however written; ``None`` if absent."""
    if member is None:
        return None
    wanted = _SKILL_NAMES[skill]
    for name, level in member.skills.items():
        if _norm(name) in wanted:
            return level
    return None


@dataclass
class Mount:
    """A weapon line as printed: figures from the list, count, ordnance, linked."""

    code: str
    name: str
    kind: str
    count: int
    range_km: int | None
    range_hexes: int | None
    rate_of_fire: int | None
    launch_all: bool
    max_damage: int | None
    dice: int | None
    per: str
    any_arc: bool
    ordnance: int | None
    ordnance_name: str | None
    bay: str | None
    linked: int
    note: str


@dataclass
class Group:
    """A linked group as printed: members, their combined maximum damage."""

    name: str
    members: dict[str, int]
    max_damage: int
    dice: int


@dataclass
class Bay:
    """An ordnance magazine or hangar: what it holds and what it does if hit."""

    name: str
    code: str
    ordnance_name: str
    carried: int | None
    detonation: int | None


@dataclass
class ManeuverRow:
    """One maneuver with this ship's cost (MP) and the turns it takes."""

    id: str
    name: str
    rule: str
    cost: Fraction | None
    turns: Fraction | None


@dataclass
class KnightHawksStats:
    """Derived stats of a Knight Hawks 2000 design (JSON keys of ``sheetgen stats --json``).

    Fractions are exact; :meth:`to_dict` turns them into JSON numbers and adds
    ``*_text`` keys with the printed fraction (KH-1). Fields are in the order of
    the JSON keys (see :data:`_JSON_FIELDS` for the ones written otherwise).
    """

    name: str
    design_class: str | None
    role: str
    hull_size: int
    structure_points: int
    adf: int
    mr: int
    maneuver_points: Fraction | None
    maneuver_turns: Fraction | None
    damage_control_rating: int
    minimum_crew: int
    crew_total: int
    boarding_party: int
    rally_turns: int
    detection_modifier: int | None
    half_structure: int
    two_thirds_structure: int
    half_adf: Fraction
    half_mr: Fraction
    breakup_target: int
    ram_damage: int
    blast_damage: int
    breach_damage: Fraction
    attacks_per_turn: int
    weapons: list[Mount]
    linked_groups: list[Group]
    bays: list[Bay]
    icm_salvos: int
    abm_salvos: int
    magnetic_shielding: bool
    sensors: list[str]
    mastercomp: bool
    system_computers: list[str]
    void_engines: int
    adf_per_void_engine: Fraction | None
    crew: list[CrewMember]
    captain_im: int | None
    pilot_im: int | None
    evasion: str
    repair_skill: int
    stress_analysis: int
    maneuvers: list[ManeuverRow]
    repair_points: int
    mines_planned: int
    mine_hexes: int
    minelaying: list[MineDrop]
    notes: list[str]
    count: int = 1
    game: str = "knight-hawks-2000"

    def to_dict(self) -> JSONObject:
        """The object ``sheetgen stats --json`` prints (:func:`~sheetgen.core.jsondata.stats_dict`
        with :data:`_JSON_FIELDS`)."""
        return stats_dict(self, _JSON_FIELDS)


def _with_text(key: str, value: Fraction | None) -> JSONObject:
    """A fraction as its JSON number plus ``KEY_text``, the printed fraction (KH-1)."""
    return {key: to_json(value), f"{key}_text": fraction_text(value)}


def _mount_json(m: Mount) -> JSONObject:
    return {
        "code": m.code,
        "name": m.name,
        "kind": m.kind,
        "count": m.count,
        "range_km": m.range_km,
        "range_hexes": m.range_hexes,
        "rate_of_fire": "all carried" if m.launch_all else m.rate_of_fire,
        "max_damage": m.max_damage,
        "dice": f"{m.dice}D10" if m.dice else None,
        "per": m.per,
        "any_arc": m.any_arc,
        "ordnance": m.ordnance,
        "linked": m.linked,
    }


def _maneuver_json(m: ManeuverRow) -> JSONObject:
    return {"id": m.id, **_with_text("cost", m.cost), **_with_text("turns", m.turns)}


def _none(s: KnightHawksStats) -> JSONObject:
    """Left out of the JSON (shown on the sheet only)."""
    return {}


#: How :meth:`KnightHawksStats.to_dict` writes the fields it does not write as they are.
_JSON_FIELDS: dict[str, FieldHook[KnightHawksStats]] = {
    "maneuver_points": lambda s: _with_text("maneuver_points", s.maneuver_points),
    "maneuver_turns": lambda s: _with_text("maneuver_turns", s.maneuver_turns),
    "weapons": lambda s: {"weapons": [_mount_json(m) for m in s.weapons]},
    "linked_groups": lambda s: {
        "linked_groups": [
            {"name": g.name, "weapons": to_json(g.members), "max_damage": g.max_damage, "attacks": 1}
            for g in s.linked_groups
        ]
    },
    "bays": lambda s: {
        "bays": [
            {"name": b.name, "holds": b.ordnance_name, "carried": b.carried, "detonation": b.detonation}
            for b in s.bays
        ]
    },
    "icm_salvos": lambda s: {
        "defences": {
            "icm_salvos": s.icm_salvos,
            "abm_salvos": s.abm_salvos,
            "magnetic_shielding": s.magnetic_shielding,
        }
    },
    "abm_salvos": _none,
    "magnetic_shielding": _none,
    "mastercomp": lambda s: {
        "computers": {"mastercomp": s.mastercomp, "systems": to_json(s.system_computers)}
    },
    "system_computers": _none,
    "crew": lambda s: {
        "crew": [
            {
                "station": c.station,
                "name": c.name,
                "im": c.im,
                "skills": to_json(c.skills),
                **({"post": c.post} if c.post else {}),
            }
            for c in s.crew
        ]
    },
    "captain_im": _none,
    "pilot_im": _none,
    "evasion": _none,
    "repair_skill": _none,
    "stress_analysis": _none,
    "maneuvers": lambda s: {"maneuvers": [_maneuver_json(m) for m in s.maneuvers]},
    "repair_points": lambda s: {
        "repair_every_turns": data.REPAIR_EVERY_TURNS,
        "repair_points": s.repair_points,
    },
    "mine_hexes": _none,
    "minelaying": _none,
    "notes": _none,
}


def attacks_per_turn(design: Design) -> int:
    """Attacks a turn: one per weapon carried, a linked group counting once (seed 002, FIRING)."""
    carried = _carried(design)
    linked_members = 0
    groups = 0
    for group in design.linked:
        size = sum(
            n
            for code, n in group.members.items()
            if (w := weapon(code)) is not None and n > 0 and carried[w.code]
        )
        if size:
            groups += 1
            linked_members += size
    return max(0, sum(carried.values()) - linked_members) + groups


def _station(design: Design, station: str) -> CrewMember | None:
    return next((c for c in design.crew if c.station == station), None)


def derive(design: Design) -> KnightHawksStats:
    """Derived stats from the encoded tables (KH-1 .. KH-6); never raises.

    Non-positive sizes derive as zero so an illegal design can still be shown.
    """
    hs = max(design.hull_size, 0)
    sp = max(design.structure_points, 0)
    adf, mr = max(design.adf, 0), max(design.mr, 0)
    mp = maneuver_points(hs, mr) if hs else None
    linked_count: Counter[str] = Counter()
    groups: list[Group] = []
    for group in design.linked:
        dmg = dice = 0
        members: dict[str, int] = {}
        for code, n in group.members.items():
            w = weapon(code)
            if w is None or n <= 0:
                continue
            members[w.code] = members.get(w.code, 0) + n
            linked_count[w.code] += n
            dmg += n * (w.max_damage or 0)
            dice += n * (w.dice or 0)
        groups.append(Group(group.name, members, dmg, dice))
    mounts: list[Mount] = []
    bays: list[Bay] = []
    for entry in design.weapons:
        w = weapon(entry.code)
        if w is None:
            continue
        count = max(entry.count, 0)
        ordnance = entry.ordnance if w.ordnance is not None else None
        linked = min(count, linked_count[w.code])
        linked_count[w.code] -= linked
        mounts.append(
            Mount(
                code=w.code,
                name=w.name,
                kind=w.kind.value,
                count=count,
                range_km=w.range_km,
                range_hexes=range_hexes(w.range_km) if w.range_km is not None else None,
                rate_of_fire=w.rate_of_fire,
                launch_all=w.launch_all,
                max_damage=w.max_damage,
                dice=w.dice,
                per=w.per,
                any_arc=w.any_arc,
                ordnance=ordnance,
                ordnance_name=w.ordnance,
                bay=entry.bay,
                linked=linked,
                note=w.note,
            )
        )
        if w.ordnance is not None:
            hangar = w.kind is WeaponKind.DRONE
            bays.append(
                Bay(
                    entry.bay or f"{w.code} {'hangar' if hangar else 'magazine'}",
                    w.code,
                    w.ordnance,
                    ordnance,
                    bay_detonation(w.code, ordnance) if ordnance is not None and ordnance >= 0 else None,
                )
            )
    engineer = _station(design, "engineer")
    pilot = _station(design, "pilot")
    captain = _station(design, "captain")
    stress = skill_level(engineer, "stress_analysis") or 0
    repair_skill = skill_level(engineer, "damage_control") or 0
    dcr = damage_control_rating(hs)
    vc = skill_level(pilot, "vehicular_combat")
    if pilot is None:
        evasion = "no pilot named"
    elif vc is not None:
        evasion = f"Vehicular Combat (Starship) {vc}"
    else:
        level = skill_level(pilot, "pilot") or 0
        evasion = f"±{evade_modifier(level, adf, mr, hs)}% (5×{level} + ADF {adf} + MR {mr} − HS {hs})"
    mine_total = sum(d.mines for d in design.minelaying if d.mines > 0)
    mine_hexes = len({(d.hex.strip().upper(), d.level) for d in design.minelaying if d.mines > 0})
    maneuvers = []
    for m in data.MANEUVERS:
        cost = maneuver_cost(m.id, mp) if mp is not None and mp > 0 else None
        turns: Fraction | None
        if cost is None:
            turns = None
        elif m.id == "grapple":
            turns = Fraction(1)
        else:
            turns = turns_needed(cost, mp)
        maneuvers.append(ManeuverRow(m.id, m.name, m.short, cost, turns))
    notes: list[str] = []
    if any(mt.launch_all for mt in mounts):
        notes.append("Seekers, torpedoes and mines: launch or lay as many as carried in one turn.")
    if any(mt.per == "pulse" and mt.count for mt in mounts):
        notes.append("LLC and LLB: five pulses a turn, each rolled to hit on its own.")
    if design.minelaying:
        notes.append(f"While laying mines: ADF at most {data.MINELAYING_MAX_ADF}, 1 MP per hex mined.")
    if design.notes:
        notes.append(design.notes)
    return KnightHawksStats(
        name=design.name,
        design_class=design.design_class,
        role=design.role,
        hull_size=design.hull_size,
        structure_points=design.structure_points,
        adf=design.adf,
        mr=design.mr,
        maneuver_points=mp,
        maneuver_turns=maneuver_turns(hs, mr),
        damage_control_rating=dcr,
        minimum_crew=minimum_crew(hs),
        crew_total=crew_size(design),
        boarding_party=max(0, crew_size(design) - minimum_crew(hs)),
        rally_turns=rally_turns(hs, design.role),
        detection_modifier=detection_modifier(hs),
        half_structure=half_structure(sp),
        two_thirds_structure=two_thirds_structure(sp),
        half_adf=Fraction(adf, 2),
        half_mr=Fraction(mr, 2),
        breakup_target=dcr + stress,
        ram_damage=hs * data.RAM_DAMAGE_PER_HS,
        blast_damage=blast_damage(hs),
        breach_damage=breach_damage(sp),
        attacks_per_turn=attacks_per_turn(design),
        weapons=mounts,
        linked_groups=groups,
        bays=bays,
        icm_salvos=max(design.icm_salvos, 0),
        abm_salvos=max(design.abm_salvos, 0),
        magnetic_shielding=design.magnetic_shielding,
        sensors=list(design.sensors),
        mastercomp=design.mastercomp,
        system_computers=list(design.system_computers),
        void_engines=max(design.void_engines, 0),
        adf_per_void_engine=void_engine_loss(adf, design.void_engines),
        crew=list(design.crew),
        captain_im=captain.im if captain else None,
        pilot_im=pilot.im if pilot else None,
        evasion=evasion,
        repair_points=repair_points(dcr, repair_skill),
        repair_skill=repair_skill,
        stress_analysis=stress,
        maneuvers=maneuvers,
        mines_planned=mine_total,
        mine_hexes=mine_hexes,
        minelaying=list(design.minelaying),
        notes=notes,
        count=design.count,
    )
