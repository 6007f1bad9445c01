"""The kit's briefing (one page, unless the forces need more): sides and forces
(with each side's totals in the game's own measure), set-up, victory, turn
limit, the map's size and assembly index, and what else the kit holds.

:func:`briefing_view` builds a plain view model from the scenario (ships'
key numbers come from the game's own counter faces, so the briefing and the
counters agree); :func:`render_briefing` prints it through
``templates/briefing.html.j2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.core.rendered import Rendered
from sheetgen.core.units import Paper
from sheetgen.scenarios.scenario import Scenario

__all__ = [
    "BriefingDocument",
    "ListedPart",
    "briefing_document",
    "briefing_view",
    "paged_briefing",
    "render_briefing",
]


@dataclass(frozen=True)
class ListedPart:
    """One other file of the kit as the briefing lists it: its name in the kit
    folder, its title as the list prints it ("record sheets"), its number of
    pages (0: not a printed file, such as the VASSAL module) and how to print it
    ("one-sided"; empty for a file not printed)."""

    file: str
    title: str
    pages: int
    how: str = ""


def _map_view(scenario: Scenario, paper: Paper, own_paper: bool = False) -> dict[str, Any]:
    """The briefing's map section, tiled on ``paper``; ``own_paper``: the map has a paper
    of its own (``kit --map-paper``), named beside its page count."""
    from sheetgen.core.hexlabel import hex_label
    from sheetgen.core.units import format_length, parse_length
    from sheetgen.layout.maps import Grid, MapError, map_options, plan_pages
    from sheetgen.layout.maps.options import paper_words

    spec = scenario.map
    view: dict[str, Any] = {
        "cols": spec.cols,
        "rows": spec.rows,
        "hex": format_length(parse_length(spec.hex)),
        "orientation": f"{spec.orientation}-topped",
        "layers": [f"{x:+d}" if x else "0" for x in spec.layers],
        "index": [],
        "pages": 0,
        "paper": paper_words(paper) if own_paper else "",
        "features": [
            {
                "kind": f.kind.replace("-", " "),
                "name": f.name or "",
                "hexes": ", ".join(hex_label(h.col, h.row) for h in f.hexes[:4]),
            }
            for f in spec.plan.features
        ],
        "starts": [
            {
                "label": s.label,
                "hex": hex_label(s.at.col, s.at.row),
                "facing": s.facing or "",
                "colour": s.colour,
            }
            for s in spec.plan.starts
        ],
    }
    try:
        plan = plan_pages(map_options(scenario, paper=paper))
    except MapError:
        return view
    view["pages"] = plan.pages
    view["landscape"] = plan.landscape
    hexes = Grid(spec.cols, spec.rows, 1.0, spec.orientation, spec.origin)
    grid: list[list[dict[str, str]]] = [[{} for _ in range(plan.across)] for _ in range(plan.down)]
    for tile in plan.tiles:
        grid[tile.row][tile.col] = {"name": tile.name, "first": hex_label(tile.c0, hexes.label_row(tile.v0))}
    view["index"] = grid
    return view


def briefing_view(
    scenario: Scenario,
    parts: Sequence[ListedPart],
    *,
    paper: Paper = "letter",
    map_paper: Paper | None = None,
) -> dict[str, Any]:
    """Everything the briefing prints, as plain values; ``parts`` are the kit's
    other files, in kit order; the map's tiles as printed on ``map_paper`` (default ``paper``). Each side's ``totals`` are the label/value rows of
    :meth:`~sheetgen.scenarios.scenario.Scenario.side_totals` (the same as
    ``sheetgen stats`` prints for the side)."""
    sides = []
    for side in scenario.sides:
        ships = []
        for ship in side.ships:
            front, _back = scenario.game.counter(ship.stats)
            numbers = " · ".join(f"{label} {value}".strip() for label, value in front.values)
            design = ship.entry.stats.design_class or ship.entry.stats.name
            ships.append(
                {"name": ship.name, "design": design if design != ship.name else "", "numbers": numbers}
            )
        totals = [{"label": label, "value": value} for label, value in scenario.side_totals(side)]
        sides.append(
            {
                "name": side.name,
                "colour": side.colour,
                "notes": side.notes or "",
                "ships": ships,
                "totals": totals,
            }
        )
    ship_count = sum(len(side["ships"]) for side in sides)
    return {
        "compact": ship_count > 16 or max((len(side["ships"]) for side in sides), default=0) > 10,
        "starts_per_column": 12,
        "name": scenario.name,
        "game": scenario.game.title,
        "source": scenario.source or "",
        "summary": scenario.summary or "",
        "turn_limit": scenario.turn_limit,
        "turn_limit_chosen": scenario.turn_limit_chosen,
        "setup": scenario.setup or "",
        "victory": scenario.victory or "",
        "sides": sides,
        "map": _map_view(scenario, map_paper or paper, own_paper=map_paper not in (None, paper)),
        "parts": [{"file": p.file, "title": p.title, "pages": p.pages, "how": p.how} for p in parts],
        "long": False,  # True: printed again with page-breaking side lists (see _paged)
        "pages": 0,  # the briefing's own pages when that is not 1 (see _paged)
    }


@dataclass(frozen=True)
class BriefingDocument:
    """The briefing as an HTML document to print (:func:`briefing_document`): ``html``,
    and what :func:`paged_briefing` needs to print it again should it not fit one page:
    its ``view`` (:func:`briefing_view`) and ``paper`` (the CSS page size)."""

    html: str
    view: dict[str, Any]
    paper: str


def briefing_document(
    scenario: Scenario,
    parts: Sequence[ListedPart],
    *,
    paper: Paper = "letter",
    map_paper: Paper | None = None,
) -> BriefingDocument:
    """The briefing's HTML document to print (see :func:`render_briefing`)."""
    from sheetgen.render.html import paper_size, render_html

    view = briefing_view(scenario, parts, paper=paper, map_paper=map_paper)
    html = render_html("briefing.html.j2", {"b": view, "paper": paper_size(paper)})
    return BriefingDocument(html, view, paper_size(paper))


def paged_briefing(document: BriefingDocument, first: Rendered) -> Rendered:
    """The briefing as printed when it fits one page (``first``, ``document.html``
    printed, unchanged); otherwise
    printed again (in this process) with the sides one under the other in two columns
    whose ship lists break across columns and pages, and with its own page count in "In this kit", until that count is
    the briefing's real one (a count's digits can move a line: at most a few prints)."""
    from sheetgen.render.html import html_to_pdf, render_html
    from sheetgen.render.pdfjoin import page_count

    view, paper = document.view, document.paper
    pages = page_count(first.data)
    if pages == 1:
        return first
    printed = first
    for _ in range(4):
        html = render_html("briefing.html.j2", {"b": {**view, "long": True, "pages": pages}, "paper": paper})
        printed = html_to_pdf(html)
        now = page_count(printed.data)
        if now == pages:
            break
        pages = now
    return printed


def render_briefing(
    scenario: Scenario,
    parts: Sequence[ListedPart],
    *,
    paper: Paper = "letter",
    map_paper: Paper | None = None,
) -> Rendered:
    """The briefing as PDF bytes on ``paper`` (one page, or more for forces too large
    for one: the ship lists go on over the pages), listing ``parts`` (the
    kit's other files), the map's tiles as on ``map_paper`` (default ``paper``), with
    WeasyPrint's warnings."""
    from sheetgen.render.pool import print_documents

    document = briefing_document(scenario, parts, paper=paper, map_paper=map_paper)
    (first,) = print_documents([document.html])
    return paged_briefing(document, first)
