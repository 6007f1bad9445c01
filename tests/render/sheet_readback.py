"""What a player reads on the record sheets of every bundled design: the read-back that
tests/render/test_sheet_readback.py holds the templates to.

For each game and paper, the game's bundled designs (``ships/``, ``illegal/`` and
``fleets/``, fleet counts multiplied out) are printed as one PDF and its text layer read
back with PDFium: the page count, and how many times each token appears (a token is a
run of digits, a run of letters, or any other single character, so a tick box ``☐`` is
one token each and the spacing PDFium guesses between table cells does not matter).

Run as a script to write the fixture from the templates in this checkout:

    PYTHONPATH=$PWD .venv/bin/python tests/render/sheet_readback.py
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

PAPERS = ("letter", "a4")
FIXTURE = Path(__file__).parent / "data" / "sheet_readback.json"
_TOKEN = re.compile(r"\d+|[^\W\d_]+|[^\s\w]|_")


def design_paths(game: str) -> list[str]:
    """The bundled design folders of ``game`` (its :meth:`~sheetgen.games.base.Game.files`)."""
    from sheetgen.games import find_game

    root = find_game(game).files().designs
    return [str(root / f) for f in ("ships", "illegal", "fleets") if (root / f).is_dir()]


def readback(pdf: bytes) -> dict[str, object]:
    """``{"pages": n, "tokens": {token: count}}`` of a PDF's text layer."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        tokens: Counter[str] = Counter()
        for page in doc:
            tokens.update(_TOKEN.findall(page.get_textpage().get_text_range()))
        return {"pages": len(doc), "tokens": dict(sorted(tokens.items()))}
    finally:
        doc.close()


def game_readback(game: str, paper: str) -> dict[str, object]:
    """The read-back of ``game``'s bundled designs printed on ``paper``."""
    from sheetgen.render.record_sheets import design_record_sheets
    from sheetgen.scenarios.loading import load_designs

    entries = load_designs(design_paths(game), only_game=game).entries
    return readback(design_record_sheets(entries, paper=paper).data)


def main() -> None:
    """Every registered game's read-back, and the stand-in game's (tests/every_game.py)."""
    from sheetgen.games import GAMES

    from tests.every_game import registered

    with registered():
        data = {game: {paper: game_readback(game, paper) for paper in PAPERS} for game in GAMES}
    FIXTURE.write_text(
        json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n", encoding="utf-8"
    )


if __name__ == "__main__":
    main()
