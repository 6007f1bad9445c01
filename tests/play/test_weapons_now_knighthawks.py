"""Knight Hawks 2000 cards' ``now.weapons`` (docs/play.md): each attack's gunner, final to hit,
exact chance and expected damage from the reference card's own ``attack_odds`` (Knight Hawks
2000, HIT DETERMINATION, DEFENSIVE SYSTEMS; RULINGS KH-8), with the target's defences and the
firer's modifiers given as query parameters."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS

HOST = ("127.0.0.1", 50000)
FLANK = "knight-hawks-2000/scenarios/flank-action.yaml"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    root = tmp_path_factory.mktemp("kh-weapons")
    shutil.copytree(DESIGNS / "knight-hawks-2000", root / "knight-hawks-2000")
    with TestClient(create_app(root, hosts=["testserver"]), client=HOST) as c:
        yield c


@pytest.fixture(scope="module")
def game(client: TestClient) -> str:
    return str(client.post("/api/play", json={"scenario": FLANK}).json()["id"])


def _weapons(client: TestClient, url: str, ship: str, query: str = "") -> dict[str, dict[str, Any]]:
    answer = client.get(f"{url}{query}")
    assert answer.status_code == 200, answer.text
    now = next(s["now"] for s in answer.json()["ships"] if s["name"] == ship)
    return {w["code"]: w for w in now["weapons"]}


def test_each_attack_has_its_posted_gunner_and_base(client: TestClient, game: str) -> None:
    pug = _weapons(client, f"/api/play/{game}", "Pugilist")
    # the six linked HLC fire as one attack (KH-4) by the gunner posted to "main beams":
    # 1/2 DEX 56 + 10 x Gunner 3 = 58 %; the dice and maximum add up, 6 x 400D10 and 6 x 4,000
    hlc = pug["HLC"]
    assert (hlc["count"], hlc["linked"], hlc["gunner"], hlc["base"], hlc["to_hit"]) == (
        6,
        "main beams",
        "PO Reya Hask",
        "58",
        58,
    )
    assert hlc["damage"] == "2,400D10" and hlc["max_damage"] == "24000"
    # d100 at most 58: 58 in 100, 01-05 of them critical; mean of 2,400D10 is 13,200
    assert (hlc["chance"], hlc["critical"], hlc["expected"]) == ("29/50", "1/20", "7656")
    # two PB gunners posted: the better base, 1/2 DEX 51 + 20 = 45 1/2, hits on 01-45
    pb = pug["PB"]
    assert (pb["gunner"], pb["base"], pb["to_hit"], pb["chance"]) == ("Cpl. Nia Breck", "45½", 45, "9/20")
    # guided ordnance and grapples: no to-hit in the text
    assert pug["SM"]["to_hit"] is None and pug["SM"]["chance"] == "0" and pug["SM"]["note"]
    assert pug["grapple"]["to_hit"] is None


def test_a_fighters_pilot_fires_and_an_unmanned_weapon_gets_the_default_gunner(
    client: TestClient, game: str
) -> None:
    url = f"/api/play/{game}"
    lp = _weapons(client, url, "Kestrel Red")["LP"]
    assert (lp["gunner"], lp["base"], lp["to_hit"]) == ("Flt. Lt. Sorrel Vane", "51", 51)  # 1/2 DEX 62 + 20
    mdb = _weapons(client, url, "Exalted")["MDB"]  # nobody's post names it: RULINGS KH-8
    assert (mdb["gunner"], mdb["base"], mdb["to_hit"], mdb["chance"]) == (None, "25", 25, "1/4")


def test_the_damage_example_against_shielding_and_two_abm_salvos(client: TestClient, game: str) -> None:
    # The text: the destroyer's proton battery gunner's final to hit is below 6 %, so only a
    # natural 01-05 hits and never critically, and 200 becomes 50 (a quarter kept)
    pb = _weapons(client, f"/api/play/{game}", "Exalted", "?abm=2&shielding=1")["PB"]
    assert (pb["base"], pb["to_hit"], pb["chance"], pb["critical"]) == ("46", -54, "1/20", "0")
    assert (pb["kept"], pb["max_damage"], pb["expected_maximum"]) == ("1/4", "50", "5/2")
    # mass drivers: no defence of the text works on them
    mdb = _weapons(client, f"/api/play/{game}", "Exalted", "?abm=2&shielding=1")["MDB"]
    assert (mdb["to_hit"], mdb["kept"]) == (25, "1")
    # selective targeting -30, the pilot's Vehicular Combat and any other modifier as given
    hlc = _weapons(client, f"/api/play/{game}", "Pugilist", "?selective=1&vc=15&modifier=-3")["HLC"]
    assert hlc["to_hit"] == 58 - 30 + 15 - 3


def test_the_ships_own_damage_changes_its_odds(client: TestClient) -> None:
    made = client.post("/api/play", json={"scenario": FLANK}).json()
    url = f"/api/play/{made['id']}"
    # Bridge Destroyed: gunners -20 and no Vehicular Combat from the pilot
    client.post(
        f"{url}/events", json={"ship": "Pugilist", "action": "system_damage", "weapon": "bridge_destroyed"}
    )
    assert _weapons(client, url, "Pugilist", "?vc=15")["HLC"]["to_hit"] == 58 - 20
    # every sensor lost: current targets only within one hex (Sensors)
    for _ in range(4):
        client.post(
            f"{url}/events", json={"ship": "Pugilist", "action": "system_damage", "weapon": "sensors"}
        )
    assert _weapons(client, url, "Pugilist", "?range=1")["HLC"]["to_hit"] == 38
    far = _weapons(client, url, "Pugilist", "?range=2")["HLC"]
    assert far["to_hit"] is None and far["chance"] == "0" and "sensor" in far["note"]


@pytest.mark.parametrize("query", ["?abm=x", "?abm=21", "?shielding=2", "?vc=101", "?modifier=1.5"])
def test_a_modifier_out_of_bounds_is_one_line_400(client: TestClient, game: str, query: str) -> None:
    answer = client.get(f"/api/play/{game}{query}")
    assert answer.status_code == 400 and len(answer.json()["lines"]) == 1


def test_other_games_leave_these_parameters_alone(
    client: TestClient, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("sf-aim")
    shutil.copytree(DESIGNS / "starfire", root / "starfire")
    with TestClient(create_app(root, hosts=["testserver"]), client=HOST) as c:
        made = c.post("/api/play", json={"scenario": "starfire/scenarios/small-task-groups.yaml"}).json()
        plain = c.get(f"/api/play/{made['id']}").json()["ships"]
        assert c.get(f"/api/play/{made['id']}?abm=x").json()["ships"] == plain
