"""`sheetgen import` places findings at their column in the pasted text."""

from __future__ import annotations

from typing import Any


def test_starfire_import_points_at_the_unknown_code(invoke: Any) -> None:
    r = invoke("import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLRK-[6]")
    # K is the 24th character
    assert "notation:1:24: error [SF-1] unknown system 'K'" in r.stderr
    assert r.exit_code == 1
