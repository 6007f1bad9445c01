"""GET /api/play/{id}/sheets.pdf: the record sheets with the damage marked, and the pages' links."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pypdfium2
import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS

SCENARIO = "starfire/scenarios/small-task-groups.yaml"


@pytest.fixture
def host(tmp_path: Path) -> Iterator[TestClient]:
    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    with TestClient(create_app(tmp_path, hosts=["testserver"]), client=("127.0.0.1", 50000)) as c:
        yield c


def test_sheets_pdf_prints_every_ship_with_its_damage(host: TestClient) -> None:
    game = host.post("/api/play", json={"scenario": SCENARIO}).json()
    host.post(f"/api/play/{game['id']}/events", json={"ship": "Hammer", "action": "damage", "amount": 4})
    answer = host.get(f"/api/play/{game['id']}/sheets.pdf")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    pdf = pypdfium2.PdfDocument(io.BytesIO(answer.content))
    text = " ".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "Condition as play left it: MP 5".upper() in text.upper()  # 3 shields offline, one armor lost
    assert all(name in text for name in ("Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike"))


def test_sheets_pdf_of_no_such_game_is_404_and_a_guest_needs_the_code(
    tmp_path: Path, host: TestClient
) -> None:
    assert host.get("/api/play/NOSUCHGM/sheets.pdf").status_code == 404
    game = host.post("/api/play", json={"scenario": SCENARIO}).json()
    app = host.app
    with TestClient(app, client=("192.0.2.7", 50000)) as guest:
        assert guest.get(f"/api/play/{game['id']}/sheets.pdf").status_code == 403


def test_the_pages_link_play_and_the_sheets(host: TestClient) -> None:
    assert 'href="/play"' in host.get("/").text
    assert 'data-testid="play-sheets"' in host.get("/play").text
