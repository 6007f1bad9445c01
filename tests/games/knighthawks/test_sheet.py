"""The Knight Hawks 2000 record sheet: its parts computed in-process (the structure track) and the
sheets ``sheetgen sheets`` prints (one ship a page, what the issue lists, escaping, illegal designs)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games.knighthawks.sheet import estimate_height, ship_view, structure_track, track_unit
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS, Built, pdf_page_sizes, pdf_text
from tests.games.knighthawks import HEAD

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
        "DCR + 10 × skill (DC 2) = 140 SP",
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
    assert "linked: main beams (6× HLC) fires as one attack 24,000 2,400D10" in pugilist
    # the MP and turns of laying alone: a level up or down between the hexes is a change of
    # direction, 1 MP more (the maneuvers table's row)
    assert "60 mines in 6 hexes: 6 MP to lay (2 turns), ADF ≤ 1" in warden
    assert "Change direction 1 1/3 1 a hexside, +1 a level" in warden
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
    from sheetgen.render.record_sheets import Ship, render_record_sheets

    text = (
        (SHIPS / "kestrel.yaml")
        .read_text(encoding="utf-8")
        .replace("name: Kestrel\n", "name: <b>{{x}}</b>\n")
    )
    (entry,) = load_designs([write("k.yaml", text)]).entries
    ships = [Ship(entry.game, entry.stats, entry.findings)]
    html = render_record_sheets(ships, fmt="html").data.decode()
    assert "&lt;b&gt;{{x}}&lt;/b&gt;" in html


def test_illegal_design_sheet_shows_its_errors(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "bad.pdf"
    result = invoke("sheets", KH / "illegal" / "kh7-classic-weapon.yaml", "-o", out)
    assert result.exit_code == 1
    (text,) = pdf_text(out)
    assert "Not a legal design:" in text
    assert "[KH-7] unknown weapon 'LB'" in " ".join(text.split())


# --- overflow and bounds on the sheet (issue 12) -----------------------------------------------------

#: A civilian ship at the top of the bounds on hull size and SP, MR 5, a pilot with no Vehicular Combat.
EXTREME = """\
game: knight-hawks-2000
name: Extreme
class: Colossus-class hauler
role: civilian
hull_size: 100
structure_points: 1000000
adf: 2
mr: 5
void_engines: 2
weapons:
  - {code: MLB, count: 2}
  - {code: SM, count: 1, ordnance: 1000, bay: seeker bay}
defences: {icm: 100}
sensors: [radar]
crew:
  total: 10000
  pilot: {name: Ann, im: 4, skills: {Starship Pilot: 1}}
