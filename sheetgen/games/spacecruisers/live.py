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

from sheetgen.core import playcard
from sheetgen.core.fields import Fields, did_you_mean
from sheetgen.core.findings import Finding, error
from sheetgen.core.refused import Refused, given
from sheetgen.core.shapes import Choices, Integer, Shape
from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.play import critical_problem, critical_rolls, drives_now, hit_result
from sheetgen.games.spacecruisers.stats import SpaceCruisersStats

__all__ = [
    "ACTIONS",
    "BUTTONS",
    "CONDITION",
    "CONDITION_SCHEMA",
    "PHASES",
    "ROLLED",
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
PHASES: tuple[str, ...] = data.TURN_PHASES

#: The events a Space Cruisers ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (the hit's damage roll), weapon (the system that hit: phasers, photon torpedoes...)",
    "critical": "roll (the d10 on the Critical Damage Table; left out, the server rolls it)",
}

#: The play page's buttons for a ship (:mod:`sheetgen.core.playcard`): a hit with the
#: system that hit (criticals depend on it), and a Critical Damage Table roll (the server rolls it).
BUTTONS: tuple[dict[str, Any], ...] = (
    playcard.damage_button(),
    playcard.button("critical", "Critical roll"),
)

#: Actions whose die the server rolls when the event gives no ``roll``: action -> dice.
ROLLED: dict[str, str] = {"critical": f"1d{data.CRITICAL_DIE}"}
_TABLE = "Space Cruisers, critical damage table"

State = dict[str, Any]
_WHERE = "Space Cruisers, attack phase"


#: JSON Schema of a design's ``condition:`` block: the ship as play left it (docs/play.md).
#: A design's ``condition:`` block: the ship as play left it (docs/play.md).
CONDITION = Shape(
    "condition",
    (
        Integer(
            name="hull_points",
            minimum=-1000,
            maximum=1000,
            description="Hull points now, at most the design's; below zero after heavy damage"
            " (Space Cruisers, attack phase).",
        ),
        Integer(name="shields", minimum=0, description="Shields still intact."),
        Choices(
            name="criticals",
            options=tuple(data.CRITICALS_BY_ID),
            what="a critical result",
            description="Results taken on the Critical Damage Table, by id, in order.",
        ),
    ),
    "The ship's condition as play left it: hull points and intact shields (Space Cruisers, attack phase).",
)
#: JSON Schema of :data:`CONDITION`.
CONDITION_SCHEMA: dict[str, Any] = CONDITION.schema()


def read_condition(fields: Fields | None) -> dict[str, Any] | None:
    """A ``condition:`` block read from ``fields`` (types only); ``None`` without one."""
    if fields is None:
        return None
    out: dict[str, Any] = {}
    hull = fields.get(CONDITION.key("hull_points"))
    shields = fields.get(CONDITION.key("shields"))
    criticals = fields.get(CONDITION.key("criticals"))
    if criticals is not None:
        out["criticals"] = criticals
    if hull is not None:
        out["hull_points"] = hull
    if shields is not None:
        out["shields"] = shields
    return out


def condition_findings(stats: SpaceCruisersStats, cond: dict[str, Any] | None) -> list[Finding]:
    """``CONDITION`` errors where ``cond`` is not a state play can reach: more hull points or
    shields than the design has, or hull points lost while a shield still stands (an intact
    shield negates a hit; Space Cruisers, attack phase)."""
    if not cond:
        return []
    out: list[Finding] = []
    hull = cond.get("hull_points", stats.hull_points)
    shields = cond.get("shields", stats.shields)
    if hull > stats.hull_points:
        out.append(
            error(
                "CONDITION",
                f"{hull} hull points is more than the design's {stats.hull_points}",
                ("condition", "hull_points"),
            )
        )
    taken = cond.get("criticals", [])
    if taken and stats.critical_destroys:
        out.append(
            error(
                "CONDITION",
                f"{stats.name} is destroyed: any critical roll destroys a fighter ({_TABLE})",
                ("condition", "criticals"),
            )
        )
    problem = critical_problem(hull, len(taken), stats.jump_plasma_turbines)
    if problem is not None:
        out.append(error("CONDITION", f"{problem} ({_WHERE})", ("condition", "criticals")))
    for c in ("warp-core", "life-support", "super-structure"):
        if taken.count(c) > 1:
            result = data.CRITICALS_BY_ID[c]
            out.append(
                error(
                    "CONDITION",
                    f"{result.name} hit twice: {result.twice}, not fielded again ({_TABLE})",
                    ("condition", "criticals"),
                )
            )
    for c, most in (("weapon", sum(w.count for w in stats.weapons)), ("drive", stats.drives)):
        if taken.count(c) > most:
            out.append(
                error(
                    "CONDITION",
                    f"{taken.count(c)} {c}s destroyed of the {most} the design has",
                    ("condition", "criticals"),
                )
            )
    if shields > stats.shields:
        out.append(
            error(
                "CONDITION",
                f"{shields} shields is more than the design's {stats.shields}",
                ("condition", "shields"),
            )
        )
    elif hull < stats.hull_points and shields > 0:
        out.append(
            error(
                "CONDITION",
                f"hull points lost with {shields} shields intact: an intact shield negates the hit ({_WHERE})",
                ("condition",),
            )
        )
    return out


