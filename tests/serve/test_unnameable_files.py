"""A workspace file whose path holds a line break or another control character cannot be
named by any request (the path parameter is refused): /api/files leaves it out rather than
listing a file every endpoint then refuses."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

DESIGN = "game: starfire\nname: A\nhull: CT\nsystems: SSAA\n"


def test_files_whose_paths_hold_control_characters_are_not_listed(tmp_path: Path) -> None:
    for name in ("a\nb.yaml", "a\tc.yaml", "a\x1bd.yaml", "ok.yaml"):
        (tmp_path / name).write_text(DESIGN, encoding="utf-8")
    (tmp_path / "line\nfolder").mkdir()
    (tmp_path / "line\nfolder" / "x.yaml").write_text(DESIGN, encoding="utf-8")
    with TestClient(create_app(tmp_path, hosts=["testserver"])) as client:
        listed = client.get("/api/files").json()["files"]
        assert listed == ["ok.yaml"]
        for path in listed:
            assert client.get("/api/file", params={"path": path}).status_code == 200
