"""The Kill Radius record sheet's parts: the summary rows, the Number track's zones,
the ship view and roster, and names numbered as the kit numbers them; the sheets ``sheetgen sheets``
prints (PDF, A4, HTML, illegal designs marked, design text escaped)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games.killradius import GAME, sheet
from sheetgen.games.killradius.rules import Design
from sheetgen.games.killradius.stats import KillRadiusStats, derive

from tests.conftest import DESIGNS, Built, pdf_page_sizes, pdf_text, pdf_text_lines

KR = DESIGNS / "kill-radius"


FLEETS = KR / "fleets"


Invoke = Callable[..., Any]


def stats(ship_type: str, number: int, **kw: object) -> KillRadiusStats:
    return derive(Design(name=kw.pop("name", "Test"), ship_type=ship_type, number=number, **kw))  # type: ignore[arg-type]


def test_named_keeps_the_design_as_class() -> None:
    named = GAME.named(stats("destroyer", 3, name="Lance"), "Lance 2")
    assert (named.name, named.design_class) == ("Lance 2", "Lance")


def test_summary_rows() -> None:
    rows = dict(GAME.summary(stats("escort carrier", 6)))
    assert rows["movement points"] == "4 (3 at Number 3 or less)"
    assert rows["facing changes"] == "2 (1 at Number 3 or less)"
    assert rows["recovery"] == "d10 ≤ 6 (60%) at Number 3 to 5"
    assert rows["carrier"] == "6 of 6 fighters aboard; deploys up to 3 a phase; rolls with 2"
    assert dict(GAME.summary(stats("destroyer", 3)))["recovery"] == "d10 ≤ 3 (30%) at Number 2"
    assert dict(GAME.summary(stats("scout", 1)))["recovery"] == "none"


def test_track_zones_mark_the_half_threshold() -> None:
    zones = sheet.track_zones(stats("battleship", 8))
    assert [(z["kind"], [c["number"] for c in z["cells"]]) for z in zones] == [
        ("full", [8, 7, 6, 5]),
        ("half", [4]),
        ("low", [3, 2, 1]),
        ("dead", [0]),
    ]
    assert [c["mp"] for z in zones for c in z["cells"]] == [3, 3, 3, 3, 2, 2, 2, 2, 0]
    assert zones[1]["label"] == "≤ 4: MP −1"
    carrier = sheet.track_zones(stats("light carrier", 7))
    assert [c["roll"] for z in carrier for c in z["cells"]] == [3, 2, 2, 2, 1, 1, 1, 0]
    assert [c["holds"] for z in carrier for c in z["cells"]] == [7, 6, 5, 4, 3, 2, 1, 0]


def test_ship_view_and_roster() -> None:
    carrier = sheet.ship_view(stats("light carrier", 7, name="Vigilant", fighters=5), [])
    assert [f["aboard"] for f in carrier["fighter_slots"]] == [True] * 5 + [False] * 2
    assert carrier["recovery_roll"] == 7
    assert len(carrier["turns"]) == sheet.TURN_ROWS
    assert sheet.ship_view(stats("scout", 1), [])["recovery_roll"] is None
    views = [
        {**carrier, "side": "Blue", "colour": "#1f4e9c"},
        {**sheet.ship_view(stats("destroyer", 3, name="Lance"), []), "side": "Blue", "colour": "#1f4e9c"},
        {**sheet.ship_view(stats("dreadnought", 8, name="Tyrant"), []), "side": "Red", "colour": "#b3261e"},
    ]
    context = GAME.sheet_context(views)
    assert [
        (s["name"], s["ships"], s["total_number"], s["carriers"], s["fighters"])
        for s in context["roster_sides"]
    ] == [
        ("Blue", 2, 10, 1, 5),
        ("Red", 1, 8, 0, 0),
    ]
    assert [(p["number"], [s["name"] for s in p["ships"]]) for p in context["phases"]] == [
        (8, ["Tyrant"]),
        (7, ["Vigilant"]),
        (3, ["Lance"]),
    ]
    assert context["stacking_limit"] == 7


def test_sheets_pdf_reads_back(bundled_sheets: Callable[[Path], Built]) -> None:
    r = bundled_sheets(FLEETS)  # sheetgen sheets FLEETS -o sheets.pdf
    out = r.path
    assert r.exit_code == 0
    assert "(12 ships)" in r.stderr
    pages = pdf_text(out)
    assert 3 <= len(pages) <= 5  # several ships a page
    text = "\n".join(pages)
    for name in ("Resolute", "Vigilant", "Bastion", "Lance", "Wisp", "Tyrant", "Hive", "Needle"):
        assert name in text
    first = pages[0]
    assert "total Number" in first and "Concord" in first and "Varn" in first
    assert "28" in first
    for words in ("Number next turn", "recovery d10 ≤ 8", "segments flown", "recovered (turn)"):
        assert words in text
    for label in ("NUMBER TRACK", "DAMAGE LOG", "VECTOR LOG", "FIGHTERS: DEPLOY"):  # labels print in capitals
        assert label in text
    # footer on every page: stacking limit and the attack formula
    for page in pages:
        # seed 000, Movement step 2 (line 52): the limit is on stacks; a lone big ship is legal
        assert "2+ ships a hex total Number ≤ 7 (not fighters)" in page
        assert "lone ship: any Number" in page
        assert "at most Number 7 of ships a hex" not in page
        assert "damage = (d10 + A#) − (d10 + T# + R)" in page
    assert pdf_page_sizes(out)[0] == pytest.approx((612.0, 792.0), abs=0.5)


def test_sheets_a4_and_html(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "roster.pdf"
    assert invoke("sheets", FLEETS / "varn-raiders.yaml", "-o", out, "--paper", "a4").exit_code == 0
    assert pdf_page_sizes(out)[0] == pytest.approx((595.28, 841.89), abs=0.5)
    html = tmp_path / "roster.html"
    assert invoke("sheets", FLEETS / "varn-raiders.yaml", "-o", html, "--format", "html").exit_code == 0
    text = html.read_text(encoding="utf-8")
    assert "Tyrant" in text and "escort carrier" in text


def test_sheets_mark_illegal_designs(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "bad.pdf"
    r = invoke("sheets", KR / "illegal" / "kr1-number-out-of-range.yaml", "-o", out)
    assert r.exit_code == 1
    text = pdf_text(out)[0]
    assert "Not a legal design" in text and "[KR-1]" in text


def test_sheets_escape_design_text(invoke: Invoke, write: Callable[[str, str], Path], tmp_path: Path) -> None:
    path = write("x.yaml", "game: kill-radius\nname: '<b>{{x}}</b>'\ntype: scout\nnumber: 1\n")
    html = tmp_path / "x.html"
    assert invoke("sheets", path, "-o", html, "--format", "html").exit_code == 0
    text = html.read_text(encoding="utf-8")
    assert "&lt;b&gt;{{x}}&lt;/b&gt;" in text and "<b>{{x}}</b>" not in text


def test_a_sheet_past_one_page_names_the_ship_on_each_page(
    invoke: Invoke, write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    """A Number 10 carrier with 10 fighters and a long note runs past one page: the page that
    starts it holds its note and track too, the page it continues onto names it at the top,
    and the fighter table stays whole; a ship that merely starts a page is not "continued"."""
    note = "Launches fighters at the first sighting and keeps them close. " * 120
    tall = write(
        "tall.yaml",
        "game: kill-radius\nname: Harrier of the Long Night\ntype: strike carrier\nnumber: 10\n"
        f"carrier: true\nfighters: 10\nnotes: {note.strip()!r}\n",
    )
    for paper in ("letter", "a4"):
        out = tmp_path / f"tall-{paper}.pdf"
        r = invoke("sheets", tall, KR / "ships" / "harrier-strike-carrier.yaml", "-o", out, "--paper", paper)
        assert r.exit_code == 0, r.stdout + r.stderr
        pages = pdf_text(out)
        (first,) = [i for i, p in enumerate(pages) if "Harrier of the Long Night strike carrier" in p]
        assert "NUMBER TRACK" in pages[first] and "Launches fighters" in pages[first]
        assert first + 1 < len(pages)
        assert "Harrier of the Long Night (continued)" in pages[first + 1]
        assert "F10" in pages[first + 1] and "segments flown" in pages[first + 1]
        assert not any("(continued)" in p for p in pages[: first + 1])


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two (left, bottom, right, top) text lines share height on the page."""
    return a[1] < b[3] and b[1] < a[3]


