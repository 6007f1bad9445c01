"""The Starfire reference card, computed from the same tables and functions the
checks and record sheets use (never typed a second time)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from dyce import H

from sheetgen.core.card import Card, Pick, QuickCard, Section, Table
from sheetgen.games.starfire import data, play

__all__ = ["card", "chance_at_most"]

_D10 = H(10)


def chance_at_most(number: int | None) -> Fraction:
    """Exact chance that one d10 rolls ``number`` or less (0 for ``None`` or <= 0).

    >>> chance_at_most(6)
    Fraction(3, 5)
    """
    if number is None or number <= 0:
        return Fraction(0)
    hits = _D10.le(number)
    return Fraction(hits.get(True, 0), hits.total)


def _weapon_chart() -> Table:
    rows: list[list[Any]] = []
    for code, w in data.WEAPONS.items():
        hit = [play.to_hit(code, r) for r in data.RANGES]
        dmg = [play.weapon_damage(code, r) for r in data.RANGES]
        avg = [
            None if h is None or d is None else chance_at_most(h) * d for h, d in zip(hit, dmg, strict=True)
        ]
        rows.append([f"{code} {w.name}", "to-hit", *hit])
        rows.append(["", "damage", *dmg])
        rows.append(["", "avg dmg", *avg])
    return Table(
        "weapon-chart",
        "Weapon chart: d10 at most the to-hit number hits",
        ["weapon", "", *[str(r) for r in data.RANGES]],
        rows,
        source="Weapon Chart (RULINGS SF-8); avg dmg = chance to hit × damage, exact",
        notes=[
            "Range counts the target's hex, not the firer's; same hex is range 0.",
            "Every weapon fires once a turn. – = cannot fire.",
        ],
        wide=True,
    )


def _base_range() -> Table:
    rows = []
    # beyond the chart's 20 hexes for as long as any of R, G, Pt still hits (SF-8)
    last = max(
        r
        for r in range(13, 26)
        for c in data.BASE_EXTENDED_WEAPONS
        if play.to_hit(c, r, base_with_sensors=True)
    )
    for r in range(13, last + 1):
        eff = play.base_effective_range("R", r)
        rows.append(
            [
                r,
                eff,
                *[play.to_hit(c, r, base_with_sensors=True) for c in data.BASE_EXTENDED_WEAPONS],
            ]
        )
    return Table(
        "base-range",
        "Base with combat sensors (Y): R, G, Pt ranges",
        ["true range", "used range", *[f"{c} to-hit" for c in data.BASE_EXTENDED_WEAPONS]],
        rows,
        source="Base paragraph (SF-8): range − 5, never below 12",
    )


def _modifiers() -> Table:
    rows: list[list[Any]] = [
        ["target is using engine modulation", data.ENGINE_MODULATION_TO_HIT],
        ["firer transits a warp point this turn", data.TRANSIT_FIRING_TO_HIT],
        ["target transited a warp point this turn", data.TRANSITED_TARGET_TO_HIT],
        ["plasma torpedo (Pt) at a base", f"+{data.PLASMA_V_BASE_TO_HIT}"],
        ["point defense of a ship that transited", f"{data.TRANSIT_INTERCEPT} to intercept"],
        ["no combat sensors (Y)", f"targets only to {data.UNSENSED_TARGETING_LIMIT} hexes"],
        ["modified to-hit 0 or less", "cannot hit"],
    ]
    return Table("modifiers", "To-hit modifiers", ["situation", "modifier"], rows, source="SF-8")


def _point_defense() -> Table:
    rows = []
    for o in data.POINT_DEFENSE:
        normal = play.intercept_number(o.option)
        transit = play.intercept_number(o.option, transited=True)
        rows.append(
            [
                o.option,
                o.target,
                o.up_to,
                normal,
                chance_at_most(normal),
                chance_at_most(transit),
                chance_at_most(normal) * o.up_to,
            ]
        )
    return Table(
        "point-defense",
        "Point defense (D): one option per D per attack",
        [
            "option",
            "against",
            "up to",
            "intercept on",
            "chance each",
            "transited",
            "expected (all tries)",
        ],
        rows,
        source="Point Defense table",
        percent={"chance each", "transited"},
        notes=[
            "Fire from the point-defense ship's blindspot cannot be intercepted.",
            "A missed intercept cannot be tried again by another D.",
        ],
    )


def _hulls() -> Table:
    rows = []
    for h in data.HULLS.values():
        if h.mp_per_engine is None:
            rate, drives = None, None
        else:
            rate = h.mp_per_engine
            drives = play.fixed_rooms(h.rooms, _engines_for_max(h))
        rooms = {"single": "(I)", "double": "(II)", "none": "none"}.get(h.rooms.value, "")
        if h.rooms is data.RoomPattern.ALTERNATING and drives:
            # every legal layout up to the rooms max MP needs, from the check's own rule (SF-5)
            layouts = play.legal_room_layouts(h.rooms, len(drives))
            rooms = ", ".join("".join("(" + "I" * n + ")" for n in sizes) for sizes in layouts) + ", …"
        rows.append(
            [
                f"{h.code} {h.name}",
                h.hull_spaces,
                h.turn_mode,
                h.max_mp,
                rate,
                h.quarters,
                rooms,
                "".join("(" + "I" * n + ")" for n in drives) if drives else None,
            ]
        )
    return Table(
        "hulls",
        "Hull chart",
        [
            "hull",
            "HS",
            "TM",
            "max MP",
            "MP per drive",
            "Q needed",
            "engine rooms",
            "rooms for max MP",
        ],
        rows,
        source="Hull Chart; SF-1, SF-2, SF-5",
        wide=True,
        fractions="fraction",
    )


def _engines_for_max(hull: data.Hull) -> int:
    n = 0
    while play.engine_mp(hull, n) < hull.max_mp or play.fixed_rooms(hull.rooms, n) is None:
        n += 1
    return n


def _mp_by_drives() -> Table:
    most = 9
    rows = []
    for h in data.HULLS.values():
        if h.mp_per_engine is None:
            continue
        rows.append([h.code, *[play.engine_mp(h, n) for n in range(most)]])
    return Table(
        "mp-by-drives",
        "MP by intact drives (lost rooms do not count)",
        ["hull", *[str(n) for n in range(most)]],
        rows,
        source="SF-1, SF-5",
    )


def _systems() -> Table:
    rows = [[s.code, s.name, s.hull_spaces] for s in data.SYSTEMS.values()]
    return Table("systems", "System chart", ["code", "system", "HS"], rows, source="System Chart")


#: The one-page quick card (``sheetgen reference starfire --one-page``): the turn,
#: moving (with MP by intact drives), firing (weapon chart, modifiers, point defense) and damage.
QUICK = QuickCard(
    tables=(Pick("weapon-chart"), Pick("modifiers"), Pick("point-defense"), Pick("mp-by-drives")),
    sections=("Turn", "Moving", "Damage", "Arcs and terrain", "Warp points"),
)


def card() -> Card:
    """The whole Starfire reference card."""
    return Card(
        game="starfire",
        title="Solar Starfire Quick Start: reference card",
        quick=QUICK,
        tables=[
            _weapon_chart(),
            _modifiers(),
            _point_defense(),
            _base_range(),
            _hulls(),
            _mp_by_drives(),
            _systems(),
        ],
        sections=[
            Section(
                "Turn",
                [
                    "Initiative: each player rolls d10, high wins; a tie goes to the loser of the previous turn (re-roll on turn 1).",
                    "Movement: the initiative loser spends one MP per ship with MP left, then the winner; repeat until all MP are spent.",
                    "Combat: the initiative winner fires one ship and applies damage, then the loser; alternate until every ship has fired.",
                ],
            ),
            Section(
                "Moving",
                [
                    "An MP moves one hex straight ahead or stays in the hex.",
                    "Turning: once TM MPs are spent in one direction, turn one hexside right after that TM-th MP (TM 2: after the 2nd).",
                    "Hard turn (declared first, needs MP ≥ TM): spend all MP in place, then face any way.",
                    "Engine modulation (needs MP ≥ TM + 1): MP − TM this turn, must leave the hex; attackers −1 to hit.",
                    "Leaving the map edge removes the ship from play.",
                ],
            ),
            Section(
                "Warp points",
                [
                    "One ship a movement point passes through; it appears in the warp point hex facing as its owner likes.",
                    "The transit MP does not count towards TM; no hard turn or modulation that turn.",
                    "That turn: no combat sensors or datalink, −3 to hit, point defense −1, attackers −2.",
                ],
            ),
            Section(
                "Damage",
                [
                    "Each point destroys one system, left to right from the shields, skipping destroyed ones.",
                    "Lasers (L) skip shields; energy beams (E) skip armor (SF-12).",
                    "Shields are knocked offline, not destroyed: three rounds with no damage but lasers bring one back.",
                    "A ship with only S, A and H left is a wreck and counts as destroyed. Freighters take double the damage they receive (not what they fire).",
                    "A lost drive stops its whole engine room; MP come only from intact rooms.",
                ],
            ),
            Section(
                "Arcs and terrain",
                [
                    "Blindspot: the 60° wedge straight astern cannot be fired into (bases have none).",
                    "Restricted weapons (+): F and L on ES, E on ES and CT fire only forward 120° and into their own hex.",
                    "A ship (not a base) in a planet or moon hex may shelter: it neither fires nor is fired on from other hexes.",
                ],
            ),
        ],
    )
