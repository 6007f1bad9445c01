"""Kill Radius in play: one ship's Number as events change it (Kill Radius, Damage and
Recovery Period; RULINGS KR-2, KR-3, KR-5).

The state is a plain mapping built by :func:`start`, changed only by :func:`apply` (one
event) and :func:`end_turn`; :func:`now` is what the ship is and can do now. Every
number comes from :mod:`sheetgen.games.killradius.play`.

Damage is noted in the turn's damage row as it is dealt and takes effect at the start
of the next turn (all shooting is simultaneous): :func:`end_turn` lowers the Number by
the turn's damage. A ship whose Number reaches 0 is destroyed. A recovery roll (d10 at
most the starting Number) raises a damaged ship's Number by 1, never above its starting
Number, and only while it is not below half its starting Number.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sheetgen.core import playcard
from sheetgen.core.fields import Fields, did_you_mean
from sheetgen.core.findings import Finding, Path, error
from sheetgen.core.refused import Refused, given
from sheetgen.core.shapes import Integer, Shape
from sheetgen.games.killradius import data
from sheetgen.games.killradius.play import (
    apply_damage,
    can_deploy,
    can_recover,
    facing_changes,
    fighters_held,
    half_number,
    movement_points,
    recover,
    reduced,
    roll_number,
)
from sheetgen.games.killradius.stats import KillRadiusStats

__all__ = [
    "ACTIONS",
    "BUTTONS",
    "CONDITION",
    "CONDITION_SCHEMA",
    "PHASES",
    "apply",
    "card_rows",
    "condition",
    "condition_findings",
    "end_turn",
    "now",
    "read_condition",
    "removed",
    "start",
]

#: Names of the turn's parts a phase event took before play followed the game's
#: ``turn_phases`` (its sequence of play): still taken, so that games kept before replay.
PHASES: tuple[str, ...] = tuple(name for name, _ in data.TURN_SEQUENCE)

#: The events a Kill Radius ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (points of damage of one attack, noted for the end of the turn)",
    "recover": "roll (the d10 of the recovery roll, 1 to 10)",
}

#: The play page's buttons for a ship (:mod:`sheetgen.core.playcard`): an attack's damage
#: (no weapon: Kill Radius ships have none of their own), and a recovery roll (enabled while
#: ``now.may_recover``).
BUTTONS: tuple[dict[str, Any], ...] = (
    playcard.button("damage", "Damage", playcard.number("amount", "damage to", low=0, start=1)),
    playcard.button(
        "recover",
        "Recover",
        playcard.number("roll", "recovery roll of", low=1, high=data.DIE_SIDES, placeholder="d10"),
        when="may_recover",
    ),
)

State = dict[str, Any]


#: JSON Schema of a design's ``condition:`` block: the ship as play left it (docs/play.md).
#: A design's ``condition:`` block: the ship as play left it (docs/play.md).
CONDITION = Shape(
    "condition",
    (
        Integer(
            name="number",
            minimum=1,
            maximum=data.MAX_NUMBER,
            reader_minimum=0,  # 0 is destroyed: condition_findings says so (Kill Radius, Damage)
            description="The ship's Number now, 1 to its starting Number (Kill Radius, Damage).",
        ),
        Integer(
            name="fighters",
            minimum=0,
            maximum=data.MAX_NUMBER,
            description=(
                "A carrier's fighters aboard now, where fewer than its Number holds: the others "
                "were lost or landed on another carrier while its Number was lower, and recovering "
                "its Number brings none back (Kill Radius, Fighters)."
            ),
        ),
    ),
    "The ship's condition as play left it: its current Number and a carrier's fighters aboard "
    "(Kill Radius, Damage; Fighters).",
)
#: JSON Schema of :data:`CONDITION`.
CONDITION_SCHEMA: dict[str, Any] = CONDITION.schema()


def read_condition(fields: Fields | None) -> dict[str, Any] | None:
    """A ``condition:`` block read from ``fields`` (types only); ``None`` without one."""
    if fields is None:
        return None
    read = {name: fields.get(CONDITION.key(name)) for name in ("number", "fighters")}
    return {name: value for name, value in read.items() if value is not None}


def condition_findings(stats: KillRadiusStats, cond: dict[str, Any] | None) -> list[Finding]:
    """``CONDITION`` errors where ``cond`` is not a state play can reach: a Number above the
    starting one (recovery never goes above it), or 0 (destroyed; Kill Radius, Damage);
    fighters aboard a ship that is no carrier, or more than it holds at its current Number
    (Kill Radius, Fighters)."""
    cond = cond or {}
    fighters, number = cond.get("fighters"), cond.get("number")
    found: list[Finding] = []
    if fighters is not None:
        held = stats.fighters_built if number is None else min(stats.fighters_built, max(0, number))
        where: Path = ("condition", "fighters")
        if not stats.carrier and fighters > 0:
            found.append(
                error(
                    "CONDITION", f"{stats.name} is no carrier: it carries no fighters, not {fighters}", where
                )
            )
        elif stats.carrier and fighters > held:
            found.append(
                error(
                    "CONDITION",
                    f"{fighters} fighter{'' if fighters == 1 else 's'} aboard, but {stats.name} holds at most {held} "
                    "(those it was built with, at most its current Number; Kill Radius, Fighters)",
                    where,
                )
            )
    if number is None:
        return found
    return found + _number_findings(stats, number)


def _number_findings(stats: KillRadiusStats, number: int) -> list[Finding]:
    at: Path = ("condition", "number")
    if number == 0:
        return [error("CONDITION", f"{stats.name} is destroyed at Number 0 (Kill Radius, Damage)", at)]
    if number > stats.number:
        return [
            error(
                "CONDITION",
                f"Number {number} is above the starting {stats.number}: recovery never raises it beyond"
                " that (Kill Radius, Recovery Period)",
                at,
            )
        ]
    return []


def condition(state: State) -> dict[str, Any]:
    """The ``condition:`` block of ``state``'s ship (what :func:`start` reads back): the Number
    with the damage noted this turn taken (as the next turn starts), and a carrier's fighters
    aboard where fewer than that Number alone leaves it (it was lower in play)."""
    number = apply_damage(state["number"], state["damage_this_turn"])
    cond: dict[str, Any] = {} if number == state["starting"] else {"number": number}
    stats: KillRadiusStats = state["stats"]
    if stats.carrier:
        fighters = min(state["fighters"], number)
        if fighters < dataclasses.replace(stats, condition=cond).fighters:
            cond["fighters"] = fighters
    return cond


def start(stats: KillRadiusStats) -> State:
    """The state of ``stats``' ship undamaged: ``starting`` and ``number`` (its Number),
    ``damage_this_turn`` (noted, not yet taken), ``recovered`` (rolled this turn), ``fighters``
    (a carrier's aboard: never more than the lowest Number it has had; Kill Radius, Fighters)."""
    if not data.MIN_NUMBER <= stats.number <= data.MAX_NUMBER:
        raise Refused(f"{stats.name}'s Number {stats.number} is outside 1 to 10 (Kill Radius, Numbers)")
    number = (stats.condition or {}).get("number", stats.number)
    return {
        "stats": stats,
        "starting": stats.number,
        "number": number,
        "damage_this_turn": 0,
        "recovered": False,
        "fighters": stats.fighters if stats.carrier else 0,
    }


def removed(state: State) -> bool:
    """Whether the ship is destroyed: its Number has reached 0 (Kill Radius, Damage)."""
    return bool(state["number"] == 0)


def _whole(event: dict[str, Any], key: str, low: int, high: int | None, what: str) -> int:
    value = event.get(key)
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        span = f"{low} or more" if high is None else f"{low} to {high}"
        raise Refused(f"{what} is a whole number, {span}, not {given(value)}")
    return value


def apply(state: State, event: dict[str, Any]) -> State:
    """The state after ``event``: ``{"action": "damage", "amount": N}`` notes N points in
    this turn's damage row; ``{"action": "recover", "roll": D}`` makes the recovery roll.

    Raises :class:`~sheetgen.core.refused.Refused` for an unknown action, a bad amount or
    roll, a destroyed ship, or a recovery roll the ship may not make (undamaged, below half
    its starting Number, or already rolled this turn: one roll a damaged ship in each
    Recovery Period); ``state`` is never changed.
    """
    action = event.get("action")
    name = state["stats"].name
    if action not in ACTIONS:
        raise Refused(
            f"a Kill Radius ship takes {', '.join(ACTIONS)}, not {given(action)}"
            + did_you_mean(action, ACTIONS)
        )
    if removed(state):
        raise Refused(f"{name} is destroyed: its Number reached 0 (Kill Radius, Damage)")
    if action == "damage":
        amount = _whole(event, "amount", 1, None, "damage (Kill Radius, Attacking)")
        return {**state, "damage_this_turn": state["damage_this_turn"] + amount}
    roll = _whole(event, "roll", 1, data.DIE_SIDES, "a recovery roll (d10)")
    starting, number = state["starting"], state["number"]
    if number >= starting:
        raise Refused(
            f"{name} is undamaged: only damaged ships roll to recover (Kill Radius, Recovery Period)"
        )
    if not can_recover(starting, number):
        raise Refused(
            f"{name}'s Number {number} is below half its starting {starting} "
            f"({half_number(starting)}): it cannot roll to recover (Kill Radius, Recovery Period)"
        )
    if state["recovered"]:
        raise Refused(
            f"{name} has made its recovery roll this turn: one roll a damaged ship each turn "
            "(Kill Radius, Recovery Period)"
        )
    return {**state, "number": recover(starting, number, roll), "recovered": True}


def end_turn(state: State) -> State:
    """The state at the start of the next turn: the Number lowered by the damage noted this
    turn, never below 0 (Kill Radius, Damage); a carrier then holds at most that Number of
    fighters, and the others are gone for good: recovering its Number brings none back (Kill
    Radius, Fighters)."""
    number = apply_damage(state["number"], state["damage_this_turn"])
    return {
        **state,
        "number": number,
        "damage_this_turn": 0,
        "recovered": False,
        "fighters": min(state["fighters"], number),
    }


def now(state: State) -> dict[str, Any]:
    """What the ship is now: ``number`` (current), ``starting_number``, ``damage_this_turn``,
    ``number_next_turn``, ``movement_points``, ``facing_changes``, ``roll_number`` (what it adds
    to its d10: a carrier's current Number ÷ 3 rounded up), ``reduced`` (at or below half),
    ``may_recover`` (damaged, at or above half, and not yet rolled this turn), ``carrier``,
    ``may_deploy`` (a carrier above half) and ``fighters`` (a carrier's fighters aboard: those
    it started with, at most the lowest Number it has had; 0 for a ship that is no carrier)
    (seed 000, Damage, Carriers and Fighters)."""
    stats: KillRadiusStats = state["stats"]
    starting, number = state["starting"], state["number"]
    mp = movement_points(starting, number)
    return {
        "number": number,
        "starting_number": starting,
        "damage_this_turn": state["damage_this_turn"],
        "number_next_turn": apply_damage(number, state["damage_this_turn"]),
        "movement_points": mp,
        "facing_changes": facing_changes(mp),
        "roll_number": roll_number(number, stats.carrier),
        "reduced": reduced(starting, number),
        "may_recover": number < starting and can_recover(starting, number) and not state["recovered"],
        "carrier": stats.carrier,
        "may_deploy": can_deploy(starting, number, stats.carrier),
        "fighters": fighters_held(state["fighters"], number) if stats.carrier else 0,
    }


def card_rows(now: dict[str, Any]) -> list[dict[str, Any]]:
    """The ship's card on the play page from :func:`now` (:mod:`sheetgen.core.playcard` rows):
    Number, MP, facing changes; for a carrier the Number it rolls with (its current Number ÷ 3,
    rounded up) and its fighters aboard (at most its current Number; "no deploying" at half
    Number or less), as its record sheet's Number track gives them (seed 000, Carriers and
    Fighters); the damage noted this turn and the Number it leaves next turn; the Number track
    from the starting Number down to 0, the lost steps crossed."""
    number = now["number"]
    track = [
        playcard.box(n, "now" if n == number else "lost" if n > number else "")
        for n in range(now["starting_number"], -1, -1)
    ]
    return [
        playcard.fact("Number", number),
        playcard.fact("MP", now["movement_points"]),
        playcard.fact("facing changes", now["facing_changes"]),
        *(
            [
                playcard.fact("carrier rolls with", now["roll_number"]),
                playcard.fact(
                    "fighters aboard", now["fighters"], "" if now["may_deploy"] else " (no deploying)"
                ),
            ]
            if now["carrier"]
            else []
        ),
        playcard.fact("damage this turn", now["damage_this_turn"], f" → {now['number_next_turn']} next turn"),
        playcard.boxes("Number track", track),
    ]
