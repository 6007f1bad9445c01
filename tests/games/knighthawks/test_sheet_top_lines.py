"""The top of the Knight Hawks 2000 record sheet set as lines of text: the crew and weapons tables
and the structure track are a block each (cells placed by spaces, rules and boxes one SVG background),
so the top is light, and each heading still stands over its column, on Letter and on A4."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from sheetgen.games import find_game
from sheetgen.render.record_sheets import Ship, record_sheets_html, render_record_sheets
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

SHIPS = DESIGNS / "knight-hawks-2000" / "ships"


def _ships() -> list[Ship]:
    entries = load_designs([str(SHIPS)], only_game="knight-hawks-2000").entries
    return [Ship(find_game("knight-hawks-2000"), e.stats, e.findings) for e in entries]


def test_the_top_of_a_sheet_is_light() -> None:
    """Above the two columns (vitals, crew, weapons, structure) a bundled ship's block has at most
    90 elements (it had 203: a table cell a crew or weapon entry, an element a run of track boxes)."""
    (html,) = record_sheets_html(_ships(), paper="letter")
    tops = [s.split('<div class="cols">')[0] for s in html.split("<section")[1:]]
    per_ship = sum(len(re.findall(r"<[a-zA-Z]", t)) for t in tops) / len(tops)
    assert per_ship <= 90, per_ship


@pytest.fixture(scope="module", params=["letter", "a4"])
def leviathan(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list]:
    """The bundled dreadnaught's first page, printed once a paper: its text and each character's box."""
    (entry,) = load_designs([str(SHIPS / "leviathan.yaml")]).entries
    pdf = render_record_sheets([Ship(entry.game, entry.stats, entry.findings)], paper=request.param).data
    path: Path = tmp_path_factory.mktemp("kh-top") / f"leviathan-{request.param}.pdf"
    path.write_bytes(pdf)
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[0].get_textpage()
        text = page.get_text_range()
        boxes = [page.get_charbox(i) for i in range(len(text))]
    finally:
        doc.close()
    return text, boxes


def _middle(text: str, boxes: list, needle: str, after: str = "") -> float:
    """The middle (pt from the page's left) of the first ``needle`` after ``after``."""
    at = text.index(needle, text.index(after) if after else 0)
    marks = [boxes[i] for i in range(at, at + len(needle)) if boxes[i][2] > boxes[i][0]]
    return (min(b[0] for b in marks) + max(b[2] for b in marks)) / 2


@pytest.mark.parametrize(
    ("heading", "value", "after"),
    [
        ("IM", "7", "Adm. Corwen Strade"),  # the crew table's IM column: the captain's IM
        ("max dmg", "4,000", "Heavy Laser Cannon"),
        ("dice", "400D10", "Heavy Laser Cannon"),
        ("cut by", "ABM, MS", "Heavy Laser Cannon"),  # the last column, past every space set before it
        ("per", "missile", "Seeker Missiles"),
    ],
)
def test_each_heading_stands_over_its_column(
    leviathan: tuple[str, list], heading: str, value: str, after: str
) -> None:
    """A centred column's heading and value share their middle within 1 pt (bold headings in a
    smaller size, values in the body's: each placed by its own font's widths)."""
    text, boxes = leviathan
    assert _middle(text, boxes, heading, "station" if heading == "IM" else "guided") == pytest.approx(
        _middle(text, boxes, value, after), abs=1.0
    )


def test_every_structure_box_is_drawn_once(leviathan: tuple[str, list]) -> None:
    """The track's 100 boxes (2,500 SP at 25 a box) are 5 rows of 20, read back as their marks and
    each row's SP left; every row's boxes one dashed stroke in the track's SVG."""
    text, _ = leviathan
    for left in ("2,000 left", "1,500 left", "1,000 left", "500 left", "0 left"):
        assert left in text
    (entry,) = load_designs([str(SHIPS / "leviathan.yaml")]).entries
    (html,) = record_sheets_html([Ship(entry.game, entry.stats, entry.findings)])
    (svg,) = re.findall(r"\.tk \{ background: url\(\"data:image/svg\+xml,(.*?)\"\)", html)
    (outer,) = re.findall(r"<path d='([^']*)' stroke='%23222' stroke-width='174'", svg)
    assert outer.count("M") == 5
