"""Golden stats for every shipped Kill Radius design.

``tests/games/killradius/golden/kill-radius-stats.json`` holds ``sheetgen stats --json`` for each
design under ``designs/kill-radius/`` (paths relative to the repository). After
a deliberate change, rewrite it with ``SHEETGEN_UPDATE_GOLDEN=1 pytest
tests/games/killradius/test_golden.py`` and read the diff before committing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS, ROOT

GOLDEN = Path(__file__).parent / "golden" / "kill-radius-stats.json"


def current() -> dict[str, Any]:
    result = load_designs([DESIGNS / "kill-radius"])
    assert not result.input_errors
    out: dict[str, Any] = {}
    for entry in result.entries:
        d = entry.stats_dict()
        for f in d["findings"]:
            f["file"] = os.path.relpath(f["file"], ROOT)
        source = os.path.relpath(entry.document.source, ROOT)
        out[f"{source}#{d['name']}"] = d
    return out


def test_golden_stats() -> None:
    stats = current()
    if os.environ.get("SHEETGEN_UPDATE_GOLDEN"):
        GOLDEN.write_text(
            json.dumps(stats, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
        )
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(stats) == sorted(golden)
    for key, value in golden.items():
        assert stats[key] == value, key


def test_golden_covers_every_shipped_design() -> None:
    files = {
        os.path.relpath(p, ROOT)
        for p in (DESIGNS / "kill-radius").rglob("*.yaml")
        if "scenarios" not in p.parts
    }
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert {key.split("#")[0] for key in golden} == files
    assert len(golden) == 17
