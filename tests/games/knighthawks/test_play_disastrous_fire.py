"""A disastrous fire in Knight Hawks 2000 play stays in sight: the card says it burns, no
repair is offered, the ``condition:`` block keeps it, validate reads it back and the sheet
marks it (EXPLANATION OF DAMAGE RESULTS, Disastrous Fire; RULINGS KH-10)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from sheetgen.core.refused import Refused
from sheetgen.games.knighthawks import live, play
from sheetgen.games.knighthawks.sheet import ship_view
from sheetgen.games.knighthawks.stats import KnightHawksStats
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

LEVIATHAN = DESIGNS / "knight-hawks-2000" / "ships" / "leviathan.yaml"


@pytest.fixture(scope="module")
def leviathan() -> KnightHawksStats:
    (entry,) = load_designs([LEVIATHAN]).entries
    assert isinstance(entry.stats, KnightHawksStats)
    return entry.stats


def _two_fires(stats: KnightHawksStats) -> live.State:
    state = live.start(stats)
    for _ in range(2):
        state = live.apply(state, {"action": "system_damage", "weapon": "fire"})
    while not play.repair_turn(state["turn"]):
        state = live.end_turn(state)
    return state


def test_the_card_shows_the_fire_and_offers_no_repair(leviathan: KnightHawksStats) -> None:
    state = _two_fires(leviathan)
    now = live.now(state)
    assert (now["adf"], now["mr"], now["disastrous_fire"]) == ("0", "0", True)
    assert now["may_repair"] is False
    rows = live.card_rows(now)
    labels = [r.get("label") for r in rows]
    assert "disastrous fire:" in labels
    assert not any(str(label).startswith("repair turn") for label in labels)
    with pytest.raises(Refused, match="disastrous fire"):
        live.apply(state, {"action": "repair", "roll": 10})


def test_the_condition_keeps_the_fire_and_start_reads_it_back(leviathan: KnightHawksStats) -> None:
    cond = live.condition(_two_fires(leviathan))
    assert cond == {"disastrous_fire": True}
    again = live.start(dataclasses.replace(leviathan, condition=cond))
    assert live.now(again)["disastrous_fire"] is True
    assert live.now(again)["adf"] == "0"
    # a second disastrous fire after the export blows her up, as it would have in play
    assert live.removed(live.apply(again, {"action": "system_damage", "weapon": "disastrous_fire"}))


def test_validate_reads_the_fire_and_the_sheet_marks_it(tmp_path: Path) -> None:
    path = tmp_path / "burning.yaml"
    path.write_text(LEVIATHAN.read_text(encoding="utf-8") + "condition: {disastrous_fire: true}\n")
    (entry,) = load_designs([path]).entries
    assert entry.legal, [f.message for f in entry.findings]
    assert entry.stats.condition == {"disastrous_fire": True}
    assert "disastrous fire burning" in ship_view(entry.stats, [])["track"]["systems"]
    (plain,) = load_designs([LEVIATHAN]).entries
    assert "disastrous" not in ship_view(plain.stats, [])["track"]["systems"]


def test_a_wrong_value_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "burning.yaml"
    path.write_text(LEVIATHAN.read_text(encoding="utf-8") + "condition: {disastrous_fire: 2}\n")
    result = load_designs([path])
    assert not result.entries
    (bad,) = result.input_errors
    assert "'disastrous_fire' must be true or false" in bad.finding.message


def test_the_repair_button_follows_may_repair(leviathan: KnightHawksStats) -> None:
    (repair,) = [b for b in live.BUTTONS if b["action"] == "repair"]
    assert repair["when"] == "may_repair"
    assert live.now(_two_fires(leviathan))[repair["when"]] is False
