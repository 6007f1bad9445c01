"""The Starfire record sheet's view model: plain values the template prints.

Numbers come from :class:`~sheetgen.games.starfire.stats.StarfireStats` and the
combat functions (:func:`~sheetgen.games.starfire.play.to_hit`,
:func:`~sheetgen.games.starfire.play.weapon_damage`); the template does no
arithmetic and applies no rule.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.findings import Finding
from sheetgen.games.base import name_size
from sheetgen.games.starfire import data, play
from sheetgen.games.starfire.stats import StarfireStats

__all__ = ["name_size", "sheet_ranges", "ship_view", "track_lines", "weapon_rows"]


def sheet_ranges(stats: StarfireStats) -> list[int]:
    """Ranges the sheet's weapon table shows: 0..20 hexes, or further for a base
    with combat sensors whose R, G or Pt still hit beyond 20 (SF-8: 22 hexes is
    read as 17)."""
    if not (stats.kind == "base" and stats.combat_sensors):
        return list(data.RANGES)
    return list(range(stats.targeting_range + 1))


def weapon_rows(stats: StarfireStats) -> list[dict[str, Any]]:
    """Chart rows for the weapons a ship carries: per range of :func:`sheet_ranges` a cell with
    ``to_hit``, ``damage`` (``None`` = cannot fire) and ``limited`` (beyond the
    10-hex targeting limit of a ship without combat sensors)."""
    base_y = stats.kind == "base" and stats.combat_sensors
    rows = []
    for w in stats.weapons:
        cells = []
        for r in sheet_ranges(stats):
            hit = play.to_hit(w.code, r, combat_sensors=stats.combat_sensors, base_with_sensors=base_y)
            # the damage this ship deals: a freighter's doubling applies to damage it receives (SF-10)
            dmg = play.weapon_damage(w.code, r, base_with_sensors=base_y)
            cells.append(
                {
                    "to_hit": hit,
                    "damage": dmg if hit is not None else None,
                    "limited": hit is None and play.to_hit(w.code, r, base_with_sensors=base_y) is not None,
                }
            )
        rows.append(
            {
                "code": w.code + ("+" if w.restricted_arc else ""),
                "name": w.name,
                "count": w.count,
                "cells": cells,
            }
        )
    return rows


#: The ship block's inner width (mm) on each paper: the page less its margins (10 mm each
#: side), the block's borders (0.4 mm) and padding (3 mm) (templates/starfire/sheet.css).
INNER_WIDTH = {"letter": 189.1, "a4": 183.2}
#: A damage box (mm): its width with the margin after it, and the space the template puts
#: between two boxes (DejaVu Sans 8 pt: 0.3179 em).
_BOX, _MARGIN, _GAP = 6.4, 0.6, 8 * 0.3179 * 25.4 / 72
#: A code's type size in the track (pt; ``.sysrun`` in templates/starfire/sheet.css).
_CODE_PT = 6.5


def _room_width(group: dict[str, Any]) -> float:
    """An engine room's width (mm) on the line: its boxes (at least 10.5 mm), its left
    padding (0.5), dashed border (2 x 0.3) and margin (0.8)."""
    return max(10.5, len(group["boxes"]) * (_BOX + _MARGIN)) + 0.5 + 0.6 + 0.8


def track_lines(track: list[dict[str, Any]], paper: str) -> list[list[dict[str, Any]]]:
    """The damage track (:func:`_track`'s groups) as the lines it takes in the ship block on
    ``paper`` (``"letter"`` or ``"a4"``), a line filled as the browser fills it (a box, a
    room, the gap between them). Consecutive plain boxes (no mark, no restricted arc) of a
    line are one ``run``: ``{"run": n, "width": mm, "codes": [(code, its box's left in em of
    the code's size)], "box_em": a box's width in the same em}``, the template setting each
    code in the middle of its box (``textgrid.line``); every other group is as it was."""
    lines: list[list[dict[str, Any]]] = [[]]
    x = 0.0
    for group in track:
        width = _room_width(group) if group["room"] else _BOX + _MARGIN
        if lines[-1] and x + width > INNER_WIDTH[paper] + 0.01:
            lines.append([])
            x = 0.0
        x += width + _GAP
        plain = not group["room"] and not group["marks"][0] and not group["boxes"][0].endswith("+")
        if not plain:
            lines[-1].append(group)
            continue
        if not lines[-1] or "run" not in lines[-1][-1]:
            lines[-1].append({"run": 0, "codes": []})
        lines[-1][-1]["run"] += 1
        lines[-1][-1]["codes"].append(group["boxes"][0])
    pitch, em_mm = _BOX + _MARGIN + _GAP, _CODE_PT * 25.4 / 72
    for line in lines:
        for item in line:
            if "run" in item:
                item["codes"] = [(code, k * pitch / em_mm) for k, code in enumerate(item["codes"])]
                item["box_em"] = _BOX / em_mm
                item["width"] = item["run"] * pitch - _MARGIN - _GAP
    return lines


def _marks(stats: StarfireStats) -> list[str]:
    """Each system's mark by the design's ``condition:`` (``destroyed``, ``offline`` or
    ``""``), in damage order; all ``""`` as built."""
    cond = stats.condition or {}
    marks = [""] * len(stats.systems)
    for key in ("destroyed", "offline"):
        for i in cond.get(key, ()):
            if 1 <= i <= len(marks):
                marks[i - 1] = key
    return marks


def _track(stats: StarfireStats) -> list[dict[str, Any]]:
    """The damage track in damage order: single boxes, and each engine room as one
    group with the MP left once it (and every room left of it) is lost; ``marks`` holds
    each box's mark by the design's condition (:func:`_marks`)."""
    groups: list[dict[str, Any]] = []
    marks = _marks(stats)
    for code, room, mark in zip(stats.systems, stats.system_rooms, marks, strict=True):
        if room is not None and groups and groups[-1]["room"] == room + 1:
            groups[-1]["boxes"].append(code)
            groups[-1]["marks"].append(mark)
            continue
        group: dict[str, Any] = {"room": None if room is None else room + 1, "boxes": [code], "marks": [mark]}
        if room is not None:
            group["mp_after"] = stats.mp_after_rooms_lost[min(room + 1, len(stats.mp_after_rooms_lost) - 1)]
        groups.append(group)
    return groups


def _mp_now(stats: StarfireStats) -> int | None:
    """MP left by the design's ``condition:`` (the drives' rooms lost), ``None`` as built."""
    if stats.condition is None:
        return None
    from sheetgen.games.starfire import live

    mp: int = live.now(live.start(stats))["movement_points"]
    return mp


def ship_view(stats: StarfireStats, findings: list[Finding]) -> dict[str, Any]:
    """Everything one ship block on the record sheet prints."""
    launchers = []
    cond = stats.condition or {}
    for w in stats.weapons:
        if w.code in data.MUNITION_WEAPONS:
            spent = list(cond.get("spent", {}).get(w.code, ()))
            for k in range(w.count):
                stated = w.munitions is not None
                boxes = w.munitions if w.munitions is not None else data.BLANK_MUNITION_BOXES
                used = min(spent[k], boxes) if k < len(spent) else 0
                launchers.append(
                    {
                        "label": f"{w.code}{k + 1}",
                        "name": w.name,
                        "boxes": boxes,
                        "stated": stated,
                        "spent": used,
                    }
                )
    offline = len(cond.get("offline", ()))
    return {
        "name": stats.name,
        "name_class": name_size(stats.name),
        "design_class": stats.design_class,
        "hull": stats.hull,
        "hull_name": stats.hull_name,
        "kind": stats.kind,
        "hull_spaces": stats.hull_spaces,
        "hull_spaces_used": stats.hull_spaces_used,
        "turn_mode": stats.turn_mode,
        "movement_points": stats.movement_points,
        "crew_quarters": stats.crew_quarters,
        "notation": stats.notation,
        "track": _track(stats),
        "track_lines": {paper: track_lines(_track(stats), paper) for paper in INNER_WIDTH},
        "weapons": weapon_rows(stats),
        "ranges": sheet_ranges(stats),
        "launchers": launchers,
        "shields": stats.shields,
        "shield_rounds": data.SHIELD_RECOVERY_ROUNDS,
        "shields_offline": offline,
        "quiet_turns": cond.get("quiet_turns", 0) if offline else 0,
        "condition": stats.condition is not None,
        "mp_now": _mp_now(stats),
        "notes": stats.notes,
        "design_notes": stats.design_notes,
        "errors": [f"[{f.rule}] {f.message}" for f in findings if f.is_error],
        "double_damage": stats.double_damage,
        "has_sensors": stats.combat_sensors,
        "count": stats.count,
    }
