"""A game's knowledge lives in its package: no game id appears in sheetgen/ outside
sheetgen/games/ (where the registry names each once). The front ends read the games from
the registry (help strings) and from /api/games (the designer page)."""

from __future__ import annotations

import re

from sheetgen.games import GAMES

from tests.conftest import ROOT

PACKAGE = ROOT / "sheetgen"
#: Generated from the registry (``scripts/schemas.py``), not written by hand.
GENERATED = PACKAGE / "schemas"
#: Third-party code shipped as is.
VENDORED = {PACKAGE / "serve" / "static" / "codemirror.js"}


def _written_by_hand() -> list:
    skip = {PACKAGE / "games", GENERATED}
    return [
        p
        for p in sorted(PACKAGE.rglob("*"))
        if p.is_file()
        and p.suffix in {".py", ".js", ".json", ".html", ".css", ".j2"}
        and not any(d in p.parents for d in skip)
        and p not in VENDORED
    ]


def test_no_game_id_outside_the_games() -> None:
    ids = re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, GAMES))})(?![\w-])")
    files = _written_by_hand()
    assert {"app.js", "play.js", "guide.py"} <= {p.name for p in files}
    found = {
        f"{p.relative_to(ROOT)}:{n}": m.group(1)
        for p in files
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        for m in [ids.search(line)]
        if m
    }
    assert found == {}
