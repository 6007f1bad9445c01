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

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from sheetgen.core import playcard
from sheetgen.core.fields import Fields, did_you_mean
from sheetgen.core.findings import Finding, Path, error
from sheetgen.core.refused import Refused, given
from sheetgen.core.shapes import Boolean, Choices, Counts, Integer, Shape
from sheetgen.games.knighthawks import data
from sheetgen.games.knighthawks.play import (
    adf_mr_in_state,
    attack_odds,
    compact_text,
    fire_problem,
    half_structure,
    repair_turn,
    structure_state,
    two_thirds_structure,
    weapon,
)
from sheetgen.games.knighthawks.stats import KnightHawksStats, attacks

__all__ = [
    "ACTIONS",
    "AIM",
    "AIM_ON_PAGE",
    "BUTTONS",
    "CONDITION",
    "CONDITION_SCHEMA",
    "PHASES",
    "ROLLED",
    "TO_HIT_UNIT",
    "apply",
    "card_rows",
    "condition",
    "condition_findings",
    "end_turn",
    "now",
    "read_aim",
    "read_condition",
    "removed",
    "start",
    "weapons",
]

#: Names of the turn's parts a phase event took before play followed the game's
#: ``turn_phases`` (its sequence of play): still taken, so that games kept before replay.
PHASES: tuple[str, ...] = ("movement", "combat")

#: The events a Knight Hawks 2000 ship takes: action -> what it needs.
ACTIONS: dict[str, str] = {
    "damage": "amount (damage points sustained), double (true for a critical hit's 2x Structure Point Damage)",
    "system_damage": "weapon (the damage table's result as read on the table: void_engine, maneuver_jet,"
    " sensors, computer, weapon, fire, maneuver_jet_destroyed, void_engine_destroyed, bridge_destroyed,"
    " disastrous_fire)",
    "repair": "roll (the d100 repair roll, 100 for 00; left out, the server rolls it), weapon (the damaged"
    " system to repair, optional: the first)",
    "crew_damage": "roll (the d10 on the Crew Member Damage Table; left out, the server rolls it)",
    "fire": "weapon (the code of a weapon that carries ordnance), amount (rounds launched, 1 if left out)",
}

#: Actions whose die the server rolls when the event gives no ``roll``: action -> dice.
ROLLED: dict[str, str] = {"repair": "1d100", "crew_damage": "1d10"}

#: Damage table results that damage a system until it is repaired (Starship Damage Table).
REPAIRABLE = ("void_engine", "maneuver_jet", "sensors", "computer", "fire")
#: Results that destroy (Starship and Critical Hit Tables): never repaired.
DESTROYING = ("weapon", "maneuver_jet_destroyed", "void_engine_destroyed", "bridge_destroyed")
_RESULTS = (*REPAIRABLE, *DESTROYING, "disastrous_fire")

#: The play page's buttons for a ship (:mod:`sheetgen.core.playcard`): structure damage
#: (a critical hit's 2x ticked), one Fire button per weapon carrying ordnance with the rounds
#: left (``now.ordnance_left``), a damage table result as read on the table, a repair roll
#: (enabled while ``now.may_repair``) and a Crew Member Damage roll (the server rolls both).
BUTTONS: tuple[dict[str, Any], ...] = (
    playcard.damage_button(playcard.check("double", "critical hit, 2x Structure Point Damage, to", "2×")),
    playcard.button("fire", "Fire", each="ordnance_left"),
    playcard.button(
        "system_damage",
        "Table result",
        playcard.choice("weapon", "damage table result for", _RESULTS),
    ),
    playcard.button("repair", "Repair roll", when="may_repair"),
    playcard.button("crew_damage", "Crew roll"),
)

#: How the play page writes a weapon's ``to_hit``: the final percent (a d100 at most it).
TO_HIT_UNIT = "%"
_REPAIRS = "Knight Hawks 2000, Repairs"

