"""The kit's briefing for forces too large for one page: the side lists go on over
the pages (each ship name printed once, inside the page's margins and clear of the
footer), the first side starts on the title page, and "In this kit" gives the
briefing's true page count. One briefing (200 ships a side) is printed for all of it."""

from __future__ import annotations

import re

import pytest

from sheetgen.core.rendered import Rendered
from sheetgen.render.briefing import render_briefing
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.conftest import DESIGNS, pdf_text

MM = 72 / 25.4  # pt
#: briefing.css's @page margins (top, right, bottom, left), mm; the footer sits in the bottom one
MARGINS = (12, 12, 13, 12)
FOOTER = "sheetgen · scenario briefing"


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> tuple[Scenario, Rendered]:
    """A scenario of 200 ships a side (one side of two designs, one of them with a
    class name that wraps) and its briefing, printed once."""
    ships = DESIGNS / "starfire" / "ships"
    path = tmp_path_factory.mktemp("briefing") / "large.yaml"
    path.write_text(
        "scenario: Large\ngame: starfire\nmap: {cols: 20, rows: 20}\nsides:\n"
        f"  - {{name: Alpha, fleet: [{{design: {ships / 'corvette-arrow.yaml'}, count: 150}},"
        f" {{design: {ships / 'destroyer-hammer.yaml'}, count: 50}}]}}\n"
        f"  - {{name: Beta, fleet: [{{design: {ships / 'corvette-lance.yaml'}, count: 200}}]}}\n",
        encoding="utf-8",
    )
    scenario, result = load_scenario(path)
    assert scenario is not None, [str(x) for x in result.input_errors]
    return scenario, render_briefing(scenario, [])


def _names_printed(data: bytes, names: set[str]) -> dict[str, list[tuple[int, tuple[float, ...]]]]:
    """Where each of ``names`` is printed: (page, (left, bottom, right, top) in pt) for
    each time (PDFium character boxes, read back from the PDF)."""
    import pypdfium2 as pdfium

    pattern = re.compile(r"\b(?:" + "|".join(sorted({n.rsplit(" ", 1)[0] for n in names})) + r") \d+\b")
    found: dict[str, list[tuple[int, tuple[float, ...]]]] = {}
    pdf = pdfium.PdfDocument(data)
    try:
        for number, page in enumerate(pdf):
            textpage = page.get_textpage()
            text = textpage.get_text_range()
            for m in pattern.finditer(text):
                boxes = [textpage.get_charbox(k) for k in range(m.start(), m.end()) if not text[k].isspace()]
                box = (
                    min(b[0] for b in boxes),
                    min(b[1] for b in boxes),
                    max(b[2] for b in boxes),
                    max(b[3] for b in boxes),
                )
                found.setdefault(m.group(), []).append((number, box))
    finally:
        pdf.close()
    return found


def _footer_tops(data: bytes) -> list[float]:
    """The top (pt from the page's foot) of the footer line on each page."""
    import pypdfium2 as pdfium

    tops = []
    pdf = pdfium.PdfDocument(data)
    try:
        for page in pdf:
            textpage = page.get_textpage()
            start = textpage.get_text_range().find(FOOTER)
            assert start >= 0
            tops.append(max(textpage.get_charbox(k)[3] for k in range(start, start + len(FOOTER))))
    finally:
        pdf.close()
    return tops


def test_large_forces_list_every_ship_inside_the_pages(large: tuple[Scenario, Rendered]) -> None:
    import pypdfium2 as pdfium

    scenario, briefing = large
    names = {ship.name for ship in scenario.ships}
    assert len(names) == 400
    printed = _names_printed(briefing.data, names)
    footers = _footer_tops(briefing.data)
    pdf = pdfium.PdfDocument(briefing.data)
    sizes = [page.get_size() for page in pdf]
    pdf.close()
    top, right, bottom, left = (m * MM for m in MARGINS)
    for name in names:
        assert len(printed.get(name, [])) == 1, (name, printed.get(name))
        ((page, (x0, y0, x1, y1)),) = printed[name]
        width, height = sizes[page]
        assert left - 0.5 <= x0 and x1 <= width - right + 0.5, (name, page, x0, x1)
        assert bottom - 0.5 <= y0 and y1 <= height - top + 0.5, (name, page, y0, y1)
        assert y0 > footers[page] + 1, (name, page, y0, footers[page])  # clear of the footer
    assert not briefing.warnings


def test_large_forces_start_on_the_title_page_and_count_the_pages(large: tuple[Scenario, Rendered]) -> None:
    scenario, briefing = large
    pages = pdf_text(briefing.data)
    assert len(pages) > 1
    first = scenario.sides[0]
    assert "Large" in pages[0] and f"{first.name} 200 ships" in pages[0]
    assert re.search(rf"\b{scenario.ships[0].name}\b", pages[0])  # and its list starts there
    listed = re.search(r"briefing\.pdf\s+these pages\s+(\d+)\b", "\n".join(pages))
    assert listed is not None and int(listed.group(1)) == len(pages)


def test_a_long_module_name_wraps_alone_and_the_contents_keep_their_width() -> None:
    """A long scenario name makes a long ``.vmod`` file name: only the name wraps, inside
    the 95 mm the kit's contents are given (briefing.css); each part's title and page count
    stay on one line ("record sheets  12", not "record" / "sheets" / "1" / "2")."""
    import pypdfium2 as pdfium

    from sheetgen.render.briefing import ListedPart

    path = DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml"
    scenario, _ = load_scenario(path)
    assert scenario is not None
    parts = [
        ListedPart("record-sheets.pdf", "record sheets", 12),
        ListedPart("x" * 120 + ".vmod", "VASSAL module", 0),
    ]
    data = render_briefing(scenario, parts).data
    text = pdf_text(data)[0]
    assert re.search(r"record-sheets\.pdf\s*record sheets\s*12\n", text)
    assert "VASSAL module" in text
    pdf = pdfium.PdfDocument(data)
    try:
        textpage = pdf[0].get_textpage()
        whole = textpage.get_text_range()
        heading = whole.index("In this kit")
        left = textpage.get_charbox(heading)[0]
        xs = [textpage.get_charbox(k)[2] for k in range(heading, len(whole)) if whole[k] == "x"]
    finally:
        pdf.close()
    assert len(xs) == 120
    assert max(xs) <= left + 95 * MM + 0.5  # the name wraps inside the contents' 95 mm
