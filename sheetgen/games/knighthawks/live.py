"""Knight Hawks 2000 in play: one ship's structure as events change it (Knight Hawks 2000,
Explanation of Damage Results; RULINGS KH-3).

The state is a plain mapping built by :func:`start`, changed only by :func:`apply`;
:func:`now` is what the ship is and can do now. Every number comes from
:mod:`sheetgen.games.knighthawks.play`.

Structure Point Damage lowers the ship's structure points by the damage sustained
(a critical hit's 2x Structure Point Damage by double); at half the SP lost the ship
has half its ADF and MR and rolls once a turn against break-up, at two-thirds ADF and MR
are 1 and it rolls six times; a ship with zero SP is destroyed.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.refused import Refused, given
from sheetgen.games.knighthawks.play import (
    adf_mr_in_state,
    compact_text,
    half_structure,
    structure_state,
    two_thirds_structure,
)
from sheetgen.games.knighthawks.stats import KnightHawksStats

__all__ = ["ACTIONS", "PHASES", "apply", "end_turn", "now", "removed", "start"]

#: The parts of a turn, as the record sheet's turn track reads them.
PHASES: tuple[str, ...] = ("movement", "combat")

#: The events a Knight Hawks 2000 ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (damage points sustained), double (true for a critical hit's 2x Structure Point Damage)",
}

State = dict[str, Any]
_WHERE = "Knight Hawks 2000, Explanation of Damage Results"


def start(stats: KnightHawksStats) -> State:
    """The state of ``stats``' ship undamaged: ``lost`` structure points 0."""
    return {"stats": stats, "lost": 0}


def removed(state: State) -> bool:
    """Whether the ship is destroyed: zero SP left."""
    return bool(state["lost"] >= state["stats"].structure_points)


def apply(state: State, event: dict[str, Any]) -> State:
    """The state after ``{"action": "damage", "amount": N, "double": bool}``: N (or 2N) SP lost.

    Raises :class:`~sheetgen.core.refused.Refused` for an unknown action, an amount that is
    not a whole number of 1 or more, or a destroyed ship; ``state`` is never changed.
    """
    action = event.get("action")
    stats: KnightHawksStats = state["stats"]
    if action not in ACTIONS:
        raise Refused(f"a Knight Hawks 2000 ship takes {', '.join(ACTIONS)}, not {given(action)}")
    if removed(state):
        raise Refused(f"{stats.name} is destroyed: a ship with zero SP is destroyed ({_WHERE})")
    amount = event.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise Refused(f"damage is a whole number of points, 1 or more ({_WHERE}), not {given(amount)}")
    if event.get("double"):
        amount *= 2
    return {**state, "lost": min(stats.structure_points, state["lost"] + amount)}


def end_turn(state: State) -> State:
    """Nothing changes by itself at the end of a turn (repairs and break-up rolls are events)."""
    return state


def now(state: State) -> dict[str, Any]:
    """What the ship is now: ``structure_points`` (left), ``starting_structure_points``,
    ``structure_state`` (intact, half, two-thirds, destroyed), ``adf`` and ``mr`` in that
    state (as text, halves written out), ``breakup_rolls`` a turn, ``half_at`` and
    ``two_thirds_at`` (SP lost where those start)."""
    stats: KnightHawksStats = state["stats"]
    total, lost = stats.structure_points, state["lost"]
    condition = structure_state(total, lost)
    adf, mr = adf_mr_in_state(condition, stats.adf, stats.mr)
    rolls = {"half": 1, "two-thirds": 6}.get(condition.value, 0)
    return {
        "structure_points": total - lost,
        "starting_structure_points": total,
        "structure_state": condition.value,
        "adf": compact_text(adf),
        "mr": compact_text(mr),
        "breakup_rolls": rolls,
        "half_at": half_structure(total),
        "two_thirds_at": two_thirds_structure(total),
    }
