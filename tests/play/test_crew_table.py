"""The Crew Member Damage Table in play (Knight Hawks 2000, DAMAGE RESOLUTION): the text gives its
dice (1D10) but no rows; its example of combat gives one, a 4: the sensor operator takes 8D10
(RULINGS KH-6). That row is shown with the roll; any other roll is only logged."""

from __future__ import annotations

from sheetgen.games.knighthawks import live as kh
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS


def test_a_crew_roll_of_4_is_the_texts_sensor_operator_and_others_are_only_logged() -> None:
    (entry,) = load_designs([DESIGNS / "knight-hawks-2000" / "ships" / "pugilist.yaml"]).entries
    state = kh.start(entry.stats)
    four = kh.apply(state, {"action": "crew_damage", "roll": 4})
    (result,) = kh.now(four)["crew_results"]
    assert result is not None and "sensor operator" in result and "8D10" in result
    seven = kh.apply(four, {"action": "crew_damage", "roll": 7})
    assert kh.now(seven)["crew_rolls"] == [4, 7] and kh.now(seven)["crew_results"][1] is None
