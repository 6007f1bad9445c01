"""The Tabletop Simulator saved object: its JSON against TTS's save format, every ship at
its start hex (worked out here from the hex geometry alone, independently of
sheetgen.render.vtt and the map layout) and facing, on TTS's hex grid, the board at the
printed map's size and the grid at the printed hex's."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from sheetgen.core.units import parse_length
from sheetgen.layout.counters import kit_counter_size
from sheetgen.render.tts import MAX_TEXTURE, TtsSave, facing_rotation, fitting_dpi, tts_save
from sheetgen.scenarios.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[2]
SHIPS = ROOT / "designs" / "starfire" / "ships"
CONVOY = ROOT / "designs" / "starfire" / "scenarios" / "convoy-raid.yaml"

_CUSTOM = """\
scenario: {name}
game: starfire
map:
  cols: {cols}
  rows: {rows}
  hex: {hex}
  orientation: {orientation}
  origin: {origin}
  layers: {layers}
  start:
{starts}
sides:
  - name: Blue
    colour: "#1f4e9c"
    fleet:
      - design: {ships}/corvette-arrow.yaml
        count: 2
        names: [Arrow, Dart]
  - name: Red
    colour: "#b3261e"
    fleet:
      - design: {ships}/corvette-lance.yaml
        count: 2
        names: [Lance, Pike]
"""

# (orientation, origin, cols, rows, hex, layers, [(ship, hex, facing, layer)])
GRIDS: dict[str, tuple[str, str, int, int, str, str, list[tuple[str, str, str, int]]]] = {
    "flat-ul": (
        "flat", "ul", 9, 7, "1in", "[0]",
        [("Arrow", "0101", "N", 0), ("Dart", "0907", "SE", 0), ("Lance", "0202", "SW", 0), ("Pike", "0506", "NW", 0)],
    ),
    "flat-ll-layers": (
        "flat", "ll", 8, 6, "0.75in", "[0, 1]",
        [("Arrow", "0101", "NE", 0), ("Dart", "0806", "S", 1), ("Lance", "0302", "N", 1), ("Pike", "0405", "SE", 0)],
    ),
    "pointy-ul": (
        "pointy", "ul", 8, 6, "1in", "[0]",
        [("Arrow", "0101", "E", 0), ("Dart", "0806", "NE", 0), ("Lance", "0302", "W", 0), ("Pike", "0405", "SE", 0)],
    ),
    "pointy-ll": (
        "pointy", "ll", 7, 5, "25mm", "[0]",
        [("Arrow", "0101", "NW", 0), ("Dart", "0705", "SW", 0), ("Lance", "0202", "E", 0), ("Pike", "0403", "W", 0)],
    ),
}  # fmt: skip

#: Clockwise angle from up of each facing, per orientation (the counter's arrow points up).
ANGLE = {
    "flat": {"N": 0, "NE": 60, "SE": 120, "S": 180, "SW": 240, "NW": 300},
    "pointy": {"NE": 30, "E": 90, "SE": 150, "SW": 210, "W": 270, "NW": 330},
}


def _custom(tmp: Path, key: str) -> Path:
    orientation, origin, cols, rows, size, layers, starts = GRIDS[key]
    lines = "\n".join(
        f"    - {{ship: {n}, at: '{h}', facing: {f}, layer: {layer}}}" for n, h, f, layer in starts
    )
    path = tmp / f"{key}.yaml"
    path.write_text(
        _CUSTOM.format(
            name=key,
            cols=cols,
            rows=rows,
            hex=size,
            orientation=orientation,
            origin=origin,
            layers=layers,
            starts=lines,
            ships=SHIPS,
        ),
        encoding="utf-8",
    )
    return path


def _load(path: Path) -> Scenario:
    loaded, result = load_scenario(path)
    assert loaded is not None and not result.input_errors, result.input_errors
    return loaded


BASE = "https://example.org/games/raid/"


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Scenario, TtsSave, dict[str, Any]]]:
    """Each grid kind's save at 100 dpi, built once."""
    tmp = tmp_path_factory.mktemp("tts")
    out = {}
    for key in GRIDS:
        scenario = _load(_custom(tmp, key))
        save = tts_save(scenario, dpi=100, image_base=BASE)
        out[key] = (scenario, save, json.loads(save.data))
    return out


KEYS = list(GRIDS)


# --- the hex geometry, from scratch -----------------------------------------------------------


