"""The lighter Knight Hawks 2000 record sheet's two columns (issue 28): system damage,
ordnance, defences, repairs and maneuvers drawn as few elements, none WeasyPrint has to
measure, still print every box, crossed as the design's condition says, and their text
where it stood."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium

from sheetgen.games import find_game
from sheetgen.games.knighthawks.sheet import box_runs
from sheetgen.render.record_sheets import Ship, record_sheets_html
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS
from tests.render.sheet_readback import design_paths

KH = DESIGNS / "knight-hawks-2000"


def _runs(count: int, crossed: int = 0) -> list[list[tuple[int, bool, bool]]]:
    return [[(r["n"], r["crossed"], r["gap"]) for r in row] for row in box_runs(count, crossed)]


def test_box_runs_keep_every_box_and_every_gap() -> None:
    """60 torpedoes: three rows of 20, one run each (the gaps after every fifth box are in its
    picture); 23 with 2 launched: the crossed two, the rest of their group (a gap after it),
    then the row's other 15; the second row three."""
    assert _runs(60) == [[(20, False, False)]] * 3
    assert _runs(8) == [[(8, False, False)]]
    assert _runs(23, crossed=2) == [
        [(2, True, False), (3, False, True), (15, False, False)],
        [(3, False, False)],
    ]
    assert _runs(12, crossed=7) == [[(7, True, False), (3, False, True), (2, False, False)]]
    assert _runs(10, crossed=10) == [[(10, True, False)]]
    for count in range(0, 101):
        for crossed in (0, 1, 4, 5, 6, 21, count):
            rows = box_runs(count, crossed)
            assert sum(r["n"] for row in rows for r in row) == count
            assert sum(r["n"] for row in rows for r in row if r["crossed"]) == min(crossed, count)


def _html(path: Path | list[str]) -> tuple[str, int]:
    paths = [str(path)] if isinstance(path, Path) else path
    entries = load_designs(paths, only_game="knight-hawks-2000").entries
    ships = [Ship(find_game("knight-hawks-2000"), e.stats, e.findings) for e in entries]
    return "".join(record_sheets_html(ships, paper="letter")), len(ships)


def test_launched_rounds_are_crossed_runs(write: Any) -> None:
    """Leviathan with two seeker missiles launched: her seeker bay's first row is the two
    crossed boxes, three plain ones to the group's end (its gap after), then fifteen."""
    text = (KH / "ships" / "leviathan.yaml").read_text(encoding="utf-8")
    html, _ = _html(write("hit.yaml", text + "condition:\n  structure_points: 1200\n  launched: {SM: 2}\n"))
    bay = html[html.index("seeker bay") :]
    bay = bay[: bay.index('<div class="bay">') if '<div class="bay">' in bay else len(bay)]
    rows = re.findall(r'<div class="orow">(.*?)</div>', bay)
    assert rows[0] == '<span class="ob n2 x"></span><span class="ob n3 g"></span><span class="ob n15"></span>'
    assert all(" x" not in r for r in rows[1:])


def test_the_two_columns_are_light() -> None:
    """Every bundled design: the two columns hold no table, no box of its own and no
    inline-block tile (each measured before it was laid out), and under 100 elements a ship
    (172 before issue 28's last slice)."""
    html, ships = _html(design_paths("knight-hawks-2000"))
    cols = "".join(m.group(1) for m in re.finditer(r'<div class="cols">(.*?)</section>', html, re.S))
    assert "<table" not in cols
    assert 'class="box' not in cols
    elements = len(re.findall(r"<[a-zA-Z]", re.sub(r"url\([^)]*\)", "", cols)))
    assert elements / ships < 100, f"{elements / ships:.1f} elements a ship"


def _lefts(pdf: Path, needles: list[str]) -> dict[str, float]:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        tp = doc[0].get_textpage()
        text = tp.get_text_range()
        out = {}
        for needle in needles:
            start = text.index(needle)
            out[needle] = tp.get_charbox(start)[0]
        return out
    finally:
        doc.close()


def _words(pdf: Path) -> list[tuple[str, float, float]]:
    """Each word of page 1 (text, left, right in pt), in reading order."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        tp = doc[0].get_textpage()
        text = tp.get_text_range()
        out = []
        for m in re.finditer(r"\S+", text):
            boxes = [tp.get_charbox(i) for i in range(m.start(), m.end())]
            out.append((m.group(), min(b[0] for b in boxes), max(b[2] for b in boxes)))
        return out
    finally:
        doc.close()


def test_a_system_line_keeps_its_columns(invoke: Any, tmp_path: Path) -> None:
    """Exalted on Letter and A4, read back: the system lines' labels in one column, their boxes
    from 10.3em of the line's type (the maneuver jet's and the fire's at one left), a note's
    second line under its first (within 0.5 pt), and the maneuvers' MP column centred on one
    line for every row."""
    for paper in ("letter", "a4"):
        out = tmp_path / f"exalted-{paper}.pdf"
        assert invoke("sheets", KH / "ships" / "exalted.yaml", "-o", out, "--paper", paper).exit_code == 0
        x = _lefts(out, ["Maneuver jet", "Bridge", "damaged", "burning", "no maneuvers", "gunners −20%"])
        assert x["Maneuver jet"] == x["Bridge"]
        assert x["damaged"] > x["burning"]  # after the jet's three boxes, the fire's one
        assert abs(x["no maneuvers"] - x["gunners −20%"]) < 0.5
        words = _words(out)
        firsts = ("Evade", "Change", "Turn", "Grapple", "Lay")
        rows = [k for k, w in enumerate(words) if w[0] in firsts and k > 0 and words[k - 1][0] != "straight"]
        mp = [words[k + (1 if words[k][0] in ("Evade", "Grapple") else 2)] for k in rows[-5:]]
        assert [w[0] for w in mp] == ["1", "1", "1", "3/2", "1"]
        centres = [(w[1] + w[2]) / 2 for w in mp]
        assert max(centres) - min(centres) < 0.5, centres
