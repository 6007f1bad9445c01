"""Issue 27: ``kit.pdf`` prints right two-sided as it comes, and says what it is.

Read back page by page from the bundled kits (``bundled_kits``: ``kit --all --single``):
no map tile on the back of another, every page put in for two-sided printing says it is
intentionally blank, the briefing says how to print each part; the document has a title,
a language and a bookmark for every part, ship and map page."""

from __future__ import annotations

import re

import pytest

from sheetgen.kit import BLANK_NOTE, bundled_scenarios
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import Built, pdf_text

SCENARIOS = [p.stem for p in bundled_scenarios()]
TILE = re.compile(r"tile \d+ of \d+")


@pytest.mark.parametrize("name", SCENARIOS)
def test_no_map_tile_is_printed_on_the_back_of_another(bundled_kits: Built, name: str) -> None:
    assert bundled_kits.exit_code == 0, bundled_kits.stderr
    pages = pdf_text(bundled_kits.path / name / "kit.pdf")
    tiles = [k for k, text in enumerate(pages) if TILE.search(text)]
    assert tiles
    for k in tiles:
        # page k + 1 (1-based) is a front: odd; its back (page k + 2) holds no tile but the note
        assert k % 2 == 0, f"tile on page {k + 1}, the back of page {k}"
        assert BLANK_NOTE in pages[k + 1] and not TILE.search(pages[k + 1]), k + 2
    # the map's index page is one-sided too
    index = next(k for k, text in enumerate(pages) if "assembly index" in text)
    assert index % 2 == 0 and BLANK_NOTE in pages[index + 1]


@pytest.mark.parametrize("name", SCENARIOS)
def test_every_page_put_in_for_two_sided_printing_says_it_is_blank(bundled_kits: Built, name: str) -> None:
    from pypdf import PdfReader

    folder = bundled_kits.path / name
    pages = pdf_text(folder / "kit.pdf")
    assert all(text.strip() for text in pages), [k + 1 for k, text in enumerate(pages) if not text.strip()]
    parts = sum(len(PdfReader(str(folder / f)).pages) for f in PARTS)
    notes = [k for k, text in enumerate(pages) if BLANK_NOTE in text]
    assert len(pages) == parts + len(notes)  # the notes are every page no part printed
    for k in notes:  # and hold nothing else
        assert len(pages[k].split("\n")) <= 4, pages[k]


PARTS = [
    "briefing.pdf",
    "record-sheets.pdf",
    "counters.pdf",
    "map.pdf",
    "reference-card.pdf",
    "quick-card.pdf",
]


def test_the_briefing_says_how_to_print_each_part(bundled_kits: Built) -> None:
    briefing = " ".join(pdf_text(bundled_kits.path / "small-task-groups" / "briefing.pdf")[0].split())
    assert "at 100 %" in briefing
    how = "counters.pdf: two-sided, flip on the long edge; map.pdf: one-sided; the others one- or two-sided."
    assert how in briefing
    assert "kit.pdf (a --single kit) prints two-sided as it comes: map pages get blank backs." in briefing


@pytest.mark.parametrize("name", SCENARIOS)
def test_kit_pdf_has_a_title_a_language_and_a_bookmark_for_every_part_and_ship(
    bundled_kits: Built, name: str
) -> None:
    from pypdf import PdfReader

    path = next(p for p in bundled_scenarios() if p.stem == name)
    scenario, _ = load_scenario(path)
    assert scenario is not None
    reader = PdfReader(str(bundled_kits.path / name / "kit.pdf"))
    assert reader.metadata is not None and reader.metadata.title == f"{scenario.name}: game kit"
    assert reader.metadata.creator == "sheetgen" and reader.metadata.author is None
    assert reader.trailer["/Root"]["/Lang"] == "en"
    outline = reader.outline
    tops = [item for item in outline if not isinstance(item, list)]
    assert [item.title for item in tops] == [
        "Briefing",
        "Record sheets",
        "Counters",
        "Map",
        "Reference card",
        "Quick card",
    ]
    children = {
        top.title: [c.title for c in outline[k + 1] if not isinstance(c, list)]
        for k, top in ((outline.index(t), t) for t in tops)
        if k + 1 < len(outline) and isinstance(outline[k + 1], list)
    }
    for ship in scenario.ships:  # a fleet's ships of one design are numbered ("Lance 1")
        assert any(t == ship.name or t.startswith(f"{ship.name} ") for t in children["Record sheets"]), (
            ship.name
        )
    map_pages = len(PdfReader(str(bundled_kits.path / name / "map.pdf")).pages)
    assert children["Map"][0] == "Assembly index" and len(children["Map"]) == map_pages
    # each bookmark points at its page: a ship's at the page printing its name
    pages = pdf_text(bundled_kits.path / name / "kit.pdf")
    sheets = outline[outline.index(tops[1]) + 1]
    for item in sheets:
        if not isinstance(item, list):
            assert item.title in pages[reader.get_destination_page_number(item)]
