"""A save to a full disk is 409 with the one line and the file left as it was, as
docs/serve.md's status table says (503 is the server's own folders, while printing)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

OLD = "game: starfire\nname: Old\nhull: CT\nsystems: SSAA\n"


def test_a_save_to_a_full_disk_is_409_and_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.yaml").write_text(OLD, encoding="utf-8")
    real_fsync = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with TestClient(create_app(tmp_path, hosts=["testserver"])) as client:
        answer = client.put(
            "/api/file", params={"path": "a.yaml", "replace": "1"}, content=b"game: starfire\nname: New\n"
        )
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert answer.status_code == 409, answer.text
    assert answer.json()["error"].startswith("sheetgen: error: ")
    assert os.strerror(errno.ENOSPC) in answer.json()["error"]
    assert (tmp_path / "a.yaml").read_text(encoding="utf-8") == OLD
    docs = (Path(__file__).resolve().parents[2] / "docs" / "serve.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith("| 409 |"))
    assert "disk full" in row
    assert "A save to a full disk is 409" in docs