State = dict[str, Any]
#: The Crew Member Damage Table's rows the text gives: only its example of combat's roll
#: (a 4: the sensor operator takes 8D10); the others are missing (RULINGS KH-6).
_CREW_ROWS = {roll: f"{result} ({note})" for roll, result, note in data.TEXT_ROLLS["crew"]}
_WHERE = "Knight Hawks 2000, Explanation of Damage Results"


#: JSON Schema of a design's ``condition:`` block: the ship as play left it (docs/play.md).
#: A design's ``condition:`` block: the ship as play left it (docs/play.md).
CONDITION = Shape(
    "condition",
    (
        Integer(
            name="structure_points",
            minimum=1,
            reader_minimum=0,  # zero SP is destroyed: condition_findings says so
            description="Structure points left, 1 to the design's SP (Explanation of Damage Results).",
        ),
        Choices(
            name="damaged",
            options=tuple(REPAIRABLE),
            what="a repairable damage result",
            description="Systems damaged and not yet repaired (damage table results).",
        ),
        Choices(
            name="destroyed",
            options=tuple(DESTROYING),
            what="a destroying damage result",
            description="Systems destroyed (damage table results).",
        ),
        Boolean(name="scc_only", description="A repair roll of 96-99: repairs only at an SCC."),
        Boolean(
            name="disastrous_fire",
            description="A disastrous fire burning (a second fire, or the result itself): no power,"
            " ADF, MR or DCR, and no repairs (Explanation of Damage Results; RULINGS KH-10).",
        ),
        Counts(name="launched", minimum=0, description="Ordnance launched, by weapon code, as {MM: 2}."),
    ),
    "The ship's condition as play left it: structure points left"
    " (Knight Hawks 2000, Explanation of Damage Results).",
)
#: JSON Schema of :data:`CONDITION`.
CONDITION_SCHEMA: dict[str, Any] = CONDITION.schema()


def read_condition(fields: Fields | None) -> dict[str, Any] | None:
    """A ``condition:`` block read from ``fields`` (types only); ``None`` without one."""
    if fields is None:
        return None
    out: dict[str, Any] = {}
    sp = fields.get(CONDITION.key("structure_points"))
    if sp is not None:
        out["structure_points"] = sp
    for key in ("damaged", "destroyed"):
        items = fields.get(CONDITION.key(key))
        if items is not None:
            out[key] = items
    launched = fields.get(CONDITION.key("launched"))
    if launched:
        out["launched"] = launched
    for key in ("scc_only", "disastrous_fire"):
        flag = fields.get(CONDITION.key(key))
        if flag is not None:
            out[key] = flag
    return out


def condition_findings(stats: KnightHawksStats, cond: dict[str, Any] | None) -> list[Finding]:
    """``CONDITION`` errors where ``cond`` is not a state play can reach: more SP than the
    design has, or zero (destroyed; Explanation of Damage Results)."""
    out: list[Finding] = []
    destroyed = (cond or {}).get("destroyed", [])
    if "void_engine_destroyed" in destroyed and destroyed.count("void_engine_destroyed") >= max(
        stats.void_engines, 1
    ):
        out.append(
            error(
                "CONDITION",
                f"{stats.name} blew up: its last void engine is destroyed ({_WHERE})",
                ("condition", "destroyed"),
            )
        )
    if (cond or {}).get("damaged", []).count("fire") > 1:
        out.append(
            error("CONDITION", f"a second fire is a disastrous fire ({_WHERE})", ("condition", "damaged"))
        )
    carried = _carried(stats)
    for code, n in (cond or {}).get("launched", {}).items():
        if n > carried.get(code, 0):
            have = f"carries {carried[code]}" if code in carried else "carries no ordnance for it"
            out.append(
                error("CONDITION", f"{n} {code} launched; the design {have}", ("condition", "launched", code))
            )
    sp = (cond or {}).get("structure_points")
    if sp is None:
        return out
    at: Path = ("condition", "structure_points")
    if sp == 0:
        out.append(
            error("CONDITION", f"{stats.name} is destroyed: a ship with zero SP is destroyed ({_WHERE})", at)
        )
    if sp > stats.structure_points:
        out.append(error("CONDITION", f"{sp} SP left is more than the design's {stats.structure_points}", at))
    return out


