"""Counter bleed, gutter and cut lines for ``sheetgen kit`` as for ``sheetgen counters``
(issue 27): the same options, defaults and checks, and a default bleed of 2 mm."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.draw.pdf import to_pdf
from sheetgen.kit import CounterOptions, counter_sheets
from sheetgen.layout.counters.paper import DEFAULT_BLEED
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS
from tests.pdf_geometry import pdf_shapes

Invoke = Callable[..., Any]
SMALL = DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml"
BLUE = "#1f4e9c"
MM = 72 / 25.4


def test_default_bleed_is_two_millimetres() -> None:
    # print-and-play guidance asks for 2-3 mm past the cut
    assert round(DEFAULT_BLEED, 6) == round(2 * MM, 6)
    assert CounterOptions().bleed == DEFAULT_BLEED and CounterOptions().gutter is None


@pytest.mark.parametrize(
    ("bleed", "gutter", "cut", "art", "pitch"),
    [
        (None, None, "lines", 45 + 4 * MM, 45 + 4 * MM),  # 2 mm bleed each side, gutter twice it
        (0.0, 0.0, "lines", 45.0, 45.0),  # counters touch
        (9.0, 24.0, "crop", 45 + 18.0, 45 + 24.0),  # 1/8 in bleed, a wider gutter
    ],
)
def test_kit_counters_take_bleed_gutter_and_cut(
    bleed: float | None, gutter: float | None, cut: str, art: float, pitch: float
) -> None:
    scenario, _ = load_scenario(SMALL)
    assert scenario is not None
    options = (
        CounterOptions(cut=cut, gutter=gutter)
        if bleed is None
        else CounterOptions(bleed=bleed, gutter=gutter, cut=cut)
    )
    sheets = counter_sheets(scenario, "letter", 45.0, options)
    front = pdf_shapes(to_pdf(sheets.drawing))[0]
    blues = sorted(front.filled(BLUE), key=lambda r: (round(r.y, 2), r.x))
    first, second = blues[0], blues[1]
    assert first.w == first.h == pytest.approx(art, abs=0.001)  # the cut (45 pt) and the bleed
    assert second.x - first.x == pytest.approx(pitch, abs=0.001)  # counter and gutter


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bleed", "1in"], "is more than a quarter of the"),
        (["--bleed", "3mm", "--gutter", "1mm"], "is too narrow for a bleed of"),
        (["--bleed", "-1mm"], "sheetgen: error: --bleed"),
        (["--gutter", "wide"], "sheetgen: error: --gutter"),
        (["--cut", "dotted"], "Invalid value for '--cut'"),
    ],
)
def test_kit_refuses_bleed_gutter_and_cut_as_counters_does(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str
) -> None:
    size = ["--size", "5/8in"] if args[0] == "--bleed" and args[1] == "1in" else []
    result = invoke("kit", SMALL, *size, *args, "-o", tmp_path / "kit")
    assert result.exit_code == 2 and message in result.stderr
    assert not (tmp_path / "kit").exists()  # refused before anything was made
    same = invoke("counters", "--scenario", SMALL, *size, *args, "-o", tmp_path / "c.pdf")
    assert same.exit_code == 2 and message in same.stderr


def test_kit_help_lists_the_counter_cutting_options(invoke: Invoke) -> None:
    result = invoke("kit", "--help")
    assert result.exit_code == 0
    for option in ("--bleed", "--gutter", "--cut"):
        assert option in result.stdout
