"""A print request is bounded by its ships, not its designs: one design with ``count: 1000``
printed 1,000 record sheets (about 280 s, a worker held). Every printing endpoint (sheets,
counters, a scenario's kit) counts ships first and refuses past MAX_PRINT_SHIPS (413)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sheetgen.serve.service import MAX_PRINT_SHIPS, Refusal, counters_pdf, sheet
from sheetgen.serve.workspace import Workspace

FLEET = b"game: starfire\ndesigns:\n  - {name: Swarm, hull: CT, systems: SSAA(I)(I)(I)QLR, count: 1000}\n"
LINE = (
    "sheetgen: error: 1,000 ships to print (counts multiplied out); the server prints at most "
    f"{MAX_PRINT_SHIPS} a request (print more with sheetgen sheets)"
)


@pytest.mark.parametrize(
    "printer",
    [lambda: sheet(FLEET, "pdf"), lambda: sheet(FLEET, "html"), lambda: counters_pdf(FLEET)],
    ids=["pdf", "html", "counters"],
)
def test_a_design_counted_a_thousand_times_is_refused_before_printing(printer) -> None:
    start = time.monotonic()
    with pytest.raises(Refusal) as refused:
        printer()
    assert refused.value.status == 413 and str(refused.value) == LINE
    assert time.monotonic() - start < 10


def test_a_kit_of_a_scenario_past_the_most_ships_is_refused(tmp_path: Path) -> None:
    (tmp_path / "fleet.yaml").write_bytes(FLEET)
    (tmp_path / "big.yaml").write_text(
        "scenario: Big\ngame: starfire\nsides:\n  - name: A\n    fleet:\n      - {design: fleet.yaml}\n",
        encoding="utf-8",
    )
    with pytest.raises(Refusal) as refused:
        Workspace(tmp_path).kit_zip("big.yaml")
    assert refused.value.status == 413 and str(refused.value) == LINE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.yaml", "fleet.yaml"]
