"""The Knight Hawks 2000 reference card, computed from the same tables and
functions the checks and record sheets use (never typed a second time).

Damage-table roll ranges are printed only when a user supplies them
(:class:`~sheetgen.games.knighthawks.parse.DamageTables`, RULINGS KH-6).
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.card import Card, Pick, QuickCard, Section, Table
from sheetgen.games.knighthawks import data, play
from sheetgen.games.knighthawks.data import WeaponKind
from sheetgen.games.knighthawks.parse import DamageTables, TableRow, roll_text

__all__ = ["CRITICAL_TO_HIT", "HULL_SIZES", "RAM_PAIRS", "card", "defended_by"]

#: Final to-hit values (percent) the critical band table shows.
CRITICAL_TO_HIT = (1, 5, 6, 25, 50, 75, 95, 96, 100)
#: Hull sizes the hull size table shows: both edges of every detection band, and 25.
HULL_SIZES = (1, 2, 3, 4, 5, 8, 9, 12, 13, 18, 19, 20, 21, 25)
#: Hull sizes of the maneuver point table's rows.
MP_HULL_SIZES = (1, 2, 3, 4, 6, 8, 10, 12, 14, 16, 20, 25)
#: Maneuver ratings of its columns.
MP_RATINGS = (1, 2, 3, 4, 5, 6)
#: (hull size, structure points, where the SP come from) of the boarding table's targets. SP are
#: each design's own (RULINGS KH-3): the text gives only the Exalted's 1,440 and, through the ram
#: example (1,100 left after 1,400), the Leviathan's 2,500; the other rows are bundled sample designs.
BOARDING_TARGETS = (
    (1, 60, "sample: Kestrel"),
    (3, 300, "sample: Tessaly Rose"),
    (6, 720, "sample: Warden"),
    (12, 1440, "text: Exalted"),
    (14, 1680, "sample: Pugilist"),
    (25, 2500, "text: Leviathan"),
)
#: (rammer HS, rammed HS) pairs of the ramming table; the first is the text's example.
RAM_PAIRS = ((25, 3), (25, 22), (20, 16), (20, 15), (12, 8), (12, 7), (6, 2), (3, 1))


def defended_by(kind: WeaponKind, payload: WeaponKind | None = None) -> str:
    """Which defences act on a weapon of ``kind``: ``"ABM, MS"`` for beams and so on; with a
    ``payload`` (a carrier's: an MMD's missiles, RULINGS KH-9) also those that cut its damage.

    >>> defended_by(WeaponKind.DRONE), defended_by(WeaponKind.DRONE, WeaponKind.MISSILE)
    ('ICM', 'ICM, MS')
    """
    names = [
        code
        for code, d in data.DEFENCES.items()
        if kind in d.against or (payload in d.against and d.damage_cut is not None)
    ]
    return ", ".join(names) if names else "–"


def _rate(w: data.Weapon) -> str | int | None:
    return "all carried" if w.launch_all else w.rate_of_fire


def _weapon_notes() -> list[str]:
    """The weapons' notes, one line per note, weapons sharing a note named together;
    a battery's note that only says what it mounts is left to the table."""
    grouped: dict[str, list[str]] = {}
    for w in data.WEAPONS.values():
        if not w.note or (w.based_on and w.note.startswith("turreted ") and ";" not in w.note):
            continue
        grouped.setdefault(w.note, []).append(w.code)
    return [f"{', '.join(codes)}: {text}." for text, codes in grouped.items()]


def _weapons() -> Table:
    rows: list[list[Any]] = []
    for w in data.WEAPONS.values():
        name = w.name + (f" (as {w.based_on})" if w.based_on else "")
        rows.append(
            [
                w.code,
                name,
                w.kind.value,
                w.range_km,
                play.range_hexes(w.range_km) if w.range_km is not None else None,
                f"ADF {w.adf}, {w.endurance} turns" if w.adf else None,
                _rate(w),
                w.max_damage,
                f"{w.dice}D10" if w.dice else None,
                w.per,
                "any" if w.any_arc else None,
                defended_by(w.kind, w.payload),
            ]
        )
    return Table(
        "weapons",
        "Weapons: range, rate of fire, maximum damage",
        [
            "code",
            "weapon",
            "kind",
            "range km",
            "hexes (60 m)",
            "guided",
            "rate of fire",
            "max damage",
            "dice",
            "per",
            "turret arc",
            "defences",
        ],
        rows,
        source="rule text, WEAPONS (RULINGS KH-4, KH-7); hexes computed at 60 m a hex",
        notes=[
            "Maximum damage is the dice's maximum (400D10: 4,000). Maximum damage rule: a hit does "
            "the maximum; without it, roll the dice and add them (8D10: 8 to 80). "
            "One attack a turn per weapon; a linked group fires as one attack and adds its damage.",
            *_weapon_notes(),
        ],
        wide=True,
        left={"weapon"},
    )


