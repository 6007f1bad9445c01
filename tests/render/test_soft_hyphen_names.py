"""A soft hyphen in a name is no place to break it (templates/base.css ``.name-fit``:
``hyphens: none``): a name of one long word with soft hyphens in it printed whole, smaller,
on every game's record sheet, where it broke mid-word with a hyphen the name does not show
(seen on a Starfire header set as its flexbox: "Wwwww...Wwwww-" / "WwwwwWwwww")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetgen.games import find_game
from sheetgen.render.record_sheets import render_record_sheets
from sheetgen.scenarios.loading import load_designs

from tests.conftest import pdf_text
from tests.every_game import every_game

PARTS = ["Wwwww"] * 12  # one word far wider than a header line at any name size
NAME = "\u00ad".join(PARTS)


@pytest.mark.parametrize("game", every_game())
def test_a_soft_hyphened_name_is_printed_whole(game: str, tmp_path: Path) -> None:
    from sheetgen.render.record_sheets import Ship

    base = min(sorted(find_game(game).files().designs.glob("ships/*.yaml")), key=lambda p: p.stat().st_size)
    text = re.sub(r"(?m)^name: .*$", f'name: "{NAME}"', base.read_text(encoding="utf-8"))
    path = tmp_path / "shy.yaml"
    path.write_text(text, encoding="utf-8")
    (entry,) = load_designs([str(path)]).entries
    pdf = render_record_sheets([Ship(entry.game, entry.stats, entry.findings)]).data
    page = pdf_text(pdf)[0]
    assert "".join(PARTS) in page  # the whole word, on one line
    assert "\u2010" not in page and "Wwwww-" not in page  # no hyphen shown inside it
