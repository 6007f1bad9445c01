"""The game interface every registered game implements: one parse entry per
package, stats JSON from one helper, the optional roll, the erased registry type."""

from __future__ import annotations

import importlib
import json
from fractions import Fraction
from pathlib import Path

import pytest

from sheetgen.core.fields import Fields
from sheetgen.core.findings import InputError
from sheetgen.core.jsondata import stats_dict, to_json
from sheetgen.games import GAMES, find_game, rolling_games
from sheetgen.games.starfire import rules as starfire_rules
from sheetgen.games.starfire.stats import derive
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS
from tests.every_game import every_game


def _ships(game_id: str) -> list[Path]:
    """The game's bundled ships (designs/<game id>/ships/)."""
    return sorted(find_game(game_id).files().designs.glob("ships/*.yaml"))


@pytest.mark.parametrize("game_id", every_game())
def test_every_game_parses_in_its_parse_module(game_id: str) -> None:
    """``Game.parse`` is the package's ``parse.parse_design``: same design from the same mapping."""
    parse = importlib.import_module(f"{GAMES[game_id]}.parse")
    game = find_game(game_id)
    entry = load_designs(_ships(game_id)).entries[0]
    mapping = entry.document.data
    for key in entry.base:
        mapping = mapping[key]
    mapping = {k: v for k, v in mapping.items() if k not in ("game", "count")}
    assert parse.parse_design(Fields(dict(mapping))) == game.parse(Fields(dict(mapping)))
    with pytest.raises(InputError):
        parse.parse_design(Fields({**mapping, "no such key": 1}))


@pytest.mark.parametrize("game_id", every_game())
def test_stats_json_opens_with_name_and_game(game_id: str) -> None:
    for entry in load_designs(_ships(game_id)).entries:
        d = entry.stats.to_dict()
        assert list(d)[:2] == ["name", "game"]
        assert d["game"] == game_id and d["class"] == entry.stats.design_class
        assert json.loads(json.dumps(d)) == d


def test_stats_dict_writes_fields_in_order_with_class_last() -> None:
    stats = derive(starfire_rules.Design.from_string("Arrow", "CT", "SSAA(I)(I)(I)QLR"))
    d = stats_dict(stats)
    assert list(d)[:3] == ["name", "game", "hull"]
    assert list(d)[-3:] == ["count", "design_notes", "class"]
    assert d["weapons"] == [to_json(w) for w in stats.weapons]


def test_to_json_fractions_and_failures() -> None:
    assert to_json([Fraction(3, 2), Fraction(6, 3), (1, None)]) == [1.5, 2, [1, None]]
    with pytest.raises(TypeError, match="set"):
        to_json({1, 2})


def test_named_makes_the_design_name_the_class() -> None:
    game = find_game("starfire")
    stats = derive(starfire_rules.Design.from_string("Arrow", "CT", "SSAA(I)(I)(I)QLR"))
    assert stats.design_class is None
    ship = game.named(stats, "Arrow 2")
    assert (ship.name, ship.design_class) == ("Arrow 2", "Arrow")
    assert game.named(ship, "Arrow 3").design_class == "Arrow"
    assert game.named(stats, "Arrow").design_class is None
    classed = load_designs([DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"]).entries[0].stats
    assert game.named(classed, "Bolt").design_class == "Arrow-class corvette"


def test_only_space_cruisers_rolls() -> None:
    assert rolling_games() == ["space-cruisers"]
    with pytest.raises(NotImplementedError, match="starfire builds ships by design, not by rolling"):
        find_game("starfire").roll(1)
    from sheetgen.games.spacecruisers.roll import roll_ship

    text = find_game("space-cruisers").roll(7, name="Daring", hull="commercial", systems=4)
    assert text == roll_ship(seed=7, name="Daring", hull="commercial", systems=4).to_yaml()
    with pytest.raises(ValueError, match="unknown hull"):
        find_game("space-cruisers").roll(7, hull="dreadnought")
