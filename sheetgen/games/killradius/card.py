"""The Kill Radius reference card, computed from the same tables and functions the
checks, stats and sheets use, by exact enumeration over the dice (never typed)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sheetgen.core.card import Card, Pick, QuickCard, Section, Table
from sheetgen.games.killradius import data, play

__all__ = ["ATTACK_D_RANGE", "DOGFIGHT_SIDES", "card"]

#: D = A# - (T# + R) from -9 to +9: outside it damage is impossible or certain.
ATTACK_D_RANGE = range(-(data.DIE_SIDES - 1), data.DIE_SIDES)
#: Damage thresholds the attack table gives (at least k damage).
DAMAGE_STEPS = range(1, 6)
#: Fighters per side in the dogfight table.
DOGFIGHT_SIDES = range(1, 5)
#: Target Numbers in the kill radius matrices (0 = patrolling fighters).
TARGET_NUMBERS = range(data.PATROL_NUMBER, data.MAX_NUMBER + 1)
ATTACKER_NUMBERS = range(data.MIN_NUMBER, data.MAX_NUMBER + 1)


def _attack_table() -> Table:
    rows: list[list[Any]] = []
    for d in ATTACK_D_RANGE:
        rows.append(
            [
                f"{d:+d}" if d else "0",
                *[play.chance_of_damage(d, k) for k in DAMAGE_STEPS],
                play.expected_damage(d),
            ]
        )
    steps = [f"≥ {k}" for k in DAMAGE_STEPS]
    return Table(
        "attack",
        "Attack table: D = A# − (T# + R)",
        ["D", *steps, "average"],
        rows,
        source="Attacking formula (RULINGS KR-4); exact over all 100 pairs of d10 rolls",
        notes=[
            "Chance of at least 1..5 damage; average = expected damage.",
            "Modifiers (below) fold into D.",
            "At D of −9 or less no damage is possible.",
        ],
        percent=set(steps),
        decimals={"average"},
    )


def _radius_matrix(kind: str) -> Table:
    rows: list[list[Any]] = []
    for a in ATTACKER_NUMBERS:
        if kind == "kill":
            cells = [play.kill_radius(a, t) for t in TARGET_NUMBERS]
        else:
            cells = [play.sure_radius(a, t, Fraction(1, 2)) for t in TARGET_NUMBERS]
        rows.append([a, *cells])
    columns = ["A# \\ T#", *[str(t) for t in TARGET_NUMBERS]]
    if kind == "kill":
        return Table(
            "kill-radius",
            "Kill radius: farthest R (hexes between) where damage is possible",
            columns,
            rows,
            source="RULINGS KR-4; found by enumeration, equals A# − T# + 8",
            notes=["T# 0: patrolling fighters. – : no damage possible even adjacent."],
        )
    return Table(
        "kill-radius-50",
        "Even odds: farthest R where damage is at least 50 % likely",
        columns,
        rows,
        source="RULINGS KR-4; found by enumeration",
        notes=["Closer than this, damage is more likely than not. – : under 50 % even adjacent."],
    )


def _modifiers() -> Table:
    rows: list[list[Any]] = [
        ["range R", "target", "+1 per hex strictly between the ships"],
        ["rear shot (not at fighters)", "attacker", f"+{data.REAR_ATTACK_BONUS}"],
        ["firing through a hex with an enemy ship", "attacker", "− that ship's Number (ECM)"],
        ["escorting fighters (against ships)", "target", f"+{data.ESCORT_DEFENCE_BONUS} each"],
        ["carrier", "either", f"ceil(Number ÷ {data.CARRIER_ROLL_DIVISOR}) instead of Number"],
        ["patrolling fighters", "target", f"Number {data.PATROL_NUMBER}"],
        ["split fire", "attacker", "strengths ≥ 1 each, total ≤ Number; declare all first"],
        ["hex with several ships", "each target", "attacker rolls once; every ship there rolls"],
    ]
    return Table(
        "modifiers",
        "Attack modifiers",
        ["situation", "roll", "modifier"],
        rows,
        source="Attacking steps 1 and 2, Carriers, Escort, Patrol",
    )


def _mp_table() -> Table:
    rows: list[list[Any]] = []
    for n in ATTACKER_NUMBERS:
        mp = play.movement_points(n)
        half = play.half_number(n)
        reduced = play.movement_points(n, half) if half < n else None
        rows.append(
            [
                n,
                mp,
                play.facing_changes(mp),
                half if half < n else None,
                reduced,
                None if reduced is None else play.facing_changes(reduced),
                play.roll_number(n, carrier=True),
            ]
        )
    return Table(
        "movement",
        "Movement by starting Number",
        ["Number", "MP", "facing changes", "half", "MP at ≤ half", "FC at ≤ half", "carrier rolls"],
        rows,
        source="Movement Points table, RULINGS KR-2, KR-3, KR-5",
        notes=[
            "Forward: 1 MP a hex, in the facing direction. Facing changes cost nothing: one per 2 MP.",
            "Half = starting Number ÷ 2 rounded up; a Number 1 ship has none (damage destroys it).",
        ],
    )


def _types() -> Table:
    rows: list[list[Any]] = []
    for n in ATTACKER_NUMBERS:
        names = [t.name + ("*" if t.carrier else "") for t in data.SHIP_TYPES if t.number == n]
        rows.append([n, ", ".join(names)])
    return Table(
        "ship-types",
        "Numbers and ship types",
        ["Number", "types (* carrier: holds fighters = Number)"],
        rows,
        source="Numbers & Ship Types, RULINGS KR-1",
    )


def _recovery() -> Table:
    rows: list[list[Any]] = []
    for n in ATTACKER_NUMBERS:
        half = play.half_number(n)
        if half >= n:
            rows.append([n, None, None, None])
            continue
        span = f"{half}–{n - 1}" if half < n - 1 else str(half)
        rows.append([n, f"≤ {n}", play.recovery_chance(n), span])
    return Table(
        "recovery",
        "Recovery roll (each damaged ship, once a turn)",
        ["start Number", "d10", "chance", "may roll at Number"],
        rows,
        source="Recovery Period, RULINGS KR-3",
        notes=["Success: +1 Number, never above the start. Below half: no roll."],
        percent={"chance"},
    )


def _dogfight() -> Table:
    rows: list[list[Any]] = []
    most = max(DOGFIGHT_SIDES)
    for mine in DOGFIGHT_SIDES:
        for theirs in DOGFIGHT_SIDES:
            odds = play.dogfight_odds(mine, theirs)
            mine_kills = [
                sum((p for (a, _b), p in odds.items() if a == k), Fraction(0)) for k in range(most + 1)
            ]
            their_kills = [
                sum((p for (_a, b), p in odds.items() if b == k), Fraction(0)) for k in range(most + 1)
            ]
            limit = min(mine, theirs)
            rows.append(
                [
                    f"{mine} v {theirs}",
                    *[p if k <= limit else None for k, p in enumerate(mine_kills)],
                    *[p if k <= limit else None for k, p in enumerate(their_kills)],
                ]
            )
    you = [f"you kill {k}" for k in range(most + 1)]
    they = [f"they kill {k}" for k in range(most + 1)]
    return Table(
        "dogfight",
        "Dogfight: chance of each number of fighters destroyed",
        ["fighters", *you, *they],
        rows,
        source="Dogfight rule and example; exact over all 10^n rolls",
        notes=["Highest roll against highest, and so on; extra rolls ignored; ties destroy nothing."],
        percent=set(you) | set(they),
    )


def _assault() -> Table:
    rows: list[list[Any]] = []
    for n in DOGFIGHT_SIDES:
        chances: list[Any] = []
        averages: list[Any] = []
        for t in ATTACKER_NUMBERS:
            h = play.assault_odds(n, t)
            hits = h.ge(1)
            chances.append(Fraction(hits.get(True, 0), hits.total))
            averages.append(Fraction(sum(k * c for k, c in h.items()), h.total))
        rows.append([n, *chances, *averages])
    chance_cols = [f"T# {t}" for t in ATTACKER_NUMBERS]
    average_cols = [f"avg {t}" for t in ATTACKER_NUMBERS]
    return Table(
        "assault",
        "Assault: fighters' d10s summed against the ship's d10 + Number",
        ["fighters", *chance_cols, *average_cols],
        rows,
        source="Assault rule; damage read as in a ship attack (the project's reading); exact",
        notes=[
            "T# columns: chance of at least 1 damage; avg columns: expected damage.",
            "Dogfights with escorts come first; escorts add nothing here. Carriers defend with ceil(Number ÷ 3).",
        ],
        percent=set(chance_cols),
        decimals=set(average_cols),
        wide=True,
    )


#: The one-page quick card (``sheetgen reference kill-radius --one-page``): the turn,
#: moving, the attack table with its modifiers and kill radii, damage and recovery.
QUICK = QuickCard(
    tables=(Pick("attack"), Pick("modifiers"), Pick("kill-radius"), Pick("movement"), Pick("recovery")),
    sections=("Turn sequence", "Moving a ship", "Damage", "Carriers and fighters"),
)


def card() -> Card:
    """The whole Kill Radius reference card."""
    phases = ", ".join(str(n) for n in range(data.PHASES, 0, -1))
    return Card(
        game="kill-radius",
        title="Kill Radius: reference card",
        quick=QUICK,
        tables=[
            _attack_table(),
            _radius_matrix("kill"),
            _radius_matrix("even"),
            _modifiers(),
            _mp_table(),
            _recovery(),
            _types(),
            _dogfight(),
            _assault(),
        ],
        sections=[
            Section(
                "Turn sequence",
                [f"{name}: {what}." for name, what in data.TURN_SEQUENCE]
                + [f"Phases run {phases}; a ship acts in the phase of its current Number."],
            ),
            Section(
                "Moving a ship",
                [
                    "Mark the ship's hex, then drift the full current vector (mandatory).",
                    "Maneuver: forward hexes cost 1 MP each; facing changes are free, one per 2 MP.",
                    "The new vector is the path from the marker to where the ship stops, "
                    "e.g. 4N drift + 3SW forward = 1N3NW.",
                    f"Ships may pass through others; ships stacked in a hex total Number "
                    f"{data.STACKING_LIMIT} at most, a lone ship of any Number may sit alone "
                    "(fighters do not count).",
                ],
            ),
            Section(
                "Damage",
                [
                    "Damage is noted per turn and comes off the Number after the last phase.",
                    "At half the starting Number (rounded up) or less: MP −1, carriers stop deploying.",
                    "Number 0: destroyed, with any fighters still aboard.",
                ],
            ),
            Section(
                "Carriers and fighters",
                [
                    "Fighters start aboard. A carrier holds fighters up to its current Number.",
                    f"In its phase a carrier deploys up to half its fighters aboard (round down), "
                    f"up to {data.CARRIER_DEPLOY_RANGE} hexes away; they act in the fighters segment.",
                    f"Fighters move up to {data.FIGHTER_MOVE} hexes. With enemy fighters: dogfight; with "
                    "an enemy ship: assault; with a friendly ship: escort; alone: patrol (Number 0).",
                    "A fighter entering a hex with fighters pins them there.",
                    f"After {data.FIGHTER_SEGMENTS} fighter segments a fighter is recovered in a friendly "
                    f"carrier's phase and waits {data.FIGHTER_REARM_TURNS} turn aboard before deploying again.",
                ],
            ),
        ],
    )
