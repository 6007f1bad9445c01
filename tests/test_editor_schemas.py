"""The JSON Schemas in the real editor engine: ``yaml-language-server`` (the YAML support of
VS Code and other editors, from npm) reads a design file by the modeline sheetgen writes and
must report each typo at the value or key mistyped, and nothing for what ``sheetgen
validate`` accepts (letter case included).

Each case is a file as a player writes it; the expected place is the (1-based) line and
column ``validate`` reports for it, and the editor's first diagnostic on that line must name
the mistake. Skipped where yaml-language-server is not installed (``scripts/install.sh
--test`` installs it with npm).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetgen.scenarios.json_schemas import SCHEMA_NAMES, modeline, schema_text
from sheetgen.scenarios.loading import load_designs

from tests.yamlls import YamlLanguageServer, executable

_PROGRAM = executable()
pytestmark = pytest.mark.skipif(
    _PROGRAM is None,
    reason="yaml-language-server is not installed (npm install -g yaml-language-server;"
    " scripts/install.sh --test installs it)",
)

_SF = "game: starfire\nname: Arrow\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n"
_KR = "game: kill-radius\nname: Lance\ntype: cruiser\nnumber: 6\n"
_KRC = "game: kill-radius\nname: Hive\ntype: escort carrier\nnumber: 6\n"
_KH = (
    "game: knight-hawks-2000\nname: Kestrel\nrole: military\nhull_size: 3\nstructure_points: 15\n"
    "adf: 4\nmr: 3\nvoid_engines: 2\nweapons: [LLC]\ncrew: {total: 3}\n"
)
_SC = "game: space-cruisers\nname: Daring\nhull: military\nsystems: [Shields, Drives x2, Torps, Armor]\n"

#: (case id, schema, file text, the mistyped text, a word the editor's message must hold)
TYPOS: list[tuple[str, str, str, str, str]] = [
    ("sf-hull", "starfire", _SF.replace("hull: CT", "hull: LC"), "LC", "Hull Chart"),
    ("sf-munitions", "starfire", _SF.replace("{R: 10}", "{PT: 6}"), "PT", "Pt"),
    ("sf-system-letter", "starfire", _SF.replace("SSAA", "SSAP"), "SSAP", "System Chart"),
    ("sf-key", "starfire", _SF.replace("systems:", "sytems:"), "sytems", "sytems"),
    ("sf-speed-type", "starfire", _SF + "speed: fast\n", "fast", "integer"),
    ("sf-game", "starfire", _SF.replace("game: starfire", "game: starfyre"), "starfyre", "game"),
    ("kr-number", "kill-radius", _KR.replace("number: 6", "number: 11"), "11", "10"),
    ("kr-key", "kill-radius", _KR.replace("number:", "numbr:"), "numbr", "numbr"),
    # a carrier's condition: its fighters aboard (0 to 10), as play writes them
    ("kr-fighters-high", "kill-radius", _KRC + "condition:\n  number: 4\n  fighters: 11\n", "11", "10"),
    (
        "kr-fighters-type",
        "kill-radius",
        _KRC + "condition:\n  number: 4\n  fighters: three\n",
        "three",
        "integer",
    ),
    (
        "kr-fighters-key",
        "kill-radius",
        _KRC + "condition:\n  number: 4\n  fightrs: 3\n",
        "fightrs",
        "fightrs",
    ),
    # a fleet file's side printed on its sheets: blank is refused
    (
        "sf-fleet-side-blank",
        "starfire",
        "game: starfire\nside: '  '\ndesigns:\n  - {name: A, hull: CT, systems: SSAA(I)QLR}\n",
        "'  '",
        "pattern",
    ),
    ("kh-weapon", "knight-hawks-2000", _KH.replace("[LLC]", "[LCC]"), "LCC", "LLC"),
    ("kh-role", "knight-hawks-2000", _KH.replace("role: military", "role: militray"), "militray", "role"),
    ("kh-adf", "knight-hawks-2000", _KH.replace("adf: 4", "adf: -1"), "-1", "0"),
    ("sc-hull", "space-cruisers", _SC.replace("hull: military", "hull: militray"), "militray", "hull"),
    ("sc-system", "space-cruisers", _SC.replace("Shields,", "Sheilds,"), "Sheilds", "systems table"),
    ("sc-rules", "space-cruisers", _SC + "rules: advansed\n", "advansed", "advanced"),
]

#: Files ``validate`` reads without an input error, written as players do: the editor must
#: report nothing for them.
ACCEPTED: list[tuple[str, str, str]] = [
    ("sf-case", "starfire", _SF.replace("game: starfire", "game: Starfire").replace("CT", "ct")),
    ("sf-list", "starfire", f"- {_SF.replace(chr(10), chr(10) + '  ')}"),
    (
        "sf-fleet",
        "starfire",
        "game: starfire\nfleet: Home Guard\ndesigns:\n  - {name: Arrow, hull: CT, systems: SSAA(I)(I)(I)QLR,"
        " munitions: {R: 10}}\n",
    ),
    ("kr-game-spelling", "kill-radius", _KR.replace("kill-radius", "Kill Radius")),
    ("kr-condition-fighters", "kill-radius", _KRC + "condition: {number: 4, fighters: 3}\n"),
    (
        "kh-role-case",
        "knight-hawks-2000",
        _KH.replace("game: knight-hawks-2000", "game: knight_hawks_2000").replace(
            "role: military", "role: Military"
        ),
    ),
    (
        "sc-spellings",
        "space-cruisers",
        _SC.replace("hull: military", "hull: Military_Hull").replace(
            "[Shields, Drives x2, Torps, Armor]", "[shield, 2x DRIVES, photon torpedoes, armour]"
        )
        + "rules: Advanced\n",
    ),
    (
        "sc-mapping",
        "space-cruisers",
        _SC.replace("[Shields, Drives x2, Torps, Armor]", "{shields: 1, drives: 2, torps: 1, armor: 1}"),
    ),
    (
        "sc-one-line",
        "space-cruisers",
        _SC.replace("[Shields, Drives x2, Torps, Armor]", "'Shields, Drives x2, Torps, Armor'"),
    ),
]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with every schema as ``sheetgen schema NAME -o NAME.schema.json`` writes it."""
    folder = tmp_path_factory.mktemp("editor")
    for name in SCHEMA_NAMES:
        (folder / f"{name}.schema.json").write_text(schema_text(name), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def server() -> Iterator[YamlLanguageServer]:
    assert _PROGRAM is not None
    with YamlLanguageServer(_PROGRAM) as running:
        yield running


def _file(workspace: Path, case: str, name: str, text: str) -> Path:
    path = workspace / f"{case}.yaml"
    path.write_text(f"{modeline(name)}\n{text}", encoding="utf-8")
    return path


def _validate_errors(path: Path) -> list[tuple[int, int, str]]:
    """Where ``sheetgen validate`` reports input errors and rule errors: (line, column, id)."""
    result = load_designs(path)
    located = [*result.input_errors, *result.partial]
    for entry in result.entries:
        located.extend(entry.located)
    return [
        (loc.line, loc.column, loc.finding.rule) for loc in located if loc.finding.severity.value == "error"
    ]


@pytest.mark.parametrize(("case", "name", "text", "typo", "word"), TYPOS, ids=[t[0] for t in TYPOS])
def test_the_editor_reports_each_typo_where_validate_does(
    workspace: Path, server: YamlLanguageServer, case: str, name: str, text: str, typo: str, word: str
) -> None:
    path = _file(workspace, case, name, text)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(lines) if typo in t)
    column = lines[line].index(typo)
    # validate refuses the file and points at the same line
    assert any(ln == line + 1 for ln, _col, _rule in _validate_errors(path)), _validate_errors(path)
    found = server.diagnostics(path)
    assert found, "the editor reports nothing"
    on_line = [d for d in found if d["range"]["start"]["line"] == line]
    assert on_line, [(d["range"]["start"], d["message"]) for d in found]
    first = on_line[0]
    assert first["range"]["start"]["character"] in (0, column), first
    assert word.lower() in first["message"].lower(), first["message"]
    # nothing points elsewhere but a missing key the typo stands for
    for d in found:
        if d["range"]["start"]["line"] != line:
            assert d["message"].startswith("Missing property"), d["message"]


@pytest.mark.parametrize(("case", "name", "text"), ACCEPTED, ids=[a[0] for a in ACCEPTED])
def test_the_editor_accepts_what_validate_accepts(
    workspace: Path, server: YamlLanguageServer, case: str, name: str, text: str
) -> None:
    path = _file(workspace, case, name, text)
    assert _validate_errors(path) == []
    assert [(d["range"]["start"]["line"] + 1, d["message"]) for d in server.diagnostics(path)] == []


@pytest.mark.parametrize("game_id", [g for g in SCHEMA_NAMES if g not in ("fleet", "scenario")])
def test_the_starting_design_of_new_is_clean_in_the_editor(
    workspace: Path, server: YamlLanguageServer, game_id: str
) -> None:
    from sheetgen.core.resources import starting_design

    path = _file(workspace, f"new-{game_id}", game_id, starting_design(game_id, "Arrow"))
    assert _validate_errors(path) == []
    assert [(d["range"]["start"]["line"] + 1, d["message"]) for d in server.diagnostics(path)] == []
