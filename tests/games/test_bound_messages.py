"""A bound the project chose says it is the project's, never the rule text's.

Knight Hawks 2000 gives ships no top ADF or MR: 30 is the seeker missile's (WEAPONS), while
the interceptor missile has 120 and the anti-beam missile 60 (DEFENSIVE SYSTEMS). Space
Cruisers gives large ships "10+" additional systems with no top (ADVANCED RULES
SHIPBUILDING). Skill levels, hull sizes and ability scores have no top in the text either."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games.knighthawks import parse as kh_parse

from tests.conftest import ROOT

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]

PUGILIST = (ROOT / "designs" / "knight-hawks-2000" / "ships" / "pugilist.yaml").read_text(encoding="utf-8")


def _kh(**changes: str) -> str:
    lines = []
    for line in PUGILIST.splitlines():
        key = line.partition(":")[0]
        lines.append(f"{key}: {changes[key]}" if key in changes else line)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        (
            "adf",
            "31",
            "ADF 31 is more than the 30 sheetgen allows (the project's bound, the seeker missile's figure; "
            "the text sets no top)",
        ),
        (
            "mr",
            "31",
            "MR 31 is more than the 30 sheetgen allows (the project's bound, the seeker missile's figure; "
            "the text sets no top)",
        ),
    ],
)
def test_knight_hawks_speed_bound_is_the_projects(
    invoke: Invoke, write: Write, key: str, value: str, message: str
) -> None:
    r = invoke("validate", write("ship.yaml", _kh(**{key: value})))
    assert r.exit_code == 2
    assert f"error [SCHEMA] {message}" in r.stdout
    assert "a ship may have" not in r.stdout


def test_knight_hawks_skill_bound_is_the_projects(invoke: Invoke, write: Write) -> None:
    text = PUGILIST.replace("Stress Analysis: 2", "Stress Analysis: 11")
    assert text != PUGILIST
    r = invoke("validate", write("ship.yaml", text))
    assert r.exit_code == 2
    assert (
        "Stress Analysis level 11 is more than the 10 sheetgen allows (the project's bound; the highest "
        "level the text names is 6)"
    ) in r.stdout


def test_knight_hawks_hull_size_description_credits_no_top_to_the_text() -> None:
    schema = kh_parse.design_schema()
    described = schema["properties"]["hull_size"]["description"]
    assert "by the text" not in described and "20" not in described
    assert "project" in described


def test_space_cruisers_caps_are_the_projects(invoke: Invoke, write: Write) -> None:
    text = "game: space-cruisers\nname: Brick\nhull: military\nrules: advanced\nsystems: [drives x40, drives x1]\n"
    r = invoke("validate", write("brick.yaml", text))
    assert r.exit_code == 1
    assert (
        "a ship carries at most 40 drives in all (sheetgen's bound; the text sets none): found 41" in r.stdout
    )
    over = invoke("validate", write("b.yaml", text.replace("[drives x40, drives x1]", "[drives x41]")))
    assert "'drives x41': a count must be 1 to 40 (sheetgen's bound)" in over.stdout


def test_guides_call_the_bounds_the_projects() -> None:
    kh = (ROOT / "docs" / "knight-hawks-2000.md").read_text(encoding="utf-8")
    row = next(line for line in kh.splitlines() if line.startswith("| ADF, MR |"))
    assert "project's choice" in row and "120" in row and "60" in row
    assert "the bound is the text's" not in kh
    sc = (ROOT / "docs" / "space-cruisers.md").read_text(encoding="utf-8")
    assert "100 additional systems in all. These bounds are the project's choice" in " ".join(sc.split())