def condition(state: State) -> dict[str, Any]:
    """The ``condition:`` block of ``state``'s ship (what :func:`start` reads back)."""
    stats: KnightHawksStats = state["stats"]
    left = stats.structure_points - state["lost"]
    out: dict[str, Any] = {} if state["lost"] == 0 else {"structure_points": left}
    if state["damaged"]:
        out["damaged"] = list(state["damaged"])
    if state["destroyed"]:
        out["destroyed"] = list(state["destroyed"])
    if state["scc_only"]:
        out["scc_only"] = True
    if state["disastrous_fires"]:
        out["disastrous_fire"] = True
    if any(state["launched"].values()):
        out["launched"] = {k: v for k, v in state["launched"].items() if v}
    return out


def _carried(stats: KnightHawksStats) -> dict[str, int]:
    """Ordnance carried, by weapon code (the weapon lines that carry it)."""
    out: dict[str, int] = {}
    for m in stats.weapons:
        if m.ordnance is not None and m.ordnance > 0:
            out[m.code] = out.get(m.code, 0) + m.ordnance
    return out


def start(stats: KnightHawksStats) -> State:
    """The state of ``stats``' ship undamaged: ``lost`` structure points 0."""
    cond = stats.condition or {}
    left = cond.get("structure_points", stats.structure_points)
    return {
        "stats": stats,
        "lost": max(0, stats.structure_points - left),
        "damaged": list(cond.get("damaged", ())),
        "destroyed": list(cond.get("destroyed", ())),
        "disastrous_fires": 1 if cond.get("disastrous_fire") else 0,
        "blown_up": False,
        "scc_only": bool(cond.get("scc_only", False)),
        "turn": 1,
        "repaired_turn": 0,
        "crew_rolls_due": 0,
        "crew_rolls": [],
        "launched": dict(cond.get("launched", {})),
    }


def removed(state: State) -> bool:
    """Whether the ship is destroyed: zero SP left, or blown up (its last void engine
    destroyed, or a second disastrous fire or a void engine destroyed during one)."""
    return bool(state["lost"] >= state["stats"].structure_points or state["blown_up"])


def apply(state: State, event: dict[str, Any]) -> State:
    """The state after ``{"action": "damage", "amount": N, "double": bool}``: N (or 2N) SP lost.

    Raises :class:`~sheetgen.core.refused.Refused` for an unknown action, an amount that is
    not a whole number of 1 or more, or a destroyed ship; ``state`` is never changed.
    """
    action = event.get("action")
    stats: KnightHawksStats = state["stats"]
    if action not in ACTIONS:
        raise Refused(
            f"a Knight Hawks 2000 ship takes {', '.join(ACTIONS)}, not {given(action)}"
            + did_you_mean(action, ACTIONS)
        )
    if removed(state):
        if state["blown_up"]:
            raise Refused(f"{stats.name} blew up ({_WHERE})")
        raise Refused(f"{stats.name} is destroyed: a ship with zero SP is destroyed ({_WHERE})")
    if action == "system_damage":
        return _system_damage(state, event.get("weapon"))
    if action == "repair":
        return _repair(state, event.get("roll"), event.get("weapon"))
    if action == "fire":
        return _fire(state, event.get("weapon"), event.get("amount"))
    if action == "crew_damage":
        roll = event.get("roll")
        if not isinstance(roll, int) or isinstance(roll, bool) or not 1 <= roll <= 10:
            raise Refused(f"a Crew Member Damage Table roll is a d10, 1 to 10, not {roll!r}")
        due = max(0, state["crew_rolls_due"] - 1)
        return {**state, "crew_rolls": [*state["crew_rolls"], roll], "crew_rolls_due": due}
    amount = event.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise Refused(f"damage is a whole number of points, 1 or more ({_WHERE}), not {given(amount)}")
    if event.get("double"):
        amount *= 2
    return {**state, "lost": min(stats.structure_points, state["lost"] + amount)}


