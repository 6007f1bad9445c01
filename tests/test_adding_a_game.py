"""Adding a game is one package and one registry line (docs/architecture.md, "Adding a
game"): with the stand-in game (tests/standin_game/) registered, every place that lists
the games finds it, its rulings and its designer form without another file naming it."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.conftest import ROOT, pdf_text

Invoke = Callable[..., Any]


@pytest.fixture
def stand_in() -> Iterator[str]:
    """The stand-in registered as ``stand-in`` (the registry line), the rulebook rebuilt."""
    from tests.every_game import registered

    with registered() as game_id:
        yield game_id


def test_explain_finds_the_new_games_rulings_under_its_title(invoke: Invoke, stand_in: str) -> None:
    r = invoke("explain", "st1")
    assert r.exit_code == 0, r.stderr
    assert "Game: stand-in, Stand-in game" in r.stdout
    assert "Rule text: Stand-in game: Ships" in r.stdout
    assert "ST-1" in invoke("explain", "--list").stdout


def test_the_rulings_page_has_a_section_for_the_new_game(stand_in: str) -> None:
    from sheetgen.games import rulebook

    page = rulebook().markdown()
    assert "| Stand-in game | `stand-in` | ST-1 to ST-1 |" in page
    assert "## Stand-in game\n\n### ST-1: The number" in page


def test_the_designer_lists_the_new_game_with_its_form(tmp_path: Path, stand_in: str) -> None:
    from sheetgen.serve.app import create_app

    with TestClient(create_app(tmp_path, hosts=["testserver"])) as client:
        served = {g["id"]: g for g in client.get("/api/games").json()}
    assert served["stand-in"]["name"] == "Stand-in game"
    assert [f["key"] for f in served["stand-in"]["fields"]] == ["name", "class", "number"]
    assert served["stand-in"]["imports"] is False and served["stand-in"]["rolls"] is False


def test_the_new_games_designs_are_checked_and_summed(invoke: Invoke, tmp_path: Path, stand_in: str) -> None:
    design = tmp_path / "probe.yaml"
    design.write_text("game: stand-in\nname: Probe\nnumber: 7\n", encoding="utf-8")
    assert invoke("validate", design).exit_code == 0
    r = invoke("stats", design, "--json")
    assert r.exit_code == 0 and '"number": 7' in r.stdout


def test_every_game_package_is_held_independent_of_the_others() -> None:
    """The import-linter contract names each registered game's package, so a new game is
    kept from importing another (one package, one registry line, one entry here)."""
    from sheetgen.games import GAMES

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    independent = [c for c in contracts if c["type"] == "independence"]
    assert [sorted(c["modules"]) for c in independent] == [sorted(GAMES.values())]


def test_the_stand_in_is_one_package_and_its_own_files(stand_in: str) -> None:
    """The steps of docs/architecture.md, "Adding a game", as the stand-in takes them: a
    package with its reader and rulings, then its files found by convention (Game.files)."""
    import importlib

    from sheetgen.games import GAMES, find_game
    from sheetgen.scenarios.json_schemas import schema_text

    game = find_game(stand_in)
    package = GAMES[stand_in]
    assert importlib.import_module(f"{package}.parse").parse_design
    assert game.rulings == importlib.import_module(f"{package}.rulings").RULINGS
    files = game.files()
    assert {p.name for p in files.designs.iterdir()} >= {"ships", "illegal", "scenarios"}
    assert files.designs / "scenarios" / game.first_scenario in files.scenarios
    assert (files.sheet_folder / "sheet.html.j2").is_file() and (files.sheet_folder / "sheet.css").is_file()
    assert files.starting_design.is_file()
    assert files.guide.is_file()
    assert files.schema.read_text(encoding="utf-8") == schema_text(stand_in)


def test_the_new_game_prints_its_kit(invoke: Invoke, tmp_path: Path, stand_in: str) -> None:
    """The whole kit of the stand-in's first scenario: its record sheets from its own
    template, counters, map, reference and quick card, briefing (one cheap kit: the
    bundled games' kits are printed once per session by tests/test_kit.py)."""
    from sheetgen.games import find_game
    from sheetgen.kit import bundled_scenarios

    game = find_game(stand_in)
    scenario = game.files().designs / "scenarios" / game.first_scenario
    assert scenario in bundled_scenarios()  # kit --all and kit NAME find it
    out = tmp_path / "kit"
    r = invoke("kit", scenario, "-o", out, "--single")
    assert r.exit_code == 0, r.stderr
    assert "Picket" in " ".join(pdf_text(out / "record-sheets.pdf"))
    assert {p.name for p in out.iterdir()} >= {"record-sheets.pdf", "counters.pdf", "map.pdf", "kit.pdf"}
