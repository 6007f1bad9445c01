"""What a printed document fetches (sheetgen.render.resources): ``data:`` URLs are read as
``urllib`` reads them without loading the ``email`` package, and a plain SVG picture is
parsed once a thread, the PDF the same bytes (issue 28, sixth slice)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.request
from functools import cache

import pytest

from sheetgen.games import GAMES, find_game
from sheetgen.render.html import _kept, html_to_pdf, release_styles
from sheetgen.render.record_sheets import Ship, record_sheets_html
from sheetgen.render.resources import data_url, plain_svg
from sheetgen.scenarios.loading import load_designs

from tests.conftest import ROOT
from tests.every_game import STAND_IN
from tests.render.sheet_readback import design_paths

REAL_GAMES = [g for g in GAMES if g != STAND_IN]


@cache
def _sheet(game: str) -> str:
    """One document of every bundled design of ``game``."""
    entries = load_designs(design_paths(game), only_game=game).entries
    (doc,) = record_sheets_html([Ship(find_game(game), e.stats, e.findings) for e in entries][:24])
    return doc


def _urls(html: str) -> list[str]:
    return sorted({m.group(2) for m in re.finditer(r"""url\((["']?)(data:[^"')]*)\1\)""", html)})


def _by_urllib(url: str) -> tuple[bytes, str, str | None]:
    with urllib.request.urlopen(url) as response:  # a data: URL: nothing leaves the process
        return response.read(), response.headers.get_content_type(), response.headers.get_param("charset")


EDGES = [
    "data:,A%20brief%20note",
    "data:text/plain;charset=UTF-8,caf%C3%A9",
    "data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnLz4=",
    "data:Image/SVG+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    "data:;base64,SGVsbG8=",
]


@pytest.mark.parametrize("game", REAL_GAMES)
def test_every_picture_of_a_sheet_reads_as_urllib_reads_it(game: str) -> None:
    urls = _urls(_sheet(game))
    for url in urls:
        assert data_url(url) == _by_urllib(url), url


@pytest.mark.parametrize("url", EDGES)
def test_data_urls_read_as_urllib_reads_them(url: str) -> None:
    assert data_url(url) == _by_urllib(url)


@pytest.mark.parametrize(
    "url",
    ["data:text/plain;utf8,x", "data:text/plain;name=a;base64,SGk=", "file:///tmp/a.svg", "data:text/plain"],
)
def test_other_urls_are_left_to_urllib(url: str) -> None:
    assert data_url(url) is None


def test_only_plain_shapes_are_shared() -> None:
    svg = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'>{}</svg>"
    assert plain_svg(svg.format("<g><rect width='1' height='1'/><path d='M0 0L1 1'/></g>"))
    assert not plain_svg(svg.format("<text>A</text>"))
    assert not plain_svg(svg.format("<image href='a.png'/>"))
    assert not plain_svg(svg.format("<rect fill='url(#g)'/>"))
    assert not plain_svg("data:image/png;base64,iVBORw0KGgo=")


SCRIPT = """
import sys
from sheetgen.render.html import html_to_pdf, import_weasyprint
import_weasyprint()
before = "email.policy" in sys.modules
html_to_pdf(open(sys.argv[1], encoding="utf-8").read())
print(before, "email.policy" in sys.modules)
"""


def test_printing_pictures_loads_no_mail_headers(tmp_path) -> None:  # type: ignore[no-untyped-def]
    doc = tmp_path / "sheet.html"
    doc.write_text(_sheet("space-cruisers"), encoding="utf-8")
    assert _urls(doc.read_text(encoding="utf-8"))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(doc)],
        cwd=ROOT,
        env={**os.environ, "SHEETGEN_CACHE": "off"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["False", "False"]


@pytest.mark.parametrize("game", ["space-cruisers", "starfire"])
def test_pictures_are_parsed_once_a_thread_and_print_the_same(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from weasyprint.images import SVGImage

    doc = _sheet(game)
    release_styles()
    alone = html_to_pdf(doc).data
    assert _kept().pictures
    assert all(picture._context is None for picture in _kept().pictures.values())
    made: list[object] = []
    real = SVGImage.__init__

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(SVGImage, "__init__", counting)
    again = html_to_pdf(doc).data
    assert made == []
    assert again == alone
