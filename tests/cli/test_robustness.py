"""Input a new user tried that once slipped through: each case one clear line,
the right exit status, nothing written or destroyed."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS, Built

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]
SHIPS = DESIGNS / "starfire" / "ships"


def test_every_document_of_a_file_is_validated(invoke: Invoke, write: Write) -> None:
    p = write(
        "two.yaml",
        "game: starfire\nname: Two\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n---\n"
        "game: starfire\nname: One\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n",
    )
    r = invoke("validate", p)
    assert r.exit_code == 1
    assert f"{p}:4:10: error [SF-7]" in r.stdout
    assert "2 designs: 1 legal, 1 illegal" in r.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_special_files_are_refused(invoke: Invoke) -> None:
    r = invoke("validate", "/dev/zero")
    assert r.exit_code == 2
    assert "/dev/zero:1:1: error [FILE] is not a regular file" in r.stdout


def test_counts_are_capped(invoke: Invoke, write: Write) -> None:
    p = write("many.yaml", "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\ncount: 100000000\n")
    r = invoke("validate", p)
    assert r.exit_code == 2
    assert f"{p}:5:8: error [SCHEMA] 'count' must be at most 1000, found 100000000" in r.stdout


def test_empty_names_and_fleets_are_refused(invoke: Invoke, write: Write) -> None:
    p = write("blank.yaml", 'game: starfire\nname: ""\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n')
    r = invoke("validate", p)
    assert r.exit_code == 2 and f"{p}:2:7: error [SCHEMA] 'name' must not be empty" in r.stdout
    p = write("fleet.yaml", "game: starfire\ndesigns: []\n")
    r = invoke("validate", p)
    assert r.exit_code == 2 and f"{p}:2:10: error [SCHEMA] the fleet lists no designs" in r.stdout


def _scenario(write: Write, sides: str) -> Path:
    return write("s.yaml", f"scenario: Names\ngame: starfire\nsides:\n{sides}")


def test_ships_and_sides_need_names_of_their_own(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    arrow = SHIPS / "corvette-arrow.yaml"
    s = _scenario(
        write,
        f"  - name: A\n    fleet:\n      - design: {arrow}\n"
        f"  - name: B\n    fleet:\n      - design: {arrow}\n"
        f"  - name: A\n    fleet:\n      - design: {SHIPS / 'corvette-lance.yaml'}\n",
    )
    r = invoke("kit", s, "-o", tmp_path / "kit")
    assert r.exit_code == 2
    assert f"{s}:10:11: error [SCHEMA] two sides are named 'A'" in r.stderr
    assert f"{s}:9:9: error [SCHEMA] a ship named 'Arrow' is on A's side too" in r.stderr
    assert not (tmp_path / "kit").exists()


def test_an_entry_of_many_ships_with_taken_names_is_one_line(invoke: Invoke, write: Write) -> None:
    """1,000 ships a side from one design, unnamed: their names clash with the other side's
    1,000, said once for the entry (it was one identical-looking line a ship)."""
    arrow = SHIPS / "corvette-arrow.yaml"
    s = _scenario(
        write,
        f"  - name: A\n    fleet:\n      - {{design: {arrow}, count: 1000}}\n"
        f"  - name: B\n    fleet:\n      - {{design: {arrow}, count: 1000}}\n",
    )
    r = invoke("validate", s)
    assert r.exit_code == 2
    assert r.stdout.splitlines()[0] == (
        f"{s}:9:9: error [SCHEMA] 1,000 ships here have names taken on A's side"
        " ('Arrow 1', 'Arrow 2', 'Arrow 3', ...): give the ships names of their own ('names:')"
    )
    assert (r.stdout + r.stderr).count("[SCHEMA]") == 1


def test_a_design_file_given_as_a_scenario(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("kit", SHIPS / "corvette-arrow.yaml", "-o", tmp_path / "kit")
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert lines == [
        f"{SHIPS / 'corvette-arrow.yaml'}:2:1: error [SCHEMA] this is a design file, not a scenario: "
        "a scenario starts with 'scenario: NAME'"
    ]


def test_import_of_nothing_or_nonsense_exits_2_and_writes_nothing(invoke: Invoke, tmp_path: Path) -> None:
    keep = tmp_path / "keep.yaml"
    keep.write_text("precious")
    r = invoke("import", "starfire", "", "-o", keep)
    assert r.exit_code == 2 and "nothing to import" in r.stderr
    r = invoke("import", "starfire", "garbage!!", "-o", keep)
    assert r.exit_code == 2 and "notation:1:10: error [SF-1] no system string" in r.stderr
    assert keep.read_text() == "precious"
    r = invoke("import", "starfire", "XX-[2]-SSAA(I)(I)(I)QLR-[6]")
    assert r.stderr.count("unknown hull 'XX'") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["sheets", SHIPS, "-o", "x.pdf", "--format", "html"],
            "-o x.pdf is a .pdf file but --format is html",
        ),
        (["sheets", SHIPS, "-o", "x.txt"], "-o x.txt: name a .pdf or .html file (the name sets the format)"),
        (
            ["reference", "starfire", "-o", "card.pdf", "--format", "csv"],
            "-o card.pdf is a .pdf file but --format is csv",
        ),
    ],
)
def test_file_names_tell_what_is_in_them(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[Any], message: str
) -> None:
    monkeypatch.chdir(tmp_path)  # back to the start folder afterwards: later tests use relative paths
    r = invoke(*args)
    assert r.exit_code == 2 and message in r.stderr
    assert list(tmp_path.iterdir()) == []


def test_format_follows_the_suffix(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "card.json"
    assert invoke("reference", "starfire", "-o", out).exit_code == 0
    assert out.read_text().startswith("{")
    html = tmp_path / "sheets.html"
    assert invoke("sheets", SHIPS / "corvette-arrow.yaml", "-o", html).exit_code == 0
    assert html.read_text().startswith("<!DOCTYPE html>")


def test_a_kit_without_single_drops_an_earlier_kit_pdf(
    invoke: Invoke, tmp_path: Path, bundled_kits: Built
) -> None:
    scenario = DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml"
    assert bundled_kits.exit_code == 0  # kit --all --single
    shutil.copytree(bundled_kits.path / scenario.stem, tmp_path, dirs_exist_ok=True)
    assert (tmp_path / "kit.pdf").exists()
    r = invoke("kit", scenario, "-o", tmp_path, "--paper", "a4")
    assert r.exit_code == 0
    assert not (tmp_path / "kit.pdf").exists()
    # and says so: a file the user had is never removed without a word
    assert "kit.pdf: removed: an earlier --single kit.pdf no longer matches the parts beside it" in r.stderr


def test_stats_reads_a_scenarios_designs(invoke: Invoke) -> None:
    r = invoke("stats", DESIGNS / "starfire" / "scenarios" / "convoy-raid.yaml")
    assert r.exit_code == 0
    for name in ("Hammer", "Drayhorse", "Anvil", "Lance"):
        assert f"{name}  [starfire, legal]" in r.stdout


LONG = "a" * 300  # longer than any file system allows a name (255 bytes)


@pytest.mark.parametrize(
    "args",
    [
        ("sheets", "{arrow}", "-o", "{tmp}/" + LONG + ".pdf"),
        ("validate", "{tmp}/" + LONG + ".yaml"),
        ("examples", "{tmp}/" + LONG),
        ("new", "starfire", "-o", "{tmp}/" + LONG + ".yaml"),
        ("schema", "starfire", "-o", "{tmp}/" + LONG + ".json"),
        ("map", "-o", "{tmp}/" + LONG + ".pdf"),
    ],
)
def test_a_name_the_file_system_refuses_is_one_line_exit_2(
    invoke: Invoke, tmp_path: Path, args: tuple[str, ...]
) -> None:
    arrow = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
    r = invoke(*(a.format(arrow=arrow, tmp=tmp_path) for a in args))
    assert r.exit_code == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "File name too long" in r.stderr


def _sheetgen(*args: str, **kwargs: Any) -> Any:
    import subprocess
    import sys

    return subprocess.Popen([sys.executable, "-m", "sheetgen", *args], text=True, **kwargs)


def test_a_closed_pipe_stops_the_output_quietly_with_the_sigpipe_status() -> None:
    """``sheetgen stats ... | head -1``: the reader leaves early; sheetgen stops without a word,
    with 128 + 13 as a tool stopped by SIGPIPE (not 1, an illegal design's status)."""
    import subprocess

    # each design 40 times: about 190 KB of stats, more than a pipe holds, so sheetgen is still
    # writing when the reader leaves (with less it could finish first and exit 0)
    ships = sorted(SHIPS.glob("*.yaml")) * 40
    with _sheetgen("stats", *map(str, ships), stdout=subprocess.PIPE, stderr=subprocess.PIPE) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()
        assert proc.wait(timeout=60) == 141
        assert proc.stderr.read() == ""


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(
    ("names", "code", "jobs"),
    [
        (["SIGTERM"], 143, "1"),
        (["SIGHUP"], 129, "1"),
        (["SIGHUP"], 129, "2"),
        (["SIGTERM", "SIGINT", "SIGTERM"], 143, "2"),
    ],
)
def test_a_signal_while_a_kit_prints_leaves_no_folder_and_nothing_in_the_temporary_folder(
    tmp_path: Path, names: list[str], code: int, jobs: str
) -> None:
    """``kill`` or a closed terminal while a kit prints, in the one process (``--jobs 1``, or a
    one-processor machine) or with workers: exit 128 + the signal, as Ctrl-C, with no empty kit
    folder, no part of the kit, and nothing left in the temporary folder (copies of the fonts
    were, when the signal ended the process outright). Signals that follow the first within
    milliseconds (an impatient user, a supervisor) leave the clean-up to finish; the status is a stop's (the
    first Python takes, which runs Ctrl-C's first when both wait; or, once the interpreter
    has ended, the signal's own, which a shell shows as 128 + the signal too)."""
    import signal
    import subprocess
    import time

    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "SHEETGEN_CACHE": "off"}
    out = str(tmp_path / "out" / "kit")
    with _sheetgen("kit", "-o", out, "--jobs", jobs, env=env, stderr=subprocess.PIPE) as proc:
        try:
            deadline = time.monotonic() + 60
            while not _printing(proc.pid):  # printing has begun: WeasyPrint's libraries are loaded
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.02)
            sent = [getattr(signal, name) for name in names]
            for i, signum in enumerate(sent):
                time.sleep(0.002 * bool(i))
                proc.send_signal(signum)
            assert proc.wait(timeout=60) in ({code} if len(sent) == 1 else {128 + s for s in sent})
            assert proc.stderr is not None and "Traceback" not in proc.stderr.read()
        finally:
            proc.kill()
    assert list(temp.iterdir()) == []
    assert not (tmp_path / "out").exists()


