"""What the play page draws comes from each game's package, in one shape (docs/play.md):
the state's ``actions`` (a game's ``BUTTONS``), ``aim`` (its Target fields), ``to_hit_unit``,
and each ship's ``now.card`` (its ``card_rows``). Every registered game is checked with its
first bundled scenario; the values held are the rules' own (shields knocked offline, not
destroyed; the Number lowered at the next turn; a critical hit's 2x Structure Point Damage)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import GAMES
from sheetgen.play.engine import KEYS, Engine, live_module

from tests.conftest import DESIGNS

ROW_KINDS = {"fact", "code", "boxes", "meter"}
FIELD_KINDS = {"number", "text", "check", "choice"}


def _scenario(game_id: str) -> str:
    found = sorted((DESIGNS / game_id / "scenarios").glob("*.yaml"))
    assert found, f"{game_id} bundles no scenario"
    return f"{game_id}/scenarios/{found[0].name}"


@pytest.fixture(scope="module")
def space(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("controls")
    for game_id in GAMES:
        shutil.copytree(DESIGNS / game_id, root / game_id)
    return root


def _start(space: Path, scenario: str) -> tuple[Engine, str]:
    engine = Engine(space)
    return engine, engine.create(scenario).id


def _ship(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in state["ships"] if s["name"] == name)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_describes_its_card_and_buttons(space: Path, game_id: str) -> None:
    live = live_module(game_id)
    engine, game = _start(space, _scenario(game_id))
    state = engine.state(game)
    assert state["actions"] and state["actions"][0]["action"] == "damage"  # every game takes a hit
    assert {b["action"] for b in state["actions"]} == set(live.ACTIONS)  # every event has its button
    for button in state["actions"]:
        assert button["action"] in live.ACTIONS, button
        for f in button["fields"]:
            assert f["name"] in KEYS and f["kind"] in FIELD_KINDS, f
        if button["each"]:
            assert all(button["each"] in s["now"] for s in state["ships"])
    assert isinstance(state["to_hit_unit"], str)
    for a in state["aim"]:
        assert a["name"] in live.AIM and a["low"] < a["high"]
    for ship in state["ships"]:
        rows = ship["now"]["card"]
        assert rows and {r["kind"] for r in rows} <= ROW_KINDS
        for row in rows:
            if row["kind"] == "boxes":
                assert all(b["state"] in ("", "lost", "off", "now") for b in row["boxes"])


def test_starfire_card_marks_shields_offline_and_systems_destroyed(space: Path) -> None:
    """A hit of 4 on the Hammer: three shields knocked offline, the armor box after them
    crossed (Solar Starfire Quick Start, combat); the drives framed by engine room."""
    engine, game = _start(space, "starfire/scenarios/small-task-groups.yaml")
    state = engine.submit(game, {"ship": "Hammer", "action": "damage", "amount": 4})
    rows = _ship(state, "Hammer")["now"]["card"]
    systems = next(r for r in rows if r["kind"] == "boxes")["boxes"]
    assert [(b["text"], b["state"]) for b in systems[:5]] == [
        ("S", "off"),
        ("S", "off"),
        ("S", "off"),
        ("A", "lost"),
        ("A", ""),
    ]
    assert {b["group"] for b in systems if b["text"] == "I"} == {0, 1, 2, 3, 4}
    assert ("shields offline", 3) in [(r["label"], r["value"]) for r in rows if r["kind"] == "fact"]
    assert rows[-1] == {"kind": "code", "label": "system string", "value": "AA(I)(I)(I)(I)(I)QQYDDRRL"}
    fire = next(b for b in state["actions"] if b["action"] == "fire")
    assert fire["each"] == "rounds_left" and _ship(state, "Hammer")["now"]["rounds_left"]


def test_kill_radius_track_drops_at_the_next_turn(space: Path) -> None:
    """Damage is noted and the Number drops at the next turn (Kill Radius, Damage)."""
    engine, game = _start(space, "kill-radius/scenarios/border-clash.yaml")
    first = engine.state(game)["ships"][0]["name"]
    noted = engine.submit(game, {"ship": first, "action": "damage", "amount": 2})
    start = _ship(noted, first)["now"]["starting_number"]
    track = next(r for r in _ship(noted, first)["now"]["card"] if r["kind"] == "boxes")["boxes"]
    assert [b["state"] for b in track[:3]] == ["now", "", ""]
    after = engine.submit(game, {"action": "next_turn"})
    track = next(r for r in _ship(after, first)["now"]["card"] if r["kind"] == "boxes")["boxes"]
    assert [(b["text"], b["state"]) for b in track[:3]] == [
        (start, "lost"),
        (start - 1, "lost"),
        (start - 2, "now"),
    ]
    assert [b["action"] for b in after["actions"]] == ["damage", "recover"]


def test_knight_hawks_buttons_send_what_its_rules_take(space: Path) -> None:
    """The damage button's 2x box is the event's ``double`` (a critical hit's 2x Structure
    Point Damage, Explanation of Damage Results); the Target fields are ABM and shielding; a
    to-hit is a percent."""
    engine, game = _start(space, "knight-hawks-2000/scenarios/flank-action.yaml")
    state = engine.state(game)
    damage = state["actions"][0]
    assert [f["name"] for f in damage["fields"]] == ["amount", "weapon", "double"]
    assert [(a["name"], a["low"], a["high"]) for a in state["aim"]] == [("abm", 0, 20), ("shielding", 0, 1)]
    assert state["to_hit_unit"] == "%"
    table = next(b for b in state["actions"] if b["action"] == "system_damage")
    assert "disastrous_fire" in table["fields"][0]["choices"]
    hit = engine.submit(game, {"ship": "Kestrel Red", "action": "damage", "amount": 5, "double": True})
    rows = _ship(hit, "Kestrel Red")["now"]["card"]
    assert rows[0] == {"kind": "fact", "label": "SP", "value": "50", "after": " / 60"}
    assert rows[-1] == {"kind": "meter", "label": "structure points", "value": 50, "of": 60}


def test_space_cruisers_card_shows_hull_below_zero_and_criticals(space: Path) -> None:
    """Shields negate hits; without them hull points may go below zero, and the criticals
    taken are named (Space Cruisers, attack phase; critical damage table)."""
    engine, game = _start(space, "space-cruisers/scenarios/kepler-station.yaml")
    ship = engine.state(game)["ships"][0]["name"]
    for amount in (6, 6, 12):  # two shields blown by hits of 5 or more, then 12 hull points
        state = engine.submit(game, {"ship": ship, "action": "damage", "amount": amount, "weapon": "phasers"})
    state = engine.submit(game, {"ship": ship, "action": "critical", "roll": 2})
    now = _ship(state, ship)["now"]
    facts = {r["label"]: r["value"] for r in now["card"] if r["kind"] == "fact"}
    assert facts["hull points"] == now["hull_points"] < 0
    assert facts["criticals:"] == ", ".join(now["criticals"])
    assert now["card"][-1]["kind"] == "meter" and [b["action"] for b in state["actions"]] == [
        "damage",
        "critical",
    ]
