"""What a process killed outright (``kill -9``) leaves is swept by the next one (docs/serve.md,
"Limits"): the server's kit folders, the hidden temporary file of a save, and no empty
folders from ``kit --all``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sheetgen.core.leftovers import KIT_FOLDER_PREFIX, sweep_leftovers
from sheetgen.core.output import sweep_staged
from sheetgen.serve.app import create_app
from sheetgen.serve.workspace import Workspace


def _dead_pid() -> int:
    """The id of a process that has ended (and been waited for)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_killed_servers_kit_folders_are_swept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``sheetgen-kit-*`` folders were never removed after a kill; now they carry their
    process's id and the sweep removes those whose process is gone, and only those."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = tmp_path / f"{KIT_FOLDER_PREFIX}{_dead_pid()}-0123456789abcdef"
    (dead / "scouts-meet").mkdir(parents=True)
    (dead / "scouts-meet" / "map.pdf").write_bytes(b"%PDF-")
    alive = tmp_path / f"{KIT_FOLDER_PREFIX}{os.getpid()}-0123456789abcdef"
    alive.mkdir()
    unnamed = tmp_path / f"{KIT_FOLDER_PREFIX}abc"
    unnamed.mkdir()
    sweep_leftovers()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive.name, unnamed.name])


def test_a_killed_saves_temporary_file_is_swept(tmp_path: Path) -> None:
    """A kill during a save left a hidden ``.NAME.yaml.<hex>.tmp`` in the workspace for good; its
    name now carries the writing process's id, and the server sweeps those of processes gone:
    at start (the whole workspace) and at each save (the file's folder)."""
    space = tmp_path / "space"
    (space / "ships").mkdir(parents=True)
    dead = _dead_pid()
    left = space / "ships" / f".arrow.yaml.{dead}-0123456789ab.tmp"
    deeper = space / f".fleet.yaml.{dead}-ba9876543210.tmp"
    ours = space / "ships" / f".arrow.yaml.{os.getpid()}-0123456789ab.tmp"
    other = space / "ships" / ".notes.tmp"
    for path in (left, deeper, ours, other):
        path.write_text("half a design", encoding="utf-8")
    with TestClient(create_app(space, hosts=["testserver"])) as c:
        r = c.put("/api/file", params={"path": "ships/arrow.yaml"}, content=b"game: starfire\n")
        assert r.status_code == 200
    assert not left.exists() and deeper.exists() and ours.exists() and other.exists()
    assert Workspace(space).sweep() == [deeper.name]
    assert sorted(p.name for p in space.rglob("*")) == sorted(["ships", "arrow.yaml", ours.name, other.name])


def test_a_save_names_its_temporary_file_with_its_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The name :func:`sweep_staged` reads: ``.NAME.<pid>-<hex>.tmp``."""
    import sheetgen.core.output as output

    seen: list[str] = []
    real = os.replace

    def replace(src: str, dst: object) -> None:
        seen.append(Path(src).name)
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(output.os, "replace", replace)
    output.write_atomic(tmp_path / "a.yaml", "x: 1\n")
    assert len(seen) == 1 and seen[0].startswith(f".a.yaml.{os.getpid()}-") and seen[0].endswith(".tmp")
    assert sweep_staged(tmp_path) == []


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 (POSIX)")
def test_kit_all_killed_while_printing_leaves_no_empty_folders(tmp_path: Path) -> None:
    """``kit --all`` made every scenario's folder before printing, so a kill left them all
    empty; a kit's folder is now made when the kit is written."""
    out = tmp_path / "out"
    env = {**os.environ, "SHEETGEN_CACHE": "off", "TMPDIR": str(tmp_path)}
    with subprocess.Popen(
        [sys.executable, "-m", "sheetgen", "kit", "--all", "-o", str(out), "--jobs", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    ) as proc:
        time.sleep(4)  # into the printing of the first parts
        assert proc.poll() is None, "the kits were made before the kill: nothing was tested"
        proc.kill()
        proc.wait()
    made = [p for p in out.rglob("*") if p.is_dir()] if out.exists() else []
    assert [p for p in made if not any(p.iterdir())] == []
