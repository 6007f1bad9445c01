"""The Knight Hawks 2000 ship record sheet's view model: plain values the template prints.

One ship fills one page. Numbers come from
:class:`~sheetgen.games.knighthawks.stats.KnightHawksStats` and the rule
functions; the template does no arithmetic and applies no rule.
"""

from __future__ import annotations

import math
import zlib
from fractions import Fraction
from typing import Any

from sheetgen.core.card import cell_text
from sheetgen.core.findings import Finding
from sheetgen.games.base import counted
from sheetgen.games.knighthawks import data, play, rules
from sheetgen.games.knighthawks.card import defended_by
from sheetgen.games.knighthawks.data import WeaponKind
from sheetgen.games.knighthawks.play import StructureState, fraction_text
from sheetgen.games.knighthawks.stats import KnightHawksStats, gunner_base, skill_level

__all__ = [
    "MAX_ORDNANCE_BOXES",
    "MAX_TRACK_BOXES",
    "box_runs",
    "density",
    "estimate_height",
    "estimate_parts",
    "page_plan",
    "ship_view",
    "shorten",
    "structure_track",
    "top_tables",
    "track_unit",
]

#: Most boxes in the structure track; each box stands for :func:`track_unit` SP.
MAX_TRACK_BOXES = 100
#: Boxes per row of the structure track.
TRACK_ROW = 20
#: Most ordnance boxes printed for one bay; beyond, a tally line is printed instead.
MAX_ORDNANCE_BOXES = 100
#: Most check boxes a checklist line prints beside its label; more wrap on a row below.
WIDE_LINE_BOXES = 8
#: Most characters of the ship's name the running head at the top of each page prints
#: (the rest shortened with an ellipsis): it shares one line with the sheet's title.
RUNNING_NAME_CHARS = 60
#: Repair turns printed (every third turn, RULINGS KH-2).
REPAIR_TURNS_SHOWN = 10

_STATIONS = {
    "captain": "Captain",
    "pilot": "Pilot",
    "gunner": "Gunner",
    "engineer": "Engineer",
    "sensor_operator": "Sensor operator",
}


def _nice_units() -> list[int]:
    """1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500... (round SP per box)."""
    units = {m * 10**e for e in range(10) for m in (1, 2, 5)} | {25 * 10**e for e in range(9)}
    return sorted(units)


def track_unit(structure_points: int) -> int:
    """SP each structure-track box stands for: the smallest round number (1, 2, 5,
    10, 20, 25, 50...) that keeps the track to :data:`MAX_TRACK_BOXES` boxes,
    preferring, among the first three that do, one on which the ½ and ⅔ marks
    fall exactly on a box edge.

    >>> track_unit(1440), track_unit(2500), track_unit(60)
    (20, 25, 1)
    """
    sp = max(structure_points, 1)
    feasible = [u for u in _nice_units() if math.ceil(sp / u) <= MAX_TRACK_BOXES]
    half, two = play.half_structure(sp), play.two_thirds_structure(sp)
    for u in feasible[:3]:
        if sp % u == 0 and half % u == 0 and two % u == 0:
            return u
    return feasible[0]


_ZONE_MARK = {
    StructureState.HALF: "½",
    StructureState.TWO_THIRDS: "⅔",
    StructureState.DESTROYED: "0",
}


def structure_track(structure_points: int) -> dict[str, Any]:
    """The structure track: ``unit`` SP a box, ``rows`` of boxes (each with its
    ``zone``, the state once it is crossed, and a ``mark`` on the first box of
    each zone), and the SP left at each row's end."""
    sp = max(structure_points, 0)
    unit = track_unit(sp)
    boxes = math.ceil(sp / unit) if sp else 0
    rows: list[dict[str, Any]] = []
    seen: set[StructureState] = set()
    for start in range(0, boxes, TRACK_ROW):
        cells = []
        for k in range(start + 1, min(start + TRACK_ROW, boxes) + 1):
            lost = min(k * unit, sp)
            zone = play.structure_state(sp, lost)
            mark = _ZONE_MARK.get(zone) if zone not in seen else None
            seen.add(zone)
            cells.append({"zone": zone.value, "mark": mark})
        end = min(start + TRACK_ROW, boxes)
        rows.append({"cells": cells, "left": sp - min(end * unit, sp)})
    last = sp - (boxes - 1) * unit if boxes else 0
    return {
        "unit": unit,
        "unit_text": f"{unit:,}",
        "boxes": boxes,
        "rows": rows,
        "last_box": f"{last:,}" if last != unit and boxes else None,
    }


