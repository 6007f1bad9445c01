"""Reading a scenario's map section: hexes as printed, layers, zones, fields."""

from __future__ import annotations

import pytest

from sheetgen.core.hexlabel import parse_hex
from sheetgen.scenarios.terrain import Feature, HexRef, Zone, parse_layers


def test_hexes_as_written():
    assert parse_hex("0815") == (7, 14)
    assert parse_hex("08.15") == (7, 14)
    assert parse_hex([8, 15]) == (7, 14)
    assert parse_hex(1815) == (17, 14)
    assert parse_hex("100012") == (99, 11)
    for bad in ("815", "0a15", 65, [1], "0015", True):
        with pytest.raises(ValueError):
            parse_hex(bad)


def test_layers_as_written():
    assert parse_layers("-2..+2") == (-2, -1, 0, 1, 2)
    assert parse_layers("1, 0, -1") == (-1, 0, 1)
    assert parse_layers("0") == (0,)
    for bad in ("1..-1", "-20..0", "a", ""):
        with pytest.raises(ValueError):
            parse_layers(bad)


def test_zone_edges_follow_the_paper():
    zone = Zone("A", "#000000", edge="bottom", depth=2)
    assert {r for _, r in zone.cells(4, 10, "flat", "ul")} == {8, 9}
    assert {r for _, r in zone.cells(4, 10, "flat", "ll")} == {0, 1}  # row 01 is at the bottom
    assert len(Zone("B", "#000000", rows=(2, 3), cols=(1, 4)).cells(10, 10, "flat")) == 8
    left = Zone("C", "#000000", edge="left", depth=1).cells(10, 6, "pointy")
    assert left == [(0, r) for r in range(6)]


def test_a_disc_is_cut_by_the_map_edge():
    field = Feature("asteroids", (), around=HexRef(0, 0), radius=1)
    assert sorted(field.cells(10, 10, "flat")) == [(0, 0), (0, 1), (1, 0)]


SCENARIO = """\
scenario: Layers
game: starfire
map:
  cols: 10
  rows: 8
  layers: "-1..+1"
  terrain:
    - {type: planet, name: Vesta, at: "0504", layer: 1}
    - {type: Warp Point, at: [2, 2]}
  zones:
    - {side: A, rows: 7-8}
  start:
    - {ship: Arrow, at: "0507", facing: n}
sides:
  - name: A
    colour: "#112233"
    fleet:
      - design: SHIPS/corvette-arrow.yaml
        names: [Arrow]
"""


def _scenario(write, text=SCENARIO):
    from tests.conftest import DESIGNS

    return write("s.yaml", text.replace("SHIPS", str(DESIGNS / "starfire" / "ships")))


def test_a_scenarios_map_section_is_read_into_a_plan(write):
    from sheetgen.scenarios.scenario import load_scenario

    scenario, result = load_scenario(_scenario(write))
    assert not result.input_errors
    spec = scenario.map
    assert spec.layers == (-1, 0, 1)
    planet, warp = spec.plan.features
    assert (planet.kind, planet.name, planet.hexes[0].cell, planet.layer) == ("planet", "Vesta", (4, 3), 1)
    assert (warp.kind, warp.hexes[0].cell, warp.size) == ("warp-point", (1, 1), 0.0)
    (zone,) = spec.plan.zones
    assert (zone.label, zone.colour, len(zone.cells(10, 8, "flat"))) == ("A deploys", "#112233", 20)
    (start,) = spec.plan.starts
    assert (start.label, start.colour, start.facing, start.at.cell) == ("Arrow", "#112233", "N", (4, 6))


def test_validate_reports_terrain_problems_with_positions(invoke, write):
    path = _scenario(write, SCENARIO.replace("type: planet", "type: nebula").replace('"0507"', '"1109"'))
    result = invoke("validate", path)
    assert result.exit_code == 2
    lines = sorted(line for line in result.stdout.splitlines() if "error" in line)
    assert lines == [
        f"{path}:13:25: error [SCHEMA] hex 1109 is off the 10 x 8 map (columns run 1-10 and rows 1-8)",
        f"{path}:8:14: error [SCHEMA] unknown terrain type 'nebula'; known types: planet, moon, warp-point, asteroids",
    ]


def test_unknown_side_and_zone_without_hexes(invoke, write):
    text = SCENARIO.replace("{side: A, rows: 7-8}", "{side: B}")
    result = invoke("validate", _scenario(write, text))
    assert result.exit_code == 2
    assert "side 'B' is not in this scenario (sides: A)" in result.stdout
    assert "a zone needs 'hexes', 'rows'/'cols', an 'edge', or 'around'" in result.stdout


def test_the_map_diagonal_bounds_a_radius():
    from sheetgen.scenarios.terrain import map_diagonal

    assert map_diagonal(10, 8, "flat") == 12  # corner to corner: 9 columns, then the rest of 7 rows
    assert map_diagonal(1, 1, "pointy") == 0
    # a radius at the diagonal covers the whole map from any corner; a larger one adds nothing on it
    whole = Zone("A", "#000000", around=HexRef(0, 0), radius=12).cells(10, 8, "flat")
    assert len(whole) == 80
    assert Zone("A", "#000000", around=HexRef(0, 0), radius=10**9).cells(10, 8, "flat") == whole


@pytest.mark.parametrize("kind", ["zone", "asteroids"])
def test_a_radius_larger_than_the_map_is_one_located_schema_error(invoke, write, kind):
    # memory grows with the square of a radius: radius 100,000 ran out of it
    item = (
        '    - {type: asteroids, around: "0504", radius: 100000}'
        if kind == "asteroids"
        else '    - {side: A, around: "0504", radius: 100000}'
    )
    old = "    - {type: Warp Point, at: [2, 2]}" if kind == "asteroids" else "    - {side: A, rows: 7-8}"
    text = SCENARIO.replace(old, item)
    path = _scenario(write, text)
    result = invoke("validate", path)
    assert result.exit_code == 2
    line = 9 if kind == "asteroids" else 11
    column = 49 if kind == "asteroids" else 41
    assert [x for x in result.stdout.splitlines() if "error" in x] == [
        f"{path}:{line}:{column}: error [SCHEMA] radius 100000 is larger than the 10 x 8 map's diagonal "
        "(12 hexes); give at most 12"
    ]
    assert "Traceback" not in result.stdout + result.stderr
