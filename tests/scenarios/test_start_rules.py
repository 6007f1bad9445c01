"""Where the rule texts let ships stand, checked at set-up: each game's own rule function
(Kill Radius: play.stack_ok, at most a total Number of 7 in a stack; Space Cruisers:
play.stack_allowed, one ship per hex) called on a scenario's start positions, an error at
the offending start position's line, and no kit printed from such a set-up."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games.killradius import play as kr_play
from sheetgen.games.spacecruisers import play as sc_play
from sheetgen.scenarios.scenario import load_scenario

Write = Callable[[str, str], Path]


def _kill_radius(first: int, second: int, at: str = "0505") -> str:
    return f"""scenario: Stack test
game: kill-radius
map:
  cols: 20
  rows: 20
  start:
    - {{ship: Big, at: "0505", facing: N}}
    - {{ship: Small, at: "{at}", facing: N}}
sides:
  - name: A
    fleet:
      - design: {{name: Big, type: free, number: {first}}}
  - name: B
    fleet:
      - design: {{name: Small, type: free, number: {second}}}
"""


def _space_cruisers(at: str) -> str:
    return f"""scenario: Hex test
game: space-cruisers
map:
  cols: 16
  rows: 12
  start:
    - {{ship: Watchful, at: "0303"}}
    - {{ship: Corsair, at: "{at}"}}
sides:
  - name: Guard
    fleet:
      - design: {{name: Watchful, hull: military, rules: basic, systems: [Shields, Torps, Security, Drives x2]}}
  - name: Raiders
    fleet:
      - design: {{name: Corsair, hull: military, rules: basic, systems: [Phasers, Shields, Security, Drives x2]}}
"""


def _errors(path: Path) -> list[Any]:
    scenario, result = load_scenario(path)
    assert not result.input_errors, [str(x) for x in result.input_errors]
    assert scenario is not None
    return [loc for loc in scenario.located if loc.finding.is_error]


def test_the_rule_functions_hold_the_texts_limits() -> None:
    assert kr_play.stack_ok([4, 3]) and not kr_play.stack_ok([8, 1]) and kr_play.stack_ok([10])
    assert sc_play.stack_allowed(1) and not sc_play.stack_allowed(2)


def test_kill_radius_stack_above_number_7_fails_at_the_second_start(write: Write) -> None:
    errors = _errors(write("kr.yaml", _kill_radius(8, 1)))
    assert len(errors) == 1
    loc = errors[0]
    assert loc.finding.rule == "SCENARIO"
    assert loc.line == 8  # the start position of Small, which makes the stack
    assert "total Number 9" in loc.finding.message and "7" in loc.finding.message


@pytest.mark.parametrize(("first", "second", "at"), [(4, 3, "0505"), (9, 1, "0506"), (8, 1, "0605")])
def test_kill_radius_legal_stacks_and_neighbours_pass(write: Write, first: int, second: int, at: str) -> None:
    assert _errors(write("kr.yaml", _kill_radius(first, second, at))) == []


def test_space_cruisers_two_ships_in_one_hex_fail(write: Write) -> None:
    errors = _errors(write("sc.yaml", _space_cruisers("0303")))
    assert len(errors) == 1
    loc = errors[0]
    assert loc.finding.rule == "SCENARIO"
    assert loc.line == 8 and "Corsair" in loc.finding.message and "0303" in loc.finding.message


def test_space_cruisers_ships_in_their_own_hexes_pass(write: Write) -> None:
    assert _errors(write("sc.yaml", _space_cruisers("0304"))) == []


def test_validate_and_kit_refuse_a_shared_hex(
    write: Write, invoke: Callable[..., Any], tmp_path: Path
) -> None:
    path = write("sc.yaml", _space_cruisers("0303"))
    done = invoke("validate", path)
    assert done.exit_code == 1
    assert "sc.yaml:8:" in done.stdout and "[SCENARIO]" in done.stdout
    kit = invoke("kit", path, "-o", tmp_path / "kit")
    assert kit.exit_code == 1
    assert not (tmp_path / "kit").exists() or not any((tmp_path / "kit").iterdir())


def test_every_game_answers_whether_ships_may_share_a_hex() -> None:
    from sheetgen.games import find_game
    from sheetgen.games.killradius import rules as kr_rules
    from sheetgen.games.killradius.stats import derive as kr_derive

    def kr(number: int) -> Any:
        return kr_derive(kr_rules.Design(name=f"N{number}", ship_type="free", number=number))

    game = find_game("kill-radius")
    assert game.stack_allowed([kr(4), kr(3)]) and not game.stack_allowed([kr(8), kr(1)])
    sc = find_game("space-cruisers")
    assert sc.stack_allowed([object()]) and not sc.stack_allowed([object(), object()])  # type: ignore[list-item]
    # Starfire (any number of counters a hex) and Knight Hawks 2000 set no limit
    assert find_game("starfire").stack_allowed([object()] * 5)  # type: ignore[list-item]
    assert find_game("knight-hawks-2000").stack_allowed([object()] * 5)  # type: ignore[list-item]
