"""Table rolls in play: Space Cruisers' Critical Damage Table (1D10), rolled by the client or the server."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sheetgen.core.refused import Refused
from sheetgen.games.spacecruisers import live
from sheetgen.play.engine import Engine
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS


def _ship(tmp_path: Path, systems: str, cond: str = "{hull_points: -1, shields: 0}") -> object:
    path = tmp_path / "sc.yaml"
    path.write_text(f"game: space-cruisers\nname: C\nhull: military\nsystems: {systems}\ncondition: {cond}\n")
    (entry,) = load_designs([path]).entries
    assert entry.legal, entry.findings
    return live.start(entry.stats)  # type: ignore[arg-type]


def test_each_d10_roll_takes_its_row_of_the_table(tmp_path: Path) -> None:
    state = _ship(tmp_path, "[phasers, drives]")
    state = live.apply(state, {"action": "critical", "roll": 6})  # targeting computer: -1 to hit
    state = live.apply(state, {"action": "critical", "roll": 8})  # internal: -1 damage, -1 range
    now = live.now(state)
    assert now["criticals"] == ["Targeting computer", "Weapons internal damage"]
    assert (now["to_hit_modifier"], now["damage_modifier"], now["range_modifier"]) == (-1, -1, -1)
    state = live.apply(state, {"action": "critical", "roll": 10})  # laugh it off: no effect
    assert live.now(state)["to_hit_modifier"] == -1 and not live.removed(state)


def test_a_second_warp_core_hit_explodes_the_ship(tmp_path: Path) -> None:
    state = live.apply(_ship(tmp_path, "[phasers]"), {"action": "critical", "roll": 3})
    assert not live.removed(state)
    state = live.apply(state, {"action": "critical", "roll": 3})
    assert live.removed(state) and live.now(state)["out"] == "explodes"
    with pytest.raises(Refused, match="out of the game: explodes"):
        live.apply(state, {"action": "critical", "roll": 10})
    assert live.condition_findings(state["stats"], live.condition(state))


def test_weapon_destroyed_with_none_left_is_rerolled(tmp_path: Path) -> None:
    # a military hull's built-in phaser and the one bought: two weapons to lose
    state = live.apply(_ship(tmp_path, "[phasers]"), {"action": "critical", "roll": 1})
    state = live.apply(state, {"action": "critical", "roll": 1})
    assert live.now(state)["weapons_lost"] == 2
    with pytest.raises(Refused, match="no weapons left: reroll"):
        live.apply(state, {"action": "critical", "roll": 1})
    with pytest.raises(Refused, match="a d10, 1 to 10"):
        live.apply(state, {"action": "critical", "roll": 11})


def test_the_server_rolls_a_critical_left_unrolled_and_logs_it(tmp_path: Path) -> None:
    shutil.copytree(DESIGNS / "space-cruisers", tmp_path / "space-cruisers")
    scenario = next(p for p in sorted((tmp_path / "space-cruisers" / "scenarios").glob("*.yaml")))
    engine = Engine(tmp_path)
    game = engine.create(scenario.relative_to(tmp_path).as_posix())
    name = engine.state(game.id)["ships"][0]["name"]
    try:
        state = engine.submit(game.id, {"ship": name, "action": "critical"})
    except Refused as exc:  # a weapon or drive result with none left: the text says reroll
        assert "reroll" in str(exc)
        return
    roll = state["log"][-1]["event"]["roll"]
    assert 1 <= roll <= 10
    ship = next(s for s in state["ships"] if s["name"] == name)
    assert len(ship["now"]["criticals"]) == 1