def _defences() -> Table:
    rows: list[list[Any]] = []
    for d in data.DEFENCES.values():
        per = " per salvo" if d.salvo else ""
        rows.append(
            [
                d.code,
                d.name,
                d.salvo,
                d.adf,
                f"{d.endurance} turn" if d.endurance else None,
                f"{play.signed_percent(d.to_hit)}{per}",
                f"{play.signed_percent(-int(d.damage_cut * 100))}{per}"
                if d.damage_cut is not None
                else "none",
                ", ".join([*(k.value for k in sorted(d.against)), *d.also_screens]),
                d.min_hull_size,
            ]
        )
    return Table(
        "defences",
        "Defences",
        ["code", "defence", "salvo", "ADF/MR", "lasts", "to hit", "damage", "works on", "min HS"],
        rows,
        source="rule text, DEFENSIVE SYSTEMS (KH-4)",
        notes=[
            f"ABM: a cloud over {data.ABM_CLOUD_HEXES} hexes in a line, laid up to "
            f"{data.ABM_REACH_HEXES} hexes ({data.ABM_REACH_HEXES * data.HEX_METRES:,} m) away; "
            "a beam crossing it is cut even when it hits.",
        ],
        left={"defence"},
    )


def _beam_reductions() -> Table:
    rows: list[list[Any]] = []
    linked = 6 * (data.WEAPONS["HLC"].max_damage or 0)
    pb = data.WEAPONS["PB"].max_damage or 0
    for shielded in (False, True):
        for abm in range(5):
            kept = play.damage_kept(WeaponKind.LASER, abm_salvos=abm, mag_shielding=shielded)
            rows.append(
                [
                    abm,
                    shielded,
                    play.signed_percent(
                        play.to_hit_modifier(WeaponKind.LASER, abm_salvos=abm, mag_shielding=shielded)
                    ),
                    kept,
                    linked * kept,
                    pb * kept,
                ]
            )
    return Table(
        "beam-reductions",
        "Beams against ABM salvos and magnetic shielding",
        ["ABM salvos", "mag shielding", "to hit", "damage kept", "6 linked HLC (24,000)", "PB (200)"],
        rows,
        source="rule text, DEFENSIVE SYSTEMS and damage example: shielding and two ABM salvos leave one quarter",
        percent={"damage kept"},
        notes=["Each ABM salvo takes a quarter off the damage; shielding then halves what is left."],
    )


def _missile_reductions() -> Table:
    rows: list[list[Any]] = []
    tt = data.WEAPONS["TT"].max_damage or 0
    for shielded in (False, True):
        for icm in range(5):
            rows.append(
                [
                    icm,
                    shielded,
                    play.signed_percent(
                        play.to_hit_modifier(WeaponKind.MISSILE, icm_salvos=icm, mag_shielding=shielded)
                    ),
                    play.damage_kept(WeaponKind.MISSILE, mag_shielding=shielded),
                    tt * play.damage_kept(WeaponKind.MISSILE, mag_shielding=shielded),
                    play.signed_percent(
                        play.to_hit_modifier(WeaponKind.DRONE, icm_salvos=icm, mag_shielding=shielded)
                    ),
                ]
            )
    return Table(
        "missile-reductions",
        "Missiles and drones against ICM salvos and shielding",
        ["ICM salvos", "mag shielding", "missile to hit", "damage kept", "TT (1,000)", "drone to hit"],
        rows,
        source="rule text, DEFENSIVE SYSTEMS (KH-4)",
        percent={"damage kept"},
        notes=["ICM salvos cut the chance to hit only, never the damage."],
    )


def _detection() -> Table:
    rows: list[list[Any]] = []
    for m in data.DETECTION_MODIFIERS[:3]:
        rows.append([m.situation, play.signed_percent(m.percent or 0), m.per])
    for band in data.DETECTION_BANDS:
        span = f"{band.low}+" if band.high is None else f"{band.low}–{band.high}"
        rows.append([f"target hull size {span}", play.signed_percent(band.modifier), ""])
    for m in data.DETECTION_MODIFIERS[3:]:
        rows.append([m.situation, play.signed_percent(m.percent or 0), m.per])
    return Table(
        "detection",
        "Detection: Sensor Operation check",
        ["situation", "modifier", "per"],
        rows,
        source="rule text, DETECTION (KH-2)",
        notes=[
            "Rolled by each side every turn; a ship that took damage this turn is detected without a roll.",
            "Detecting a ship reveals both: they may fight.",
        ],
    )