def _printing(pid: int) -> bool:
    """Whether process ``pid`` or one of its children has loaded Pango (WeasyPrint is printing)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    pids = [pid, *map(int, children.read_text().split())] if children.exists() else [pid]
    for one in pids:
        try:
            if "libpango" in Path(f"/proc/{one}/maps").read_text():
                return True
        except OSError:  # gone meanwhile
            continue
    return False


def test_an_error_a_library_raises_while_stopping_is_the_stop() -> None:
    """ReportLab's PDF writer catches everything, so Ctrl-C or SIGTERM in the middle of it came
    out as ``KeyError: forward reference ... not resolved`` and a traceback (exit 1); an error
    raised while a stop was being handled is the stop: 130, or 128 + the signal."""
    from sheetgen.core.stopping import stop_status as _stop_behind

    def raised_during(stop: BaseException) -> BaseException:
        try:
            try:
                raise stop
            except BaseException:
                raise KeyError("forward reference to 'Outline.9' not resolved") from None
        except KeyError as exc:
            return exc

    assert _stop_behind(raised_during(KeyboardInterrupt())) == 130
    assert _stop_behind(raised_during(SystemExit(143))) == 143
    assert _stop_behind(KeyError("a plain fault")) is None


@pytest.mark.skipif(not hasattr(__import__("signal"), "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(("name", "code"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_a_signal_while_the_command_line_loads_is_a_quiet_stop(name: str, code: int) -> None:
    """Ctrl-C in the first tenth of a second, while the command line is being imported, stops
    the run as later (exit 130, or 128 + the signal) without a traceback: the signals are
    taken before the command line is imported. Here the signal comes as ``sheetgen.cli.app``
    is looked for."""
    import subprocess
    import sys

    script = f"""\
