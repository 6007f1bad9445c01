"""Where the hand-written JSON Schemas and readers disagreed before both came from one
shape: each case is now taken or refused alike by the shipped schema and the reader."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

from sheetgen.core.fields import Fields
from sheetgen.scenarios.json_schemas import schema_file
from sheetgen.scenarios.placement import read_placement


def _valid(name: str, data: Any) -> bool:
    shipped = json.loads(schema_file(name).read_text(encoding="utf-8"))
    return bool(jsonschema.Draft202012Validator(shipped).is_valid(data))


def _scenario(**map_keys: Any) -> dict[str, Any]:
    return {
        "scenario": "Test",
        "game": "starfire",
        "sides": [{"fleet": [{"design": "x.yaml"}]}],
        "map": map_keys,
    }


@pytest.mark.parametrize(("layer", "taken"), [(9, True), (-9, True), (10, False), (-10, False)])
def test_a_grid_level_is_minus_9_to_9_in_the_schema_as_in_the_reader(layer: int, taken: bool) -> None:
    data = _scenario(start=[{"label": "X", "at": "0101", "layer": layer}])
    assert _valid("scenario", data) is taken


@pytest.mark.parametrize(("edge", "taken"), [("top", True), ("Top", False), ("up", False)])
def test_a_placement_edge_is_written_as_listed_in_the_schema_as_in_the_reader(edge: str, taken: bool) -> None:
    rule = {"edge": edge, "ships": ["A"]}
    assert _valid("scenario", {**_scenario(), "placement": [rule]}) is taken
    top = Fields({"placement": [rule]}, (), what="scenario")
    assert (len(read_placement(top)) == 1) is taken


def test_a_placement_notes_length_is_held_by_the_reader_as_by_the_schema() -> None:
    rule = {"same_facing": ["A", "B"], "note": "x" * 10_001}
    assert not _valid("scenario", {**_scenario(), "placement": [rule]})
    top = Fields({"placement": [rule]}, (), what="scenario")
    assert read_placement(top) == []
    assert [p.message for p in top.problems] == [
        "'note' is 10,001 characters long; at most 10,000 print on the pages"
    ]


@pytest.mark.parametrize(("points", "taken"), [(1000, True), (-1000, True), (1001, False), (-1001, False)])
def test_space_cruisers_hull_points_are_bounded_in_the_schema_as_in_the_reader(
    points: int, taken: bool
) -> None:
    design = {"game": "space-cruisers", "name": "X", "hull": "military", "condition": {"hull_points": points}}
    assert _valid("space-cruisers", design) is taken


@pytest.mark.parametrize("name", ["   ", "\t"])
def test_a_name_of_white_space_is_refused_by_the_schema_as_by_the_reader(name: str) -> None:
    assert not _valid("starfire", {"game": "starfire", "name": name, "hull": "CT", "systems": "SA"})
    assert not _valid("scenario", {**_scenario(), "scenario": name})


@pytest.mark.parametrize("text", ["x" * 301])
def test_a_label_longer_than_the_pages_hold_is_refused_by_the_schema_as_by_the_reader(text: str) -> None:
    assert not _valid(
        "starfire", {"game": "starfire", "name": "X", "class": text, "hull": "CT", "systems": "SA"}
    )
    assert _valid(
        "starfire", {"game": "starfire", "name": "X", "class": text[:300], "hull": "CT", "systems": "SA"}
    )
