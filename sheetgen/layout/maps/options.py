"""What a map prints and what it may not: :class:`MapOptions`, the limits
:func:`check_options` enforces, and the printed names of hexes and tiles.

Also the wording shared by messages and page texts: hex sizes (``1 in``, ``25 mm``),
counts (``3 columns``), paper names (``A4``) and distances (``1,200``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal, get_args

from sheetgen.core.hexlabel import NUMBERINGS, Numbering, letters
from sheetgen.core.units import MIN_HEX, PAPER_SIZES, Paper, format_length
from sheetgen.draw.primitives import mm
from sheetgen.hexgrid import ORIENTATIONS, ORIGINS, Orientation, Origin
from sheetgen.scenarios.terrain import STYLES, MapPlan, Style

if TYPE_CHECKING:
    from sheetgen.scenarios.scenario import Scenario

from sheetgen.scenarios.terrain import MAX_MAP_HEXES

__all__ = [
    "DEFAULT_SEED",
    "MAP_PAPERS",
    "MAX_HEXES",
    "MIN_HEX",
    "MIN_NUMBER",
    "NUMBERINGS",
    "ORIENTATIONS",
    "ORIGINS",
    "STYLES",
    "MapError",
    "MapOptions",
    "MapPaper",
    "Numbering",
    "Orientation",
    "Origin",
    "Style",
    "check_options",
    "count_words",
    "glyph_warnings",
    "label_font",
    "length_words",
    "map_options",
    "number_words",
    "paper_words",
    "readability_warnings",
    "tile_name",
]

#: Most hexes in one run (all layers together): the bound a scenario's map is read with.
MAX_HEXES = MAX_MAP_HEXES
#: The paper a map is printed on: a paper size, or ``fit`` (one page the size of the map).
MapPaper = Paper | Literal["fit"]
#: The papers a map is printed on.
MAP_PAPERS: tuple[MapPaper, ...] = (*get_args(Paper), "fit")
#: The starfield's seed when none is given (same seed, same stars).
DEFAULT_SEED = 1


class MapError(ValueError):
    """A map that cannot be printed as asked: the message is one line naming the limit."""


@dataclass(frozen=True)
class MapOptions:
    """What to print. Lengths in pt; ``hex_size`` flat-to-flat (a 1 in hex is 72).

    ``paper`` is a key of :data:`sheetgen.core.units.PAPER_SIZES` or ``"fit"``;
    ``overlap`` in hexes; ``every`` labels every Nth column and row;
    ``layers`` the levels of a 3D map (one set of pages each); ``scale`` the
    distance one hex stands for in the game, ``(60, "m")``, or ``None``; ``bleed``
    how far (pt) each tile's art runs past the lines it is cut along (``--press``: 1/8 in;
    :mod:`sheetgen.layout.maps.bleed`), 0 for none.
    """

    cols: int = 40
    rows: int = 30
    hex_size: float = 72.0
    orientation: Orientation = "flat"
    paper: MapPaper = "letter"
    overlap: int = 1
    numbering: Numbering = "xxyy"
    every: int = 1
    origin: Origin = "ul"
    style: Style = "plain"
    seed: int = DEFAULT_SEED
    layers: tuple[int, ...] = (0,)
    title: str = "Hex map"
    scale: tuple[float, str] | None = None
    plan: MapPlan = field(default_factory=MapPlan)
    bleed: float = 0.0


def map_options(scenario: Scenario, *, paper: MapPaper = "letter") -> MapOptions:
    """The options printing ``scenario``'s map as its ``map:`` section describes it, on
    ``paper``, with the scale bar in its game's units. Raises :class:`MapError` for a
    hex size that is not a length."""
    from sheetgen.core.units import LengthError, parse_length

    spec = scenario.map
    try:
        size = parse_length(spec.hex, least=MIN_HEX)
    except LengthError as exc:
        raise MapError(str(exc)) from None
    return MapOptions(
        cols=spec.cols,
        rows=spec.rows,
        hex_size=size,
        orientation=spec.orientation,
        paper=paper,
        origin=spec.origin,
        style=spec.style,
        seed=spec.seed if spec.seed is not None else DEFAULT_SEED,
        layers=spec.layers,
        title=scenario.name,
        scale=scenario.game.hex_scale,
        plan=spec.plan,
    )


def without_starts(opts: MapOptions) -> MapOptions:
    """``opts`` without the start markers and names: the bare board an online table's ship
    pieces stand on (VASSAL modules, Tabletop Simulator saves), as they carry both."""
    return replace(opts, plan=replace(opts.plan, starts=()))


def check_options(opts: MapOptions) -> None:
    """Raise :class:`MapError` for sizes of zero or less, an unknown paper, orientation,
    origin, numbering or style, a hex under 5 mm, or more than :data:`MAX_HEXES` hexes."""
    if opts.cols < 1 or opts.rows < 1:
        raise MapError(f"a map needs at least 1 column and 1 row (asked for {opts.cols} x {opts.rows})")
    if opts.hex_size <= 0:
        raise MapError("the hex size must be more than zero")
    if opts.hex_size < MIN_HEX - 1e-9:
        raise MapError(
            f"a {opts.hex_size / mm(1):.3g} mm hex is too small to print; hexes must be 5 mm or more"
        )
    total = opts.cols * opts.rows * len(opts.layers)
    if total > MAX_HEXES:
        layers = f" x {len(opts.layers)} layers" if len(opts.layers) > 1 else ""
        raise MapError(
            f"{opts.cols} x {opts.rows}{layers} is {total:,} hexes; the most one map can have is {MAX_HEXES:,}"
        )
    for value, known, what in (
        (opts.paper, (*PAPER_SIZES, "fit"), "paper"),
        (opts.orientation, ORIENTATIONS, "orientation"),
        (opts.origin, ORIGINS, "origin"),
        (opts.numbering, NUMBERINGS, "numbering"),
        (opts.style, STYLES, "style"),
    ):
        if value not in known:
            from sheetgen.core.fields import did_you_mean

            meant = did_you_mean(value, known)
            raise MapError(f"unknown {what} {value!r}{meant}; choose one of {', '.join(known)}")
    if opts.overlap < 0:
        raise MapError(f"--overlap must be 0 or more hexes, not {opts.overlap}")
    if opts.every < 1:
        raise MapError(f"--every must be 1 or more, not {opts.every}")
    if not opts.layers:
        raise MapError("a map needs at least one layer")


#: Smallest hex number that can be read, in pt.
MIN_NUMBER = 4.0


def glyph_warnings(opts: MapOptions, *, title: bool = True) -> list[str]:
    """A line (:func:`~sheetgen.layout.text.missing_glyph_warning`, the one every output
    gives) for each text this map prints with characters the bundled fonts lack: its
    ``title`` (unless ``title`` is false: a kit warns of its scenario's name once), each
    terrain feature's name, each zone's label and each start position's label, in the
    font each prints in. Empty when the fonts have every character."""
    from sheetgen.layout.text import missing_glyph_warning

    texts: list[tuple[str, str, str]] = []  # text, where, family (all bold)
    if title:
        texts.append((opts.title, f"the map's title {opts.title!r}", "SheetSans"))
    texts += [
        (f.name, f"the map's feature {f.name!r}", "SheetCondensed") for f in opts.plan.features if f.name
    ]
    texts += [(z.label, f"the map's zone {z.label!r}", "SheetSans") for z in opts.plan.zones if z.label]
    texts += [(s.label, f"the map's start position {s.label!r}", "SheetCondensed") for s in opts.plan.starts]
    lines = (missing_glyph_warning(text, where, family, bold=True) for text, where, family in texts)
    return list(dict.fromkeys(line for line in lines if line))


def readability_warnings(opts: MapOptions) -> list[str]:
    """Lines saying what on this map prints too small to read: hex numbers under
    :data:`MIN_NUMBER` pt (hexes under 20 pt, about 7.1 mm, across the flats); then
    the texts the bundled fonts cannot print (:func:`glyph_warnings`). Empty when all
    is legible or the map has no numbers."""
    glyphs = glyph_warnings(opts)
    if opts.numbering == "none":
        return glyphs
    size = label_font(opts.hex_size)
    if size >= MIN_NUMBER - 1e-9:
        return glyphs
    smallest = MIN_NUMBER / 0.2  # label_font gives 20 % of the hex below 20 pt
    return [
        *glyphs,
        f"hex numbers on {length_words(opts.hex_size)} hexes print at {size:.1f} pt, too small to read; "
        f"hexes of {smallest:.0f} pt ({smallest / mm(1):.1f} mm) or more print them at "
        f"{MIN_NUMBER:.0f} pt or larger, or leave them off with --numbering none",
    ]


def tile_name(row: int, col: int) -> str:
    """A tile's name: row letter (A..Z, AA..), column number from 1: ``tile_name(1, 2) == "B3"``."""
    return f"{letters(row)}{col + 1}"


def label_font(size: float) -> float:
    """Hex-number size in pt for a hex ``size`` pt across: 10 % of it, 4 to 8 pt
    (smaller only on hexes under 20 pt)."""
    return max(min(0.1 * size, 8.0), min(4.0, 0.2 * size))


def length_words(points: float) -> str:
    """A hex size for people: ``1 in``, ``0.75 in``, ``25 mm`` (whole millimetres that are
    not whole eighths of an inch read better in mm)."""
    millimetres = points / mm(1)
    if abs(millimetres - round(millimetres)) < 1e-6 and abs(points / 9 - round(points / 9)) > 1e-6:
        return f"{round(millimetres)} mm"
    return format_length(points, "in").replace("in", " in")


def count_words(n: int, word: str, plural: str | None = None) -> str:
    """``3 columns``, ``1 row``; ``plural`` where adding an s will not do (``hexes``)."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def paper_words(key: str) -> str:
    """A paper size as people write it: ``letter``, ``A4``."""
    return key.upper() if key.startswith("a") else key


def number_words(value: float) -> str:
    """``1200.0`` as ``1,200``; ``0.5`` as ``0.5``."""
    if float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")