import os, signal, sys

class SignalOnLoad:
    def find_spec(self, name, path=None, target=None):
        if name == "sheetgen.cli.app":
            os.kill(os.getpid(), signal.{name})
        return None

sys.meta_path.insert(0, SignalOnLoad())
sys.argv = ["sheetgen", "--help"]
from sheetgen.cli import main
main()
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout) == (code, "")
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr


def test_any_run_removes_the_folders_of_a_process_killed_outright(tmp_path: Path) -> None:
    """``kill -9`` leaves a server's kit folder (or, from earlier versions, a printing
    process's folder of font copies); the next sheetgen run removes them, whatever it does
    (here ``validate``, which prints nothing), and leaves a living process's alone."""
    import subprocess
    import sys

    ended = subprocess.Popen([sys.executable, "-c", ""])
    ended.wait()
    dead = [tmp_path / f"sheetgen-kit-{ended.pid}-0a1b", tmp_path / f"sheetgen-print-{ended.pid}-0a1b"]
    living = tmp_path / f"sheetgen-kit-{os.getpid()}-2c3d"
    for folder in (*dead, living):
        (folder / "scouts-meet").mkdir(parents=True)
    done = subprocess.run(
        [sys.executable, "-m", "sheetgen", "validate", str(SHIPS / "corvette-arrow.yaml")],
        env={**os.environ, "TMPDIR": str(tmp_path)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == [living]