def shorten(text: str, most: int) -> str:
    """``text``, or its first ``most`` - 1 characters and a visible ellipsis when longer."""
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _box_rows(count: int, per_row: int = 20) -> list[int]:
    """Box counts per row for ``count`` boxes, ``per_row`` at most."""
    return [min(per_row, count - i) for i in range(0, count, per_row)]


#: Boxes in a group of a row of small boxes (ordnance, ICM, ABM): a wider gap after each.
BOX_GROUP = 5


def box_runs(count: int, crossed: int = 0, per_row: int = 20) -> list[list[dict[str, Any]]]:
    """Rows of ``count`` small boxes (``per_row`` at most, the first ``crossed`` of them crossed)
    as runs the sheet draws as one element each: ``n`` boxes alike (``crossed`` or not), and
    ``gap`` when the run ends a group of :data:`BOX_GROUP` short of the row's end. A run starts
    at a group's first box unless it follows a crossed run inside the group (then it ends
    with the group), so its boxes keep the group's gaps.

    >>> [[(r["n"], r["crossed"], r["gap"]) for r in row] for row in box_runs(12, crossed=7)]
    [[(7, True, False), (3, False, True), (2, False, False)]]
    """
    rows: list[list[dict[str, Any]]] = []
    for start, n in zip(range(0, count, per_row), _box_rows(count, per_row), strict=True):
        runs: list[dict[str, Any]] = []
        for g in range(0, n, BOX_GROUP):
            size = min(BOX_GROUP, n - g)
            done = min(max(crossed - start - g, 0), size)
            for k, (m, x) in enumerate(((done, True), (size - done, False))):
                if not m:
                    continue
                at_start = k == 0 or done == 0
                last = runs[-1] if runs else None
                if last and last["crossed"] == x and last["whole"] and at_start:
                    last["n"] += m
                else:
                    runs.append({"n": m, "crossed": x, "whole": at_start})
        at = 0
        for r in runs:
            at += r["n"]
            r["gap"] = at % BOX_GROUP == 0 and at < n
            del r["whole"]
        rows.append(runs)
    return rows


def _skills_text(skills: dict[str, int]) -> str:
    return ", ".join(f"{name} {level}" for name, level in skills.items())


def _to_hit_base(member: rules.CrewMember) -> str | None:
    """Base to hit, ½ STR or ½ DEX (the higher given) + 10 % per gunner level; for a gunner
    with neither score, the default score 50 and their level (RULINGS KH-8); ``None`` for a
    crew member with neither score nor the Gunner skill."""
    if member.strength is None and member.dexterity is None and skill_level(member, "gunner") is None:
        return None
    base = gunner_base(member)
    value, label, level = base
    return f"to hit {play.compact_text(value)}% (½ {label} + {data.GUNNER_SKILL}×{level})"


_pct = play.signed_percent


def _n(value: int) -> str:
    """A whole number as every Knight Hawks output prints it: thousands separated (``10,000``)."""
    return f"{value:,}"


def _adf_mr(adf: int, mr: int, new_adf: Fraction, new_mr: Fraction, *, joined: bool = False) -> str:
    """ADF and MR in a damage state, as :func:`~sheetgen.games.knighthawks.play.adf_mr_in_state`
    gives them: each with its arrow (``ADF 4 → 2, MR 3 → 3/2``), or with ``joined`` and both
    lowered to one figure, ``ADF and MR 1`` (a ship with ADF 0 keeps 0: the arrows show it)."""
    if joined and new_adf == new_mr and new_adf < adf and new_mr < mr:
        return f"ADF and MR {fraction_text(new_adf)}"
    return f"ADF {adf} → {fraction_text(new_adf)}, MR {mr} → {fraction_text(new_mr)}"


