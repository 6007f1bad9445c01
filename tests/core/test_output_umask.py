"""An atomic write gives the file the permissions a new file gets (0o666 less the umask)
without ever changing the process umask: a server thread writing at the same moment must
not make its files world-writable."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from sheetgen.core.output import write_all_atomic, write_atomic, write_new


@pytest.fixture
def umask_027() -> object:
    old = os.umask(0o027)
    yield
    os.umask(old)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
@pytest.mark.parametrize("write", [write_atomic, write_new, lambda p, d: write_all_atomic([(p, d)])])
def test_a_written_file_has_a_new_files_permissions(tmp_path: Path, umask_027: object, write) -> None:
    target = tmp_path / "out.pdf"
    write(target, b"%PDF")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


@pytest.mark.parametrize("write", [write_atomic, write_new, lambda p, d: write_all_atomic([(p, d)])])
def test_a_write_never_changes_the_umask(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, write) -> None:
    calls: list[int] = []
    monkeypatch.setattr(os, "umask", lambda mask: calls.append(mask) or 0o022)
    write(tmp_path / "out.pdf", b"%PDF")
    assert calls == []
