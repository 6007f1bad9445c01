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

__all__ = ["name_size", "sheet_ranges", "ship_view", "weapon_rows"]


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
