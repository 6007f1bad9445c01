"""``sheetgen new``, ``sheetgen examples`` and ``sheetgen kit NAME``: a first design that
validates as written, the bundled examples copied out, bundled scenarios by name."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from sheetgen.core.resources import example_files
from sheetgen.games import GAMES, find_game
from sheetgen.kit import bundled_scenarios

from tests.conftest import DESIGNS
from tests.every_game import every_game, with_stand_in

Invoke = Callable[..., Any]


@pytest.mark.parametrize("game", every_game())
def test_new_writes_a_design_that_validates_as_written(invoke: Invoke, tmp_path: Path, game: str) -> None:
    out = tmp_path / "ship.yaml"
    r = invoke("new", game, "--name", "Dart", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert r.stderr == f"wrote {out}: check it with sheetgen validate {out}\n"
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# ")  # commented for the user
    assert yaml.safe_load(text)["name"] == "Dart"
    assert yaml.safe_load(text)["game"] == game
    v = invoke("validate", out)
    assert v.exit_code == 0, v.stdout
    assert not [line for line in v.stdout.splitlines() if " error " in line or " warning " in line]


@pytest.mark.parametrize("name", ["Yes", "12", "a: b", "#7", " Lead", 'Ünïcode "q"'])
def test_new_quotes_names_yaml_would_misread(invoke: Invoke, tmp_path: Path, name: str) -> None:
    out = tmp_path / "ship.yaml"
    assert invoke("new", "starfire", "--name", name, "-o", out).exit_code == 0
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["name"] == name
    assert invoke("validate", out).exit_code == 0


def test_new_prints_to_standard_output_without_o(invoke: Invoke) -> None:
    r = invoke("new", "kill-radius")
    assert r.exit_code == 0
    assert yaml.safe_load(r.stdout)["name"] == "New ship"


def test_new_never_overwrites_without_force(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    out.write_text("my own design\n", encoding="utf-8")
    r = invoke("new", "starfire", "-o", out)
    assert r.exit_code == 2
    assert r.stderr == (
        f"sheetgen: error: {out} already exists; choose another -o or add --force to replace it\n"
    )
    assert out.read_text(encoding="utf-8") == "my own design\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.yaml"]  # no temporary file left
    r = invoke("new", "starfire", "-o", out, "--force")
    assert r.exit_code == 0
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["game"] == "starfire"


def test_new_refuses_bad_input_in_one_line(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("new", "starfyre")
    assert r.exit_code == 2
    assert len(r.stderr.splitlines()) == 1 and "starfyre" in r.stderr
    r = invoke("new", "starfire", "-o", tmp_path / "ship.pdf")
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1
    r = invoke("new", "starfire", "-o", tmp_path / "no-such-folder" / "ship.yaml")
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1
    r = invoke("new", "starfire", "--name", " ")
    assert r.exit_code == 2 and len(r.stderr.splitlines()) == 1


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_examples_copies_every_bundled_file(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "ex"
    r = invoke("examples", out)
    assert r.exit_code == 0, r.stderr
    bundled = {
        str(rel): src.read_bytes() for rel, src in example_files([find_game(g).files() for g in GAMES])
    }
    assert _tree(out) == bundled
    assert _tree(out) == _tree(DESIGNS)  # the checkout's designs/ folder, whole
    assert f"copied {len(bundled)} example files into {out}" in r.stderr


@with_stand_in
def test_examples_copy_validates_and_kits_from_there(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "ex"
    assert invoke("examples", out).exit_code == 0
    monkeypatch.chdir(tmp_path)
    for game in GAMES:
        r = invoke("validate", f"ex/{game}/ships" if (out / game / "ships").is_dir() else f"ex/{game}/fleets")
        assert r.exit_code == 0, r.stdout
    # the illegal examples are copied too: the whole folder has illegal designs, no unreadable one
    assert invoke("validate", "ex").exit_code == 1
    for scenario in sorted(out.glob("*/scenarios/*.yaml")):
        assert invoke("validate", scenario).exit_code == 0, scenario


def test_examples_refuses_a_folder_that_is_not_empty(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    r = invoke("examples", tmp_path)
    assert r.exit_code == 2
    assert r.stderr == (
        f"sheetgen: error: {tmp_path} is not empty; choose an empty or new folder, "
        "or add --force (no file is replaced)\n"
    )
    assert _tree(tmp_path) == {"notes.txt": b"mine\n"}
    file = tmp_path / "notes.txt"
    r = invoke("examples", file)
    assert r.exit_code == 2 and r.stderr == f"sheetgen: error: {file} is a file, not a folder\n"


def test_examples_force_never_replaces_a_file(invoke: Invoke, tmp_path: Path) -> None:
    mine = tmp_path / "starfire" / "ships" / "corvette-arrow.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_text("my edited arrow\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    r = invoke("examples", tmp_path, "--force")
    assert r.exit_code == 0
    assert mine.read_text(encoding="utf-8") == "my edited arrow\n"
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine\n"
    assert f"sheetgen: warning: {mine} already exists and differs from the bundled file; kept as it was" in (
        r.stderr.splitlines()
    )
    assert (tmp_path / "starfire" / "scenarios" / "convoy-raid.yaml").is_file()
    again = invoke("examples", tmp_path, "--force")  # identical files are simply there already
    assert again.exit_code == 0
    assert f"copied 0 example files into {tmp_path}" in again.stderr
    assert again.stderr.count("warning") == 1


def test_kit_takes_a_bundled_scenarios_name(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sheetgen.cli.kit import _scenario_path

    monkeypatch.chdir(tmp_path)  # no designs/ folder here: the name is looked up in the bundle
    assert _scenario_path(Path("convoy-raid")) == DESIGNS / "starfire" / "scenarios" / "convoy-raid.yaml"
    assert (
        _scenario_path(Path("Border-Clash.yaml"))
        == DESIGNS / "kill-radius" / "scenarios" / "border-clash.yaml"
    )
    # a file of that name, where it exists, wins over the bundled one
    (tmp_path / "convoy-raid").write_text("scenario: mine\n", encoding="utf-8")
    assert _scenario_path(Path("convoy-raid")) == Path("convoy-raid")


@with_stand_in
def test_kit_with_an_unknown_name_lists_the_bundled_ones(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    names = sorted(p.stem for p in bundled_scenarios())
    for given in ("convoy-raids", os.path.join("somewhere", "convoy-raid.yaml")):
        r = invoke("kit", given)
        assert r.exit_code == 2
        assert r.stderr == (
            f"sheetgen: error: {given}: no such scenario file, nor a bundled scenario of that name; "
            f"bundled: {', '.join(names)}\n"
        )
    assert not list(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize("game", every_game())
def test_new_design_names_its_schema_and_passes_it(invoke: Invoke, game: str) -> None:
    import jsonschema

    from sheetgen.scenarios.json_schemas import schema

    r = invoke("new", game, "--name", "Dart")
    assert r.stdout.splitlines()[0] == f"# yaml-language-server: $schema={game}.schema.json"
    jsonschema.validate(yaml.safe_load(r.stdout), schema(game))


@pytest.mark.parametrize(
    "verb", [("new", "starfire"), ("roll", "space-cruisers"), ("import", "starfire", "CT-SSAA(I)(I)(I)QLR")]
)
def test_a_name_longer_than_a_design_may_carry_is_refused(
    invoke: Invoke, tmp_path: Path, verb: tuple[str, ...]
) -> None:
    """What new, roll and import write validates: a --name past 300 characters is refused up front."""
    out = tmp_path / "ship.yaml"
    r = invoke(*verb, "--name", "x" * 301, "-o", out)
    assert r.exit_code == 2
    assert (
        r.stderr.strip() == "sheetgen: error: --name is 301 characters long; a design's name is at most 300"
    )
    assert not out.exists()
    assert invoke(*verb, "--name", "x" * 300, "-o", out).exit_code == 0
    assert invoke("validate", out).exit_code == 0


def test_examples_that_cannot_be_copied_in_full_leave_nothing(
    invoke: Invoke, tmp_path: Path, disk_fills: Callable[[int], Callable[[], None]]
) -> None:
    """A copy that fails part-way (the disk fills at the 40th file) removes the files it copied
    and the folders it made, in one line, exit 2; a file that was there stays."""
    folder = tmp_path / "ex"
    folder.mkdir()
    (folder / "mine.yaml").write_text("kept\n", encoding="utf-8")
    disk_fills(40)
    r = invoke("examples", folder, "--force")
    assert r.exit_code == 2
    assert r.stderr.endswith(": cannot write: No space left on device; nothing was copied\n")
    assert r.stderr.count("\n") == 1
    assert [p.name for p in folder.rglob("*")] == ["mine.yaml"]
