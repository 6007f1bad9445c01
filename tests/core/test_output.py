"""Atomic writes: :func:`write_new` creates a file whole and never replaces one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.core.output import OutputError, OutputExists, write_new


def test_write_new_creates_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "a.yaml"
    assert write_new(target, "game: starfire\n") == target
    assert target.read_text(encoding="utf-8") == "game: starfire\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.yaml"]  # no temporary file left


def test_write_new_never_replaces_a_file(tmp_path: Path) -> None:
    target = tmp_path / "a.yaml"
    target.write_bytes(b"mine")
    with pytest.raises(OutputExists):
        write_new(target, b"theirs")
    assert target.read_bytes() == b"mine"
    assert [p.name for p in tmp_path.iterdir()] == ["a.yaml"]


def test_write_new_refuses_a_dangling_link_and_a_missing_folder(tmp_path: Path) -> None:
    link = tmp_path / "link.yaml"
    link.symlink_to(tmp_path / "nowhere.yaml")
    with pytest.raises(OutputExists):
        write_new(link, b"x")
    assert not (tmp_path / "nowhere.yaml").exists()
    with pytest.raises(OutputError):
        write_new(tmp_path / "no" / "a.yaml", b"x")
