"""A scenario's map: terrain, zones, start positions and layers, read with positions."""

from __future__ import annotations

import pytest

from sheetgen.draw.primitives import Circle, Labels, Polygon, Text
from sheetgen.hexgrid import distance, from_offset
from sheetgen.layout.maps import layout_map, map_options
from sheetgen.layout.maps.context import mix
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, pdf_text

SHIPS = DESIGNS / "starfire" / "ships"

SCENARIO = f"""\
scenario: Warp point test
game: starfire
map:
  cols: 20
  rows: 12
  hex: 0.75in
  terrain:
    - {{type: planet, name: Vesta Prime, at: "1006", size: large}}
    - {{type: moon, name: Io, at: "1105"}}
    - {{type: warp-point, name: WP Alpha, at: "0504"}}
    - {{type: asteroids, name: The Shoals, hexes: ["1610", "1611"], around: "1709", radius: 1}}
  zones:
    - {{side: Player A, edge: bottom, depth: 2}}
    - {{side: Player B, around: "0504", radius: 2, except: ["0504"]}}
  start:
    - {{ship: Hammer, at: "1011", facing: N}}
    - {{ship: Anvil, at: "0505", facing: S}}
sides:
  - name: Player A
    fleet:
      - design: {SHIPS / "destroyer-hammer.yaml"}
        names: [Hammer]
  - name: Player B
    fleet:
      - design: {SHIPS / "destroyer-anvil.yaml"}
        names: [Anvil]
"""


def _texts(page) -> set[str]:
    return {i.text for i in page.items if isinstance(i, Text)}


def test_terrain_zones_and_starts_are_drawn(write):
    scenario, result = load_scenario(write("s.yaml", SCENARIO))
    assert not result.input_errors
    plan = scenario.map.plan
    assert [f.kind for f in plan.features] == ["planet", "moon", "warp-point", "asteroids"]
    assert plan.features[0].hexes[0].cell == (9, 5)
    page = layout_map(map_options(scenario, paper="fit")).pages[0]
    texts = _texts(page)
    assert {"Vesta Prime", "Io", "WP Alpha", "The Shoals", "Hammer", "Anvil"} <= texts
    assert {"Player A deploys", "Player B deploys"} <= texts
    bodies = [c for c in page.items if isinstance(c, Circle) and c.style.stroke == "#2d3e50"]
    assert sorted(round(c.r / 54, 2) for c in bodies) == [
        0.15,
        0.27,
    ]  # moon small, planet large: radius / hex


def test_zone_shading_covers_the_zone_hexes(write):
    scenario, _ = load_scenario(write("s.yaml", SCENARIO))
    zone_b = scenario.map.plan.zones[1]
    cells = zone_b.cells(20, 12, "flat")
    assert len(cells) == 18  # within 2 of 0504: 19 hexes, less the warp point's own
    assert (4, 3) not in cells
    page = layout_map(map_options(scenario, paper="fit")).pages[0]
    tint = mix("#b3261e", "#ffffff", 0.82)  # Player B's default colour, faded into the paper
    tint_b = [
        p for p in page.items if isinstance(p, Polygon) and p.style.stroke is None and p.style.fill == tint
    ]
    assert len(tint_b) == 18


def test_the_pdf_names_what_the_scenario_places(invoke, write, tmp_path):
    out = tmp_path / "map.pdf"
    result = invoke("map", "--scenario", write("s.yaml", SCENARIO), "-o", out)
    assert result.exit_code == 0, result.stderr
    text = " ".join(pdf_text(out))
    for word in ("Vesta Prime", "WP Alpha", "Player A deploys", "Hammer", "Warp point test"):
        assert word in text


def _fails(invoke, write, tmp_path, text: str, *args: str) -> list[str]:
    out = tmp_path / "map.pdf"
    result = invoke("map", "--scenario", write("s.yaml", text), *args, "-o", out)
    assert result.exit_code == 2
    assert not out.exists()
    return result.stderr.strip().splitlines()


def test_unknown_terrain_type_is_an_error_with_its_position(invoke, write, tmp_path):
    text = SCENARIO.replace("type: moon", "type: nebula")
    lines = _fails(invoke, write, tmp_path, text)
    assert len(lines) == 1
    assert lines[0].endswith(
        "error [SCHEMA] unknown terrain type 'nebula'; known types: planet, moon, warp-point, asteroids"
    )
    line, column = lines[0].split(":")[1:3]
    assert text.splitlines()[int(line) - 1][int(column) - 1 :].startswith("nebula")


