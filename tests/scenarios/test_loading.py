"""Designs read from paths (sheetgen.scenarios.loading): what the library API takes."""

from __future__ import annotations

from pathlib import Path

from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"


def test_one_path_alone_is_one_file_not_its_characters() -> None:
    for given in (ARROW, str(ARROW), [ARROW]):
        result = load_designs(given)
        assert result.input_errors == []
        assert [e.stats.name for e in result.entries] == ["Arrow"]


def test_no_paths_is_one_input_error() -> None:
    (err,) = load_designs([]).input_errors
    assert str(err) == "sheetgen:1:1: error [FILE] no design files given"


def test_a_scenario_without_its_scenario_key_says_it_looks_like_one(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        "game: starfire\nname: Raid\nmap: {cols: 20, rows: 20}\nsides:\n  - name: A\n    fleet: []\n"
    )
    assert [str(x) for x in load_designs([path]).input_errors] == [
        f"{path}:1:1: error [SCHEMA] this looks like a scenario (it has 'sides' and 'map') but lacks"
        " 'scenario: NAME', the key validate and kit know a scenario by"
    ]


def test_a_fleet_with_its_designs_key_misspelt_says_it_looks_like_one(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    path.write_text(
        "game: starfire\nfleet: Home\nDesigns:\n  - {name: A, hull: CT, systems: SSAA(I)(I)(I)QLR}\n"
    )
    assert [str(x) for x in load_designs([path]).input_errors] == [
        f"{path}:1:1: error [SCHEMA] this looks like a fleet (it has 'Designs' and 'fleet'); a fleet lists"
        " its designs under 'designs:' (with 'fleet: NAME' and 'game:' beside it)"
    ]


def test_a_folder_is_read_without_its_hidden_files_and_folders(tmp_path: Path) -> None:
    arrow = (DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml").read_bytes()
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "arrow.yaml").write_bytes(arrow)
    for hidden in (".trash/old.yaml", ".git/config.yaml", "ships/.draft.yaml", "ships/.old/a.yml"):
        (tmp_path / hidden).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / hidden).write_text("x: [", encoding="utf-8")  # unreadable, were it read
    result = load_designs([tmp_path])
    assert not result.input_errors
    assert [e.stats.name for e in result.entries] == ["Arrow"]
    # a hidden folder given by name is read: only the folders found inside are skipped
    hidden = tmp_path / ".keep"
    hidden.mkdir()
    (hidden / "arrow.yaml").write_bytes(arrow)
    assert [e.stats.name for e in load_designs([hidden]).entries] == ["Arrow"]


def test_an_empty_list_of_designs_is_an_input_error_as_an_empty_fleet_is(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("[]\n", encoding="utf-8")
    result = load_designs([empty])
    assert [str(loc) for loc in result.input_errors] == [
        f"{empty}:1:1: error [SCHEMA] the list holds no designs"
    ]
    assert result.exit_code == 2
