"""``sheetgen kit --vassal``: the kit's folder also holds the scenario's VASSAL module,
made from the record sheets and reference card the kit prints."""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
SCOUTS = ROOT / "designs" / "starfire" / "scenarios" / "scouts-meet.yaml"


def test_kit_vassal_adds_the_module(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "kit"
    result = invoke("kit", SCOUTS, "-o", out, "--vassal")
    assert result.exit_code == 0, result.stderr
    module = out / "scouts-meet.vmod"
    assert f"  {module}" in result.stderr.splitlines()
    with zipfile.ZipFile(module) as archive:
        assert archive.read("record-sheets.pdf") == (out / "record-sheets.pdf").read_bytes()
        assert archive.read("reference-card.pdf") == (out / "reference-card.pdf").read_bytes()
        assert "buildFile.xml" in archive.namelist()
    listed = PdfReader(out / "briefing.pdf").pages[0].extract_text()
    assert "scouts-meet.vmod VASSAL module" in listed  # the briefing lists it, with no page count


def test_kit_without_vassal_writes_no_module(invoke: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "kit"
    assert invoke("kit", SCOUTS, "-o", out).exit_code == 0
    assert not list(out.glob("*.vmod"))
    assert ".vmod" not in PdfReader(out / "briefing.pdf").pages[0].extract_text()


def test_a_module_that_cannot_be_made_leaves_the_earlier_kit_whole(
    invoke: Callable[..., Any], tmp_path: Path, monkeypatch: Any
) -> None:
    """The module is made before anything is written: when it cannot be, the kit is not written
    either, so the folder keeps its earlier kit, module and all (it used to take the new PDFs
    beside the old module)."""
    from sheetgen import kit as kit_module
    from sheetgen.core.output import OutputError

    out = tmp_path / "kit"
    assert invoke("kit", SCOUTS, "-o", out, "--vassal").exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def cannot(*args: Any) -> Any:
        raise OutputError(f"{SCOUTS}: VASSAL module: the map is too large to draw")

    monkeypatch.setattr(kit_module, "vassal_module_of", cannot)
    r = invoke("kit", SCOUTS, "-o", out, "--vassal", "--paper", "a4")
    assert r.exit_code == 2
    assert (
        r.stderr.splitlines()[-1] == f"sheetgen: error: {SCOUTS}: VASSAL module: the map is too large to draw"
    )
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
