"""A save onto the file a buffer was opened from carries the version it read (``base``, the
``X-File-Version`` of ``GET /api/file``): a file changed since (another tab or program saved
it) is refused (409), not replaced, so neither save is lost without being asked."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

FIRST = b"game: starfire\nname: Vigilant\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n"


@pytest.fixture
def space(tmp_path: Path) -> Path:
    (tmp_path / "ships").mkdir()
    (tmp_path / "ships" / "v.yaml").write_bytes(FIRST)
    return tmp_path


@pytest.fixture
def client(space: Path) -> Iterator[TestClient]:
    with TestClient(create_app(space, hosts=["testserver"])) as c:
        yield c


def _put(client: TestClient, body: bytes, **params: str) -> object:
    return client.put("/api/file", params={"path": "ships/v.yaml", "replace": "1", **params}, content=body)


def test_the_version_is_the_files_sha256(client: TestClient) -> None:
    read = client.get("/api/file", params={"path": "ships/v.yaml"})
    assert read.headers["X-File-Version"] == hashlib.sha256(FIRST).hexdigest()[:16]


def test_a_file_changed_since_it_was_read_is_not_replaced(client: TestClient, space: Path) -> None:
    base = client.get("/api/file", params={"path": "ships/v.yaml"}).headers["X-File-Version"]
    tab_a = FIRST.replace(b"Vigilant", b"Vigilant A")
    saved = _put(client, tab_a, base=base)
    assert saved.status_code == 200  # unchanged since read: saved, with its new version
    assert saved.json() == {"saved": "ships/v.yaml", "version": hashlib.sha256(tab_a).hexdigest()[:16]}
    refused = _put(
        client, FIRST.replace(b"Vigilant", b"Vigilant B"), base=base
    )  # tab B read it before A saved
    assert refused.status_code == 409
    assert refused.json()["error"] == (
        "sheetgen: error: ships/v.yaml changed since it was opened here (another tab or program saved it); "
        "replace it anyway (without base) or save as another path"
    )
    assert (space / "ships" / "v.yaml").read_bytes() == tab_a  # A's save stands
    assert _put(client, FIRST.replace(b"Vigilant", b"Vigilant B")).status_code == 200  # asked, and replaced


def test_a_file_gone_since_it_was_read_is_saved(client: TestClient, space: Path) -> None:
    base = client.get("/api/file", params={"path": "ships/v.yaml"}).headers["X-File-Version"]
    (space / "ships" / "v.yaml").unlink()
    assert _put(client, FIRST, base=base).status_code == 200
    assert (space / "ships" / "v.yaml").read_bytes() == FIRST


@pytest.mark.parametrize("base", ["", "xyz", "0" * 17, "ABCDEF0123456789"])
def test_a_base_not_of_a_version_is_refused(client: TestClient, space: Path, base: str) -> None:
    answer = _put(client, b"game: starfire\n", base=base)
    assert (
        answer.status_code == 400
        and "give the X-File-Version the file was read with" in answer.json()["error"]
    )
    assert (space / "ships" / "v.yaml").read_bytes() == FIRST
