"""A Kill Radius carrier fielded at a lower Number (``condition: {number: 4}``) in a VASSAL
module: its record sheet starts at the Number it has and the fighters it holds at it (Kill
Radius, Fighters: a carrier holds fighters up to its current Number), and the side's fighter
counters are as many; read back from the module's build file."""

from __future__ import annotations

import io
import shutil
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from sheetgen.render.vassal import vassal_module
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS
from tests.render.test_vassal_condition import V, _sheet_state


def test_a_resumed_carriers_sheet_starts_at_its_number_and_fighters_now(tmp_path: Path) -> None:
    game = tmp_path / "kill-radius"
    shutil.copytree(DESIGNS / "kill-radius", game)
    fleet = game / "fleets" / "concord-home-guard.yaml"
    text = fleet.read_text(encoding="utf-8")
    assert "    number: 7\n    fighters: 7\n" in text  # Vigilant, light carrier
    fleet.write_text(
        text.replace(
            "    number: 7\n    fighters: 7\n", "    number: 7\n    fighters: 7\n    condition: {number: 4}\n"
        ),
        encoding="utf-8",
    )
    scenario, result = load_scenario(game / "scenarios" / "border-clash.yaml")
    assert scenario is not None and result.legal
    archive = zipfile.ZipFile(io.BytesIO(vassal_module(scenario, dpi=30).data))
    build = ET.fromstring(archive.read("buildFile.xml"))
    states = {
        slot.get("entryName"): _sheet_state(slot.text or "")
        for slot in build.iter(f"{V}widget.PieceSlot")
        if "propertysheet;" in (slot.text or "")
    }
    # Number 4, no damage noted this turn, 4 fighters aboard (not its full load of 7)
    assert states["Vigilant"] == "4~0~4"
    assert states["Resolute"] == "8~0"  # as built
