"""The scenario view tells the page where each hex of a one-page map lies, so ships can be
dragged onto hexes (issue 25): the hex numbers a scenario's ``at`` writes, their centres on
the page, and the start positions."""

from __future__ import annotations

import pytest

from sheetgen.serve.workspace import Workspace

from tests.conftest import DESIGNS


def test_the_convoy_raid_map_gives_its_hexes_and_starts() -> None:
    info, _pages = Workspace(DESIGNS / "starfire").scenario("scenarios/convoy-raid.yaml")
    grid = info["grid"]
    assert isinstance(grid, dict)
    assert grid["orientation"] == "flat" and grid["facings"] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert grid["size"] == 72.0  # hex: 1in, across the flats
    hexes = {h[0]: (h[1], h[2]) for h in grid["hexes"]}  # type: ignore[index, union-attr]
    assert len(hexes) == 30 * 31
    (x1, y1), (x2, y2) = hexes["0101"], hexes["0102"]
    assert x1 == x2 and y2 - y1 == pytest.approx(72.0)  # one hex down the column: one across the flats
    starts = {s["ship"]: s for s in grid["starts"]}  # type: ignore[index, union-attr]
    assert starts["Anvil"]["at"] == "1508" and starts["Anvil"]["facing"] == "S"
    assert starts["Hammer"]["at"] == "1531"
