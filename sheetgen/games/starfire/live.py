"""Starfire in play: one ship's state as events change it (Solar Starfire Quick Start, combat).

The state is a plain mapping built by :func:`start` from a ship's stats and changed
only by :func:`apply` (one event) and :func:`end_turn` (the end of a tactical turn);
:func:`now` is what the ship is and can do now. Every number comes from
:mod:`sheetgen.games.starfire.play` and :mod:`sheetgen.games.starfire.data`.

Damage (Solar Starfire Quick Start, combat; RULINGS SF-10): each point destroys one
system, left to right starting with shields, skipping systems already destroyed;
a shield is knocked offline, not destroyed, and skipped like a destroyed system
until it comes back; a freighter takes double damage; a drive destroyed stops its
whole engine room; a ship with every system destroyed, or with only shields, armor
and cargo holds left (a wreck), is removed from play. A ship that took no damage
but from lasers for three consecutive turns regains one offline shield.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.refused import Refused, given
from sheetgen.games.starfire import data
from sheetgen.games.starfire.notation import Slot, system_string
from sheetgen.games.starfire.play import damage_received, engine_mp, is_wreck, regains_shield
from sheetgen.games.starfire.stats import StarfireStats

__all__ = ["ACTIONS", "PHASES", "apply", "end_turn", "now", "removed", "start"]

#: The phases of a tactical turn, in order (Solar Starfire Quick Start, sequence of play).
PHASES: tuple[str, ...] = ("initiative", "movement", "combat")

#: The events a Starfire ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (points of damage of one hit), weapon (its Weapon Chart code, optional)",
}

State = dict[str, Any]

_LASER = "L"
_WHERE = "Solar Starfire Quick Start, combat"


def start(stats: StarfireStats) -> State:
    """The state of ``stats``' ship undamaged: ``destroyed`` and ``offline`` (one flag per
    system, in damage order), ``quiet_turns`` (consecutive turns with no damage but from
    lasers), ``hit_this_turn`` (damage other than lasers this turn)."""
    n = len(stats.systems)
    return {
        "stats": stats,
        "destroyed": [False] * n,
        "offline": [False] * n,
        "quiet_turns": 0,
        "hit_this_turn": False,
    }


def _code(system: str) -> str:
    return system.rstrip("+")


def _remaining(state: State) -> list[str]:
    """Codes of the systems not destroyed (offline shields included: they are not destroyed)."""
    return [_code(c) for c, gone in zip(state["stats"].systems, state["destroyed"], strict=True) if not gone]


def removed(state: State) -> bool:
    """Whether the ship is out of play: every system destroyed, or a wreck (only S, A, H left,
    counted as destroyed; Solar Starfire Quick Start, combat)."""
    return all(state["destroyed"]) or (any(state["destroyed"]) and is_wreck(_remaining(state)))


def apply(state: State, event: dict[str, Any]) -> State:
    """The state after ``event`` (``{"action": "damage", "amount": N, "weapon": CODE}``).

    Raises :class:`~sheetgen.core.refused.Refused` for an unknown action, an amount that is
    not a whole number of 1 or more, a weapon not on the Weapon Chart, or a ship already
    removed from play; ``state`` is never changed.
    """
    action = event.get("action")
    if action != "damage":
        raise Refused(f"a Starfire ship takes {', '.join(ACTIONS)}, not {given(action)}")
    stats: StarfireStats = state["stats"]
    amount = event.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise Refused(f"damage is a whole number of points, 1 or more ({_WHERE}), not {given(amount)}")
    weapon = event.get("weapon")
    if weapon not in (None, "") and weapon not in data.WEAPONS:
        raise Refused(f"unknown weapon {given(weapon)}; the Weapon Chart has {', '.join(data.WEAPONS)}")
    if removed(state):
        raise Refused(f"{stats.name} is destroyed and removed from play ({_WHERE})")
    points = damage_received(amount, target_is_freighter=stats.double_damage)
    destroyed = list(state["destroyed"])
    offline = list(state["offline"])
    for i, system in enumerate(stats.systems):
        if points == 0:
            break
        if destroyed[i] or offline[i]:
            continue  # only previously destroyed systems (and shields knocked offline) are skipped
        if _code(system) == "S":
            offline[i] = True
        else:
            destroyed[i] = True
        points -= 1
    return {
        **state,
        "destroyed": destroyed,
        "offline": offline,
        "hit_this_turn": state["hit_this_turn"] or weapon != _LASER,
    }


def end_turn(state: State) -> State:
    """The state at the end of a tactical turn: a ship with shields offline that took no damage
    but from lasers counts one more quiet turn, and after three regains its leftmost offline
    shield (the count then starts again); any other damage starts the count again."""
    quiet = 0 if state["hit_this_turn"] else state["quiet_turns"] + 1
    offline = list(state["offline"])
    if regains_shield(quiet, sum(offline)):
        offline[offline.index(True)] = False
        quiet = 0
    if not any(offline):
        quiet = 0
    return {**state, "offline": offline, "quiet_turns": quiet, "hit_this_turn": False}


def _movement_points(state: State) -> int:
    """MP with the destroyed drives' rooms lost: only rooms with every drive intact count."""
    stats: StarfireStats = state["stats"]
    hull = data.HULLS.get(stats.hull)
    if hull is None:
        return 0
    rooms: dict[object, list[bool]] = {}
    for i, (code, room) in enumerate(zip(stats.systems, stats.system_rooms, strict=True)):
        if _code(code) == "I":
            rooms.setdefault(room if room is not None else ("single", i), []).append(state["destroyed"][i])
    intact = sum(len(drives) for drives in rooms.values() if not any(drives))
    return min(stats.movement_points, engine_mp(hull, intact))


def now(state: State) -> dict[str, Any]:
    """What the ship is now: ``movement_points``; ``systems`` (the surviving systems as the
    system string prints them, destroyed systems and offline shields left out);
    ``destroyed`` and ``offline`` (one flag per system of ``all_systems``); ``shields_offline``;
    ``quiet_turns``; ``double_damage``; ``wreck``."""
    stats: StarfireStats = state["stats"]
    restricted = {_code(c) for c in stats.systems if c.endswith("+")}
    slots = [
        Slot(_code(code), room)
        for code, room, gone, off in zip(
            stats.systems, stats.system_rooms, state["destroyed"], state["offline"], strict=True
        )
        if not gone and not off
    ]
    return {
        "movement_points": 0 if removed(state) else _movement_points(state),
        "turn_mode": stats.turn_mode,
        "systems": system_string(slots, restricted),
        "all_systems": list(stats.systems),
        "system_rooms": list(stats.system_rooms),
        "destroyed": list(state["destroyed"]),
        "offline": list(state["offline"]),
        "shields_offline": sum(state["offline"]),
        "quiet_turns": state["quiet_turns"],
        "double_damage": stats.double_damage,
        "wreck": removed(state) and not all(state["destroyed"]),
        "munitions": dict(stats.munitions),
    }
