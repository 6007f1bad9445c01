"""The Kill Radius roster sheet's view model: plain values the template prints.

Numbers come from :class:`~sheetgen.games.killradius.stats.KillRadiusStats`
(its Number track) and :func:`~sheetgen.games.killradius.stats.fleet_totals`;
the template does no arithmetic and applies no rule.
"""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import quote

from markupsafe import Markup, escape

from sheetgen.core.findings import Finding
from sheetgen.games.base import name_size
from sheetgen.games.killradius import data
from sheetgen.games.killradius.play import NumberState
from sheetgen.games.killradius.stats import KillRadiusStats, sum_fleet
from sheetgen.render import textgrid

__all__ = [
    "LOG_COLUMNS_MM",
    "TURN_ROWS",
    "log_lines",
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
#: The track's type (pt) and line heights (mm): zone labels 5.6 pt bold (line-height 1.1),
#: Number 11 pt bold, MP and FC 6 pt, the carrier's roll and hold 5.6 pt condensed.
_LABEL_PT, _LABEL_LINE = 5.6, 2.173
#: Cell fills by zone kind.
_FILL = {"half": "#e9e9e9", "low": "#d2d2d2", "dead": "#555"}
_MM_PER_PT = 25.4 / 72


def _em(mm: float, size_pt: float) -> float:
    return mm / (size_pt * _MM_PER_PT)


def _set_line(
    cells: list[tuple[Any, ...]],
    size_pt: float,
    family: str = "SheetSans",
    bold: bool = False,
) -> Markup:
    """One line of text at ``size_pt`` holding each of ``cells`` ``(text, left, right, cls)``
    (mm from the line's start, in order) centred between ``left`` and ``right`` (at ``left``
    when it does not fit or ``right <= left``), placed by spaces of set widths
    (:func:`sheetgen.render.textgrid.spaces`; the line needs kerning off, see ``.tg``);
    ``cls`` sets a cell in a span of that class. A cell ``(text, left, right, cls, size, bold)``
    is set in its span's own size (pt) and weight, which its class must give."""
    out: list[str] = []
    at = 0.0
    for text, left, right, cls, *own in cells:
        size, heavy = own if own else (size_pt, bold)
        w = textgrid.width(text, family, heavy) * size / size_pt
        lo, hi = _em(left, size_pt), _em(right, size_pt)
        start = lo if hi <= lo or w >= hi - lo else (lo + hi - w) / 2
        gap = start - at
        if out and gap < 0.2:
            gap = 0.2
        pad = textgrid.spaces(gap, family)
        piece = str(escape(text))
        if cls:
            piece = f'<span class="{cls}">{piece}</span>'
        out.append(pad + piece)
        at += textgrid.width(pad, family) + w
    return Markup("".join(out))


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


def track_sheet(zones: list[dict[str, Any]], number_now: int | None, carrier: bool) -> dict[str, Any]:
    """The Number track (:func:`track_zones`) as a few lines of text over one drawing, the
    way a bordered table of a cell a Number would print it (15.5 mm a cell).

    Returns ``labels`` (the zone labels' lines, wrapped in their zones and set at each zone's
    left, bottom-aligned), ``numbers``, ``mp`` and ``roll`` (the carrier's roll and hold; ``None``
    for another ship): one line of text each (Markup), every cell's text centred in its cell;
    ``grid``, a CSS ``url()`` of an SVG of the cells' fills, borders (a zone's first cell
    thicker) and the X over each cell above ``number_now``; its ``width`` and ``height`` in
    mm, and ``key``, a class name that is the same for the same drawing."""
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
    # the rule left of each column (collapsed: a zone's first cell after the first zone is thicker)
    rule = [
        _ZONE_RULE if k < count and starts[k] and kinds[k] != "full" and k > 0 else _RULE
        for k in range(count + 1)
    ]
    rule[0] = _ZONE_RULE if kinds and kinds[0] != "full" else _RULE
    # zone labels: each wrapped in its zone (0.8 mm padding), the lines of all bottom-aligned
    label_em = _LABEL_PT * _MM_PER_PT
    placed: list[tuple[float, list[str]]] = []
    first = 0
    for zone in zones:
        last = first + len(zone["cells"])
        left_rule = _LABEL_RULE if first == 0 and zone["kind"] == "full" else rule[first]
        left = xs[first] + left_rule / 2 + 0.8
        right = xs[last] - (rule[last] / 2 if last < count else 0) - 0.8
        placed.append((left, textgrid.wrap(zone["label"], (right - left) / label_em, bold=True)))
        first = last
    lines = max(len(w) for _, w in placed) if placed else 1
    label_lines = []
    for row in range(lines):
        label_lines.append(
            _set_line(
                [
                    (w[row - (lines - len(w))], left, left, None)
                    for left, w in placed
                    if row >= lines - len(w)
                ],
                _LABEL_PT,
                bold=True,
            )
        )
    head = 0.4 + lines * _LABEL_LINE  # the labels' row, to the cells' top rule's top
    top, bottom = head + _RULE / 2, head + 10.7 + _RULE / 2  # the cells' rules' centres
    width, height = xs[-1] + _RULE / 2, bottom + _RULE / 2

    def centred(
        texts: list[str | None], size: float, family: str = "SheetSans", bold: bool = False
    ) -> Markup:
        row = []
        for k, text in enumerate(texts):
            if text is None:
                continue
            lo = xs[k] + rule[k] / 2 + 0.2
            hi = xs[k + 1] - rule[k + 1] / 2 - 0.2
            cls = "x" if crossed[k] else ("d" if kinds[k] == "dead" and family == "SheetSans" else None)
            row.append((text, lo, hi, cls))
        return _set_line(row, size, family, bold)

    dead = [kind == "dead" for kind in kinds]
    numbers = centred([str(c["number"]) for c in cells], 11, bold=True)
    mp = centred(
        ["destroyed" if d else f"MP {c['mp']} · FC {c['fc']}" for c, d in zip(cells, dead, strict=True)], 6
    )
    roll = (
        centred(
            [
                None if d else f"roll {c['roll']} · holds {c['holds']}"
                for c, d in zip(cells, dead, strict=True)
            ],
            5.6,
            "SheetCondensed",
        )
        if carrier
        else None
    )
    # the drawing: fills, crosses, then rules (the labels' row has only the zones' left rules)
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{_mm(width)}mm' height='{_mm(height)}mm' "
        f"viewBox='0 0 {_mm(width)} {_mm(height)}'>"
    ]
    for k, kind in enumerate(kinds):
        if kind in _FILL:
            parts.append(
                f"<rect x='{_mm(xs[k])}' y='{_mm(top)}' width='{_mm(TRACK_CELL_MM)}' "
                f"height='{_mm(bottom - top)}' fill='{_FILL[kind]}'/>"
            )
    crosses = "".join(
        f"M{_mm(xs[k])} {_mm(top)}L{_mm(xs[k + 1])} {_mm(bottom)}M{_mm(xs[k + 1])} {_mm(top)}L{_mm(xs[k])} {_mm(bottom)}"
        for k in range(count)
        if crossed[k]
    )
    if crosses:
        parts.append(f"<path d='{crosses}' stroke='#111' stroke-width='{_CROSS}' fill='none'/>")
    path = [
        f"M0 {_mm(top - _RULE / 2)}H{_mm(width)}v{_RULE}H0Z",
        f"M0 {_mm(bottom - _RULE / 2)}H{_mm(width)}v{_RULE}H0Z",
    ]
    for k in range(count + 1):
        r = rule[k]
        path.append(f"M{_mm(xs[k] - r / 2)} {_mm(top)}h{_mm(r)}V{_mm(bottom)}h{_mm(-r)}Z")
    first = 0
    for zone in zones:  # the labels' row: each zone's left rule
        r = _LABEL_RULE if first == 0 and zone["kind"] == "full" else rule[first]
        path.append(f"M{_mm(xs[first] - r / 2)} 0h{_mm(r)}V{_mm(top)}h{_mm(-r)}Z")
        first += len(zone["cells"])
    parts.append(f"<path d='{''.join(path)}' fill='#111'/></svg>")
    svg = "".join(parts)
    return {
        "labels": Markup("\n").join(label_lines),
        "numbers": numbers,
        "mp": mp,
        "roll": roll,
        "grid": Markup(f'url("data:image/svg+xml,{quote(svg, safe=" =:/,.-()<>")}")'),
        "width": round(width, 3),
        "height": round(height, 3),
        "key": "t" + hashlib.sha1(svg.encode()).hexdigest()[:10],
    }


