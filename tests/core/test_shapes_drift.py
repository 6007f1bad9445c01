"""Each input shape is described once, and its JSON Schema and its reader never drift apart.

For every shape sheetgen reads (each game's design with its nested blocks, the fleet file,
the scenario with its map, sides, fleet entries, terrain, zones, starts and placement
rules): the shipped JSON Schema is the shape's own; the keys the reader accepts are the
keys the schema allows, no more, no fewer; and for every key with a type, bounds or
options, a value at each bound and just past it is taken or refused alike by both.
(That the shipped files are what ``scripts/schemas.py`` writes today is held by
tests/scenarios/test_json_schemas.py.)
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import jsonschema
import pytest

from sheetgen.core.fields import Fields
from sheetgen.core.shapes import (
    Boolean,
    Choice,
    Choices,
    Counts,
    Integer,
    KeySpec,
    Named,
    Shape,
    Text,
    TextList,
)
from sheetgen.games import GAMES, find_game
from sheetgen.scenarios.json_schemas import schema, schema_file
from sheetgen.scenarios.loading import FLEET
from sheetgen.scenarios.placement import PLACEMENT_RULES
from sheetgen.scenarios.scenario import SCENARIO


def _design_shape(game_id: str) -> Shape | None:
    """The game's design shape (``<game package>.parse.DESIGN``); None for a game without one."""
    package = type(find_game(game_id)).__module__
    try:
        module = importlib.import_module(f"{package}.parse")
    except ImportError:
        return None
    shape = getattr(module, "DESIGN", None)
    return shape if isinstance(shape, Shape) else None


def _game_shapes(game_id: str) -> dict[str, Shape]:
    """Every shape a game's ``parse`` and ``live`` modules hold (its design, its condition,
    a tables file...), by name."""
    package = type(find_game(game_id)).__module__
    found: dict[str, Shape] = {}
    for part in ("parse", "live"):
        try:
            module = importlib.import_module(f"{package}.{part}")
        except ImportError:
            continue
        for name, value in vars(module).items():
            if isinstance(value, Shape) and not name.startswith("_"):
                found[f"{game_id} {part}.{name}"] = value
    return found


def _shapes() -> dict[str, Shape]:
    """Every top-level shape, by a name for test ids."""
    out: dict[str, Shape] = {}
    for game_id in GAMES:
        out |= _game_shapes(game_id)
    out["fleet"] = FLEET
    out["scenario"] = SCENARIO
    out |= {f"placement {kind}": rule for kind, rule in PLACEMENT_RULES.items()}
    return out


SHAPES = _shapes()


def _all_shapes() -> list[tuple[str, Shape]]:
    """Every shape, nested ones included (a design's crew, a scenario's zones), each once."""
    found: dict[int, tuple[str, Shape]] = {}
    for name, shape in SHAPES.items():
        found.setdefault(id(shape), (name, shape))
        for place, key in shape.walk():
            nested = getattr(key, "shape", None)
            if isinstance(nested, Shape):
                found.setdefault(id(nested), (f"{name}: {place}", nested))
    return list(found.values())


ALL_SHAPES = _all_shapes()


def test_every_registered_game_with_a_parse_module_has_a_design_shape() -> None:
    described = [game_id for game_id in GAMES if _design_shape(game_id) is not None]
    assert len(described) >= 4, described


@pytest.mark.parametrize("game_id", [g for g in GAMES if _design_shape(g) is not None])
def test_the_shipped_design_schema_is_the_design_shape(game_id: str) -> None:
    shape = _design_shape(game_id)
    assert shape is not None
    assert find_game(game_id).design_schema() == shape.schema()
    shipped = json.loads(schema_file(game_id).read_text(encoding="utf-8"))
    assert shipped["$defs"]["design"] == shape.schema()


def test_the_shipped_scenario_schema_is_the_scenario_shape() -> None:
    shipped = json.loads(schema_file("scenario").read_text(encoding="utf-8"))
    assert shipped["properties"] == SCENARIO.schema()["properties"]
    assert shipped["required"] == [k.name for k in SCENARIO.keys if k.required]
    assert shipped["additionalProperties"] is False


def test_the_shipped_fleet_schema_takes_the_fleet_shapes_keys() -> None:
    fleet = schema("fleet")
    branch = fleet
    while "if" in branch:  # one branch per game: each the fleet shape for that game
        assert set(branch["then"]["properties"]) == set(FLEET.names)
        assert branch["then"]["required"] == [k.name for k in FLEET.keys if k.required]
        branch = branch["else"]


@pytest.mark.parametrize(("name", "shape"), ALL_SHAPES, ids=[n for n, _ in ALL_SHAPES])
def test_the_reader_and_the_schema_take_the_same_keys(name: str, shape: Shape) -> None:
    described = shape.schema()
    assert list(described["properties"]) == list(shape.names)
    # every described key is known to the reader: none is reported unknown
    fields = Fields(dict.fromkeys(shape.names, "x"), (), shape=shape)
    assert not [p for p in fields.collect() if "unknown key" in p.message], name
    # a key the shape lacks: refused by the reader, and by the schema unless the shape is open
    stray = Fields({"no_such_key": 1}, (), shape=shape)
    unknown = [p for p in stray.collect() if "unknown key 'no_such_key'" in p.message]
    allowed = jsonschema.Draft202012Validator({**described, "required": []}).is_valid({"no_such_key": 1})
    if shape.open:
        assert allowed
    else:
        assert unknown and not allowed, name
    # required keys: the same in both
    assert described.get("required", []) == [k.name for k in shape.keys if k.required]


