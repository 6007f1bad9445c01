"""Exact Space Cruisers chances, by dice enumeration with dyce (RULINGS SC-5, SC-7).

Every chance is a :class:`~fractions.Fraction` counted over all outcomes of the
dice, never sampled. The reference card prints these; the to-hit numbers come
from :func:`sheetgen.games.spacecruisers.play.hits_on`, the same function the
record sheets use.
"""

from __future__ import annotations

from fractions import Fraction

from dyce import H

from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.play import hits_on

__all__ = [
    "chance_on_d6",
    "chance_to_hit",
    "critical_loss_chance",
    "damage_die",
    "evade_chance",
    "mean_damage",
    "security_outcomes",
    "shield_outcomes",
]


def chance_to_hit(
    system: str, *, scanners: int = 0, cloaked: bool = False, targeting_hit: bool = False
) -> Fraction:
    """Exact chance one attack by ``system`` hits (d10 at or above :func:`hits_on`).

    >>> chance_to_hit("phasers"), chance_to_hit("phasers", scanners=1), chance_to_hit("phasers", cloaked=True)
    (Fraction(3, 5), Fraction(7, 10), Fraction(3, 10))
    """
    number = hits_on(system, scanners=scanners, cloaked=cloaked, targeting_hit=targeting_hit)
    if number is None:
        raise ValueError(f"{system} rolls no to-hit")
    hit = H(data.TO_HIT_DIE).ge(number)
    return Fraction(hit.get(True, 0), hit.total)


def damage_die(dice: int, bonus: int = 0) -> H[int]:
    """The damage of one hit: ``dice`` d6 plus ``bonus`` (targeting computer +1,
    internal damage -1), never below 0."""
    total: H[int] = dice @ H(6)
    return (total + bonus).apply(lambda v: max(0, v))


def shield_outcomes(dice: int, bonus: int = 0) -> tuple[Fraction, Fraction]:
    """Against a shielded ship: exact chances ``(stopped, stopped but a shield blows)``
    for one hit of ``dice`` d6 + ``bonus`` (seed 004 shields: 4 or less is stopped).

    >>> shield_outcomes(1), shield_outcomes(2)
    ((Fraction(2, 3), Fraction(1, 3)), (Fraction(1, 6), Fraction(5, 6)))
    """
    held = damage_die(dice, bonus).le(data.SHIELD_HOLDS)
    stopped = Fraction(held.get(True, 0), held.total)
    return stopped, 1 - stopped


def mean_damage(dice: int, bonus: int = 0) -> Fraction:
    """Exact mean hull points one hit of ``dice`` d6 + ``bonus`` takes off an unshielded ship."""
    h = damage_die(dice, bonus)
    return Fraction(sum(o * c for o, c in h.items()), h.total)


def evade_chance() -> Fraction:
    """Chance one evade attempt by an elite crew works (d6 of 1..3).

    >>> evade_chance()
    Fraction(1, 2)
    """
    ok = H(data.EVADE_DIE).le(data.EVADE_ON)
    return Fraction(ok.get(True, 0), ok.total)


def security_outcomes(*, evading: bool = False) -> dict[str, Fraction]:
    """Exact chances of a security team's attack: ``team lost`` (d6 1-2), ``no
    effect`` (3-4), ``target destroyed`` (5-6). With ``evading`` the target's
    elite crew tries to evade the attack that hits (Space Cruisers, attack phase: "If an
    attack hits, a ship may try to evade ... Security teams may be evaded"): the 5-6 that
    would destroy it becomes no effect on a successful evade; the team's own 1-2 is not a
    hit and cannot be evaded.

    >>> security_outcomes()["target destroyed"], security_outcomes(evading=True)["target destroyed"]
    (Fraction(1, 3), Fraction(1, 6))
    >>> security_outcomes(evading=True)["team lost"], security_outcomes(evading=True)["no effect"]
    (Fraction(1, 3), Fraction(1, 2))
    """

    def outcome(face: int) -> str:
        if face in data.SECURITY_TEAM_LOST:
            return "team lost"
        if face in data.SECURITY_TARGET_DESTROYED:
            return "target destroyed"
        return "no effect"

    h = H(6).apply(outcome)
    chances = {k: Fraction(h.get(k, 0), h.total) for k in ("team lost", "no effect", "target destroyed")}
    if evading:
        evaded = chances["target destroyed"] * evade_chance()
        chances["target destroyed"] -= evaded
        chances["no effect"] += evaded
    return chances


def chance_on_d6(face: int) -> Fraction:
    """Chance one d6 shows exactly ``face`` (ion shockwave, jump turbine, malfunctions)."""
    h = H(6).eq(face)
    return Fraction(h.get(True, 0), h.total)


def critical_loss_chance(rolls: int) -> Fraction:
    """Exact chance that ``rolls`` critical damage rolls (d10 each) bring up warp
    core, life support or super structure twice, losing the ship (SC-5).

    Counts every roll as standing (a ship that still has weapons and drives, so
    results 1 and 2 are not rerolled); enumerated with dyce by packing the three
    results' counts into one number per roll.

    >>> critical_loss_chance(1), critical_loss_chance(2)
    (Fraction(0, 1), Fraction(3, 100))
    """
    if rolls < 0:
        raise ValueError("rolls must be 0 or more")
    twice = [c.roll for c in data.CRITICALS if c.twice]
    base = 100  # each count fits two decimal digits while rolls < 100
    packed = H(data.CRITICAL_DIE).apply(lambda f: base ** twice.index(f) if f in twice else 0)
    if rolls == 0:
        return Fraction(0)
    total: H[int] = rolls @ packed
    lost = total.apply(lambda v: any((v // base**k) % base >= 2 for k in range(len(twice))))
    return Fraction(lost.get(True, 0), lost.total)
