"""A record sheet's shared CSS is parsed once a process: every document of a game, whatever
its ships and paper, opens with the same style element, and a new document parses only its
second, what its ships make (issue 28: the shared CSS was 15-40 ms of each new document's
print, as the rules made for the ships sat in the one style element)."""

from __future__ import annotations

import pytest

from sheetgen.games import GAMES, find_game
from sheetgen.render import html as html_module
from sheetgen.render.html import _styles, html_to_pdf, release_styles
from sheetgen.render.record_sheets import Ship, record_sheets_html
from sheetgen.scenarios.loading import load_designs

from tests.every_game import STAND_IN
from tests.render.sheet_readback import design_paths

REAL_GAMES = [g for g in GAMES if g != STAND_IN]


def _documents(game: str) -> list[str]:
    """Each bundled design's sheet alone, on Letter and on A4, and all of them together."""
    entries = load_designs(design_paths(game), only_game=game).entries
    ships = [Ship(find_game(game), e.stats, e.findings) for e in entries]
    docs = [
        doc for ship in ships for paper in ("letter", "a4") for doc in record_sheets_html([ship], paper=paper)
    ]
    return docs + record_sheets_html(ships, paper="letter")


@pytest.mark.parametrize("game", REAL_GAMES)
def test_every_document_of_a_game_opens_with_the_same_style_element(game: str) -> None:
    firsts = set()
    for doc in _documents(game):
        styles = _styles(doc)
        assert styles is not None and len(styles[0]) == 2
        firsts.add(styles[0][0])
    assert len(firsts) == 1


@pytest.mark.parametrize("game", REAL_GAMES)
def test_a_new_documents_print_parses_only_what_its_ships_make(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHEETGEN_CACHE", "off")
    docs = _documents(game)
    release_styles()
    html_to_pdf(docs[0])
    weasyprint = html_module.import_weasyprint()
    parsed: list[str] = []
    real = weasyprint.CSS

    def counting(*args: object, **kwargs: object) -> object:
        parsed.append(str(kwargs.get("string", "")))
        return real(*args, **kwargs)

    monkeypatch.setattr(weasyprint, "CSS", counting)
    html_to_pdf(docs[1])  # the same ship on A4
    html_to_pdf(docs[-1])  # every bundled design
    assert len(parsed) == 2
    first = _styles(docs[0])
    assert first is not None and first[0][0] not in parsed
