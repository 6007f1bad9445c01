"""What a player gets from the VASSAL module, read back from its build file: the map shown
after New Game (``GlobalOptions`` before any map), the module's version, and the player
features. Each game's first bundled scenario (its ``first_scenario``) is built once, when a test
first asks for it, at a low resolution."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from sheetgen.render.vassal import Module, module_version, vassal_module
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.every_game import every_game

ROOT = Path(__file__).resolve().parents[2]
V = "VASSAL.build."


@dataclass
class Built:
    scenario: Scenario
    module: Module
    zip: zipfile.ZipFile
    build: ET.Element


def _build(path: Path) -> Built:
    scenario, result = load_scenario(path)
    assert scenario is not None and not result.input_errors
    module = vassal_module(scenario, dpi=40)
    archive = zipfile.ZipFile(io.BytesIO(module.data))
    return Built(scenario, module, archive, ET.fromstring(archive.read("buildFile.xml")))


class Modules(dict[str, Built]):
    """Each game's module, built from its first bundled scenario when first asked for."""

    def __missing__(self, game_id: str) -> Built:
        from sheetgen.games import find_game

        game = find_game(game_id)
        self[game_id] = _build(game.files().designs / "scenarios" / game.first_scenario)
        return self[game_id]


@pytest.fixture(scope="module")
def built() -> Modules:
    return Modules()


@pytest.fixture(scope="module")
def convoy_raid() -> Built:
    """Starfire's Convoy Raid (three freighters and their escort against raiders)."""
    return _build(ROOT / "designs" / "starfire" / "scenarios" / "convoy-raid.yaml")


GAMES = every_game()


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


# --- player features ------------------------------------------------------------------------------


def _slots(build: ET.Element) -> list[ET.Element]:
    return list(build.iter(f"{V}widget.PieceSlot"))


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_can_be_deleted_with_the_delete_key_or_its_menu(
    built: dict[str, Built], game: str
) -> None:
    """Every piece, palette and placed, ship and marker, is outermost a ``Delete`` trait:
    menu entry "Delete", the Delete key (Java key code 127, no modifier)."""
    slots = _slots(built[game].build)
    assert slots
    for slot in slots:
        text = slot.text or ""
        assert text.startswith("+/null/delete;Delete;127,0;\t"), text[:60]


def _game(game: str) -> object:
    from sheetgen.games import find_game

    return find_game(game)


@pytest.mark.parametrize(
    ("game", "rolls"),
    [
        # the rule texts: Starfire and Kill Radius roll ten-sided dice only; Knight Hawks 2000
        # 1D10 and 2D10 on its damage tables and percentile skill and to-hit rolls; Space
        # Cruisers needs 10-, 20- and 6-sided dice, 2D6 for torpedo and missile damage
        ("starfire", ["d10"]),
        ("kill-radius", ["d10"]),
        ("knight-hawks-2000", ["d10", "2d10", "d100"]),
        ("space-cruisers", ["d10", "d20", "d6", "2d6"]),
    ],
)
def test_a_dice_button_per_roll_of_the_games_rules(
    built: dict[str, Built], game: str, rolls: list[str]
) -> None:
    buttons = built[game].build.findall(f"{V}module.DiceButton")
    assert [b.get("name") for b in buttons] == rolls
    assert [(int(b.get("nDice", "")), int(b.get("nSides", ""))) for b in buttons] == list(_game(game).dice)  # type: ignore[attr-defined]
    for b in buttons:
        assert b.get("text") == b.get("name") and b.get("reportTotal") == "true" and b.get("plus") == "0"
        assert "$result$" in (b.get("reportFormat") or "")  # the roll goes to the chat


