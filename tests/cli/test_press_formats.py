"""``--press`` and ``--press-standard`` on every printing verb: a press file is a PDF, so any
other format (by ``--format`` or by the ``-o`` file's suffix) is refused with one line, exit 2,
before any work and with nothing written (:func:`sheetgen.cli.press.press_standard`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
ARROW = str(DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml")
REFUSED = ["sheetgen: error: --press writes PDF: give -o FILE.pdf"]

CASES = [
    ["map", "--cols", "3", "--rows", "3", "--press", "--format", "png"],
    ["map", "--cols", "3", "--rows", "3", "--press", "-o", "m.png"],
    ["map", "--cols", "3", "--rows", "3", "--press-standard", "x1a", "-o", "m.png"],
    ["map", "--cols", "3", "--rows", "3", "--press", "--format", "svg", "-o", "m.svg"],
    ["map", "--cols", "3", "--rows", "3", "--press-standard", "x4", "-o", "m.svg"],
    ["reference", "starfire", "--format", "json", "--press"],
    ["reference", "starfire", "--format", "csv", "--press-standard", "x1a"],
    ["reference", "starfire", "--press", "-o", "card.html"],
    ["reference", "starfire", "--press", "-o", "card.json"],
    ["sheets", ARROW, "--press", "-o", "s.html"],
    ["sheets", ARROW, "--press-standard", "x1a", "--format", "html"],
    ["counters", ARROW, "--press", "-o", "c.svg"],
    ["counters", ARROW, "--press-standard", "x1a", "--format", "svg"],
    ["counters", ARROW, "--press", "--format", "png", "-o", "faces"],
]


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(x for x in a if x != ARROW))
def test_a_press_file_of_another_format_is_refused_and_nothing_written(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == REFUSED
    assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_bad_standard_is_still_named_before_the_format(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("map", "--press-standard", "x3", "-o", tmp_path / "m.png")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "sheetgen: error: --press-standard: 'x3' is not one of x4, x1a"
    ]
    assert list(tmp_path.iterdir()) == []
