"""Starfire in play: one ship's state as events change it (Solar Starfire Quick Start, combat).

The state is a plain mapping built by :func:`start` from a ship's stats and changed
only by :func:`apply` (one event) and :func:`end_turn` (the end of a tactical turn);
:func:`now` is what the ship is and can do now. Every number comes from
:mod:`sheetgen.games.starfire.play` and :mod:`sheetgen.games.starfire.data`.

Damage (Solar Starfire Quick Start, combat; RULINGS SF-10): each point destroys one
system, left to right starting with shields, skipping systems already destroyed;
a shield is knocked offline, not destroyed, and skipped like a destroyed system
until it comes back; a laser's damage skips the shields and an energy beam's the
armor (RULINGS SF-12); a freighter takes double damage; a drive destroyed stops its
whole engine room; a ship with every system destroyed, or with only shields, armor
and cargo holds left (a wreck), is removed from play. A ship that took no damage
but from lasers for three consecutive turns regains one offline shield.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core import playcard
from sheetgen.core.fields import Fields, did_you_mean
from sheetgen.core.findings import Finding, Path, error
from sheetgen.core.refused import Refused, given
from sheetgen.core.shapes import Given, Integer, Shape
from sheetgen.games.starfire import data
from sheetgen.games.starfire.notation import Slot, system_string
from sheetgen.games.starfire.play import damage_received, engine_mp, is_wreck, regains_shield, skips_system
from sheetgen.games.starfire.stats import StarfireStats

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
PHASES: tuple[str, ...] = ("initiative", "movement", "combat")

#: The events a Starfire ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (points of damage of one hit), weapon (its Weapon Chart code, optional:"
    " L skips shields, E armor)",
    "fire": "weapon (R, G or Pt: one munition spent from the leftmost launcher with rounds left)",
}

#: The play page's buttons for a ship (:mod:`sheetgen.core.playcard`): a hit, and one Fire
#: button per launcher code with its rounds left (``now.rounds_left``).
BUTTONS: tuple[dict[str, Any], ...] = (
    playcard.damage_button(),
    playcard.button("fire", "Fire", each="rounds_left"),
)


#: JSON Schema of a design's ``condition:`` block: the ship as play left it (docs/play.md).
def _positions(name: str, description: str) -> Given:
    """A list of positions in the system string (1 the leftmost), read by :func:`read_condition`."""
    return Given(
        name=name,
        value_schema={"type": "array", "items": {"type": "integer", "minimum": 1}},
        description=description,
    )


#: A design's ``condition:`` block: the ship as play left it (docs/play.md).
CONDITION = Shape(
    "condition",
    (
        _positions(
            "destroyed",
            "Systems destroyed, by position in the system string (1 the leftmost);"
            " never a shield (shields are knocked offline).",
        ),
        _positions("offline", "Shields knocked offline, by position in the system string."),
        Integer(
            name="quiet_turns",
            minimum=0,
            maximum=2,
            description="Consecutive turns with shields offline and no damage but from lasers.",
        ),
        Given(
            name="spent",
            value_schema={
                "type": "object",
                "propertyNames": {"enum": list(data.MUNITION_WEAPONS)},
                "additionalProperties": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            },
            description="Munitions spent, per launcher of that code left to right, as {R: [10, 3]}.",
        ),
    ),
    "The ship's condition as play left it: destroyed systems, offline shields, spent"
    " munitions (Solar Starfire Quick Start, combat).",
)
#: JSON Schema of :data:`CONDITION`.
CONDITION_SCHEMA: dict[str, Any] = CONDITION.schema()

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
        "spent": [0] * n,
    } | _from_condition(stats)


def _from_condition(stats: StarfireStats) -> dict[str, Any]:
    """The state's changes that ``stats.condition`` (a possible state: see
    :func:`condition_findings`) records; none for a design without one."""
    cond = stats.condition or {}
    n = len(stats.systems)
    destroyed, offline, spent = [False] * n, [False] * n, [0] * n
    for i in cond.get("destroyed", ()):
        if 1 <= i <= n:
            destroyed[i - 1] = True
    for i in cond.get("offline", ()):
        if 1 <= i <= n:
            offline[i - 1] = True
    for code, rounds in cond.get("spent", {}).items():
        for i, used in zip(_launchers(stats, code), rounds, strict=False):
            spent[i] = used
    return {
        "destroyed": destroyed,
        "offline": offline,
        "spent": spent,
        "quiet_turns": cond.get("quiet_turns", 0),
    }


def _launchers(stats: StarfireStats, code: str) -> list[int]:
    """Positions (0-based) of ``code``'s launchers in the system string, left to right."""
    return [i for i, c in enumerate(stats.systems) if _code(c) == code]


