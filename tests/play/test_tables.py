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
    for _ in range(12):  # shields blown, then below zero hull points: hits there call for criticals
        engine.submit(game.id, {"ship": name, "action": "damage", "amount": 5})
    try:
        state = engine.submit(game.id, {"ship": name, "action": "critical"})
    except Refused as exc:  # a weapon or drive result with none left: the text says reroll
        assert "reroll" in str(exc)
        return
    roll = state["log"][-1]["event"]["roll"]
    assert 1 <= roll <= 10
    ship = next(s for s in state["ships"] if s["name"] == name)
    assert len(ship["now"]["criticals"]) == 1


# --- Knight Hawks 2000: damage table results, repairs, the crew table ------------------------

from sheetgen.games.knighthawks import live as kh  # noqa: E402


@pytest.fixture
def pugilist() -> object:
    """The Pugilist: 1,680 SP, ADF 3, MR 2, 2 void engines, DCR 140, repairs 190 (RULINGS KH-2)."""
    (entry,) = load_designs([DESIGNS / "knight-hawks-2000/ships/pugilist.yaml"]).entries
    return entry.stats


def _turn(state: dict, n: int) -> dict:
    for _ in range(n):
        state = kh.end_turn(state)
    return state


def test_damage_table_results_change_adf_and_mr(pugilist: object) -> None:
    state = kh.start(pugilist)  # type: ignore[arg-type]
    state = kh.apply(state, {"action": "system_damage", "weapon": "void_engine"})  # ADF -1
    state = kh.apply(state, {"action": "system_damage", "weapon": "maneuver_jet"})  # MR -1
    assert (kh.now(state)["adf"], kh.now(state)["mr"]) == ("2", "1")
    state = kh.apply(state, {"action": "system_damage", "weapon": "fire"})  # half ADF, no MR
    assert (kh.now(state)["adf"], kh.now(state)["mr"]) == ("1", "0")
    state = kh.apply(state, {"action": "system_damage", "weapon": "fire"})  # a second fire: disastrous
    now = kh.now(state)
    assert now["disastrous_fire"] and not now["fire"] and (now["adf"], now["mr"]) == ("0", "0")
    state = kh.apply(state, {"action": "system_damage", "weapon": "void_engine_destroyed"})
    assert kh.removed(state) and kh.now(state)["blown_up"]  # a void engine lost in a disastrous fire


def test_the_last_void_engine_destroyed_blows_the_ship_up(pugilist: object) -> None:
    state = kh.apply(kh.start(pugilist), {"action": "system_damage", "weapon": "void_engine_destroyed"})  # type: ignore[arg-type]
    assert kh.now(state)["adf"] == "1½" and not kh.removed(state)  # ADF 3 - 3/2 engines
    state = kh.apply(state, {"action": "system_damage", "weapon": "void_engine_destroyed"})
    assert kh.removed(state)
    with pytest.raises(Refused, match="blew up"):
        kh.apply(state, {"action": "damage", "amount": 1})


def test_repairs_every_third_turn_by_the_d100(pugilist: object) -> None:
    state = kh.apply(kh.start(pugilist), {"action": "damage", "amount": 500})  # type: ignore[arg-type]
    state = kh.apply(state, {"action": "system_damage", "weapon": "sensors"})
    with pytest.raises(Refused, match="every third turn; this is turn 1"):
        kh.apply(state, {"action": "repair", "roll": 50})
    state = _turn(state, 2)
    repaired = kh.apply(state, {"action": "repair", "roll": 95})  # at most DCR 140 + 10 x 5: a success
    assert kh.now(repaired)["structure_points"] == 1680 - 500 + 190 and repaired["damaged"] == []
    with pytest.raises(Refused, match="made its repair roll this turn"):
        kh.apply(repaired, {"action": "repair", "roll": 10})
    everything = kh.apply(state, {"action": "repair", "roll": 5})  # 01-05: all damage
    assert everything["lost"] == 0 and everything["damaged"] == []
    scc = kh.apply(state, {"action": "repair", "roll": 96})  # 96-99: only at an SCC
    with pytest.raises(Refused, match="only at an SCC"):
        kh.apply(_turn(scc, 3), {"action": "repair", "roll": 10})
    disaster = kh.apply(state, {"action": "repair", "roll": 100})  # 00
    assert disaster["lost"] == 690 and disaster["destroyed"] == ["sensors"]
    assert kh.now(disaster)["crew_rolls_due"] == 1
    crew = kh.apply(disaster, {"action": "crew_damage", "roll": 4})
    assert kh.now(crew)["crew_rolls"] == [4] and kh.now(crew)["crew_rolls_due"] == 0


def test_knight_hawks_condition_keeps_the_systems(pugilist: object) -> None:
    import dataclasses

    state = kh.apply(kh.start(pugilist), {"action": "system_damage", "weapon": "sensors"})  # type: ignore[arg-type]
    state = kh.apply(state, {"action": "system_damage", "weapon": "weapon"})
    cond = kh.condition(state)
    assert cond == {"damaged": ["sensors"], "destroyed": ["weapon"]}
    again = kh.start(dataclasses.replace(pugilist, condition=cond))  # type: ignore[type-var]
    assert kh.condition(again) == cond
    bad = {"destroyed": ["void_engine_destroyed", "void_engine_destroyed"]}
    assert "blew up" in kh.condition_findings(pugilist, bad)[0].message  # type: ignore[arg-type]


def test_a_repair_roll_above_dcr_and_skill_fails() -> None:
    (entry,) = load_designs([DESIGNS / "knight-hawks-2000/ships/kestrel.yaml"]).entries
    assert entry.stats.repair_points == 10  # HS 1: DCR 10, no repair skill aboard
    state = _turn(kh.apply(kh.start(entry.stats), {"action": "damage", "amount": 20}), 2)
    failed = kh.apply(state, {"action": "repair", "roll": 11})
    assert failed["lost"] == 20 and kh.now(failed)["may_repair"] is False
    assert kh.apply(state, {"action": "repair", "roll": 10})["lost"] == 10


def test_knight_hawks_ordnance_is_launched_round_by_round(pugilist: object) -> None:
    state = kh.start(pugilist)  # type: ignore[arg-type]
    assert kh.now(state)["ordnance_left"] == {"SM": 24}  # the Pugilist's seeker bay
    state = kh.apply(state, {"action": "fire", "weapon": "SM"})
    assert kh.now(state)["ordnance_left"] == {"SM": 23}
    with pytest.raises(Refused, match="has 23 SM left, not 24"):
        kh.apply(state, {"action": "fire", "weapon": "SM", "amount": 24})
    state = kh.apply(state, {"action": "fire", "weapon": "SM", "amount": 23})  # all carried in a turn
    assert kh.now(state)["ordnance_left"] == {"SM": 0} and kh.condition(state) == {"launched": {"SM": 24}}
    with pytest.raises(Refused, match="no SM ordnance left"):
        kh.apply(state, {"action": "fire", "weapon": "SM"})
    with pytest.raises(Refused, match="only weapons that carry ordnance"):
        kh.apply(state, {"action": "fire", "weapon": "PB"})
    assert kh.condition_findings(pugilist, {"launched": {"SM": 25}})  # type: ignore[arg-type]