def _to_hit() -> Table:
    rows: list[list[Any]] = [
        ["base", "½ STR or ½ DEX", f"+{data.GUNNER_SKILL}% per gunner skill level"],
    ]
    for m in data.TO_HIT_MODIFIERS:
        rows.append([m.situation, play.signed_percent(m.percent) if m.percent is not None else "±", m.per])
    return Table(
        "to-hit",
        "To hit: d100 at most the final number",
        ["", "modifier", "per"],
        rows,
        source="rule text, HIT DETERMINATION",
        notes=[_to_hit_example()],
    )


def _to_hit_example() -> str:
    """The text's damage example worked through :func:`~sheetgen.games.knighthawks.play.attack_odds`
    (what play mode's weapons use): a proton battery gunner of DEX 52 and Gunner 2 against
    magnetic shielding and two ABM salvos."""
    base = play.base_to_hit(52, 2)
    pb = data.WEAPONS["PB"]
    odds = play.attack_odds(
        base, pb.kind, dice=pb.dice or 0, max_damage=pb.max_damage or 0, abm_salvos=2, mag_shielding=True
    )
    return (
        f"Example: base {play.compact_text(base)}% (½ DEX 52 + {data.GUNNER_SKILL}×2) with a PB against mag "
        f"shielding and 2 ABM salvos: final {play.signed_percent(odds.to_hit)}, so only 01–05 hits "
        f"({float(odds.chances.hit):.0%}), never critically; a hit's {pb.max_damage} becomes "
        f"{play.compact_text((pb.max_damage or 0) * odds.kept)}."
    )


def _critical_bands() -> Table:
    rows: list[list[Any]] = []
    for t in CRITICAL_TO_HIT:
        c = play.hit_chances(t)
        rows.append([f"{t}%", c.hit, c.critical_hit, c.hit - c.critical_hit, c.critical_miss])
    return Table(
        "critical-bands",
        "Critical hits and misses (exact d100)",
        ["final to hit", "hits", "critical hits", "plain hits", "critical misses"],
        rows,
        source="rule text, Critical Hit / Critical Miss (RULINGS KH-4); enumerated with dyce",
        percent={"hits", "critical hits", "plain hits", "critical misses"},
        notes=[
            "Natural 01–05 always hits: critical unless the final to hit is under 6%.",
            "Natural 96–00 always misses: a critical miss unless the final to hit is over 95%.",
            "Critical miss: the firing ship rolls on the Starship Damage Table.",
        ],
    )


def _maneuvers() -> Table:
    rows = [[m.name, m.cost] for m in data.MANEUVERS]
    return Table(
        "maneuvers",
        "Maneuvers and their MP",
        ["maneuver", "cost in MP"],
        rows,
        source="rule text, Maneuver Points (KH-1)",
        left={"cost in MP"},
        notes=[
            "MP a turn = 6 × MR ÷ HS; one maneuver takes (HS ÷ MR) ÷ 6 turns.",
            "Short of MP: spread a maneuver over turns, doing nothing else meanwhile.",
            "Speed and sideways distance are acceleration and cost no MP.",
        ],
    )


def _mp_table() -> Table:
    rows: list[list[Any]] = []
    for hs in MP_HULL_SIZES:
        rows.append([hs, *[play.maneuver_points(hs, mr) for mr in MP_RATINGS]])
    return Table(
        "maneuver-points",
        "Maneuver points a turn by hull size and MR",
        ["HS", *[f"MR {mr}" for mr in MP_RATINGS]],
        rows,
        source="RULINGS KH-1: 6 × MR ÷ HS, exact",
        fractions="fraction",
    )


def _hull_sizes() -> Table:
    rows: list[list[Any]] = []
    for hs in HULL_SIZES:
        rows.append(
            [
                hs,
                play.signed_percent(play.detection_modifier(hs) or 0),
                play.damage_control_rating(hs),
                play.minimum_crew(hs),
                play.rally_turns(hs, "military"),
                play.rally_turns(hs, "civilian"),
                play.ram(hs, 0).inflicted,
                play.blast_damage(hs),
            ]
        )
    return Table(
        "hull-sizes",
        "By hull size (band edges)",
        ["HS", "detection", "DCR", "min crew", "rally", "rally (civilian)", "ram damage", "blast"],
        rows,
        source="RULINGS KH-2, KH-5; rule text, DETECTION, BOARDING, RAMMING, damage results",
        notes=["Blast: a ship blowing up hits every ship within 1,200 m (20 hexes)."],
    )