def _fire(state: State, code: object, amount: object) -> State:
    """``amount`` rounds (1 if not given) of ordnance launched by the weapon ``code``;
    refused beyond what is left."""
    stats: KnightHawksStats = state["stats"]
    carried = _carried(stats)
    if code not in carried:
        raise Refused(
            f"only weapons that carry ordnance launch it ({', '.join(carried) or 'none aboard'}), not {code!r}"
        )
    n = 1 if amount is None else amount
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise Refused(f"rounds launched is a whole number, 1 or more, not {amount!r}")
    left = carried[str(code)] - state["launched"].get(code, 0)
    if left <= 0:
        raise Refused(f"{stats.name} has no {code} ordnance left to launch")
    if n > left:
        raise Refused(f"{stats.name} has {left} {code} left, not {n}")
    return {**state, "launched": {**state["launched"], str(code): state["launched"].get(code, 0) + n}}


def _system_damage(state: State, result: object) -> State:
    """A damage table result (read on the Starship Damage or Critical Hit Table, whose roll
    ranges the text leaves out: RULINGS KH-6) taken by the ship (Explanation of Damage Results)."""
    stats: KnightHawksStats = state["stats"]
    if result not in _RESULTS:
        raise Refused(
            f"a damage table result is one of {', '.join(_RESULTS)} (structure damage is a damage event),"
            f" not {result!r}"
        )
    damaged, destroyed = list(state["damaged"]), list(state["destroyed"])
    disastrous, blown = state["disastrous_fires"], False
    if result == "fire" and "fire" in damaged:  # a second fire: a disastrous fire
        damaged.remove("fire")
        result = "disastrous_fire"
    if result == "disastrous_fire":
        disastrous += 1
        blown = disastrous >= 2
    elif result in REPAIRABLE:
        damaged.append(str(result))
    else:
        destroyed.append(str(result))
        if result == "void_engine_destroyed":
            blown = disastrous > 0 or destroyed.count(result) >= max(stats.void_engines, 1)
    return {
        **state,
        "damaged": damaged,
        "destroyed": destroyed,
        "disastrous_fires": disastrous,
        "blown_up": blown,
    }


def _repair(state: State, roll: object, which: object) -> State:
    """One repair roll (d100 against DCR + 10 x skill; Knight Hawks 2000, Repairs; RULINGS KH-2):
    every third turn; 01-05 repairs all damage, a success one system and DCR + 10 x skill SP,
    96-99 leaves repairs to an SCC, 00 destroys the system and does DCR + 10 x skill more damage
    with a Crew Member Damage roll."""
    stats: KnightHawksStats = state["stats"]
    if not isinstance(roll, int) or isinstance(roll, bool) or not 1 <= roll <= 100:
        raise Refused(f"a repair roll is a d100, 1 to 100 (100 for 00), not {roll!r}")
    if not repair_turn(state["turn"]):
        raise Refused(f"repairs are made every third turn; this is turn {state['turn']} ({_REPAIRS})")
    if state["repaired_turn"] == state["turn"]:
        raise Refused(f"{stats.name} has made its repair roll this turn ({_REPAIRS})")
    if state["scc_only"]:
        raise Refused(f"{stats.name}'s damage can be repaired only at an SCC ({_REPAIRS})")
    if state["disastrous_fires"]:
        raise Refused(
            f"{stats.name} has no DCR and makes no repairs during a disastrous fire (RULINGS KH-10)"
        )
    if not state["damaged"] and not state["lost"]:
        raise Refused(f"{stats.name} has nothing to repair")
    if which not in (None, "") and which not in state["damaged"]:
        raise Refused(f"{which!r} is not damaged; damaged: {', '.join(state['damaged']) or 'none'}")
    system = which or (state["damaged"][0] if state["damaged"] else None)
    damaged = list(state["damaged"])
    done = {**state, "repaired_turn": state["turn"]}
    points = stats.repair_points
    low, high = data.REPAIR_ALL_ROLLS
    if low <= roll <= high:
        return {**done, "lost": 0, "damaged": []}
    low, high = data.REPAIR_SCC_ONLY_ROLLS
    if low <= roll <= high:
        return {**done, "scc_only": True}
    if roll == data.REPAIR_DISASTER_ROLL:
        destroyed = list(state["destroyed"])
        if system is not None:
            damaged.remove(system)
            destroyed.append(f"{system}_destroyed" if f"{system}_destroyed" in DESTROYING else system)
        lost = min(stats.structure_points, state["lost"] + points)
        due = state["crew_rolls_due"] + 1
        return {**done, "lost": lost, "damaged": damaged, "destroyed": destroyed, "crew_rolls_due": due}
    if roll <= points:
        if system is not None:
            damaged.remove(system)
        return {**done, "lost": max(0, state["lost"] - points), "damaged": damaged}
    return done


