"""The designer's stats pane is a player's table (issue 25): ``/api/check`` gives the rows
``sheetgen stats`` prints (the game's own wording, units, the rule text's fractions), never
the raw derived numbers ("maneuver turns 0.0333333333333333") or internal names ("count",
"system rooms —, —, 0, 1")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sheetgen.serve import service

from tests.conftest import DESIGNS
from tests.every_game import per_game

SHIPS = per_game(lambda files: sorted(files.designs.glob("ships/*.yaml")))
RAW_FLOAT = re.compile(r"\d\.\d{4,}")
INTERNAL = re.compile(r"_|^count$|^system rooms$|^design class$")


@pytest.mark.parametrize("path", SHIPS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_the_check_gives_the_stats_as_sheetgen_stats_prints_them(path: Path) -> None:
    result = service.load(path.read_bytes())
    entry = result.entries[0]
    out = service.check(path.read_bytes())
    rows = [(r["label"], r["value"]) for r in out["table"]]
    summary = entry.game.summary(entry.stats)
    assert rows[0] == ("name", entry.stats.name)
    assert rows[-len(summary) :] == summary
    for label, value in rows:
        assert not INTERNAL.search(label), label
        assert not RAW_FLOAT.search(value), (label, value)
        assert "—, —" not in value, (label, value)


def test_knight_hawks_maneuvers_are_a_fraction_of_a_turn() -> None:
    out = service.check((DESIGNS / "knight-hawks-2000" / "ships" / "kestrel.yaml").read_bytes())
    rows = dict((r["label"], r["value"]) for r in out["table"])
    assert rows["maneuver points"] == "30 a turn; one maneuver takes 1/30 turns"
    assert rows["structure"] == "60 SP (½ lost at 30, ⅔ at 40)"
    assert rows["class"] == "Kestrel-class fighter"


def test_an_overfull_starfire_hull_says_how_far_over() -> None:
    """SF-7: 20 HS of systems on the CT's 16 is 4 over, not "0 free"."""
    out = service.check(b"game: starfire\nname: Overfull\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n")
    rows = dict((r["label"], r["value"]) for r in out["table"])
    assert rows["hull spaces"] == "20 / 16 HS (4 over)"


BROKEN = [
    "game: starfire\nname: O\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n",
    "game: starfire\nname: O\nhull: DD\nsystems: SSAA(I)(I)(I)QLR\n",
    "game: space-cruisers\nname: O\nhull: fighter\nsystems: [phasers, shields, armor, drives]\n",
    "game: kill-radius\nname: O\ntype: light carrier\nnumber: 3\nfighters: 5\n",
    "game: knight-hawks-2000\nname: O\nrole: military\nhull_size: 4\nstructure_points: 60\nadf: 6\nmr: 5\n"
    "void_engines: 1\ncrew: {total: 1}\n",
]


@pytest.mark.parametrize("text", BROKEN, ids=lambda t: t.split("\n")[0][6:])
def test_a_broken_budget_is_an_error_of_its_rule(text: str) -> None:
    """Each game's budget (Game.budget) marks the limit the checks find broken: a bar that
    is not kept has an error (a warning for a Knight Hawks crew below the minimum, which
    the text allows) of the rule it names; the budget comes from the game, not the page."""
    out = service.check(text.encode())
    broken = [b for b in out["budget"] if not b["ok"]]
    assert broken, out["budget"]
    found = {f["rule"] for f in out["findings"] if f["severity"] in ("error", "warning")}
    for b in broken:
        assert b["rule"] in found, (b, found)


@pytest.mark.parametrize("path", SHIPS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_legal_ship_keeps_every_budget(path: Path) -> None:
    out = service.check(path.read_bytes())
    assert out["legal"]
    assert all(b["ok"] for b in out["budget"]), out["budget"]
