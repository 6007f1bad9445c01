"""The Knight Hawks 2000 record sheet's parts computed in-process: the structure track."""

from __future__ import annotations

from sheetgen.games.knighthawks.sheet import structure_track, track_unit


def test_structure_track_units_and_marks() -> None:
    assert track_unit(1440) == 20
    assert track_unit(60) == 1
    assert track_unit(99_999) == 1000
    track = structure_track(1440)
    cells = [c for row in track["rows"] for c in row["cells"]]
    assert len(cells) == 72
    marks = {i + 1: c["mark"] for i, c in enumerate(cells) if c["mark"]}
    assert marks == {36: "½", 48: "⅔", 72: "0"}  # 720, 960 and 1,440 SP lost
    assert [row["left"] for row in track["rows"]] == [1040, 640, 240, 0]
    odd = structure_track(2500)  # 1,667 is no multiple of 25: the mark goes in the box holding it
    marks = {i + 1: c["mark"] for i, c in enumerate(c for r in odd["rows"] for c in r["cells"]) if c["mark"]}
    assert marks == {50: "½", 67: "⅔", 100: "0"}