def _ramming() -> Table:
    rows: list[list[Any]] = []
    for a, b in RAM_PAIRS:
        r = play.ram(a, b)
        rows.append(
            [
                a,
                b,
                r.inflicted,
                r.self_damage if r.self_damage is not None else "destroyed",
                r.self_rolls,
            ]
        )
    return Table(
        "ramming",
        "Ramming (a successful ram)",
        ["rammer HS", "rammed HS", "SP to the rammed", "SP to the rammer", "damage rolls"],
        rows,
        source="RULINGS KH-5; first row the text's example",
        fractions="fraction",
        notes=[
            f"The rammer survives only if at least {data.RAM_SAFE_MARGIN} hull sizes larger: "
            "½ × (sum of HS) × 100 SP and ½ × (sum of HS) Starship Damage rolls.",
            "To hit: Starship Pilot replaces Gunner; only Vehicular Combat, piloting programs and "
            "ICM salvos modify it (ICM cut no ram damage).",
            "An odd HS sum leaves half a roll: the text gives no rounding.",
        ],
    )


def _boarding() -> Table:
    rows: list[list[Any]] = []
    for hs, sp, source in BOARDING_TARGETS:
        rows.append(
            [
                hs,
                sp,
                source,
                play.breach_damage(sp),
                play.minimum_crew(hs),
                play.rally_turns(hs, "military"),
                play.rally_turns(hs, "civilian"),
            ]
        )
    return Table(
        "boarding",
        "Boarding: breaching the hull and rallying the defenders",
        [
            "target HS",
            "target SP",
            "SP from",
            "breach in one attack",
            "its minimum crew",
            "rally",
            "rally (civilian)",
        ],
        rows,
        source="rule text, BOARDING (KH-2): breach 10% of total SP; rally HS turns, civilian 2 × HS",
        notes=[
            "SP are each design's own: only the Exalted's and the Leviathan's come from the text; "
            "the other rows are the bundled sample designs'. Use the target's own SP.",
            "The boarding ship needs its own minimum crew (its HS) aboard, besides the boarders.",
            "First grapple (all MP) or match course and speed; pressurised ships need an airlock seal.",
        ],
    )


def _results(tables: DamageTables | None) -> list[Table]:
    out: list[Table] = []
    rows_given = tables.rows if tables is not None else {}
    when = {
        "starship": "each hit taken, and each critical miss by the firer",
        "critical": "each critical hit taken",
        "crew": "each hit or critical hit",
    }
    for table_id, (title, dice, results) in data.DAMAGE_TABLES.items():
        given = rows_given.get(table_id, [])
        by_id = {r.id: r for r in results}
        notes: list[str] = []
        # the text's own entries (example of combat), where the user's rows leave the roll open
        from_text = [
            (TableRow(roll, roll, result), effect)
            for roll, result, effect in data.TEXT_ROLLS.get(table_id, ())
            if not any(row.low <= roll <= row.high for row in given)
        ]
        merged = sorted([(row, "") for row in given] + from_text, key=lambda pair: pair[0].low)
        if merged:
            rows: list[list[Any]] = []
            for row, extra in merged:
                result = by_id.get(row.result)
                rows.append(
                    [
                        roll_text(row),
                        result.name if result else row.result,
                        result.effect if result else extra,
                    ]
                )
            covered = {row.result for row, _ in merged}
            for r in results:
                if r.id not in covered:
                    rows.append([None, r.name, r.effect])
            columns = ["roll", "result", "effect"]
            text_rolls = ", ".join(roll_text(row) for row, _ in from_text)
            parts = [f"{text_rolls}: rule text's example of combat"] if from_text else []
            if given:
                parts.append(
                    tables.source if tables is not None and tables.source else "supplied by the user"
                )
            source = "results: rule text (KH-6); rolls: " + "; ".join(parts)
        else:
            rows = [[r.name, r.effect] for r in results]
            columns = ["result", "effect"]
            source = "rule text, EXPLANATION OF DAMAGE RESULTS (KH-6)"
        if not given:
            notes.append(
                (
                    "The text gives only its example's roll here"
                    if from_text
                    else "The text lost this table's roll ranges"
                )
                + "; give yours with sheetgen reference knight-hawks-2000 --tables FILE."
            )
        out.append(
            Table(
                f"damage-{table_id}",
                f"{title} ({dice}, {when[table_id]})",
                columns,
                rows,
                source=source,
                notes=notes,
                wide=table_id != "crew",
                left={"effect"},
            )
        )
    return out