def _crew_rows(stats: KnightHawksStats) -> list[dict[str, Any]]:
    """Named crew by station; stations nobody holds get a blank line to write in,
    unless everyone aboard is already named (a one-seat fighter)."""
    rows = []
    named = {c.station for c in stats.crew}
    if stats.crew_total <= len(stats.crew):
        named = set(_STATIONS)
    for station, label in _STATIONS.items():
        members = [c for c in stats.crew if c.station == station]
        for c in members:
            extra = [x for x in (f"post: {c.post}" if c.post else None, _to_hit_base(c)) if x]
            rows.append(
                {
                    "station": label,
                    "name": c.name or "",
                    "im": c.im,
                    "skills": _skills_text(c.skills),
                    "extra": "; ".join(extra),
                }
            )
        if station not in named:
            rows.append({"station": label, "name": "", "im": None, "skills": "", "extra": ""})
    return rows


def _weapon_rows(stats: KnightHawksStats) -> list[dict[str, Any]]:
    rows = []
    for m in stats.weapons:
        w = play.weapon(m.code)
        rows.append(
            {
                "count": _n(m.count),
                "code": m.code,
                "name": m.name,
                "arc": "any" if m.any_arc else "",
                "range_km": f"{m.range_km:,}" if m.range_km is not None else None,
                "range_hexes": f"{m.range_hexes:,}" if m.range_hexes is not None else None,
                "guided": f"ADF {w.adf} · {w.endurance} t" if w is not None and w.adf else None,
                "rof": "all" if m.launch_all else m.rate_of_fire,
                "max_damage": f"{m.max_damage:,}" if m.max_damage is not None else None,
                "dice": f"{m.dice:,}D10" if m.dice else None,
                "per": m.per,
                "ordnance": None
                if m.ordnance_name is None
                else ("?" if m.ordnance is None else f"{m.ordnance:,}"),
                "linked": m.linked,
                "defences": defended_by(WeaponKind(m.kind), w.payload if w is not None else None),
            }
        )
    return rows


def _bays(stats: KnightHawksStats) -> list[dict[str, Any]]:
    """Each bay's boxes; ``launched`` of them crossed by the design's ``condition:`` (the
    rounds launched of its weapon code, taken from its bays in order)."""
    out = []
    launched = dict((stats.condition or {}).get("launched", {}))
    for b in stats.bays:
        carried = b.carried if b.carried is not None and b.carried >= 0 else None
        boxes = None if carried is None or carried > MAX_ORDNANCE_BOXES else _box_rows(carried)
        spent = min(launched.get(b.code, 0), carried or 0)
        launched[b.code] = launched.get(b.code, 0) - spent
        out.append(
            {
                "name": b.name,
                "holds": b.ordnance_name,
                "carried": carried,
                "box_rows": boxes,
                "launched": spent,
                "runs": box_runs(carried, spent) if boxes and carried is not None else None,
                "detonation": f"{b.detonation:,}" if b.detonation else None,
            }
        )
    return out


def _tile(label: str, *boxes: str) -> dict[str, Any]:
    """A checklist tile: ``label`` with check ``boxes`` (their captions; one ``""``: a box
    before the label; none: a tile to cross out)."""
    return {"label": label, "boxes": list(boxes)}


def _line(label: str, boxes: list[tuple[int, str]], note: str = "", countdown: int = 0) -> dict[str, Any]:
    """A checklist line: ``boxes`` as (how many, caption) runs."""
    return {
        "label": label,
        "boxes": [{"n": n, "caption": c} for n, c in boxes],
        "note": note,
        "countdown": countdown,
        # more boxes than fit beside the label: they wrap in a row of their own below it
        "wide": sum(n for n, _ in boxes) > WIDE_LINE_BOXES,
    }


