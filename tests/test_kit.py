"""``sheetgen kit``: the bundled scenario's kit, read back from the PDFs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen import kit as kit_module
from sheetgen.kit import default_scenario
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, pdf_text

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]


def test_default_scenario_loads_with_named_ships() -> None:
    scenario, result = load_scenario(default_scenario())
    assert not result.input_errors
    assert scenario is not None and scenario.legal
    assert [s.name for s in scenario.sides] == ["Player A", "Player B"]
    assert [ship.name for ship in scenario.ships] == ["Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike"]
    assert scenario.ships[2].stats.design_class == "Arrow-class corvette"


def test_kit_writes_sheets_for_every_ship_and_the_card(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "kit"
    r = invoke("kit", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "briefing.pdf",
        "counters.pdf",
        "map.pdf",
        "record-sheets.pdf",
        "reference-card.pdf",
    ]
    sheets = "\n".join(pdf_text(out / "record-sheets.pdf"))
    for name in ("Hammer", "Arrow", "Dart", "Anvil", "Lance", "Pike"):
        assert name in sheets
    card = "\n".join(pdf_text(out / "reference-card.pdf"))
    assert "Weapon chart" in card and "Point defense" in card


def test_kit_is_deterministic(invoke: Invoke, tmp_path: Path) -> None:
    invoke("kit", "-o", tmp_path / "a")
    invoke("kit", "-o", tmp_path / "b")
    for name in ("record-sheets.pdf", "reference-card.pdf", "map.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_failed_kit_leaves_the_earlier_kit_intact(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "kit"
    assert invoke("kit", "-o", out).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    real = kit_module.kit_parts

    def failing_parts(*args: Any, **kw: Any) -> list[kit_module.KitPart]:
        parts = real(*args, **kw)

        def boom() -> bytes:
            raise RuntimeError("renderer crashed")

        parts[-1].make = boom
        return parts

    monkeypatch.setattr(kit_module, "kit_parts", failing_parts)
    with pytest.raises(RuntimeError):
        invoke("kit", "-o", out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_kit_refuses_a_scenario_with_an_illegal_design(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    bad = DESIGNS / "starfire" / "illegal" / "sf2-too-few-quarters.yaml"
    scenario = write(
        "s.yaml",
        f"scenario: Broken\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - design: {bad}\n",
    )
    r = invoke("kit", scenario, "-o", tmp_path / "out")
    assert r.exit_code == 1
    assert "error [SF-2] DD requires at least 2 Q: found 1" in r.stderr
    assert not (tmp_path / "out").exists()


def test_scenario_input_errors(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    s = write(
        "s.yaml",
        "scenario: X\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - design: missing.yaml\n",
    )
    r = invoke("kit", s, "-o", tmp_path / "out")
    assert r.exit_code == 2
    assert f"{s}:6:17: error [FILE] design 'missing.yaml': no such file" in r.stderr
    s = write("t.yaml", "scenario: X\ngame: starfire\nsides:\n  - name: A\n    colour: blue\n    fleet: []\n")
    r = invoke("kit", s, "-o", tmp_path / "out")
    assert r.exit_code == 2 and f"{s}:5:13: error [SCHEMA] 'colour' must be #rrggbb, found 'blue'" in r.stderr


def test_inline_designs_and_picking_one_design_of_a_file(write: Write, tmp_path: Path) -> None:
    write(
        "ships.yaml",
        "game: starfire\ndesigns:\n  - {name: One, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {R: 10}}\n"
        "  - {name: Two, hull: ES, systems: SSAA(I)(I)QYL}\n",
    )
    s = write(
        "s.yaml",
        "scenario: Mixed\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - design: ships.yaml#Two\n        count: 2\n"
        "      - design: {name: Inline, hull: CT, systems: SSAA(I)(I)QLRL}\n",
    )
    scenario, result = load_scenario(s)
    assert not result.input_errors and scenario is not None
    assert [x.name for x in scenario.ships] == ["Two 1", "Two 2", "Inline"]
    assert not scenario.legal
    (err,) = [loc for loc in scenario.located if loc.finding.is_error]
    assert (err.source, err.line, err.column, err.finding.rule) == (str(s), 8, 51, "SF-7")