"""


def _box(pdf: Path, needle: str, skip: int = 0, page: int = 0) -> tuple[float, float, float, float]:
    """Glyph box (left, bottom, right, top in pt) of the first ``needle`` on ``page``,
    ``skip`` characters of it left out at the start."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        tp = doc[page].get_textpage()
        start = tp.get_text_range().index(needle) + skip
        boxes = [tp.get_charbox(i) for i in range(start, start + len(needle) - skip)]
        boxes = [b for b in boxes if b[2] > b[0]]
        return (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
    finally:
        doc.close()


def _view(write: Callable[[str, str], Path], text: str) -> dict[str, Any]:
    (entry,) = load_designs([write("ship.yaml", text)]).entries
    return ship_view(entry.stats, entry.findings)


def test_maneuver_jet_has_a_box_for_each_point_of_mr(write: Callable[[str, str], Path]) -> None:
    # seed 002, EXPLANATION OF DAMAGE RESULTS (line 331): a Maneuver Jet result takes 1 MR, so an MR 5
    # ship's jet is damaged five times before it gives nothing; then Maneuver Jet Destroyed (line 357)
    for mr in (1, 4, 5, 30):
        view = _view(write, EXTREME.replace("mr: 5", f"mr: {mr}"))
        (jet,) = [line for g in view["checklist"] for line in g["lines"] if line["label"] == "Maneuver jet"]
        assert [(b["n"], b["caption"]) for b in jet["boxes"]] == [(mr, "damaged"), (1, "destroyed")]
    view = _view(write, EXTREME.replace("mr: 5", "mr: 0"))
    (jet,) = [line for g in view["checklist"] for line in g["lines"] if line["label"] == "Maneuver jet"]
    assert [(b["n"], b["caption"]) for b in jet["boxes"]] == [(1, "destroyed")]  # MR 0: nothing to damage


def test_large_numbers_print_with_thousands_separators(write: Callable[[str, str], Path]) -> None:
    view = _view(write, EXTREME)
    assert view["track"]["unit_text"] == "10,000"  # 1,000,000 SP on the track's 100 boxes
    assert dict(view["vitals"])["SP"] == "1,000,000"
    assert dict(view["vitals"])["DCR"] == "1,000"  # RULINGS KH-2: HS x 10
    assert view["crew_total"] == "10,000" and view["boarding_party"] == "9,900"
    assert view["rally_turns"] == "200 turns"  # seed 002, BOARDING PARTY TACTICS: civilian, 2 x HS
    assert view["repair"]["dcr"] == "1,000" and view["icm_salvos"] == "100"
    (fire,) = [g for g in view["checklist"] if g["title"] == "Fire"]
    assert fire["lines"][1]["countdown"] == 100  # seed 002 line 367: abandoned in HS turns, every one a box


def test_extreme_ship_prints_clean_on_one_page(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    path = write("extreme.yaml", EXTREME)
    for paper in ("letter", "a4"):
        out = tmp_path / f"extreme-{paper}.pdf"
        assert invoke("sheets", path, "-o", out, "--paper", paper).exit_code == 0
        (text,) = pdf_text(out)
        flat = " ".join(text.split())
        assert "each box 10,000 SP" in flat
        assert "10,000 aboard · 100 fly her · 9,900 spare to board" in flat
        # seed 002, Evade: ±(5 x 1 + ADF 2 + MR 5 − HS 100) = ±(−88): one sign, a true minus, never "±-"
        assert "evasion: ∓88% (5×1 + ADF 2 + MR 5 − HS 100 = −88)" in flat and "±-" not in flat
        # the 9-character SP stays in its column: its right edge left of the midpoint to the ADF header
        sp_head, adf_head = _box(out, "HS SP", 3), _box(out, "SP ADF", 3)
        value, adf = _box(out, "1,000,000"), _box(out, "1,000,000 2", 10)
        border = ((sp_head[0] + sp_head[2]) / 2 + (adf_head[0] + adf_head[2]) / 2) / 2
        assert value[2] < border - 2 < border + 2 < adf[0], (value, border, adf)


def _many_weapons(lines: int, gunners: int) -> str:
    """The bundled dreadnaught with ``lines`` single weapon lines and ``gunners`` more gunners."""
    codes = ["HLC", "MLC", "LLC", "MLB", "LLB", "HPC", "PC", "PB", "MDC", "HMDB", "MDB", "LP", "grapple"]
    text = (SHIPS / "leviathan.yaml").read_text(encoding="utf-8")
    weapons = "weapons:\n" + "".join(
        f"  - {{code: {codes[i % len(codes)]}, count: 1}}\n" for i in range(lines)
    )
    text = (
        text[: text.index("weapons:")]
        + weapons
        + "linked:\n  - {name: port beams, weapons: {HLC: 2}}\n"
        + text[text.index("defences:") :]
    )
    extra = "".join(
        f"    - {{name: Gunner {i}, post: MLB, im: 3, skills: {{Gunner: 2}}, dex: 50}}\n"
        for i in range(gunners)
    )
    return text.replace("  engineer:", extra + "  engineer:")


def test_thirty_weapon_lines_fit_or_continue_deliberately(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    # 30 weapon lines on the dreadnaught: one page, the type made denser to fit
    out = tmp_path / "w30.pdf"
    assert invoke("sheets", write("w30.yaml", _many_weapons(30, 0)), "-o", out).exit_code == 0
    assert len(pdf_text(out)) == 1
    # with four more gunners it cannot: the ship continues on purpose from the system damage block,
    # the second page naming her again; no page holds a few spilled lines
    out = tmp_path / "w30g4.pdf"
    assert invoke("sheets", write("w30g4.yaml", _many_weapons(30, 4)), "-o", out).exit_code == 0
    for paper in ("letter", "a4"):
        assert (
            invoke("sheets", write("w30g4.yaml", _many_weapons(30, 4)), "-o", out, "--paper", paper).exit_code
            == 0
        )
        first, second = pdf_text(out)
        assert first.startswith("Leviathan") and "SP lost" in first and "SYSTEM DAMAGE" not in first
        assert second.startswith("Leviathan · continued") and "SYSTEM DAMAGE" in second
        assert min(len(first.splitlines()), len(second.splitlines())) > 40


def maximum_design() -> str:
    """A legal design at every bound of data.MAX_* at once."""
    from sheetgen.games.knighthawks import data

    singles = [
        "MLC",
        "LLC",
        "MLB",
        "LLB",
        "HPC",
        "PC",
        "PB",
        "MDC",
        "HMDB",
        "MDB",
        "LP",
        "grapple",
        "MM",
        "DF",
    ]
    lines = ["  - {code: HLC, count: 4}"] * 20
    lines += [
        f"  - {{code: {c}, count: 1, ordnance: {data.MAX_ORDNANCE}, bay: {c} bay}}"
        for c in ("SM", "TT", "mines")
    ]
    lines += [f"  - {{code: {singles[i % len(singles)]}, count: 1}}" for i in range(17)]
    gunners = "".join(
        f"    - {{name: Gunner {i}, post: battery {i}, im: {data.MAX_IM}, skills: {{Gunner: {data.MAX_SKILL_LEVEL}}}, "
        f"dex: {data.MAX_ABILITY}}}\n"
        for i in range(data.MAX_GUNNERS)
    )
    drops = "".join(
        f"  - {{hex: '{i % 25 + 1:02d}{i // 25 + 1:02d}', mines: 10}}\n" for i in range(data.MAX_MINE_DROPS)
    )
    return (
        "game: knight-hawks-2000\nname: Everything\nclass: Maximum\nrole: civilian\n"
        f"hull_size: {data.MAX_HULL_SIZE}\nstructure_points: {data.MAX_STRUCTURE_POINTS}\n"
        f"adf: 1\nmr: {data.MAX_MR}\nvoid_engines: {data.MAX_VOID_ENGINES}\n"
        "weapons:\n"
        + "\n".join(lines)
        + "\nlinked:\n"
        + "".join(f"  - {{name: pair {i}, weapons: {{HLC: 4}}}}\n" for i in range(data.MAX_LINKED_GROUPS))
        + f"defences: {{icm: {data.MAX_SALVOS}, abm: {data.MAX_SALVOS}, magnetic_shielding: true}}\n"
        + "sensors: ["
        + ", ".join(f"sensor {i}" for i in range(data.MAX_SENSORS))
        + "]\n"
        + "computers: {systems: ["
        + ", ".join(f"computer {i}" for i in range(data.MAX_SYSTEM_COMPUTERS))
        + "]}\n"
        + f"crew:\n  total: {data.MAX_CREW}\n  gunners:\n{gunners}minelaying:\n{drops}"
    )


def test_a_design_at_every_bound_prints_a_bounded_sheet(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    # the bounds (rules.bounds) hold the sheet to a fixed most of boxes and pages, so printing
    # time follows what is printed (2,000 void engines once took minutes; now refused)
    path = write("max.yaml", maximum_design())
    (entry,) = load_designs([path]).entries
    assert entry.legal, [f.message for f in entry.findings if f.is_error]
    view = ship_view(entry.stats, entry.findings)
    boxes = sum(
        c
        for g in view["checklist"]
        for line in g["lines"]
        for c in [line["countdown"], *(b["n"] for b in line["boxes"])]
    )
    boxes += sum(len(t["boxes"]) or 1 for g in view["checklist"] for t in g["tiles"])
    boxes += sum(n for b in view["bays"] for n in b["box_rows"] or []) + sum(view["icm"] + view["abm"])
    boxes += view["track"]["boxes"]
    assert boxes < 1_000
    out = tmp_path / "max.pdf"
    assert invoke("sheets", path, "-o", out).exit_code == 0
    assert 2 <= len(pdf_text(out)) <= 6


def _glyphs(pdf: Path, page: int = 0) -> tuple[float, list[tuple[float, float, float, float]]]:
    """The page width and the box (left, bottom, right, top in pt) of every printed glyph."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        tp = doc[page].get_textpage()
        text = tp.get_text_range()
        boxes = [tp.get_charbox(i) for i in range(len(text)) if not text[i].isspace()]
        # a ligature (fi, fl) is one glyph with the box of its two characters: counted once
        return doc[page].get_width(), sorted({b for b in boxes if b[2] > b[0] and b[3] > b[1]})
    finally:
        doc.close()


def _overprints(boxes: list[tuple[float, float, float, float]]) -> list[tuple[Any, Any]]:
    """Pairs of glyphs whose boxes overlap by more than a third of the smaller one."""
    out = []
    boxes = sorted(boxes)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if b[0] >= a[2]:
                break
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            if w > 0 and h > 0:
                small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
                if w * h > small / 3:
                    out.append((a, b))
    return out


def test_long_unbroken_texts_wrap_inside_the_page(
    invoke: Callable[..., Any], write: Callable[[str, str], Path], tmp_path: Path
) -> None:
    # 95 unbroken characters in the name, class, crew names, posts and skills, sensors, computers,
    # bays, linked groups and notes: every one wraps inside the ship's frame, none overprints another,
    # and the running head (one line beside the title) shortens the name with a visible ellipsis
    q = "Q" * 95
    text = HEAD.replace("name: Test", f"name: {q}") + (
        f"class: {q}\n"
        f"weapons:\n  - {{code: MLB, count: 2}}\n  - {{code: SM, count: 1, ordnance: 10, bay: {q}}}\n"
        f"linked:\n  - {{name: {q}, weapons: {{MLB: 2}}}}\n"
        f"computers: {{systems: [{q}]}}\n"
        f"crew:\n  total: 12\n  captain: {{name: {q}, im: 4, skills: {{{q}: 2}}, post: {q}}}\n"
        f"  gunners:\n    - {{name: {q}, post: {q}, skills: {{Gunner: 2}}}}\n"
        f"notes: {q}\n"
    ).replace("sensors: [radar]", f"sensors: [{q}, radar]")
    path = write("long.yaml", text)
    for paper in ("letter", "a4"):
        out = tmp_path / f"long-{paper}.pdf"
        assert invoke("sheets", path, "-o", out, "--paper", paper).exit_code == 0
        (page,) = pdf_text(out)  # still one page
        assert "Q" * 58 + "…" in page
        width, glyphs = _glyphs(out)
        margin = 9 / 25.4 * 72  # the page's side margins, 9 mm
        assert all(margin - 0.5 <= g[0] and g[2] <= width - margin + 0.5 for g in glyphs)
        assert not _overprints(glyphs)


def test_the_void_engine_footer_gives_the_adf_loss_only_when_an_engine_is_left(
    write: Callable[[str, str], Path],
) -> None:
    """Seed 002, Void Engine Destroyed: a ship of one engine blows up when it is lost, with no
    ADF loss first; with more, each costs ADF / engines and the last blows her up."""
    footers = {}
    for engines in (1, 2):
        view = _view(write, EXTREME.replace("void_engines: 2", f"void_engines: {engines}"))
        (group,) = [g for g in view["checklist"] if g["title"] == "Void engines and maneuver jet"]
        footers[engines] = group["footer"]
    assert footers[1].startswith("Engine damaged: ADF −1 until repaired. Destroyed: she blows up, ")
    assert "Destroyed: ADF −" in footers[2] and "; the last one: she blows up, " in footers[2]


def test_a_designs_own_notes_come_first_and_are_design_notes_in_stats(
    invoke: Callable[..., Any], tmp_path: Path
) -> None:
    """A design's ``notes:`` print on its sheet before the rules' notes, and ``stats --json``
    gives them as ``design_notes``, as Starfire, Kill Radius and Space Cruisers do."""
    design = tmp_path / "leviathan.yaml"
    design.write_text(
        (DESIGNS / "knight-hawks-2000/ships/leviathan.yaml").read_text(encoding="utf-8")
        + "notes: Flagship of the Rim patrol.\n",
        encoding="utf-8",
    )
    out = tmp_path / "leviathan.pdf"
    assert invoke("sheets", design, "-o", out).exit_code == 0
    text = " ".join(pdf_text(out))
    assert text.count("Flagship of the Rim patrol.") == 1
    assert text.index("Flagship of the Rim patrol.") < text.index("Seekers, torpedoes and mines: launch")
    (stats,) = json.loads(invoke("stats", "--json", design).stdout)
    assert stats["design_notes"] == "Flagship of the Rim patrol."
