"""``PUT /api/file`` makes the folders a "Save as" path names, inside the workspace only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app
from sheetgen.serve.workspace import MAX_NEW_FOLDERS

TEXT = b"game: starfire\nname: Vigilant\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n"


@pytest.fixture
def space(tmp_path: Path) -> Path:
    root = tmp_path / "space"
    root.mkdir()
    (tmp_path / "outside").mkdir()
    (root / "out").symlink_to(tmp_path / "outside", target_is_directory=True)
    (root / "dangling").symlink_to(tmp_path / "nowhere", target_is_directory=True)
    (root / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    return root


@pytest.fixture
def client(space: Path) -> Iterator[TestClient]:
    with TestClient(create_app(space, hosts=["testserver"]), raise_server_exceptions=True) as c:
        yield c


@pytest.mark.parametrize("path", ["ships/vigilant.yaml", "fleets/escorts/vigilant.yml"])
def test_save_as_makes_the_folders_it_names(client: TestClient, space: Path, path: str) -> None:
    r = client.put("/api/file", params={"path": path}, content=TEXT)
    assert r.status_code == 200, r.text
    assert r.json()["saved"] == path
    assert (space / path).read_bytes() == TEXT
    assert path in client.get("/api/files").json()["files"]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("../ships/x.yaml", 400),
        ("new/../../x.yaml", 400),
        ("/tmp/ships/x.yaml", 400),
        ("ships/.hidden/x.yaml", 400),
        ("out/new/x.yaml", 403),  # a link out of the workspace, then a folder to make
        ("dangling/x.yaml", 403),  # a link to a folder that is not there (outside)
        ("notes.yaml/x.yaml", 409),  # a file where a folder is named
        ("/".join(["d"] * (MAX_NEW_FOLDERS + 1)) + "/x.yaml", 409),
    ],
)
def test_save_as_makes_no_folder_outside(client: TestClient, space: Path, path: str, status: int) -> None:
    before = sorted(p.relative_to(space.parent).as_posix() for p in space.parent.rglob("*"))
    r = client.put("/api/file", params={"path": path}, content=TEXT)
    assert r.status_code == status, r.text
    assert r.json()["error"].startswith("sheetgen: error: ")
    assert str(space) not in r.text
    after = sorted(p.relative_to(space.parent).as_posix() for p in space.parent.rglob("*"))
    assert after == before  # nothing made, inside or out


def test_a_failed_save_removes_the_folders_it_made(
    client: TestClient, space: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sheetgen.core.output import OutputError
    from sheetgen.serve import workspace

    def refuse(path: object, data: object) -> None:
        raise OutputError(f"{path}: cannot write: disk full")

    monkeypatch.setattr(workspace, "write_atomic", refuse)
    monkeypatch.setattr(workspace, "write_new", refuse)  # a new file: put in place only if none is there
    r = client.put("/api/file", params={"path": "ships/escorts/x.yaml"}, content=TEXT)
    assert r.status_code == 409 and "disk full" in r.json()["error"]
    assert not (space / "ships").exists()
    assert client.put("/api/file", params={"path": "ships/x.yaml"}, content=b"\xff").status_code == 400
    assert not (space / "ships").exists()
