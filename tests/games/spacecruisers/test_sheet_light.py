"""The lighter Space Cruisers record sheet (issue 28): its tick boxes drawn as few elements
print the boxes the rules give, crossed as the design's condition says, and a sheet holds
few elements a ship."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from sheetgen.games.spacecruisers import sheet
from sheetgen.render.record_sheets import Ship, record_sheets_html
from sheetgen.scenarios.loading import load_designs

SC = Path(__file__).resolve().parents[3] / "designs" / "space-cruisers"


def _picture(box: dict[str, Any]) -> str:
    return unquote(box["image"])


def test_the_critical_boxes_are_one_picture_of_every_box() -> None:
    """Three hit-twice results (two boxes each) and four marks (one each): ten boxes, lines
    4.04 mm apart, none crossed; the picture as wide as two boxes' line."""
    box = sheet.critical_boxes([(2, 0)] * 3 + [(1, 0)] * 4)
    svg = _picture(box)
    assert svg.count("<rect") == 10 and "<path" not in svg
    assert box["height"] == 7 * sheet.CRITICAL_LINE
    assert box["width"] == 6.988
    assert box["key"] == "20-20-20-10-10-10-10"


def test_criticals_taken_are_crossed_in_the_picture(write: Any) -> None:
    """A warp core hit once and the targeting computer hit: one of the warp core's two boxes
    and the computer's box crossed (a path each), the rest not."""
    path = write(
        "hit.yaml",
        "game: space-cruisers\nname: Hit\nhull: military\nsystems: [phasers]\n"
        "condition: {hull_points: -2, shields: 0, criticals: [warp-core, targeting]}\n",
    )
    (entry,) = load_designs([path]).entries
    view = entry.game.sheet_ship(entry.stats, entry.findings)
    svg = _picture(view["critical_boxes"])
    assert svg.count("<rect") == 10 and svg.count("<path") == 2
    assert view["critical_boxes"]["key"] == "21-20-20-11-10-10-10"
    (html,) = record_sheets_html([Ship(entry.game, entry.stats, entry.findings)])
    # the sheet's stylesheet draws that picture, and the ship's box column names it
    assert f".critboxes.c{view['critical_boxes']['key']} {{ background-image: url(" in html
    assert f'class="critboxes c{view["critical_boxes"]["key"]}"' in html


def test_runs_of_tick_boxes_count_every_box() -> None:
    """Resolute's ten fighters: two runs of five, each as wide as five 2.8 mm boxes 3.2 mm apart
    (less the last gap)."""
    (entry,) = load_designs([SC / "ships" / "resolute.yaml"]).entries
    (html,) = record_sheets_html([Ship(entry.game, entry.stats, entry.findings)])
    fighters = html[html.index("Fighters aboard") :]
    fighters = fighters[: fighters.index("</div>")]
    runs = re.findall(r'class="boxrun" data-boxes="(\d+)" style="width: ([\d.]+)mm"', fighters)
    assert runs == [("5", "15.6"), ("5", "15.6")]


def test_a_space_cruisers_sheet_is_light() -> None:
    """The bundled designs' sheets: at most 45 elements a ship (105 before the critical boxes,
    system boxes and tick box runs were made lighter, 78.6 before the weapons table, the rows
    of system boxes, the hull point rows and the status lines were set as lines of text)."""
    folders = [SC / "ships", SC / "illegal"]
    entries = load_designs([str(f) for f in folders]).entries
    (html,) = record_sheets_html([Ship(e.game, e.stats, e.findings) for e in entries])
    body = html[html.index("<body") :]
    assert len(re.findall(r"<[a-zA-Z]", body)) / len(entries) <= 45
