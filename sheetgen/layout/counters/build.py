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

from sheetgen.games.base import AnyGame, CounterFace, Marker, Stats
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
    "format_size",
    "largest_counter_for_hex",
    "marker_counters",
    "marker_fill",
    "scenario_counters",
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


def marker_counters(game: AnyGame, sides: Sequence[tuple[str, str]]) -> list[Counter]:
    """Every marker counter of ``game`` (``game.markers()``), in the game's order.

    A marker with ``per_side`` comes ``count`` times for each ``(name, colour)``
    of ``sides`` in that side's colour; any other ``count`` times in all, on the
    neutral colour. Numbered markers carry 1..count (per side when per side).
    A marker without ``back`` shows the same face on both sides.
    """
    out: list[Counter] = []
    for marker in game.markers():
        owners = list(sides) if marker.per_side else [("", NEUTRAL)]
        for side, colour in owners:
            out.extend(_marker_copies(marker, side, colour))
    return out


def marker_fill(game: AnyGame, sides: Sequence[tuple[str, str]], cells: int) -> list[Counter]:
    """``cells`` more marker counters of ``game``, to fill a sheet's spare cells.

    They are the markers that ``fill`` (play markers, not terrain the map prints), in
    the proportion the game's own markers are (:func:`marker_counters`:
    each marker weighs its ``count``, times the sides for a ``per_side`` one), the
    ``cells`` shared out by largest remainder (ties to the game's order), and are
    laid in the game's order. A per-side marker's share is dealt to the sides as
    evenly as can be (the first sides take any one left over), each side's copies
    together; numbered markers go on from ``count + 1`` (per side when per side),
    so no two counters of a sheet carry the same number. None when the game has
    no markers or ``cells`` is 0 or less.
    """
    markers = [m for m in game.markers() if m.count > 0 and m.fill]
    owners = [list(sides) if m.per_side and sides else [("", NEUTRAL)] for m in markers]
    weights = [m.count * len(o) for m, o in zip(markers, owners, strict=True)]
    total = sum(weights)
    if cells <= 0 or not total:
        return []
    shares = [cells * w // total for w in weights]
    left = cells - sum(shares)
    by_remainder = sorted(range(len(markers)), key=lambda i: (-(cells * weights[i] % total), i))
    for i in by_remainder[:left]:
        shares[i] += 1
    out: list[Counter] = []
    for marker, who, share in zip(markers, owners, shares, strict=True):
        each, extra = divmod(share, len(who))
        for k, (side, colour) in enumerate(who):
            out += _marker_copies(marker, side, colour, each + (k < extra), first=marker.count + 1)
    return out


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


def scenario_counters(scenario: Scenario, *, copies: int = 1, markers: bool = True) -> list[Counter]:
    """Counters for every ship of every side of ``scenario`` (named, in its side's
    colour, ``copies`` of each), then the game's markers for those sides.
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
        out += marker_counters(scenario.game, [(side.name, side.colour) for side in scenario.sides])
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
