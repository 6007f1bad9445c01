"""A Space Cruisers ship after a "1 Drive destroyed" critical (Critical Damage Table) has one
drive less: one move a turn less and 1 less on its initiative roll (Drives: "For each Drive
add 1 to the ships initiative roll"). The Gull (basic commercial hull, 2 drives) with one
destroyed: 1 move, d10 + 1, on its record sheet, its play card and in ``stats``."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium

from sheetgen.games.spacecruisers import live
from sheetgen.games.spacecruisers.play import drives_now
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

GULL = DESIGNS / "space-cruisers" / "ships" / "gull.yaml"
DRIVE_LOST = "condition:\n  hull_points: -1\n  shields: 0\n  criticals: [drive]\n"


def test_each_drive_destroyed_takes_one() -> None:
    assert [drives_now(2, c) for c in ((), ("drive",), ("drive", "drive"), ("drive",) * 3)] == [2, 1, 0, 0]
    assert drives_now(2, ("targeting", "weapon")) == 2


def test_the_sheet_prints_the_drives_and_initiative_left(tmp_path: Path, invoke: object) -> None:
    design = tmp_path / "gull.yaml"
    design.write_text(GULL.read_text(encoding="utf-8") + DRIVE_LOST, encoding="utf-8")
    out = tmp_path / "gull.pdf"
    run = invoke("sheets", design, "-o", out)  # type: ignore[operator]
    assert run.exit_code == 0, run.output
    text = re.sub(r"\s+", " ", pdfium.PdfDocument(out)[0].get_textpage().get_text_range())
    assert "Initiative d10 + 1" in text and "Drives 1 moves/turns" in text


def test_the_play_card_says_the_moves_and_initiative_left(tmp_path: Path) -> None:
    design = tmp_path / "gull.yaml"
    design.write_text(GULL.read_text(encoding="utf-8") + DRIVE_LOST, encoding="utf-8")
    result = load_designs([design])
    stats = result.entries[0].stats
    now = live.now(live.start(stats))
    assert (now["drives"], now["initiative_bonus"]) == (1, 1)
    facts = [f"{r['label']} {r['value']}{r['after']}" for r in live.card_rows(now) if r["kind"] == "fact"]
    assert "moves 1 a turn" in facts and "initiative d10 + 1" in facts
