"""Record sheets for many ships, printed in one pass per game.

:func:`render_sheets` takes ships (a game, derived stats, findings) in print
order, builds one HTML document per game from that game's template
(``templates/<game id>/sheet.html.j2``), and prints them together: one
WeasyPrint layout per game, never one per ship. :func:`design_sheets` does
the same for designs read from files: a fleet file's ``count`` gives that
many numbered ships, its ``side`` their side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheetgen.core.findings import Finding
from sheetgen.core.rendered import Rendered
from sheetgen.games.base import AnyGame, Stats, View

if TYPE_CHECKING:
    from sheetgen.scenarios.loading import Entry

__all__ = [
    "SHEET_FORMATS",
    "SheetError",
    "Ship",
    "design_sheets",
    "glyph_warnings",
    "render_sheets",
    "sheets_html",
]


#: The formats :func:`render_sheets` writes.
SHEET_FORMATS = ("pdf", "html")


class SheetError(Exception):
    """Ships that cannot go in one output (HTML for several games). ``warnings``:
    warning lines made before the failure (names the fonts cannot print)."""

    def __init__(self, message: str, warnings: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.warnings = warnings


@dataclass
class Ship:
    """One ship to print: its game, derived stats (named for this ship) and findings."""

    game: AnyGame
    stats: Stats
    findings: list[Finding]
    side: str | None = None
    colour: str | None = None


def glyph_warnings(ships: list[Ship]) -> list[str]:
    """A warning for each ship whose name (or class) uses characters the bundled
    fonts lack: they would print as empty boxes or in whatever font the system has,
    so sheetgen says so instead of falling back silently."""
    from sheetgen.layout.text import glyph_warning

    out = []
    seen: set[str] = set()
    for ship in ships:
        for text in (ship.stats.name, ship.stats.design_class):
            if not text or text in seen:
                continue
            seen.add(text)
            line = glyph_warning(text)
            if line:
                out.append(line)
    return out


def sheets_html(ships: list[Ship], *, paper: str = "letter", title: str | None = None) -> list[str]:
    """One HTML document per game, in the order games first appear in ``ships``."""
    from sheetgen.render.html import paper_size, render_html

    groups: dict[str, tuple[AnyGame, list[View]]] = {}
    for ship in ships:
        view = ship.game.sheet_ship(ship.stats, ship.findings)
        view["side"] = ship.side
        view["colour"] = ship.colour
        groups.setdefault(ship.game.id, (ship.game, []))[1].append(view)
    return [
        render_html(
            f"{game.id}/sheet.html.j2",
            {
                **game.sheet_context(views),
                "ships": views,
                "paper": paper_size(paper),
                "title": title or f"{game.title}: record sheets",
            },
        )
        for game, views in groups.values()
    ]


def render_sheets(
    ships: list[Ship], *, paper: str = "letter", fmt: str = "pdf", title: str | None = None
) -> Rendered:
    """Record sheets for ``ships`` as PDF (``fmt="pdf"``) or HTML bytes, with
    WeasyPrint's warnings (none for HTML).

    Raises :class:`SheetError` for HTML with ships of several games (each game
    has its own stylesheet; print PDF, or one game at a time), and ``ValueError``
    for no ships, an unknown ``fmt`` or an unknown ``paper``.
    """
    if fmt not in SHEET_FORMATS:
        raise ValueError(f"unknown sheet format {fmt!r}; use one of {', '.join(SHEET_FORMATS)}")
    if not ships:
        raise ValueError("no ships to print")
    documents = sheets_html(ships, paper=paper, title=title)
    if fmt == "html":
        if len(documents) > 1:
            raise SheetError(
                "HTML holds one game's sheets; these designs are from several games: use --format pdf"
            )
        return Rendered(documents[0].encode("utf-8"))
    from sheetgen.render.html import html_to_pdf

    return html_to_pdf(documents)


def design_sheets(
    entries: list[Entry], *, paper: str = "letter", fmt: str = "pdf", title: str | None = None
) -> Rendered:
    """Record sheets for designs read from files (``sheetgen sheets``), in reading order.

    A design whose fleet file gives ``count: k`` prints ``k`` sheets, ``Name 1`` ..
    ``Name k`` (:func:`~sheetgen.scenarios.fleets.numbered_ships`); a fleet file's
    ``side:`` is printed on its ships' sheets. The warnings are
    :func:`glyph_warnings` for the designs' names, then WeasyPrint's. Raises
    :class:`SheetError` as :func:`render_sheets` does, carrying the name warnings.
    """
    from sheetgen.scenarios.fleets import fleet_side, numbered_ships

    ships: list[Ship] = []
    designs: list[Ship] = []
    for entry in entries:
        side = fleet_side(entry)
        designs.append(Ship(entry.game, entry.stats, entry.findings, side))
        ships += [Ship(entry.game, stats, entry.findings, side) for stats in numbered_ships(entry)]
    names = tuple(glyph_warnings(designs))
    try:
        return render_sheets(ships, paper=paper, fmt=fmt, title=title).warned(names)
    except SheetError as exc:
        raise SheetError(str(exc), names) from None