def _checklist(stats: KnightHawksStats) -> list[dict[str, Any]]:
    """System damage checklist groups, each with ``tiles`` (a label with check boxes,
    or a box to cross out when it has none), ``lines`` (label, boxes, note) and a
    ``footer`` with the effects (seed 002, EXPLANATION OF DAMAGE RESULTS)."""
    ft = fraction_text
    loss = ft(stats.adf_per_void_engine) if stats.adf_per_void_engine is not None else "–"
    # seed 002, EXPLANATION OF DAMAGE RESULTS (line 331): each Maneuver Jet result takes 1 MR, so
    # the jet is damaged at most MR times before it gives nothing: one box for each point of MR
    # (MR 5: five), then Maneuver Jet Destroyed (line 357). MR 0 has nothing left to damage.
    jet_boxes = ([(stats.mr, "damaged")] if stats.mr > 0 else []) + [(1, "destroyed")]
    groups: list[dict[str, Any]] = [
        {
            "title": "Void engines and maneuver jet",
            "tiles": [_tile(f"Void engine {i + 1}", "dmg", "lost") for i in range(stats.void_engines)],
            "lines": [_line("Maneuver jet", jet_boxes, "MR −1 each; destroyed: MR 0, straight on")],
            "footer": "Engine damaged: ADF −1 until repaired. Destroyed: "
            + (f"ADF −{loss}; the last one: " if stats.void_engines > 1 else "")
            + f"she blows up, {stats.blast_damage:,} SP to ships within 1,200 m.",
        },
        {
            "title": "Sensors",
            "tiles": [_tile(s, "") for s in stats.sensors],
            "lines": [] if stats.sensors else [_line("none aboard", [])],
            "footer": "One out: no detection with it. All out: no new targets; present ones only within one hex.",
        },
    ]
    computers = ([_tile("mastercomp", "")] if stats.mastercomp else []) + [
        _tile(c, "") for c in stats.system_computers
    ]
    groups.append(
        {
            "title": "Computers and bridge",
            "tiles": computers,
            "lines": [
                _line(
                    "Bridge",
                    [(1, "destroyed")],
                    f"no maneuvers, evasion or speed change; gunners {_pct(data.BRIDGE_LOST_PENALTY)}",
                )
            ],
            "footer": (
                f"Mastercomp out: all stations on local control, {_pct(data.LOCAL_CONTROL_PENALTY)}. "
                if stats.mastercomp
                else ""
            )
            + "A system computer out: its system is out.",
        }
    )
    weapon_tiles: list[dict[str, Any]] = []
    for m in stats.weapons:
        weapon_tiles += [_tile(m.code if m.count == 1 else f"{m.code}{k + 1}") for k in range(m.count)]
    for code, present in (
        ("ICM", stats.icm_salvos),
        ("ABM", stats.abm_salvos),
        ("MS", stats.magnetic_shielding),
    ):
        if present:
            weapon_tiles.append(_tile(code))
    groups.append(
        {
            "title": "Weapons (grapples and defences count): cross one out when hit",
            "tiles": weapon_tiles,
            "lines": [],
            "footer": None,
        }
    )
    groups.append(
        {
            "title": "Fire",
            "tiles": [],
            "lines": [
                _line("Fire", [(1, "burning")], "½ ADF, no MR; a Starship Damage roll each turn"),
                _line(
                    "Disastrous fire",
                    [(1, "burning")],
                    f"no power, ADF, MR or DCR; a Critical Hit roll each turn; abandon within "
                    f"{counted(stats.hull_size, 'turn')}",
                    max(stats.hull_size, 0),  # abandoned in HS turns (line 367); HS is bounded
                ),
            ],
            "footer": "A second fire is disastrous. A second disastrous fire, or a void engine destroyed "
            "while it burns: she blows up.",
        }
    )
    return groups


