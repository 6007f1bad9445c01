"""One rule for where every verb writes: ``-o`` when given, else the verb's default name
in the current folder (the name the kit gives that part), and a default name never
replaces a file already there (one line, exit 2, the file as it was)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
SCOUTS = DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml"


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (("sheets", ARROW), "record-sheets.pdf"),
        (("sheets", ARROW, "--format", "html"), "record-sheets.html"),
        (("counters", ARROW), "counters.pdf"),
        (("map", "--scenario", SCOUTS), "map.pdf"),
        (("reference", "kill-radius"), "reference-card.pdf"),
        (("reference", "kill-radius", "--one-page"), "quick-card.pdf"),
    ],
)
def test_a_verb_without_output_writes_its_default_name_once(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[Any, ...], name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    first = invoke(*args)
    assert first.exit_code == 0, first.stderr
    assert [p.name for p in tmp_path.iterdir()] == [name]
    assert f"wrote {name}" in first.stderr
    made = (tmp_path / name).read_bytes()
    again = invoke(*args)
    assert again.exit_code == 2
    assert again.stderr.strip() == (
        f"sheetgen: error: {name} is already here; give -o {name} to replace it, or -o another name"
    )
    assert (tmp_path / name).read_bytes() == made
    replaced = invoke(*args, "-o", name)  # -o replaces, as it always did
    assert replaced.exit_code == 0, replaced.stderr


def test_vassal_defaults_to_the_scenarios_module_name(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``vassal`` writes ``<scenario>.vmod`` (the name ``kit --vassal`` gives it), and
    refuses, before building it, when that file is there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scouts-meet.vmod").write_bytes(b"mine")
    result = invoke("vassal", SCOUTS)
    assert result.exit_code == 2
    assert "scouts-meet.vmod is already here; give -o scouts-meet.vmod" in result.stderr
    assert (tmp_path / "scouts-meet.vmod").read_bytes() == b"mine"
