"""The counters to print: ship and marker counters, their faces, and counter sizes.

A :class:`Counter` is one square to cut out with a front and a back face (a
game's :class:`~sheetgen.games.base.CounterFace` for ships, a
:class:`MarkerFace` for markers). :func:`ship_counters`, :func:`marker_counters`,
:func:`fleet_counters` and :func:`scenario_counters` build them; the sizes
(:func:`largest_counter_for_hex`, :func:`counter_size_for_hex`,
:func:`format_size`) are counter edges in pt (1/72 in). One run is bounded by
:data:`MAX_COPIES`, :data:`MAX_COUNTERS` and :data:`MAX_SHEETS`; going past
them, or any setting that cannot be printed, raises :class:`CounterError`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from sheetgen.games.base import AnyGame, CounterFace, Marker, MarkerNeed, Stats
from sheetgen.scenarios.scenario import DEFAULT_COLOURS

if TYPE_CHECKING:
    from sheetgen.scenarios.loading import Entry
    from sheetgen.scenarios.scenario import Scenario

__all__ = [
    "DEFAULT_COLOURS",
    "DEFAULT_SIZE",
    "MAX_COPIES",
    "MAX_COUNTERS",
    "MAX_SHEETS",
    "NEUTRAL",
    "STANDARD_SIZES",
    "Counter",
    "CounterError",
    "Face",
    "MarkerFace",
    "check_total",
    "counter_size_for_hex",
    "fleet_counters",
    "fleet_side_stats",
    "format_size",
    "largest_counter_for_hex",
    "marker_counters",
    "marker_fill",
    "scenario_counters",
    "scenario_marker_needs",
    "ship_counters",
]

#: Usual die-cut counter edges, largest first, in pt (1 in, 3/4 in, 5/8 in, 1/2 in).
STANDARD_SIZES: tuple[float, ...] = (72.0, 54.0, 45.0, 36.0)
#: Default counter edge: 5/8 in.
DEFAULT_SIZE = 45.0
#: Most copies of each ship one run prints (spares, not print runs).
MAX_COPIES = 100
#: Most counters one run lays out, and most sheets (a sheet is two pages when
#: printed two-sided): bounds time, memory and paper for a mistyped number.
MAX_COUNTERS = 5_000
MAX_SHEETS = 100

#: Marker counters that belong to no side.
NEUTRAL = "#e8e8e8"


class CounterError(ValueError):
    """Sheet settings that cannot be printed (a counter larger than the page,
    a gutter too small for the bleed, more than :data:`MAX_COUNTERS` counters or
    :data:`MAX_SHEETS` sheets in one run); the message is one line for the user."""


def check_total(total: int, how: str = "") -> None:
    """Raise :class:`CounterError` when ``total`` counters are more than one run
    lays out (:data:`MAX_COUNTERS`); ``how`` says where they come from, after the number."""
    if total > MAX_COUNTERS:
        raise CounterError(
            f"{total:,} counters{how}; at most {MAX_COUNTERS:,} in one run: "
            "print fewer copies or fewer ships at a time"
        )


@dataclass(frozen=True)
class MarkerFace:
    """One side of a marker counter: ``label`` (big), ``caption`` (small line
    under it) and ``number`` (running number of numbered markers, else ``None``)."""

    label: str
    caption: str = ""
    number: int | None = None


#: What one side of a counter shows: a ship's face or a marker's.
Face = CounterFace | MarkerFace


@dataclass(frozen=True)
class Counter:
    """One counter to cut out: its ``front`` and ``back`` faces, background
    ``colour`` (``#rrggbb``: the side's colour, :data:`NEUTRAL` for markers of no
    side), the ``side`` name (for the emblem) and the ``group`` it starts a new
    row with (ships of one side, markers)."""

    front: Face
    back: Face
    colour: str
    side: str = ""
    group: str = ""


# ---------------------------------------------------------------- counters


def ship_counters(
    game: AnyGame, stats: Stats, *, colour: str, side: str = "", copies: int = 1, group: str | None = None
) -> list[Counter]:
    """``copies`` counters of the ship ``stats`` (faces from ``game.counter``) in ``colour``.

    Raises :class:`CounterError` when ``copies`` is more than :data:`MAX_COUNTERS`.
    """
    check_total(copies, f" ({copies:,} copies of {stats.name!r})")
    front, back = game.counter(stats)
    return [Counter(front, back, colour, side, side if group is None else group)] * copies


def marker_counters(
    game: AnyGame, sides: Sequence[tuple[str, str]], needs: Sequence[MarkerNeed] | None = None
) -> list[Counter]:
    """The marker counters of ``game`` for ``sides`` (``(name, colour)`` pairs), in the game's order.

    ``needs`` (from :meth:`~sheetgen.games.base.Game.marker_needs`, one count per side
    of ``sides`` for a per-side marker) says how many of each; without it, every marker
    of ``game.markers()`` in its full ``count``. A per-side marker comes in each side's
    colour, the others on the neutral colour. Numbered markers carry 1..count (per side
    when per side). A marker without ``back`` shows the same face on both sides.
    """
    out: list[Counter] = []
    for marker, side, colour, count in _owned(game, sides, needs):
        out.extend(_marker_copies(marker, side, colour, count))
    return out


def _owned(
    game: AnyGame, sides: Sequence[tuple[str, str]], needs: Sequence[MarkerNeed] | None
) -> list[tuple[Marker, str, str, int]]:
    """``(marker, side, colour, count)`` for every marker and owner, in the game's order:
    the counts of ``needs`` (the game's full set without them)."""
    if needs is None:
        needs = [
            MarkerNeed(m, (m.count,) * len(sides) if m.per_side and sides else (m.count,))
            for m in game.markers()
        ]
    out: list[tuple[Marker, str, str, int]] = []
    for need in needs:
        owners = list(sides) if need.marker.per_side and sides else [("", NEUTRAL)]
        for (side, colour), count in zip(owners, need.counts, strict=False):
            out.append((need.marker, side, colour, count))
    return out


def scenario_marker_needs(scenario: Scenario) -> list[MarkerNeed]:
    """The markers ``scenario``'s ships can use, as its game counts them
    (:meth:`~sheetgen.games.base.Game.marker_needs` of every side's ships)."""
    return scenario.game.marker_needs([[ship.stats for ship in side.ships] for side in scenario.sides])


def marker_fill(
    game: AnyGame, sides: Sequence[tuple[str, str]], cells: int, needs: Sequence[MarkerNeed] | None = None
) -> list[Counter]:
    """``cells`` more marker counters of ``game``, to fill a sheet's spare cells.

    They are the markers that ``fill`` (play markers, not terrain the map prints) and
    that ``needs`` counts (without ``needs``, the game's full set, as
    :func:`marker_counters`), in the proportion of those counts: each marker weighs
    its count summed over its owners, the ``cells`` shared out by largest remainder
    (ties to the game's order), and laid in the game's order. A per-side marker's share
    is dealt to the sides in proportion to their counts the same way (equal counts:
    as evenly as can be, the first sides taking any one left over), each side's copies
    together; a side whose ships cannot use a marker (count 0) gets none of it.
    Numbered markers go on from the owner's count + 1, so no two counters of a sheet
    carry the same number. None when nothing can be filled or ``cells`` is 0 or less.
    """
    by_marker: dict[int, list[tuple[Marker, str, str, int]]] = {}
    order: list[Marker] = []
    for owned in _owned(game, sides, needs):
        if owned[0].fill and owned[3] > 0:
            if id(owned[0]) not in by_marker:
                order.append(owned[0])
            by_marker.setdefault(id(owned[0]), []).append(owned)
    groups = [by_marker[id(m)] for m in order]
    out: list[Counter] = []
    for group, share in zip(groups, _shares(cells, [sum(o[3] for o in g) for g in groups]), strict=True):
        for (marker, side, colour, count), own in zip(
            group, _shares(share, [o[3] for o in group]), strict=True
        ):
            out += _marker_copies(marker, side, colour, own, first=count + 1)
    return out


def _shares(cells: int, weights: Sequence[int]) -> list[int]:
    """``cells`` shared out in proportion to ``weights`` by largest remainder, ties to
    the first; all 0 when ``cells`` is 0 or less or the weights are all 0."""
    total = sum(weights)
    if cells <= 0 or not total:
        return [0] * len(weights)
    shares = [cells * w // total for w in weights]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(cells * weights[i] % total), i))
    for i in by_remainder[: cells - sum(shares)]:
        shares[i] += 1
    return shares


def _marker_copies(
    marker: Marker, side: str, colour: str, copies: int | None = None, *, first: int = 1
) -> list[Counter]:
    """``copies`` (default the marker's ``count``) counters of ``marker`` for one owner,
    numbered from ``first`` when the marker is numbered."""
    out = []
    for k in range(max(0, marker.count if copies is None else copies)):
        number = k + first if marker.numbered else None
        front = MarkerFace(marker.label, marker.caption, number)
        back = MarkerFace(marker.back, "", number) if marker.back else front
        out.append(Counter(front, back, colour, side, "markers"))
    return out


def fleet_counters(
    entries: Sequence[Entry], *, copies: int = 1, colours: Sequence[str] = DEFAULT_COLOURS
) -> tuple[list[Counter], list[tuple[str, str]]]:
    """Counters for designs read from files, and the sides they make.

    Each design gives ``count`` ships (its fleet file's ``count``, else 1),
    named ``Name 1`` .. ``Name k`` when there are several, each printed
    ``copies`` times. A fleet file's ``side:`` names the side; sides take
    ``colours`` in order of first appearance (designs with no side share one
    unnamed side). Returns ``(counters, [(side, colour), ...])``, ships grouped
    by side. Raises :class:`CounterError`, before building any, when that makes
    more than :data:`MAX_COUNTERS` counters.
    """
    ships = sum(max(1, entry.count) for entry in entries)
    check_total(ships * copies, f" ({ships:,} ships × {copies:,} copies)")
    by_side: dict[str, list[Counter]] = {}
    side_colour: dict[str, str] = {}
    for entry in entries:
        data = entry.document.data
        side = ""
        if isinstance(data, dict) and "designs" in data and isinstance(data.get("side"), str):
            side = data["side"].strip()
        if side not in side_colour:
            side_colour[side] = colours[len(side_colour) % len(colours)]
        total = max(1, entry.count)
        for k in range(total):
            name = entry.stats.name if total == 1 else f"{entry.stats.name} {k + 1}"
            stats = entry.game.named(entry.stats, name)
            by_side.setdefault(side, []).extend(
                ship_counters(entry.game, stats, colour=side_colour[side], side=side, copies=copies)
            )
    counters = [c for side in side_colour for c in by_side.get(side, [])]
    return counters, list(side_colour.items())


def fleet_side_stats(entries: Sequence[Entry]) -> list[list[Stats]]:
    """The ships' stats of each side :func:`fleet_counters` makes of ``entries``, in the
    same order of sides: each design ``count`` times (once at least)."""
    by_side: dict[str, list[Stats]] = {}
    for entry in entries:
        data = entry.document.data
        side = ""
        if isinstance(data, dict) and "designs" in data and isinstance(data.get("side"), str):
            side = data["side"].strip()
        by_side.setdefault(side, []).extend([entry.stats] * max(1, entry.count))
    return list(by_side.values())


def scenario_counters(scenario: Scenario, *, copies: int = 1, markers: bool = True) -> list[Counter]:
    """Counters for every ship of every side of ``scenario`` (named, in its side's
    colour, ``copies`` of each), then the game's markers its ships can use, as many
    as its game counts (:func:`scenario_marker_needs`).
    Raises :class:`CounterError`, before building any, when the ships alone make
    more than :data:`MAX_COUNTERS` counters."""
    ships = sum(len(side.ships) for side in scenario.sides)
    check_total(ships * copies, f" ({ships:,} ships × {copies:,} copies)")
    out: list[Counter] = []
    for side in scenario.sides:
        for ship in side.ships:
            out += ship_counters(
                ship.entry.game, ship.stats, colour=side.colour, side=side.name, copies=copies
            )
    if markers:
        owners = [(side.name, side.colour) for side in scenario.sides]
        out += marker_counters(scenario.game, owners, scenario_marker_needs(scenario))
    return out


# ---------------------------------------------------------------- sizes


def largest_counter_for_hex(hex_size: float) -> float:
    """The largest square counter edge (pt) that fits inside a hex ``hex_size``
    pt across the flats, laid square to the flats: ``hex_size * (sqrt(3) - 1)``
    (a 1 in hex takes at most 0.732 in)."""
    return hex_size * (math.sqrt(3) - 1)


def counter_size_for_hex(hex_size: float) -> float:
    """The counter edge (pt) a kit uses on hexes ``hex_size`` pt across the flats:
    the largest of :data:`STANDARD_SIZES` that fits, else the largest fitting
    edge rounded down to 1/32 in."""
    limit = largest_counter_for_hex(hex_size) + 1e-9
    for size in STANDARD_SIZES:
        if size <= limit:
            return size
    return max(math.floor(limit / 72 * 32) / 32 * 72, 72 / 32)


def format_size(points: float) -> str:
    """A counter edge for people: ``5/8 in`` for whole 64ths of an inch, else mm."""
    sixty_fourths = points / 72 * 64
    if abs(sixty_fourths - round(sixty_fourths)) < 1e-6:
        f = Fraction(round(sixty_fourths), 64)
        whole, rest = divmod(f, 1)
        if not rest:
            return f"{whole} in"
        return f"{whole} {rest} in" if whole else f"{rest} in"
    return f"{points / 72 * 25.4:.1f} mm".replace(".0 mm", " mm")
