"""The Kill Radius roster sheet's view model: plain values the template prints.

Numbers come from :class:`~sheetgen.games.killradius.stats.KillRadiusStats`
(its Number track) and :func:`~sheetgen.games.killradius.stats.fleet_totals`;
the template applies no rule. The Number track, the damage and vector logs and the
fighter table are printed as lines of text over one drawing each (issue 28: a few
elements a ship instead of a table cell a value): this module gives each line's pieces
with the room they are centred in (:data:`Piece`, mm) and the drawings (SVG, mm); the
template only measures the text (the bundled fonts' widths, ``render/textgrid.py``) to
place it, since a game package knows nothing of fonts.
"""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import quote

from markupsafe import Markup

from sheetgen.core.findings import Finding
from sheetgen.games.base import name_size
from sheetgen.games.killradius import data
from sheetgen.games.killradius.play import NumberState
from sheetgen.games.killradius.stats import KillRadiusStats, sum_fleet

__all__ = [
    "LOG_COLUMNS_MM",
    "TURN_ROWS",
    "Piece",
    "fighter_sheet",
    "log_pieces",
    "name_size",
    "roster_context",
    "ship_view",
    "track_sheet",
    "track_zones",
]

#: Turns each ship's damage and vector logs have rows for (after a "start" row).
TURN_ROWS = 8

#: Width of one Number track cell on the sheet, in mm.
TRACK_CELL_MM = 15.5

#: The Number track's rules (mm): a cell's border, a zone's thicker first border (reduced,
#: no recovery, destroyed), the full-strength label's border, and the X of a crossed cell.
_RULE, _ZONE_RULE, _LABEL_RULE, _CROSS = 0.3, 0.9, 0.25, 0.45
#: The height (mm) of the track's cells from their top rule's top to their bottom rule's
#: bottom: 0.3 + 0.4 padding + 10 + 0.3.
_CELLS_MM = 11.0
#: Cell fills by zone kind.
_FILL = {"half": "#e9e9e9", "low": "#d2d2d2", "dead": "#555"}

#: A piece of a line of text the sheet sets (sheet.html.j2's ``set_line``, by spaces of set
#: widths): ``(text, left, right, cls)``, the text centred between ``left`` and ``right`` (mm
#: from the line's start; at ``left`` when ``right <= left``), in a span of class ``cls`` if
#: given; ``(text, left, right, cls, size, bold)`` for a piece in its span's own size (pt)
#: and weight.
Piece = tuple[Any, ...]


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


def _mm(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _svg(width: float, height: float, body: str, stretch: bool = False) -> Markup:
    """A CSS ``url()`` of an SVG ``width`` x ``height`` mm drawing ``body`` (in mm);
    ``stretch``: drawn to whatever box it is sized to (no kept aspect ratio)."""
    fit = " preserveAspectRatio='none'" if stretch else ""
    svg = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{_mm(width)}mm' height='{_mm(height)}mm' "
        f"viewBox='0 0 {_mm(width)} {_mm(height)}'{fit}>{body}</svg>"
    )
    return Markup(f'url("data:image/svg+xml,{quote(svg, safe=" =:/,.-()<>")}")')


def _key(prefix: str, *parts: str) -> str:
    return prefix + hashlib.sha1("".join(parts).encode()).hexdigest()[:10]