@pytest.mark.parametrize(
    ("game", "phases"),
    [
        ("starfire", ["Initiative", "Movement", "Combat"]),
        (
            "kill-radius",
            [
                *(f"Combat phase {n}" for n in range(10, 0, -1)),
                "Damage",
                "Recovery period",
                "Fighters segment",
            ],
        ),
        ("knight-hawks-2000", ["Detection", "Initiative", "Movement", "Firing"]),
        ("space-cruisers", ["Cloak", "Initiative", "Move", "Attack"]),
    ],
)
def test_a_turn_counter_steps_through_the_games_sequence_of_play(
    built: dict[str, Built], game: str, phases: list[str]
) -> None:
    trackers = built[game].build.findall(f"{V}module.turn.TurnTracker")
    assert len(trackers) == 1
    turn = trackers[0].find(f"{V}module.turn.CounterTurnLevel")
    assert (
        turn is not None
        and turn.get("start") == "1"
        and turn.get("incr") == "1"
        and turn.get("loop") == "false"
    )
    phase = turn.find(f"{V}module.turn.ListTurnLevel")
    assert phase is not None and phase.get("property") == "Phase"
    assert (phase.get("list") or "").split(",") == phases
    assert tuple(phases) == _game(game).turn_phases  # type: ignore[attr-defined]


def test_the_board_is_the_bare_map_without_start_markers(convoy_raid: Built) -> None:
    """No start arrow or ship name is printed into the board: around each start hex's centre
    there is no pixel of the side's colour (the marker's outline and the name were in it);
    the pieces, which carry name and arrow, start there instead."""
    from PIL import Image

    b = convoy_raid
    board = b.module.boards[0][1]
    with Image.open(io.BytesIO(b.zip.read("images/map.png"))) as im:
        image = im.convert("RGB")
    reach = int(0.2 * board.hex_size * board.scale)
    starts = b.scenario.map.plan.starts
    assert starts
    for start in starts:
        colour = tuple(int(start.colour[i : i + 2], 16) for i in (1, 3, 5))
        x, y = board.image_centre(start.at.col, start.at.row)
        box = image.crop((int(x) - reach, int(y) - reach, int(x) + reach, int(y) + reach))
        near = [
            p
            for p in box.get_flattened_data()
            if sum(abs(a - c) for a, c in zip(p, colour, strict=True)) < 90
        ]
        assert not near, (start.label, len(near))
    assert {p.name for p in b.module.pieces if p.at is not None} == {s.label for s in starts}


# --- the record sheet on the piece ------------------------------------------------------------------


def _decode(text: str, delimiter: str) -> list[str]:
    """``VASSAL.tools.SequenceEncoder.Decoder``: tokens split at unescaped delimiters, an
    escaped delimiter kept as itself, single quotes around a token taken off."""
    tokens, current, i = [], [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text) and text[i + 1] == delimiter:
            current.append(delimiter)
            i += 2
            continue
        if text[i] == delimiter:
            tokens.append("".join(current))
            current = []
        else:
            current.append(text[i])
        i += 1
    tokens.append("".join(current))
    return [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in tokens]


def _traits(text: str) -> list[str]:
    """A decorated piece's type (or state), outermost trait first: each decorator's own,
    then the inner piece's, tab-separated (``Decorator.getType``)."""
    items = _decode(text, "\t")
    return [items[0], *_traits(items[1])] if len(items) == 2 else items


def record_sheets(build: ET.Element) -> dict[str, list[tuple[str, str]]]:
    """Each ship slot's ``PropertySheet``, decoded as VASSAL reads it: ``(type digit + name,
    value)`` per field, in order; keyed by the slot's name."""
    out = {}
    for slot in build.iter(f"{V}widget.PieceSlot"):
        _, _, kind, state = _decode(slot.text or "", "/")
        kinds, states = _traits(kind), _traits(state)
        for trait, value in zip(kinds, states, strict=True):
            if trait.startswith("propertysheet;"):
                definition, menu, _, _, _, _, _, key, _ = _decode(trait[len("propertysheet;") :], ";")
                assert menu == "Record sheet" and key == "82,130"  # Ctrl+R
                fields = [f for f in _decode(definition, "~") if f]
                out[slot.get("entryName", "")] = list(zip(fields, _decode(value, "~"), strict=True))
    return out


