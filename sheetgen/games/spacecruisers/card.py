"""The Space Cruisers reference card, computed from the same tables and functions
the checks and record sheets use (every chance by exact dice enumeration)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dyce import H

from sheetgen.core.card import Card, Pick, QuickCard, Section, Table
from sheetgen.core.rounding import decimal_text
from sheetgen.games.spacecruisers import data, odds, play

__all__ = ["HIT_COLUMNS", "card", "hit_table", "shield_table"]

#: The to-hit columns: (heading, scanners used, target cloaked).
HIT_COLUMNS: tuple[tuple[str, int, bool], ...] = (
    ("plain", 0, False),
    ("+1 scanner", 1, False),
    ("+2 scanners", 2, False),
    ("+3 scanners", 3, False),
    ("cloaked −3", 0, True),
    ("cloaked, +1", 1, True),
    ("cloaked, +2", 2, True),
    ("cloaked, +3", 3, True),
)

_ORDINAL_WEAPONS = ("phasers", "photon torpedoes", "missiles", "chain guns")


def _chance_between(die: H[int], low: int, high: int) -> Fraction:
    """Exact chance ``die`` rolls ``low``..``high``."""
    inside = sum(count for face, count in die.items() if low <= face <= high)
    return Fraction(inside, die.total)


def _d20() -> Table:
    die = H(data.D20_SIDES)
    rows: list[list[Any]] = []
    for row in data.D20:
        faces = str(row.low) if row.low == row.high else f"{row.low}–{row.high}"
        chance = _chance_between(die, row.low, row.high)
        system = "choose any of the above" if row.system == data.CHOOSE else row.system
        once = "reroll a duplicate" if row.system in data.SYSTEMS and data.SYSTEMS[row.system].once else None
        rows.append([faces, system, row.with_fighters, once, chance])
    return Table(
        "systems-table",
        "d20 systems table",
        ["d20", "system", "with fighters", "limit", "chance"],
        rows,
        source="Systems table (RULINGS SC-2, SC-3)",
        percent={"chance"},
        notes=[
            "Basic rules: five rolls for every ship. A 20 is the player's pick; limits still hold.",
            "Missiles are not on the table: advanced-rules designs buy them.",
        ],
    )


def _systems() -> Table:
    rows: list[list[Any]] = []
    for s in data.SYSTEMS.values():
        w = s.weapon
        if w is None:
            rows.append([s.name, None, None, None, None, s.note])
        else:
            dmg = f"{w.dice}d6" + (f" ×{w.shots}" if w.shots > 1 else "") if w.dice else None
            hit = f"{w.hits_on}+" if w.hits_on is not None else None
            rows.append([s.name, w.range, dmg, hit, w.arc.value, s.note])
    return Table(
        "systems",
        "Systems",
        ["system", "range", "damage", "d10 to hit", "arc", "what it does"],
        rows,
        source="System notes (RULINGS SC-4, SC-7)",
        notes=["Stations fire every weapon in any direction."],
    )


def _hulls() -> Table:
    rows: list[list[Any]] = []
    for h in data.HULLS.values():
        comes = ", ".join(f"{n} {name}" for name, n in h.built_in) or None
        rows.append(
            [
                h.name,
                h.hull_points,
                comes,
                h.non_military or None,
                h.max_additional,
                h.construction_points,
            ]
        )
    return Table(
        "hulls",
        "Hulls",
        ["hull", "hull points", "comes with", "non-military", "most additional", "CP"],
        rows,
        source="Hull paragraphs (RULINGS SC-1, SC-6)",
        notes=[
            "Each additional system costs 1 CP; each armor adds 10 hull points.",
            "Stations have no drives. Fighters die on any critical roll.",
            f"A cargo bay carries {data.FIGHTERS_PER_CARGO_BAY} fighters.",
        ],
    )


def _sizes() -> Table:
    rows: list[list[Any]] = []
    for c in data.SIZE_CLASSES:
        span = f"{c.low}–{c.high}" if c.high is not None else f"{c.low} or more"
        lo_cp = 2 + c.low
        cp = f"{lo_cp}–{2 + c.high}" if c.high is not None else f"{lo_cp} or more"
        rows.append([c.name, span, cp, ", ".join(c.examples)])
    return Table(
        "size-classes",
        "Advanced rules: size classes",
        ["size", "additional systems", "CP (military hull)", "ship types"],
        rows,
        source="Advanced shipbuilding (RULINGS SC-2)",
        notes=["Sides field equal numbers of figures, or (advanced rules) equal construction points."],
    )


def hit_table() -> Table:
    """Chance to hit per weapon with scanners (+1 each) and against a cloaked ship (−3), SC-7."""
    rows: list[list[Any]] = []
    for name in _ORDINAL_WEAPONS:
        row: list[Any] = [name, f"{play.hits_on(name)}+"]
        for _heading, scanners, cloaked in HIT_COLUMNS:
            row.append(odds.chance_to_hit(name, scanners=scanners, cloaked=cloaked))
        row.append(odds.chance_to_hit(name, targeting_hit=True))
        rows.append(row)
    headings = [h for h, _, _ in HIT_COLUMNS]
    return Table(
        "to-hit",
        "Chance to hit (d10 at or above)",
        ["weapon", "hits on", *headings, "targeting crit −1"],
        rows,
        source="Attack phase and system notes (RULINGS SC-7), exact",
        percent={*headings, "targeting crit −1"},
        notes=[
            "Each scanner gives +1 to one attack a turn. Chain guns roll for each of their two shots.",
            f"An elite crew evades a hit on d6 1–3: {odds.evade_chance() * 100}% per attempt.",
        ],
        wide=True,
    )


def shield_table() -> Table:
    """For each damage roll: chance a shield stops it outright, stops it but blows,
    and the mean hull damage when no shield is left (seed 004 shields)."""
    rows: list[list[Any]] = []
    groups: dict[int, list[str]] = {}
    for name in _ORDINAL_WEAPONS:
        w = data.SYSTEMS[name].weapon
        assert w is not None
        groups.setdefault(w.dice, []).append(name)
    variants = (
        (0, None),
        (data.TARGETING_COMPUTER_DAMAGE, "targeting computer"),
        (data.CRITICALS_BY_ID["internal"].damage, "internal damage"),
    )
    for dice, names in groups.items():
        for bonus, label in variants:
            stopped, blows = odds.shield_outcomes(dice, bonus)
            mean = odds.mean_damage(dice, bonus)
            dice_text = f"{dice}d6" + (f"{bonus:+d}" if bonus else "")
            rows.append([dice_text, ", ".join(names), label, stopped, blows, _decimal(mean)])
    return Table(
        "shields",
        "Shields against one hit",
        ["damage", "weapons", "because of", "stopped (≤ 4)", "shield blows (5+)", "mean, no shield"],
        rows,
        source="Shields note (RULINGS SC-7), exact",
        percent={"stopped (≤ 4)", "shield blows (5+)"},
        notes=[
            "A hit of 5 or more is still stopped, but that shield is gone.",
            "With no shield left, each point of damage takes one hull point.",
        ],
    )


def _decimal(value: Fraction) -> str:
    """An exact mean as a short decimal, rounded half-up to two places (every mean here
    ends within two places, so none is rounded)."""
    return decimal_text(value, 2)


def _faces(faces: tuple[int, ...]) -> str:
    """Die faces as printed: ``(1, 2)`` gives ``1–2``."""
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}–{faces[-1]}"


def _security() -> Table:
    plain = odds.security_outcomes()
    evading = odds.security_outcomes(evading=True)
    nothing = tuple(
        f for f in range(1, 7) if f not in data.SECURITY_TEAM_LOST + data.SECURITY_TARGET_DESTROYED
    )
    faces = {
        "team lost": _faces(data.SECURITY_TEAM_LOST),
        "no effect": _faces(nothing),
        "target destroyed": _faces(data.SECURITY_TARGET_DESTROYED),
    }
    rows = [[k, faces[k], plain[k], evading[k]] for k in plain]
    return Table(
        "security-team",
        "Security team attack (d6)",
        ["outcome", "d6", "chance", "target's elite crew evades first"],
        rows,
        source="Security team note (RULINGS SC-7), exact",
        percent={"chance", "target's elite crew evades first"},
        notes=["Only against an adjacent, uncloaked ship with no shields left."],
    )


def _d6_rolls() -> Table:
    rows: list[list[Any]] = [
        ["elite crew evades a hit", f"1–{data.EVADE_ON}", odds.evade_chance()],
        [
            "ion shockwave disables a ship",
            str(data.ION_DISABLES_ON),
            odds.chance_on_d6(data.ION_DISABLES_ON),
        ],
        [
            "jump plasma turbine: critical on itself",
            str(data.JUMP_SELF_CRITICAL_ON),
            odds.chance_on_d6(data.JUMP_SELF_CRITICAL_ON),
        ],
        [
            "malfunction: move or shot fails",
            str(data.MALFUNCTION_FAILS_ON),
            odds.chance_on_d6(data.MALFUNCTION_FAILS_ON),
        ],
    ]
    return Table(
        "d6-rolls",
        "Other d6 rolls",
        ["roll for", "d6", "chance"],
        rows,
        source="System notes and critical table, exact",
        percent={"chance"},
        notes=[
            "Ion shockwave: every ship within 1 hex rolls; disabled ships neither move nor fire this turn and next."
        ],
    )


def _criticals() -> Table:
    die = H(data.CRITICAL_DIE)
    rows: list[list[Any]] = []
    for c in data.CRITICALS:
        face = die.eq(c.roll)
        rows.append([c.roll, c.name, c.effect, Fraction(face.get(True, 0), face.total)])
    return Table(
        "criticals",
        "Critical damage (d10)",
        ["d10", "result", "effect", "chance"],
        rows,
        source="Critical damage table (RULINGS SC-5)",
        percent={"chance"},
        notes=[
            "Below 0 hull points: one roll per phaser or chain gun hit, two per torpedo or missile hit.",
            "1 and 2 are rerolled when no weapon or drive is left.",
        ],
    )


def _critical_loss() -> Table:
    most = 8
    rows = [[n, odds.critical_loss_chance(n)] for n in range(1, most + 1)]
    return Table(
        "critical-loss",
        "Ship lost after N critical rolls",
        ["rolls", "ship lost"],
        rows,
        source="Critical damage table (RULINGS SC-5), exact",
        percent={"ship lost"},
        notes=["Lost: a result that kills on its second hit (3, 4, 5) comes up twice; 1 and 2 not rerolled."],
    )


#: The one-page quick card (``sheetgen reference space-cruisers --one-page``): the turn,
#: moving, to hit, shields, critical damage and when a ship is lost.
QUICK = QuickCard(
    tables=(
        Pick("to-hit"),
        Pick("shields"),
        Pick("criticals"),
        Pick("critical-loss"),
        Pick("security-team"),
        Pick("d6-rolls"),
    ),
    sections=("Turn", "Moving", "Attacking"),
)


def card() -> Card:
    """The whole Space Cruisers reference card."""
    return Card(
        game="space-cruisers",
        title="Space Cruisers: reference card",
        quick=QUICK,
        tables=[
            hit_table(),
            shield_table(),
            _critical_loss(),
            _criticals(),
            _security(),
            _d6_rolls(),
            _d20(),
            _hulls(),
            _systems(),
            _sizes(),
        ],
        sections=[
            Section(
                "Turn",
                [
                    "1 Cloak: ships with a cloaking device decide whether to cloak this turn.",
                    "2 Initiative: every ship rolls d10 plus its drives and elite crews.",
                    "3 Move: lowest initiative moves first, then upwards; ties reroll; one ship a hex.",
                    "4 Attack: highest initiative fires first, then downwards.",
                ],
            ),
            Section(
                "Attacking",
                [
                    "Roll d10 per attack at or above the weapon's number; scanners and cloaks modify it.",
                    "A cloaked ship cannot attack.",
                    "A hit may be evaded by an elite crew (one attempt per elite crew a turn); security teams too.",
                    "Then roll damage: shields stop it, and blow on 5 or more; with no shield, hull points go.",
                ],
            ),
            Section(
                "Moving",
                [
                    "Each drive gives one hex straight ahead or one 60° turn a turn.",
                    "Jump plasma turbine: once per turbine, 5 hexes; a d6 of 6 is a critical on yourself.",
                    "Stations never move.",
                ],
            ),
        ],
    )
