"""The Kill Radius roster sheet's view model: plain values the template prints.

Numbers come from :class:`~sheetgen.games.killradius.stats.KillRadiusStats`
(its Number track) and :func:`~sheetgen.games.killradius.stats.fleet_totals`;
the template does no arithmetic and applies no rule.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.findings import Finding
from sheetgen.games.base import name_size
from sheetgen.games.killradius import data
from sheetgen.games.killradius.play import NumberState
from sheetgen.games.killradius.stats import KillRadiusStats, sum_fleet

__all__ = ["TURN_ROWS", "name_size", "roster_context", "ship_view", "track_zones"]

#: Turns each ship's damage and vector logs have rows for (after a "start" row).
TURN_ROWS = 8

#: Width of one Number track cell on the sheet, in mm.
TRACK_CELL_MM = 15.5


def _zone(state: NumberState) -> str:
    if state.destroyed:
        return "dead"
    if not state.reduced:
        return "full"
    return "half" if state.recovery else "low"


def track_zones(stats: KillRadiusStats) -> list[dict[str, Any]]:
    """The Number track as zones of consecutive cells (KR-2, KR-3, KR-5).

    Each zone has ``kind`` (``full``: above the half threshold or undamaged;
    ``half``: reduced, recovery roll still allowed; ``low``: below half, no
    recovery; ``dead``: Number 0), a ``label`` and its ``cells``, each with the
    Number, MP, facing changes and, for carriers, the roll number and the
    fighters the carrier can hold there.
    """
    zones: list[dict[str, Any]] = []
    for state in stats.number_track:
        kind = _zone(state)
        cell = {
            "number": state.number,
            "mp": state.movement_points,
            "fc": state.facing_changes,
            "roll": state.roll_number,
            "holds": state.fighters_held,
        }
        if zones and zones[-1]["kind"] == kind:
            zones[-1]["cells"].append(cell)
            continue
        zones.append({"kind": kind, "label": _zone_label(kind, stats), "cells": [cell]})
    return zones


def _zone_label(kind: str, stats: KillRadiusStats) -> str:
    if kind == "full":
        return "full strength"
    if kind == "half":
        return f"≤ {stats.half_number}: MP −{data.REDUCED_MP_LOSS}"
    if kind == "low":
        return "no recovery roll"
    return "destroyed"


def ship_view(stats: KillRadiusStats, findings: list[Finding]) -> dict[str, Any]:
    """Everything one ship block on the roster sheet prints."""
    fighters = []
    for k in range(stats.fighter_capacity):
        fighters.append({"label": f"F{k + 1}", "aboard": k < stats.fighters})
    number_text = str(stats.number)
    has_track = bool(stats.number_track)
    # the design's condition: the Number now; the track's cells above it are crossed off
    now = (stats.condition or {}).get("number")
    return {
        "name": stats.name,
        "name_class": name_size(stats.name),
        "design_class": stats.design_class,
        "type": stats.type,
        "type_listed": stats.type_listed,
        "number": stats.number if has_track else None,
        "number_text": number_text,
        "number_now": now,
        "movement_points": stats.movement_points,
        "facing_changes": stats.facing_changes,
        "half_number": stats.half_number,
        "reduced_movement_points": stats.reduced_movement_points,
        "carrier": stats.carrier,
        "carrier_roll_number": stats.carrier_roll_number,
        "fighters": stats.fighters,
        "fighter_capacity": stats.fighter_capacity,
        "fighter_slots": fighters,
        "deploy_per_phase": stats.deploy_per_phase,
        "deploy_range": data.CARRIER_DEPLOY_RANGE,
        "fighter_segments": list(range(data.FIGHTER_SEGMENTS)),
        "zones": track_zones(stats),
        "track_cells": len(stats.number_track),
        "track_width_mm": TRACK_CELL_MM * len(stats.number_track),
        "recovery_roll": stats.recovery_roll,
        "turns": list(range(1, TURN_ROWS + 1)),
        "design_notes": stats.design_notes,
        "notes": stats.notes,
        "errors": [f"[{f.rule}] {f.message}" for f in findings if f.is_error],
        "warnings": [f"[{f.rule}] {f.message}" for f in findings if f.severity.value == "warning"],
        "count": stats.count,
    }


def roster_context(ships: list[dict[str, Any]]) -> dict[str, Any]:
    """The roster at the head of the sheets: per side (``None`` = no side given)
    the ships, total Number, carriers and fighters (:func:`fleet_totals`,
    counted per printed ship), and the combat phase each ship acts in at full
    Number, highest first (seed 000, Ship Combat Phases)."""
    sides: dict[str | None, dict[str, Any]] = {}
    for view in ships:
        side = sides.setdefault(
            view.get("side"),
            {"name": view.get("side"), "colour": view.get("colour"), "ships": []},
        )
        side["ships"].append(view)
    out_sides = []
    for side in sides.values():
        totals = sum_fleet((v["number"], v["carrier"], v["fighters"], 1) for v in side["ships"])
        out_sides.append(
            {
                "name": side["name"],
                "colour": side["colour"],
                "ships": totals["ships"],
                "total_number": totals["total Number"],
                "carriers": totals["carriers"],
                "fighters": totals["fighters"],
            }
        )
    phases = []
    for number in range(data.MAX_NUMBER, data.MIN_NUMBER - 1, -1):
        acting = [v for v in ships if v["number"] == number]
        if acting:
            phases.append(
                {
                    "number": number,
                    "ships": [
                        {"name": v["name"], "side": v.get("side"), "colour": v.get("colour")} for v in acting
                    ],
                }
            )
    return {
        "roster_sides": out_sides,
        "phases": phases,
        "stacking_limit": data.STACKING_LIMIT,
        "attack_formula": "damage = (d10 + A#) − (d10 + T# + R)",
    }
