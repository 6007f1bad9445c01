"""``sheetgen stats`` of a design with a ``condition:`` block prints its ``now`` as the play
page's card says it (the game's ``live.card_rows``), every state named: a Knight Hawks 2000
disastrous fire, a system damaged, a Starfire shield offline, a Kill Radius Number."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]

CASES = [
    (
        "knight-hawks-2000/ships/kestrel.yaml",
        "condition:\n  damaged: [computer]\n  disastrous_fire: true\n",
        # Knight Hawks 2000, Disastrous Fire: no power, so no ADF or MR (RULINGS KH-10)
        "SP 60 / 60; ADF 0; MR 0; intact; damaged: computer; disastrous fire: burning"
        " (no power, ADF, MR or DCR; a Critical Hit roll each turn; abandoned within 1 turn)",
    ),
    (
        "starfire/ships/corvette-arrow.yaml",
        "condition:\n  destroyed: [4, 5]\n  offline: [1]\n",
        # CT-[2]-SSAA(I)(I)(I)QLR-[6]: an armor box and the first engine room lost, MP 6 -> 4
        "MP 4; TM 2; shields offline 1 (quiet turns 0); system string SA(I)(I)QLR",
    ),
    (
        "space-cruisers/ships/gull.yaml",
        "condition:\n  hull_points: -1\n  shields: 0\n  criticals: [targeting]\n",
        "hull points -1 / 10; shields 0; moves 2 a turn; initiative d10 + 2; criticals: Targeting computer",
    ),
]


@pytest.mark.parametrize(("design", "block", "line"), CASES, ids=[c[0].split("/")[0] for c in CASES])
def test_stats_prints_the_condition_as_the_card_does(
    invoke: Invoke, tmp_path: Path, design: str, block: str, line: str
) -> None:
    path = tmp_path / "ship.yaml"
    path.write_text((DESIGNS / design).read_text(encoding="utf-8") + block, encoding="utf-8")
    run = invoke("stats", path)
    assert run.exit_code == 0, run.output
    now = [
        row.split("now", 1)[1].strip() for row in run.stdout.splitlines() if row.strip().startswith("now ")
    ]
    assert now == [line]