#: The fighter table (mm): the row heads' column, a fighter's column, a row, the rules; its
#: type 6 pt (bold but "spare"), a tick box 2.6 mm with a 0.25 mm border, 3.2 mm apart, its
#: top 0.804 mm into its row; the padding inside a column (left, right).
_FIGHTER_HEADS_MM, _FIGHTER_MM, _FIGHTER_ROW_MM, _FIGHTER_RULE = 23.4, 14.4, 3.9, 0.2
_FIGHTER_PT, _BOX_MM, _BOX_BORDER, _BOX_STEP, _BOX_TOP = 6.0, 2.6, 0.25, 3.2, 0.804
_FIGHTER_PAD = (0.8, 0.6)
_FIGHTER_ROWS = ("fighter", "aboard", "deployed (turn)", "segments flown", "recovered (turn)", "lost")


def fighter_sheet(slots: list[dict[str, Any]], segments: int) -> dict[str, Any]:
    """A carrier's fighter table (KR-5) as lines of text over one drawing: a column a fighter
    of ``slots`` (``label``, ``aboard``), its rows :data:`_FIGHTER_ROWS`.

    Returns ``lines`` (Markup: the row heads at the left, each fighter's label centred in its
    column, "spare" beside a fighter not aboard, in a ``spare`` span), ``grid`` (a CSS
    ``url()`` of an SVG of the rules, the shaded heading row and column, and the tick boxes:
    aboard filled or empty, ``segments`` for the segments flown, one for lost), its
    ``width`` and ``height`` (mm) and ``key``, a class name the same for the same table."""
    count = len(slots)
    width = round(_FIGHTER_HEADS_MM + _FIGHTER_RULE + _FIGHTER_MM * count, 3)
    height = round(_FIGHTER_ROW_MM * 6 + _FIGHTER_RULE, 3)
    em = _FIGHTER_PT * _MM_PER_PT
    space = textgrid.width(" ") * em
    spare_w = textgrid.width("spare") * em
    boxes: list[tuple[float, float, bool]] = []  # (left, top, filled) of each box's border box
    rows: list[list[tuple[Any, ...]]] = [[(head, _FIGHTER_PAD[0], 0.0, None)] for head in _FIGHTER_ROWS]

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
            start = centre - (_BOX_STEP + space + spare_w) / 2
            boxes.append((start + (_BOX_STEP - _BOX_MM) / 2, row_top(1), False))
            at = start + _BOX_STEP + space
            rows[1].append(("spare", at, at, "spare", _FIGHTER_PT, False))
        first = centre - _BOX_STEP * segments / 2
        boxes.extend(
            (first + _BOX_STEP * j + (_BOX_STEP - _BOX_MM) / 2, row_top(3), False) for j in range(segments)
        )
        boxes.append((centre - _BOX_MM / 2, row_top(5), False))
    lines = Markup("\n").join(_set_line(row, _FIGHTER_PT, bold=True) for row in rows)
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
    svg = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{_mm(width)}mm' height='{_mm(height)}mm' "
        f"viewBox='0 0 {_mm(width)} {_mm(height)}'>"
        f"<path fill='#e6e6e6' d='M0 0H{_mm(width)}V{_FIGHTER_ROW_MM}H0ZM0 {_FIGHTER_ROW_MM}H{_FIGHTER_HEADS_MM}V{_mm(height)}H0Z'/>"
        f"<path fill='#888' d='{''.join(path)}'/>"
        + (f"<path fill='#222' d='{filled}'/>" if filled else "")
        + f"<path fill='none' stroke='#222' stroke-width='{_BOX_BORDER}' d='{empty}'/></svg>"
    )
    return {
        "lines": lines,
        "grid": Markup(f'url("data:image/svg+xml,{quote(svg, safe=" =:/,.-()<>")}")'),
        "width": width,
        "height": height,
        "key": "f" + hashlib.sha1(svg.encode()).hexdigest()[:10],
    }