def _ships(b: Built) -> dict[str, object]:
    return {ship.name: ship.stats for ship in b.scenario.ships}


def test_a_starfire_ships_record_sheet_has_its_damage_track_box_by_box(convoy_raid: Built) -> None:
    """One check box per system space, in the order of the ship's printed notation (the
    engine rooms' boxes ``(I)`` or ``(II)`` each one box an ``I``)."""
    import re

    b = convoy_raid
    sheets = record_sheets(b.build)
    ships = _ships(b)
    assert set(sheets) == set(ships)
    for name, stats in ships.items():
        view = b.scenario.game.sheet_ship(stats, [])  # type: ignore[arg-type]
        systems = str(view["notation"]).split("-")[2]  # hull-[armour]-SYSTEMS-[MP]
        codes = re.findall(r"[A-Z][a-z]?\+?", systems.replace("(", "").replace(")", ""))
        fields = sheets[name]
        assert [f for f, _ in fields] == [f"3{i:02d} {code}" for i, code in enumerate(codes, start=1)]
        assert all(v == "0/1" for _, v in fields)  # nothing crossed off yet


def test_other_games_record_sheets_carry_their_numbers_and_boxes(built: dict[str, Built]) -> None:
    kr = built["kill-radius"]
    for name, stats in _ships(kr).items():
        fields = dict(record_sheets(kr.build)[name])
        assert fields["7Number"] == str(stats.number)  # type: ignore[attr-defined]
        assert fields["7Damage this turn"] == "0"
    kh = built["knight-hawks-2000"]
    for name, stats in _ships(kh).items():
        fields = record_sheets(kh.build)[name]
        (structure, value), *munitions = fields
        unit = int(structure.split("(")[1].split(" SP")[0].replace(",", ""))
        boxes = int(value.split("/")[1])
        assert value.startswith("0/") and (boxes - 1) * unit < stats.structure_points <= boxes * unit  # type: ignore[attr-defined]
        carried = {f[1:]: int(v.split("/")[1]) for f, v in munitions}
        assert carried.get("ICM salvos", 0) == stats.icm_salvos  # type: ignore[attr-defined]
        assert carried.get("ABM salvos", 0) == stats.abm_salvos  # type: ignore[attr-defined]
    sc = built["space-cruisers"]
    for name, stats in _ships(sc).items():
        fields = record_sheets(sc.build)[name]
        assert fields[0] == ("7Hull points", str(stats.hull_points))  # type: ignore[attr-defined]
        assert fields[-1] == ("7Shields", str(stats.shields))  # type: ignore[attr-defined]
        hull_boxes = sum(int(v.split("/")[1]) for f, v in fields if f.startswith(("3Hull", "3Armor")))
        assert hull_boxes == stats.hull_points  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_markers_have_no_record_sheet(built: dict[str, Built], game: str) -> None:
    b = built[game]
    sheets = record_sheets(b.build)
    markers = {p.name for p in b.module.pieces if not p.ship}
    assert markers and not markers & set(sheets)


def test_record_sheet_fields_of_one_name_are_told_apart() -> None:
    """VASSAL keeps a property sheet's values by name: two bays of one name would share one."""
    from sheetgen.games.base import RecordField
    from sheetgen.render.vassal import piece_definition

    fields = [
        RecordField("bay: seekers", boxes=4),
        RecordField("bay: seekers", boxes=2),
        RecordField("Hull", number=3),
    ]
    text = piece_definition("Ship", "f.png", "b.png", 1, record=fields)
    _, _, kind, state = _decode(text, "/")
    sheet = next(t for t in _traits(kind) if t.startswith("propertysheet;"))
    definition = _decode(sheet[len("propertysheet;") :], ";")[0]
    assert _decode(definition, "~") == ["3bay: seekers", "3bay: seekers (2)", "7Hull"]
    assert _decode(_traits(state)[1], "~") == ["0/4", "0/2", "3"]