#: Height (mm, as :func:`estimate_parts` counts) a ship's block may take on one page:
#: Letter's 279 mm less margins and running heads (A4 is taller, so Letter decides). The
#: estimate runs some 6 % over the printed height, which this allows for.
PAGE_HEIGHT_MM = 258.0
#: Type scales tried in turn, smallest last: class name, the type size (90 %, 80 %) and how
#: much :func:`estimate_height` of a whole block shrinks at it, measured on printed sheets
#: (87 %, 77 %: the checklist's estimate, generous at 7 pt, is more so at smaller type).
DENSITIES = (("", 1.0, 1.0), ("dense", 0.9, 0.87), ("denser", 0.8, 0.77))
#: Height (mm) the top part of a ship split over two pages may take, at its type size
#: (the top's rows are estimated as printed, so it shrinks with the type alone).
TOP_HEIGHT_MM = 250.0


def _lines(text: str, per_line: int) -> int:
    return max(1, math.ceil(len(text) / per_line))


def estimate_parts(view: dict[str, Any]) -> tuple[float, float]:
    """Rough heights in mm of one ship's two blocks at the normal type size, from the view
    model alone (no layout run): the top (name, vitals, crew, weapons, structure track)
    and the bottom (system damage checklist beside bays, defences, repairs, maneuvers)."""
    # measured on printed sheets at 7 pt: a crew line 3.9 mm, a weapon line 3.5 mm, a track row 4.8
    h = 26.0 + 5.0 * len(view["errors"])
    h += 8.5 + sum(
        3.9 * max(_lines(c["name"], 30), _lines(c["skills"] + c["extra"], 100)) for c in view["crew"]
    )
    h += 8.5 + 3.5 * (len(view["weapons"]) + len(view["linked"]))
    h += 5.0 + max(4.8 * len(view["track"]["rows"]) + 8.0, 20.0)
    left = 5.0
    for g in view["checklist"]:
        left += 3.6
        if g["tiles"]:
            chars = sum(len(t["label"]) + 9 * len(t["boxes"]) + 4 for t in g["tiles"])
            left += 5.0 * math.ceil(chars / 80)
        for line in g["lines"]:
            left += 3.6 * _lines(line["note"], 50) + (
                3.4 * math.ceil(line["countdown"] / 30) if line["countdown"] else 0
            )
            if line["wide"]:
                left += 3.4 * math.ceil(sum(b["n"] for b in line["boxes"]) / 30)
        if g["footer"]:
            left += 2.8 * _lines(g["footer"], 95)
    right = 5.0
    for b in view["bays"]:
        right += 3.8 + (3.0 * len(b["box_rows"]) if b["box_rows"] else 3.5)
    right += 5.0 + 11.0 + 3.0 * (len(view["icm"] or []) + len(view["abm"] or []))
    right += 5.0 + 14.0
    right += 5.0 + 3.6 * (len(view["maneuvers"]) + 1)
    if view["mines"]:
        right += 5.0 + 3.8 * math.ceil(len(view["mines"]) / 5)
    right += 5.0 + 7.0 + 3.0 * sum(_lines(n, 90) for n in view["notes"])
    return h, max(left, right)


def estimate_height(view: dict[str, Any]) -> float:
    """Rough height in mm of one ship's whole block at the normal type size (both parts of
    :func:`estimate_parts`): used to pick a denser type scale for ships that carry a lot."""
    return sum(estimate_parts(view))


