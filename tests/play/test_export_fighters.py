"""``sheetgen play export`` of a Kill Radius carrier fielded at a lower Number writes the
fighters it holds, not its full load: Vigilant (light carrier, Number 7, 7 fighters) fielded
at Number 4 holds 4 (Kill Radius, Fighters: a carrier holds no more fighters than its current
Number, and the others must land on another carrier or are lost); recovering to 6 in play
brings none back, so the next scenario fields it with 4."""

from __future__ import annotations

from pathlib import Path

import yaml

from sheetgen.play.engine import Engine

from tests.conftest import resumed_vigilant


def test_a_resumed_carrier_is_exported_with_the_fighters_it_holds(tmp_path: Path) -> None:
    resumed_vigilant(tmp_path)
    engine = Engine(tmp_path)
    made = engine.create("kill-radius/scenarios/border-clash.yaml")
    for _ in range(2):  # two recovery rolls of 1, a turn apart: 4 -> 5 -> 6 (Recovery Period)
        engine.submit(made.id, {"ship": "Vigilant", "action": "recover", "roll": 1})
        engine.submit(made.id, {"action": "next_turn"})
    vigilant = next(s for s in engine.state(made.id)["ships"] if s["name"] == "Vigilant")
    assert vigilant["now"]["number"] == 6 and vigilant["now"]["fighters"] == 4
    exported = {d["name"]: d for d in yaml.safe_load(engine.export(made.id))}
    assert exported["Vigilant"]["condition"] == {"number": 6}
    assert exported["Vigilant"]["fighters"] == 4
    assert exported["Hive"]["fighters"] == 6  # the Varn escort carrier, fielded as built: its 6 stay


def test_fighters_a_carrier_could_not_hold_stay_gone_when_its_number_recovers(tmp_path: Path) -> None:
    """Hive (escort carrier, Number 6, 6 fighters) takes 3 damage: at Number 3 it holds 3, and
    the other 3 are lost or landed elsewhere. A recovery roll of 6 takes it to Number 4, but
    it still has 3 aboard: no event brought a fighter back (Kill Radius, Fighters). It showed 4.
    The play page, the ``condition:`` play writes (its record sheets) and the export agree."""
    from sheetgen.games.killradius.stats import KillRadiusStats
    from sheetgen.scenarios.loading import load_designs

    resumed_vigilant(tmp_path)
    engine = Engine(tmp_path)
    made = engine.create("kill-radius/scenarios/border-clash.yaml")

    def hive() -> dict:
        return next(s for s in engine.state(made.id)["ships"] if s["name"] == "Hive")["now"]

    engine.submit(made.id, {"ship": "Hive", "action": "damage", "amount": 3})
    assert (hive()["number"], hive()["fighters"]) == (6, 6)  # the damage is taken as the turn ends
    engine.submit(made.id, {"action": "next_turn"})
    assert (hive()["number"], hive()["fighters"]) == (3, 3)
    engine.submit(made.id, {"ship": "Hive", "action": "recover", "roll": 6})
    assert (hive()["number"], hive()["fighters"]) == (4, 3)
    engine.submit(made.id, {"action": "next_turn"})
    assert (hive()["number"], hive()["fighters"]) == (4, 3)
    by_name = {ship.name: cond for ship, cond, _gone in engine.conditions(made.id)}
    assert by_name["Hive"] == {"number": 4, "fighters": 3}
    (sheet,) = [s for s in engine.sheet_ships(made.id) if s.stats.name == "Hive"]
    assert sheet.stats.fighters == 3
    exported = {d["name"]: d for d in yaml.safe_load(engine.export(made.id))}
    assert exported["Hive"]["condition"] == {"number": 4} and exported["Hive"]["fighters"] == 3
    # and the next scenario fields it with those 3
    (tmp_path / "next.yaml").write_text(yaml.safe_dump([exported["Hive"]]), encoding="utf-8")
    (entry,) = load_designs([tmp_path / "next.yaml"]).entries
    assert isinstance(entry.stats, KillRadiusStats) and entry.stats.fighters == 3
    assert not [f for f in entry.findings if f.is_error]
