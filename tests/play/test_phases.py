"""The play mode's phases are the game's sequence of play (``Game.turn_phases``, the same list
as the record sheet's turn track), for every game: the page offers them, a phase event takes
them in any letter case, and a refusal lists them and nothing else. Names a phase event took
before still replay."""

from __future__ import annotations

import shutil

import pytest

from sheetgen.core.refused import Refused
from sheetgen.play.engine import Engine

from tests.conftest import DESIGNS

SCENARIOS = {
    "starfire": "small-task-groups.yaml",
    "kill-radius": "border-clash.yaml",
    "knight-hawks-2000": "flank-action.yaml",
    "space-cruisers": "kepler-station.yaml",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    space = tmp_path_factory.mktemp("phases")
    for game in SCENARIOS:
        shutil.copytree(DESIGNS / game, space / game)
    return Engine(space)


@pytest.mark.parametrize(
    ("game", "phases"),
    [
        # Solar Starfire Quick Start, sequence of play
        ("starfire", ["Initiative", "Movement", "Combat"]),
        # Knight Hawks 2000: Detection, Initiative, then movement and firing
        ("knight-hawks-2000", ["Detection", "Initiative", "Movement", "Firing"]),
        # Space Cruisers, turn sequence
        ("space-cruisers", ["Cloak", "Initiative", "Move", "Attack"]),
    ],
)
def test_the_phases_are_the_games_sequence_of_play(engine: Engine, game: str, phases: list[str]) -> None:
    made = engine.create(f"{game}/scenarios/{SCENARIOS[game]}")
    state = engine.state(made.id)
    assert state["phases"] == phases
    assert state["phase"] == phases[0]


def test_kill_radius_plays_its_combat_phases_by_number(engine: Engine) -> None:
    """Kill Radius, Playing the Game: up to ten combat phases, the highest Number first, then
    damage, the recovery period and the fighters segment."""
    made = engine.create("kill-radius/scenarios/border-clash.yaml")
    phases = engine.state(made.id)["phases"]
    assert phases[:10] == [f"Combat phase {n}" for n in range(10, 0, -1)]
    assert phases[10:] == ["Damage", "Recovery period", "Fighters segment"]


def test_a_phase_in_any_letter_case_is_the_games_own(engine: Engine) -> None:
    made = engine.create("knight-hawks-2000/scenarios/flank-action.yaml")
    assert engine.submit(made.id, {"action": "phase", "phase": "detection"})["phase"] == "Detection"
    assert engine.submit(made.id, {"action": "phase", "phase": "FIRING"})["phase"] == "Firing"


def test_a_refused_phase_lists_the_games_phases_only(engine: Engine) -> None:
    made = engine.create("knight-hawks-2000/scenarios/flank-action.yaml")
    with pytest.raises(Refused) as refused:
        engine.submit(made.id, {"action": "phase", "phase": "xx"})
    assert str(refused.value) == (
        "'xx' is not a phase of this game's turn; its phases are Detection, Initiative, Movement, Firing"
    )


def test_an_older_phase_name_still_replays(engine: Engine) -> None:
    """A game kept before took Knight Hawks 2000's "combat": it is taken, so that game replays."""
    made = engine.create("knight-hawks-2000/scenarios/flank-action.yaml")
    assert engine.submit(made.id, {"action": "phase", "phase": "combat"})["phase"] == "combat"
    assert engine.state(made.id)["phase"] == "combat"
