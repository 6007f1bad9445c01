"""Knight Hawks 2000 derived stats: :class:`KnightHawksStats`, :func:`derive` and their JSON form.

Numbers come from the tables in :mod:`sheetgen.games.knighthawks.data` and the rules
of play in :mod:`sheetgen.games.knighthawks.play`. Rule ids are the rulings in
``RULINGS.md`` (KH-1 .. KH-7). Arithmetic is exact: fractions stay
:class:`~fractions.Fraction` until printed (KH-1).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheetgen.core.jsondata import FieldHook, JSONObject, stats_dict, to_json
from sheetgen.games.knighthawks import data
from sheetgen.games.knighthawks.data import WeaponKind
from sheetgen.games.knighthawks.play import (
    StructureState,
    adf_mr_in_state,
    base_to_hit,
    bay_detonation,
    blast_damage,
    breach_damage,
    breakup_target,
    damage_control_rating,
    detection_modifier,
    evade_modifier,
    fraction_text,
    half_structure,
    maneuver_cost,
    maneuver_points,
    maneuver_turns,
    minimum_crew,
    rally_turns,
    ram_damage,
    range_hexes,
    repair_points,
    turns_needed,
    two_thirds_structure,
    void_engine_loss,
    weapon,
)
from sheetgen.games.knighthawks.rules import CrewMember, Design, MineDrop, crew_size, weapons_carried

__all__ = [
    "Attack",
    "KnightHawksStats",
    "SizeTotal",
    "attacks",
    "derive",
    "fleet_totals",
    "gunner_base",
]


# --- derived stats ------------------------------------------------------------------------------

_SKILL_NAMES: dict[str, tuple[str, ...]] = {
    "pilot": ("starshippilot", "pilot", "piloting"),
    "vehicular_combat": ("vehicularcombatstarship", "vehicularcombat"),
    "gunner": ("gunner", "gunnery", "gunnerbeams"),
    "stress_analysis": ("stressanalysis", "engineerstressanalysis"),
    "damage_control": ("engineerdamagecontrol", "damagecontrol"),
    "machinery_repair": ("machineryrepair",),
    "sensor_operation": ("sensoroperation", "sensoroperations", "sensors"),
}


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def skill_level(member: CrewMember | None, skill: str) -> int | None:
    """``member``'s level in ``skill`` (a key of the known skills: ``pilot``,
    ``vehicular_combat``, ``gunner``, ``stress_analysis``, ``damage_control``,
    ``machinery_repair``, ``sensor_operation``), matched by name however written; ``None`` if absent."""
    if member is None:
        return None
    wanted = _SKILL_NAMES[skill]
    for name, level in member.skills.items():
        if _norm(name) in wanted:
            return level
    return None


def gunner_base(member: CrewMember) -> tuple[Fraction, str, int]:
    """``member``'s base to hit as a gunner, ``(percent, "STR" or "DEX", Gunner level)``:
    half the higher of the STR and DEX given plus 10 a Gunner level (Knight Hawks 2000, HIT
    DETERMINATION; :func:`~sheetgen.games.knighthawks.play.base_to_hit`). With neither score
    given, the default score :data:`~sheetgen.games.knighthawks.data.DEFAULT_GUNNER_SCORE`
    (50) stands in and the label is ``"STR or DEX 50"``; the Gunner level is kept either way
    (RULINGS KH-8): Gunner 2 and no score is 25 + 20 = 45."""
    options = [(v, k) for k, v in (("STR", member.strength), ("DEX", member.dexterity)) if v is not None]
    value, label = (
        max(options) if options else (data.DEFAULT_GUNNER_SCORE, f"STR or DEX {data.DEFAULT_GUNNER_SCORE}")
    )
    level = skill_level(member, "gunner") or 0
    return base_to_hit(value, level), label, level


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
    two_thirds_adf: Fraction
    two_thirds_mr: Fraction
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
    #: the design's ``condition:`` block (the ship as play left it), ``None`` as built
    condition: dict[str, Any] | None = None
    design_notes: str | None = None  # the design's own ``notes:`` (``notes``: the rules' notes)

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
    carried = weapons_carried(design)
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
    # KH-3: ADF and MR past ½ and ⅔ of SP lost, as the play helper gives them
    half_adf, half_mr = adf_mr_in_state(StructureState.HALF, adf, mr)
    two_thirds_adf, two_thirds_mr = adf_mr_in_state(StructureState.TWO_THIRDS, adf, mr)
    # RULINGS KH-2: repairs add the best Damage Control and the best Machinery: Repair on board
    repair_skill = sum(
        max((skill_level(c, skill) or 0 for c in design.crew), default=0)
        for skill in ("damage_control", "machinery_repair")
    )
    dcr = damage_control_rating(hs)
    vc = skill_level(pilot, "vehicular_combat")
    if pilot is None:
        evasion = "no pilot named"
    elif vc is not None:
        evasion = f"Vehicular Combat (Starship) {vc}"
    else:
        level = skill_level(pilot, "pilot") or 0
        value = evade_modifier(level, adf, mr, hs)
        # ±(x) with x below 0 is ∓|x|: the sign printed once, a true minus (never "±-23%")
        sign = "±" if value >= 0 else "∓"
        worked = f"5×{level} + ADF {adf} + MR {mr} − HS {hs}"
        evasion = f"{sign}{abs(value)}% ({worked}" + (f" = −{abs(value)})" if value < 0 else ")")
    mine_total = sum(d.mines for d in design.minelaying if d.mines > 0)
    mine_hexes = len({(d.cell or d.hex, d.level) for d in design.minelaying if d.mines > 0})
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
        half_adf=half_adf,
        half_mr=half_mr,
        two_thirds_adf=two_thirds_adf,
        two_thirds_mr=two_thirds_mr,
        breakup_target=breakup_target(dcr, stress),  # RULINGS KH-3
        ram_damage=ram_damage(hs),
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
        design_notes=design.notes,
        count=design.count,
    )


# --- fleet totals -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SizeTotal:
    """The ships of one hull size in a fleet: ``hull_size`` (HS), number of ``ships``
    and their ``structure_points`` together (SP)."""

    hull_size: int
    ships: int
    structure_points: int


def fleet_totals(ships: Iterable[tuple[KnightHawksStats, int]]) -> list[SizeTotal]:
    """Ships and structure points per hull size of a fleet given as ``(stats, count)``
    pairs, largest hull size first: the text measures ships by Hull Size (seed 002,
    Maneuver Points, Point-Blank Range, Ramming) and damage by structure points, which
    each design states (RULINGS KH-3).
    """
    by_size: dict[int, list[int]] = {}
    for stats, count in ships:
        row = by_size.setdefault(stats.hull_size, [0, 0])
        row[0] += count
        row[1] += stats.structure_points * count
    return [SizeTotal(size, *by_size[size]) for size in sorted(by_size, reverse=True)]


@dataclass(frozen=True)
class Attack:
    """One attack a ship makes with a weapon line (``count`` mounts of ``code``, each its own
    attack) or a linked group (``linked`` its name: the group fires as one attack, its
    damage added up; KH-4), with who fires it: ``gunner`` (``None``: the default gunner,
    RULINGS KH-8) and ``base`` the base to hit in percent. ``dice`` D10 and ``max_damage``
    are one hit's; ``shots`` the attacks a mount makes a turn (``None``: the text gives
    none); ``kind`` the weapon kind, ``guided`` for weapons without a range of their own."""

    code: str
    count: int
    linked: str | None
    kind: WeaponKind
    dice: int
    max_damage: int
    shots: int | None
    guided: bool
    gunner: str | None
    base: Fraction


def _names(post: str, code: str, name: str, group: str | None) -> bool:
    """Whether a crew ``post`` names the weapon ``code`` (as a word), its ``name`` or its
    linked ``group``."""
    text = _norm(post)
    if group is not None and _norm(group) == text:
        return True
    words = {_norm(w) for w in re.split(r"[\s,;/()]+", post) if w}
    return _norm(code) in words or (bool(_norm(name)) and _norm(name) in text)


def _gunner(stats: KnightHawksStats, code: str, name: str, group: str | None) -> tuple[str | None, Fraction]:
    """Who fires the attack and their base to hit (RULINGS KH-8): the best gunner whose post
    names it; else the best crew member with no post who has the Gunner skill; else the
    default gunner (``None``). A gunner with no STR or DEX given fires on the default score
    with their own Gunner level (:func:`gunner_base`)."""
    posted = [c for c in stats.crew if c.post and _names(c.post, code, name, group)]
    if not posted:
        posted = [c for c in stats.crew if not c.post and skill_level(c, "gunner") is not None]
    best: tuple[Fraction, str | None] | None = None
    for member in posted:
        base = gunner_base(member)
        if best is None or base[0] > best[0]:
            best = (base[0], member.name or member.station)
    if best is None:
        return None, base_to_hit(data.DEFAULT_GUNNER_SCORE, data.DEFAULT_GUNNER_LEVEL)
    return best[1], best[0]


def attacks(stats: KnightHawksStats) -> list[Attack]:
    """The attacks ``stats``' ship makes: each linked group as one (its gunner the one posted
    to the group), then each weapon line's mounts not linked, in the design's order."""
    out: list[Attack] = []
    for group in stats.linked_groups:
        if not group.members:
            continue
        code = next(iter(group.members))
        w = weapon(code)
        if w is None:
            continue
        gunner, base = _gunner(stats, code, w.name, group.name)
        count = sum(group.members.values())
        out.append(
            Attack(
                "+".join(group.members),
                count,
                group.name,
                w.kind,
                group.dice,
                group.max_damage,
                w.rate_of_fire,
                w.range_km is None,
                gunner,
                base,
            )
        )
    for m in stats.weapons:
        left = m.count - m.linked
        w = weapon(m.code)
        if left <= 0 or w is None:
            continue
        gunner, base = _gunner(stats, m.code, m.name, None)
        out.append(
            Attack(
                m.code,
                left,
                None,
                w.kind,
                m.dice or 0,
                m.max_damage or 0,
                m.rate_of_fire,
                m.range_km is None,
                gunner,
                base,
            )
        )
    return out