#: The damage and vector logs' columns (mm from the ship block's left): turn, hits this turn,
#: total, Number next turn, recovery, made, a gap, then the vector log's turn; the vector and
#: facing columns take the rest of the block, facing the last 15.4 mm.
LOG_COLUMNS_MM = (0.0, 9.4, 54.55, 65.9, 88.65, 114.0, 123.4, 127.6, 137.0)
_LOG_FACING_MM = 15.4
#: The logs' type (pt): headings 6 pt bold, turn rows 6.5 pt, the Number at the start 7 pt bold.
_LOG_HEAD_PT, _LOG_ROW_PT, _LOG_NEXT_PT = 6.0, 6.5, 7.0


def log_lines(ship: dict[str, Any], width_mm: float) -> dict[str, Markup]:
    """The damage and vector logs' text for a ship block ``width_mm`` wide, as lines: ``head``
    (the columns' headings, one line, each centred in its column of :data:`LOG_COLUMNS_MM`)
    and ``rows`` (the start row, then a line a turn of ``ship["turns"]``: the turn in both
    logs' turn columns, the starting Number in "Number next turn" in a ``next`` span).
    The rules and boxes are the logs' drawing (the sheet's ``log_grid``)."""
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
    head = _set_line([(t, xs[k], xs[k + 1], None) for k, t in enumerate(heads) if t], _LOG_HEAD_PT, bold=True)
    turn, vector_turn, nxt = (xs[0], xs[1]), (xs[7], xs[8]), (xs[3], xs[4])
    rows = [
        _set_line(
            [
                ("start", *turn, None),
                (ship["number_text"], *nxt, "next", _LOG_NEXT_PT, True),
                ("start", *vector_turn, None),
            ],
            _LOG_ROW_PT,
        )
    ]
    for t in ship["turns"]:
        rows.append(_set_line([(str(t), *turn, None), (str(t), *vector_turn, None)], _LOG_ROW_PT))
    return {"head": head, "rows": Markup("\n").join(rows)}


def ship_view(stats: KillRadiusStats, findings: list[Finding]) -> dict[str, Any]:
    """Everything one ship block on the roster sheet prints."""
    fighters = []
    for k in range(stats.fighter_capacity):
        fighters.append({"label": f"F{k + 1}", "aboard": k < stats.fighters})
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
        "fighter_table": fighter_sheet(fighters, data.FIGHTER_SEGMENTS)
        if stats.carrier and fighters
        else None,
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
        "log_lines": log_lines,
    }