@pytest.mark.parametrize(
    ("old", "new", "words", "points_at"),
    [
        ('at: "1006"', 'at: "2106"', "hex 2106 is off the 20 x 12 map", '"2106"'),
        ("side: Player B", "side: Player C", "side 'Player C' is not in this scenario", "Player C"),
        (
            "ship: Hammer",
            "ship: Hamer",
            "ship 'Hamer' (did you mean Hammer?) is not in this scenario (ships: Hammer, Anvil)",
            "Hamer",
        ),
        ("facing: N}", "facing: E}", "facing E is not a direction on a flat-topped map", "E}"),
        ('at: "1105"', "at: 0105", 'write it in quotes as the map prints it, e.g. "0101"', "0105"),
        (
            "size: large",
            "size: gigantic",
            "'size' must be one of tiny, small, medium, large, huge",
            "gigantic",
        ),
        ("radius: 1}", "radius: 1, layer: 2}", "layer +2 is not one of the map's layers (0)", "2}"),
        ("name: Io,", "name: Io, colour: grey,", "unknown key 'colour' in terrain item", "colour"),
        ("edge: bottom", "edge: south", "'edge' must be one of top, bottom, left, right", "south"),
    ],
)
def test_map_section_problems_point_at_their_text(invoke, write, tmp_path, old, new, words, points_at):
    text = SCENARIO.replace(old, new, 1)
    assert text != SCENARIO
    lines = _fails(invoke, write, tmp_path, text)
    assert len(lines) == 1, lines
    assert words in lines[0]
    path, line, column = lines[0].split(":")[:3]
    assert path.endswith("s.yaml")
    assert text.splitlines()[int(line) - 1][int(column) - 1 :].startswith(points_at)


def test_validate_reports_map_problems_too(invoke, write):
    path = write("s.yaml", SCENARIO.replace("type: moon", "type: nebula"))
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert "unknown terrain type 'nebula'" in result.stdout


def test_shrinking_the_map_on_the_command_line_rechecks_the_terrain(invoke, write, tmp_path):
    lines = _fails(invoke, write, tmp_path, SCENARIO, "--cols", "12")
    assert len(lines) == 3  # the asteroid field's 1610, 1611 and its centre 1709; the rest fit
    assert all("off the 12 x 12 map" in line for line in lines)


def test_scenario_layers_and_a_feature_on_one_level(write):
    text = SCENARIO.replace("  hex: 0.75in\n", "  hex: 0.75in\n  layers: [-1, 0, 1]\n").replace(
        "name: Io,", "name: Io, layer: 1,"
    )
    scenario, result = load_scenario(write("s.yaml", text))
    assert not result.input_errors
    assert scenario.map.layers == (-1, 0, 1)
    pages = layout_map(map_options(scenario, paper="fit")).pages
    assert [p.label for p in pages] == ["Hexgrid -1", "Hexgrid 0", "Hexgrid +1"]
    assert ["Io" in _texts(p) for p in pages] == [False, False, True]
    assert "Vesta Prime" in _texts(pages[1]) and "Vesta Prime" not in _texts(pages[0])


def test_bundled_starfire_map_holds_fleets_25_hexes_apart_with_room():
    """Starfire's scenarios set Player B's flagship 25 hexes from Player A's: the
    bundled scenario's map must hold that with room to manoeuvre on every side."""
    scenario, result = load_scenario(DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml")
    assert not result.input_errors
    cols, rows = scenario.map.cols, scenario.map.rows
    room = 5
    a = from_offset(room, rows // 2)
    b = from_offset(room + 25, rows // 2)
    assert distance(a, b) == 25
    assert room + 25 + room < cols
    assert rows >= 2 * room + 1


def test_labels_and_terrain_share_coordinates(write):
    """The hex numbered 1006 on the page is where the planet is drawn."""
    scenario, _ = load_scenario(write("s.yaml", SCENARIO))
    page = layout_map(map_options(scenario, paper="fit")).pages[0]
    ((x, y),) = [(x, y) for i in page.items if isinstance(i, Labels) for x, y, t in i.items if t == "1006"]
    planet = next(c for c in page.items if isinstance(c, Circle) and round(c.r / 54, 2) == 0.27)
    assert planet.center[0] == pytest.approx(x)
    assert 0 < planet.center[1] - y < 54 / 2


def test_a_mistyped_ship_in_a_large_fleet_is_one_short_line(invoke, write, tmp_path):
    """A fleet of many ships lists the first twelve and says how many more, so the one
    line stays a line (a 1,000-ship fleet made it 11,000 characters)."""
    text = SCENARIO.replace("        names: [Hammer]\n", "        count: 40\n").replace(
        "ship: Hammer,", "ship: Hamer,"
    )
    lines = _fails(invoke, write, tmp_path, text)
    assert len(lines) == 1 and len(lines[0]) < 400, lines
    assert "and 29 more)" in lines[0]
