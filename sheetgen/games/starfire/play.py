"""Starfire rules of play: movement, engine rooms, wrecks and combat numbers (SF-8).

Pure functions of numbers and the tables in :mod:`sheetgen.games.starfire.data`;
the checks, derived stats, sheets and reference card all compute from these.
Rule ids are the rulings in ``RULINGS.md`` (SF-1 .. SF-11).
"""

from __future__ import annotations

import itertools
import math

from sheetgen.core.fields import did_you_mean
from sheetgen.games.starfire import data
from sheetgen.games.starfire.data import Hull, RoomPattern

__all__ = [
    "base_effective_range",
    "can_hard_turn",
    "damage_received",
    "engine_modulation_mp",
    "engine_mp",
    "fixed_rooms",
    "intercept_number",
    "is_wreck",
    "may_shelter",
    "may_transit",
    "may_turn",
    "modulated_move_ok",
    "regains_shield",
    "room_sizes_ok",
    "skips_system",
    "targeting_range",
    "to_hit",
    "weapon_damage",
]


# --- movement -----------------------------------------------------------------


def engine_mp(hull: Hull, engines: int) -> int:
    """Movement points ``engines`` intact drives give on ``hull`` (RULINGS SF-1):
    ``min(Max MP, floor(engines x MPs per engine))``; 0 for bases.

    >>> engine_mp(data.HULLS["CL"], 5)
    3
    """
    if hull.mp_per_engine is None:
        return 0
    return min(hull.max_mp, math.floor(engines * hull.mp_per_engine))


def room_sizes_ok(pattern: RoomPattern, sizes: list[int]) -> bool:
    """Whether engine rooms of these ``sizes`` (drives per room, in order) follow ``pattern`` (SF-5)."""
    if pattern is RoomPattern.SINGLE:
        return all(s == 1 for s in sizes)
    if pattern is RoomPattern.DOUBLE:
        return all(s == 2 for s in sizes)
    if pattern is RoomPattern.ALTERNATING:
        return all(s == (2 if (len(sizes) - 1 - i) % 2 == 0 else 1) for i, s in enumerate(sizes))
    return not sizes


def legal_room_layouts(pattern: RoomPattern, most_rooms: int) -> list[list[int]]:
    """Every room layout (drives per room, in order) of 1 to ``most_rooms`` rooms that
    :func:`room_sizes_ok` accepts for ``pattern`` (SF-5), fewest rooms first.

    >>> legal_room_layouts(RoomPattern.ALTERNATING, 3)
    [[2], [1, 2], [2, 1, 2]]
    """
    out: list[list[int]] = []
    for n in range(1, most_rooms + 1):
        out.extend(
            list(sizes)
            for sizes in itertools.product((1, 2), repeat=n)
            if room_sizes_ok(pattern, list(sizes))
        )
    return out


