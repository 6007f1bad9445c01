"""Play and validate agree on when a Space Cruisers ship may take a critical roll: below zero
hull points (each hit there calls for them), or once per jump plasma turbine at any hull points
(a d6 of 6 on a jump is a critical hit on the ship itself; Space Cruisers, attack phase and
additional systems)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.core.refused import Refused
from sheetgen.games.spacecruisers import live
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

SHIPS = DESIGNS / "space-cruisers" / "ships"
NOBLESSE = SHIPS / "the-noblesse.yaml"  # no jump plasma turbine
SHADE = SHIPS / "shade.yaml"  # one jump plasma turbine


def _start(path: Path) -> live.State:
    (entry,) = load_designs([path]).entries
    return live.start(entry.stats)


def _validate(tmp_path: Path, path: Path, condition: dict[str, object]) -> list[str]:
    """The CONDITION messages validate gives ``path``'s design with ``condition``."""
    out = tmp_path / "exported.yaml"
    text = path.read_text(encoding="utf-8")
    out.write_text(text + f"condition: {condition}\n".replace("'", ""), encoding="utf-8")
    (entry,) = load_designs([out]).entries
    return [f.message for f in entry.findings if f.rule == "CONDITION"]


def test_no_critical_at_full_hull_points_without_a_turbine(tmp_path: Path) -> None:
    state = _start(NOBLESSE)
    assert (state["hull_points"], state["criticals_due"]) == (10, 0)
    with pytest.raises(Refused) as refused:
        live.apply(state, {"action": "critical", "roll": 5})
    # validate gives the very reason for the condition play would have exported
    (message,) = _validate(tmp_path, NOBLESSE, {"criticals": ["internal"]})
    assert "a critical at 10 hull points: only hits below zero call for one" in message
    assert message in str(refused.value)


def test_a_jump_plasma_turbine_allows_one_critical_at_any_hull_points(tmp_path: Path) -> None:
    state = live.apply(_start(SHADE), {"action": "critical", "roll": 5})
    cond = live.condition(state)
    assert _validate(tmp_path, SHADE, cond) == []
    with pytest.raises(Refused, match="each jump plasma turbine once"):
        live.apply(state, {"action": "critical", "roll": 6})
    assert _validate(tmp_path, SHADE, {"criticals": [*cond["criticals"], "internal"]})


def test_below_zero_criticals_stand_in_both() -> None:
    state = _start(NOBLESSE)
    while state["shields"]:
        state = live.apply(state, {"action": "damage", "amount": 5})
    state = live.apply(state, {"action": "damage", "amount": 11, "weapon": "phasers"})
    assert (state["hull_points"], state["criticals_due"]) == (-1, 1)
    state = live.apply(state, {"action": "critical", "roll": 5})
    assert live.condition_findings(state["stats"], live.condition(state)) == []