@pytest.mark.parametrize(("name", "shape"), ALL_SHAPES, ids=[n for n, _ in ALL_SHAPES])
def test_reading_a_key_the_shape_lacks_is_a_programming_error(name: str, shape: Shape) -> None:
    if shape.open:
        return
    with pytest.raises(KeyError, match="does not describe"):
        Fields({}, (), shape=shape).integer("no_such_key")


def _probes(key: KeySpec[Any]) -> list[Any]:
    """Values on each side of ``key``'s bounds and options, for both sides to judge."""
    if isinstance(key, Integer):
        values: list[Any] = [0, 1, -1, 7, 2.0, "7", True, None]
        for bound in (key.minimum, key.maximum):
            if bound is not None:
                values += [bound - 1, bound, bound + 1]
        return values
    if isinstance(key, Text):
        values = ["", "a", 7, 1.5, True, [], {}, "x" * key.limit, "x" * (key.limit + 1)]
        if key.pattern is not None:
            values += ["#a0b1c2", "#A0B1C2", "a0b1c2", "#a0b1c", "red"]
        return values
    if isinstance(key, Boolean):
        return [True, False, "yes", 1, None]
    if isinstance(key, Choice):
        options = list(key.options)
        return [*options, *(o.upper() for o in options), f" {options[0]} ", "nope", 3, None]
    if isinstance(key, Counts):
        name = key.names[0] if key.names else "any"
        values = [{}, {name: 1}, {name: "1"}, {name: -1}, {name: 1.0}, [1]]
        if key.maximum is not None:
            values += [{name: key.maximum}, {name: key.maximum + 1}]
        return values
    if isinstance(key, TextList):
        return [[], ["a"], "a", ["a", 2], [[]], {}, 3]
    if isinstance(key, Choices):
        first = key.options[0]
        return [
            [],
            [first],
            list(key.options),
            [first.upper()] if first.upper() != first else [],
            ["nope"],
            first,
            [1],
        ]
    return []


def _rules_judge(key: KeySpec[Any], value: Any) -> bool:
    """Whether ``value`` is one the reader takes and the game's rules judge (a Number of 0,
    below the schema's minimum of 1: destroyed), so the schema alone refuses it."""
    least = getattr(key, "reader_minimum", None)
    return least is not None and isinstance(value, int) and least <= value < key.minimum  # type: ignore[attr-defined]


def _whole_float(value: Any) -> bool:
    """A whole number written with a point (``2.0``, ``{R: 1.0}``): JSON Schema's
    ``integer`` takes it (a validator sees the number, not how it was written), the reader
    refuses it (and says to write ``2``). The one difference JSON cannot express."""
    if isinstance(value, dict):
        return any(_whole_float(v) for v in value.values())
    return isinstance(value, float) and value.is_integer()


def _by_schema(key: KeySpec[Any], value: Any) -> bool:
    return bool(jsonschema.Draft202012Validator(key.schema()).is_valid(value))


def _by_reader(shape: Shape, key: KeySpec[Any], value: Any) -> bool:
    fields = Fields({key.name: value}, (), shape=shape)
    fields.get(key)
    return not fields.problems


def _judged_alike() -> list[tuple[str, Shape, KeySpec[Any]]]:
    """Keys whose value the reader judges itself (not the rules, not custom code)."""
    out = []
    for name, shape in ALL_SHAPES:
        for key in shape.keys:
            if key.checked_by_rules or isinstance(key, Named) or not _probes(key):
                continue
            out.append((f"{name}.{key.name}", shape, key))
    return out


JUDGED = _judged_alike()


def test_keys_judged_alike_cover_every_kind() -> None:
    kinds = {type(key).__name__ for _, _, key in JUDGED}
    assert {"Integer", "Text", "Boolean", "Choice", "Choices", "Counts", "TextList"} <= kinds, kinds
    assert len(JUDGED) > 60


@pytest.mark.parametrize(("where", "shape", "key"), JUDGED, ids=[w for w, _, _ in JUDGED])
def test_reader_and_schema_take_and_refuse_the_same_values(
    where: str, shape: Shape, key: KeySpec[Any]
) -> None:
    for value in _probes(key):
        if value is None:  # an absent value is the key's default to both: not a value to judge
            continue
        if _whole_float(value):
            assert not _by_reader(shape, key, value), f"{where} = {value!r}"
            continue
        if _rules_judge(key, value):
            assert _by_reader(shape, key, value) and not _by_schema(key, value), f"{where} = {value!r}"
            continue
        assert _by_reader(shape, key, value) == _by_schema(key, value), f"{where} = {value!r}"


def test_keys_checked_by_rules_carry_their_bounds_in_the_schema() -> None:
    checked = [(n, k) for n, s in ALL_SHAPES for k in s.keys if k.checked_by_rules]
    assert checked  # Kill Radius's Number, Knight Hawks' counts
    for where, key in checked:
        described = key.schema()
        words = json.dumps(described)
        assert "maximum" in words or "maxItems" in words or "maxProperties" in words, where
