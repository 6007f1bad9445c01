"""The kit's counter sheets of a bundled scenario, read back for the games' counter tests:
the cells of the layout, what sits in them, and which came as fill."""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass
from pathlib import Path

from sheetgen.kit import counter_sheets
from sheetgen.layout.counters import Counter, CounterSheets, MarkerFace, kit_counter_size, scenario_counters
from sheetgen.scenarios.scenario import load_scenario


@dataclass
class KitCounters:
    """``sheets`` as the kit lays them out; ``cells``, every cell of every sheet's fronts
    (sheets x rows x front columns); ``counters``, what each placement holds, the kit's own
    (ships, then markers) first; ``ships`` and ``markers``, how many of those; ``fill``,
    the counters that fill the spare cells, and ``fill_labels``, their labels counted."""

    sheets: CounterSheets
    cells: int
    counters: list[Counter]
    ships: int
    markers: int
    fill: list[Counter]
    fill_labels: dict[str, int]
    marker_labels: set[str]


def kit_counters(path: Path, paper: str = "letter") -> KitCounters:
    """Lay out the kit counters of the scenario at ``path`` on ``paper`` as ``sheetgen kit`` does."""
    scenario, _result = load_scenario(path)
    assert scenario is not None
    size, _notes = kit_counter_size(scenario, paper)
    sheets = counter_sheets(scenario, paper, size)
    own = scenario_counters(scenario)
    ships = len(scenario.ships)
    pages = len(sheets.drawing.pages) // 2
    fill = sheets.filled
    assert len(sheets.placements) == len(own) + len(fill)
    labels = Tally(c.front.label for c in fill if isinstance(c.front, MarkerFace))
    return KitCounters(
        sheets,
        pages * sheets.rows * sheets.front_cols,
        [*own, *fill],
        ships,
        len(own) - ships,
        fill,
        dict(labels),
        {m.label for m in scenario.game.markers()},
    )