def track_sheet(zones: list[dict[str, Any]], number_now: int | None, carrier: bool) -> dict[str, Any]:
    """The Number track (:func:`track_zones`) as a few lines of text over two drawings, the
    way a bordered table of a 15.5 mm cell a Number would print it.

    Returns ``zones``: each zone's label and the room it wraps in, ``(label, left, right)``
    (mm); ``numbers``, ``mp`` and ``roll`` (the carrier's roll and hold; ``None`` for another
    ship): the :data:`Piece` of each cell, centred in it; ``cells``, a CSS ``url()`` of an SVG
    of the cells' fills, rules (a zone's first cell thicker) and the X over each Number
    above ``number_now``, ``width`` x 11 mm, for the bottom of the track; ``labels``, the
    zones' left rules above the cells, to stretch over the labels' lines; ``width`` (mm)
    and ``key``, a class name the same for the same drawings."""
    kinds: list[str] = []
    crossed: list[bool] = []
    cells: list[dict[str, Any]] = []
    starts: list[bool] = []
    for zone in zones:
        for k, cell in enumerate(zone["cells"]):
            kinds.append(zone["kind"])
            starts.append(k == 0)
            cells.append(cell)
            crossed.append(number_now is not None and cell["number"] > number_now)
    count = len(cells)
    xs = [_RULE / 2 + TRACK_CELL_MM * k for k in range(count + 1)]
    # the rule left of each column (collapsed: a zone's first cell after the first is thicker)
    rule = [
        _ZONE_RULE if 0 < k < count and starts[k] and kinds[k] != "full" else _RULE for k in range(count + 1)
    ]
    # each zone's label: from its left rule (0.8 mm padding) to the next zone's
    labels: list[tuple[str, float, float]] = []
    label_rules: list[tuple[float, float]] = []
    first = 0
    for zone in zones:
        last = first + len(zone["cells"])
        left_rule = _LABEL_RULE if first == 0 else rule[first]
        label_rules.append((xs[first], left_rule))
        labels.append(
            (
                zone["label"],
                xs[first] + left_rule / 2 + 0.8,
                xs[last] - (rule[last] / 2 if last < count else 0) - 0.8,
            )
        )
        first = last
    width = xs[-1] + _RULE / 2

    def centred(texts: list[str | None], dead_white: bool = True) -> list[Piece]:
        row: list[Piece] = []
        for k, text in enumerate(texts):
            if text is None:
                continue
            lo = xs[k] + rule[k] / 2 + 0.2
            hi = xs[k + 1] - rule[k + 1] / 2 - 0.2
            cls = "x" if crossed[k] else ("d" if kinds[k] == "dead" and dead_white else None)
            row.append((text, lo, hi, cls))
        return row

    dead = [kind == "dead" for kind in kinds]
    numbers = centred([str(c["number"]) for c in cells])
    mp = centred(
        ["destroyed" if d else f"MP {c['mp']} · FC {c['fc']}" for c, d in zip(cells, dead, strict=True)]
    )
    roll = (
        centred(
            [
                None if d else f"roll {c['roll']} · holds {c['holds']}"
                for c, d in zip(cells, dead, strict=True)
            ],
            dead_white=False,
        )
        if carrier
        else None
    )
    # the cells: fills, crosses, then rules, from the top rule's top (y 0) to the bottom's bottom
    top, bottom = _RULE / 2, _CELLS_MM - _RULE / 2  # the rules' centres
    body = [
        f"<rect x='{_mm(xs[k])}' y='{_mm(top)}' width='{_mm(TRACK_CELL_MM)}' height='{_mm(bottom - top)}' "
        f"fill='{_FILL[kind]}'/>"
        for k, kind in enumerate(kinds)
        if kind in _FILL
    ]
    crosses = "".join(
        f"M{_mm(xs[k])} {_mm(top)}L{_mm(xs[k + 1])} {_mm(bottom)}M{_mm(xs[k + 1])} {_mm(top)}L{_mm(xs[k])} {_mm(bottom)}"
        for k in range(count)
        if crossed[k]
    )
    if crosses:
        body.append(f"<path d='{crosses}' stroke='#111' stroke-width='{_CROSS}' fill='none'/>")
    path = [f"M0 0H{_mm(width)}v{_RULE}H0Z", f"M0 {_mm(_CELLS_MM - _RULE)}H{_mm(width)}v{_RULE}H0Z"]
    path += [
        f"M{_mm(xs[k] - rule[k] / 2)} 0h{_mm(rule[k])}V{_mm(_CELLS_MM)}h{_mm(-rule[k])}Z"
        for k in range(count + 1)
    ]
    body.append(f"<path d='{''.join(path)}' fill='#111'/>")
    cells_svg = _svg(width, _CELLS_MM, "".join(body))
    # the zones' left rules above the cells: a 10 mm drawing stretched to the labels' height
    heads = "".join(f"M{_mm(x - r / 2)} 0h{_mm(r)}V10h{_mm(-r)}Z" for x, r in label_rules)
    labels_svg = _svg(width, 10, f"<path d='{heads}' fill='#111'/>", stretch=True)
    return {
        "zones": labels,
        "numbers": numbers,
        "mp": mp,
        "roll": roll,
        "cells": cells_svg,
        "labels": labels_svg,
        "width": round(width, 3),
        "key": _key("t", cells_svg, labels_svg),
    }


#: The fighter table (mm): the row heads' column, a fighter's column, a row, the rules; its
#: type 6 pt (bold but "spare"), a tick box 2.6 mm with a 0.25 mm border, 3.2 mm apart, its
#: top 0.804 mm into its row; the padding inside a column (left, right).
_FIGHTER_HEADS_MM, _FIGHTER_MM, _FIGHTER_ROW_MM, _FIGHTER_RULE = 23.4, 14.4, 3.9, 0.2
_FIGHTER_PT, _BOX_MM, _BOX_BORDER, _BOX_STEP, _BOX_TOP = 6.0, 2.6, 0.25, 3.2, 0.804
_FIGHTER_PAD = (0.8, 0.6)
_FIGHTER_ROWS = ("fighter", "aboard", "deployed (turn)", "segments flown", "recovered (turn)", "lost")


