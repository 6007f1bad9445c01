"""What ``sheetgen map`` prints, decided in the library (:func:`sheetgen.layout.maps.chosen_options`):
the options given over a scenario's ``map:`` section over the defaults; a bare grid fills one page."""

from __future__ import annotations

import pytest

from sheetgen.layout.maps import MapError, chosen_options, one_page
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS

CONVOY = DESIGNS / "starfire" / "scenarios" / "convoy-raid.yaml"


def test_a_bare_grid_fills_one_page_of_its_paper_at_the_given_hex() -> None:
    opts = chosen_options(None, "a4", hex_size=54.0, orientation="pointy")
    assert (opts.cols, opts.rows) == one_page(54.0, "pointy", "a4")
    assert (opts.paper, opts.hex_size, opts.orientation) == ("a4", 54.0, "pointy")


def test_given_columns_and_rows_come_last_and_fit_keeps_the_default_size() -> None:
    assert (chosen_options(None, cols=7).cols, chosen_options(None, cols=7).rows) == (7, one_page(72.0)[1])
    fit = chosen_options(None, "fit")
    assert (fit.cols, fit.rows) == (40, 30)


def test_a_scenarios_map_is_the_default_and_is_checked() -> None:
    scenario, result = load_scenario(CONVOY)
    assert scenario is not None and not result.input_errors
    opts = chosen_options(scenario, "letter", style="starfield")
    assert (opts.cols, opts.rows, opts.style) == (scenario.map.cols, scenario.map.rows, "starfield")
    with pytest.raises(MapError):
        chosen_options(scenario, "letter", cols=0)
