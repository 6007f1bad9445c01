"""The Knight Hawks 2000 record sheet: its parts computed in-process (the structure track) and the
sheets ``sheetgen sheets`` prints (one ship a page, what the issue lists, escaping, illegal designs)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games.knighthawks.sheet import estimate_height, ship_view, structure_track, track_unit
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS, Built, pdf_page_sizes, pdf_text

KH = DESIGNS / "knight-hawks-2000"

SHIPS = KH / "ships"


def heavy_design(write: Callable[[str, str], Path], gunners: int) -> Path:
    text = (SHIPS / "leviathan.yaml").read_text(encoding="utf-8")
    extra = "".join(
        f"    - {{name: Gunner {i}, post: MLB, im: 3, skills: {{Gunner: 2}}, dex: 50}}\n"
        for i in range(gunners)
    )
    text = text.replace("  engineer:", extra + "  engineer:")
    text = text.replace(
        "  - {code: grapple, count: 2}\n",
        "  - {code: grapple, count: 2}\n  - {code: MDC, count: 2}\n  - {code: EB, count: 4}\n",
    )
    return write("heavy.yaml", text)


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


def test_one_page_per_ship(bundled_sheets: Callable[[Path], Built]) -> None:
    result = bundled_sheets(SHIPS)  # sheetgen sheets SHIPS -o sheets.pdf
    out = result.path
    assert result.exit_code == 0, result.stderr
    pages = pdf_text(out)
    names = ["Exalted", "Kestrel", "Leviathan", "Pugilist", "Red Jackal", "Tessaly Rose", "Warden"]
    assert len(pages) == len(names)
    for page, name in zip(pages, names, strict=True):
        assert page.splitlines()[0].startswith(name), page[:80]
    assert pdf_page_sizes(out)[0] == (612.0, 792.0)


def test_sheet_prints_what_the_issue_lists(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "exalted.pdf"
    assert invoke("sheets", SHIPS / "exalted.yaml", "-o", out, "--paper", "a4").exit_code == 0
    (text,) = pdf_text(out)
    flat = " ".join(text.split())
    for words in [
        "Eng. Tobin Lusk",  # crew block with skills
        "Engineer Damage Control 2, Stress Analysis 1",
        "1,800,000 30,000,000",  # range in km and hexes
        "PB Proton Battery any 1,800,000 30,000,000 – 1 200 20D10",
        "torpedo magazine · 60 torpedoes · if hit: explodes, 60,000 SP",
        "720 lost (720 left): ADF 4 → 2, MR 3 → 3/2; 1 break-up roll a turn against 121",
        "960 lost (480 left): ADF and MR 1; 6 break-up rolls a turn against 121",
        "subspace radar",
        "mastercomp",
        "Bridge destroyed",
        "Disastrous fire",
        "DCR 120: one repair roll every 3 turns",
        "DCR + 10 × skill (2) = 140 SP",
        "others detect her at +10%",
        "Evade 1 2/3",
        "Grapple 3/2 1",
        "ICM salvos of 4: 8",
        "ABM salvos of 4: 8",
        "Magnetic shielding",
    ]:
        assert words in flat, words
    # seed 002 lines 145 and 383: the maximum is the dice's (400D10: 4,000); no roll is multiplied by 10
    assert "×10" not in flat and "the dice's maximum; without the maximum damage rule: roll them" in flat
    sizes = pdf_page_sizes(out)
    assert sizes == [(pytest.approx(595.28, abs=0.01), pytest.approx(841.89, abs=0.01))]


def test_linked_group_and_minelaying_on_the_sheet(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    assert invoke("sheets", SHIPS / "pugilist.yaml", SHIPS / "warden.yaml", "-o", out).exit_code == 0
    pugilist, warden = (" ".join(p.split()) for p in pdf_text(out))
    assert "linked: main beams (6× HLC) fires as one attack 24,000 2400D10" in pugilist
    assert "60 mines in 6 hexes: 6 MP (2 turns), ADF ≤ 1" in warden
    assert "1506 (+1): 10" in warden


def test_a_heavily_crewed_ship_still_fits_one_page(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    path = heavy_design(write, 8)
    (entry,) = load_designs([path]).entries
    view = ship_view(entry.stats, entry.findings)
    assert estimate_height(view) > 250  # too tall at the normal type size...
    assert view["density"] in ("dense", "denser")  # ...so a denser scale is chosen
    out = tmp_path / "heavy.pdf"
    assert invoke("sheets", path, SHIPS / "kestrel.yaml", "-o", out).exit_code == 0
    assert len(pdf_text(out)) == 2


def test_a_ship_too_big_for_a_page_continues_but_never_shares_one(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    path = heavy_design(write, 60)
    out = tmp_path / "huge.pdf"
    assert invoke("sheets", path, SHIPS / "kestrel.yaml", "-o", out).exit_code == 0
    pages = pdf_text(out)
    assert len(pages) == 3
    assert "Leviathan" in pages[1] and "HS SP ADF" not in pages[1]  # the running head names it
    assert "Kestrel" in pages[2] and "Kestrel" not in pages[1]


def test_sheets_escape_names(write: Callable[[str, str], Path]) -> None:
    from sheetgen.render.sheets import Ship, render_sheets

    text = (
        (SHIPS / "kestrel.yaml")
        .read_text(encoding="utf-8")
        .replace("name: Kestrel\n", "name: <b>{{x}}</b>\n")
    )
    (entry,) = load_designs([write("k.yaml", text)]).entries
    ships = [Ship(entry.game, entry.stats, entry.findings)]
    html = render_sheets(ships, fmt="html").data.decode()
    assert "&lt;b&gt;{{x}}&lt;/b&gt;" in html


def test_illegal_design_sheet_shows_its_errors(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "bad.pdf"
    result = invoke("sheets", KH / "illegal" / "kh7-classic-weapon.yaml", "-o", out)
    assert result.exit_code == 1
    (text,) = pdf_text(out)
    assert "Not a legal design:" in text
    assert "[KH-7] unknown weapon 'LB'" in " ".join(text.split())
