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


def test_sheets_pdf_takes_a_print_slot_and_is_503_when_none_is_free(tmp_path: Path) -> None:
    """The play sheets print as the designer's sheets do: through the server's print slots."""
    from sheetgen.serve.printing import Prints
    from sheetgen.serve.service import Refusal

    class Busy(Prints):
        async def run(self, gone: object, job: object, *args: object, **kwargs: object) -> object:
            raise Refusal(503, ["sheetgen: error: the server is busy printing"], headers={"Retry-After": "5"})

    shutil.copytree(DESIGNS / "starfire", tmp_path / "starfire")
    app = create_app(tmp_path, hosts=["testserver"], prints=Busy(in_process=True))
    with TestClient(app, client=("127.0.0.1", 50000)) as c:
        game = c.post("/api/play", json={"scenario": SCENARIO}).json()
        answer = c.get(f"/api/play/{game['id']}/sheets.pdf")
        assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
        assert c.get("/api/play/NOSUCHGM/sheets.pdf").status_code == 404  # refused before printing
