"""``sheetgen tts``: the folder it writes (the save and every image its addresses name),
its image addresses, and what it refuses (one line, exit 2 or 1, nothing written)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

from sheetgen.core.output import RECORD

ROOT = Path(__file__).resolve().parents[2]
SCOUTS = ROOT / "designs" / "starfire" / "scenarios" / "scouts-meet.yaml"
BAD = ROOT / "designs" / "starfire" / "illegal" / "sf2-too-few-quarters.yaml"

Invoke = Callable[..., Any]


def _urls(save: Path) -> set[str]:
    data = json.loads(save.read_text(encoding="utf-8"))
    return {s["CustomImage"][k] for s in data["ObjectStates"] for k in ("ImageURL", "ImageSecondaryURL")}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    """``sheetgen tts scouts-meet -o DIR`` (local addresses), run once."""
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    out = tmp_path_factory.mktemp("tts") / "scouts meet"  # a space: the addresses escape it
    result = CliRunner().invoke(
        app, ["tts", str(SCOUTS), "-o", str(out), "--dpi", "60"], catch_exceptions=False
    )
    return out, result


def test_tts_writes_the_save_and_every_image_its_addresses_name(written: tuple[Path, Any]) -> None:
    out, result = written
    assert result.exit_code == 0, result.stderr
    save = out / "scouts-meet.json"
    assert save.is_file()
    assert f"wrote {save} and " in result.stderr and "as local files" in result.stderr
    urls = _urls(save)
    files = {p.name for p in out.iterdir()} - {save.name, RECORD}
    named = set()
    for url in urls:
        parts = urlsplit(url)
        assert parts.scheme == "file" and " " not in url
        path = Path(unquote(parts.path))
        assert path.parent == out.resolve() and path.is_file()
        named.add(path.name)
    assert named == files  # every image written is used, every one used is written
    assert "map.png" in named


def test_image_url_puts_every_address_under_it(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "web"
    r = invoke("tts", SCOUTS, "-o", out, "--dpi", "40", "--image-url", "https://example.org/scouts")
    assert r.exit_code == 0, r.stderr
    urls = _urls(out / "scouts-meet.json")
    files = {p.name for p in out.iterdir()} - {"scouts-meet.json", RECORD}
    assert {u.removeprefix("https://example.org/scouts/") for u in urls} == files
    assert all(u.startswith("https://example.org/scouts/") for u in urls)


def test_same_input_same_bytes(invoke: Invoke, tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        out = tmp_path / name
        r = invoke("tts", SCOUTS, "-o", out, "--dpi", "40", "--image-url", "https://example.org/s/")
        assert r.exit_code == 0, r.stderr
        runs.append({p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--image-url", "ftp://example.org/x"],
            "--image-url 'ftp://example.org/x': give the http:// or https://",
        ),
        (["--image-url", "example.org/x"], "give the http:// or https:// address"),
        (["--image-url", "https://example.org/x?a=1"], "cannot hold ? or #"),
        (["--dpi", "5"], "--dpi 5: choose 10 to 1200 dots per inch"),
        (["--dpi", "many"], "--dpi 'many': not a whole number"),
    ],
)
def test_bad_options_are_refused_with_nothing_written(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "out"
    r = invoke("tts", SCOUTS, "-o", out, *args)
    assert r.exit_code == 2
    assert r.stderr.startswith("sheetgen: error: ") and message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_output_that_is_no_folder_is_refused(invoke: Invoke, tmp_path: Path) -> None:
    file = tmp_path / "save.json"
    file.write_text("mine")
    r = invoke("tts", SCOUTS, "-o", file)
    assert r.exit_code == 2 and "is a file" in r.stderr
    assert file.read_text() == "mine"
    r = invoke("tts", SCOUTS, "-o", tmp_path / "missing" / "out")
    assert r.exit_code == 2 and "does not exist" in r.stderr


def test_without_output_it_writes_its_default_folder_once(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One rule for every verb: a default name in the current folder, never replaced."""
    monkeypatch.chdir(tmp_path)
    r = invoke("tts", SCOUTS, "--dpi", "40")
    assert r.exit_code == 0, r.stderr
    made = [p for p in tmp_path.iterdir() if p.name.endswith("-tts")]
    assert len(made) == 1 and list(made[0].glob("*.json"))
    again = invoke("tts", SCOUTS, "--dpi", "40")
    assert again.exit_code == 2 and "already exists; give -o" in again.stderr


def test_a_scenario_with_errors_is_refused(invoke: Invoke, tmp_path: Path) -> None:
    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        f"scenario: Broken\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - design: {BAD}\n",
        encoding="utf-8",
    )
    r = invoke("tts", scenario, "-o", tmp_path / "out")
    assert r.exit_code == 1
    assert "error [SF-2] DD requires at least 2 Q: found 1" in r.stderr
    assert not (tmp_path / "out").exists()
    scenario.write_text("scenario: X\ngame: starfire\nsides:\n  - name: A\n    colour: blue\n    fleet: []\n")
    r = invoke("tts", scenario, "-o", tmp_path / "out")
    assert r.exit_code == 2 and "error [SCHEMA] 'colour' must be #rrggbb" in r.stderr
    assert not (tmp_path / "out").exists()


def test_a_map_over_the_pixel_limit_is_refused(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("tts", SCOUTS, "-o", tmp_path / "out", "--dpi", "1200")
    assert r.exit_code == 2
    assert "megapixels an image: choose a lower --dpi" in r.stderr
    assert not (tmp_path / "out").exists()


def test_a_failed_write_leaves_the_folder_as_it_was(
    invoke: Invoke, tmp_path: Path, disk_fills: Callable[[int], Callable[[], None]]
) -> None:
    out = tmp_path / "out"
    r = invoke("tts", SCOUTS, "-o", out, "--dpi", "40")
    assert r.exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    disk_fills(3)
    r = invoke("tts", SCOUTS, "-o", out, "--dpi", "50")
    assert r.exit_code == 2
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_an_empty_output_name_is_refused(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = invoke("tts", SCOUTS, "-o", "")
    assert r.exit_code == 2 and "the name is empty" in r.stderr
    assert list(tmp_path.iterdir()) == []
