"""Space Cruisers tests; the helpers every file of this folder uses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.scenarios.loading import Entry, load_designs


def load_one(path: Path) -> Entry:
    """The one design in ``path``, read without input errors."""
    result = load_designs([path])
    assert not result.input_errors, [str(x) for x in result.input_errors]
    assert len(result.entries) == 1
    return result.entries[0]


def stats_of(text: str, write: Any, name: str = "d.yaml") -> Entry:
    """The one design ``text`` holds, written to ``name`` with the ``write`` fixture."""
    return load_one(write(name, text))