def fighter_sheet(slots: list[dict[str, Any]], segments: int, spare_mm: float) -> dict[str, Any]:
    """A carrier's fighter table (KR-5) as lines of text over one drawing: a column a fighter
    of ``slots`` (``label``, ``aboard``), its rows :data:`_FIGHTER_ROWS`; ``spare_mm`` is the
    width of a space and "spare" at 6 pt (the template measures it).

    Returns ``rows``: the :data:`Piece` of each row (its head at the left, each fighter's
    label centred in its column, "spare" beside a fighter not aboard, in a ``spare`` span,
    centred with its box), ``grid``: a CSS ``url()`` of an SVG of the rules, the shaded
    heading row and column, and the tick boxes (aboard filled or empty, ``segments`` for the
    segments flown, one for lost), its ``width`` and ``height`` (mm) and ``key``, a class name
    the same for the same table."""
    count = len(slots)
    width = round(_FIGHTER_HEADS_MM + _FIGHTER_RULE + _FIGHTER_MM * count, 3)
    height = round(_FIGHTER_ROW_MM * 6 + _FIGHTER_RULE, 3)
    boxes: list[tuple[float, float, bool]] = []  # (left, top, filled) of each box's border box
    rows: list[list[Piece]] = [[(head, _FIGHTER_PAD[0], 0.0, None)] for head in _FIGHTER_ROWS]

    def row_top(r: int) -> float:
        return _FIGHTER_ROW_MM * r + _BOX_TOP

    for k, slot in enumerate(slots):
        left = _FIGHTER_HEADS_MM + _FIGHTER_MM * k + _FIGHTER_PAD[0]
        right = _FIGHTER_HEADS_MM + _FIGHTER_MM * (k + 1) - _FIGHTER_PAD[1]
        centre = (left + right) / 2
        rows[0].append((slot["label"], left, right, None))
        if slot["aboard"]:
            boxes.append((centre - _BOX_MM / 2, row_top(1), True))
        else:  # a box, a space and "spare", centred together
            start = centre - (_BOX_STEP + spare_mm) / 2
            boxes.append((start + (_BOX_STEP - _BOX_MM) / 2, row_top(1), False))
            at = round(start + _BOX_STEP, 3)
            rows[1].append(("spare", at, at, "spare", _FIGHTER_PT, False))
        first = centre - _BOX_STEP * segments / 2
        boxes.extend(
            (first + _BOX_STEP * j + (_BOX_STEP - _BOX_MM) / 2, row_top(3), False) for j in range(segments)
        )
        boxes.append((centre - _BOX_MM / 2, row_top(5), False))
    rule = _FIGHTER_RULE
    path = [f"M0 0h{rule}V{_mm(height)}h-{rule}Z"]
    path += [
        f"M{_mm(_FIGHTER_HEADS_MM + _FIGHTER_MM * k)} 0h{rule}V{_mm(height)}h-{rule}Z"
        for k in range(count + 1)
    ]
    path += [f"M0 {_mm(_FIGHTER_ROW_MM * r)}H{_mm(width)}v{rule}H0Z" for r in range(7)]
    inset = _BOX_BORDER / 2
    side = _BOX_MM - _BOX_BORDER
    empty = "".join(
        f"M{_mm(x + inset)} {_mm(y + inset)}h{_mm(side)}v{_mm(side)}h-{_mm(side)}Z"
        for x, y, f in boxes
        if not f
    )
    filled = "".join(
        f"M{_mm(x)} {_mm(y)}h{_mm(_BOX_MM)}v{_mm(_BOX_MM)}h-{_mm(_BOX_MM)}Z" for x, y, f in boxes if f
    )
    grid = _svg(
        width,
        height,
        f"<path fill='#e6e6e6' d='M0 0H{_mm(width)}V{_FIGHTER_ROW_MM}H0ZM0 {_FIGHTER_ROW_MM}H{_FIGHTER_HEADS_MM}V{_mm(height)}H0Z'/>"
        f"<path fill='#888' d='{''.join(path)}'/>"
        + (f"<path fill='#222' d='{filled}'/>" if filled else "")
        + f"<path fill='none' stroke='#222' stroke-width='{_BOX_BORDER}' d='{empty}'/>",
    )
    return {"rows": rows, "grid": grid, "width": width, "height": height, "key": _key("f", grid)}


