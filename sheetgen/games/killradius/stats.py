"""Kill Radius derived stats: :class:`KillRadiusStats`, :func:`derive` and fleet totals.

Numbers come from the tables in :mod:`sheetgen.games.killradius.data` and the rules
of play in :mod:`sheetgen.games.killradius.play`. Rule ids are the rulings in
``RULINGS.md`` (KR-1 .. KR-6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sheetgen.core.jsondata import JSONObject, stats_dict
from sheetgen.games.killradius import data
from sheetgen.games.killradius.play import (
    NumberState,
    deploy_limit,
    facing_changes,
    fighters_held,
    half_number,
    movement_points,
    number_track,
    recovery_chance,
    roll_number,
)
from sheetgen.games.killradius.rules import Design, find_type, is_carrier, number_ok

__all__ = [
    "KillRadiusStats",
    "derive",
    "fleet_totals",
    "sum_fleet",
]


@dataclass
class KillRadiusStats:
    """Derived stats of a Kill Radius design (JSON keys of ``sheetgen stats --json``).

    ``number`` is the starting Number as written (outside 1..10 on an illegal design);
    ``movement_points``/``facing_changes`` undamaged, ``reduced_*`` at or below
    ``half_number``; ``carrier_roll_number`` ceil(Number / 3) for carriers;
    ``recovery_roll`` the d10 result a recovery needs at most (the starting
    Number; ``None`` for a Number 1 ship, which any damage destroys);
    ``fighters_built`` the design's fighters (its ``fighters:``, else the
    Number's full load; not in the JSON), ``fighters`` those aboard at the start
    of play: all of them as built, at most the current Number for a ship resuming
    at a lower one (``condition:``; seed 000, Fighters), ``fighters_over`` the
    rest, which must land on another carrier or are lost; ``fighter_capacity``
    the starting Number for a carrier (KR-5), ``deploy_per_phase`` half of those
    aboard, rounded down; ``number_track`` the ship at every Number from the
    start down to 0; ``design_notes`` the design's own ``notes:``. Values that
    need a legal Number are ``None`` without one. ``fighters``,
    ``fighters_over`` and ``deploy_per_phase`` follow ``condition`` (computed
    again by ``dataclasses.replace``); ``fielded_number`` is the design's own
    ``condition:`` Number (not in the JSON), which a condition play writes later
    keeps: a carrier fielded at Number 4 has only 4 of its fighters, however far
    it recovers in play.
    """

    name: str
    type: str
    type_listed: bool
    type_number: int | None
    number: int
    movement_points: int | None
    facing_changes: int | None
    half_number: int | None
    reduced_movement_points: int | None
    reduced_facing_changes: int | None
    carrier: bool
    fighters_built: int
    fighters: int = field(init=False)
    fighters_over: int = field(init=False)
    fighter_capacity: int
    deploy_per_phase: int = field(init=False)
    carrier_roll_number: int | None
    recovery_roll: int | None
    recovery_chance_percent: int | None
    number_track: list[NumberState] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    design_notes: str | None = None
    count: int = 1
    game: str = "kill-radius"
    design_class: str | None = None
    #: the design's ``condition:`` block (the ship as play left it), ``None`` as built
    condition: dict[str, Any] | None = None
    fielded_number: int | None = None

    def __post_init__(self) -> None:
        now = self.number_now
        held = self.fighters_built  # as built, as written (more than the Number is a KR-5 error)
        resumed = (self.condition or {}).get("number") is not None or self.fielded_number is not None
        if now is not None and self.carrier and resumed:
            fielded = now if self.fielded_number is None else max(0, self.fielded_number)
            held = fighters_held(self.fighters_built, min(now, fielded))
        aboard = (self.condition or {}).get("fighters")
        if self.carrier and isinstance(aboard, int):  # fewer: lost while its Number was lower
            held = max(0, min(held, aboard))
        self.fighters = held
        self.fighters_over = self.fighters_built - held
        if self.carrier and now is not None:  # the note follows the condition, as the fighters do
            at = now if 0 < now < self.number else self.number
            self.notes = [
                _carrier_note(self.number, at) if n.startswith(_CARRIER_NOTE) else n for n in self.notes
            ]
        self.deploy_per_phase = deploy_limit(held) if self.carrier else 0

    @property
    def number_now(self) -> int | None:
        """The ship's current Number: its ``condition:`` Number (kept within 0 to the
        starting Number), else the starting Number; ``None`` without a legal Number.
        Everything the rules say of the current Number reads this (seed 000, Damage:
        a ship uses its current Number, not its starting Number)."""
        if self.half_number is None:
            return None
        given = (self.condition or {}).get("number")
        return self.number if given is None else max(0, min(given, self.number))

    def to_dict(self) -> JSONObject:
        """The object ``sheetgen stats --json`` prints: ``name``, ``game``, the other
        fields in order (``fighters_built`` and ``fielded_number`` left out: the design
        file gives them),
        ``class`` last."""
        return stats_dict(self, {"fighters_built": lambda _s: {}, "fielded_number": lambda _s: {}})


def derive(design: Design) -> KillRadiusStats:
    """Derived stats from the encoded tables (RULINGS KR-1, KR-2, KR-3, KR-5), with the
    design's ``condition:``; never raises.

    A Number that is not 1..10 leaves the Number-dependent values ``None`` and
    the track empty, so an illegal design can still be shown.
    """
    listed = find_type(design.ship_type)
    carrier = is_carrier(design)
    n = design.number if number_ok(design) else None
    capacity = n if (carrier and n is not None) else 0
    stated = design.fighters
    if not carrier:
        fighters = 0
    elif stated is None or stated < 0:
        fighters = capacity
    else:
        fighters = stated
    notes: list[str] = []
    if n is not None:
        half = half_number(n)
        mp = movement_points(n)
        # a Number 1 ship has no reduced state: any damage destroys it (KR-3)
        reduced_mp = movement_points(n, half) if half < n else None
        if reduced_mp is None:
            notes.append("Any damage destroys it: no reduced state, no recovery roll.")
        else:
            fc = facing_changes(reduced_mp)
            notes.append(
                f"At Number {half} or less: MP {reduced_mp}, {fc} facing change{'' if fc == 1 else 's'}"
                + ("; cannot deploy fighters." if carrier else ".")
            )
        if n > 1:
            if half > 1:
                notes.append(f"Recovery roll (d10 ≤ {n}) only at Number {half} or more.")
            else:
                notes.append(f"Recovery roll (d10 ≤ {n}) whenever damaged.")
        if carrier:  # at the current Number: written again when the condition changes (__post_init__)
            notes.append(_carrier_note(n, n))
        return KillRadiusStats(
            name=design.name,
            design_class=design.design_class,
            type=listed.name if listed else design.ship_type,
            type_listed=listed is not None,
            type_number=listed.number if listed else None,
            number=n,
            movement_points=mp,
            facing_changes=facing_changes(mp),
            half_number=half,
            reduced_movement_points=reduced_mp,
            reduced_facing_changes=None if reduced_mp is None else facing_changes(reduced_mp),
            carrier=carrier,
            fighters_built=fighters,
            fighter_capacity=capacity,
            carrier_roll_number=roll_number(n, True) if carrier else None,
            recovery_roll=None if reduced_mp is None else n,
            recovery_chance_percent=None if reduced_mp is None else int(recovery_chance(n) * 100),
            number_track=number_track(n, carrier),
            notes=notes,
            design_notes=design.notes,
            count=design.count,
            condition=design.condition,
            fielded_number=_fielded(design),
        )
    return KillRadiusStats(
        name=design.name,
        design_class=design.design_class,
        type=listed.name if listed else design.ship_type,
        type_listed=listed is not None,
        type_number=listed.number if listed else None,
        number=design.number,
        movement_points=None,
        facing_changes=None,
        half_number=None,
        reduced_movement_points=None,
        reduced_facing_changes=None,
        carrier=carrier,
        fighters_built=fighters,
        fighter_capacity=0,
        carrier_roll_number=None,
        recovery_roll=None,
        recovery_chance_percent=None,
        notes=notes,
        design_notes=design.notes,
        count=design.count,
        condition=design.condition,
        fielded_number=_fielded(design),
    )


def _fielded(design: Design) -> int | None:
    number = (design.condition or {}).get("number")
    return number if isinstance(number, int) else None


def fleet_totals(ships: Iterable[tuple[KillRadiusStats, int]]) -> dict[str, int]:
    """A fleet's totals from ``(stats, count)`` pairs; see :func:`sum_fleet`. Each ship
    counts its current Number and the fighters it holds now (a ship resuming at a lower
    Number, ``condition:``, its Number now; seed 000, Damage and Fighters)."""
    return sum_fleet((s.number_now, s.carrier, s.fighters, count) for s, count in ships)


def sum_fleet(rows: Iterable[tuple[int | None, bool, int, int]]) -> dict[str, int]:
    """Totals of ``(current Number or None, carrier, fighters aboard, count)`` rows:
    ``ships``, ``total Number`` (each Number times its count), ``carriers`` and
    ``fighters``. A design without a legal Number (``None``) adds to ``ships`` only.

    >>> sum_fleet([(8, False, 0, 1), (3, False, 0, 2), (7, True, 7, 1)])
    {'ships': 4, 'total Number': 21, 'carriers': 1, 'fighters': 7}
    """
    out = {"ships": 0, "total Number": 0, "carriers": 0, "fighters": 0}
    for number, carrier, fighters, count in rows:
        out["ships"] += count
        out["total Number"] += (number or 0) * count
        out["carriers"] += count if carrier else 0
        out["fighters"] += fighters * count
    return out


_CARRIER_NOTE = "Carrier: rolls with"


def _carrier_note(starting: int, now: int) -> str:
    """A carrier's note: the Number it rolls with at its current Number ``now`` (ceil(Number
    ÷ 3)) and how it deploys (Kill Radius, Carriers)."""
    return (
        f"{_CARRIER_NOTE} ceil(Number ÷ 3) = {roll_number(now, True)}"
        + (f" (at its current Number {now})" if now != starting else "")
        + f"; deploys up to half its fighters aboard a phase, up to {data.CARRIER_DEPLOY_RANGE} hexes away."
    )
