"""Knight Hawks 2000's play card says what a fire asks of the table (Explanation of Damage
Results): a fire, a Starship Damage Table roll each turn until it is put out; a disastrous
fire, a Critical Hit roll each turn and the ship abandoned within its HS in turns (the
Pugilist, HS 14: 14 turns), as its record sheet prints it."""

from __future__ import annotations

from typing import Any

from sheetgen.games.knighthawks import live as kh
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS


def _pugilist() -> Any:
    scenario, _ = load_scenario(DESIGNS / "knight-hawks-2000/scenarios/flank-action.yaml")
    assert scenario is not None
    return next(ship.stats for ship in scenario.ships if ship.name == "Pugilist")


def _facts(state: dict[str, Any]) -> list[str]:
    rows = kh.card_rows(kh.now(state))
    return [f"{r['label']} {r['value']}{r['after']}" for r in rows if r["kind"] == "fact"]


def test_a_fire_asks_for_a_damage_table_roll_each_turn() -> None:
    state = kh.apply(kh.start(_pugilist()), {"action": "system_damage", "weapon": "fire"})
    assert "fire: burning (a Starship Damage Table roll each turn until put out)" in _facts(state)


def test_a_disastrous_fire_says_when_the_ship_is_abandoned() -> None:
    ship = _pugilist()
    assert ship.hull_size == 14
    state = kh.start(ship)
    for _ in range(2):  # a second fire is a disastrous fire
        state = kh.apply(state, {"action": "system_damage", "weapon": "fire"})
    facts = _facts(state)
    assert (
        "disastrous fire: burning (no power, ADF, MR or DCR; a Critical Hit roll each turn;"
        " abandoned within 14 turns)"
    ) in facts
    assert not any(f.startswith("fire:") for f in facts)  # the disastrous fire says it all