def read_condition(fields: Fields | None) -> dict[str, Any] | None:
    """A ``condition:`` block read from ``fields`` (types only; :func:`condition_findings`
    says whether it is a possible state); ``None`` without one."""
    if fields is None:
        return None
    out: dict[str, Any] = {}
    for key in ("destroyed", "offline"):
        raw = fields.raw(key)
        if raw is None:
            continue
        if not isinstance(raw, list):
            fields.problem(f"'{key}' must be a list of system positions, as [4, 5]", fields.at(key))
            continue
        out[key] = [
            n
            for j, v in enumerate(raw)
            if (n := fields.check_integer(v, (*fields.at(key), j), key, minimum=1))
        ]
    quiet = fields.get(CONDITION.key("quiet_turns"))
    if quiet is not None:
        out["quiet_turns"] = quiet
    spent = fields.raw("spent")
    if isinstance(spent, dict):
        out["spent"] = {}
        for code, rounds in spent.items():
            at = (*fields.at("spent"), code)
            if not isinstance(rounds, list):
                fields.problem(f"'spent.{code}' must be a list of rounds per launcher, as [10, 3]", at)
                continue
            got = [
                fields.check_integer(v, (*at, j), f"spent.{code}", minimum=0) for j, v in enumerate(rounds)
            ]
            out["spent"][str(code)] = [v for v in got if v is not None]
    elif spent is not None:
        fields.problem("'spent' must be a mapping of launcher code: rounds per launcher", fields.at("spent"))
    return out


def condition_findings(stats: StarfireStats, cond: dict[str, Any] | None) -> list[Finding]:
    """``CONDITION`` errors where ``cond`` is not a state play can reach: a position beyond
    the system string, a shield destroyed or another system offline (Solar Starfire Quick
    Start, combat), munitions spent beyond what a launcher holds or for a launcher the
    design lacks, quiet turns without a shield offline."""
    if cond is None:
        return []
    out: list[Finding] = []
    n = len(stats.systems)
    for key in ("destroyed", "offline"):
        for j, i in enumerate(cond.get(key, ())):
            at: Path = ("condition", key, j)
            if i > n:
                out.append(error("CONDITION", f"{key}: position {i} is beyond the {n} systems", at))
            elif key == "destroyed" and _code(stats.systems[i - 1]) == "S":
                out.append(
                    error(
                        "CONDITION",
                        f"system {i} is a shield: shields are knocked offline, not destroyed ({_WHERE})",
                        at,
                    )
                )
            elif key == "offline" and _code(stats.systems[i - 1]) != "S":
                out.append(
                    error(
                        "CONDITION",
                        f"system {i} is {_code(stats.systems[i - 1])}, not a shield: only shields go offline ({_WHERE})",
                        at,
                    )
                )
    if not out and removed(start(stats)):
        out.append(
            error("CONDITION", f"{stats.name} is destroyed and removed from play ({_WHERE})", ("condition",))
        )
    if cond.get("quiet_turns") and not cond.get("offline"):
        out.append(
            error(
                "CONDITION", "quiet_turns counts only while a shield is offline", ("condition", "quiet_turns")
            )
        )
    for code, rounds in cond.get("spent", {}).items():
        at = ("condition", "spent", code)
        if code not in data.MUNITION_WEAPONS:
            out.append(
                error("CONDITION", f"{code} spends no munitions; {', '.join(data.MUNITION_WEAPONS)} do", at)
            )
            continue
        launchers = len(_launchers(stats, code))
        if len(rounds) > launchers:
            out.append(
                error(
                    "CONDITION",
                    f"spent lists {len(rounds)} {code} launchers; the design mounts {launchers}",
                    at,
                )
            )
        most = stats.munitions.get(code)
        for j, used in enumerate(rounds):
            if most is not None and used > most:
                out.append(
                    error(
                        "CONDITION", f"{code} launcher {j + 1}: {used} spent of the {most} it holds", (*at, j)
                    )
                )
    return out