def _sections() -> list[Section]:
    return [
        Section(
            "Scale and turn",
            [
                f"A hex is {data.HEX_METRES} m across, wide and high; a turn is {data.TURN_SECONDS} seconds; "
                f"one hexside of facing is {data.FACING_DEGREES}°.",
                "Three dimensions: grids stacked as levels −1, 0, +1…; a level up or down costs 1 MP.",
                "Order: detection, initiative (captain's or pilot's IM), then ships move and fire from "
                "lowest initiative to highest.",
                "Fire at any point of the move; crossing a ship's path lets the mover strafe it, "
                "and entering range invites fire.",
            ],
        ),
        Section(
            "Point blank and divisions",
            [
                f"Within {data.POINT_BLANK_HEXES} hexes ({data.POINT_BLANK_METRES} m) of a ship at least "
                f"{data.POINT_BLANK_HS_MARGIN} hull sizes larger: strafe it without return fire or "
                "defensive missiles.",
                f"{data.DIVISION_SHIPS} or more ships under one command: one to-hit roll, damage pooled.",
            ],
        ),
        Section(
            "Structure",
            [
                "½ of SP lost: ADF and MR halved; one break-up roll a turn against DCR + the "
                "engineer's Stress Analysis level.",
                f"⅔ lost: ADF and MR at most {data.TWO_THIRDS_ADF_MR}; {data.TWO_THIRDS_BREAKUP_ROLLS} "
                "break-up rolls a turn.",
                "0 SP: destroyed.",
            ],
        ),
        Section(
            "Boarding",
            [
                "Grapple (all MP) or match course and speed first.",
                "Crew needed: the hull size to fly the ship, plus the boarders.",
                "Cutting or blasting in: 10% of the target's total SP in one spot, in one attack.",
                "Defenders rally in HS turns (civilian ships: 2 × HS).",
            ],
        ),
        Section(
            "Repairs",
            [
                f"Once every {data.REPAIR_EVERY_TURNS} turns, roll against DCR (HS × 10) as modified by "
                "Damage Control and Repair skills.",
                "Success: one system and DCR + 10 × (the two skills' levels) SP. 01–05: everything.",
                "Failure: not this turn. 96–99: only at a starship construction center. 00: the "
                "system is lost, as many SP again in damage, and a Crew Member Damage roll.",
            ],
        ),
        Section(
            "Launched craft and ordnance",
            [
                "Missiles, drones and craft start with their ship's speed.",
                "Remote piloting: Vehicles: Remote or Gunner: Missiles, plus half the robot brain's "
                "Vehicular Combat.",
                f"Mines: at most {data.MAX_MINES_PER_HEX} a hex; while laying, ADF at most "
                f"{data.MINELAYING_MAX_ADF} and 1 MP a hex.",
                "A hit bay explodes with all its unused ordnance: its maximum damage each "
                "(sixty torpedoes: 60,000).",
            ],
        ),
    ]


#: The one-page quick card (``sheetgen reference knight-hawks-2000 --one-page``): the
#: turn, maneuvering, the weapons (range, rate of fire, damage), to hit, criticals,
#: defences and the damage tables.
QUICK = QuickCard(
    tables=(
        Pick(
            "weapons",
            ("code", "hexes (60 m)", "guided", "rate of fire", "max damage", "dice"),
            notes=(0,),
            wide=False,
        ),
        Pick("to-hit", notes=()),
        Pick("critical-bands"),
        Pick("defences", ("code", "salvo", "to hit", "damage", "works on"), notes=()),
        Pick("maneuvers", notes=(0,)),
        Pick("damage-starship", wide=False),
        Pick("damage-critical", wide=False),
        Pick("damage-crew"),
    ),
    sections=("Scale and turn", "Structure"),
)


def card(tables: DamageTables | None = None) -> Card:
    """The whole Knight Hawks 2000 reference card; ``tables`` adds the user's
    damage-table roll ranges (KH-6)."""
    return Card(
        game="knight-hawks-2000",
        title="Knight Hawks 2000: space combat reference card",
        quick=QUICK,
        tables=[
            _weapons(),
            _defences(),
            _beam_reductions(),
            _missile_reductions(),
            _to_hit(),
            _critical_bands(),
            _detection(),
            _maneuvers(),
            _mp_table(),
            _hull_sizes(),
            _ramming(),
            _boarding(),
            *_results(tables),
        ],
        sections=_sections(),
    )
