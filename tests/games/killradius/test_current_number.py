"""A Kill Radius ship resuming at a lower Number (a design's ``condition: {number: N}``) uses
that current Number wherever the rule text says the current Number: the fighters a carrier
holds (Fighters: "equal to its current number"), the stacking limit at set-up (Damage: a
ship uses its current Number, not its starting one), the combat phase it acts in, a
carrier's roll and fighters on its play card, fleet totals, VASSAL record fields and the
scenario's fighter counters.

The case throughout: a light carrier, Number 7, with 7 fighters, resuming at Number 4.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.games.base import RecordField
from sheetgen.games.killradius import live, play
from sheetgen.games.killradius.sheet import roster_context
from sheetgen.games.killradius.stats import KillRadiusStats, fleet_totals
from sheetgen.scenarios.loading import Entry, load_designs
from sheetgen.scenarios.scenario import load_scenario

GAME = find_game("kill-radius")
CARRIER = "game: kill-radius\nname: Vigilant\ntype: light carrier\nnumber: 7\nfighters: 7\n"
RESUMED = CARRIER + "condition: {number: 4}\n"


def _entry(tmp_path: Path, text: str, name: str = "d.yaml") -> Entry:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (entry,) = load_designs([path]).entries
    return entry


@pytest.fixture
def resumed(tmp_path: Path) -> Entry:
    return _entry(tmp_path, RESUMED)


def _stats(entry: Entry) -> KillRadiusStats:
    assert isinstance(entry.stats, KillRadiusStats)
    return entry.stats


# --- F1: a carrier holds at most its current Number of fighters ----------------------------


def test_the_rule_function_holds_at_most_the_current_number() -> None:
    assert play.fighters_held(7, 4) == 4 and play.fighters_held(3, 4) == 3 and play.fighters_held(7, 0) == 0


def test_stats_count_the_fighters_it_holds_now(resumed: Entry) -> None:
    stats = _stats(resumed)
    assert (stats.fighters, stats.fighters_over, stats.number_now) == (4, 3, 4)
    assert stats.deploy_per_phase == 2  # half of the 4 aboard, rounded down (Carriers)
    out = resumed.stats_dict()
    assert (out["fighters"], out["fighters_over"]) == (4, 3) and "fighters_built" not in out
    assert out["now"]["fighters"] == 4
    # as built, nothing changes: 7 aboard, none over
    plain = _stats(_entry(Path(resumed.document.source).parent, CARRIER, "plain.yaml"))
    assert (plain.fighters, plain.fighters_over, plain.deploy_per_phase) == (7, 0, 3)


def test_a_new_condition_recounts_the_fighters(resumed: Entry, tmp_path: Path) -> None:
    # play's record sheets give the stats the condition play left (dataclasses.replace): damaged
    # on to Number 2 it holds 2; recovered to 6, or back to its full 7 (an empty condition), it
    # still has only the 4 it was fielded with, as its play card says
    stats = _stats(resumed)
    assert dataclasses.replace(stats, condition={"number": 2}).fighters == 2
    for cond in ({"number": 6}, {}):
        again = dataclasses.replace(stats, condition=cond)
        assert (again.fighters, again.fighters_over) == (4, 3)
        assert _facts(again)["fighters aboard"][0] == 4
    plain = _stats(_entry(tmp_path, CARRIER, "plain.yaml"))
    assert dataclasses.replace(plain, condition={"number": 3}).fighters == 3
    assert dataclasses.replace(plain, condition={}).fighters == 7
    assert "fielded_number" not in resumed.stats_dict()


def test_validate_warns_once_that_the_others_must_land_elsewhere(resumed: Entry) -> None:
    (finding,) = [f for f in resumed.findings if f.severity.value != "note"]
    assert finding.severity.value == "warning" and finding.rule == "KR-5"
    assert finding.path == ("condition", "number")
    assert "the other 3 must land on another carrier or are lost" in finding.message
    assert "(Kill Radius, Fighters)" in finding.message
    assert resumed.legal


@pytest.mark.parametrize(
    "text",
    [
        CARRIER,  # as built
        CARRIER + "condition: {number: 7}\n",  # undamaged
        CARRIER.replace("fighters: 7", "fighters: 4") + "condition: {number: 4}\n",  # room for them all
        "game: kill-radius\nname: B\ntype: cruiser\nnumber: 6\ncondition: {number: 2}\n",  # no carrier
    ],
)
def test_no_warning_where_every_fighter_fits(tmp_path: Path, text: str) -> None:
    assert not [f for f in _entry(tmp_path, text).findings if f.severity.value == "warning"]


def test_sheet_fleet_totals_and_fighter_columns_count_the_fighters_held_now(resumed: Entry) -> None:
    view = GAME.sheet_ship(resumed.stats, resumed.findings)
    assert [s["label"] for s in view["fighter_slots"]] == ["F1", "F2", "F3", "F4"]
    assert all(s["aboard"] for s in view["fighter_slots"]) and view["fighters"] == 4
    assert any("must land on another carrier" in w for w in view["warnings"])  # printed by the track
    (side,) = roster_context([view])["roster_sides"]
    assert (side["total_number"], side["fighters"]) == (4, 4)
    assert fleet_totals([(_stats(resumed), 2)]) == {
        "ships": 2,
        "total Number": 8,
        "carriers": 2,
        "fighters": 8,
    }


def test_vassal_record_and_fighter_counters_count_the_fighters_held_now(resumed: Entry) -> None:
    fields = GAME.record_fields(GAME.sheet_ship(resumed.stats, resumed.findings))
    assert fields[-1] == RecordField("Fighters aboard", number=4)
    fighter = next(n for n in GAME.marker_needs([[resumed.stats]]) if n.marker.label == "F")
    assert fighter.counts == (4,)


# --- F2: the stacking limit counts the current Number ---------------------------------------


def _stack(carrier_now: int) -> str:
    return f"""scenario: Resumed stack