def end_turn(state: State) -> State:
    """The next turn (repairs come every third); break-up rolls are the players' own."""
    return {**state, "turn": state["turn"] + 1}


def now(state: State) -> dict[str, Any]:
    """What the ship is now: ``structure_points`` (left), ``starting_structure_points``,
    ``structure_state`` (intact, half, two-thirds, destroyed), ``adf`` and ``mr`` in that
    state (as text, halves written out), ``breakup_rolls`` a turn, ``half_at`` and
    ``two_thirds_at`` (SP lost where those start); ``abandon_within`` the turns a disastrous
    fire leaves before the ship is abandoned (its HS); ``crew_results`` each Crew Member Damage
    roll's row where the text gives it (only a 4, from its example), else ``None``."""
    stats: KnightHawksStats = state["stats"]
    total, lost = stats.structure_points, state["lost"]
    condition = structure_state(total, lost)
    # lost and damaged engines and jets first, the structure's state on what is left (KH-11)
    adf, mr = _after_engines(state, Fraction(stats.adf), Fraction(stats.mr))
    adf, mr = _after_fires(state, *adf_mr_in_state(condition, adf, mr))
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
        "damaged": list(state["damaged"]),
        "destroyed_systems": list(state["destroyed"]),
        "fire": "fire" in state["damaged"],
        "disastrous_fire": state["disastrous_fires"] > 0,
        # Disastrous Fire: "abandoned in (HS) turns" (HS bounded to 0 or more, as the sheet prints it)
        "abandon_within": max(stats.hull_size, 0),
        "blown_up": state["blown_up"],
        "turn": state["turn"],
        "may_repair": repair_turn(state["turn"])
        and state["repaired_turn"] != state["turn"]
        and not state["disastrous_fires"],
        # no power and no DCR: no repairs while a disastrous fire burns (RULINGS KH-10)
        "repair_chance": 0 if state["disastrous_fires"] else stats.repair_points,
        "scc_only": state["scc_only"],
        "crew_rolls_due": state["crew_rolls_due"],
        "crew_rolls": list(state["crew_rolls"]),
        "crew_results": [_CREW_ROWS.get(roll) for roll in state["crew_rolls"]],
        "ordnance_left": {code: n - state["launched"].get(code, 0) for code, n in _carried(stats).items()},
    }


def _after_engines(state: State, adf: Fraction, mr: Fraction) -> tuple[Fraction, Fraction]:
    """ADF and MR after the engine and jet damage taken (Explanation of Damage Results): each
    void engine damaged ADF -1, destroyed ADF - ADF / engines; each maneuver jet damaged MR -1,
    destroyed MR 0. Never below 0. The structure's state then acts on what is left, whichever
    came first (RULINGS KH-11)."""
    stats: KnightHawksStats = state["stats"]
    damaged, destroyed = state["damaged"], state["destroyed"]
    per_engine = stats.adf_per_void_engine or Fraction(0)
    adf -= damaged.count("void_engine") + per_engine * destroyed.count("void_engine_destroyed")
    mr -= damaged.count("maneuver_jet")
    if "maneuver_jet_destroyed" in destroyed:
        mr = Fraction(0)
    return max(adf, Fraction(0)), max(mr, Fraction(0))


