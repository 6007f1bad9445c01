"""Online tables get the markers the scenario's ships can use, as the printed kit does
(:meth:`~sheetgen.games.base.Game.marker_needs`), and not the game's whole set: Tabletop
Simulator saves and VASSAL modules alike."""

from __future__ import annotations

import io
import json
import re
import zipfile

from sheetgen.render.tts import tts_save
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.conftest import DESIGNS

SMALL_TASK_GROUPS = DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml"


def _scenario() -> Scenario:
    loaded, result = load_scenario(SMALL_TASK_GROUPS)
    assert loaded is not None and not result.input_errors
    return loaded


def test_tts_markers_are_the_ones_the_ships_can_use() -> None:
    scenario = _scenario()
    save = tts_save(scenario, dpi=40, image_base="https://example.invalid/")
    ships = {s.name for s in scenario.ships} | {scenario.name}
    names = [o["Nickname"] for o in json.loads(save.data)["ObjectStates"] if o["Nickname"] not in ships]
    # Solar Starfire Quick Start: a damage marker per ship (six ships) and shields down; warp
    # points, planets and moons are printed on the map, no counters (before: damage 1-10 and all three)
    assert sorted(n for n in names if n.startswith("damage")) == [f"damage {i}" for i in range(1, 7)]
    assert [n for n in names if re.search("warp|planet|moon", n, re.I)] == []


def test_vassal_palette_markers_are_the_ones_the_ships_can_use() -> None:
    from sheetgen.render.vassal import vassal_module

    made = vassal_module(_scenario(), dpi=40)
    data = made[0] if isinstance(made, tuple) else made
    build = zipfile.ZipFile(io.BytesIO(getattr(data, "data", data))).read("buildFile.xml").decode()
    assert "damage 6" in build
    assert "damage 7" not in build
    assert re.search("warp point", build, re.I) is None
