"""Atomic writes: :func:`write_new` creates a file whole and never replaces one."""

from __future__ import annotations

from collections.abc import Callable
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


def test_write_all_atomic_writes_all_or_none(
    tmp_path: Path, disk_fills: Callable[[int], Callable[[], None]]
) -> None:
    """Several files at once (a kit's parts): when one cannot be written (here the disk fills
    while the third is flushed), every target keeps its earlier content and no temporary
    file is left; otherwise all are replaced."""
    from sheetgen.core.output import OutputError, write_all_atomic

    names = ["briefing.pdf", "record-sheets.pdf", "map.pdf"]
    for name in names:
        (tmp_path / name).write_bytes(b"letter")
    room_again = disk_fills(3)
    with pytest.raises(OutputError, match=r"map\.pdf: cannot write: No space left on device"):
        write_all_atomic([(tmp_path / name, b"a4") for name in names])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)
    assert {(tmp_path / name).read_bytes() for name in names} == {b"letter"}
    room_again()
    assert write_all_atomic([(tmp_path / name, b"a4") for name in names]) == [tmp_path / n for n in names]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names)
    assert {(tmp_path / name).read_bytes() for name in names} == {b"a4"}
