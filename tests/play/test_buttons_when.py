"""A play button with ``when`` is enabled only while the ship's ``now[when]`` holds, and that
flag is false exactly where the game's rules refuse the event (docs/play.md, ``actions``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.core.refused import Refused
from sheetgen.games import GAMES
from sheetgen.games.killradius import live as kr_live
from sheetgen.play.engine import live_module
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_when_names_a_flag_of_now(game_id: str) -> None:
    live = live_module(game_id)
    (design,) = sorted((DESIGNS / game_id / "ships").glob("*.yaml"))[:1]
    (entry,) = load_designs([Path(design)]).entries
    now = live.now(live.start(entry.stats))
    for button in live.BUTTONS:
        if button["when"] is not None:
            assert isinstance(now[button["when"]], bool), button


def test_kill_radius_recover_waits_for_may_recover() -> None:
    (recover,) = [b for b in kr_live.BUTTONS if b["action"] == "recover"]
    assert recover["when"] == "may_recover"
    design = sorted((DESIGNS / "kill-radius" / "ships").glob("*.yaml"))[0]
    (entry,) = load_designs([design]).entries
    state = kr_live.start(entry.stats)
    assert kr_live.now(state)["may_recover"] is False  # undamaged
    with pytest.raises(Refused, match="undamaged"):
        kr_live.apply(state, {"action": "recover", "roll": 1})