def fixed_rooms(pattern: RoomPattern, engines: int) -> list[int] | None:
    """Room sizes that hold ``engines`` drives the way ``pattern`` wants, or ``None``
    when no arrangement can (an odd count on a CA, a CL count of 4 or 7...).

    >>> fixed_rooms(RoomPattern.ALTERNATING, 6)
    [1, 2, 1, 2]
    """
    if engines <= 0:
        return [] if engines == 0 else None
    if pattern is RoomPattern.SINGLE:
        return [1] * engines
    if pattern is RoomPattern.DOUBLE:
        return [2] * (engines // 2) if engines % 2 == 0 else None
    if pattern is RoomPattern.ALTERNATING:
        pairs, rest = divmod(engines, 3)
        if rest == 0:
            return [1, 2] * pairs
        if rest == 2:
            return [2] + [1, 2] * pairs
        return None
    return None


def mp_after_rooms_lost(hull: Hull, room_sizes: list[int], speed: int) -> list[int]:
    """MP left after 0, 1, 2... engine rooms are lost, left to right (damage order, SF-5, SF-10).

    Only intact rooms count, same rounding, never above the design speed.
    """
    out = []
    for lost in range(len(room_sizes) + 1):
        out.append(min(speed, engine_mp(hull, sum(room_sizes[lost:]))))
    return out


def may_turn(mp_in_one_direction: int, turn_mode: int) -> bool:
    """Whether a ship may turn one hexside right after the MP just spent.

    ``mp_in_one_direction`` counts the MP spent since the last facing change
    (moving straight or staying in the hex), the MP just spent included. The
    turn mode is fulfilled by the TM-th such MP, and the turn comes right after
    that MP, not after the next one (seed 001, movement): a TM 2 ship turns after
    its 2nd MP.

    >>> may_turn(2, 2), may_turn(1, 2)
    (True, False)
    """
    return mp_in_one_direction >= max(turn_mode, 1)


def can_hard_turn(movement_points: int, turn_mode: int, *, transited: bool = False) -> bool:
    """A hard turn needs at least as many MP as the turn mode (Solar Starfire Quick Start,
    movement), and no ship makes one on the turn it transits a warp point (warp point
    transits).

    >>> can_hard_turn(2, 2), can_hard_turn(1, 2), can_hard_turn(6, 2, transited=True)
    (True, False, False)
    """
    return not transited and movement_points >= turn_mode and movement_points > 0


def engine_modulation_mp(movement_points: int, turn_mode: int, *, transited: bool = False) -> int | None:
    """MP left for a turn of engine modulation: MP - TM, which needs MP >= TM + 1;
    ``None`` when the ship cannot modulate (seed 001: a CT with TM 2 and 6 MP has 4),
    and on the turn the ship transits a warp point (warp point transits).

    >>> engine_modulation_mp(6, 2), engine_modulation_mp(2, 2), engine_modulation_mp(6, 2, transited=True)
    (4, None, None)
    """
    if transited or movement_points < turn_mode + 1:
        return None
    return movement_points - turn_mode


def modulated_move_ok(mp_spent: int, left_start_hex: bool) -> bool:
    """Whether a turn of engine modulation was moved as the rule asks (Solar Starfire
    Quick Start, movement): at least one MP spent and the ship out of the hex it
    started the turn in; spending every MP in the starting hex is not allowed.

    >>> modulated_move_ok(4, True), modulated_move_ok(4, False), modulated_move_ok(0, True)
    (True, False, False)
    """
    return mp_spent >= 1 and left_start_hex


def may_transit(
    *,
    base: bool,
    leaving: bool = False,
    entered_by_warp_this_turn: bool = False,
    transits_this_mp: int = 0,
) -> bool:
    """Whether a unit may pass through a warp point with the MP being spent (Solar
    Starfire Quick Start, warp point transits): bases never transit; only one unit
    passes in one MP (``transits_this_mp`` have already passed in it); a ship may not
    leave the map through a warp point (``leaving``) on the turn it came onto the map
    through one.

    >>> may_transit(base=False), may_transit(base=True), may_transit(base=False, transits_this_mp=1)
    (True, False, False)
    >>> may_transit(base=False, leaving=True, entered_by_warp_this_turn=True)
    False
    """
    if base or transits_this_mp >= 1:
        return False
    return not (leaving and entered_by_warp_this_turn)


def may_shelter(*, base: bool, planet_or_moon_in_hex: bool) -> bool:
    """Whether a unit may declare it shelters behind a planet or moon this Combat Phase
    (Solar Starfire Quick Start, terrain): a ship, not a base, in a hex with a planet
    or moon. A sheltering unit neither fires nor is fired on from another hex
    (``to_hit(..., sheltering=True)``).

    >>> may_shelter(base=False, planet_or_moon_in_hex=True), may_shelter(base=True, planet_or_moon_in_hex=True)
    (True, False)
    """
    return planet_or_moon_in_hex and not base


def is_wreck(remaining: list[str]) -> bool:
    """Whether a ship whose undestroyed systems are ``remaining`` (codes) is a wreck:
    nothing but shields, armor and cargo holds left counts as destroyed (SF-10).

    >>> is_wreck(["S", "A", "H"]), is_wreck(["S", "Q"])
    (True, False)
    """
    return all(code.rstrip("+") in ("S", "A", "H") for code in remaining)


# --- combat (SF-8) --------------------------------------------------------------


def base_effective_range(weapon: str, range_hexes: int) -> int:
    """Range a base with combat sensors (Y) uses for R, G or Pt (SF-8):
    beyond 12 hexes, the true range less 5, never below 12.

    >>> base_effective_range("R", 20), base_effective_range("R", 16), base_effective_range("R", 9)
    (15, 12, 9)
    """
    if weapon not in data.BASE_EXTENDED_WEAPONS or range_hexes <= data.BASE_RANGE_FLOOR:
        return range_hexes
    return max(data.BASE_RANGE_FLOOR, range_hexes - data.BASE_RANGE_REDUCTION)


def targeting_range(weapons: list[str], *, combat_sensors: bool, base: bool, transited: bool = False) -> int:
    """Farthest range in hexes at which the ship can fire (SF-8): 10 without combat sensors
    (Y), the chart's 20 with them, and for a base with Y the farthest range at which one of
    its R, G or Pt still hits once the base range rule shortens it (22 hexes is read as 17).
    On the turn a ship transits a warp point its combat sensors cannot be used (Solar
    Starfire Quick Start, warp point transits): 10.

    >>> targeting_range(["R"], combat_sensors=False, base=False)
    10
    >>> targeting_range(["R"], combat_sensors=True, base=False)
    20
    >>> targeting_range(["R"], combat_sensors=True, base=False, transited=True)
    10
    """
    if not combat_sensors or transited:
        return data.UNSENSED_TARGETING_LIMIT
    reach = max(data.RANGES)
    if not base:
        return reach
    far = reach
    for w in weapons:
        for r in range(reach + 1, reach + data.BASE_RANGE_REDUCTION + 1):
            if to_hit(w, r, base_with_sensors=True) is not None:
                far = max(far, r)
    return far


def _chart_range(weapon: str, range_hexes: int, base_with_sensors: bool, combat_sensors: bool) -> int | None:
    if range_hexes < 0:
        raise ValueError(f"range must be 0 or more hexes, got {range_hexes}")
    if weapon not in data.WEAPONS:
        meant = did_you_mean(weapon, data.WEAPONS)
        raise ValueError(f"unknown weapon {weapon!r}{meant}; the Weapon Chart has {', '.join(data.WEAPONS)}")
    if not combat_sensors and range_hexes > data.UNSENSED_TARGETING_LIMIT:
        return None
    used = base_effective_range(weapon, range_hexes) if base_with_sensors else range_hexes
    return used if used < len(data.RANGES) else None


def to_hit(
    weapon: str,
    range_hexes: int,
    *,
    combat_sensors: bool = True,
    base_with_sensors: bool = False,
    target_modulating: bool = False,
    firer_transited: bool = False,
    target_transited: bool = False,
    target_is_base: bool = False,
    target_in_blindspot: bool = False,
    firer_is_base: bool = False,
    restricted_arc: bool = False,
    target_in_front_arc: bool = True,
    sheltering: bool = False,
    depleted: bool = False,
) -> int | None:
    """The d10 number to hit (roll at most it) for ``weapon`` at ``range_hexes`` (SF-8).

    ``None`` when it cannot hit: out of the chart's range; beyond 10 hexes without
    combat sensors, and so beyond 10 hexes on the turn the firer transits a warp point,
    when its combat sensors cannot be used (Solar Starfire Quick Start, warp point
    transits; a base never transits); a target in the firer's blindspot (a base,
    ``firer_is_base`` or ``base_with_sensors``, has none and fires all round); a
    restricted-arc weapon (``+``) at a target neither in the firer's hex nor in its
    front 120 degrees (``target_in_front_arc``); firer or target
    sheltering behind a planet or moon (``sheltering``) unless both share the hex
    (range 0); a launcher with no munitions left (``depleted``); or a modified number
    of 0 or less. Modifiers: target using engine modulation -1, firer transiting -3,
    target transited -2, plasma torpedoes at a base +1. ``base_with_sensors`` applies
    the base range rule to R, G and Pt. Raises ``ValueError`` for an unknown weapon or
    a negative range.

    >>> to_hit("F", 0), to_hit("Pt", 3, target_is_base=True), to_hit("R", 11, combat_sensors=False)
    (8, 4, None)
    >>> to_hit("R", 11, firer_transited=True), to_hit("R", 10, firer_transited=True)
    (None, 3)
    """
    if firer_transited:  # combat sensors cannot be used the turn a ship transits
        combat_sensors = base_with_sensors = False
    used = _chart_range(weapon, range_hexes, base_with_sensors, combat_sensors)
    if used is None or depleted:
        return None
    if target_in_blindspot and not (firer_is_base or base_with_sensors):
        return None
    if restricted_arc and range_hexes > 0 and not target_in_front_arc:
        return None
    if sheltering and range_hexes > 0:
        return None
    number = data.WEAPONS[weapon].to_hit[used]
    if number is None:
        return None
    number += data.ENGINE_MODULATION_TO_HIT if target_modulating else 0
    number += data.TRANSIT_FIRING_TO_HIT if firer_transited else 0
    number += data.TRANSITED_TARGET_TO_HIT if target_transited else 0
    number += data.PLASMA_V_BASE_TO_HIT if (target_is_base and weapon == "Pt") else 0
    return number if number > 0 else None


def weapon_damage(weapon: str, range_hexes: int, *, base_with_sensors: bool = False) -> int | None:
    """Damage (systems destroyed) of one hit by ``weapon`` at ``range_hexes`` (SF-8);
    ``None`` out of range. This is the damage dealt, the same whoever fires it;
    a freighter doubles only the damage it receives (:func:`damage_received`).

    >>> weapon_damage("F", 0), weapon_damage("Pt", 18), weapon_damage("E", 7)
    (3, 1, None)
    """
    used = _chart_range(weapon, range_hexes, base_with_sensors, True)
    return None if used is None else data.WEAPONS[weapon].damage[used]


def intercept_number(
    option: int, *, transited: bool = False, from_blindspot: bool = False, engaged_before: bool = False
) -> int | None:
    """d10 number one point defense (D) intercepts on with Point Defense ``option`` 1..6;
    -1 on the turn its ship transits. ``None`` if that leaves 0 or less; for
    missiles or torpedoes fired from the defending ship's blindspot, which cannot be
    intercepted; and for one another point defense already tried to intercept
    (``engaged_before``: one attempt per missile or torpedo, a miss is not engaged
    again) (Solar Starfire Quick Start, point defense).
    Raises ``ValueError`` for an option outside 1..6.

    >>> intercept_number(1), intercept_number(1, transited=True), intercept_number(1, from_blindspot=True)
    (5, 4, None)
    """
    for row in data.POINT_DEFENSE:
        if row.option == option:
            if from_blindspot or engaged_before:
                return None
            n = row.intercept_on + (data.TRANSIT_INTERCEPT if transited else 0)
            return n if n > 0 else None
    raise ValueError(f"point defense option must be 1 to 6, got {option}")


def regains_shield(quiet_rounds: int, shields_down: int) -> bool:
    """Whether a ship regains one of its ``shields_down`` knocked-offline shields after
    ``quiet_rounds`` consecutive rounds in which it took no damage but from lasers: one
    shield after 3 such rounds, and again after 3 more (Solar Starfire Quick Start,
    shields; the count starts again once a shield comes back).

    >>> regains_shield(3, 1), regains_shield(2, 1), regains_shield(3, 0)
    (True, False, False)
    """
    return shields_down > 0 and quiet_rounds >= data.SHIELD_RECOVERY_ROUNDS


def skips_system(weapon: str | None, system: str) -> bool:
    """Whether damage from ``weapon`` (a Weapon Chart code, ``None`` when not given) passes
    over a ``system`` (its code, ``+`` allowed) standing in the damage order: a laser (L)
    skips shields, an energy beam (E) armor (Solar Starfire Quick Start, combat: some
    weapons skip systems; RULINGS SF-12). A system skipped keeps standing; the point goes on
    to the next system that takes it.

    >>> skips_system("L", "S"), skips_system("L", "A"), skips_system("E", "A"), skips_system("R", "S")
    (True, False, True, False)
    """
    return weapon is not None and system.rstrip("+") in data.DAMAGE_SKIPS.get(weapon, frozenset())


def damage_received(damage: int, *, target_is_freighter: bool) -> int:
    """Systems a target loses to a hit of ``damage``: double on a freighter (seed 001,
    freighters; SF-10). Only damage received doubles; what a freighter fires is not.

    >>> damage_received(2, target_is_freighter=True), damage_received(2, target_is_freighter=False)
    (4, 2)
    """
    return damage * 2 if target_is_freighter else damage