def condition(state: State) -> dict[str, Any]:
    """The ``condition:`` block of ``state``'s ship (what :func:`start` reads back): only what
    is not as built."""
    stats: StarfireStats = state["stats"]
    out: dict[str, Any] = {}
    destroyed = [i + 1 for i, gone in enumerate(state["destroyed"]) if gone]
    offline = [i + 1 for i, off in enumerate(state["offline"]) if off]
    if destroyed:
        out["destroyed"] = destroyed
    if offline:
        out["offline"] = offline
        if state["quiet_turns"]:
            out["quiet_turns"] = state["quiet_turns"]
    spent = {
        code: [state["spent"][i] for i in _launchers(stats, code)]
        for code in data.MUNITION_WEAPONS
        if any(state["spent"][i] for i in _launchers(stats, code))
    }
    if spent:
        out["spent"] = spent
    return out


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
    """The state after ``event`` (``{"action": "damage", "amount": N, "weapon": CODE}``):
    each point goes to the leftmost system standing that ``weapon`` does not skip
    (:func:`~sheetgen.games.starfire.play.skips_system`: L passes over shields, E over armor;
    RULINGS SF-12); points left when no such system remains are lost.

    Raises :class:`~sheetgen.core.refused.Refused` for an unknown action, an amount that is
    not a whole number of 1 or more, a weapon not on the Weapon Chart, or a ship already
    removed from play; ``state`` is never changed.
    """
    action = event.get("action")
    if action not in ACTIONS:
        raise Refused(
            f"a Starfire ship takes {', '.join(ACTIONS)}, not {given(action)}" + did_you_mean(action, ACTIONS)
        )
    stats: StarfireStats = state["stats"]
    if action == "fire":
        return _fire(state, event.get("weapon"))
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
            continue  # previously destroyed systems (and shields knocked offline) are skipped
        if skips_system(weapon or None, system):
            continue  # lasers skip shields, energy beams armor (RULINGS SF-12)
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


def _fire(state: State, weapon: object) -> State:
    """One munition spent from the leftmost launcher of ``weapon`` not destroyed with rounds
    left (Solar Starfire Quick Start, combat: each time the weapon fires one munition is used;
    with none left the launcher cannot fire)."""
    stats: StarfireStats = state["stats"]
    if weapon not in data.MUNITION_WEAPONS:
        raise Refused(f"only launchers spend munitions ({', '.join(data.MUNITION_WEAPONS)}), not {weapon!r}")
    if removed(state):
        raise Refused(f"{stats.name} is destroyed and removed from play ({_WHERE})")
    code = str(weapon)
    launchers = [i for i in _launchers(stats, code) if not state["destroyed"][i]]
    if not launchers:
        raise Refused(f"{stats.name} has no {code} launcher left to fire ({_WHERE})")
    most = stats.munitions.get(code)
    ready = [i for i in launchers if most is None or state["spent"][i] < most]
    if not ready:
        raise Refused(
            f"{stats.name}'s {code} launchers have no munitions left: a launcher with none remaining"
            f" is depleted and unable to fire, but is not destroyed ({_WHERE})"
        )
    spent = list(state["spent"])
    spent[ready[0]] += 1
    return {**state, "spent": spent}


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
        "rounds_left": {
            code: [
                None if stats.munitions.get(code) is None else stats.munitions[code] - state["spent"][i]
                for i in _launchers(stats, code)
            ]
            for code in data.MUNITION_WEAPONS
            if _launchers(stats, code)
        },
    }