def condition(state: State) -> dict[str, Any]:
    """The ``condition:`` block of ``state``'s ship (what :func:`start` reads back)."""
    stats: SpaceCruisersStats = state["stats"]
    out: dict[str, Any] = {}
    if state["hull_points"] != stats.hull_points:
        out["hull_points"] = state["hull_points"]
    if state["shields"] != stats.shields:
        out["shields"] = state["shields"]
    if state["criticals"]:
        out["criticals"] = list(state["criticals"])
    return out


def start(stats: SpaceCruisersStats) -> State:
    """The state of ``stats``' ship undamaged: its hull points and shields, no criticals due."""
    cond = stats.condition or {}
    hull, shields = cond.get("hull_points", stats.hull_points), cond.get("shields", stats.shields)
    taken = list(cond.get("criticals", ()))
    return {"stats": stats, "hull_points": hull, "shields": shields, "criticals_due": 0, "criticals": taken}


def _out(state: State) -> str | None:
    """What ended the ship on the Critical Damage Table (``explodes``, ``crew killed``,
    ``breaks apart``, ``destroyed`` for a fighter), or ``None``."""
    taken: list[str] = state["criticals"]
    if taken and state["stats"].critical_destroys:
        return "destroyed"
    for c in data.CRITICALS:
        if c.twice and taken.count(c.id) >= 2:
            return c.twice
    return None


def removed(state: State) -> bool:
    """Whether the ship is out: a second warp core, life support or super structure hit,
    or any critical on a fighter (hull points alone never remove it: they may go below zero)."""
    return _out(state) is not None


def apply(state: State, event: dict[str, Any]) -> State:
    """The state after ``{"action": "damage", "amount": N, "weapon": SYSTEM}`` (a hit not evaded).

    Raises :class:`~sheetgen.core.refused.Refused` for an unknown action, an amount that is
    not a whole number of 0 or more, or a weapon that is not one; ``state`` is never changed.
    """
    action = event.get("action")
    if action not in ACTIONS:
        raise Refused(
            f"a Space Cruisers ship takes {', '.join(ACTIONS)}, not {given(action)}"
            + did_you_mean(action, ACTIONS)
        )
    if removed(state):
        raise Refused(f"{state['stats'].name} is out of the game: {_out(state)} ({_TABLE})")
    if action == "critical":
        return _critical(state, event.get("roll"))
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


def _critical(state: State, roll: object) -> State:
    """One roll on the Critical Damage Table (1D10): the result is taken, one critical due is
    used; a weapon or drive result with none left is refused (the text: reroll), and so is a
    roll no hit or jump called for (:func:`~sheetgen.games.spacecruisers.play.critical_problem`)."""
    stats: SpaceCruisersStats = state["stats"]
    if not isinstance(roll, int) or isinstance(roll, bool) or not 1 <= roll <= data.CRITICAL_DIE:
        raise Refused(f"a critical roll is a d10, 1 to {data.CRITICAL_DIE}, not {roll!r}")
    if not state["criticals_due"]:
        problem = critical_problem(
            state["hull_points"], len(state["criticals"]) + 1, stats.jump_plasma_turbines
        )
        if problem is not None:
            raise Refused(f"{stats.name}: {problem} ({_WHERE})")
    result = next(c for c in data.CRITICALS if c.roll == roll)
    taken = [*state["criticals"], result.id]
    if result.reroll_when_none is not None:
        have = _weapon_systems(stats) if result.id == "weapon" else stats.drives
        if state["criticals"].count(result.id) >= have:
            raise Refused(
                f"{result.name}, but {stats.name} has no {result.reroll_when_none} left: reroll ({_TABLE})"
            )
    return {**state, "criticals": taken, "criticals_due": max(0, state["criticals_due"] - 1)}


