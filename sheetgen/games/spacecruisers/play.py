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
    "attack_problem",
    "critical_problem",
    "critical_rolls",
    "damage_total",
    "drives_now",
    "hit_result",
    "hits_on",
    "may_evade",
    "move_ok",
    "size_class",
    "stack_allowed",
    "weapon",
    "weapon_range",
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


def move_ok(
    forward: int,
    turns: int,
    *,
    drives: int,
    disabled: bool = False,
    thrusters_damaged: bool = False,
    into_occupied_hex: bool = False,
) -> bool:
    """Whether a ship may make ``forward`` hexes ahead and ``turns`` 60 degree turns in one
    Move Phase (Space Cruisers, system notes and Move Phase): each intact drive gives one
    hex forward or one turn (a station has none and never moves); a ship disabled by an
    ion shockwave may not move; with maneuvering thrusters damaged (critical 7) it turns
    or flies straight that turn, not both; and it may not end in a hex another ship holds
    (``into_occupied_hex``, :func:`stack_allowed`). The jump plasma turbine's one jump
    is apart from this.

    >>> move_ok(2, 1, drives=3), move_ok(3, 1, drives=3), move_ok(1, 0, drives=3, disabled=True)
    (True, False, False)
    >>> move_ok(1, 1, drives=3, thrusters_damaged=True), move_ok(2, 0, drives=3, thrusters_damaged=True)
    (False, True)
    """
    if forward < 0 or turns < 0:
        raise ValueError(f"hexes forward and turns are 0 or more, got {forward} and {turns}")
    if forward == 0 and turns == 0:
        return True
    if disabled or forward + turns > drives:
        return False
    if thrusters_damaged and forward and turns:
        return False
    return not (into_occupied_hex and forward)


# --- combat (SC-7) ------------------------------------------------------------------


def weapon(system: str) -> data.Weapon:
    """How ``system`` attacks (range, dice, to-hit, arc); raises ``ValueError``
    naming the weapons when ``system`` is not one."""
    s = SYSTEMS.get(system)
    if s is None or s.weapon is None:
        weapons = ", ".join(n for n, x in SYSTEMS.items() if x.weapon is not None)
        raise ValueError(f"{system!r} is not a weapon; weapons are {weapons}")
    return s.weapon


def weapon_range(system: str, *, internal_damage: bool = False) -> int:
    """Hexes ``system`` reaches (seed 004, system notes), one less after a weapons internal
    damage critical (critical 8: -1 range to all weapons). The critical's -1 damage
    and -1 range go together, so they bear on the weapons that roll damage (phasers,
    torpedoes, chain guns, missiles); a security team still reaches the adjacent ship and
    an ion shockwave its one-hex ring. Raises ``ValueError`` for a system that is not a
    weapon.

    >>> weapon_range("phasers"), weapon_range("phasers", internal_damage=True)
    (6, 5)
    >>> weapon_range("security team", internal_damage=True)
    1
    """
    w = weapon(system)
    if internal_damage and w.dice > 0:
        return w.range + data.CRITICALS_BY_ID["internal"].range
    return w.range


def attack_problem(
    system: str,
    range_hexes: int | None = None,
    *,
    cloaked: bool = False,
    disabled: bool = False,
    internal_damage: bool = False,
    target_in_arc: bool = True,
    target_cloaked: bool = False,
    target_shields: int = 0,
) -> str | None:
    """Why ``system`` may not attack a target ``range_hexes`` away this turn, or ``None``
    when it may (Space Cruisers, system notes, cloak and attack phases): a cloaked ship
    cannot attack; a ship disabled by an ion shockwave may not fire; the target must lie
    within :func:`weapon_range` (``None``: range not checked) and in the weapon's arc
    (``target_in_arc``: front 120 degrees for phasers and chain guns, the hex row straight
    ahead for torpedoes; all round for missiles and on a station); a security team attacks
    only an adjacent ship that is not cloaked and has no shields. Raises ``ValueError``
    for a system that is not a weapon or a negative range.

    >>> attack_problem("phasers", 6), attack_problem("phasers", 7)
    (None, 'out of range: the phasers reach 6 hexes, the target is 7 away')
    >>> attack_problem("security team", 1, target_shields=1)
    'a security team attacks only a ship without shields'
    """
    w = weapon(system)
    if range_hexes is not None and range_hexes < 0:
        raise ValueError(f"range must be 0 or more hexes, got {range_hexes}")
    if cloaked:
        return "a cloaked ship cannot attack"
    if disabled:
        return "a ship disabled by an ion shockwave may not fire"
    reach = weapon_range(system, internal_damage=internal_damage)
    if range_hexes is not None and range_hexes > reach:
        hexes = f"{reach} hex{'es' if reach != 1 else ''}"
        return f"out of range: the {system} reach {hexes}, the target is {range_hexes} away"
    if not target_in_arc:
        return f"the target is outside the arc of the {system} ({w.arc})"
    if w.arc is data.Arc.ADJACENT:
        if target_cloaked:
            return "a security team attacks only an uncloaked ship"
        if target_shields > 0:
            return "a security team attacks only a ship without shields"
    return None