def page_plan(view: dict[str, Any]) -> tuple[str, bool]:
    """The type scale (``""``, ``"dense"``, ``"denser"``) and whether the ship continues on a
    page of its own from the system damage block (``True``).

    One page at the first scale at which the whole ship fits. A ship too big for one page
    even at the densest scale is split on purpose: the top on one page, the bottom on the next
    under a continuation line naming the ship, at the first scale at which each part fits
    its page; never a page holding a few spilled lines. A top too long for any page (scores of
    crew lines) flows on, and the bottom follows it without a forced break.
    """
    top, bottom = estimate_parts(view)
    for name, _, block in DENSITIES:
        if (top + bottom) * block <= PAGE_HEIGHT_MM:
            return name, False
    for name, type_scale, block in DENSITIES:
        if top * type_scale <= TOP_HEIGHT_MM and bottom * block <= PAGE_HEIGHT_MM:
            return name, True
    name, type_scale, _ = DENSITIES[-1]
    return name, top * type_scale <= TOP_HEIGHT_MM


def density(view: dict[str, Any]) -> str:
    """The type scale class (``""``, ``"dense"``, ``"denser"``) :func:`page_plan` picks."""
    return page_plan(view)[0]


def _maneuver_cells(maneuvers: list[dict[str, Any]]) -> list[list[tuple[str, bool]]]:
    """The maneuvers table's body as ``(text, bold)`` cells a row (name in bold, MP, turns,
    rule): what its column widths are measured from."""
    return [
        [(m["name"], True), (m["cost"], False), (m["turns"], False), (m["rule"], False)] for m in maneuvers
    ]


def _repair_skills(s: KnightHawksStats) -> str:
    """The repair skill as its two parts (RULINGS KH-2): the best Damage Control and the best
    Machinery: Repair on board, ``"DC 3 + Repair 2 = 5"``; one part alone when the other is 0."""
    dc, mr = (
        max((skill_level(c, k) or 0 for c in s.crew), default=0)
        for k in ("damage_control", "machinery_repair")
    )
    if dc and mr:
        return f"DC {dc} + Repair {mr} = {s.repair_skill}"
    return f"Repair {mr}" if mr else f"DC {dc}"


def _lost(stats: KnightHawksStats) -> int | None:
    """SP lost by the design's ``condition:`` (``None`` as built)."""
    left = (stats.condition or {}).get("structure_points")
    return None if left is None else max(0, stats.structure_points - left)


def _fire_text(cond: dict[str, Any]) -> str:
    """The design's ``condition:`` disastrous fire as the structure tally writes it (the
    checklist's "Disastrous fire: burning" line; Explanation of Damage Results)."""
    return "disastrous fire burning" if cond.get("disastrous_fire") else ""


