"""Each card's ``now.weapons`` at a chosen ``range`` (docs/play.md): to-hit and damage from
the rule texts' weapon charts, the exact chance to hit and the expected damage of one shot,
from the same functions the reference cards print."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS

HOST = ("127.0.0.1", 50000)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    root = tmp_path_factory.mktemp("weapons")
    for game in ("starfire", "space-cruisers"):
        shutil.copytree(DESIGNS / game, root / game)
    with TestClient(create_app(root, hosts=["testserver"]), client=HOST) as c:
        yield c


def _weapons(client: TestClient, game: str, ship: str, query: str = "") -> dict[str, dict[str, Any]]:
    made = client.post("/api/play", json={"scenario": game}).json()
    state = client.get(f"/api/play/{made['id']}{query}").json()
    now = next(s["now"] for s in state["ships"] if s["name"] == ship)
    return {w["code"]: {k: w[k] for k in ("to_hit", "damage", "chance", "expected")} for w in now["weapons"]}


SF = "starfire/scenarios/small-task-groups.yaml"


def test_starfire_weapons_at_a_range_follow_the_weapon_chart(client: TestClient) -> None:
    # Solar Starfire Quick Start, Weapon Chart: R to-hit 6 out to 11 hexes and 5 at 12, damage
    # 1; L to-hit 8 to 2 hexes and 7 to 6, damage 2 to 2 hexes and 1 to 6, nothing beyond
    assert _weapons(client, SF, "Hammer") == {  # the default range: 1 hex
        "R": {"to_hit": 6, "damage": 1, "chance": "3/5", "expected": "3/5"},
        "L": {"to_hit": 8, "damage": 2, "chance": "4/5", "expected": "8/5"},
    }
    assert _weapons(client, SF, "Hammer", "?range=5")["L"] == {
        "to_hit": 7,
        "damage": 1,
        "chance": "7/10",
        "expected": "7/10",
    }
    far = _weapons(client, SF, "Hammer", "?range=12")
    assert far["R"] == {"to_hit": 5, "damage": 1, "chance": "1/2", "expected": "1/2"}
    assert far["L"] == {"to_hit": None, "damage": None, "chance": "0", "expected": "0"}


def test_starfire_lost_launchers_and_spent_rounds_leave_the_card(client: TestClient) -> None:
    made = client.post("/api/play", json={"scenario": SF}).json()
    url = f"/api/play/{made['id']}"
    # 17 hits: the three shields offline, then AAA(I)(I)(I)(I)(I)QQYDD and the first R destroyed
    client.post(f"{url}/events", json={"ship": "Hammer", "action": "damage", "amount": 17})
    now = next(s["now"] for s in client.get(url).json()["ships"] if s["name"] == "Hammer")
    assert now["systems"] == "RL" and [(w["code"], w["count"]) for w in now["weapons"]] == [
        ("R", 1),
        ("L", 1),
    ]
    rounds = now["rounds_left"]["R"][1]
    for _ in range(rounds):
        assert (
            client.post(f"{url}/events", json={"ship": "Hammer", "action": "fire", "weapon": "R"}).status_code
            == 200
        )
    after = client.get(f"{url}?range=3").json()
    r = next(
        w for s in after["ships"] if s["name"] == "Hammer" for w in s["now"]["weapons"] if w["code"] == "R"
    )
    assert r["to_hit"] is None and r["chance"] == "0"  # depleted: cannot fire, not destroyed


def test_space_cruisers_weapons_at_a_range(client: TestClient) -> None:
    # Space Cruisers, system notes: phasers range 6, 1d6, hit on 5+ (d10: 6 in 10);
    # photon torpedoes range 4, 2d6, hit on 7+ (4 in 10); expected = chance x mean of the dice
    sc = "space-cruisers/scenarios/kepler-station.yaml"
    near = _weapons(client, sc, "The Courageous", "?range=3")
    assert near["phasers"] == {"to_hit": 5, "damage": "1d6", "chance": "3/5", "expected": "21/10"}
    assert near["photon torpedoes"] == {"to_hit": 7, "damage": "2d6", "chance": "2/5", "expected": "14/5"}
    far = _weapons(client, sc, "The Courageous", "?range=5")
    assert far["photon torpedoes"]["to_hit"] is None and far["phasers"]["to_hit"] == 5


def test_a_range_that_is_not_a_whole_number_is_refused(client: TestClient) -> None:
    made = client.post("/api/play", json={"scenario": SF}).json()
    for bad in ("-1", "x", "100"):
        answer = client.get(f"/api/play/{made['id']}?range={bad}")
        assert answer.status_code == 400 and len(answer.json()["lines"]) == 1
