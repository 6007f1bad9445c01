"""Record sheets for many ships: printed as several documents (in parallel with
``--jobs``), joined with continuous page numbers and a bookmark per ship, the same
bytes for any number of jobs (issue 13)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.render import record_sheets as record_sheets_module
from sheetgen.render.record_sheets import SHIPS_PER_DOCUMENT

from tests.conftest import DESIGNS, pdf_text
from tests.pdffonts import pdf_fonts

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]

FLEET = """\
fleet: Many
side: Blue
game: starfire
designs:
  - {name: Arrow, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {R: 10}, count: 4}
  - {name: Hammer, hull: DD, systems: SSSAA(I)(I)(I)(I)QQLLRR, munitions: {R: 10}, count: 3}
"""


def _outline(pdf: bytes) -> list[tuple[str, int]]:
    """(title, 0-based page) of every top-level bookmark."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    return [(item.title, reader.get_destination_page_number(item)) for item in reader.outline]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[int, bytes]:
    """Seven Starfire ships in documents of two ships (four documents), printed with
    one job and with two: {jobs: PDF bytes}."""
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    folder = tmp_path_factory.mktemp("sheet-documents")
    fleet = folder / "fleet.yaml"
    fleet.write_text(FLEET, encoding="utf-8")
    out: dict[int, bytes] = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(record_sheets_module, "SHIPS_PER_DOCUMENT", 2)
        for jobs in (1, 2):
            pdf = folder / f"jobs-{jobs}.pdf"
            result = CliRunner().invoke(app, ["sheets", str(fleet), "-o", str(pdf), "--jobs", str(jobs)])
            assert result.exit_code == 0, result.output
            out[jobs] = pdf.read_bytes()
    return out


def test_the_pdf_does_not_depend_on_jobs(printed: dict[int, bytes]) -> None:
    assert printed[1] == printed[2]


def test_pages_are_numbered_through_every_document(printed: dict[int, bytes]) -> None:
    """Two ships a document, up to three sheets a page: four documents of one page each,
    each page numbered in the game's own running foot, once."""
    pages = pdf_text(printed[1])
    assert len(pages) == 4
    for k, text in enumerate(pages, start=1):
        assert re.findall(r"page \d+ of \d+", text) == [f"page {k} of 4"]


def test_one_bookmark_per_ship_on_its_page(printed: dict[int, bytes]) -> None:
    names = [f"Arrow {k}" for k in range(1, 5)] + [f"Hammer {k}" for k in range(1, 4)]
    assert _outline(printed[1]) == [(name, k // 2) for k, name in enumerate(names)]
    for title, page in _outline(printed[1]):
        assert title in pdf_text(printed[1])[page]


def test_each_subset_name_names_one_program(printed: dict[int, bytes]) -> None:
    programs: dict[str, set[bytes]] = {}
    for font, program in pdf_fonts(printed[1]):
        assert program, font
        programs.setdefault(font, set()).add(program)
    assert {font: len(p) for font, p in programs.items() if len(p) > 1} == {}


def test_a_roster_prints_once_however_many_documents(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kill Radius sheets open with the fleets' roster: in the first document only."""
    from sheetgen.render.record_sheets import Ship, render_record_sheets
    from sheetgen.scenarios.loading import load_designs

    result = load_designs([DESIGNS / "kill-radius" / "ships"])
    ships = [Ship(e.game, e.stats, e.findings) for e in result.entries] * 3
    monkeypatch.setattr(record_sheets_module, "SHIPS_PER_DOCUMENT", 2)
    text = "\n".join(pdf_text(render_record_sheets(ships).data))
    assert text.count("side ships total Number carriers fighters") == 1
    assert "Fleet 6 27 3 12" in text  # the roster counts all six ships, not its document's two


def test_one_document_is_printed_whole_as_before() -> None:
    """Up to SHIPS_PER_DOCUMENT ships of a game are one WeasyPrint document, numbered
    by WeasyPrint itself."""
    from sheetgen.render.html import html_to_pdf
    from sheetgen.render.record_sheets import Ship, record_sheets_html, render_record_sheets
    from sheetgen.scenarios.loading import load_designs

    result = load_designs([DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"])
    ships = [Ship(e.game, e.stats, e.findings) for e in result.entries] * 4
    assert SHIPS_PER_DOCUMENT >= 4
    assert render_record_sheets(ships, jobs=2).data == html_to_pdf(record_sheets_html(ships)).data


def test_jobs_below_one_are_refused(invoke: Invoke) -> None:
    r = invoke("sheets", DESIGNS / "starfire" / "ships", "-o", "x.pdf", "--jobs", "0")
    assert r.exit_code == 2
    assert r.stderr.startswith("sheetgen sheets: error: ") and "--jobs" in r.stderr


def test_every_page_stream_stays_compressed(printed: dict[int, bytes]) -> None:
    """Stamping a page number rewrites the page's content stream: it is compressed
    again, so a joined PDF is about the size of one document (not ten times it)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(printed[1]))
    for page in reader.pages:
        contents = page["/Contents"].get_object()
        streams = contents if isinstance(contents, list) else [contents]
        for stream in streams:
            assert stream.get_object().get("/Filter") == "/FlateDecode"