def _after_fires(state: State, adf: Fraction, mr: Fraction) -> tuple[Fraction, Fraction]:
    """ADF and MR while a fire burns (Explanation of Damage Results): a fire half ADF and no
    MR; a disastrous fire no ADF or MR."""
    if "fire" in state["damaged"]:
        adf, mr = adf / 2, Fraction(0)
    if state["disastrous_fires"]:
        adf, mr = Fraction(0), Fraction(0)
    return max(adf, Fraction(0)), max(mr, Fraction(0))


#: What a device may give for its ships' odds (query parameters of ``GET /api/play/{id}``,
#: docs/play.md): name -> (lowest, highest, what it is). Knight Hawks 2000, HIT DETERMINATION
#: and DEFENSIVE SYSTEMS.
AIM: dict[str, tuple[int, int, str]] = {
    "abm": (0, 20, "ABM salvos the beam passes through (-25% each; each takes a quarter of the damage)"),
    "shielding": (0, 1, "1: the target has magnetic shielding (-50% for beams and missiles, damage halved)"),
    "selective": (0, 1, "1: selective targeting (-30%)"),
    "vc": (-100, 100, "the firing pilot's Vehicular Combat (Starship), in percent (lost with the bridge)"),
    "modifier": (-200, 200, "any other to-hit modifier, in percent (aim bonuses and the like)"),
}


#: The :data:`AIM` values the play page's Target fields offer, with their labels, in order:
#: the target's defences (the firer's own choices stay query parameters).
AIM_ON_PAGE: dict[str, str] = {"abm": "ABM", "shielding": "shielding"}


def read_aim(query: Mapping[str, str]) -> dict[str, int]:
    """The :data:`AIM` values in ``query`` (other keys are not this game's and are left),
    each a whole number in its bounds. Raises ``ValueError`` with one line otherwise."""
    out: dict[str, int] = {}
    for name, (low, high, what) in AIM.items():
        text = query.get(name)
        if text is None or text == "":
            continue
        body = text[1:] if text[:1] in "+-" else text
        if not body.isascii() or not body.isdigit() or len(body) > 4 or not low <= int(text) <= high:
            raise ValueError(f"{name} is a whole number from {low} to {high} ({what}), not {text[:20]!r}")
        out[name] = int(text)
    return out