def hex_centre(key: str, label: str) -> tuple[float, float]:
    """Centre (pt) of the hex printed ``label`` on the map of ``key``, from the top left of
    the box around its hexes: flat-topped columns 1.5 corner radii apart, every second
    column half a hex away from row 1 (which is at the top, or at the foot when numbered
    from the lower left); pointy-topped rows likewise, every second row half a hex right."""
    orientation, origin, _cols, rows, size, _, _ = GRIDS[key]
    f = parse_length(size)
    r = f / math.sqrt(3)
    col, row = int(label[:2]) - 1, int(label[2:]) - 1
    if orientation == "flat":
        height = f * rows + f / 2
        x = r + 1.5 * r * col
        down = f / 2 + f * row + (f / 2 if col % 2 else 0.0)  # from row 1's side
        return x, down if origin == "ul" else height - down
    height = 2 * r + 1.5 * r * (rows - 1)
    x = f / 2 + f * col + (f / 2 if row % 2 else 0.0)
    down = r + 1.5 * r * row
    return x, down if origin == "ul" else height - down


def map_box(key: str) -> tuple[float, float]:
    """Width and height (pt) of the box around the map's hexes."""
    orientation, _, cols, rows, size, _, _ = GRIDS[key]
    f = parse_length(size)
    r = f / math.sqrt(3)
    if orientation == "flat":
        return 2 * r + 1.5 * r * (cols - 1), f * rows + f / 2
    return f * cols + f / 2, 2 * r + 1.5 * r * (rows - 1)


