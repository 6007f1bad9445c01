"""Every verb that writes files into the folder ``-o`` names replaces only what sheetgen wrote
there: ``kit`` (tests/test_kit_replace.py), ``tts`` and ``counters --format png``. A tester's
own ``damage-1-back.png`` in the folder given to ``tts -o`` was replaced without a word. Each
such folder now keeps a record of the files written (``.sheetgen-files.json``, their SHA-256):
a file of a name the verb writes that is not in it, or changed since, stops the verb with one
line (exit 2) and nothing written; writing again over its own files works; ``--force``
replaces."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.output import RECORD

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
SCENARIO = DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml"
ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
VERBS = {
    "tts": (["tts", str(SCENARIO)], "damage-1-back.png"),
    "counters png": (["counters", str(ARROW), "--format", "png"], "arrow-front.png"),
}


@pytest.mark.parametrize("verb", list(VERBS))
def test_a_players_file_in_the_folder_is_kept(invoke: Invoke, tmp_path: Path, verb: str) -> None:
    args, name = VERBS[verb]
    folder = tmp_path / "mine"
    first = invoke(*args, "-o", str(folder))
    assert first.exit_code == 0, first.stderr
    assert (folder / name).is_file() and (folder / RECORD).is_file()
    again = invoke(*args, "-o", str(folder))  # over its own files: replaced
    assert again.exit_code == 0, again.stderr
    (folder / name).write_bytes(b"the player's own picture\n")  # now the player's
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    refused = invoke(*args, "-o", str(folder))
    assert refused.exit_code == 2
    assert refused.stderr.strip().splitlines()[-1] == (
        f"sheetgen: error: {folder / name}: not replaced: sheetgen did not write it here, or it changed"
        " since; move it away, choose another -o, or add --force to replace it"
    )
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before  # nothing written
    forced = invoke(*args, "-o", str(folder), "--force")
    assert forced.exit_code == 0, forced.stderr
    assert (folder / name).read_bytes().startswith(b"\x89PNG")
