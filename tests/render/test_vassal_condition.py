"""The VASSAL record sheets (PropertySheets) start from a design's ``condition:`` (docs/play.md,
docs/vassal.md): each game's :meth:`~sheetgen.games.base.Game.record_fields` ticks the boxes the
damage has crossed and gives the numbers as they are now, and the module's build file holds
those values as each ship's initial state. The real engine reads them back in
tests/render/test_vassal_engine.py (Flank action, its ships damaged)."""

from __future__ import annotations

import io
import shutil
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from sheetgen.games.base import RecordField
from sheetgen.render.vassal import vassal_module
from sheetgen.scenarios.loading import load_designs
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, resumed_vigilant
from tests.render.test_vassal import decode

V = "VASSAL.build."


def _fields(tmp_path: Path, text: str) -> list[RecordField]:
    path = tmp_path / "d.yaml"
    path.write_text(text, encoding="utf-8")
    (entry,) = load_designs([path]).entries
    assert entry.legal, entry.findings
    return entry.game.record_fields(entry.game.sheet_ship(entry.stats, entry.findings))


def test_starfire_boxes_destroyed_or_offline_start_ticked(tmp_path: Path) -> None:
    # shields 1 and 2 offline, the first two armor boxes destroyed (Solar Starfire Quick Start:
    # damage runs left to right from the shields)
    text = (
        "game: starfire\nname: Hammer\nhull: DD\nsystems: SSSAAA(I)(I)(I)(I)(I)QQYDDRRL\nmunitions: {R: 6}\n"
    )
    fields = _fields(tmp_path, text + "condition: {destroyed: [4, 5], offline: [1, 2]}\n")
    assert [(f.name, f.ticked) for f in fields[:6]] == [
        ("01 S", 1),
        ("02 S", 1),
        ("03 S", 0),
        ("04 A", 1),
        ("05 A", 1),
        ("06 A", 0),
    ]
    assert sum(f.ticked for f in fields) == 4
    assert not any(f.ticked for f in _fields(tmp_path, text))  # as built: nothing ticked


def test_kill_radius_number_is_the_number_now(tmp_path: Path) -> None:
    text = "game: kill-radius\nname: B\ntype: Cruiser\nnumber: 6\n"
    assert _fields(tmp_path, text + "condition: {number: 4}\n")[0] == RecordField("Number", number=4)
    assert _fields(tmp_path, text)[0] == RecordField("Number", number=6)


def test_knight_hawks_structure_lost_and_rounds_launched_start_ticked(tmp_path: Path) -> None:
    # the Pugilist: 1,680 SP in 84 boxes of 20; 1,000 left is 680 lost, 34 boxes; 4 of 24 seekers gone
    pugilist = (DESIGNS / "knight-hawks-2000" / "ships" / "pugilist.yaml").read_text(encoding="utf-8")
    fields = _fields(tmp_path, pugilist + "condition: {structure_points: 1000, launched: {SM: 4}}\n")
    assert fields[:2] == [
        RecordField("Structure (20 SP a box)", boxes=84, ticked=34),
        RecordField("seeker bay: seeker missiles", boxes=24, ticked=4),
    ]


def test_space_cruisers_hull_points_shields_and_drives_now(tmp_path: Path) -> None:
    # a military hull's 10 HP (SC-1): 6 left crosses boxes 10 to 7, every shield blown first (an
    # intact shield negates a hit); below zero, a drive lost to a critical
    text = "game: space-cruisers\nname: C\nhull: military\nsystems: [phasers, shields, shields]\n"
    fields = {f.name: f for f in _fields(tmp_path, text + "condition: {hull_points: 6, shields: 0}\n")}
    assert fields["Hull points"].number == 6 and fields["Hull"].ticked == 4 and fields["Shields"].number == 0
    assert {f.name: f for f in _fields(tmp_path, text)}["Shields"].number == 3  # the hull's own and two
    hurt = {
        f.name: f
        for f in _fields(tmp_path, text + "condition: {hull_points: -1, shields: 0, criticals: [drive]}\n")
    }
    assert hurt["Hull points"].number == -1 and hurt["Hull"].ticked == 10 and hurt["Drive"].ticked == 1
    assert hurt["Shields"].number == 0


def _sheet_state(slot_text: str) -> str:
    """The PropertySheet trait's state in a PieceSlot's ``+/id/type/state``."""
    _id, piece_type, state = decode(slot_text[2:], "/")
    while True:
        types, states = decode(piece_type, "\t"), decode(state, "\t")
        if types[0].startswith("propertysheet;"):
            return states[0]
        piece_type, state = types[1], states[1]


def _sheet_states(scenario: object) -> dict[str | None, str]:
    """Each record sheet's starting state in ``scenario``'s module, by its piece's name."""
    archive = zipfile.ZipFile(io.BytesIO(vassal_module(scenario, dpi=30).data))  # type: ignore[arg-type]
    build = ET.fromstring(archive.read("buildFile.xml"))
    return {
        slot.get("entryName"): _sheet_state(slot.text or "")
        for slot in build.iter(f"{V}widget.PieceSlot")
        if "propertysheet;" in (slot.text or "")
    }


def test_the_modules_build_file_starts_each_sheet_from_the_condition(tmp_path: Path) -> None:
    game = tmp_path / "knight-hawks-2000"
    shutil.copytree(DESIGNS / "knight-hawks-2000", game)
    with (game / "ships" / "pugilist.yaml").open("a", encoding="utf-8") as f:
        f.write("condition: {structure_points: 1000, launched: {SM: 4}}\n")
    scenario, result = load_scenario(game / "scenarios" / "flank-action.yaml")
    assert scenario is not None and result.legal
    states = _sheet_states(scenario)
    # structure 34 of 84 boxes, 4 of 24 seekers, ICM and ABM salvos all left
    assert states["Pugilist"] == "34/84~4/24~0/10~0/12"
    assert states["Exalted"].startswith("0/")  # undamaged: nothing ticked


def test_a_resumed_carriers_sheet_starts_at_its_number_and_fighters_now(tmp_path: Path) -> None:
    """A Kill Radius carrier fielded at a lower Number (``condition: {number: 4}``) in a VASSAL
    module: its record sheet starts at the Number it has and the fighters it holds at it (Kill
    Radius, Fighters: a carrier holds fighters up to its current Number), and the side's fighter
    counters are as many; read back from the module's build file."""
    game = resumed_vigilant(tmp_path)
    scenario, result = load_scenario(game / "scenarios" / "border-clash.yaml")
    assert scenario is not None and result.legal
    states = _sheet_states(scenario)
    # Number 4, no damage noted this turn, 4 fighters aboard (not its full load of 7)
    assert states["Vigilant"] == "4~0~4"
    assert states["Resolute"] == "8~0"  # as built
