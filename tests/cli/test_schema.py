"""``sheetgen schema``: the shipped JSON Schemas, printed, written or located."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.scenarios.json_schemas import schema_file, schema_names

from tests.every_game import every_game, with_stand_in

Invoke = Callable[..., Any]


@pytest.mark.parametrize("name", every_game("scenario", "fleet"))
def test_schema_prints_the_shipped_file(invoke: Invoke, name: str) -> None:
    r = invoke("schema", name)
    assert r.exit_code == 0
    assert r.stdout == schema_file(name).read_text(encoding="utf-8")
    assert json.loads(r.stdout)["$id"] == f"{name}.schema.json"


def test_schema_writes_the_file_import_and_roll_point_at(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "starfire.schema.json"
    r = invoke("schema", "starfire", "-o", out)
    assert r.exit_code == 0
    assert out.read_text(encoding="utf-8") == schema_file("starfire").read_text(encoding="utf-8")
    imported = invoke("import", "starfire", "CT-SSAA(I)(I)(I)QLR", "--name", "Arrow")
    assert imported.stdout.splitlines()[0] == f"# yaml-language-server: $schema={out.name}"


@with_stand_in
def test_schema_path_and_unknown_names(invoke: Invoke) -> None:
    r = invoke("schema", "--path", "kill-radius")
    assert r.exit_code == 0
    assert Path(r.stdout.strip()) == schema_file("kill-radius")
    bad = invoke("schema", "starfleet")
    assert bad.exit_code == 2
    assert (
        bad.stderr.strip()
        == f"sheetgen: error: no schema named 'starfleet'; known: {', '.join(schema_names())}"
    )
    assert schema_names()[-3:] == ("stand-in", "fleet", "scenario")  # a game registered after import
    assert invoke("schema", "starfire", "-o", "schema.yaml").exit_code == 2


def test_help_says_where_the_schema_line_points(invoke: Invoke) -> None:
    r = invoke("schema", "--help")
    assert "$schema=GAME.schema.json" in " ".join(r.stdout.split())