def by_name(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {o["Nickname"]: o for o in data["ObjectStates"]}


# --- the format -------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_the_save_has_tts_save_file_shape(saves: dict[str, Any], key: str) -> None:
    _scenario, save, data = saves[key]
    for name in ("SaveName", "Note", "Grid", "ObjectStates", "TabStates", "Tags", "LuaScript", "XmlUI"):
        assert name in data
    assert data["SaveName"] == key
    for state in data["ObjectStates"]:
        assert state["Name"] == "Custom_Tile"
        assert set(state["Transform"]) == {f"{k}{a}" for k in ("pos", "rot", "scale") for a in "XYZ"}
        assert len(state["GUID"]) == 6 and int(state["GUID"], 16) >= 0
        image = state["CustomImage"]
        assert image["ImageURL"].startswith(BASE) and image["ImageSecondaryURL"].startswith(BASE)
        assert image["CustomTile"] == {
            "Type": 0,
            "Thickness": image["CustomTile"]["Thickness"],
            "Stackable": False,
            "Stretch": True,
        }
    assert len({s["GUID"] for s in data["ObjectStates"]}) == len(data["ObjectStates"])
    names = {name for name, _ in save.images}
    urls = {s["CustomImage"][k] for s in data["ObjectStates"] for k in ("ImageURL", "ImageSecondaryURL")}
    assert urls <= {BASE + name for name in names}  # every address names an image of the save
    layers = 2 if "layers" in key else 1
    boards = [s for s in data["ObjectStates"] if s["Locked"]]
    assert len(boards) == layers and all(b["GridProjection"] for b in boards)
    ships = {n for n, _, _, _ in GRIDS[key][6]}
    assert ships <= set(by_name(data))
    markers = [o for o in save.objects if o.kind == "marker"]
    assert markers and all(m.start is None for m in markers)


# --- places, facings, the grid ----------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_ships_sit_at_their_start_hexes_facing_their_way(saves: dict[str, Any], key: str) -> None:
    _scenario, _save, data = saves[key]
    orientation = GRIDS[key][0]
    objects = by_name(data)
    boards = sorted((s for s in data["ObjectStates"] if s["Locked"]), key=lambda s: s["Transform"]["posX"])
    for ship, label, facing, layer in GRIDS[key][6]:
        board = boards[layer]["Transform"]
        left = board["posX"] - board["scaleX"]  # a tile at scale 1 is 2 units
        far = board["posZ"] + board["scaleZ"]  # the map's top edge, away from the player
        x_pt, y_pt = hex_centre(key, label)
        t = objects[ship]["Transform"]
        assert t["posX"] == pytest.approx(left + x_pt / 72, abs=2e-3), ship
        assert t["posZ"] == pytest.approx(far - y_pt / 72, abs=2e-3), ship
        assert t["rotY"] == (180 + ANGLE[orientation][facing]) % 360
        assert t["rotX"] == t["rotZ"] == 0.0


@pytest.mark.parametrize("key", KEYS)
def test_board_and_counters_have_the_printed_size(saves: dict[str, Any], key: str) -> None:
    scenario, save, data = saves[key]
    width, height = map_box(key)
    images = dict(save.images)
    counter = kit_counter_size(scenario)[0] / 72
    for state in data["ObjectStates"]:
        t = state["Transform"]
        if state["Locked"]:
            png = Image.open(io.BytesIO(images[state["CustomImage"]["ImageURL"].removeprefix(BASE)]))
            ppu = png.width / (2 * t["scaleX"])  # the image's pixels per unit (inch) on the board
            assert png.height / (2 * t["scaleZ"]) == pytest.approx(ppu)
            # the board is the box around the hexes, within the last pixel the image rounds up to
            assert 0 <= 2 * t["scaleX"] - width / 72 < 1 / ppu
            assert 0 <= 2 * t["scaleZ"] - height / 72 < 1 / ppu
            # 100 dpi within the half pixel a hex is rounded by
            assert abs(ppu - 100) <= 0.5 * 72 / parse_length(GRIDS[key][4]) + 1e-9
        else:
            assert 2 * t["scaleX"] == pytest.approx(counter) and 2 * t["scaleZ"] == pytest.approx(counter)


@pytest.mark.parametrize("key", KEYS)
def test_tts_grid_is_the_printed_grid(saves: dict[str, Any], key: str) -> None:
    """TTS's grid: a hex as wide across the corners as the printed one, in units (inches),
    and every ship's centre a centre of that grid (hex centres of the lattice through
    the origin)."""
    _scenario, _save, data = saves[key]
    orientation, size = GRIDS[key][0], parse_length(GRIDS[key][4])
    grid = data["Grid"]
    r = size / math.sqrt(3) / 72  # centre to corner, units
    assert grid["Type"] == (1 if orientation == "flat" else 2)
    assert grid["xSize"] == pytest.approx(2 * r, abs=1e-5) and grid["ySize"] == grid["xSize"]
    assert grid["PosOffset"]["x"] == 0 and grid["PosOffset"]["z"] == 0
    for ship, *_ in GRIDS[key][6]:
        t = by_name(data)[ship]["Transform"]
        x, z = t["posX"], t["posZ"]
        if orientation == "flat":  # columns 1.5 r apart, hexes sqrt(3) r apart along them
            q = x / (1.5 * r)
            along = z / (math.sqrt(3) * r) - q / 2
        else:
            q = z / (1.5 * r)
            along = x / (math.sqrt(3) * r) - q / 2
        assert q == pytest.approx(round(q), abs=1e-3), ship
        assert along == pytest.approx(round(along), abs=1e-3), ship


def test_the_grid_note_says_how_to_set_it_by_hand(saves: dict[str, Any]) -> None:
    _, _, data = saves["pointy-ul"]
    assert "vertical hexes (pointy-topped), size 1.1547 x 1.1547" in data["Note"]
    _, _, data = saves["flat-ul"]
    assert "horizontal hexes (flat-topped), size 1.1547 x 1.1547" in data["Note"]


def test_unplaced_ships_and_markers_lie_beneath_the_map(tmp_path: Path) -> None:
    path = _custom(tmp_path, "flat-ul")
    path.write_text(path.read_text().replace("    - {ship: Pike, at: '0506', facing: NW, layer: 0}\n", ""))
    save = tts_save(_load(path), dpi=60, image_base=BASE)
    data = json.loads(save.data)
    board = next(s for s in data["ObjectStates"] if s["Locked"])["Transform"]
    near = board["posZ"] - board["scaleZ"]
    pike = next(o for o in save.objects if o.nickname == "Pike")
    assert pike.start is None and pike.z < near
    assert all(o.z < near for o in save.objects if o.kind == "marker")


@pytest.mark.parametrize(
    ("facing", "orientation", "rot"), [(None, "flat", 180.0), ("S", "flat", 0.0), ("NE", "pointy", 210.0)]
)
def test_facing_rotation(facing: str | None, orientation: str, rot: float) -> None:
    assert facing_rotation(facing, orientation) == rot


def test_same_scenario_same_bytes(saves: dict[str, Any], tmp_path: Path) -> None:
    _, save, _ = saves["flat-ll-layers"]
    again = tts_save(_load(_custom(tmp_path, "flat-ll-layers")), dpi=100, image_base=BASE)
    assert again.data == save.data and again.images == save.images


def test_a_large_map_is_kept_within_tts_texture_size() -> None:
    scenario = _load(CONVOY)  # 30 x 31 one-inch hexes: 3,941 x 4,725 px at 150 dpi
    from sheetgen.layout.maps import map_options

    opts = map_options(scenario, paper="fit")
    dpi = fitting_dpi(opts, 150)
    assert dpi == 130
    from sheetgen.render.vtt import bare_map

    assert max(bare_map(opts, dpi).width, bare_map(opts, dpi).height) <= MAX_TEXTURE
    assert max(bare_map(opts, dpi + 1).width, bare_map(opts, dpi + 1).height) > MAX_TEXTURE
