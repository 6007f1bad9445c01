"""Kill Radius rules of play: Number, movement, attacks, recovery, fighters.

Pure functions of numbers and the tables in :mod:`sheetgen.games.killradius.data`;
the derived stats, sheets and reference card compute from these. Rule ids are the
rulings in ``RULINGS.md`` (KR-1 .. KR-6). Odds are exact: they come from the dice
library's distributions (integer counts over 10 or 100 or 10**n outcomes) as
:class:`~fractions.Fraction`, never from simulation, and the reference card prints
these same functions' results.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING

from sheetgen.games.killradius import data
from sheetgen.hexgrid import Hex, format_vector, hex_line, hexes_between, parse_vector, turn

if TYPE_CHECKING:
    from dyce import H

__all__ = [
    "Move",
    "NumberState",
    "apply_damage",
    "assault_odds",
    "attack_damage",
    "attack_range",
    "attack_total",
    "base_movement_points",
    "can_deploy",
    "can_recover",
    "chance_of_damage",
    "damage_odds",
    "defence_total",
    "deploy_limit",
    "deploy_ok",
    "dogfight",
    "dogfight_odds",
    "expected_damage",
    "facing_changes",
    "fighter_move_ok",
    "fighter_recovered",
    "fighters_held",
    "half_number",
    "hex_attack",
    "hexes_fired_through",
    "kill_radius",
    "move",
    "movement_points",
    "number_track",
    "parse_maneuvers",
    "recover",
    "recovery_chance",
    "reduced",
    "roll_number",
    "split_fire",
    "stack_ok",
    "sure_radius",
]

#: The faces of the d10, for exact counting where one die is rolled.
_FACES = range(1, data.DIE_SIDES + 1)


@cache
def _d10() -> H[int]:
    """The d10 as the dice library's histogram (imported here, not at start-up:
    checks and stats never need it, only the odds)."""
    from dyce import H

    return H(data.DIE_SIDES)


# --- Number, MP and facing (KR-2, KR-3, KR-5) ------------------------------------------


def _check_number(number: int) -> None:
    if not data.MIN_NUMBER <= number <= data.MAX_NUMBER:
        raise ValueError(f"a ship's Number is {data.MIN_NUMBER} to {data.MAX_NUMBER}, got {number}")


def base_movement_points(number: int) -> int:
    """MP of a ship whose starting Number is ``number`` (1..10), from the Movement
    Points table (RULINGS KR-2). Raises ``ValueError`` outside 1..10.

    >>> base_movement_points(4), base_movement_points(8)
    (6, 3)
    """
    _check_number(number)
    for band in data.MOVEMENT_POINTS:
        if band.low <= number <= band.high:
            return band.mp
    raise AssertionError(f"unreachable: no MP band for {number}")  # pragma: no cover


def half_number(starting: int) -> int:
    """The half threshold, ceil(starting Number / 2) (RULINGS KR-3).

    >>> half_number(4), half_number(3), half_number(8)
    (2, 2, 4)
    """
    return -(-starting // 2)


def movement_points(starting: int, current: int | None = None) -> int:
    """MP of a ship that started at Number ``starting`` and now has ``current``
    (default: undamaged): the table's MP, 1 less at or below the half threshold,
    0 once destroyed (Number 0) (RULINGS KR-2, KR-3). Raises ``ValueError`` for a
    starting Number outside 1..10 or a current Number outside 0..starting.

    >>> movement_points(4), movement_points(4, 2), movement_points(8, 4), movement_points(8, 5)
    (6, 5, 2, 3)
    """
    base = base_movement_points(starting)
    now = starting if current is None else current
    if not 0 <= now <= starting:
        raise ValueError(f"current Number {now} is outside 0..{starting}")
    if now == 0:
        return 0
    return base - data.REDUCED_MP_LOSS if reduced(starting, now) else base


def reduced(starting: int, current: int) -> bool:
    """Whether a ship is at or below its half threshold after damage (RULINGS KR-3).

    The text's trigger is a Number that *drops* to half, so an undamaged ship is
    never reduced, even a Number 1 ship whose half threshold is 1.

    >>> reduced(4, 2), reduced(4, 3), reduced(1, 1)
    (True, False, False)
    """
    return current < starting and current <= half_number(starting)


def facing_changes(mp: int) -> int:
    """Hex facing changes a ship may make in a turn with ``mp`` MP: one per 2 MP,
    rounded down (RULINGS KR-2: 6 MP gives 3, 5 MP gives 2).

    >>> facing_changes(6), facing_changes(5)
    (3, 2)
    """
    return mp // data.MP_PER_FACING_CHANGE


def roll_number(number: int, carrier: bool = False) -> int:
    """What a ship adds to its d10 when attacking or defending: its current Number,
    or for a carrier that Number divided by 3, rounded up (RULINGS KR-5).

    >>> roll_number(7), roll_number(7, carrier=True), roll_number(9, carrier=True)
    (7, 3, 3)
    """
    return -(-number // data.CARRIER_ROLL_DIVISOR) if carrier else number


def can_recover(starting: int, current: int) -> bool:
    """Whether a damaged ship may make a recovery roll: it is damaged and not below
    the half threshold (RULINGS KR-3).

    >>> can_recover(8, 4), can_recover(8, 3), can_recover(8, 8)
    (True, False, False)
    """
    return half_number(starting) <= current < starting


def recover(starting: int, current: int, roll: int) -> int:
    """The Number after a recovery roll of ``roll`` (a d10, 1..10): one more when the
    roll is at most the starting Number and a roll is allowed, never above the
    starting Number (seed 000, Recovery Period; RULINGS KR-3).

    >>> recover(8, 4, 8), recover(3, 2, 6)
    (5, 2)
    """
    if can_recover(starting, current) and roll <= starting:
        return current + 1
    return current


def recovery_chance(starting: int) -> Fraction:
    """Exact chance that a recovery roll succeeds for a ship whose starting Number
    is ``starting``: P(d10 <= starting).

    >>> recovery_chance(8)
    Fraction(4, 5)
    """
    return Fraction(sum(1 for face in _FACES if face <= starting), len(_FACES))


def can_deploy(starting: int, current: int, carrier: bool) -> bool:
    """Whether a ship may deploy fighters this phase: a carrier above its half
    threshold (RULINGS KR-3)."""
    return carrier and current > 0 and not reduced(starting, current)


def deploy_limit(aboard: int) -> int:
    """Fighters a carrier may deploy in its phase: half of those aboard, rounded
    down (seed 000, Carriers).

    >>> deploy_limit(7), deploy_limit(1)
    (3, 0)
    """
    return aboard // 2


def fighters_held(aboard: int, current: int) -> int:
    """Fighters a carrier of Number ``current`` holds of ``aboard`` (0 or more): at most its
    current Number; the others must land on another carrier or are lost (seed 000,
    Fighters; RULINGS KR-5).

    >>> fighters_held(7, 4), fighters_held(3, 4), fighters_held(7, 0)
    (4, 3, 0)
    """
    return max(0, min(aboard, current))


def deploy_ok(hexes_from_carrier: int) -> bool:
    """Whether fighters may be deployed ``hexes_from_carrier`` hexes from their carrier:
    up to 2 hexes away (seed 000, Carriers; 0 is the carrier's own hex).

    >>> deploy_ok(2), deploy_ok(3)
    (True, False)
    """
    return 0 <= hexes_from_carrier <= data.CARRIER_DEPLOY_RANGE


def fighter_move_ok(hexes: int, *, pinned: bool = False) -> bool:
    """Whether a deployed fighter may move ``hexes`` hexes in a fighters segment: up to
    12, and none at all while pinned by enemy fighters that entered its hex (seed 000,
    Fighters and Dogfight).

    >>> fighter_move_ok(12), fighter_move_ok(13), fighter_move_ok(1, pinned=True), fighter_move_ok(0, pinned=True)
    (True, False, False, True)
    """
    if hexes < 0:
        raise ValueError(f"a fighter moves 0 or more hexes, got {hexes}")
    return hexes == 0 if pinned else hexes <= data.FIGHTER_MOVE


def fighter_recovered(segments_flown: int) -> bool:
    """Whether a fighter is taken off the board to refuel and reload in its carrier's
    phase: after it has taken part in two fighters segments, enemies in its hex or
    not (seed 000, Fighters).

    >>> fighter_recovered(1), fighter_recovered(2)
    (False, True)
    """
    return segments_flown >= data.FIGHTER_SEGMENTS


def apply_damage(current: int, damage: int) -> int:
    """The Number next turn after ``damage`` this turn (never below 0; 0 is destroyed)."""
    return max(0, current - max(0, damage))


@dataclass(frozen=True)
class NumberState:
    """A ship at one value of its Number (one cell of the Number track).

    ``movement_points`` and ``facing_changes`` at that value; ``roll_number``
    what it adds to its d10 (carriers ceil(Number / 3)); ``reduced`` at or below
    the half threshold; ``recovery`` whether a damaged ship there may roll to
    recover; ``deploy`` whether a carrier there may deploy fighters;
    ``fighters_held`` how many fighters a carrier there can hold (KR-5).
    """

    number: int
    movement_points: int
    facing_changes: int
    roll_number: int
    reduced: bool
    recovery: bool
    deploy: bool
    fighters_held: int
    destroyed: bool


def number_track(starting: int, carrier: bool = False) -> list[NumberState]:
    """The ship's states from ``starting`` down to 0 (RULINGS KR-2, KR-3, KR-5).
    Raises ``ValueError`` for a starting Number outside 1..10."""
    out = []
    for n in range(starting, -1, -1):
        mp = movement_points(starting, n)
        out.append(
            NumberState(
                number=n,
                movement_points=mp,
                facing_changes=facing_changes(mp),
                roll_number=roll_number(n, carrier),
                reduced=reduced(starting, n),
                recovery=can_recover(starting, n),
                deploy=can_deploy(starting, n, carrier),
                fighters_held=n if carrier else 0,
                destroyed=n == 0,
            )
        )
    return out


def stack_ok(numbers: Iterable[int]) -> bool:
    """Whether ships of these Numbers (1-10 each) may share a hex (seed 000, Movement
    step 2): the limit is on stacks, so two or more ships must total at most Number 7,
    while a lone ship of any Number, 8-10 included, may always sit in a hex. Fighters
    do not count and are not passed.

    >>> stack_ok([4, 3]), stack_ok([4, 4]), stack_ok([9]), stack_ok([8, 1])
    (True, False, True, False)
    """
    ships = list(numbers)
    return len(ships) <= 1 or sum(ships) <= data.STACKING_LIMIT


# --- movement (KR-6) ---------------------------------------------------------------------

_MANEUVER = re.compile(r"(\d*)([FLR])")


def parse_maneuvers(text: str) -> list[str]:
    """A maneuver string as single steps: ``F`` one hex forward (1 MP), ``L`` one
    hex facing counterclockwise, ``R`` clockwise (no MP). Counts may prefix a
    letter and spaces are ignored: ``"2L 3F L"`` is ``L L F F F L``.

    Raises ``ValueError`` quoting ``text`` for anything else.
    """
    cleaned = text.replace(" ", "").replace(",", "").upper()
    steps: list[str] = []
    pos = 0
    for m in _MANEUVER.finditer(cleaned):
        if m.start() != pos:
            break
        steps.extend(m.group(2) * (int(m.group(1)) if m.group(1) else 1))
        pos = m.end()
    if pos != len(cleaned):
        raise ValueError(f"not a maneuver: {text!r} (write steps like 2L3FL: F forward, L/R turn)")
    return steps


@dataclass(frozen=True)
class Move:
    """One ship's movement in a combat phase (seed 000, Movement; RULINGS KR-6).

    ``marker`` is where the temporary marker goes (the ship's hex at the start),
    ``drifted`` where the old vector carries it, ``end`` where it stops after
    maneuvering; ``facing`` its facing at the end; ``vector`` its new vector,
    ``end - marker``; ``mp_used`` forward hexes; ``facing_changes_used`` turns.
    """

    marker: Hex
    drifted: Hex
    end: Hex
    facing: str
    vector: Hex
    mp_used: int
    facing_changes_used: int

    @property
    def vector_text(self) -> str:
        """The new vector as written on the log, e.g. ``"1N3NW"``."""
        return format_vector(self.vector)


def move(
    vector: str | Hex,
    facing: str,
    maneuvers: str = "",
    *,
    movement_points: int,
    start: Hex | None = None,
) -> Move:
    """Move a ship one combat phase (seed 000, Movement steps 1 to 3; RULINGS KR-6).

    The ship first drifts along ``vector`` (``"4N"`` or a displacement), then
    performs ``maneuvers`` (see :func:`parse_maneuvers`) with ``movement_points``
    MP: each forward hex costs 1 MP; facing changes are free but at most
    :func:`facing_changes` of the MP. Raises ``ValueError`` for an unknown facing,
    a bad vector or maneuver string, more forward hexes than MP, or more facing
    changes than the MP allow.

    >>> move("4N", "N", "2L 3F L", movement_points=6).vector_text
    '1N3NW'
    """
    drift = parse_vector(vector) if isinstance(vector, str) else vector
    facing = _facing(facing)
    steps = parse_maneuvers(maneuvers)
    forward = steps.count("F")
    turns = len(steps) - forward
    if forward > movement_points:
        raise ValueError(f"{forward} hexes forward need {forward} MP; the ship has {movement_points}")
    allowed = facing_changes(movement_points)
    if turns > allowed:
        raise ValueError(
            f"{turns} facing changes, but a ship with {movement_points} MP may make {allowed} a turn"
        )
    start = start if start is not None else Hex(0, 0)
    at = start + drift
    drifted = at
    for step in steps:
        if step == "F":
            at = at + _STEPS[facing]
        else:
            facing = turn(facing, -1 if step == "L" else 1)
    return Move(start, drifted, at, facing, at - start, forward, turns)


_STEPS = {name: parse_vector(f"1{name}") for name in ("N", "NE", "SE", "S", "SW", "NW")}


def _facing(name: str) -> str:
    key = name.strip().upper()
    if key not in _STEPS:
        raise ValueError(f"unknown facing {name!r}; use one of {', '.join(_STEPS)}")
    return key


# --- attacks (KR-4) -------------------------------------------------------------------------


def attack_range(attacker: Hex, target: Hex) -> int:
    """Range R of an attack: hexes strictly between the two ships, neither ship's
    hex counted (0 when adjacent or in the same hex) (RULINGS KR-4).

    >>> attack_range(Hex(0, 0), Hex(0, 3))
    2
    """
    return hexes_between(attacker, target)


def hexes_fired_through(attacker: Hex, target: Hex) -> list[Hex]:
    """The hexes strictly between ``attacker`` and ``target`` on the line of fire;
    their count is the range R (RULINGS KR-4), and an enemy ship in any of them
    takes its Number off the attack roll (seed 000, Attacking, ECM)."""
    return hex_line(attacker, target)[1:-1]


def attack_total(
    roll: int,
    number: int,
    *,
    rear: bool = False,
    fired_through: Sequence[int] = (),
    target_fighter: bool = False,
) -> int:
    """The attacker's total: d10 ``roll`` + ``number`` (the strength of this attack),
    +1 into the target's rear unless the target is a fighter (``target_fighter``), less
    the Number of each enemy ship fired through (ECM) (seed 000, Attacking step 1).

    >>> attack_total(3, 5, rear=True), attack_total(3, 5, rear=True, target_fighter=True)
    (9, 8)
    """
    bonus = data.REAR_ATTACK_BONUS if rear and not target_fighter else 0
    return roll + number + bonus - sum(fired_through)


def defence_total(roll: int, number: int, range_hexes: int, *, escorts: int = 0) -> int:
    """The target's total: d10 ``roll`` + its ``number`` (0 for patrolling fighters,
    a carrier's ceil(Number / 3)) + ``range_hexes`` (hexes strictly between) + 1
    per escorting fighter (seed 000, Attacking step 2 and Escort)."""
    return roll + number + range_hexes + escorts * data.ESCORT_DEFENCE_BONUS


def attack_damage(attack: int, defence: int) -> int:
    """Damage from one attack: the attacker's total less the target's, if positive
    (RULINGS KR-4).

    >>> attack_damage(attack_total(4, 5), defence_total(1, 4, 2))
    2
    """
    return max(0, attack - defence)


def hex_attack(attack: int, targets: Sequence[tuple[int, int]], range_hexes: int) -> list[int]:
    """Damage to each target when one attack total ``attack`` goes into a hex of
    several targets: every ship there (and every fighter not escorting, with
    Number 0) rolls its own defence, given as ``(d10 roll, Number)`` pairs; the
    attacker rolls once (seed 000, Attacking step 1 and example 3)."""
    return [attack_damage(attack, defence_total(roll, number, range_hexes)) for roll, number in targets]


def split_fire(number: int, strengths: Sequence[int]) -> list[str]:
    """Problems with splitting an attacker of Number ``number`` into attacks of
    ``strengths`` (seed 000, Attacking step 1): each at least 1, together at
    most the attacker's Number. An empty list means the split is allowed."""
    out = []
    for i, s in enumerate(strengths):
        if s < 1:
            out.append(f"attack {i + 1} has strength {s}; each attack needs at least 1")
    if sum(strengths) > number:
        out.append(f"attacks total {sum(strengths)}, more than the attacker's Number {number}")
    return out


@cache
def damage_odds(d: int) -> H[int]:
    """The damage distribution of one attack with D = A# - (T# + R) (modifiers
    included): ``max(0, (d10 + D) - d10)`` as an exact histogram (RULINGS KR-4).

    >>> damage_odds(0).total
    100
    """
    d10 = _d10()
    return (d10 + d - d10).apply(lambda x: max(0, x))


def chance_of_damage(d: int, at_least: int = 1) -> Fraction:
    """Exact chance of at least ``at_least`` damage when D = A# - (T# + R) is ``d``.

    >>> chance_of_damage(0), chance_of_damage(1), chance_of_damage(-9)
    (Fraction(9, 20), Fraction(11, 20), Fraction(0, 1))
    """
    h = damage_odds(d)
    hits = h.ge(at_least)
    return Fraction(hits.get(True, 0), hits.total)


def expected_damage(d: int) -> Fraction:
    """Exact expected damage of one attack with D = ``d``."""
    h = damage_odds(d)
    return Fraction(sum(k * c for k, c in h.items()), h.total)


def kill_radius(attacker: int, target: int) -> int | None:
    """The kill radius of Number ``attacker`` against Number ``target``: the largest
    range R (hexes between) at which damage is still possible, found by exact
    enumeration; ``None`` if even R = 0 cannot hurt. Equals A# - T# + 8
    (RULINGS KR-4).

    >>> kill_radius(5, 4), kill_radius(1, 10)
    (9, None)
    """
    return sure_radius(attacker, target, Fraction(0), strictly=True)


def sure_radius(
    attacker: int, target: int, chance: Fraction = Fraction(1, 2), *, strictly: bool = False
) -> int | None:
    """The largest range R at which an attack of Number ``attacker`` on Number
    ``target`` does damage with probability at least ``chance`` (more than it with
    ``strictly``); ``None`` if not even at R = 0.

    >>> sure_radius(5, 4)
    0
    """
    best = None
    r = 0
    while True:
        p = chance_of_damage(attacker - target - r)
        if p > chance or (p == chance and not strictly):
            best = r
            r += 1
        else:
            return best


def dogfight(rolls_a: Sequence[int], rolls_b: Sequence[int]) -> tuple[int, int]:
    """Resolve a dogfight from both sides' d10 rolls (seed 000, Dogfight): highest
    against highest, second against second, extra rolls ignored; the higher roll
    of a pair kills one enemy fighter, a tie kills none. Returns
    ``(fighters A destroys, fighters B destroys)``.

    >>> dogfight([6, 3], [5, 3, 2])
    (1, 0)
    """
    a = sorted(rolls_a, reverse=True)
    b = sorted(rolls_b, reverse=True)
    pairs = list(zip(a, b, strict=False))
    return sum(x > y for x, y in pairs), sum(y > x for x, y in pairs)


@cache
def dogfight_odds(fighters_a: int, fighters_b: int) -> dict[tuple[int, int], Fraction]:
    """Exact chances of each dogfight result for ``fighters_a`` against
    ``fighters_b`` fighters (seed 000, Dogfight; see :func:`dogfight`):
    ``{(A destroys, B destroys): probability}``, results that cannot happen left out.

    Counted exactly over all 10**(a+b) rolls without listing them: the dice are
    placed face by face from 10 down to 1, and a pair (the i-th highest of each
    side) is decided when its first die is placed: the other side's i-th die,
    placed later, is lower, or placed on the same face, ties. Each placement is
    weighted by the ways of choosing which dice show that face.
    Raises ``ValueError`` for fewer than 1 fighter on a side.
    """
    if fighters_a < 1 or fighters_b < 1:
        raise ValueError("a dogfight needs at least one fighter on each side")
    pairs = min(fighters_a, fighters_b)
    # (A dice placed, B dice placed, A's kills, B's kills) -> ways
    ways: Counter[tuple[int, int, int, int]] = Counter({(0, 0, 0, 0): 1})
    for _face in range(data.DIE_SIDES, 0, -1):
        placed: Counter[tuple[int, int, int, int]] = Counter()
        for (i, j, kills_a, kills_b), count in ways.items():
            for ca in range(fighters_a - i + 1):
                for cb in range(fighters_b - j + 1):
                    new_a = range(i, min(i + ca, pairs))
                    new_b = range(j, min(j + cb, pairs))
                    won_a = sum(1 for p in new_a if p >= j + cb)  # B's die of the pair lies lower
                    won_b = sum(1 for p in new_b if p >= i + ca)
                    key = (i + ca, j + cb, kills_a + won_a, kills_b + won_b)
                    placed[key] += count * comb(fighters_a - i, ca) * comb(fighters_b - j, cb)
        ways = placed
    total = data.DIE_SIDES ** (fighters_a + fighters_b)
    return {
        (a, b): Fraction(count, total)
        for (_i, _j, a, b), count in sorted(ways.items(), key=lambda kv: kv[0][2:])
    }


@cache
def assault_odds(fighters: int, target_number: int) -> H[int]:
    """Damage distribution of an assault by ``fighters`` surviving fighters on a ship
    that defends with ``target_number`` (a carrier's ceil(Number / 3)): the sum of
    one d10 per fighter against the ship's d10 + Number, the positive difference
    being damage as in a ship's attack (seed 000, Assault; the project's reading)."""
    if fighters < 1:
        raise ValueError("an assault needs at least one fighter")
    d10 = _d10()
    return (fighters @ d10 - (d10 + target_number)).apply(lambda x: max(0, x))
