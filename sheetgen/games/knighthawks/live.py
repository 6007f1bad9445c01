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

from sheetgen.core.findings import Finding, Path, error
from sheetgen.core.refused import Refused
from sheetgen.core.schema import Fields
from sheetgen.games.knighthawks.play import (
    adf_mr_in_state,
    compact_text,
    half_structure,
    structure_state,
    two_thirds_structure,
)
from sheetgen.games.knighthawks.stats import KnightHawksStats

__all__ = [
    "ACTIONS",
    "CONDITION_SCHEMA",
    "PHASES",
    "apply",
    "condition",
    "condition_findings",
    "end_turn",
    "now",
    "read_condition",
    "removed",
    "start",
]

#: The parts of a turn, as the record sheet's turn track reads them.
PHASES: tuple[str, ...] = ("movement", "combat")

#: The events a Knight Hawks 2000 ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (damage points sustained), double (true for a critical hit's 2x Structure Point Damage)",
}

State = dict[str, Any]
_WHERE = "Knight Hawks 2000, Explanation of Damage Results"


#: JSON Schema of a design's ``condition:`` block: the ship as play left it (docs/play.md).
CONDITION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "structure_points": {
            "type": "integer",
            "minimum": 1,
            "description": "Structure points left, 1 to the design's SP (Explanation of Damage Results).",
        },
    },
    "description": "The ship's condition as play left it: structure points left"
    " (Knight Hawks 2000, Explanation of Damage Results).",
}


def read_condition(fields: Fields | None) -> dict[str, Any] | None:
    """A ``condition:`` block read from ``fields`` (types only); ``None`` without one."""
    if fields is None:
        return None
    sp = fields.integer("structure_points", minimum=0)
    return {} if sp is None else {"structure_points": sp}


def condition_findings(stats: KnightHawksStats, cond: dict[str, Any] | None) -> list[Finding]:
    """``CONDITION`` errors where ``cond`` is not a state play can reach: more SP than the
    design has, or zero (destroyed; Explanation of Damage Results)."""
    sp = (cond or {}).get("structure_points")
    if sp is None:
        return []
    at: Path = ("condition", "structure_points")
    if sp == 0:
        return [
            error("CONDITION", f"{stats.name} is destroyed: a ship with zero SP is destroyed ({_WHERE})", at)
        ]
    if sp > stats.structure_points:
        return [error("CONDITION", f"{sp} SP left is more than the design's {stats.structure_points}", at)]
    return []


def condition(state: State) -> dict[str, Any]:
    """The ``condition:`` block of ``state``'s ship (what :func:`start` reads back)."""
    stats: KnightHawksStats = state["stats"]
    left = stats.structure_points - state["lost"]
    return {} if state["lost"] == 0 else {"structure_points": left}


def start(stats: KnightHawksStats) -> State:
    """The state of ``stats``' ship undamaged: ``lost`` structure points 0."""
    left = (stats.condition or {}).get("structure_points", stats.structure_points)
    return {"stats": stats, "lost": max(0, stats.structure_points - left)}


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
        raise Refused(f"a Knight Hawks 2000 ship takes {', '.join(ACTIONS)}, not {action!r}")
    if removed(state):
        raise Refused(f"{stats.name} is destroyed: a ship with zero SP is destroyed ({_WHERE})")
    amount = event.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise Refused(f"damage is a whole number of points, 1 or more ({_WHERE}), not {amount!r}")
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
