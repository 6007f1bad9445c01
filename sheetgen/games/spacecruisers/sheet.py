"""The Space Cruisers record sheet's view model: plain values the template prints.

Numbers come from :class:`~sheetgen.games.spacecruisers.stats.SpaceCruisersStats`
and the tables in :mod:`~sheetgen.games.spacecruisers.data`; the template does
no arithmetic and applies no rule.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from sheetgen.core.findings import Finding
from sheetgen.games.base import name_size
from sheetgen.games.spacecruisers import data
from sheetgen.games.spacecruisers.play import drives_now
from sheetgen.games.spacecruisers.rules import MAX_COUNT
from sheetgen.games.spacecruisers.stats import SpaceCruisersStats

__all__ = [
    "BELOW_ZERO_BOXES",
    "CRITICAL_LINE",
    "MAX_BOXES",
    "critical_boxes",
    "hull_rows",
    "name_size",
    "ship_view",
    "system_boxes",
    "unprinted",
]

#: Hull point boxes printed below zero on every hull, fighters included (RULINGS SC-5:
#: the text sets no floor, and a fighter below 0 flies on until its next hit rolls on
#: the critical damage table, which destroys it; seed 004, Attack Phase and Fighter Hulls).
BELOW_ZERO_BOXES = 10
#: Hull point boxes per printed row.
ROW = 10
#: Most boxes of one kind a sheet prints beyond what the hull comes with: the cap on a
#: system's total (:data:`~sheetgen.games.spacecruisers.rules.MAX_COUNT`, SC-2 and SC-4).
#: An illegal design past it is printed with its error and this many boxes, so printing
#: time stays bounded whatever the design asks for.
MAX_BOXES = MAX_COUNT
#: Most fighter boxes: five for each cargo bay a legal ship can have (additional and named).
MAX_FIGHTERS = data.FIGHTERS_PER_CARGO_BAY * (MAX_BOXES + max(h.non_military for h in data.HULLS.values()))


def hull_rows(stats: SpaceCruisersStats) -> list[dict[str, Any]]:
    """Hull point boxes, highest first, in rows of ten: armor rows, then the
    hull's own points (SC-4): ``{"label", "boxes"}`` with each box's number."""
    rows: list[dict[str, Any]] = []
    base = stats.base_hull_points
    armor_index = min(stats.armor, MAX_BOXES)
    top = base + data.ARMOR_HULL_POINTS * armor_index
    while top > base:
        low = max(base + 1, top - ROW + 1)
        rows.append({"label": f"armor {armor_index}", "boxes": list(range(top, low - 1, -1))})
        top = low - 1
        if (top - base) % data.ARMOR_HULL_POINTS == 0:
            armor_index -= 1
    while top > 0:
        low = max(1, top - ROW + 1)
        rows.append({"label": "hull", "boxes": list(range(top, low - 1, -1))})
        top = low - 1
    return rows


def system_boxes(stats: SpaceCruisersStats) -> list[dict[str, Any]]:
    """One box per system that damage can destroy, grouped by system in the order
    the ship lists them: ``{"label", "name", "boxes", "built_in", "lost"}``. Shields have
    their own row and armor is hull points, so neither is here. ``lost``: the drives the
    design's ``condition:`` has lost to criticals (a weapon lost is the firer's pick, so
    none is crossed for it)."""
    out = []
    taken = list((stats.condition or {}).get("criticals", ()))
    for s in stats.systems:
        if s.name in ("shields", "armor"):
            continue
        out.append(
            {
                "label": data.SYSTEMS[s.name].short,
                "name": s.name,
                "boxes": min(s.count, s.built_in + MAX_BOXES),
                "built_in": s.built_in,
                "lost": taken.count("drive") if s.name == "drives" else 0,
            }
        )
    return out


def _weapon_rows(stats: SpaceCruisersStats) -> list[dict[str, Any]]:
    rows = []
    for w in stats.weapons:
        rows.append(
            {
                "name": w.name,
                "count": w.count,
                "range": w.range,
                "damage": w.damage,
                "hits_on": f"{w.hits_on}+" if w.hits_on is not None else None,
                "arc": w.arc,
                "shots": w.shots,
                "crits": w.critical_rolls,
                "effect": w.effect,
            }
        )
    return rows


def _criticals() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The hit-twice results (two boxes each) and the lasting marks (one box each)."""
    twice = [{"roll": c.roll, "name": c.name, "result": c.twice} for c in data.CRITICALS if c.twice]
    marks = [
        {"roll": c.roll, "name": c.name, "effect": c.effect}
        for c in data.CRITICALS
        if not c.twice and not c.reroll_when_none and c.id != "restroom"
    ]
    return twice, marks


#: The critical damage table's line height (mm; templates/space-cruisers/sheet.css, table.crits).
CRITICAL_LINE = 4.04
#: A tick box as templates/base.css draws one (.box, mm): its side, border, the step from one
#: box to the next on a line, and how far below its line's top a box sits (vertical-align
#: middle on a 4.04 mm line of 7 pt text).
_BOX, _BOX_BORDER, _BOX_STEP, _BOX_TOP = 3.2, 0.25, 3.6, 0.72


