"""Play mode's answers to hostile or careless requests: one 4xx line each, never a 500, and
the WebSocket's handshake held to the HTTP guard's Host/Origin parser."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"
HOST = ("127.0.0.1", 50000)
DEEP = b"[" * 1000 + b"]" * 1000


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    return tmp_path


@pytest.fixture
def host(workspace: Path) -> Iterator[TestClient]:
    with TestClient(
        create_app(workspace, hosts=["testserver"]), client=HOST, raise_server_exceptions=False
    ) as c:
        yield c


@pytest.fixture
def url(host: TestClient) -> str:
    answer = host.post("/api/play", json={"scenario": SCENARIO})
    assert answer.status_code == 201, answer.text
    return f"/api/play/{answer.json()['id']}"


@pytest.mark.parametrize("tail", ["", "/events", "/undo", "/redo"])
def test_deeply_nested_json_is_a_400_line(host: TestClient, url: str, tail: str) -> None:
    target = "/api/play" if not tail else url + tail
    answer = host.post(target, content=DEEP)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "sheetgen: error: the body is JSON nested too deeply"


def test_an_empty_event_body_is_400_as_bad_json_is(host: TestClient, url: str) -> None:
    for body in (b"", b"  ", b"{bad"):
        answer = host.post(f"{url}/events", content=body)
        assert answer.status_code == 400, (body, answer.text)
    assert host.post("/api/play", content=b"").status_code == 400
    assert host.get(url).json()["version"] == 0


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (
            {"ship": "Hammer", "action": "damage", "amount": 1_000_000_001},
            "amount 1000000001 is beyond 1,000,000,000",
        ),
        ({"ship": "Hammer", "action": "damage", "amount": True}, "not true"),
        ({"action": "phase", "phase": True}, "a phase is text of 1 to 80 characters, not true"),
        (
            {"ship": "Hammer", "action": "damage", "amount": 2.5},
            "amount must be text, a whole number or true/false, not 2.5",
        ),
        ({"action": "phase", "phase": "xx"}, "'xx' is not a phase of this game's turn"),
    ],
)
def test_a_refused_event_shows_the_value_as_written(
    host: TestClient, url: str, event: dict, line: str
) -> None:
    answer = host.post(f"{url}/events", json=event)
    assert answer.status_code == 409, answer.text
    assert line in answer.json()["error"]
    assert "True" not in answer.json()["error"] and "e+09" not in answer.json()["error"]


def test_a_phase_of_the_game_is_taken(host: TestClient, url: str) -> None:
    phases = host.get(url).json()["phases"]
    answer = host.post(f"{url}/events", json={"action": "phase", "phase": phases[-1]})
    assert answer.status_code == 200 and answer.json()["phase"] == phases[-1]


@pytest.mark.parametrize(
    "headers",
    [
        {"host": "127.0.0.1:8000@evil.com"},
        {"host": "127.0.0.1:evil.com"},
        {"host": "testserver", "origin": "evil://testserver"},
        {"host": "testserver", "origin": "http://testserver.evil.com"},
        {"host": "testserver", "origin": "http://testserver/x"},
    ],
)
def test_the_websocket_handshake_is_held_to_the_http_guard(host: TestClient, url: str, headers: dict) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        host.websocket_connect(f"{url}/live", headers=headers),
    ):
        pass
    assert refused.value.code == 1008


def test_a_websocket_from_the_served_page_opens(host: TestClient, url: str) -> None:
    with host.websocket_connect(f"{url}/live", headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["version"] == 0


def _guest(app: object, address: str) -> TestClient:
    return TestClient(app, client=(address, 50000), raise_server_exceptions=False)  # type: ignore[arg-type]


def test_wrong_codes_are_counted_per_ipv6_64(workspace: Path) -> None:
    app = create_app(workspace, hosts=["testserver"])
    with TestClient(app, client=HOST) as host:
        url = f"/api/play/{host.post('/api/play', json={'scenario': SCENARIO}).json()['id']}"
        for i in range(10):  # a new address of the same /64 each time
            assert (
                _guest(app, f"2001:db8:0:1::{i + 1:x}")
                .get(url, headers={"X-Join-Code": "WRONG1"})
                .status_code
                == 403
            )
        assert _guest(app, "2001:db8:0:1:ffff::1").get(url).status_code == 429
        assert _guest(app, "2001:db8:0:2::1").get(url).status_code == 403  # another /64


def test_the_wrong_codes_remembered_are_bounded(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sheetgen.serve import play

    monkeypatch.setattr(play, "MAX_NETWORKS", 2)
    app = create_app(workspace, hosts=["testserver"])
    with TestClient(app, client=HOST) as host:
        url = f"/api/play/{host.post('/api/play', json={'scenario': SCENARIO}).json()['id']}"
        for address in ("198.51.100.1", "198.51.100.2", "198.51.100.3"):
            for _ in range(10):
                _guest(app, address).get(url, headers={"X-Join-Code": "WRONG1"})
            assert _guest(app, address).get(url).status_code == 429
        assert _guest(app, "198.51.100.1").get(url).status_code == 403  # the oldest forgotten
        assert _guest(app, "198.51.100.3").get(url).status_code == 429


def test_a_network_is_an_ipv6_64_or_an_ipv4_address() -> None:
    from sheetgen.serve.play import network

    assert network("2001:db8:0:1:aaaa::5") == "2001:db8:0:1::/64"
    assert network("192.0.2.7") == "192.0.2.7"
    assert network("::ffff:192.0.2.7") == "192.0.2.7"
    assert network("testclient") == "testclient"


@pytest.mark.parametrize(
    ("body", "status", "line"),
    [
        ([1, 2], 400, "the body must be a JSON object ({...}), not a list or a value"),
        ({"ship": "Hammer", "action": "damag", "amount": 1}, 409, "(did you mean damage?)"),
        ({"action": "next_turn", "phase": "nonsense"}, 409, "set a phase with the phase event"),
    ],
)
def test_a_new_player_reads_what_was_wrong(
    host: TestClient, url: str, body: object, status: int, line: str
) -> None:
    answer = host.post(f"{url}/events", json=body)
    assert answer.status_code == status, answer.text
    assert line in answer.json()["error"]
    assert host.get(url).json()["version"] == 0  # nothing kept


def test_a_wrong_join_code_is_told_apart_from_none(workspace: Path) -> None:
    """A device on another machine that gave no code is asked for one; one that gave a code
    that is not this game's is told so, with what it sent (a typo at the table)."""
    app = create_app(workspace, hosts=["testserver"])
    with TestClient(app, client=HOST) as host:
        made = host.post("/api/play", json={"scenario": SCENARIO}).json()
        url = f"/api/play/{made['id']}"
        none = _guest(app, "198.51.100.7").get(url)
        assert none.status_code == 403
        assert none.json()["error"] == "sheetgen: error: this game needs its join code (ask the host for it)"
        wrong = _guest(app, "198.51.100.8").get(url, headers={"X-Join-Code": "zzzz99"})
        assert wrong.status_code == 403
        assert (
            wrong.json()["error"]
            == "sheetgen: error: join code 'ZZZZ99' is not this game's (check it with the host)"
        )
        right = _guest(app, "198.51.100.9").get(url, headers={"X-Join-Code": made["code"]})
        assert right.status_code == 200


def test_requests_without_a_code_are_not_counted_as_wrong_codes(workspace: Path) -> None:
    """A page opened on another machine asks for the game before its code is typed, again at
    each reload: those requests carry no guess, so they never lock the network out (429)."""
    app = create_app(workspace, hosts=["testserver"])
    with TestClient(app, client=HOST) as host:
        made = host.post("/api/play", json={"scenario": SCENARIO}).json()
        url = f"/api/play/{made['id']}"
        guest = _guest(app, "198.51.100.20")
        for _ in range(30):
            assert guest.get(url).status_code == 403
        assert guest.get(url, headers={"X-Join-Code": made["code"]}).status_code == 200
