"""What a player gets from the VASSAL module, read back from its build file: the map shown
after New Game (``GlobalOptions`` before any map), the module's version, and the player
features. Each game's bundled scenario is built once, at a low resolution."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from sheetgen.render.vassal import Module, module_version, vassal_module
from sheetgen.scenarios.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[2]
V = "VASSAL.build."
SCENARIOS = {
    "starfire": ROOT / "designs" / "starfire" / "scenarios" / "convoy-raid.yaml",
    "kill-radius": ROOT / "designs" / "kill-radius" / "scenarios" / "border-clash.yaml",
    "knight-hawks-2000": ROOT / "designs" / "knight-hawks-2000" / "scenarios" / "flank-action.yaml",
    "space-cruisers": ROOT / "designs" / "space-cruisers" / "scenarios" / "kepler-station.yaml",
}


@dataclass
class Built:
    scenario: Scenario
    module: Module
    zip: zipfile.ZipFile
    build: ET.Element


@pytest.fixture(scope="module")
def built() -> dict[str, Built]:
    out = {}
    for game, path in SCENARIOS.items():
        scenario, result = load_scenario(path)
        assert scenario is not None and not result.input_errors
        module = vassal_module(scenario, dpi=40)
        archive = zipfile.ZipFile(io.BytesIO(module.data))
        out[game] = Built(scenario, module, archive, ET.fromstring(archive.read("buildFile.xml")))
    return out


GAMES = list(SCENARIOS)


@pytest.mark.parametrize("game", GAMES)
def test_global_options_come_before_every_map(built: dict[str, Built], game: str) -> None:
    """Without a GlobalOptions element built before the map, VASSAL shows the map in no
    window after New Game (measured in the engine: 'the map is not on screen')."""
    tags = [child.tag for child in built[game].build]
    assert f"{V}module.GlobalOptions" in tags
    first_map = tags.index(f"{V}module.Map")
    assert tags.index(f"{V}module.GlobalOptions") < first_map


def test_module_version_is_sheetgens_release_as_x_y_z() -> None:
    from sheetgen import __version__

    assert module_version() == ".".join([*__version__.split("+")[0].split("."), "0", "0"][:3])
    assert module_version("0.1.0") == "0.1.0"
    assert module_version("1.2") == "1.2.0"
    assert module_version("2.0.1rc1+local.5") == "2.0.1"
    assert module_version("v3.4.5.6") == "3.4.5"


@pytest.mark.parametrize("game", GAMES)
def test_versions_written_are_the_modules_and_a_vassal_3_8(built: dict[str, Built], game: str) -> None:
    b = built[game]
    data = ET.fromstring(b.zip.read("moduledata"))
    assert b.build.get("version") == data.findtext("version") == module_version()
    # the engine the project checks in is a 3.8.0 beta: a newer VassalVersion opens a
    # "Version Mismatch" dialog there, a newer minor version is refused
    assert b.build.get("VassalVersion") == data.findtext("VassalVersion") == "3.8.0-beta1"


def test_the_same_input_gives_the_same_bytes(built: dict[str, Built]) -> None:
    b = built["space-cruisers"]
    assert vassal_module(b.scenario, dpi=40).data == b.module.data
