"""The play engine and its event store: games as event logs in SQLite."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.refused import Refused
from sheetgen.play.engine import Engine, UnknownGame

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"
HAMMER = "SSSAAA(I)(I)(I)(I)(I)QQYDDRRL"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    shutil.copytree(DESIGNS / "kill-radius", tmp_path / "kill-radius")
    return tmp_path


def _hammer(state: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in state["ships"] if s["name"] == "Hammer")


def test_a_new_game_has_every_ship_of_every_side(workspace: Path) -> None:
    engine = Engine(workspace)
    game = engine.create(SCENARIO)
    state = engine.state(game.id)
    assert [(s["name"], s["side"]) for s in state["ships"]] == [
        ("Hammer", "Player A"),
        ("Arrow", "Player A"),
        ("Dart", "Player A"),
        ("Anvil", "Player B"),
        ("Lance", "Player B"),
        ("Pike", "Player B"),
    ]
    assert (state["turn"], state["phase"], state["version"], state["log"]) == (1, "Initiative", 0, [])
    assert _hammer(state)["now"]["systems"] == HAMMER
    assert len(game.code) == 6 and len(game.id) == 8


def test_events_are_kept_in_wal_sqlite_and_survive_a_new_engine(workspace: Path) -> None:
    engine = Engine(workspace)
    game = engine.create(SCENARIO)
    engine.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 4, "weapon": "F"}, who="Player B")
    db = workspace / ".sheetgen" / "play.sqlite3"
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert raw.execute("SELECT COUNT(*) FROM events").fetchone() == (1,)
    again = Engine(workspace)  # as after a restart: nothing but the database
    state = again.state(game.id)
    assert _hammer(state)["now"]["systems"] == "AA(I)(I)(I)(I)(I)QQYDDRRL"
    (entry,) = state["log"]
    assert entry["who"] == "Player B" and entry["at"] > 0 and entry["event"]["weapon"] == "F"
    assert [g.id for g in again.games()] == [game.id]


def test_undo_and_redo_are_events(workspace: Path) -> None:
    engine = Engine(workspace)
    game = engine.create(SCENARIO)
    engine.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 4})
    engine.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 2})
    state = engine.undo(game.id)
    assert _hammer(state)["now"]["systems"] == "AA(I)(I)(I)(I)(I)QQYDDRRL"
    assert [e["undone"] for e in state["log"]] == [False, True, False]
    state = engine.undo(game.id)
    assert _hammer(state)["now"]["systems"] == HAMMER
    state = engine.redo(game.id)
    assert _hammer(state)["now"]["systems"] == "AA(I)(I)(I)(I)(I)QQYDDRRL"
    assert _hammer(Engine(workspace).state(game.id))["now"]["systems"] == "AA(I)(I)(I)(I)(I)QQYDDRRL"
    engine.submit(game.id, {"ship": "Arrow", "action": "damage", "amount": 1})  # ends what can be redone
    with pytest.raises(Refused, match="nothing to redo"):
        engine.redo(game.id)
    assert state["version"] == 5 and engine.version(game.id) == 6


def test_a_refused_event_changes_nothing(workspace: Path) -> None:
    engine = Engine(workspace)
    game = engine.create(SCENARIO)
    refused: list[tuple[dict[str, Any], str]] = [
        ({"ship": "Hammer", "action": "damage", "amount": 0}, "1 or more"),
        ({"ship": "Nobody", "action": "damage", "amount": 1}, "no ship named 'Nobody'"),
        ({"action": "fly"}, "the table's events"),
        ({"action": "roll", "dice": "3d7"}, "dice are written like 2d10"),
        ({"action": "undo"}, "nothing to undo"),
        ({"ship": "Hammer", "action": "damage", "amount": 1, "note": "x"}, "not 'note'"),
        ({"ship": "Hammer", "action": "damage", "amount": 10**12}, "beyond 1,000,000,000"),
        ({"ship": "Hammer", "action": "damage", "amount": 1.5}, "not 1.5"),
        (
            {"ship": "Hammer", "action": "damage", "amount": 1, "weapon": "F" * 5000},
            r"characters, not 'FFF.*\.\.\.$",
        ),
    ]
    for event, line in refused:
        with pytest.raises(Refused, match=line):
            engine.submit(game.id, event)
    assert engine.state(game.id)["version"] == 0
    with pytest.raises(UnknownGame):
        engine.state("NOSUCHID")


def test_next_turn_phase_and_dice(workspace: Path) -> None:
    engine = Engine(workspace)
    game = engine.create("kill-radius/scenarios/border-clash.yaml")
    first = engine.state(game.id)["ships"][0]
    engine.submit(game.id, {"ship": first["name"], "action": "damage", "amount": 1})
    assert engine.state(game.id)["ships"][0]["now"]["number"] == first["now"]["number"]
    state = engine.submit(game.id, {"action": "next_turn"})
    assert state["turn"] == 2 and state["phase"] == state["phases"][0]
    assert state["ships"][0]["now"]["number"] == first["now"]["number"] - 1
    state = engine.submit(game.id, {"action": "phase", "phase": "Recovery period"})
    assert state["phase"] == "Recovery period"
    faces = engine.submit(game.id, {"action": "roll", "dice": "2d10"})["log"][-1]["event"]["faces"]
    assert len(faces) == 2 and all(1 <= f <= 10 for f in faces)
    state = engine.undo(game.id)
    assert state["phase"] == "Recovery period"  # the roll was undone, the phase stands
    state = engine.undo(game.id)
    assert state["phase"] == state["phases"][0]


def test_a_scenario_that_cannot_be_played_is_refused_and_not_kept(workspace: Path) -> None:
    (workspace / "broken.yaml").write_text("scenario: x\ngame: starfire\nsides: 3\n")
    engine = Engine(workspace)
    with pytest.raises(Refused, match=r"broken\.yaml: cannot be played"):
        engine.create("broken.yaml")
    assert engine.games() == []


def test_can_redo_says_whether_an_undone_event_may_come_back(workspace: Path) -> None:
    """The state's ``can_redo``: false at the start, true after an undo, false again once a
    new event ends what can be redone (the page greys its Redo button by it)."""
    engine = Engine(workspace)
    game = engine.create(SCENARIO)
    assert engine.state(game.id)["can_redo"] is False
    engine.submit(game.id, {"ship": "Hammer", "action": "damage", "amount": 2})
    assert engine.undo(game.id)["can_redo"] is True
    assert engine.redo(game.id)["can_redo"] is False
    engine.undo(game.id)
    assert engine.submit(game.id, {"action": "roll", "dice": "1d10"})["can_redo"] is False
