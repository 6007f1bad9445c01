"""Open WebSockets have their own bound, per game and in all, well below the server's
connection cap: once 512 sockets were open every HTTP request got 503. Past the bound a
handshake is refused (503, Retry-After) and the sockets open carry on; a closed socket frees
its slot; uvicorn pings every socket and closes one whose other end no longer answers."""

from __future__ import annotations

import shutil
from contextlib import ExitStack
from pathlib import Path

import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse

from sheetgen.serve import play
from sheetgen.serve.app import create_app
from sheetgen.serve.connections import MAX_CONNECTIONS, WS_PING, server_config

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"
ORIGIN = {"origin": "http://testserver"}


def test_the_bounds_leave_room_for_requests() -> None:
    assert play.MAX_GAME_SOCKETS <= play.MAX_SOCKETS <= MAX_CONNECTIONS // 2
    config = server_config(create_app(".", hosts=["testserver"]), files=4096)
    assert config.ws_ping_interval == WS_PING and config.ws_ping_timeout == WS_PING


def test_sockets_past_the_bounds_are_refused_at_the_handshake(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(play, "MAX_GAME_SOCKETS", 2)
    monkeypatch.setattr(play, "MAX_SOCKETS", 3)
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    with TestClient(create_app(tmp_path, hosts=["testserver"]), client=("127.0.0.1", 5000)) as host:
        one, two = (host.post("/api/play", json={"scenario": SCENARIO}).json()["id"] for _ in range(2))
        with ExitStack() as stack:
            for _ in range(2):
                socket = stack.enter_context(host.websocket_connect(f"/api/play/{one}/live", headers=ORIGIN))
                assert socket.receive_json()["version"] == 0
            with pytest.raises(WebSocketDenialResponse) as refused:
                host.websocket_connect(f"/api/play/{one}/live", headers=ORIGIN).__enter__()
            assert refused.value.status_code == 503 and refused.value.headers["retry-after"] == "5"
            assert refused.value.json()["error"] == (
                "sheetgen: error: too many live connections (2 on this game); try again later"
            )
            third = stack.enter_context(host.websocket_connect(f"/api/play/{two}/live", headers=ORIGIN))
            assert third.receive_json()["version"] == 0
            with pytest.raises(WebSocketDenialResponse) as refused:
                host.websocket_connect(f"/api/play/{two}/live", headers=ORIGIN).__enter__()
            assert "(3 in all)" in refused.value.json()["error"]
            assert host.get(f"/api/play/{one}").status_code == 200  # requests still answered
        # closed: the slots are free again
        with host.websocket_connect(f"/api/play/{one}/live", headers=ORIGIN) as socket:
            assert socket.receive_json()["version"] == 0
