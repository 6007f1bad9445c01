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


@pytest.mark.parametrize("writer", ["write_atomic", "write_new", "write_all_atomic"])
def test_a_stop_the_moment_a_temporary_file_is_made_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str
) -> None:
    """Ctrl-C or a signal that lands just as the temporary file beside the target is made
    (for ``write_all_atomic``, the second file's) leaves no ``.name.*.tmp`` behind and the
    target as it was: the name is noted before the file is made."""
    import os

    from sheetgen.core import output

    target = tmp_path / "sheet.pdf"
    target.write_bytes(b"before")
    opened = os.open
    made: list[str] = []

    def stop_at_second_open(path: str, *args: object, **kwargs: object) -> int:
        fd = opened(path, *args, **kwargs)  # type: ignore[arg-type]
        made.append(str(path))
        if len(made) == (2 if writer == "write_all_atomic" else 1):
            raise KeyboardInterrupt
        return fd

    monkeypatch.setattr(os, "open", stop_at_second_open)
    with pytest.raises(KeyboardInterrupt):
        if writer == "write_all_atomic":
            output.write_all_atomic([(tmp_path / "map.pdf", b"map"), (target, b"after")])
        else:
            getattr(output, writer)(
                tmp_path / ("new.pdf" if writer == "write_new" else "sheet.pdf"), b"after"
            )
    assert all(Path(m).name.endswith(".tmp") for m in made)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sheet.pdf"]
    assert target.read_bytes() == b"before"


def test_make_folder_notes_each_folder_before_making_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stop that lands just as a folder is made (here after ``a/b`` of ``a/b/c``) finds it
    in ``made`` already, deepest first, so ``remove_empty`` takes every folder made away; a
    folder that was there is never in ``made``."""
    from sheetgen.core.output import make_folder, remove_empty

    mkdir = Path.mkdir

    def stop_after_b(self: Path, *args: object, **kwargs: object) -> None:
        mkdir(self, *args, **kwargs)  # type: ignore[arg-type]
        if self.name == "b":
            raise KeyboardInterrupt

    monkeypatch.setattr(Path, "mkdir", stop_after_b)
    made: list[Path] = []
    with pytest.raises(KeyboardInterrupt):
        make_folder(tmp_path / "a" / "b" / "c", made)
    assert made == [tmp_path / "a" / "b", tmp_path / "a"]
    remove_empty(made)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(Path, "mkdir", mkdir)
    (tmp_path / "a").mkdir()
    make_folder(tmp_path / "a" / "b", made := [])
    assert made == [tmp_path / "a" / "b"]
    (tmp_path / "f").write_text("")
    with pytest.raises(FileExistsError):
        make_folder(tmp_path / "f", made := [])
    assert made == []
