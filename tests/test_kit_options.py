"""``sheetgen kit``'s counter options (``--size``, ``--duplex``, ``--back-offset``,
``--fill/--no-fill``: read and checked as ``counters`` reads them), its quick card, and
its map paper (``--map-paper``) with the warning about a nearly empty last column or
row of map pages (issue 29)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen import kit as kit_module
from sheetgen.kit import CounterOptions, counter_sheets
from sheetgen.layout.counters import MarkerFace, kit_counter_size, scenario_counters
from sheetgen.layout.maps import map_options, plan_pages, tiling_warnings
from sheetgen.render.parts import MapPart, draw_part
from sheetgen.render.pdfjoin import page_count
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.conftest import DESIGNS, Built, pdf_text

Invoke = Callable[..., Any]
BORDER_CLASH = DESIGNS / "kill-radius" / "scenarios" / "border-clash.yaml"
SMALL = DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml"


def load(path: Path) -> Scenario:
    scenario, _ = load_scenario(path)
    assert scenario is not None
    return scenario


# ------------------------------------------------------------------ the options, checked first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "0"], "sheetgen: error: --size 0: must be more than zero"),
        (["--size", "9in"], "do not fit on letter paper"),
        (["--size", "big"], "sheetgen: error: --size: "),
        (["--back-offset", "0,5mm"], "--back-offset '0,5mm' is ambiguous"),
        (["--back-offset", "1in,0"], "--back-offset 1in,0: at most 1/4 in (6.35 mm) each way"),
        (["--duplex", "sideways"], "Invalid value for '--duplex'"),
        (["--map-paper", "b5"], "sheetgen: error: --map-paper: unknown paper 'b5'; choose one of letter, a4"),
    ],
)
def test_kit_refuses_counter_and_map_options_as_counters_does(
    invoke: Invoke, tmp_path: Path, args: list[str], message: str
) -> None:
    result = invoke("kit", SMALL, *args, "-o", tmp_path / "kit")
    assert result.exit_code == 2
    assert message in result.stderr
    assert not (tmp_path / "kit").exists()  # refused before anything was made
    if args[0] != "--duplex":
        same = invoke("counters", "--scenario", SMALL, *args, "-o", tmp_path / "c.pdf")
        if args[0] != "--map-paper":
            assert same.exit_code == 2 and message in same.stderr


# ------------------------------------------------------------------ the counters part


def test_kit_counters_follow_size_duplex_offset_and_no_fill() -> None:
    scenario = load(SMALL)
    options = CounterOptions(size=36.0, duplex="none", back_offset=(0.0, 0.0), fill=False)
    sheets = counter_sheets(scenario, "letter", 36.0, options)
    assert sheets.filled == []  # --no-fill: the ships and the markers they use, nothing more
    assert len(sheets.placements) == len(scenario_counters(scenario)) == 6 + 21
    # fold and glue: fronts on the left half, backs on the right, of each page
    assert len(sheets.drawing.pages) == 1 and sheets.front_cols * 2 == sheets.cols
    filled = counter_sheets(scenario, "letter", 36.0, CounterOptions(size=36.0, duplex="short"))
    assert len(filled.placements) == filled.rows * filled.front_cols  # every cell of the one sheet
    assert {c.front.label for c in filled.filled if isinstance(c.front, MarkerFace)} == {"S↓", "DMG"}


def test_kit_parts_take_the_counter_size_and_warn_when_it_does_not_fit_the_hexes() -> None:
    scenario = load(SMALL)
    parts, warnings = kit_module.kit_parts(scenario, counters=CounterOptions(size=54.0))
    assert [p.file for p in parts] == [
        "briefing.pdf",
        "record-sheets.pdf",
        "counters.pdf",
        "map.pdf",
        "reference-card.pdf",
        "quick-card.pdf",
    ]
    assert warnings == [
        f"{scenario.path}: --size 3/4 in counters do not fit the map's 1in hexes "
        "(at most 18.6 mm fits): printing them as asked"
    ]
    assert kit_counter_size(scenario) == (45.0, [])  # without --size: 5/8 in fits 1 in hexes


# ------------------------------------------------------------------ the map's paper


def test_tabloid_prints_the_30_column_map_on_7_pages_not_16() -> None:
    scenario = load(BORDER_CLASH)
    assert plan_pages(map_options(scenario, paper="letter")).pages == 16
    parts, warnings = kit_module.kit_parts(scenario, paper="letter", map_paper="tabloid")
    (drawn,) = [p for p in parts if p.file == "map.pdf"]
    assert isinstance(drawn.request, MapPart)
    assert page_count(draw_part(drawn.request).data) == 7  # the index page and 3 x 2 tiles
    assert not any("map:" in w for w in warnings)


def test_a_nearly_empty_last_column_of_map_pages_is_warned_with_the_paper_that_does_better() -> None:
    scenario = load(BORDER_CLASH)
    # on A4 the fifth column of pages shows one new hex column of thirty
    assert tiling_warnings(map_options(scenario, paper="a4")) == [
        "on 16 A4 pages (portrait) the last column of pages holds only 1 new hex column (of 30); "
        "tabloid paper (portrait) wastes least: 7 pages"
    ]
    assert tiling_warnings(map_options(scenario, paper="letter")) == []  # 3 new rows at least
    assert tiling_warnings(map_options(scenario, paper="tabloid")) == []
    _parts, warnings = kit_module.kit_parts(scenario, paper="a4")
    assert f"{scenario.path}: map: on 16 A4 pages (portrait) the last column of pages" in "\n".join(warnings)


# ------------------------------------------------------------------ the quick card, listed


def test_the_kit_holds_the_quick_card_and_its_briefing_lists_it(bundled_kits: Built) -> None:
    folder = bundled_kits.path / "small-task-groups"
    quick = folder / "quick-card.pdf"
    assert page_count(quick.read_bytes()) == 1
    assert "quick card" in "\n".join(pdf_text(quick)).lower()
    briefing = "\n".join(pdf_text(folder / "briefing.pdf"))
    assert "quick-card.pdf" in briefing and "reference-card.pdf" in briefing


def test_the_briefing_describes_the_map_on_its_own_paper() -> None:
    """``kit --map-paper``: the briefing's map section counts the pages and draws the tile
    index of the map as printed (7 tabloid pages, 3 x 2 tiles), not as on ``--paper``."""
    from sheetgen.render.briefing import render_briefing

    scenario = load(BORDER_CLASH)
    text = " ".join(pdf_text(render_briefing(scenario, [], paper="letter", map_paper="tabloid").data))
    assert "7 tabloid pages in map.pdf" in " ".join(text.split())
    assert "B3" in text and "C1" not in text and "A4" not in text
    plain = " ".join(" ".join(pdf_text(render_briefing(scenario, [], paper="letter").data)).split())
    assert "16 pages in map.pdf" in plain and "E3" in plain
