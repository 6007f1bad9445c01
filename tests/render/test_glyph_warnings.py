"""A character the bundled fonts lack is one warning line of the same form from every
output: record sheets and briefings (WeasyPrint), counters and maps (ReportLab), the kit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]

YAMATO = "game: starfire\nname: 大和\nhull: DD\nsystems: SSSAA(I)(I)(I)(I)QQLLRR\n"
LINE = "sheetgen: warning: the bundled fonts have no glyph for '和' (U+548C), '大' (U+5927) in '大和'; they print as empty boxes"


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "warning" in line]


def test_record_sheets_warn_once_of_a_name_the_fonts_lack(
    invoke: Invoke, write: Write, tmp_path: Path
) -> None:
    """The name's line, and not WeasyPrint's line of the same characters as well."""
    result = invoke("sheets", write("yamato.yaml", YAMATO), "-o", tmp_path / "s.pdf")
    assert result.exit_code == 0
    assert _warnings(result.stderr) == [LINE]


def test_counters_warn_of_a_name_in_the_same_form(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    result = invoke("counters", write("yamato.yaml", YAMATO), "-o", tmp_path / "c.pdf")
    assert result.exit_code == 0
    assert _warnings(result.stderr) == [LINE]


def test_the_map_warns_of_its_texts_the_fonts_lack(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    """A terrain feature's name and a start position's label (they printed as boxes without
    a word); the title too when the map is printed alone."""
    ship = DESIGNS / "starfire" / "ships" / "escort-picket.yaml"
    scenario = write(
        "map.yaml",
        "scenario: 星\ngame: starfire\nmap:\n  cols: 8\n  rows: 6\n  hex: 1in\n"
        '  terrain:\n    - {type: asteroids, name: 帯, hexes: ["0402"]}\n'
        '  start:\n    - {ship: 和, at: "0203", facing: NE}\n'
        f"sides:\n  - name: A\n    fleet:\n      - design: {ship}\n        names: [和]\n",
    )
    result = invoke("map", "--scenario", scenario, "-o", tmp_path / "m.pdf")
    assert result.exit_code == 0, result.stderr
    boxes = "; they print as empty boxes"
    assert _warnings(result.stderr) == [
        "sheetgen: warning: the bundled fonts have no glyph for '星' (U+661F) in the map's title '星'"
        + boxes,
        "sheetgen: warning: the bundled fonts have no glyph for '帯' (U+5E2F) in the map's feature '帯'"
        + boxes,
        "sheetgen: warning: the bundled fonts have no glyph for '和' (U+548C) in the map's start position '和'"
        + boxes,
    ]
