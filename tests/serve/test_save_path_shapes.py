"""A path ending in / names a folder, and a \\ is no folder separator: both are refused with a
line that says so, and no file is written or replaced (``notes.yaml/`` replaced notes.yaml)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

TEXT = b"game: starfire\nname: Vigilant\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n"


@pytest.fixture
def space(tmp_path: Path) -> Path:
    (tmp_path / "notes.yaml").write_text("a: 1\n", encoding="utf-8")
    return tmp_path


@pytest.fixture
def client(space: Path) -> Iterator[TestClient]:
    with TestClient(create_app(space, hosts=["testserver"])) as c:
        yield c


@pytest.mark.parametrize(
    ("path", "line"),
    [
        (
            "notes.yaml/",
            "path 'notes.yaml/' names a folder (it ends in /); give a file, e.g. ships/arrow.yaml",
        ),
        (
            "ships/new.yaml/",
            "path 'ships/new.yaml/' names a folder (it ends in /); give a file, e.g. ships/arrow.yaml",
        ),
        (
            "ships\\new.yaml",
            "path 'ships\\new.yaml': folders are separated by / (not \\), e.g. ships/arrow.yaml",
        ),
    ],
)
def test_a_folder_or_a_backslash_path_is_refused_and_nothing_written(
    client: TestClient, space: Path, path: str, line: str
) -> None:
    before = sorted(p.relative_to(space) for p in space.rglob("*"))
    answer = client.put("/api/file", params={"path": path}, content=TEXT)
    assert answer.status_code == 400
    assert answer.json()["error"] == f"sheetgen: error: {line}"
    assert (space / "notes.yaml").read_text(encoding="utf-8") == "a: 1\n"
    assert sorted(p.relative_to(space) for p in space.rglob("*")) == before
    assert client.get("/api/file", params={"path": path}).status_code == 400