def weapons(state: State, range_hexes: int) -> list[dict[str, Any]]:
    """What the ship can fire now at ``range_hexes`` hexes: one entry per weapon code still
    standing (not destroyed), in the system string's order, ``{"code", "count", "to_hit",
    "damage", "chance", "expected"}``: the d10 number to hit and the damage of one hit from
    the Weapon Chart (:func:`~sheetgen.games.starfire.play.to_hit`, ``weapon_damage``,
    RULINGS SF-8), the exact chance one shot hits (a d10 at most ``to_hit``) and the
    expected systems destroyed by one shot, as fractions in text (``"3/5"``) and in
    ``chance_value``/``expected_value`` as numbers; ``to_hit`` ``None`` (and chance 0) out of
    range or, for a launcher, with no rounds left. A base whose combat sensors (Y) stand
    reads R, G and Pt beyond 12 hexes at the range less 5, never below 12 (Solar Starfire
    Quick Start, bases; :func:`~sheetgen.games.starfire.play.base_effective_range`). The
    reference card's weapon chart and base range table hold the same numbers."""
    from sheetgen.games.starfire import play
    from sheetgen.games.starfire.card import chance_at_most

    stats: StarfireStats = state["stats"]
    counts: dict[str, int] = {}
    for system, gone in zip(stats.systems, state["destroyed"], strict=True):
        code = _code(system)
        if not gone and code in data.WEAPONS:
            counts[code] = counts.get(code, 0) + 1
    sensors = "Y" in _remaining(state)  # combat sensors standing reach past 10 hexes
    # a base with combat sensors standing reads R, G and Pt ranges shortened (SF-8), as its sheet does
    base_y = sensors and stats.kind == data.HullKind.BASE
    left: list[dict[str, Any]] = []
    for code, count in counts.items():
        depleted = False
        if stats.munitions.get(code) is not None:
            depleted = all(
                state["destroyed"][i] or stats.munitions[code] - state["spent"][i] <= 0
                for i in _launchers(stats, code)
            )
        hit = play.to_hit(
            code, range_hexes, depleted=depleted, combat_sensors=sensors, base_with_sensors=base_y
        )
        damage = play.weapon_damage(code, range_hexes, base_with_sensors=base_y)
        chance = chance_at_most(hit)
        expected = chance * (damage or 0)
        left.append(
            {
                "code": code,
                "count": count,
                "to_hit": hit,
                "damage": damage if hit is not None else None,
                "chance": str(chance),
                "expected": str(expected),
                "chance_value": float(chance),
                "expected_value": float(expected),
            }
        )
    return left


def card_rows(now: dict[str, Any]) -> list[dict[str, Any]]:
    """The ship's card on the play page from :func:`now` (:mod:`sheetgen.core.playcard` rows):
    MP and turn mode, shields offline with the quiet turns counted, double damage (a
    freighter); every system in order, framed by engine room, crossed when destroyed and
    marked when offline; the system string of what survives."""
    facts = [playcard.fact("MP", now["movement_points"]), playcard.fact("TM", now["turn_mode"])]
    if now["shields_offline"]:
        after = f" (quiet turns {now['quiet_turns']})"
        facts.append(playcard.fact("shields offline", now["shields_offline"], after))
    if now["double_damage"]:
        facts.append(playcard.fact("double damage"))
    systems = [
        playcard.box(
            code,
            "off" if off else "lost" if gone else "",
            "offline" if off else "destroyed" if gone else "",
            room,
        )
        for code, room, gone, off in zip(
            now["all_systems"], now["system_rooms"], now["destroyed"], now["offline"], strict=True
        )
    ]
    return [*facts, playcard.boxes("systems", systems), playcard.code("system string", now["systems"] or "—")]
