"""Space Cruisers in play: one ship's hull points and shields as events change them
(Space Cruisers, attack phase; RULINGS SC-4, SC-5).

The state is a plain mapping built by :func:`start`, changed only by :func:`apply`;
:func:`now` is what the ship is now. Every number comes from
:mod:`sheetgen.games.spacecruisers.play`.

A hit that is not evaded: an intact shield negates it, and a hit of 5 or more blows
that shield too; without shields each point of damage takes one hull point. Hull points
may go below zero; from then on each phaser hit calls for one roll on the Critical
Damage Table and each torpedo or missile hit for two.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.refused import Refused, given
from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.play import critical_rolls, hit_result
from sheetgen.games.spacecruisers.stats import SpaceCruisersStats

__all__ = ["ACTIONS", "PHASES", "apply", "end_turn", "now", "removed", "start"]

#: The turn's phases in order (Space Cruisers, turn sequence).
PHASES: tuple[str, ...] = data.TURN_PHASES

#: The events a Space Cruisers ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (the hit's damage roll), weapon (the system that hit: phasers, photon torpedoes...)",
}

State = dict[str, Any]
_WHERE = "Space Cruisers, attack phase"


def start(stats: SpaceCruisersStats) -> State:
    """The state of ``stats``' ship undamaged: its hull points and shields, no criticals due."""
    return {"stats": stats, "hull_points": stats.hull_points, "shields": stats.shields, "criticals_due": 0}


def removed(state: State) -> bool:
    """Hull points alone never remove a Space Cruisers ship (they may go below zero)."""
    return False


def apply(state: State, event: dict[str, Any]) -> State:
    """The state after ``{"action": "damage", "amount": N, "weapon": SYSTEM}`` (a hit not evaded).

    Raises :class:`~sheetgen.core.refused.Refused` for an unknown action, an amount that is
    not a whole number of 0 or more, or a weapon that is not one; ``state`` is never changed.
    """
    action = event.get("action")
    if action not in ACTIONS:
        raise Refused(f"a Space Cruisers ship takes {', '.join(ACTIONS)}, not {given(action)}")
    amount = event.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise Refused(f"damage is a whole number, 0 or more ({_WHERE}), not {given(amount)}")
    weapon = event.get("weapon") or None
    if weapon is not None:
        system = data.SYSTEMS.get(str(weapon))
        if system is None or system.weapon is None:
            weapons = ", ".join(n for n, x in data.SYSTEMS.items() if x.weapon is not None)
            raise Refused(f"{given(weapon)} is not a weapon; weapons are {weapons}")
    lost, blown = hit_result(amount, state["shields"])
    hull = state["hull_points"] - lost
    due = state["criticals_due"] + (critical_rolls(weapon, hull) if weapon is not None else 0)
    return {**state, "hull_points": hull, "shields": state["shields"] - int(blown), "criticals_due": due}


def end_turn(state: State) -> State:
    """Nothing changes by itself at the end of a turn."""
    return state


def now(state: State) -> dict[str, Any]:
    """What the ship is now: ``hull_points`` (may be negative), ``starting_hull_points``,
    ``shields`` intact, ``criticals_due`` (rolls on the Critical Damage Table called for)."""
    stats: SpaceCruisersStats = state["stats"]
    return {
        "hull_points": state["hull_points"],
        "starting_hull_points": stats.hull_points,
        "shields": state["shields"],
        "criticals_due": state["criticals_due"],
    }