#: The damage and vector logs' columns (mm from the ship block's left): turn, hits this turn,
#: total, Number next turn, recovery, made, a gap, then the vector log's turn; the vector and
#: facing columns take the rest of the block, facing the last 15.4 mm.
LOG_COLUMNS_MM = (0.0, 9.4, 54.55, 65.9, 88.65, 114.0, 123.4, 127.6, 137.0)
_LOG_FACING_MM = 15.4
#: The size (pt) of the Number at the start of the damage log (the rows are 6.5 pt).
_LOG_NEXT_PT = 7.0


def log_pieces(ship: dict[str, Any], width_mm: float) -> dict[str, Any]:
    """The damage and vector logs' text for a ship block ``width_mm`` wide, as the
    :data:`Piece` s of lines: ``head`` (the columns' headings, each centred in its column of
    :data:`LOG_COLUMNS_MM`) and ``rows`` (the start row, then a row a turn of
    ``ship["turns"]``: the turn in both logs' turn columns, the Number the ship starts with
    (its condition's, else the design's) in "Number next turn" in a ``next`` span at 7 pt bold). The rules and boxes are the logs' drawing
    (the sheet's ``log_grid``)."""
    xs = [*LOG_COLUMNS_MM, width_mm - _LOG_FACING_MM, width_mm]
    heads = [
        "turn",
        "hits this turn",
        "total",
        "Number next turn",
        f"recovery d10 ≤ {ship['recovery_roll']}" if ship["recovery_roll"] else "no recovery",
        "made",
        None,
        "turn",
        "vector",
        "facing",
    ]
    head = [(t, xs[k], xs[k + 1], None) for k, t in enumerate(heads) if t]
    turn, vector_turn, nxt = (xs[0], xs[1]), (xs[7], xs[8]), (xs[3], xs[4])
    # a ship resuming a campaign (condition:) starts its log at the Number it has now
    start_number = ship["number_text"] if ship["number_now"] is None else str(ship["number_now"])
    rows: list[list[Piece]] = [
        [
            ("start", *turn, None),
            (start_number, *nxt, "next", _LOG_NEXT_PT, True),
            ("start", *vector_turn, None),
        ]
    ]
    rows += [[(str(t), *turn, None), (str(t), *vector_turn, None)] for t in ship["turns"]]
    return {"head": head, "rows": rows}


def ship_view(stats: KillRadiusStats, findings: list[Finding]) -> dict[str, Any]:
    """Everything one ship block on the roster sheet prints: a carrier's fighter columns are
    the fighters it can hold at its current Number, those aboard (:attr:`KillRadiusStats.fighters`)
    first (seed 000, Fighters); ``number_now`` the ``condition:`` Number (``None`` as built),
    ``number_current`` the Number it acts with now (its combat phase; the starting Number as
    built)."""
    room = (
        stats.fighter_capacity if stats.number_now is None else min(stats.fighter_capacity, stats.number_now)
    )
    fighters = [{"label": f"F{k + 1}", "aboard": k < stats.fighters} for k in range(room)]
    number_text = str(stats.number)
    has_track = bool(stats.number_track)
    # the design's condition: the Number now; the track's cells above it are crossed off
    now = (stats.condition or {}).get("number")
    zones = track_zones(stats)
    return {
        "name": stats.name,
        "name_class": name_size(stats.name),
        "design_class": stats.design_class,
        "type": stats.type,
        "type_listed": stats.type_listed,
        "number": stats.number if has_track else None,
        "number_text": number_text,
        "number_now": now,
        "number_current": stats.number_now if has_track else None,
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
        "zones": zones,
        "track": track_sheet(zones, now, stats.carrier) if zones else None,
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
    counted per printed ship: each ship's current Number and the fighters it holds
    now), and the combat phase each ship acts in, highest first: the phase of its
    current Number (seed 000, Ship Combat Phases); ``phases_resumed`` when a ship's
    ``condition:`` puts it below its starting Number's phase (the heading says so)."""
    sides: dict[str | None, dict[str, Any]] = {}
    for view in ships:
        side = sides.setdefault(
            view.get("side"),
            {"name": view.get("side"), "colour": view.get("colour"), "ships": []},
        )
        side["ships"].append(view)
    out_sides = []
    for side in sides.values():
        totals = sum_fleet((v["number_current"], v["carrier"], v["fighters"], 1) for v in side["ships"])
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
        acting = [v for v in ships if v["number_current"] == number]
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
        "phases_resumed": any(v["number_current"] != v["number"] for v in ships),
        "stacking_limit": data.STACKING_LIMIT,
        "attack_formula": "damage = (d10 + A#) − (d10 + T# + R)",
        "log_pieces": log_pieces,
        "fighter_sheet": fighter_sheet,
    }