game: kill-radius
map:
  cols: 20
  rows: 20
  start:
    - {{ship: Vigilant, at: "0505", facing: N}}
    - {{ship: Lance, at: "0505", facing: N}}
sides:
  - name: A
    fleet:
      - design: {{name: Vigilant, type: light carrier, number: 7, fighters: 4, condition: {{number: {carrier_now}}}}}
      - design: {{name: Lance, type: destroyer, number: 3}}
"""


def _scenario_errors(tmp_path: Path, text: str) -> list[Any]:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    scenario, result = load_scenario(path)
    assert not result.input_errors and scenario is not None
    return [loc.finding for loc in scenario.located if loc.finding.is_error]


def test_a_resumed_ship_stacks_by_its_current_number(tmp_path: Path) -> None:
    # Number 7 now at 4, with a Number 3: total Number 7, legal (Movement: up to total Number 7)
    assert _scenario_errors(tmp_path, _stack(4)) == []
    (error,) = _scenario_errors(tmp_path, _stack(5))
    assert "Vigilant (5, starting 7), Lance (3)" in error.message and "total Number 8" in error.message


# --- F3: the roster lists a resumed ship in its current Number's phase ----------------------


def test_the_roster_lists_a_resumed_ship_in_its_current_phase(resumed: Entry, tmp_path: Path) -> None:
    view = GAME.sheet_ship(resumed.stats, resumed.findings)
    context = roster_context([view])
    assert [p["number"] for p in context["phases"]] == [4] and context["phases_resumed"]
    plain = _entry(tmp_path, CARRIER, "plain.yaml")
    context = roster_context([GAME.sheet_ship(plain.stats, plain.findings)])
    assert [p["number"] for p in context["phases"]] == [7] and not context["phases_resumed"]


def test_the_roster_heading_says_which_number_the_phases_are_at(resumed: Entry, tmp_path: Path) -> None:
    from sheetgen.render.record_sheets import Ship, record_sheets_html

    html = "".join(record_sheets_html([Ship(GAME, resumed.stats, resumed.findings)], paper="letter"))
    assert "Combat phases at each ship's current Number, highest first" in html
    plain = _entry(tmp_path, CARRIER, "plain.yaml")
    html = "".join(record_sheets_html([Ship(GAME, plain.stats, plain.findings)], paper="letter"))
    assert "Combat phases at full Number, highest first" in html


# --- F4: the play card gives a carrier's roll and fighters ----------------------------------


def _facts(stats: KillRadiusStats, damage: int = 0) -> dict[str, tuple[object, str]]:
    state = live.start(stats)
    if damage:
        state = live.end_turn(live.apply(state, {"action": "damage", "amount": damage}))
    return {
        r["label"]: (r["value"], r["after"]) for r in live.card_rows(live.now(state)) if r["kind"] == "fact"
    }


def test_the_play_card_gives_a_carriers_roll_and_fighters_now(resumed: Entry, tmp_path: Path) -> None:
    # Carriers: current Number 4 divided by 3, rounded up, is 2; at Number 4 (half of 7) no deploying
    facts = _facts(_stats(resumed))
    assert facts["carrier rolls with"] == (2, "") and facts["fighters aboard"] == (4, " (no deploying)")
    # the same functions as the sheet's Number track at 4
    cell = next(c for c in _stats(resumed).number_track if c.number == 4)
    assert (cell.roll_number, cell.fighters_held) == (2, 4)
    plain = _stats(_entry(tmp_path, CARRIER, "plain.yaml"))
    assert _facts(plain)["carrier rolls with"] == (3, "") and _facts(plain)["fighters aboard"] == (7, "")
    # damaged in play to Number 2: it holds 2, rolls with 1
    assert _facts(plain, 5)["carrier rolls with"] == (1, "") and _facts(plain, 5)["fighters aboard"][0] == 2


def test_a_ship_that_is_no_carrier_has_no_carrier_facts(tmp_path: Path) -> None:
    entry = _entry(tmp_path, "game: kill-radius\nname: B\ntype: cruiser\nnumber: 6\ncondition: {number: 2}\n")
    facts = _facts(_stats(entry))
    assert "carrier rolls with" not in facts and "fighters aboard" not in facts


def test_stats_prints_the_carrier_now(resumed: Entry) -> None:
    text = GAME.condition_text(resumed.stats)
    assert text is not None and "carrier rolls with 2; fighters aboard 4 (no deploying)" in text


def test_the_room_note_is_at_the_number_now(tmp_path: Path) -> None:
    """An escort carrier (Number 6) resuming at 4 with 2 fighters has room for 2 more now, not
    4 (Kill Radius, Fighters: it holds its current Number)."""
    entry = _entry(
        tmp_path,
        "game: kill-radius\nname: Hive\ntype: escort carrier\nnumber: 6\nfighters: 2\ncondition: {number: 4}\n",
    )
    assert [f.message for f in entry.findings if f.rule == "KR-5"] == [
        "2 fighters aboard; Number 4 now has room for 2 more"
    ]
    built = _entry(
        tmp_path, "game: kill-radius\nname: Hive\ntype: escort carrier\nnumber: 6\nfighters: 2\n", "b.yaml"
    )
    assert [f.message for f in built.findings if f.rule == "KR-5"] == [
        "2 fighters aboard; Number 6 has room for 4 more"
    ]


def test_the_sheets_carrier_note_rolls_with_the_number_now(resumed: Entry) -> None:
    """Carriers: "use their current Number divided by 3 (round up)": Vigilant at 4 rolls with 2
    (it would roll with 3 at its starting 7)."""
    notes = [n for n in _stats(resumed).notes if n.startswith("Carrier:")]
    assert notes == [
        "Carrier: rolls with ceil(Number ÷ 3) = 2 (at its current Number 4); deploys up to half its"
        " fighters aboard a phase, up to 2 hexes away."
    ]
