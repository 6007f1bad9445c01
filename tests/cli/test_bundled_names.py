"""Every verb that reads designs or scenarios takes a bundled scenario by its name, as ``kit``,
``map``, ``tts``, ``vassal`` and ``play`` do: ``sheetgen stats convoy-raid`` gave "no such
file". A file or folder of that name here still comes first, and a name with a folder is a
path, said missing when it is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
CONVOY = DESIGNS / "starfire" / "scenarios" / "convoy-raid.yaml"


@pytest.mark.parametrize("name", ["convoy-raid", "convoy-raid.yaml", "Convoy-Raid"])
@pytest.mark.parametrize("verb", [["stats"], ["validate"], ["stats", "--json"]])
def test_a_bundled_name_reads_as_its_file(invoke: Invoke, verb: list[str], name: str) -> None:
    by_name, by_path = invoke(*verb, name), invoke(*verb, str(CONVOY))
    assert by_name.exit_code == by_path.exit_code == 0, by_name.stderr
    assert (by_name.stdout, by_name.stderr) == (by_path.stdout, by_path.stderr)
    said = by_name.stdout + by_name.stderr
    assert ("Drayhorse" in said) if verb[0] == "stats" else ("(with 1 scenario)" in said), said


def test_sheets_and_counters_take_a_bundled_name(invoke: Invoke, tmp_path: Path) -> None:
    sheets = invoke("sheets", "convoy-raid", "-o", str(tmp_path / "s.pdf"))
    assert sheets.exit_code == 0, sheets.stderr
    counters = invoke("counters", "--scenario", "convoy-raid", "-o", str(tmp_path / "c.pdf"))
    assert counters.exit_code == 0, counters.stderr
    assert (tmp_path / "s.pdf").read_bytes()[:5] == (tmp_path / "c.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_file_here_comes_first_and_a_path_is_a_path(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "convoy-raid").write_text(
        "game: starfire\nname: Local\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n"
    )
    local = invoke("stats", "convoy-raid")
    assert local.exit_code == 0 and "Local" in local.stdout and "Drayhorse" not in local.stdout
    missing = invoke("validate", "some/convoy-raid")
    assert missing.exit_code == 2
    assert "some/convoy-raid:1:1: error [FILE] no such file" in missing.stdout + missing.stderr


def test_a_folder_of_the_name_does_not_hide_the_bundled_scenario(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's own steps: a kit written with ``-o convoy-raid``, then ``kit convoy-raid``
    said "is a folder, not a YAML file". A folder is no scenario: the bundled one is read."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "convoy-raid").mkdir()  # as `kit ... -o convoy-raid` leaves it
    made = invoke("map", "--scenario", "convoy-raid", "-o", str(tmp_path / "map.pdf"))
    assert made.exit_code == 0, made.stderr
    assert (tmp_path / "map.pdf").read_bytes()[:5] == b"%PDF-"
