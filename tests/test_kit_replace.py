"""``sheetgen kit -o FOLDER`` replaces only what a kit wrote there. A tester put their own
``map.pdf`` (and a text file named ``briefing.pdf``) in the folder given to ``-o``; the kit
replaced both without a word. Now each kit folder keeps a record of the files kits wrote
(``.sheetgen-files.json``, their SHA-256), and a file of a kit's name that is not in it, or
changed since, stops the kit with one line (exit 2) before anything is written; ``--force``
replaces it. A folder from before the record counts the PDFs sheetgen made as the kit's."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.output import RECORD
from sheetgen.kit import KitError, build_kit
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS
from tests.test_kit import PARTS

Invoke = Callable[..., Any]
SCENARIO = DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml"


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One kit of the scenario, written once for the module (copied by each test)."""
    scenario, _result = load_scenario(SCENARIO)
    assert scenario is not None
    folder = tmp_path_factory.mktemp("kit") / "kit"
    build_kit(scenario, folder)
    return folder


def _copy(made: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "kit"
    shutil.copytree(made, folder)
    return folder


def _bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_the_record_holds_each_file_the_kit_wrote(made: Path) -> None:
    import hashlib

    record = json.loads((made / RECORD).read_text(encoding="utf-8"))["files"]
    assert sorted(record) == sorted(PARTS)
    for name, digest in record.items():
        assert hashlib.sha256((made / name).read_bytes()).hexdigest() == digest


def test_a_kit_replaces_its_own_files(made: Path, tmp_path: Path, invoke: Invoke) -> None:
    folder = _copy(made, tmp_path)
    result = invoke("kit", str(SCENARIO), "-o", str(folder))
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in folder.iterdir()) == sorted([*PARTS, RECORD])


@pytest.mark.parametrize(
    "name, mine",
    [
        ("map.pdf", b"%PDF-1.7\n% a map the player drew\n"),  # a player's own PDF
        ("briefing.pdf", b"my notes, saved under a kit's name\n"),  # not a PDF at all
    ],
)
def test_a_players_file_of_a_kits_name_stops_the_kit(
    tmp_path: Path, invoke: Invoke, name: str, mine: bytes
) -> None:
    folder = tmp_path / "downloads"
    folder.mkdir()
    (folder / name).write_bytes(mine)
    (folder / "notes.txt").write_text("mine\n", encoding="utf-8")
    result = invoke("kit", str(SCENARIO), "-o", str(folder))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert lines[-1] == (
        f"sheetgen: error: {folder / name}: not replaced: sheetgen did not write it here, or it changed since;"
        " move it away, choose another -o, or add --force to replace it"
    )
    assert _bytes(folder) == {name: mine, "notes.txt": b"mine\n"}  # nothing written, nothing replaced
    forced = invoke("kit", str(SCENARIO), "-o", str(folder), "--force")
    assert forced.exit_code == 0, forced.stderr
    assert (folder / name).read_bytes() != mine and (folder / "notes.txt").read_bytes() == b"mine\n"


def test_a_kit_file_changed_since_is_not_replaced(made: Path, tmp_path: Path) -> None:
    folder = _copy(made, tmp_path)
    annotated = (folder / "map.pdf").read_bytes() + b"\n% the referee's notes\n"
    (folder / "map.pdf").write_bytes(annotated)
    before = _bytes(folder)
    scenario, _result = load_scenario(SCENARIO)
    assert scenario is not None
    with pytest.raises(
        KitError, match=r"map\.pdf: not replaced: sheetgen did not write it here, or it changed since"
    ):
        build_kit(scenario, folder)
    assert _bytes(folder) == before


def test_a_folder_from_before_the_record_counts_sheetgens_pdfs(made: Path, tmp_path: Path) -> None:
    folder = _copy(made, tmp_path)
    (folder / RECORD).unlink()
    scenario, _result = load_scenario(SCENARIO)
    assert scenario is not None
    build_kit(scenario, folder, single=True)  # every part made by sheetgen: replaced
    assert (folder / RECORD).is_file() and (folder / "kit.pdf").is_file()
    (folder / RECORD).unlink()
    (folder / "counters.pdf").write_bytes(b"%PDF-1.4\n% someone else's\n")
    with pytest.raises(KitError, match=r"counters\.pdf: not replaced"):
        build_kit(scenario, folder)


def test_a_players_kit_pdf_is_left_where_a_kits_would_be_removed(made: Path, tmp_path: Path) -> None:
    folder = _copy(made, tmp_path)
    (folder / "kit.pdf").write_bytes(b"%PDF-1.4\n% the player's own kit.pdf\n")
    scenario, _result = load_scenario(SCENARIO)
    assert scenario is not None
    kit = build_kit(scenario, folder)
    assert (folder / "kit.pdf").read_bytes() == b"%PDF-1.4\n% the player's own kit.pdf\n"
    assert any("kit.pdf: left as it is" in w for w in kit.warnings)
    assert RECORD not in [p.name for p in kit.files]  # the record is not a part of the kit


def test_force_replaces_but_never_removes_a_players_kit_pdf(made: Path, tmp_path: Path) -> None:
    folder = _copy(made, tmp_path)
    (folder / "kit.pdf").write_bytes(b"my own kit\n")
    scenario, _result = load_scenario(SCENARIO)
    assert scenario is not None
    kit = build_kit(scenario, folder, force=True)  # no --single: kit.pdf is not one of its files
    assert (folder / "kit.pdf").read_bytes() == b"my own kit\n"
    assert any("kit.pdf: left as it is" in w for w in kit.warnings)


def test_a_folder_from_before_the_record_counts_only_this_kits_pdfs(
    made: Path, tmp_path: Path, invoke: Invoke
) -> None:
    """A record sheet ``sheets`` printed (titled by the game, not the scenario) is not the kit's."""
    folder = tmp_path / "mine"
    folder.mkdir()
    arrow = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
    assert invoke("sheets", str(arrow), "-o", str(folder / "record-sheets.pdf")).exit_code == 0
    before = (folder / "record-sheets.pdf").read_bytes()
    scenario, _result = load_scenario(SCENARIO)
    assert scenario is not None
    with pytest.raises(KitError, match=r"record-sheets\.pdf: not replaced"):
        build_kit(scenario, folder)
    assert (folder / "record-sheets.pdf").read_bytes() == before


@pytest.mark.parametrize("record", [b"", b"[]", b"{not json", b"\xff\xfe\x00garbage", b'{"files": 3}'])
def test_a_record_that_cannot_be_read_is_named(made: Path, tmp_path: Path, record: bytes) -> None:
    folder = _copy(made, tmp_path)
    (folder / RECORD).write_bytes(record)
    scenario, _result = load_scenario(SCENARIO)
    assert scenario is not None
    with pytest.raises(KitError) as caught:
        build_kit(scenario, folder)
    assert str(caught.value) == (
        f"{folder / RECORD}: cannot read the record of the files sheetgen wrote here (not the record"
        " sheetgen writes); remove it, or add --force to replace what is there"
    )
    assert (folder / RECORD).read_bytes() == record
    build_kit(scenario, folder, force=True)  # and --force writes a new one
    assert json.loads((folder / RECORD).read_text(encoding="utf-8"))["files"]
