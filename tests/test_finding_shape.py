"""One JSON shape for a finding everywhere: ``sheetgen stats --json``, ``POST /api/check`` (its
``findings`` and each design's), every refusal that carries findings (unreadable design, a
pasted string that cannot be read, a scenario, a kit of an illegal scenario), the scenario view; all made by
:func:`sheetgen.core.findings.finding_json` and described by its JSON Schema."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from starlette.testclient import TestClient

from sheetgen.core.findings import FindingJSON, finding_schema
from sheetgen.serve.app import create_app

from tests.conftest import DESIGNS

KEYS = ["file", "line", "column", "severity", "rule", "message"]
OVERFULL = b"game: starfire\nname: Overfull\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    space = tmp_path / "sf"
    shutil.copytree(DESIGNS / "starfire", space)
    (space / "ships" / "overfull.yaml").write_bytes(OVERFULL)
    scenario = space / "scenarios" / "set-piece-battle.yaml"
    text = scenario.read_text(encoding="utf-8")
    first = next(line for line in text.splitlines() if "../ships/" in line)
    ship = first.split("../ships/")[1].split()[0].strip("'\",")
    scenario.write_text(text.replace(f"../ships/{ship}", "../ships/overfull.yaml", 1), encoding="utf-8")
    with TestClient(create_app(space, hosts=["testserver"])) as c:
        yield c


def _every_finding(client: TestClient, invoke: Callable[..., Any], tmp_path: Path) -> dict[str, list[Any]]:
    check = client.post("/api/check", content=OVERFULL).json()
    unreadable = client.post("/api/check", content=b"game: starfire\nname: [\n")
    pasted = client.post("/api/import", params={"game": "starfire"}, content="hello")
    scenario = client.get("/api/scenario", params={"path": "scenarios/set-piece-battle.yaml"}).json()
    not_scenario = client.get("/api/scenario", params={"path": "ships/overfull.yaml"})
    kit = client.post("/api/kit.zip", params={"path": "scenarios/set-piece-battle.yaml"})
    design = tmp_path / "overfull.yaml"
    design.write_bytes(OVERFULL)
    stats = json.loads(invoke("stats", "--json", design).stdout)
    assert {r.status_code for r in (unreadable, pasted, not_scenario, kit)} == {422}
    return {
        "POST /api/check findings": check["findings"],
        "POST /api/check designs": check["designs"][0]["findings"],
        "422 refusal of /api/check": unreadable.json()["findings"],
        "422 refusal of /api/import": pasted.json()["findings"],
        "GET /api/scenario": scenario["findings"],
        "422 refusal of /api/scenario": not_scenario.json()["findings"],
        "422 refusal of /api/kit.zip": kit.json()["findings"],
        "sheetgen stats --json": stats[0]["findings"],
    }


def test_every_front_end_gives_a_finding_the_same_keys(
    client: TestClient, invoke: Callable[..., Any], tmp_path: Path
) -> None:
    assert list(FindingJSON.__annotations__) == KEYS
    schema = finding_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    for where, findings in _every_finding(client, invoke, tmp_path).items():
        assert findings, where
        for finding in findings:
            assert list(finding) == KEYS, where
            jsonschema.validate(finding, schema)


def test_the_check_and_the_cli_give_the_same_finding(
    client: TestClient, invoke: Callable[..., Any], tmp_path: Path
) -> None:
    design = tmp_path / "design.yaml"
    design.write_bytes(OVERFULL)
    served = client.post("/api/check", params={"name": str(design)}, content=OVERFULL).json()
    cli = json.loads(invoke("stats", "--json", design).stdout)[0]["findings"]
    assert served["findings"] == cli == served["designs"][0]["findings"]
    assert cli[0] == {
        "file": str(design),
        "line": 4,
        "column": 10,
        "severity": "error",
        "rule": "SF-7",
        "message": cli[0]["message"],
    }
