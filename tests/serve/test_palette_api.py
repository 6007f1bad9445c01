"""The designer's palettes come from each game's package (issue 25): ``GET /api/palette/GAME``
serves :meth:`Game.palette`, every item with the rule text's figures and the one edit a click
makes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

from tests.every_game import every_game

EDITS = {"append", "list", "count", "flag", "set", "member"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    root: Path = tmp_path_factory.mktemp("palette")
    with TestClient(create_app(root, hosts=["testserver"]), raise_server_exceptions=True) as c:
        yield c


def _items(client: TestClient, game: str) -> dict[str, dict[str, object]]:
    r = client.get(f"/api/palette/{game}")
    assert r.status_code == 200, r.text
    return {f"{i['group']}:{i['code']}": i for i in r.json()}


@pytest.mark.parametrize("game", every_game())
def test_every_game_has_a_palette_of_clickable_edits(client: TestClient, game: str) -> None:
    items = _items(client, game)
    assert items
    for item in items.values():
        assert item["edit"] in EDITS, item
        assert item["key"] and item["value"] and item["name"] and item["detail"], item


def test_an_unknown_game_has_no_palette(client: TestClient) -> None:
    r = client.get("/api/palette/starfre")
    assert r.status_code == 404
    assert "starfire" in r.json()["error"]


def test_starfire_offers_every_system_chart_letter_with_its_hull_spaces(client: TestClient) -> None:
    """Solar Starfire Quick Start, System Chart: R 4 HS, Pt 6, E 6, F 5, L 4, G 3, D 2, Z 0,
    the rest 1; and the engine rooms of SF-5."""
    items = _items(client, "starfire")
    hs = {k.split(":")[1]: i["cost"] for k, i in items.items() if k.startswith("systems:")}
    assert hs == {
        "A": "1 HS", "D": "2 HS", "E": "6 HS", "F": "5 HS", "G": "3 HS", "H": "1 HS", "I": "1 HS",
        "L": "4 HS", "Mg": "1 HS", "Pt": "6 HS", "Q": "1 HS", "R": "4 HS", "S": "1 HS", "X": "1 HS",
        "Y": "1 HS", "Z": "0 HS",
    }  # fmt: skip
    assert items["systems:R"]["detail"] == "weapon: range 0-17 hexes, damage 1 a hit"
    assert items["engine rooms:(I)"]["value"] == "(I)"
    assert items["engine rooms:(II)"]["cost"] == "2 HS"
    assert {i["edit"] for k, i in items.items() if not k.startswith("munitions:")} == {"append"}


def test_knight_hawks_weapons_and_defences_come_from_their_tables(client: TestClient) -> None:
    """Knight Hawks 2000, WEAPONS: HLC 400D10 (4,000 max), 1,800,000 km; DEFENSIVE SYSTEMS:
    ICM -25% to be hit, magnetic shielding on hull size 2 and up."""
    items = _items(client, "knight-hawks-2000")
    hlc = items["weapons:HLC"]
    assert hlc["name"] == "Heavy Laser Cannon"
    assert hlc["detail"].startswith("damage 400D10, 4,000 max a hit; range 1,800,000 km")
    assert hlc["value"] == "{code: HLC, count: 1}"
    assert items["weapons:TT"]["value"] == "{code: TT, count: 1, ordnance: 1}"
    assert items["defences:ICM"]["edit"] == "count" and items["defences:ICM"]["value"] == "icm"
    assert items["defences:MS"]["edit"] == "flag" and items["defences:MS"]["cost"] == "hull size 2+"


def test_kill_radius_numbers_say_their_movement_points_and_kill_radius(client: TestClient) -> None:
    """Kill Radius, Movement Points table: Numbers 3-4 move 6; the kill radius of A against T
    is A - T + 8 (KR-4)."""
    items = _items(client, "kill-radius")
    assert items["Numbers:4"]["detail"] == (
        "6 MP; kill radius 8 hexes against an equal Number, 11 against Number 1"
    )
    carrier = items["types:light carrier"]
    assert carrier["cost"] == "Number 7" and carrier["also"] == {"number": "7"}
    assert carrier["detail"].startswith("carrier")


def test_space_cruisers_systems_say_which_are_carried_once(client: TestClient) -> None:
    """Space Cruisers, SYSTEM NOTES: one cloaking device and one targeting computer a ship."""
    items = _items(client, "space-cruisers")
    once = sorted(i["value"] for i in items.values() if i["cost"] == "at most once")
    assert once == ["cloaking device", "targeting computer"]
    assert items["systems:Torp"]["value"] == "photon torpedoes"


def test_starfire_offers_the_munitions_of_each_launcher(client: TestClient) -> None:
    """SF-9: rounds are counted per launcher for R, G and Pt, each a box on the sheet."""
    items = _items(client, "starfire")
    rounds = {
        k: (i["edit"], i["key"], i["value"], i["rule"])
        for k, i in items.items()
        if k.startswith("munitions:")
    }
    assert rounds == {f"munitions:{c}": ("count", "munitions", c, "SF-9") for c in ("R", "G", "Pt")}
