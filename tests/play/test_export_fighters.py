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