def weapons(state: State, range_hexes: int, aim: Mapping[str, int] | None = None) -> list[dict[str, Any]]:
    """What the ship can fire now at ``range_hexes`` hexes, one entry per attack
    (:func:`~sheetgen.games.knighthawks.stats.attacks`: a linked group, or a weapon line's
    mounts each attacking alone) with the odds of one attack from
    :func:`~sheetgen.games.knighthawks.play.attack_odds`, the reference card's arithmetic:
    ``{"code", "count", "linked", "gunner", "base", "shots", "to_hit", "damage", "max_damage",
    "kept", "chance", "critical", "expected", "expected_maximum", "chance_value",
    "expected_value", "note"}``. ``to_hit`` is the final percent (d100 at most it), ``base``
    the gunner's (``gunner`` ``None``: the default gunner, RULINGS KH-8); ``damage`` the
    dice of a hit and ``max_damage`` its maximum after the target's defences; ``chance`` and
    ``critical`` the exact chances of a hit and a critical hit; ``expected`` the mean damage
    with the dice rolled, ``expected_maximum`` under the maximum damage rule. ``aim`` holds
    :data:`AIM`'s values. The ship's own bridge destroyed costs -20% and the pilot's
    Vehicular Combat (Explanation of Damage Results). ``to_hit`` is ``None`` (chances 0) for
    guided weapons and grapples (no to-hit in the text) and where the ship may not fire
    (every sensor lost beyond one hex: :func:`~sheetgen.games.knighthawks.play.fire_problem`),
    with ``note`` saying why."""
    stats: KnightHawksStats = state["stats"]
    aim = aim or {}
    sensors_left = state["damaged"].count("sensors") < len(stats.sensors) or not stats.sensors
    out: list[dict[str, Any]] = []
    for a in attacks(stats):
        code = a.code.split("+")[0]
        problem = None
        if a.guided or a.kind is data.WeaponKind.GRAPPLE:
            problem = "guided or grappling: the text gives it no to-hit (RULINGS KH-8)"
        else:
            problem = fire_problem(
                code,
                range_hexes,
                firer_hs=stats.hull_size,
                target_hs=stats.hull_size,
                sensors_left=sensors_left,
                current_target=True,
            )
        odds = attack_odds(
            a.base,
            a.kind,
            dice=a.dice,
            max_damage=a.max_damage,
            abm_salvos=aim.get("abm", 0),
            mag_shielding=bool(aim.get("shielding", 0)),
            selective=bool(aim.get("selective", 0)),
            vehicular_combat=aim.get("vc", 0),
            bridge_destroyed="bridge_destroyed" in state["destroyed"],
            other=aim.get("modifier", 0),
            payload=w.damage_kind if (w := weapon(code)) is not None else None,
        )
        firing = problem is None
        zero = Fraction(0)
        chance = odds.chances.hit if firing else zero
        expected = odds.expected if firing else zero
        out.append(
            {
                "code": a.code,
                "count": a.count,
                "linked": a.linked,
                "gunner": a.gunner,
                "base": compact_text(a.base),
                "shots": a.shots,
                "to_hit": odds.to_hit if firing else None,
                "damage": f"{a.dice:,}D10" if a.dice else None,
                "max_damage": str(a.max_damage * odds.kept) if a.max_damage else None,
                "kept": str(odds.kept),
                "chance": str(chance),
                "critical": str(odds.chances.critical_hit if firing else zero),
                "expected": str(expected),
                "expected_maximum": str(odds.expected_maximum if firing else zero),
                "chance_value": float(chance),
                "expected_value": float(expected),
                "note": problem,
            }
        )
    return out


def card_rows(now: dict[str, Any]) -> list[dict[str, Any]]:
    """The ship's card on the play page from :func:`now` (:mod:`sheetgen.core.playcard` rows):
    SP of the design's, ADF and MR in the structure's state, break-up rolls a turn, systems
    damaged and destroyed, the repair chance on a repair turn, crew rolls due and made (with
    the row the text gives); a bar of the SP left."""
    sp, of = now["structure_points"], now["starting_structure_points"]
    rows = [
        playcard.fact("SP", f"{sp:,}", f" / {of:,}"),
        playcard.fact("ADF", now["adf"]),
        playcard.fact("MR", now["mr"]),
        playcard.fact(now["structure_state"]),
    ]
    if now["breakup_rolls"]:
        rows.append(playcard.fact(f"break-up rolls {now['breakup_rolls']}/turn"))
    for label, key in (("damaged:", "damaged"), ("destroyed:", "destroyed_systems")):
        if now[key]:
            rows.append(playcard.fact(label, ", ".join(now[key]).replace("_", " ")))
    if now["disastrous_fire"]:
        rows.append(
            playcard.fact(
                "disastrous fire:",
                "burning",
                " (no power, ADF, MR or DCR; a Critical Hit roll each turn;"
                f" abandoned within {now['abandon_within']} turn{'' if now['abandon_within'] == 1 else 's'})",
            )
        )
    elif now["fire"]:  # Fire: half ADF, no MR, a Starship Damage Table roll each turn until put out
        rows.append(
            playcard.fact("fire:", "burning", " (a Starship Damage Table roll each turn until put out)")
        )
    if now["may_repair"]:
        rows.append(playcard.fact(f"repair turn: d100 ≤ {now['repair_chance']}"))
    if now["crew_rolls_due"]:
        rows.append(playcard.fact("crew rolls due", now["crew_rolls_due"]))
    if now["crew_rolls"]:
        made = ", ".join(
            f"{roll} ({row})" if row else str(roll)
            for roll, row in zip(now["crew_rolls"], now["crew_results"], strict=True)
        )
        rows.append(playcard.fact(f"crew rolls: {made}"))
    return [*rows, playcard.meter("structure points", sp, of)]
