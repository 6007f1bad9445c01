"""SF-9: the quick-start text lost the munitions per launcher; a design that states none gets
blank munition boxes on its record sheet, as the note promises (the sheet printed a write-in
line marked "not stated" instead)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetgen.games.starfire import data
from sheetgen.games.starfire.sheet import ship_view
from sheetgen.scenarios.loading import load_designs

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]

BLANK = "game: starfire\nname: Blank\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n"


def test_the_note_and_the_view_agree_on_blank_boxes(write: Write) -> None:
    path = write("blank.yaml", BLANK)
    (entry,) = load_designs([path]).entries
    notes = [loc.finding.message for loc in entry.located if loc.finding.rule == "SF-9"]
    assert notes == ["no munitions stated for R: the sheet prints blank munition boxes to fill in"]
    (launcher,) = ship_view(entry.stats, [])["launchers"]
    assert launcher["boxes"] == data.BLANK_MUNITION_BOXES == 20
    assert launcher["stated"] is False


def test_the_sheet_prints_blank_boxes_not_a_write_in(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    stated = write("stated.yaml", BLANK.replace("name: Blank", "name: Stated") + "munitions: {R: 7}\n")
    r = invoke("sheets", write("blank.yaml", BLANK), stated, "--format", "html", "-o", out)
    assert r.exit_code == 0, r.stderr
    html = out.read_text(encoding="utf-8")
    assert "not stated" not in html and 'class="write-in"' not in html
    rows = re.findall(r'<span class="lname">R1</span>\s*<span class="boxes">(☐*)</span>', html)
    assert [len(r) for r in rows] == [20, 7]
    assert html.count("blank boxes: none stated, cross off past your count") == 1
