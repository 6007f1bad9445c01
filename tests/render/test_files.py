"""Counters gathered from files and scenarios, and map files (sheetgen.render.counters, .maps)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sheetgen.games import find_game
from sheetgen.layout.maps import MapOptions
from sheetgen.render.counters import gather_counters
from sheetgen.render.maps import map_files

from tests.conftest import DESIGNS

Write = Callable[[str, str], Path]

SCENARIO = DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml"
KR_FLEETS = DESIGNS / "kill-radius" / "fleets"


def test_a_lone_scenario_names_the_sheets_and_owns_the_markers() -> None:
    found = gather_counters([], [SCENARIO], copies=2, markers=find_game("starfire"))
    assert (found.exit_code, found.error, found.located) == (0, None, [])
    assert found.title == "Small task groups: counters"
    assert found.ships == 6 * 2
    assert {c.side for c in found.counters[: found.ships]} == {"Player A", "Player B"}
    assert len(found.counters) > found.ships  # then the markers


def test_fleets_count_their_ships_and_take_one_colour_a_side() -> None:
    found = gather_counters([KR_FLEETS])
    assert found.title == "Counters"
    assert found.ships == 12  # six ships a fleet; Lance's count is 2
    assert len({c.colour for c in found.counters}) == 2


def test_unreadable_input_stops_the_gathering(write: Write) -> None:
    bad = write("bad.yaml", "game: starfire\nname: [unclosed\n")
    found = gather_counters([bad], [SCENARIO])
    assert found.exit_code == 2
    assert found.counters == [] and found.located and found.located[0].source == str(bad)


def test_too_many_counters_is_an_error_not_an_exception() -> None:
    found = gather_counters([KR_FLEETS], copies=1000)
    assert found.error is not None and "counters" in found.error
    assert found.counters == []


def test_map_files_name_svg_pages_after_their_labels(tmp_path: Path) -> None:
    opts = MapOptions(cols=30, rows=30, paper="letter")
    files = map_files(opts, tmp_path / "m.svg", "svg")
    names = [path.name for path, _ in files]
    assert len(names) > 1
    assert names[0] == "m-01-index.svg"
    assert names[1] == "m-02-a1.svg"
    assert all(data.startswith(b"<svg ") for _, data in files)
    ((path, pdf),) = map_files(opts, tmp_path / "m.pdf")
    assert path == tmp_path / "m.pdf" and pdf.startswith(b"%PDF-")
