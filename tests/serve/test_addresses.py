"""A server on every network (``--host 0.0.0.0``): phones reach it by this machine's network
address, the organiser's own browser is the host by whichever address it uses, and the
host's page tells the others that address, not 127.0.0.1 (docs/play.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.addresses import OWN_ADDRESSES, lan_address, own_address
from sheetgen.serve.app import create_app
from sheetgen.serve.play import join_host

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"
LAN = lan_address()
needs_lan = pytest.mark.skipif(LAN is None, reason="this machine has no route to another network")


@pytest.mark.parametrize(
    ("name", "own"),
    [("127.0.0.1", True), ("::1", True), ("127.3.4.5", True), ("192.0.2.77", False), ("0.0.0.0", False)],
)
def test_own_addresses(name: str, own: bool) -> None:
    assert own_address(name) is own


def test_names_are_not_addresses() -> None:
    assert own_address("example.com") is False and own_address("") is False


@needs_lan
def test_the_network_address_is_this_machines() -> None:
    assert LAN is not None and own_address(LAN) and not LAN.startswith("127.")


def test_the_join_address() -> None:
    assert join_host(("127.0.0.1", "localhost", "::1")) is None  # only this machine: nobody joins
    assert join_host(("127.0.0.1", "10.1.2.3")) == "10.1.2.3"  # --host 10.1.2.3
    assert join_host(("127.0.0.1", "0.0.0.0", OWN_ADDRESSES)) not in (None, "0.0.0.0", "127.0.0.1")


@needs_lan
def test_a_phone_reaches_a_server_on_every_network_by_its_address(tmp_path: Path) -> None:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    served = create_app(tmp_path, hosts=("0.0.0.0", OWN_ADDRESSES))
    with TestClient(served, base_url=f"http://{LAN}:8000", client=("127.0.0.1", 50000)) as organiser:
        made = organiser.post("/api/play", json={"scenario": SCENARIO})
        assert made.status_code == 201, made.text
        game = made.json()
    # the organiser's browser on the network address is still the host: it sees the code
    with TestClient(served, base_url=f"http://{LAN}:8000", client=(str(LAN), 50001)) as own:
        state = own.get(f"/api/play/{game['id']}").json()
        assert state["code"] == game["code"] and state["join_host"] == LAN
        assert own.post(f"/api/play/{game['id']}/events", json={"action": "next_turn"}).status_code == 200
    # a phone on the network: served with the code, its Host the network address
    with TestClient(served, base_url=f"http://{LAN}:8000", client=("192.0.2.77", 50002)) as phone:
        assert phone.get(f"/api/play/{game['id']}").status_code == 403  # no code
        answer = phone.get(f"/api/play/{game['id']}", headers={"X-Join-Code": game["code"]})
        assert answer.status_code == 200 and "code" not in answer.json()


@needs_lan
def test_only_loopback_refuses_the_network_address(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path), base_url=f"http://{LAN}:8000") as c:
        assert c.get("/").status_code == 403


def test_play_shares_only_the_game_with_other_machines(tmp_path: Path) -> None:
    """``sheetgen play --host 0.0.0.0``: another machine gets the play page and API (with the
    code), never the designer or the workspace's files; this machine gets everything."""
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    served = create_app(tmp_path, hosts=["testserver"], play_only=True)
    with TestClient(served, client=("192.0.2.77", 50000)) as phone:
        for path in ("/", "/api/files", "/api/games", "/api/file?path=starfire/ships/hammer.yaml"):
            answer = phone.get(path)
            assert answer.status_code == 403 and "only its game" in answer.json()["error"], path
        assert phone.get("/play").status_code == 200
        assert phone.get("/static/play.js").status_code == 200
        assert phone.get("/api/play").status_code == 403  # the code, still
    with TestClient(served, client=("127.0.0.1", 50000)) as organiser:
        assert organiser.get("/api/files").status_code == 200
    with TestClient(create_app(tmp_path, hosts=["testserver"]), client=("192.0.2.77", 50000)) as designer:
        assert designer.get("/api/files").status_code == 200  # `sheetgen serve --host`: shared, as warned