def hits_on(
    system: str,
    *,
    scanners: int = 0,
    cloaked: bool = False,
    targeting_hit: bool = False,
    range_hexes: int | None = None,
    firer_cloaked: bool = False,
    disabled: bool = False,
    internal_damage: bool = False,
    target_in_arc: bool = True,
) -> int | None:
    """The d10 roll (at or above) ``system`` needs to hit (SC-7): the weapon's
    number, -1 per scanner used on the attack, +3 against a cloaked ship, +1
    after a targeting-computer critical. ``None`` for weapons that roll no
    to-hit (security team, ion shockwave), and when the attack cannot be made at
    all (:func:`attack_problem`: a cloaked or disabled firer, a target beyond the
    weapon's range, one less after internal damage, or outside its arc). Raises
    ``ValueError`` for a system that is not a weapon.

    >>> hits_on("phasers"), hits_on("phasers", scanners=1), hits_on("phasers", cloaked=True)
    (5, 4, 8)
    >>> hits_on("phasers", range_hexes=7), hits_on("phasers", firer_cloaked=True)
    (None, None)
    """
    w = weapon(system)
    if w.hits_on is None:
        return None
    problem = attack_problem(
        system,
        range_hexes,
        cloaked=firer_cloaked,
        disabled=disabled,
        internal_damage=internal_damage,
        target_in_arc=target_in_arc,
    )
    if problem is not None:
        return None
    return (
        w.hits_on
        - scanners * data.SCANNER_TO_HIT
        - (data.CLOAKED_TO_HIT if cloaked else 0)
        - (data.CRITICALS_BY_ID["targeting"].to_hit if targeting_hit else 0)
    )


# --- damage (seed 004, attack phase, system notes) ------------------------------------


def damage_total(roll: int, *, targeting_computer: bool = False, internal_damage: bool = False) -> int:
    """The damage of one hit whose dice show ``roll``: +1 with a targeting computer, -1
    after a weapons internal damage critical (critical 8), never below 0 (Space
    Cruisers, system notes and critical damage table).

    >>> damage_total(4, targeting_computer=True), damage_total(1, internal_damage=True)
    (5, 0)
    """
    bonus = data.TARGETING_COMPUTER_DAMAGE if targeting_computer else 0
    bonus += data.CRITICALS_BY_ID["internal"].damage if internal_damage else 0
    return max(0, roll + bonus)


def hit_result(damage: int, shields: int) -> tuple[int, bool]:
    """What a hit of ``damage`` that was not evaded does to a ship with ``shields`` intact
    shields: ``(hull points lost, a shield blown)`` (Space Cruisers, shields and attack
    phase). A shield negates the hit; at 5 or more damage the shield is destroyed too.
    Without shields each point takes one hull point.

    >>> hit_result(4, 1), hit_result(5, 1), hit_result(5, 0)
    ((0, False), (0, True), (5, False))
    """
    if shields > 0:
        return 0, damage > data.SHIELD_HOLDS
    return damage, False


def critical_rolls(system: str, hull_points: int) -> int:
    """Rolls on the critical damage table for one hit by ``system`` on a ship left with
    ``hull_points``: none until the hull points are negative; then 1 for a phaser (and a
    chain gun), 2 for a torpedo or missile (Space Cruisers, attack phase). Raises
    ``ValueError`` for a system that is not a weapon.

    >>> critical_rolls("phasers", 0), critical_rolls("phasers", -1), critical_rolls("photon torpedoes", -1)
    (0, 1, 2)
    """
    w = weapon(system)
    return w.critical_rolls if hull_points < 0 else 0


def critical_problem(hull_points: int, criticals: int, jump_turbines: int) -> str | None:
    """Why a ship left with ``hull_points`` cannot have taken ``criticals`` rolls on the
    critical damage table, or ``None`` when it can. Below zero hull points every hit calls
    for them (:func:`critical_rolls`), so any number may stand. At zero or more only a jump
    plasma turbine's jump calls for one (a d6 of 6 is a critical hit on the ship itself), and
    each of its ``jump_turbines`` turbines is used once (Space Cruisers, attack phase and
    additional systems). Play and ``validate`` both ask this.

    >>> critical_problem(-1, 3, 0), critical_problem(10, 1, 1)
    (None, None)
    >>> critical_problem(10, 1, 0)
    'a critical at 10 hull points: only hits below zero call for one'
    >>> critical_problem(10, 2, 1)
    'a critical at 10 hull points: only hits below zero, and each jump plasma turbine once (1 aboard), call for one'
    """
    if hull_points < 0 or criticals <= max(jump_turbines, 0):
        return None
    if jump_turbines <= 0:
        return f"a critical at {hull_points} hull points: only hits below zero call for one"
    return (
        f"a critical at {hull_points} hull points: only hits below zero, and each jump plasma turbine"
        f" once ({jump_turbines} aboard), call for one"
    )


def may_evade(elite_crew: int, evades_used: int) -> bool:
    """Whether a hit ship may try to evade: one attempt per elite crew a turn, and none
    without an elite crew (Space Cruisers, elite crew); a security team's attack may be
    evaded like a hit.

    >>> may_evade(1, 0), may_evade(1, 1), may_evade(0, 0)
    (True, False, False)
    """
    return evades_used < elite_crew


def drives_now(drives: int, criticals: list[str] | tuple[str, ...]) -> int:
    """The drives a ship has left after its ``criticals`` (Critical Damage Table ids): each
    "1 Drive destroyed" takes one (Space Cruisers, Critical Damage Table), never below 0.
    Each drive left is one move a turn and +1 to the initiative roll (Drives)."""
    return max(0, drives - list(criticals).count("drive"))
