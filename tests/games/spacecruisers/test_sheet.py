"""Space Cruisers record sheets: hull point rows, system boxes, criticals, names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.games.spacecruisers import rules, sheet
from sheetgen.games.spacecruisers.rules import Design
from sheetgen.games.spacecruisers.stats import derive
from sheetgen.render.record_sheets import Ship, record_sheets_html, render_record_sheets
from sheetgen.scenarios.loading import load_designs

from tests.conftest import pdf_page_sizes, pdf_text, pdf_text_lines

SC = Path(__file__).resolve().parents[3] / "designs" / "space-cruisers"
GAME = find_game("space-cruisers")


def ships(*files: str) -> list[Ship]:
    result = load_designs([SC / "ships" / f for f in files])
    return [Ship(e.game, e.stats, e.findings) for e in result.entries]


def hull_boxes(html: str, *, below_zero: bool = False) -> int:
    """How many hull point boxes ``html`` prints in its rows of boxes (or its below-zero row): a
    row of N boxes is drawn by its class nN, and prints N numbers."""
    rows = re.findall(r'<div class="hprun n(\d+)( neg)?[^"]*">(.*?)</div>', html)
    for n, _, text in rows:  # the row's class draws as many boxes as it prints numbers
        assert int(n) == len(re.findall(r"-?\d+", re.sub(r"<span.*?</span>", "", text)))
    return sum(int(n) for n, neg, _ in rows if bool(neg) == below_zero)


def tick_boxes(html: str) -> int:
    """How many tick boxes ``html`` prints: a box element each, and each box drawn in a
    picture of boxes (the critical damage table's column)."""
    from urllib.parse import unquote

    pictures = dict(re.findall(r"\.critboxes\.(c[\w-]+) \{ background-image: url\(([^)]*)\)", html))
    drawn = sum(
        unquote(pictures[key]).count("<rect") for key in re.findall(r'class="critboxes (c[\w-]+)"', html)
    )
    runs = sum(int(n) for n in re.findall(r'class="boxrun" data-boxes="(\d+)"', html))
    return html.count('class="box"') + runs + drawn


def shield_boxes(html: str, block: str) -> int:
    """How many shield boxes ship ``block`` of sheet ``html`` prints: the boxes drawn in the
    picture its row of shields names (``html``'s stylesheet gives each picture once)."""
    from urllib.parse import unquote

    pictures = dict(re.findall(r'\.tags\.(t\d+) \{ background-image: url\("([^"]*)"\)', html))
    row = block[block.index("Shields") :]
    (key,) = re.findall(r'class="tags tg (t\d+)"', row[: row.index("Systems")])
    return unquote(pictures[key]).count("<rect")


def view(design: Design) -> dict[str, Any]:
    stats = derive(design)
    return GAME.sheet_ship(stats, rules.check(design))


def test_hull_point_rows_base_plus_armor() -> None:
    v = view(Design.from_systems("V", "military", ["Scanners", "Armor x2", "Shield", "Elite Crew"]))
    assert [(r["label"], r["boxes"][0], r["boxes"][-1]) for r in v["hull_rows"]] == [
        ("armor 2", 30, 21),
        ("armor 1", 20, 11),
        ("hull", 10, 1),
    ]
    assert v["below_zero"] == list(range(0, -10, -1))
    station = view(Design.from_systems("S", "station", ["armor"]))
    assert [r["label"] for r in station["hull_rows"]] == ["armor 1", "hull", "hull"]
    fighter = view(Design.from_systems("F", "fighter", []))
    assert fighter["hull_rows"] == [{"label": "hull", "boxes": [1]}]
    # seed 004, Attack Phase (lines 102-104) and Fighter Hulls (line 150): a fighter may sit
    # below 0 hull points until its next hit rolls a critical, so it gets the same row
    assert fighter["below_zero"] == list(range(0, -10, -1))


def test_a_box_per_system_and_shields_apart() -> None:
    v = view(Design.from_systems("C", "military", ["Shields", "Torps", "Security", "Drives x2"]))
    boxes = {s["name"]: (s["boxes"], s["built_in"]) for s in v["systems"]}
    assert boxes == {
        "phasers": (1, 1),
        "drives": (5, 3),
        "photon torpedoes": (1, 0),
        "security team": (1, 0),
    }
    assert v["shields"] == 2


def test_criticals_on_the_sheet() -> None:
    v = view(Design.from_systems("C", "military", []))
    assert [(c["name"], c["result"]) for c in v["twice"]] == [
        ("Warp core", "explodes"),
        ("Life support", "crew killed"),
        ("Super structure", "breaks apart"),
    ]
    assert [c["name"] for c in v["marks"]] == [
        "Targeting computer",
        "Maneuvering thrusters",
        "Weapons internal damage",
        "Malfunctions",
    ]


def test_sheet_html_prints_every_box() -> None:
    (html,) = record_sheets_html(ships("the-victorious.yaml", "resolute.yaml", "shade.yaml", "gull.yaml"))
    blocks = html.split('<section class="ship')[1:]
    victorious, resolute, shade, gull = blocks
    assert hull_boxes(victorious) == 30
    assert hull_boxes(victorious, below_zero=True) == 10
    assert shield_boxes(html, victorious) == 2
    # three hit-twice results with two boxes each, four marks with one
    crits = victorious[
        victorious.index('class="crits"') : victorious.index(
            'class="hint"', victorious.index('class="crits"')
        )
    ]
    assert tick_boxes(html[: html.index("<body")] + crits) == 3 * 2 + 4
    assert "Evades" in victorious and "Cloaked" not in victorious
    fighters = resolute[resolute.index("Fighters aboard") :]
    assert tick_boxes(fighters[: fighters.index("</div>")]) == 10
    assert "1d6+1" in resolute  # targeting computer
    assert "Cloaked" in shade and "Jump turbine used" in shade and "(2 shots)" in shade
    assert "passenger accommodations" in gull and "Drives</b> 2" in gull


def test_fighters_print_no_critical_table() -> None:
    (html,) = record_sheets_html(ships("wasp.yaml"))
    assert 'class="crits"' not in html
    assert "Any critical damage roll destroys it." in html
    # seed 004, Attack Phase (lines 102-104), Fighter Hulls (line 150): below 0 until the next hit
    assert hull_boxes(html) == 1 and hull_boxes(html, below_zero=True) == 10
    assert "below 0" in html and "its next hit rolls on the critical damage table" in html


def test_sheet_pdf_puts_several_ships_on_a_page(tmp_path: Path) -> None:
    four = ships("the-courageous.yaml", "the-victorious.yaml", "the-noblesse.yaml", "the-atlantea.yaml")
    pdf = render_record_sheets(four).data
    pages = pdf_text(pdf)
    assert len(pages) == 2
    assert sum(p.count("Military hull") for p in pages) == 4
    assert pages[0].count("Military hull") == 3
    assert pdf_page_sizes(pdf)[0] == pytest.approx((612, 792))
    assert pdf_page_sizes(render_record_sheets(four, paper="a4").data)[0] == pytest.approx(
        (595.28, 841.89), abs=0.1
    )
    assert render_record_sheets(four).data == pdf  # same input, same bytes


def test_sheet_warns_nothing_and_escapes_names() -> None:
    from sheetgen.render.html import html_to_pdf

    design = Design.from_systems("<b>{{x}}</b> & the very long named cruiser of doom", "military", [])
    stats = derive(design)
    (html,) = record_sheets_html([Ship(GAME, stats, [])])
    assert "&lt;b&gt;{{x}}&lt;/b&gt; &amp; the very long" in html
    assert html_to_pdf(html).warnings == ()


def test_sheets_cli_marks_illegal_designs(invoke: Any, tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    r = invoke("sheets", SC / "illegal" / "sc3-two-cloaks.yaml", "-o", out)
    assert r.exit_code == 1
    text = "\n".join(pdf_text(out))
    assert "Not a legal design" in text and "[SC-3]" in text


def test_name_size_classes() -> None:
    assert sheet.name_size("The Courageous") == "name-l"
    assert sheet.name_size("x" * 40) == "name-s"


BIG = """\
game: space-cruisers
name: The Indefatigable Sovereign of Distant Stars
class: Sovereign-class dreadnought of the Outer Reaches Fleet
hull: military
systems: {armor: 6, phasers: 3, photon torpedoes: 2, missiles: 2, chain guns: 1, ion shockwave: 1,
  security team: 2, shields: 3, scanners: 2, elite crew: 2, jump plasma turbine: 1,
  cloaking device: 1, targeting computer: 1, cargo bay: 3, drives: 2}
"""


def test_a_big_ship_stays_inside_its_block(write: Any) -> None:
    """Every laid-out box of a ship block ends inside the block (WeasyPrint boxes, pt)."""
    import weasyprint

    from sheetgen.core.resources import templates_dir

    result = load_designs([write("big.yaml", BIG)])
    shipset = [Ship(e.game, e.stats, e.findings) for e in result.entries] + ships("the-courageous.yaml")
    (html,) = record_sheets_html(shipset)
    document = weasyprint.HTML(string=html, base_url=str(templates_dir())).render()

    def walk(box: Any) -> Any:
        yield box
        for child in getattr(box, "children", None) or []:
            yield from walk(child)

    blocks = 0
    for page in document.pages:
        for box in walk(page._page_box):
            element = getattr(box, "element", None)
            if element is None or element.tag != "section" or "ship" not in (element.get("class") or ""):
                continue
            blocks += 1
            right = box.position_x + box.margin_width()
            ends = [b.position_x + b.width for b in walk(box) if getattr(b, "width", None) is not None]
            assert max(ends) <= right + 0.01
    assert blocks == 2


def test_an_illegal_total_prints_bounded_boxes() -> None:
    """Seed 004, Armor (line 48): 2,000 armor would be 20,010 hull points; the design is
    illegal (SC-4, at most 40 armor in all) and its sheet prints the 410 boxes a legal ship
    can have, with the error and what is left out."""
    design = Design.from_systems("Brick", "military", ["armor x40"] * 50 + ["drives x40"] * 3)
    v = view(design)
    assert sum(len(r["boxes"]) for r in v["hull_rows"]) == sheet.MAX_BOXES * 10 + 10 == 410
    assert v["hull_rows"][0] == {"label": "armor 40", "boxes": list(range(410, 400, -1))}
    assert {s["name"]: s["boxes"] for s in v["systems"]}["drives"] == 3 + 40
    assert v["unprinted"] == ["hull points above 410 (19,600 more)", "drives past 43 (80 more)"]
    html = record_sheets_html([Ship(GAME, derive(design), rules.check(design))])[0]
    assert hull_boxes(html) == 410
    assert "Not printed: hull points above 410 (19,600 more); drives past 43 (80 more)." in html


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_sheet_past_one_page_keeps_its_name_with_its_content(write: Any, paper: str) -> None:
    """``armor: 40`` (410 hull points, seed 004 Armor, line 48) runs past a Letter page (and,
    after another ship, past an A4 one). The title never stands alone on a page: the page with
    the name holds the hull point track's top row; every page the sheet continues onto names
    the ship at its top; a page that only starts a ship says nothing there."""
    tall = write(
        "tall.yaml",
        "game: space-cruisers\nname: Ironclad Perseverance\nhull: military\n"
        "systems: {armor: 40, drives: 30, phasers: 20, cargo bay: 10}\n",
    )
    result = load_designs([tall])
    shipset = ships("gull.yaml") + [Ship(e.game, e.stats, e.findings) for e in result.entries]
    shipset += ships("bastion-platform.yaml")
    # the hull point rows are lines of text with their numbers set apart by spaces of set widths
    # (U+2002...U+200A): read as words, any run of spaces one
    pages = [" ".join(p.split()) for p in pdf_text(render_record_sheets(shipset, paper=paper).data)]
    assert len(pages) >= 3
    (first,) = [i for i, p in enumerate(pages) if "Ironclad Perseverance Military hull" in p]
    assert "armor 40 410 409" in pages[first] and "HULL POINTS: 410" in pages[first]
    (last,) = [i for i, p in enumerate(pages) if "Initiative d10 + 33" in p]  # its status, at its end
    assert last > first
    for page in pages[first + 1 : last + 1]:
        assert "Ironclad Perseverance (continued)" in page
    for page in pages[: first + 1]:
        assert "(continued)" not in page
    assert "Bastion Platform Space station" in pages[-1]


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two (left, bottom, right, top) text lines share height on the page."""
    return a[1] < b[3] and b[1] < a[3]


def test_long_texts_stay_inside_the_sheet(write: Any) -> None:
    """An unbroken 100-letter name and class print whole, each on one line made smaller (a
    name never breaks inside a word), inside the page (9 mm margins), the name
    at least 3 mm (8.5 pt) from the hull line; a side prints at least 3 mm right of a long
    class. Positions read back from the PDF, Letter and A4. (A non-military system's long
    name, SC-6, is cut with an ellipsis inside its box: drawn, so not in the PDF's text.)"""
    long = "W" * 100
    path = write(
        "long.yaml",
        f"game: space-cruisers\nname: {long}\nclass: {long}\nhull: commercial\n"
        "non_military: [cargo bay, passenger accommodations for the colonists of the outer rim worlds]\n",
    )
    (entry,) = load_designs([path]).entries
    side = "The Outer Rim Free Traders' Guild"
    for paper in ("letter", "a4"):
        data = render_record_sheets(
            [Ship(entry.game, entry.stats, entry.findings, side=side)], paper=paper
        ).data
        width = pdf_page_sizes(data)[0][0]
        inside = (9 / 25.4 * 72 - 1, width - 9 / 25.4 * 72 + 1)
        (hull,) = pdf_text_lines(data, 0, "Commercial hull")
        name, cls = pdf_text_lines(data, 0, long), pdf_text_lines(data, 0, long, 1)
        assert len(name) == 1 and len(cls) == 1
        for line in name + cls:
            assert inside[0] <= line[0] and line[2] <= inside[1]
        for line in name:
            assert not _overlap(line, hull) or hull[0] - line[2] >= 8.4
        sides = pdf_text_lines(data, 0, side)
        assert sides
        for side_line in sides:
            assert side_line[2] <= inside[1]
            for line in cls:
                assert not _overlap(line, side_line) or side_line[0] - line[2] >= 8.4


def test_a_designs_own_notes_print_on_its_sheet(tmp_path: Path) -> None:
    """``notes:`` prints in the sheet's notes block, before the rules' notes (as in every game)."""
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    from tests.conftest import DESIGNS, pdf_text

    design = tmp_path / "shade.yaml"
    text = (DESIGNS / "space-cruisers/ships/shade.yaml").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith("notes:")]
    design.write_text("\n".join([*lines, "notes: Raids the Kepler convoys."]) + "\n", encoding="utf-8")
    out = tmp_path / "shade.pdf"
    assert CliRunner().invoke(app, ["sheets", str(design), "-o", str(out)]).exit_code == 0
    page = pdf_text(out)[0]
    assert page.index("Raids the Kepler convoys.") < page.index("Cloaked: cannot attack")


@pytest.mark.parametrize(("now", "crossed"), [(1, 0), (0, 0), (-1, 1), (-4, 4), (-10, 10)])
def test_one_box_crossed_a_point_below_zero(now: int, crossed: int) -> None:
    """A box crossed for every hull point lost, below zero too: at -1 one box below 0 is
    crossed (the point from 0 to -1); it was none, one box off from then on. The sheet crosses
    each box whose value is above the hull points now, as for the hull boxes."""
    v = view(Design.from_systems("V", "military", ["Scanners", "Shield", "Elite Crew"]))
    assert sum(1 for box in v["below_zero"] if box > now) == crossed
    assert sum(1 for row in v["hull_rows"] for box in row["boxes"] if box > now) == 10 - max(now, 0)