def ship_view(stats: KnightHawksStats, findings: list[Finding]) -> dict[str, Any]:
    """Everything one ship's page prints."""
    ft = fraction_text
    s = stats
    track = structure_track(s.structure_points)
    lost = _lost(s)
    unit, k = track["unit"], 0
    for row in track["rows"]:  # the design's condition: every box wholly lost is crossed off
        for cell in row["cells"]:
            k += 1
            cell["crossed"] = lost is not None and min(k * unit, s.structure_points) <= lost
    track["lost"] = lost
    cond = s.condition or {}
    # the design's condition: the damage table results standing, as the checklist names them
    track["systems"] = "; ".join(
        f"{what}: {', '.join(r.replace('_', ' ') for r in cond[key])}"
        for key, what in (("damaged", "damaged"), ("destroyed", "destroyed"))
        if cond.get(key)
    ) + ("; repairs only at an SCC" if cond.get("scc_only") else "")
    track["systems"] = "; ".join(part for part in (track["systems"], _fire_text(cond)) if part)
    n = len(s.name)
    name_class = "name-l" if n <= 22 else "name-m" if n <= 32 else "name-s"
    detection = "–" if s.detection_modifier is None else _pct(s.detection_modifier)
    maneuvers = [
        {"name": m.name, "rule": m.rule, "cost": ft(m.cost), "turns": ft(m.turns)} for m in s.maneuvers
    ]
    view: dict[str, Any] = {
        "name": s.name,
        "running_name": shorten(s.name, RUNNING_NAME_CHARS),
        "name_class": name_class,
        "design_class": s.design_class,
        "role": s.role,
        "vitals": [
            ("HS", _n(s.hull_size)),
            ("SP", f"{s.structure_points:,}"),
            ("ADF", _n(s.adf)),
            ("MR", _n(s.mr)),
            ("MP / turn", ft(s.maneuver_points)),
            ("turns / maneuver", ft(s.maneuver_turns)),
            ("DCR", _n(s.damage_control_rating)),
            ("detection", detection),
            ("attacks / turn", _n(s.attacks_per_turn)),
        ],
        "crew": _crew_rows(s),
        "crew_total": _n(s.crew_total),
        "minimum_crew": _n(s.minimum_crew),
        "boarding_party": _n(s.boarding_party),
        "rally_turns": counted(s.rally_turns, "turn"),
        "captain_im": s.captain_im,
        "pilot_im": s.pilot_im,
        "evasion": s.evasion,
        "weapons": _weapon_rows(s),
        "linked": [
            {
                "name": g.name,
                "members": " + ".join(f"{k}× {c}" for c, k in g.members.items()),
                "max_damage": f"{g.max_damage:,}",
                "dice": f"{g.dice:,}D10" if g.dice else None,
            }
            for g in s.linked_groups
        ],
        "bays": _bays(s),
        "icm": _box_rows(s.icm_salvos) if s.icm_salvos <= MAX_ORDNANCE_BOXES else None,
        "icm_salvos": _n(s.icm_salvos) if s.icm_salvos else None,
        "abm": _box_rows(s.abm_salvos) if s.abm_salvos <= MAX_ORDNANCE_BOXES else None,
        "abm_salvos": _n(s.abm_salvos) if s.abm_salvos else None,
        "icm_runs": box_runs(s.icm_salvos) if 0 < s.icm_salvos <= MAX_ORDNANCE_BOXES else None,
        "abm_runs": box_runs(s.abm_salvos) if 0 < s.abm_salvos <= MAX_ORDNANCE_BOXES else None,
        "shielding": s.magnetic_shielding,
        "track": track,
        "thresholds": [
            {
                "mark": "½",
                "zone": "half",
                "lost": f"{s.half_structure:,}",
                "left": f"{s.structure_points - s.half_structure:,}",
                "effect": f"{_adf_mr(s.adf, s.mr, s.half_adf, s.half_mr)}; "
                f"{data.HALF_BREAKUP_ROLLS} break-up roll a turn against {s.breakup_target:,}",
            },
            {
                "mark": "⅔",
                "zone": "two-thirds",
                "lost": f"{s.two_thirds_structure:,}",
                "left": f"{s.structure_points - s.two_thirds_structure:,}",
                "effect": f"{_adf_mr(s.adf, s.mr, s.two_thirds_adf, s.two_thirds_mr, joined=True)}; "
                f"{data.TWO_THIRDS_BREAKUP_ROLLS} break-up rolls a turn against {s.breakup_target:,}",
            },
            {
                "mark": "0",
                "zone": "destroyed",
                "lost": f"{s.structure_points:,}",
                "left": "0",
                "effect": "destroyed",
            },
        ],
        "breakup_rule": (
            f"DCR {s.damage_control_rating:,} + Stress Analysis {s.stress_analysis} = {s.breakup_target:,}"
        ),
        "checklist": _checklist(s),
        "repair": {
            "dcr": _n(s.damage_control_rating),
            "every": data.REPAIR_EVERY_TURNS,
            "turns": [data.REPAIR_EVERY_TURNS * (k + 1) for k in range(REPAIR_TURNS_SHOWN)],
            "points": f"{s.repair_points:,}",
            "skill": _repair_skills(s),
        },
        "maneuvers": maneuvers,
        "maneuver_cells": _maneuver_cells(maneuvers),
        "mines": [
            {
                "hex": d.hex,
                "level": f"{d.level:+d}".replace("-", "−") if d.level else "0",
                "mines": _n(d.mines),
            }
            for d in s.minelaying
        ],
        "mines_planned": _n(s.mines_planned),
        "mine_hexes": _n(s.mine_hexes),
        "mine_turns": ft(play.turns_needed(Fraction(s.mine_hexes), s.maneuver_points))
        if s.mine_hexes
        else None,
        "ram_damage": f"{s.ram_damage:,}",
        "blast_damage": f"{s.blast_damage:,}",
        "breach": f"{math.ceil(s.breach_damage):,}",
        "notes": ([s.design_notes] if s.design_notes else []) + s.notes,  # the design's own first
        "errors": [f"[{f.rule}] {f.message}" for f in findings if f.is_error],
        "count": s.count,
    }
    view["density"], view["continued"] = page_plan(view)
    view["top"] = top_tables(view)
    return view


