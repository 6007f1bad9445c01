"""JSON Schemas of design files, fleets and scenarios (sheetgen.scenarios.json_schemas): valid
schemas, shipped as generated, every bundled file passes, the typo catalogues fail."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from sheetgen.games import GAMES, find_game
from sheetgen.scenarios.json_schemas import schema, schema_file, schema_names, schema_text

from tests.conftest import DESIGNS
from tests.every_game import every_game, with_stand_in

#: Illegal bundled designs whose broken rule is a value the data lists or bounds, so the
#: schema already refuses it (an editor shows it while typing); every other bundled file passes.
CAUGHT_BY_SCHEMA = {
    "kill-radius/illegal/kr1-number-out-of-range.yaml": "$.number",
    "knight-hawks-2000/illegal/kh1-negative-adf.yaml": "$.adf",
    "knight-hawks-2000/illegal/kh2-negative-crew.yaml": "$.crew.total",
    "knight-hawks-2000/illegal/kh4-negative-salvos.yaml": "$.defences.icm",
    "knight-hawks-2000/illegal/kh6-negative-void-engines.yaml": "$.void_engines",
    "knight-hawks-2000/illegal/kh7-classic-weapon.yaml": "$.weapons[0].code",
    "space-cruisers/illegal/sc1-unknown-hull.yaml": "$.hull",
    "space-cruisers/illegal/sc6-unknown-system.yaml": "$.systems[1]",
    "starfire/illegal/sf1-unknown-hull.yaml": "$.hull",
    "starfire/illegal/sf1-unknown-system.yaml": "$.systems",
    "starfire/illegal/sf9-munitions-for-beams.yaml": "$.munitions",
}


def _validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema(name))


def _first_error(name: str, data: Any) -> jsonschema.ValidationError | None:
    errors = list(_validator(name).iter_errors(data))
    return jsonschema.exceptions.best_match(errors) if errors else None


@pytest.mark.parametrize("name", every_game("fleet", "scenario"))
def test_schema_is_valid_draft_2020_12_and_shipped_as_generated(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))
    assert schema_file(name).read_text(encoding="utf-8") == schema_text(name), (
        f"{schema_file(name).name} is stale: run python scripts/schemas.py"
    )


def _properties(node: Any, where: str = "$") -> list[tuple[str, dict[str, Any]]]:
    """Every key a schema describes (under ``properties``), with where it is; conditions
    (``if``/``then``, which narrow keys described elsewhere) are not descriptions."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            found.append((f"{where}.{key}", value))
        for key, value in node.items():
            if key not in ("if", "then"):
                found.extend(_properties(value, f"{where}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_properties(value, f"{where}[{i}]"))
    return found


@pytest.mark.parametrize("name", every_game("fleet", "scenario"))
def test_every_key_has_a_type_and_a_description(name: str) -> None:
    for where, prop in _properties(schema(name)):
        assert prop.get("description"), where
        assert {"type", "anyOf", "$ref", "enum", "pattern"} & set(prop), where


def test_hulls_systems_and_weapon_codes_are_enumerated_from_the_data() -> None:
    from sheetgen.games.knighthawks import data as kh
    from sheetgen.games.starfire import data as sf

    starfire = schema("starfire")["$defs"]["design"]["properties"]
    assert starfire["hull"]["examples"] == list(sf.HULLS)
    for code in sf.SYSTEMS:
        assert f"{code} {sf.SYSTEMS[code].name}" in starfire["systems"]["description"]
    knight = schema("knight-hawks-2000")["$defs"]["design"]["properties"]
    assert knight["weapons"]["items"]["anyOf"][0]["enum"] == list(kh.WEAPONS)
    assert knight["role"]["examples"] == list(kh.ROLES)


def _bundled(games: Any = None) -> list[tuple[str, str, Any]]:
    """(path under designs/, schema name, YAML document) for every bundled document of
    ``games`` (every registered game's by default), each game's under its ``designs/<id>/``."""
    out = []
    for game_id in GAMES if games is None else games:
        folder = find_game(game_id).files().designs
        for path in sorted(folder.rglob("*.yaml")):
            rel = f"{game_id}/{path.relative_to(folder).as_posix()}"
            for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")):
                name = "scenario" if isinstance(doc, dict) and "scenario" in doc else game_id
                out.append((rel, name, doc))
    return out


@pytest.mark.parametrize("game_id", every_game())
def test_every_bundled_design_fleet_and_scenario_validates(game_id: str) -> None:
    failing = {}
    for rel, name, doc in _bundled([game_id]):
        error = _first_error(name, doc)
        if error is not None:
            failing[rel] = error.json_path
    assert failing == {rel: path for rel, path in CAUGHT_BY_SCHEMA.items() if rel.startswith(f"{game_id}/")}
    assert {name for _, name, _ in _bundled([game_id])} == {game_id, "scenario"}


def test_fleet_schema_takes_every_bundled_fleet() -> None:
    fleets = [doc for _, _, doc in _bundled() if isinstance(doc, dict) and "designs" in doc]
    assert fleets
    for doc in fleets:
        assert _first_error("fleet", doc) is None


ARROW = {"game": "starfire", "name": "Arrow", "hull": "CT", "systems": "SSAA(I)(I)(I)QLR"}
KESTREL = {"game": "kill-radius", "name": "Kestrel", "type": "corvette", "number": 3}
TEST_KH = {
    "game": "knight-hawks-2000",
    "name": "Test",
    "role": "military",
    "hull_size": 6,
    "structure_points": 600,
    "adf": 3,
    "mr": 3,
    "void_engines": 1,
}
DARING = {"game": "space-cruisers", "name": "Daring", "hull": "military", "systems": ["drives"]}


def _with(base: dict[str, Any], drop: str | None = None, **extra: Any) -> dict[str, Any]:
    out = {k: v for k, v in base.items() if k != drop}
    out.update(extra)
    return out


@pytest.mark.parametrize(
    ("name", "good", "bad"),
    [
        ("starfire", ARROW, _with(ARROW, "game", Game="starfire")),
        ("starfire", ARROW, _with(ARROW, "hull", hul="CT")),
        ("starfire", ARROW, _with(ARROW, speed="fast")),
        ("starfire", ARROW, _with(ARROW, hull="BB")),
        ("starfire", ARROW, _with(ARROW, systems="SSAA(I)(I)(I)QKR")),
        ("starfire", ARROW, _with(ARROW, munitions={"L": 4})),
        ("starfire", ARROW, _with(ARROW, munitions={"R": -1})),
        ("starfire", ARROW, _with(ARROW, count=0)),
        ("starfire", ARROW, _with(ARROW, turn_mod=2)),
        ("kill-radius", KESTREL, _with(KESTREL, "number", Number=3)),
        ("kill-radius", KESTREL, _with(KESTREL, number="five")),
        ("kill-radius", KESTREL, _with(KESTREL, carrier="yes")),
        ("kill-radius", KESTREL, _with(KESTREL, "type", typ="corvette")),
        ("knight-hawks-2000", TEST_KH, _with(TEST_KH, "adf", ADF=3)),
        ("knight-hawks-2000", TEST_KH, _with(TEST_KH, hull_size=6.5)),
        ("knight-hawks-2000", TEST_KH, _with(TEST_KH, role="pirate")),
        ("knight-hawks-2000", TEST_KH, _with(TEST_KH, weapons=["LB"])),
        ("knight-hawks-2000", TEST_KH, _with(TEST_KH, crew={"captian": {"name": "Vey"}})),
        ("knight-hawks-2000", TEST_KH, _with(TEST_KH, defences={"icm": "four"})),
        ("space-cruisers", DARING, _with(DARING, "hull", hul="military")),
        ("space-cruisers", DARING, _with(DARING, rules="expert")),
        ("space-cruisers", DARING, _with(DARING, systems=7)),
        ("space-cruisers", DARING, _with(DARING, name=["Daring"])),
    ],
)
def test_typos_and_wrong_types_fail_the_game_schema(name: str, good: Any, bad: Any) -> None:
    assert _first_error(name, good) is None
    assert _first_error(name, bad) is not None


SCENARIO = {
    "scenario": "Test",
    "game": "starfire",
    "map": {"cols": 20, "rows": 20, "start": [{"ship": "Arrow", "at": "0101"}]},
    "sides": [
        {"name": "A", "fleet": [{"design": "arrow.yaml", "count": 2, "names": ["Kite", "Kestrel"]}]},
        {"name": "B", "fleet": [{"design": ARROW}]},
    ],
    "placement": [{"distance": ["Kite", "Arrow"], "at_least": 5}],
}


@pytest.mark.parametrize(
    "bad",
    [
        _with(SCENARIO, "sides", side=SCENARIO["sides"]),
        _with(SCENARIO, "scenario", Scenario="Test"),
        _with(SCENARIO, map={"col": 20}),
        _with(SCENARIO, map={"cols": "twenty"}),
        _with(SCENARIO, map={"orientation": "diagonal"}),
        _with(SCENARIO, sides=[{"name": "A", "fleet": [{"name": "Arrow", "hull": "CT"}]}]),
        _with(SCENARIO, sides=[{"name": "A", "colour": "red", "fleet": [{"design": "a.yaml"}]}]),
        _with(SCENARIO, sides=[{"name": "A", "fleet": [{"design": "a.yaml", "count": 0}]}]),
        _with(SCENARIO, placement=[{"distance": ["Kite", "Arrow"], "at_leest": 5}]),
        _with(SCENARIO, turn_limit="ten"),
        _with(SCENARIO, sides=[{"name": "A", "fleet": [{"design": _with(ARROW, "hull", hul="CT")}]}]),
        _with(SCENARIO, sides=[{"name": "A", "fleet": [{"design": _with(ARROW, hull="BB")}]}]),
    ],
)
def test_typos_and_wrong_types_fail_the_scenario_schema(bad: Any) -> None:
    assert _first_error("scenario", SCENARIO) is None
    assert _first_error("scenario", bad) is not None


def test_fleet_schema_refuses_a_misspelt_designs_key() -> None:
    fleet = {"game": "starfire", "fleet": "Home", "designs": [_with(ARROW, "game")]}
    assert _first_error("fleet", fleet) is None
    assert _first_error("starfire", fleet) is None
    assert _first_error("fleet", _with(fleet, "designs", Designs=fleet["designs"])) is not None


def test_schema_files_ship_inside_the_package() -> None:
    import sheetgen

    package = Path(sheetgen.__file__).parent
    for name in schema_names():
        assert schema_file(name).parent == package / "schemas"


@with_stand_in
def test_every_example_in_the_docs_passes_its_schema() -> None:
    """The README's, docs/scenarios.md's and every game's guide's (docs/<game id>.md)."""
    import re

    root = DESIGNS.parent
    checked = 0
    pages = [root / "README.md", root / "docs" / "scenarios.md", *(find_game(g).files().guide for g in GAMES)]
    for page in pages:
        for block in re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            doc = yaml.safe_load(block)
            if not isinstance(doc, dict) or not ({"scenario", "game"} & set(doc)):
                continue  # a fragment (placement rules alone)
            name = "scenario" if "scenario" in doc else doc["game"]
            error = _first_error(name, doc)
            assert error is None, (page, error.json_path, error.message)
            checked += 1
    assert checked >= 8


# The schemas accept a value exactly when the reader does: each pattern is checked against
# the reader it stands for, over the listed spellings and random text near them.

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def _spellings(options: list[str]) -> st.SearchStrategy[str]:
    """Text near ``options``: each option in random case, with random white space,
    separators and a stray letter or two, and random text."""
    noise = st.sampled_from(["", " ", "  ", "\t", "-", "_", "x", "s", "e"])

    def mangle(option: str, case: list[bool], before: str, after: str) -> str:
        cased = "".join(
            c.upper() if up else c.lower() for c, up in zip(option, case * len(option), strict=False)
        )
        return before + cased + after

    return st.one_of(
        st.builds(
            mangle, st.sampled_from(options), st.lists(st.booleans(), min_size=1, max_size=8), noise, noise
        ),
        st.text(alphabet=" -_abcdefghijklmnopqrstuvwxyzCTDSB12", max_size=16),
    )


@given(_spellings([*GAMES, *(game_id.replace("-", " ") for game_id in GAMES)]))
def test_the_game_pattern_accepts_exactly_the_names_find_game_finds(text: str) -> None:
    import re

    from sheetgen.games import UnknownGame, find_game
    from sheetgen.games.base import game_schema

    try:
        find_game(text)
        found = True
    except UnknownGame:
        found = False
    assert bool(re.search(game_schema(list(GAMES), "")["pattern"], text)) == found


@given(_spellings(["ES", "CT", "DD", "CL", "CA", "FT1", "FT2", "BS1", "BS2", "LC"]))
def test_the_starfire_hull_pattern_accepts_exactly_the_hull_chart_codes(text: str) -> None:
    import re

    from sheetgen.games.starfire import data as sf

    pattern = schema("starfire")["$defs"]["design"]["properties"]["hull"]["pattern"]
    assert bool(re.search(pattern, text)) == (text.strip().upper() in sf.HULLS)


@given(
    _spellings(["shields", "photon torpedoes", "drives x2", "2 chain guns", "torps", "cargo bay", "Sheilds"])
)
def test_the_space_cruisers_system_pattern_accepts_exactly_the_known_systems(text: str) -> None:
    import re

    from sheetgen.games.spacecruisers import rules as sc

    items = schema("space-cruisers")["$defs"]["design"]["properties"]["systems"]["anyOf"][1]["items"]
    pattern = items["anyOf"][0]["pattern"]
    entry, problems = sc.parse_system_item(text, ())
    known = entry is not None and entry.system is not None and not problems
    assert bool(re.search(pattern, text)) == known


@given(_spellings(["military", "commercial", "station", "space station", "merchant hull", "warship"]))
def test_the_space_cruisers_hull_pattern_accepts_exactly_the_hulls_the_reader_knows(text: str) -> None:
    import re

    from sheetgen.games.spacecruisers import data as sc
    from sheetgen.games.spacecruisers.parse import _hull_id

    pattern = schema("space-cruisers")["$defs"]["design"]["properties"]["hull"]["pattern"]
    assert bool(re.search(pattern, text)) == (_hull_id(text) in sc.HULLS)


def test_a_design_file_is_checked_in_the_branch_its_shape_selects() -> None:
    """A mapping without ``designs:`` is one design, so a wrong hull is reported at the hull,
    not as a fleet missing ``designs`` (the YAML language server picks an anyOf branch)."""
    design = {"game": "starfire", "name": "A", "hull": "LC", "systems": "SSAA(I)(I)(I)QLR"}
    errors = list(_validator("starfire").iter_errors(design))
    assert [e.json_path for e in errors] == ["$.hull"]
    assert list(_validator("starfire").iter_errors({**design, "hull": "ct", "game": "Starfire"})) == []


def test_the_scenario_schema_takes_the_spellings_the_scenario_reader_takes() -> None:
    import copy

    path = DESIGNS / "kill-radius" / "scenarios"
    doc = yaml.safe_load(next(iter(sorted(path.glob("*.yaml")))).read_text(encoding="utf-8"))
    spelt = copy.deepcopy(doc)
    spelt["game"] = "Kill Radius"
    spelt["map"]["orientation"] = "Pointy"
    spelt["map"]["origin"] = " LL"
    assert _first_error("scenario", spelt) is None
    spelt["map"]["orientation"] = "pointed"
    error = _first_error("scenario", spelt)
    assert error is not None and error.json_path == "$.map.orientation"
