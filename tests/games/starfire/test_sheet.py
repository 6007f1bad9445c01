"""The Starfire record sheet: every shipped ship with its numbers, illegal designs marked."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import DESIGNS, Built, pdf_page_sizes, pdf_text, pdf_text_lines

Invoke = Callable[..., Any]

SHIPS = DESIGNS / "starfire" / "ships"
#: what the record sheets add to a ship's view (render.record_sheets): no side, no colour
NO_SIDE = {"side": None, "colour": None}


def test_every_ship_is_printed_with_its_numbers(bundled_sheets: Callable[[Path], Built]) -> None:
    r = bundled_sheets(SHIPS)  # sheetgen sheets SHIPS -o sheets.pdf
    out = r.path
    assert r.exit_code == 0, r.stderr
    assert "wrote" in r.stderr and "(11 ships)" in r.stderr
    text = "\n".join(pdf_text(out))
    for name in (
        "Picket",
        "Arrow",
        "Lance",
        "Hammer",
        "Anvil",
        "Sabre",
        "Bastion",
        "Mule",
        "Drayhorse",
        "Watchtower",
        "Citadel",
    ):
        assert name in text
    assert "CL-[3]-SSSSAAAZ(I)(II)(I)(II)QQQYDDRRFLPtMg-[4]" in text
    assert "lost: MP 3" in text  # the Sabre's first room lost leaves 3 MP


def test_illegal_designs_print_with_their_errors_and_exit_1(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "bad.pdf"
    r = invoke("sheets", DESIGNS / "starfire" / "illegal" / "sf2-too-few-quarters.yaml", "-o", out)
    assert r.exit_code == 1
    assert "1 illegal, marked on the sheet" in r.stderr
    text = pdf_text(out)[0]
    assert "Not a legal design" in text and "[SF-2] DD requires at least 2 Q: found 1" in text


def test_the_tm_count_has_one_box_per_mp_of_the_turn_mode() -> None:
    # Seed 001, Movement Phase (line 18): the TM-th MP fulfils the turn mode, so a TM 3 ship
    # crosses off 3 boxes and turns right after the 3rd.
    from sheetgen.games.starfire.rules import Design
    from sheetgen.games.starfire.sheet import ship_view
    from sheetgen.games.starfire.stats import derive
    from sheetgen.render.html import render_html

    view = ship_view(derive(Design.from_string("Test", "CL", "SSSSAAAZ(I)(II)(I)(II)QQQYDDRRFLPtMg")), [])
    html = render_html(
        "starfire/sheet.html.j2", {"ships": [{**view, **NO_SIDE}], "paper": "a4", "title": "t"}
    )
    assert view["turn_mode"] == 3
    # the design states no munitions, so its launchers' rows of blank boxes are longer
    # the vitals are one line: the label, spaces of set widths, the boxes
    assert re.search(
        '<span class="k">TM count</span>[\u2000-\u200a\u205f]+<span class="boxes">☐☐☐</span>', html
    )


def test_an_armed_freighter_prints_the_damage_it_deals_not_doubled() -> None:
    # Seed 001, Ship Design, freighters (line 7): freighters take double damage from attacks they
    # receive; what they fire deals the chart's damage (R: 1 a hit, RULINGS SF-8).
    from sheetgen.games.starfire.rules import Design
    from sheetgen.games.starfire.sheet import ship_view, weapon_rows
    from sheetgen.games.starfire.stats import derive
    from sheetgen.render.html import render_html

    s = derive(Design.from_string("Q-Ship", "FT2", "(I)(I)(I)QHHHHHHHR"))
    assert s.double_damage
    (row,) = weapon_rows(s)
    assert [c["damage"] for c in row["cells"]][:11] == [1] * 11  # no sensors: 10 hexes
    html = render_html(
        "starfire/sheet.html.j2", {"ships": [{**ship_view(s, []), **NO_SIDE}], "paper": "a4", "title": "t"}
    )
    assert "double damage received" in html and "(doubled)" not in html


def test_a_designs_own_notes_print_on_its_sheet(invoke: Invoke, tmp_path: Path) -> None:
    """``notes:`` (docs/starfire.md) is printed in the sheet's notes block, before the rules' notes."""
    design = tmp_path / "hammer.yaml"
    design.write_text(
        (DESIGNS / "starfire/ships/destroyer-hammer.yaml").read_text(encoding="utf-8")
        + "notes: Escort for the Amity convoy.\n",
        encoding="utf-8",
    )
    out = tmp_path / "hammer.pdf"
    assert invoke("sheets", design, "-o", out).exit_code == 0
    text = pdf_text(out)[0]
    assert "Escort for the Amity convoy." in text
    assert text.index("Escort for the Amity convoy.") < text.index("Point defense: one intercept")
    assert (
        invoke("stats", "--json", design).stdout.count('"design_notes": "Escort for the Amity convoy."') == 1
    )


def test_only_ships_get_movement_and_sheltering_boxes() -> None:
    # Seed 001, Terrain (line 63): a ship, not a base, may shelter; bases have no MP and do not
    # transit (line 9), so a base's sheet has no status boxes at all.
    from sheetgen.games.starfire.rules import Design
    from sheetgen.games.starfire.sheet import ship_view
    from sheetgen.games.starfire.stats import derive
    from sheetgen.render.html import render_html

    def html(hull: str, systems: str) -> str:
        view = ship_view(derive(Design.from_string("T", hull, systems)), [])
        return render_html(
            "starfire/sheet.html.j2", {"ships": [{**view, **NO_SIDE}], "paper": "a4", "title": "t"}
        )

    base = html("BS1", "SSSSAAAAQQYDDRRRG")
    assert "sheltering" not in base and "transited" not in base and "modulating" not in base
    for hull, systems in (("CT", "SSAA(I)(I)(I)QLR"), ("FT2", "(I)(I)(I)QHHHHHHHH")):
        ship = html(hull, systems)
        assert "sheltering" in ship and "transited" in ship and "hard turn" in ship


def test_a_sheet_past_one_page_names_the_ship_on_each_page(
    invoke: Invoke, write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    """A BS2 with 500 more H (illegal: 550 of 50 HS, SF-7) runs its damage track past a
    Letter page. The page that starts it holds its track too, the page it continues onto
    names it at the top, and a weapon's to-hit and damage rows stay on one page."""
    tall = write(
        "tall.yaml",
        "game: starfire\nname: Citadel of the Long Watch\nhull: BS2\n"
        f"systems: SSSSSSAAAAAAZQQQQYYDDDRRRRPtGMg{'H' * 500}\nmunitions: {{R: 24, Pt: 10, G: 12}}\n",
    )
    for paper in ("letter", "a4"):
        out = tmp_path / f"tall-{paper}.pdf"
        r = invoke("sheets", tall, SHIPS / "corvette-arrow.yaml", "-o", out, "--paper", paper)
        assert r.exit_code == 1 and "[SF-7]" in r.stdout + r.stderr
        pages = pdf_text(out)
        assert len(pages) == 2
        assert "Citadel of the Long Watch BS2" in pages[0] and "DAMAGE TRACK" in pages[0]
        assert "(continued)" not in pages[0]
        assert "Citadel of the Long Watch (continued)" in pages[1]
        assert "Arrow CT" in pages[1]
        # SF-8: each weapon's two rows together (the 1x Pt name beside both its rows)
        for page in pages:
            if "Plasma" in page:
                # a range row is one text line, each value centred by thin spaces (U+2005-U+200A)
                row = "".join(ch for ch in page if not "\u2000" <= ch <= "\u200a")
                assert "3 3 3 3 4 4 4 5 5 5 4 3 3 3 3 3 3 3 3 2 2 1 1 1" in row
                assert "2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 1" in row


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two (left, bottom, right, top) text lines share height on the page."""
    return a[1] < b[3] and b[1] < a[3]


def test_a_long_class_keeps_clear_of_the_design_string(
    invoke: Invoke, write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    """The class and the design string share a line: on Letter, classes of 71 unbroken
    letters or 112 characters of words came within 0.9 pt of it. Each now keeps at least 3 mm
    (8.5 pt) from it on every line they share, wraps, and stays inside the page (10 mm
    margins); so does an unbroken 100-letter name beside the hull (positions read back)."""
    notation = "CA-[3]-SSSAAAZ(II)(II)(II)QQQQYRRFFLLPtGH-[3]"
    words = "Dreadnought-class battlecruiser squadron leader flagship of the Home Fleet reserve " * 2
    for n, (name, design_class) in enumerate(
        [("Sovereign", "A" * 71), ("Sovereign", words[:112].strip()), ("W" * 100, "W" * 100)]
    ):
        path = write(
            f"c{n}.yaml",
            f"game: starfire\nname: {name}\nclass: {design_class}\nhull: CA\n"
            "systems: SSSAAAZ(II)(II)(II)QQQQYRRFFLLPtGH\n",
        )
        for paper in ("letter", "a4"):
            out = tmp_path / f"c{n}-{paper}.pdf"
            assert invoke("sheets", path, "-o", out, "--paper", paper).exit_code == 0
            data = out.read_bytes()
            width = pdf_page_sizes(data)[0][0]
            inside = (10 / 25.4 * 72 - 1, width - 10 / 25.4 * 72 + 1)
            cls = pdf_text_lines(data, 0, design_class, 1 if name == design_class else 0)
            code = pdf_text_lines(data, 0, notation)
            assert cls and code
            for line in cls + code:
                assert inside[0] <= line[0] and line[2] <= inside[1]
            for a in cls:
                for b in code:
                    if _overlap(a, b):
                        assert b[0] - a[2] >= 8.4, (n, paper, b[0] - a[2])
            (hull,) = pdf_text_lines(data, 0, "CA · Heavy Cruiser")
            for line in pdf_text_lines(data, 0, name):
                assert not _overlap(line, hull) or hull[0] - line[2] >= 8.4


def test_the_most_munitions_a_launcher_may_state_print_inside_the_sheet(invoke: Invoke, write: Any) -> None:
    """SF-9: a design states its munitions, one box each; at most 100 a launcher type (the
    project's bound), and all 100 boxes wrap inside the ship's block; 101 is refused."""
    import pypdfium2

    design = "game: starfire\nname: Quiver\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {{R: {n}}}\n"
    r = invoke("validate", write("over.yaml", design.format(n=101)))
    assert r.exit_code == 2
    assert "error [SCHEMA] 'munitions.R' must be at most 100, found 101" in r.stdout + r.stderr
    out = write("most.yaml", design.format(n=100)).with_suffix(".pdf")
    r = invoke("sheets", out.with_suffix(".yaml"), "-o", out)
    assert r.exit_code == 0, r.stderr
    page = pypdfium2.PdfDocument(str(out))[0]
    width, _height = page.get_size()
    text = page.get_textpage()
    boxes = [text.get_charbox(k) for k in range(text.count_chars()) if text.get_text_range(k, 1) == "☐"]
    assert len(boxes) >= 100
    margin = 10 / 25.4 * 72  # the sheet's 10 mm side margins
    assert all(margin - 0.5 <= left and right <= width - margin + 0.5 for left, _b, right, _t in boxes)
