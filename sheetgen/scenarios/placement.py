"""Set-up checks: a scenario's start positions against its placement rules.

A scenario may list ``placement:`` rules, each checked against the hexes and
facings of ``map.start`` (rule id ``SCENARIO``, severity error: the scenario
file contradicts its own set-up). A rule is one mapping:

``{distance: [A, B], exactly|at_least|at_most: N}``
    Hexes between the start hexes of ``A`` and ``B`` (Starfire's range: the far
    hex counted, the near one not). ``A`` and ``B`` are a ship, a side (all its
    ships), a terrain feature (a warp point...) or a list of those. ``at_least``
    holds for the closest pair, ``at_most`` and ``exactly`` for every pair.
``{edge: top|bottom|left|right, ships: [A, ...]}``
    Each start hex lies on that edge of the map.
``{same_facing: [A, ...]}``
    The ships start with one facing.
``{count: SIDE, exactly|at_least|at_most|more_than|fewer_than: N, hull: FT2}``
    Ships the side fields, optionally only those whose derived stats match the
    other keys (``hull: FT2``, ``type: scout``).

Every ship a rule names needs a start position. Distances are exact hex
geometry (:mod:`sheetgen.hexgrid`) on the map's own numbering. The rules are
checked against a :class:`Setup`, plain data the scenario hands over, so this
module needs nothing of :mod:`sheetgen.scenarios.scenario`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sheetgen.core.fields import MAX_PROSE, Fields, describe
from sheetgen.core.findings import Finding, Path, error
from sheetgen.core.shapes import Given, Integer, Named, Shape, Text
from sheetgen.hexgrid import Hex, OffsetGrid, distance
from sheetgen.scenarios.terrain import MapPlan

__all__ = [
    "COMPARISONS",
    "PLACEMENT",
    "PLACEMENT_RULES",
    "Rule",
    "Setup",
    "check_placement",
    "read_placement",
]

#: Comparison keys and how they read in messages.
COMPARISONS = {
    "exactly": "exactly",
    "at_least": "at least",
    "at_most": "at most",
    "more_than": "more than",
    "fewer_than": "fewer than",
}
_KINDS = ("distance", "edge", "same_facing", "count")
_EDGES = ("top", "bottom", "left", "right")

# --- the shapes of placement rules (their JSON Schemas; read_placement reads by their keys) --

_NAMES: dict[str, Any] = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
_COMPARE = tuple(Integer(name=c, minimum=0, description="Hexes or ships.") for c in COMPARISONS)
_NOTE = Text(name="note", limit=MAX_PROSE, description="Why the rule is there (printed in the briefing).")
DISTANCE_RULE = Shape(
    "distance rule",
    (
        Given(
            name="distance",
            required=True,
            value_schema={"type": "array", "minItems": 2, "maxItems": 2, "items": _NAMES},
            description="Two ships (or lists of ships) whose distance in hexes is held.",
        ),
        *_COMPARE,
        _NOTE,
    ),
    extra={"minProperties": 2},
)
EDGE_RULE = Shape(
    "edge rule",
    (
        Named(
            name="edge",
            required=True,
            options=_EDGES,
            what="a map edge",
            caseless=False,
            description="The map edge.",
        ),
        Given(name="ships", required=True, value_schema=_NAMES, description="The ships that start along it."),
        _NOTE,
    ),
)
SAME_FACING_RULE = Shape(
    "same_facing rule",
    (
        Given(
            name="same_facing",
            required=True,
            value_schema=_NAMES,
            description="Ships, or a side, that start facing one way.",
        ),
        _NOTE,
    ),
)
#: A count rule: besides its keys, filters on the counted ships' stats (``hull: CA``).
COUNT_RULE = Shape(
    "count rule",
    (
        Given(
            name="count",
            required=True,
            value_schema={"type": "string"},
            description="The side whose ships are counted.",
        ),
        *_COMPARE,
        _NOTE,
    ),
    open=True,
)
#: Each kind of placement rule's shape, by the key that names the kind.
PLACEMENT_RULES = {
    "distance": DISTANCE_RULE,
    "edge": EDGE_RULE,
    "same_facing": SAME_FACING_RULE,
    "count": COUNT_RULE,
}
#: The scenario's ``placement:`` key.
PLACEMENT = Given(
    name="placement",
    value_schema={
        "type": "array",
        "items": {
            "anyOf": [rule.schema() for rule in PLACEMENT_RULES.values()],
            "description": "A set-up rule the start positions must keep: distance, edge, same_facing or count.",
        },
    },
    description="Set-up rules checked against the start positions.",
)


@dataclass(frozen=True)
class Rule:
    """One placement rule as read: its ``kind``, the name groups it is about, the
    comparison (``op``, ``value``), an ``edge``, stat filters (``where``), its path."""

    kind: str
    groups: tuple[tuple[str, ...], ...]
    op: str | None = None
    value: int | None = None
    edge: str | None = None
    where: dict[str, str] = field(default_factory=dict)
    path: Path = ()


def _names(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def read_placement(top: Fields) -> list[Rule]:
    """The ``placement:`` rules of a scenario; malformed ones are ``SCHEMA`` problems on ``top``."""
    raw = top.get(PLACEMENT)
    if raw is None:
        return []
    if not isinstance(raw, list):
        top.problem(f"'placement' must be a list of rules, found {describe(raw)}", top.at("placement"))
        return []
    rules: list[Rule] = []
    for i, item in enumerate(raw):
        path = (*top.at("placement"), i)
        if not isinstance(item, dict):
            top.problem(f"a placement rule must be a mapping, found {describe(item)}", path)
            continue
        kinds = [k for k in _KINDS if k in item]
        if len(kinds) != 1:
            top.problem(f"a placement rule needs exactly one of {', '.join(_KINDS)}", path)
            continue
        kind = kinds[0]
        note = Fields(item, path, shape=PLACEMENT_RULES[kind])
        note.get(_NOTE)  # its type and length, as the schema says
        if note.problems:
            top.problems.extend(note.problems)
            continue
        ops = [k for k in COMPARISONS if k in item]
        op, value = (ops[0], item[ops[0]]) if len(ops) == 1 else (None, None)
        bad_value = len(ops) != 1 or isinstance(value, bool) or not isinstance(value, int) or value < 0
        if kind in ("distance", "count") and bad_value:
            top.problem(f"a {kind} rule needs one of {', '.join(COMPARISONS)} with a whole number", path)
            continue
        groups: tuple[tuple[str, ...], ...] = ()
        edge = None
        where: dict[str, str] = {}
        if kind == "distance":
            pair = item["distance"]
            parsed = [_names(x) for x in pair] if isinstance(pair, list) and len(pair) == 2 else [None]
            if any(g is None for g in parsed):
                top.problem(
                    "'distance' takes two names (or lists of names): [Hammer, Anvil]", (*path, "distance")
                )
                continue
            groups = tuple(g for g in parsed if g is not None)
            extra = set(item) - set(DISTANCE_RULE.names)
        elif kind == "edge":
            edge = str(item["edge"])
            ships = _names(item.get("ships"))
            if edge not in _EDGES or ships is None:
                top.problem(f"an edge rule needs 'edge' ({', '.join(_EDGES)}) and 'ships'", path)
                continue
            groups = (ships,)
            extra = set(item) - set(EDGE_RULE.names)
        elif kind == "same_facing":
            ships = _names(item["same_facing"])
            if ships is None:
                top.problem("'same_facing' takes a list of ship names", (*path, "same_facing"))
                continue
            groups = (ships,)
            extra = set(item) - set(SAME_FACING_RULE.names)
        else:
            side = item["count"]
            if not isinstance(side, str):
                top.problem("'count' takes a side's name", (*path, "count"))
                continue
            groups = ((side,),)
            where = {str(k): str(v) for k, v in item.items() if k not in COUNT_RULE.names}
            extra = set()
        if extra:
            top.problem(f"unknown key {sorted(extra)[0]!r} in a {kind} rule", path)
            continue
        rules.append(Rule(kind, groups, op, value, edge, where, path))
    return rules


@dataclass(frozen=True)
class Setup:
    """What placement rules are checked against: the map's numbering (``grid``), what
    it places (``plan``: start positions and terrain, in label coordinates), each
    side's ship names in fleet order (``sides``), and each ship's derived stats by
    name (``stats``: the objects whose attributes a count rule's filters compare);
    ``unread``: sides some of whose designs could not be read, whose ships are not counted
    (the input error says why)."""

    grid: OffsetGrid
    plan: MapPlan
    sides: dict[str, list[str]]
    stats: dict[str, Any]
    unread: frozenset[str] = frozenset()


def check_placement(setup: Setup, rules: list[Rule]) -> list[Finding]:
    """``SCENARIO`` errors for every rule the start positions of ``setup`` break; never raises."""
    grid = setup.grid
    starts = {s.label: s for s in setup.plan.starts}
    sides = setup.sides
    features = {f.name: f for f in setup.plan.features if f.name}
    ships = dict.fromkeys(name for names in sides.values() for name in names)
    out: list[Finding] = []

    def where(name: str) -> list[tuple[str, Hex]] | None:
        if name in sides:
            found: list[tuple[str, Hex]] = []
            for ship in sides[name]:
                got = where(ship)
                if got is None:
                    return None
                found.extend(got)
            return found
        if name in starts:
            ref = starts[name].at
            return [(name, grid.hex_of(ref.col, ref.row))]
        if name in features:
            feature = features[name]
            refs = [feature.around] if feature.around is not None else list(feature.hexes)
            return [(name, grid.hex_of(r.col, r.row)) for r in refs if r is not None]
        return None

    def unknown(name: str, path: Path) -> Finding:
        if name in ships:
            return error(
                "SCENARIO", f"{name} has no start position in map.start, which this rule needs", path
            )
        known = ", ".join([*sides, *ships, *features])
        return error(
            "SCENARIO", f"placement names {name!r}, which is no side, ship or map feature ({known})", path
        )

    def hexes(group: tuple[str, ...], path: Path) -> list[tuple[str, Hex]] | None:
        found: list[tuple[str, Hex]] = []
        for name in group:
            got = where(name)
            if got is None:
                missing = next((s for s in sides.get(name, [name]) if where(s) is None), name)
                out.append(unknown(missing, path))
                return None
            found.extend(got)
        return found

    for rule in rules:
        words = COMPARISONS.get(rule.op or "", "")
        if rule.kind == "distance":
            a, b = (hexes(g, rule.path) for g in rule.groups)
            if a is None or b is None:
                continue
            pairs = [(distance(ha, hb), na, nb) for na, ha in a for nb, hb in b if na != nb]
            if not pairs:
                continue
            n = rule.value or 0
            if rule.op == "at_least":
                d, na, nb = min(pairs)
                bad = d < n
            elif rule.op == "more_than":
                d, na, nb = min(pairs)
                bad = d <= n
            elif rule.op in ("at_most", "fewer_than"):
                d, na, nb = max(pairs)
                bad = d > n if rule.op == "at_most" else d >= n
            else:
                d, na, nb = next((p for p in pairs if p[0] != n), pairs[0])
                bad = d != n
            if bad:
                out.append(
                    error(
                        "SCENARIO",
                        f"{na} starts {d} hex{'es' if d != 1 else ''} from {nb}; the set-up needs {words} {n}",
                        rule.path,
                    )
                )
        elif rule.kind == "edge":
            found = hexes(rule.groups[0], rule.path)
            if found is None:
                continue
            for name, _hex in found:
                ref = starts[name].at if name in starts else None
                if ref is None:
                    continue
                top_row = grid.label_row(0)
                bottom_row = grid.rows - 1 - top_row
                on = {
                    "top": ref.row == top_row,
                    "bottom": ref.row == bottom_row,
                    "left": ref.col == 0,
                    "right": ref.col == grid.cols - 1,
                }[rule.edge or "bottom"]
                if not on:
                    label = f"{ref.col + 1:02d}{ref.row + 1:02d}"
                    out.append(
                        error("SCENARIO", f"{name} starts at {label}, not on the {rule.edge} edge", rule.path)
                    )
        elif rule.kind == "same_facing":
            found = hexes(rule.groups[0], rule.path)
            if found is None:
                continue
            facings = [(name, starts[name].facing) for name, _hex in found if name in starts]
            if not facings:  # a side with no ship read (its designs are reported unreadable)
                continue
            first_name, first = facings[0]
            for name, facing in facings[1:]:
                if facing != first:
                    out.append(
                        error(
                            "SCENARIO",
                            f"{name} faces {facing or 'no way'} but {first_name} faces {first or 'no way'}; they start with one facing",
                            rule.path,
                        )
                    )
        else:
            side = rule.groups[0][0]
            if side not in sides:
                out.append(
                    error(
                        "SCENARIO", f"count names {side!r}, which is no side ({', '.join(sides)})", rule.path
                    )
                )
                continue
            if side in setup.unread:  # not all its ships are known: counting them would mislead
                continue
            fielded = [
                name
                for name in sides[side]
                if all(
                    str(getattr(setup.stats[name], key, None)) == value for key, value in rule.where.items()
                )
            ]
            k, n = len(fielded), rule.value or 0
            ok = {
                "exactly": k == n,
                "at_least": k >= n,
                "at_most": k <= n,
                "more_than": k > n,
                "fewer_than": k < n,
            }[rule.op or "exactly"]
            if not ok:
                what = " ".join(f"{v}" for v in rule.where.values())
                noun = f"{what} ship{'s' if k != 1 else ''}" if what else f"ship{'s' if k != 1 else ''}"
                out.append(
                    error("SCENARIO", f"{side} fields {k} {noun}; the scenario needs {words} {n}", rule.path)
                )
    return out
