"""An output names a regular file or nothing (issue 29): a FIFO, a symbolic link or a device
named by ``-o`` was replaced by a regular file; ``examples --force`` and ``kit --all`` wrote
through a symbolically linked sub-folder out of the named folder; a newline in a file's
name split a one-line message. Each is refused in one line, exit 2, nothing written."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from sheetgen.core import output
from sheetgen.core.output import OutputError, check_target, write_all_atomic, write_atomic, write_new

from tests.conftest import DESIGNS

SHIP = DESIGNS / "starfire" / "ships" / "base1-watchtower.yaml"
SCENARIO = DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml"

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")


def _targets(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """A FIFO, a link to a file, a link to nothing, a link to a folder: each named as a PDF."""
    (tmp_path / "real.pdf").write_bytes(b"kept")
    (tmp_path / "place").mkdir()
    os.mkfifo(tmp_path / "fifo.pdf")
    (tmp_path / "link.pdf").symlink_to(tmp_path / "real.pdf")
    (tmp_path / "dangling.pdf").symlink_to(tmp_path / "nowhere.pdf")
    (tmp_path / "folder.pdf").symlink_to(tmp_path / "place")
    return {
        "fifo": (tmp_path / "fifo.pdf", "is a named pipe (FIFO), not a regular file"),
        "link": (tmp_path / "link.pdf", "is a symbolic link, not a regular file"),
        "dangling": (tmp_path / "dangling.pdf", "is a symbolic link, not a regular file"),
        "folder-link": (tmp_path / "folder.pdf", "is a symbolic link, not a regular file"),
    }


def _unchanged(tmp_path: Path) -> None:
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo.pdf").st_mode)
    for name in ("link.pdf", "dangling.pdf", "folder.pdf"):
        assert (tmp_path / name).is_symlink()
    assert (tmp_path / "real.pdf").read_bytes() == b"kept"
    assert not (tmp_path / "nowhere.pdf").exists() and not any((tmp_path / "place").iterdir())


def test_every_writer_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    for path, said in _targets(tmp_path).values():
        for write in (
            lambda p: write_atomic(p, b"x"),
            lambda p: write_all_atomic([(tmp_path / "other.pdf", b"y"), (p, b"x")]),
        ):
            with pytest.raises(OutputError) as caught:
                write(path)
            assert str(caught.value) == f"{path}: {said}; give a new or regular file's name"
        with pytest.raises(OutputError):
            write_new(path, b"x")
    assert not (tmp_path / "other.pdf").exists()  # all or none
    _unchanged(tmp_path)


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
def test_a_device_is_refused() -> None:
    with pytest.raises(OutputError, match=r"^/dev/null: is a device, not a regular file"):
        check_target(Path("/dev/null"))


def test_a_link_put_in_place_while_the_bytes_are_written_is_refused(tmp_path, monkeypatch) -> None:
    target, real = tmp_path / "out.pdf", tmp_path / "real.pdf"
    real.write_bytes(b"kept")
    staged = output._stage

    def stage_then_link(path: Path, data: bytes | str, names: list[str]) -> None:
        staged(path, data, names)
        target.symlink_to(real)

    monkeypatch.setattr(output, "_stage", stage_then_link)
    with pytest.raises(OutputError, match="is a symbolic link"):
        write_atomic(target, b"new")
    assert target.is_symlink() and real.read_bytes() == b"kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pdf", "real.pdf"]  # no temporary file left


@pytest.mark.parametrize("kind", ["fifo", "link", "dangling", "folder-link"])
@pytest.mark.parametrize(
    "verb",
    [
        ["sheets", str(SHIP)],
        ["map"],
        ["counters", str(SHIP)],
        ["reference", "starfire"],
        ["vassal", str(SCENARIO)],
    ],
)
def test_the_command_line_refuses_them_in_one_line(invoke, tmp_path: Path, verb, kind) -> None:
    if verb[0] == "counters" and kind == "folder-link":
        pytest.skip("counters -o FOLDER writes images into the folder named, a link to one included")
    path, said = _targets(tmp_path)[kind]
    target = path if verb[0] != "vassal" else path.with_suffix(".vmod")
    if target != path:
        os.rename(path, target)
    r = invoke(*verb, "-o", str(target))
    assert r.exit_code == 2, r.stderr
    assert r.stderr.strip().splitlines() == [
        f"sheetgen: error: {target}: {said}; give a new or regular file's name"
    ]
    if target != path:
        os.rename(target, path)
    _unchanged(tmp_path)


@pytest.mark.parametrize(
    "verb",
    [["new", "starfire"], ["roll", "space-cruisers"], ["import", "starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[6]"]],
)
def test_design_writers_refuse_a_link_even_with_force(invoke, tmp_path: Path, verb) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("kept\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    r = invoke(*verb, "-o", str(link), "--force")
    assert r.exit_code == 2, r.stderr
    assert (
        r.stderr.strip().splitlines()[-1]
        == f"sheetgen: error: {link}: is a symbolic link, not a regular file; give a new or regular file's name"
    )
    assert link.is_symlink() and real.read_text() == "kept\n"


def test_examples_do_not_go_through_a_linked_sub_folder(invoke, tmp_path: Path) -> None:
    folder, elsewhere = tmp_path / "mine", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (folder / "starfire").symlink_to(elsewhere)
    r = invoke("examples", str(folder), "--force")
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        f"sheetgen: error: {folder / 'starfire'} is a symbolic link; examples are copied only into"
        f" {folder} itself: remove the link or choose another folder (nothing was copied)"
    )
    assert not any(elsewhere.iterdir()) and [p.name for p in folder.iterdir()] == ["starfire"]


def test_kits_do_not_go_through_a_linked_sub_folder(invoke, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("sheetgen.kit.bundled_scenarios", lambda: [SCENARIO])
    folder, elsewhere = tmp_path / "kits", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    (folder / "scouts-meet").symlink_to(elsewhere)
    r = invoke("kit", "--all", "-o", str(folder))
    assert r.exit_code == 2
    assert r.stderr.strip().splitlines()[-1] == (
        f"sheetgen: error: {folder / 'scouts-meet'} is a symbolic link; each kit is written only"
        f" inside {folder}: remove the link"
    )
    assert not any(elsewhere.iterdir())


def test_a_newline_in_a_file_name_stays_inside_its_one_line(invoke, tmp_path: Path) -> None:
    named = tmp_path / "two\nlines.yaml"
    named.write_text("game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nbogus: 3\n")
    r = invoke("validate", str(named))
    assert r.exit_code == 2
    lines = r.stdout.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"{str(named)!r}:") for line in lines)
    assert lines[1].startswith(f"{str(named)!r}:5:1: error [SCHEMA] unknown key 'bogus' in design")
    r = invoke("validate", str(tmp_path / "gone\x1b[2J.yaml"))
    assert r.exit_code == 2
    (line,) = r.stdout.splitlines()
    assert "\x1b" not in line and line.startswith(
        f"{tmp_path / 'gone'!s}\\x1b[2J.yaml':1:1: error [FILE]".replace(
            str(tmp_path), "'" + str(tmp_path), 1
        )
    )


def test_a_newline_in_an_output_name_stays_inside_its_one_line(invoke, tmp_path: Path) -> None:
    out = tmp_path / "no\nsuch" / "m.pdf"
    r = invoke("map", "-o", str(out))
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1
    assert r.stderr.strip() == f"sheetgen: error: {str(out)!r}: folder {str(out.parent)!r} does not exist"
