"""The Kill Radius Game object: its counter faces and markers (counter() and markers()), and its
registration."""

from __future__ import annotations

import pytest

from sheetgen.games import GAMES, find_game
from sheetgen.games.base import CounterFace
from sheetgen.games.killradius import GAME
from sheetgen.games.killradius.rules import Design
from sheetgen.games.killradius.stats import KillRadiusStats, derive
from sheetgen.layout.counters import MarkerFace

from tests.conftest import DESIGNS
from tests.kit_counters import kit_counters


def stats(ship_type: str, number: int, **kw: object) -> KillRadiusStats:
    return derive(Design(name=kw.pop("name", "Test"), ship_type=ship_type, number=number, **kw))  # type: ignore[arg-type]


def test_counter_faces() -> None:
    front, back = GAME.counter(stats("battleship", 8, name="Resolute"))
    assert front.title == "Resolute" and front.values == (("#", "8"), ("MP", "3")) and front.arrow
    assert back.values == (("#", "4"), ("MP", "2")) and back.banner == "HALF"
    _, carrier_back = GAME.counter(stats("light carrier", 7))
    assert carrier_back.values == (("#", "4"), ("MP", "2")) and carrier_back.banner == "HALF · NO DEPLOY"
    # a Number 1 ship has no reduced side: its back is the side's emblem
    front1, back1 = GAME.counter(stats("scout", 1))
    assert front1.values == (("#", "1"), ("MP", "8"))
    assert back1.emblem and back1.values == ()


def test_markers() -> None:
    by_label = {m.label: m for m in GAME.markers()}
    assert set(by_label) == {"V", "F", "PIN", "DMG"}
    assert by_label["V"].per_side and by_label["F"].per_side
    assert by_label["F"].count >= 10  # the largest carrier holds 10
    assert by_label["DMG"].numbered and not by_label["DMG"].per_side


def test_registered() -> None:
    assert GAMES["kill-radius"] == "sheetgen.games.killradius"
    assert find_game("Kill Radius") is GAME
    assert find_game("kill_radius") is GAME
    assert GAME.seed == "000_608a47ddada5aaa7.txt"


@pytest.mark.parametrize(
    ("paper", "cells", "fill"),
    [
        # 5/8 in counters, 2 mm bleed, 4 mm gutter (pitch 56.34 pt): Letter 9 x 12, A4 9 x 13 cells
        ("letter", 108, {"V": 12, "F": 12, "PIN": 12, "DMG": 11}),  # 47 spare
        ("a4", 117, {"V": 14, "F": 15, "PIN": 14, "DMG": 13}),  # 56 spare
    ],
)
def test_kit_counter_pages_have_no_empty_cell(paper: str, cells: int, fill: dict[str, int]) -> None:
    """The kit's counter pages have no empty cell: every cell of the layout holds a
    counter, the ships first and all there, then the markers the ships can use, then
    more of those markers (in the same proportion) in the spare cells; nothing else."""
    kit = kit_counters(DESIGNS / "kill-radius/scenarios/border-clash.yaml", paper)
    assert kit.cells == cells == len(kit.sheets.placements)
    assert len({(p.front_page, p.front) for p in kit.sheets.placements}) == cells
    titles = [c.front.title for c in kit.counters[: kit.ships] if isinstance(c.front, CounterFace)]
    assert titles == [
        "Resolute",
        "Vigilant",
        "Bastion",
        "Lance 1",
        "Lance 2",
        "Wisp",
        "Tyrant",
        "Hive",
        "Talon",
        "Warden",
        "Fang",
        "Needle",
    ]
    assert (kit.ships, kit.markers) == (12, 49)  # V 6 + 6, F 7 + 6, PIN 6 + 6, DMG 12
    assert kit.fill_labels == fill and sum(fill.values()) == cells - 12 - 49
    assert set(kit.fill_labels) <= kit.marker_labels
    assert all(isinstance(c.front, MarkerFace) and c.group == "markers" for c in kit.fill)
