"""The designer's ``POST /api/import`` and ``sheetgen import`` read a pasted design string with
the same function (:func:`sheetgen.scenarios.importing.import_design`): a design the rules
refuse is refused by both, with the same lines; a legal one is the same YAML."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sheetgen.serve.app import create_app

Invoke = Callable[..., Any]

#: Designs the rules refuse, per game that imports: Solar Starfire's speed 9 on a hull whose
#: engines give 6 MP (its Quick Start, Movement), Space Cruisers' unknown system.
REFUSED = [
    ("starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[9]"),
    ("starfire", "CT-[2]-SSAA(I)(I)(I)QLR-[99999999999999999999999]"),
    ("space-cruisers", "Frobs, Shields"),
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path, hosts=["testserver"]), raise_server_exceptions=True) as c:
        yield c


@pytest.mark.parametrize(("game", "text"), REFUSED)
def test_a_design_the_rules_refuse_is_refused_by_both(
    client: TestClient, invoke: Invoke, game: str, text: str
) -> None:
    cli = invoke("import", game, text)
    assert cli.exit_code == 1 and cli.stdout == ""
    printed = cli.stderr.strip().splitlines()
    errors = [line for line in printed if ": error [" in line]
    r = client.post("/api/import", params={"game": game}, content=text)
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == errors[0]  # the first error, word for word as import prints it
    assert body["lines"] == [*errors, printed[-1]]
    assert printed[-1].startswith("sheetgen: error: the pasted design breaks the rules (1 error above)")
    # every finding, notes too, in the shape /api/check gives them, placed in the pasted text
    assert len(body["findings"]) == len(printed) - 1
    assert any(f["severity"] == "error" for f in body["findings"])


def test_a_legal_design_is_the_same_yaml(client: TestClient, invoke: Invoke) -> None:
    text = "CT-[2]-SSAA(I)(I)(I)QLR-[6]"
    r = client.post("/api/import", params={"game": "starfire", "name": "Pasted"}, content=text)
    assert r.status_code == 200
    assert r.text == invoke("import", "starfire", text, "--name", "Pasted").stdout