#: The ship block's width (mm) inside its borders on each paper: the page less its 9 mm side
#: margins and the block's two 0.4 mm borders (templates/knight-hawks-2000/sheet.css).
SHIP_WIDTH_MM = {"letter": 215.9 - 18.0 - 0.8, "a4": 210.0 - 18.0 - 0.8}
#: The ship block's side paddings together (em of its type size).
SHIP_PADDING_EM = 2.4
#: The ship's type size (pt) at the normal scale; the denser scales multiply it (DENSITIES).
SHIP_TYPE_PT = 7.0
#: The crew table's set columns (em of text and padding, without their 0.2 mm rule):
#: station, name, IM, then skills (the rest), wounds.
CREW_COLUMNS_EM = (9.9, 15.1, 3.4, None, 10.3)
#: A table rule (mm).
RULE_MM = 0.2


def top_tables(view: dict[str, Any]) -> dict[str, Any]:
    """What the sheet's top tables (crew, weapons) need to be set as lines of text, for each
    paper (``"letter"``, ``"a4"``): ``room``, the ship block's inner width in em of the ship's
    type size (its density's, :func:`page_plan`); ``crew``, the crew table's five column widths
    (em); ``rule``, a 0.2 mm rule in em. Plus ``weapons``: each weapon line's 13 cells as printed
    (the weapon's own cell ``None``: its code and name are ``code`` and ``name``), each linked
    group's line likewise (its cells 1-6 and 10-12 spanned: ``None``), and ``key``, a name for
    this ship's tables and track in the document's style rules (the same for the same ones)."""
    scale = next(s for name, s, _ in DENSITIES if name == view["density"])
    em_mm = SHIP_TYPE_PT * scale * 25.4 / 72
    rule = RULE_MM / em_mm
    out: dict[str, Any] = {}
    for paper, width_mm in SHIP_WIDTH_MM.items():
        room = width_mm / em_mm - SHIP_PADDING_EM
        fixed = [None if w is None else w + rule for w in CREW_COLUMNS_EM]
        rest = room - sum(w for w in fixed if w is not None)
        out[paper] = {"room": room, "rule": rule, "crew": [rest if w is None else w for w in fixed]}
    lines: list[dict[str, Any]] = []
    for w in view["weapons"]:
        cells = [
            w["count"], None, w["arc"], cell_text(w["range_km"]), cell_text(w["range_hexes"]),
            cell_text(w["guided"]), cell_text(w["rof"]), cell_text(w["max_damage"]), cell_text(w["dice"]),
            w["per"], cell_text(w["ordnance"]), w["linked"] or "", w["defences"],
        ]  # fmt: skip
        lines.append(
            {
                "cells": [None if c is None else str(c) for c in cells],
                "code": w["code"],
                "name": w["name"],
                "linked": False,
            }
        )
    for g in view["linked"]:
        cells = ["1", None, None, None, None, None, None, g["max_damage"], cell_text(g["dice"]), "attack"]
        lines.append(
            {
                "cells": [*cells, None, None, None],
                "code": f"linked: {g['name']}",
                "name": f"({g['members']}) fires as one attack",
                "linked": True,
            }
        )
    out["weapons"] = lines
    out["key"] = (
        f"{view['density'] or 'n'}{zlib.crc32(repr((lines, view['crew'], view['track'])).encode()):08x}"
    )
    return out
