"""A Kill Radius ``condition:`` block's ``fighters`` (a carrier's fighters aboard, where fewer
than its Number holds: the others were lost while its Number was lower; Kill Radius, Fighters),
and what follows a condition that play changes: the carrier's note gives the Number it rolls
with now, and the sheets play prints leave out the findings of the condition it was fielded
with."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from sheetgen.games.killradius.stats import KillRadiusStats
from sheetgen.play.engine import Engine
from sheetgen.scenarios.loading import Entry, load_designs

from tests.conftest import resumed_vigilant

CARRIER = "game: kill-radius\nname: Vigilant\ntype: light carrier\nnumber: 7\nfighters: 7\n"


def _entry(tmp_path: Path, text: str) -> Entry:
    path = tmp_path / "d.yaml"
    path.write_text(text, encoding="utf-8")
    (entry,) = load_designs([path]).entries
    return entry


def _said(entry: Entry) -> list[tuple[str, str, str]]:
    return [(f.severity.value, f.rule, f.message) for f in entry.findings if f.severity.value != "note"]


def test_fighters_given_are_those_aboard_and_settle_the_warning(tmp_path: Path) -> None:
    entry = _entry(tmp_path, CARRIER + "condition: {number: 5, fighters: 2}\n")
    assert isinstance(entry.stats, KillRadiusStats)
    assert (entry.stats.fighters, entry.stats.fighters_over, entry.stats.deploy_per_phase) == (2, 5, 1)
    assert _said(entry) == []  # no "the other 2 must land on another carrier": they are gone already
    assert entry.legal


@pytest.mark.parametrize(
    "text, message",
    [
        (
            CARRIER + "condition: {number: 4, fighters: 5}\n",
            "5 fighters aboard, but Vigilant holds at most 4 (those it was built with, at most its"
            " current Number; Kill Radius, Fighters)",
        ),
        (
            "game: kill-radius\nname: Talon\ntype: cruiser\nnumber: 6\ncondition: {fighters: 2}\n",
            "Talon is no carrier: it carries no fighters, not 2",
        ),
    ],
)
def test_fighters_a_ship_cannot_hold_are_a_condition_error(tmp_path: Path, text: str, message: str) -> None:
    entry = _entry(tmp_path, text)
    assert ("error", "CONDITION", message) in _said(entry)
    assert not entry.legal


def test_no_fighters_on_a_ship_that_carries_none_is_no_error(tmp_path: Path) -> None:
    entry = _entry(
        tmp_path, "game: kill-radius\nname: Talon\ntype: cruiser\nnumber: 6\ncondition: {fighters: 0}\n"
    )
    assert _said(entry) == [] and entry.legal


def test_the_carrier_note_follows_the_condition(tmp_path: Path) -> None:
    entry = _entry(tmp_path, CARRIER + "condition: {number: 4}\n")
    assert isinstance(entry.stats, KillRadiusStats)

    def note(stats: KillRadiusStats) -> str:
        return next(n for n in stats.notes if n.startswith("Carrier:"))

    assert "= 2 (at its current Number 4)" in note(entry.stats)  # ceil(4 / 3)
    assert "= 2 (at its current Number 5)" in note(dataclasses.replace(entry.stats, condition={"number": 5}))
    for back in ({"number": 7}, {}):  # its starting Number again: no "at"
        assert "= 3;" in note(dataclasses.replace(entry.stats, condition=back))
    assert "at its current Number 4" in note(entry.stats)  # the original is not changed


def test_plays_sheets_leave_out_the_fielded_conditions_findings(tmp_path: Path) -> None:
    """Vigilant fielded at Number 4 (a KR-5 warning on its condition: "at its current Number 4
    a carrier holds only 4"), recovered to 5 in play: the sheet play prints says Number 5 in
    its carrier note, and not the fielded Number's warning."""
    resumed_vigilant(tmp_path)
    engine = Engine(tmp_path)
    made = engine.create("kill-radius/scenarios/border-clash.yaml")
    engine.submit(made.id, {"ship": "Vigilant", "action": "recover", "roll": 1})
    engine.submit(made.id, {"action": "next_turn"})
    (ship,) = [s for s in engine.sheet_ships(made.id) if s.stats.name == "Vigilant"]
    assert ship.stats.number_now == 5 and ship.stats.fighters == 4
    assert any("(at its current Number 5)" in n for n in ship.stats.notes)
    assert not [f for f in ship.findings if f.path[:1] == ("condition",)]
