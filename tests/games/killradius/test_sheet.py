"""The Kill Radius record sheet's parts: the summary rows, the Number track's zones,
the ship view and roster, and names numbered as the kit numbers them."""

from __future__ import annotations

from sheetgen.games.killradius import GAME, sheet
from sheetgen.games.killradius.rules import Design
from sheetgen.games.killradius.stats import KillRadiusStats, derive


def stats(ship_type: str, number: int, **kw: object) -> KillRadiusStats:
    return derive(Design(name=kw.pop("name", "Test"), ship_type=ship_type, number=number, **kw))  # type: ignore[arg-type]


def test_named_keeps_the_design_as_class() -> None:
    named = GAME.named(stats("destroyer", 3, name="Lance"), "Lance 2")
    assert (named.name, named.design_class) == ("Lance 2", "Lance")


def test_summary_rows() -> None:
    rows = dict(GAME.summary(stats("escort carrier", 6)))
    assert rows["movement points"] == "4 (3 at Number 3 or less)"
    assert rows["facing changes"] == "2 (1 at Number 3 or less)"
    assert rows["recovery"] == "d10 ≤ 6 (60%) at Number 3 to 5"
    assert rows["carrier"] == "6 of 6 fighters aboard; deploys up to 3 a phase; rolls with 2"
    assert dict(GAME.summary(stats("destroyer", 3)))["recovery"] == "d10 ≤ 3 (30%) at Number 2"
    assert dict(GAME.summary(stats("scout", 1)))["recovery"] == "none"


def test_track_zones_mark_the_half_threshold() -> None:
    zones = sheet.track_zones(stats("battleship", 8))
    assert [(z["kind"], [c["number"] for c in z["cells"]]) for z in zones] == [
        ("full", [8, 7, 6, 5]),
        ("half", [4]),
        ("low", [3, 2, 1]),
        ("dead", [0]),
    ]
    assert [c["mp"] for z in zones for c in z["cells"]] == [3, 3, 3, 3, 2, 2, 2, 2, 0]
    assert zones[1]["label"] == "≤ 4: MP −1"
    carrier = sheet.track_zones(stats("light carrier", 7))
    assert [c["roll"] for z in carrier for c in z["cells"]] == [3, 2, 2, 2, 1, 1, 1, 0]
    assert [c["holds"] for z in carrier for c in z["cells"]] == [7, 6, 5, 4, 3, 2, 1, 0]


def test_ship_view_and_roster() -> None:
    carrier = sheet.ship_view(stats("light carrier", 7, name="Vigilant", fighters=5), [])
    assert [f["aboard"] for f in carrier["fighter_slots"]] == [True] * 5 + [False] * 2
    assert carrier["recovery_roll"] == 7
    assert len(carrier["turns"]) == sheet.TURN_ROWS
    assert sheet.ship_view(stats("scout", 1), [])["recovery_roll"] is None
    views = [
        {**carrier, "side": "Blue", "colour": "#1f4e9c"},
        {**sheet.ship_view(stats("destroyer", 3, name="Lance"), []), "side": "Blue", "colour": "#1f4e9c"},
        {**sheet.ship_view(stats("dreadnought", 8, name="Tyrant"), []), "side": "Red", "colour": "#b3261e"},
    ]
    context = GAME.sheet_context(views)
    assert [
        (s["name"], s["ships"], s["total_number"], s["carriers"], s["fighters"])
        for s in context["roster_sides"]
    ] == [
        ("Blue", 2, 10, 1, 5),
        ("Red", 1, 8, 0, 0),
    ]
    assert [(p["number"], [s["name"] for s in p["ships"]]) for p in context["phases"]] == [
        (8, ["Tyrant"]),
        (7, ["Vigilant"]),
        (3, ["Lance"]),
    ]
    assert context["stacking_limit"] == 7
