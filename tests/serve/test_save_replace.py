"""``PUT /api/file`` never replaces an existing file unless the request says so (``replace=1``):
a new design saved as ``ships/destroyer-anvil.yaml`` silently replaced that ship. The page
sends ``replace=1`` only for the file its buffer was opened from, or after asking."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS

ANVIL = DESIGNS / "starfire" / "ships" / "destroyer-anvil.yaml"
NEW = b"game: starfire\nname: New design\nhull: CT\nsystems: SSAA\n"


@pytest.fixture
def space(tmp_path: Path) -> Path:
    (tmp_path / "ships").mkdir()
    shutil.copy(ANVIL, tmp_path / "ships" / "destroyer-anvil.yaml")
    return tmp_path


def test_an_existing_file_is_not_replaced_without_replace(space: Path) -> None:
    target = space / "ships" / "destroyer-anvil.yaml"
    before = target.read_bytes()
    with TestClient(create_app(space, hosts=["testserver"])) as client:
        r = client.put("/api/file", params={"path": "ships/destroyer-anvil.yaml"}, content=NEW)
        assert r.status_code == 409, r.text
        body = r.json()
        assert body["lines"] == [
            "sheetgen: error: ships/destroyer-anvil.yaml already exists; replace it (replace=1) or save as another path"
        ]
        assert body["error"] == body["lines"][0]
        assert target.read_bytes() == before
        assert sorted(p.name for p in target.parent.iterdir()) == ["destroyer-anvil.yaml"]
        for no in ("0", ""):
            r = client.put(
                "/api/file", params={"path": "ships/destroyer-anvil.yaml", "replace": no}, content=NEW
            )
            assert r.status_code == 409
        assert target.read_bytes() == before
        r = client.put(
            "/api/file", params={"path": "ships/destroyer-anvil.yaml", "replace": "yes"}, content=NEW
        )
        assert r.status_code == 400 and "replace" in r.json()["error"]
        assert target.read_bytes() == before
        r = client.put(
            "/api/file", params={"path": "ships/destroyer-anvil.yaml", "replace": "1"}, content=NEW
        )
        assert r.status_code == 200 and r.json()["saved"] == "ships/destroyer-anvil.yaml"
    assert target.read_bytes() == NEW


def test_a_new_file_needs_no_replace(space: Path) -> None:
    with TestClient(create_app(space, hosts=["testserver"])) as client:
        r = client.put("/api/file", params={"path": "ships/new.yaml"}, content=NEW)
        assert r.status_code == 200
        # a second save of it is a replacement like any other
        assert client.put("/api/file", params={"path": "ships/new.yaml"}, content=NEW).status_code == 409
    assert (space / "ships" / "new.yaml").read_bytes() == NEW


def test_the_status_row_says_so() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "serve.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith("| 409 |"))
    assert "replace=1" in row
    put = next(line for line in docs.splitlines() if line.startswith("| `PUT /api/file"))
    assert "replace=1" in put


def test_a_file_made_while_saving_is_not_replaced(space: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is put in place only if nothing is there by then (``write_new``): one made
    after the check, by another save or another program, is kept."""
    import sheetgen.serve.workspace as workspace_module
    from sheetgen.serve.service import Refusal
    from sheetgen.serve.workspace import Workspace

    late = space / "ships" / "late.yaml"
    real = workspace_module.sweep_staged

    def meanwhile(folder: Path) -> list[str]:
        late.write_bytes(b"game: starfire\nname: Late\n")
        return real(folder)

    monkeypatch.setattr(workspace_module, "sweep_staged", meanwhile)
    with pytest.raises(Refusal) as refused:
        Workspace(space).save("ships/late.yaml", NEW)
    assert refused.value.status == 409
    assert str(refused.value) == (
        "sheetgen: error: ships/late.yaml already exists; replace it (replace=1) or save as another path"
    )
    assert late.read_bytes() == b"game: starfire\nname: Late\n"
    assert sorted(p.name for p in late.parent.iterdir()) == ["destroyer-anvil.yaml", "late.yaml"]