def critical_boxes(lines: list[tuple[int, int]]) -> dict[str, Any]:
    """The tick boxes of the critical damage table drawn as one picture, a line of boxes a
    result: ``lines`` gives each result's ``(boxes, crossed)``. Returns ``{"width", "height"}``
    in mm and ``"image"``, an SVG ``data:`` URL (boxes as templates/base.css's .box, a crossed
    one with both diagonals), so the column is one element, not a box each."""
    # as wide as the line of boxes was when each was an element (measured: 0.21 mm short of
    # the boxes' steps), so the next column starts where it did
    width = max((n for n, _ in lines), default=0) * _BOX_STEP - 0.212
    height = len(lines) * CRITICAL_LINE
    half = _BOX_BORDER / 2
    shapes = []
    for row, (boxes, crossed) in enumerate(lines):
        y = row * CRITICAL_LINE + _BOX_TOP
        for k in range(boxes):
            x = k * _BOX_STEP
            shapes.append(
                f'<rect x="{x + half:.3f}" y="{y + half:.3f}" width="{_BOX - _BOX_BORDER:.3f}" '
                f'height="{_BOX - _BOX_BORDER:.3f}"/>'
            )
            if k < crossed:
                shapes.append(
                    f'<path d="M{x:.3f} {y + _BOX:.3f}L{x + _BOX:.3f} {y:.3f}M{x:.3f} {y:.3f}'
                    f'L{x + _BOX:.3f} {y + _BOX:.3f}" stroke-width="0.3"/>'
                )
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.3f} {height:.3f}" '
        f'fill="none" stroke="#222" stroke-width="{_BOX_BORDER}">{"".join(shapes)}</svg>'
    )
    return {
        "width": round(width, 3),
        "height": round(height, 3),
        # names the picture: the same boxes crossed alike, the same picture (one CSS rule)
        "key": "-".join(f"{n}{c}" for n, c in lines),
        "image": "data:image/svg+xml," + quote(svg, safe="/=:.,"),
    }


def _printed(stats: SpaceCruisersStats, system: str) -> int:
    """How many boxes of ``system`` the sheet prints: all, up to :data:`MAX_BOXES` past the hull's own."""
    own = sum(s.built_in for s in stats.systems if s.name == system)
    return min(stats.total(system), own + MAX_BOXES)


def unprinted(stats: SpaceCruisersStats) -> list[str]:
    """What an illegal design has beyond :data:`MAX_BOXES` and the sheet leaves out."""
    out = []
    if stats.armor > MAX_BOXES:
        shown = stats.base_hull_points + data.ARMOR_HULL_POINTS * MAX_BOXES
        out.append(f"hull points above {shown:,} ({stats.hull_points - shown:,} more)")
    for s in stats.systems:
        if s.name != "armor" and s.count > s.built_in + MAX_BOXES:
            out.append(f"{s.name} past {s.built_in + MAX_BOXES} ({s.count - s.built_in - MAX_BOXES:,} more)")
    if stats.fighters_carried > MAX_FIGHTERS:
        out.append(f"fighters past {MAX_FIGHTERS} ({stats.fighters_carried - MAX_FIGHTERS:,} more)")
    return out


def ship_view(stats: SpaceCruisersStats, findings: list[Finding]) -> dict[str, Any]:
    """Everything one ship block on the record sheet prints. Box counts stop at
    :data:`MAX_BOXES` past the hull's own (an illegal design; :func:`unprinted` says what is left out)."""
    twice, marks = _criticals()
    named = list(stats.non_military) + [""] * max(0, stats.non_military_slots - len(stats.non_military))
    lost = {c.id: c.roll for c in data.CRITICALS if c.reroll_when_none}
    drives_left = drives_now(stats.drives, (stats.condition or {}).get("criticals", ()))
    taken = {c.roll: list((stats.condition or {}).get("criticals", ())).count(c.id) for c in data.CRITICALS}
    return {
        "name": stats.name,
        "name_class": name_size(stats.name),
        "design_class": stats.design_class,
        "hull": stats.hull,
        "hull_name": stats.hull_name,
        "rules": stats.rules,
        "size_class": stats.size_class,
        "construction_points": stats.construction_points,
        "additional_systems": stats.additional_systems,
        "hull_points": stats.hull_points,
        # the design's condition: (hull points now, intact shields); boxes above are crossed
        "hull_now": (stats.condition or {}).get("hull_points"),
        "shields_blown": _printed(stats, "shields")
        - (stats.condition or {}).get("shields", _printed(stats, "shields")),
        "hull_rows": hull_rows(stats),
        # the design's condition: each critical result's boxes crossed as often as it was taken
        "criticals_taken": taken,
        # a box a point below zero, the first the point that takes the ship from 0 to -1: crossed
        # when the ship is below its number, as a hull box is
        "below_zero": [-k for k in range(BELOW_ZERO_BOXES)],
        "shields": _printed(stats, "shields"),
        "systems": system_boxes(stats),
        "non_military": named,
        "weapons": _weapon_rows(stats),
        "scanners": stats.scanners,
        "twice": twice,
        "marks": marks,
        # the table's tick boxes, one picture: two a hit-twice result, one a mark, crossed as taken
        "critical_boxes": critical_boxes(
            [(2, min(2, taken[c["roll"]])) for c in twice] + [(1, min(1, taken[c["roll"]])) for c in marks]
        ),
        "weapon_lost_roll": lost["weapon"],
        "drive_lost_roll": lost["drive"],
        # drives destroyed by the condition's criticals: fewer moves, a lower initiative roll
        "initiative_bonus": stats.initiative_bonus - (stats.drives - drives_left),
        "drives": drives_left,
        "evade_attempts": _printed(stats, "elite crew"),
        "cloaking_device": stats.cloaking_device,
        "jump_plasma_turbines": _printed(stats, "jump plasma turbine"),
        "fighters_carried": min(stats.fighters_carried, MAX_FIGHTERS),
        "unprinted": unprinted(stats),
        "critical_destroys": stats.critical_destroys,
        "moves": stats.hull != "station",
        "notes": stats.notes,
        "design_notes": stats.design_notes,
        "errors": [f"[{f.rule}] {f.message}" for f in findings if f.is_error],
        "count": stats.count,
    }