def test_long_texts_fit_and_the_name_keeps_its_width(
    invoke: Invoke, write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    """A free type name is legal (KR-1), so a 70-character unbroken one must fit: it prints
    whole, on one line made smaller (a name never breaks inside a word), inside the header's
    right part, at least 3 mm (8.5 pt) right of the name, which stays on
    one line at its full width; the side, class and a 150-character unbroken note wrap inside
    the block, and so does a long side name in the roster (positions read back from the PDF)."""
    kind, note, side = "Q" * 70, "N" * 150, "V" * 90
    path = write(
        "long.yaml",
        f"game: kill-radius\nfleet: Long\nside: {side}\ndesigns:\n"
        f"  - {{name: Harrier, type: {kind}, number: 5, notes: {note},\n"
        "     class: Harrier-class strike carrier of the Outer Reaches Expeditionary Fleet Command}\n",
    )
    for paper in ("letter", "a4"):
        out = tmp_path / f"long-{paper}.pdf"
        assert invoke("sheets", path, "-o", out, "--paper", paper).exit_code == 0
        data = out.read_bytes()
        width = pdf_page_sizes(data)[0][0]
        inside = (10 / 25.4 * 72 - 1, width - 10 / 25.4 * 72 + 1)  # the page's 10 mm side margins
        (name,) = pdf_text_lines(data, 0, "Harrier", 1)  # the roster names it first
        assert name[2] - name[0] > 50  # one line, 14 pt bold: not a letter a line
        kind_lines = pdf_text_lines(data, 0, kind)
        assert len(kind_lines) == 1
        for line in kind_lines:
            assert line[0] >= name[2] + 8.5 and line[2] <= inside[1]
        for text in (note, side):
            for n in (0, 1):
                for line in pdf_text_lines(data, 0, text, n):
                    assert inside[0] <= line[0] and line[2] <= inside[1], (text[:3], line)