def _weapon_systems(stats: SpaceCruisersStats) -> int:
    """How many weapon systems the design mounts: one a weapon of each mount's ``count``
    (what a Critical Damage Table 1 destroys, one at a time)."""
    return sum(w.count for w in stats.weapons)


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
        "criticals": [data.CRITICALS_BY_ID[c].name for c in state["criticals"]],
        "weapons_lost": state["criticals"].count("weapon"),
        "drives_lost": state["criticals"].count("drive"),
        # Drives: each left is a move a turn and +1 to initiative (none for a station)
        "drives": drives_now(stats.drives, state["criticals"]),
        "initiative_bonus": stats.initiative_bonus
        - (stats.drives - drives_now(stats.drives, state["criticals"])),
        "moves": stats.hull != "station",
        "to_hit_modifier": sum(data.CRITICALS_BY_ID[c].to_hit for c in set(state["criticals"])),
        "damage_modifier": sum(data.CRITICALS_BY_ID[c].damage for c in set(state["criticals"])),
        "range_modifier": sum(data.CRITICALS_BY_ID[c].range for c in set(state["criticals"])),
        "out": _out(state),
    }


def weapons(state: State, range_hexes: int) -> list[dict[str, Any]]:
    """What the ship can fire now at ``range_hexes`` hexes: one entry per weapon mount of the
    design, ``{"code", "count", "shots", "to_hit", "damage", "chance", "expected"}`` (``shots`` each a turn): the d10 roll (at or
    above) to hit with the lasting criticals (targeting computer, weapons internal damage:
    :func:`~sheetgen.games.spacecruisers.play.hits_on`), the damage dice of one hit
    (``"1d6+1"``), the exact chance one attack hits and the expected hull points one attack
    takes off an unshielded ship (chance x mean of the dice, :mod:`~sheetgen.games.spacecruisers.odds`,
    as the reference card), as fractions in text and in ``chance_value``/``expected_value``;
    ``to_hit`` ``None`` (chance 0) beyond the weapon's range or for a weapon that rolls no
    to-hit. ``count`` is the design's; ``now.weapons_lost`` says how many weapon systems the
    criticals took (the player picks which). Once they have taken every weapon system the
    design mounts, nothing is left to fire and the list is empty (Space Cruisers, Critical
    Damage Table: 1, weapon system destroyed, reroll if none left), as a destroyed weapon
    leaves the other games' lists."""
    from fractions import Fraction

    from sheetgen.games.spacecruisers import odds, play

    stats: SpaceCruisersStats = state["stats"]
    if state["criticals"].count("weapon") >= _weapon_systems(stats):
        return []
    taken = set(state["criticals"])
    targeting, internal = "targeting" in taken, "internal" in taken
    bonus = data.CRITICALS_BY_ID["internal"].damage if internal else 0
    left: list[dict[str, Any]] = []
    for mount in stats.weapons:
        hit = play.hits_on(
            mount.name, targeting_hit=targeting, internal_damage=internal, range_hexes=range_hexes
        )
        chance = Fraction(0)
        if hit is not None:
            chance = odds.chance_to_hit(mount.name, targeting_hit=targeting)
        dice, plus = mount.damage_dice, mount.damage_bonus + bonus
        expected = chance * odds.mean_damage(dice, plus) if dice else Fraction(0)
        damage = None if not dice else f"{dice}d6" + (f"{plus:+d}" if plus else "")
        left.append(
            {
                "code": mount.name,
                "count": mount.count,
                "shots": mount.shots,
                "to_hit": hit,
                "damage": damage,
                "chance": str(chance),
                "expected": str(expected),
                "chance_value": float(chance),
                "expected_value": float(expected),
            }
        )
    return left


def card_rows(now: dict[str, Any]) -> list[dict[str, Any]]:
    """The ship's card on the play page from :func:`now` (:mod:`sheetgen.core.playcard` rows):
    hull points of the design's, shields intact, critical rolls due and taken, what ended
    the ship; a bar of the hull points left."""
    rows = [
        playcard.fact("hull points", now["hull_points"], f" / {now['starting_hull_points']}"),
        playcard.fact("shields", now["shields"]),
        *([playcard.fact("moves", now["drives"], " a turn")] if now["moves"] else []),
        playcard.fact("initiative d10 +", now["initiative_bonus"]),
    ]
    if now["criticals_due"]:
        rows.append(playcard.fact("critical rolls due", now["criticals_due"]))
    if now["criticals"]:
        rows.append(playcard.fact("criticals:", ", ".join(now["criticals"])))
    if now["out"]:
        rows.append(playcard.fact("", now["out"]))
    return [*rows, playcard.meter("hull points", now["hull_points"], now["starting_hull_points"])]
