"""Fleet files read as designs: fleets, sides and numbered ships (sheetgen.scenarios.fleets)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sheetgen.scenarios.fleets import fleet_of, fleet_side, fleets, numbered_ships
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

Write = Callable[[str, str], Path]

KR_FLEETS = DESIGNS / "kill-radius" / "fleets"


def test_fleets_group_designs_by_file_in_reading_order() -> None:
    result = load_designs([KR_FLEETS])
    found = fleets(result.entries)
    assert [(f.name, f.side) for f in found] == [
        ("Concord Home Guard", "Concord"),
        ("Varn Raiding Squadron", "Varn"),
    ]
    assert [e.stats.name for e in found[0].entries] == ["Resolute", "Vigilant", "Bastion", "Lance", "Wisp"]
    assert found[0].totals() == [
        ("ships", "6"),
        ("total Number", "28"),
        ("carriers", "1"),
        ("fighters", "7"),
    ]


def test_a_fleet_without_a_name_is_named_by_its_file(write: Write) -> None:
    path = write("nameless.yaml", "game: starfire\ndesigns:\n  - {name: A, hull: CT, systems: SSAA(I)QLR}\n")
    lone = write("lone.yaml", "game: starfire\nname: B\nhull: CT\nsystems: SSAA(I)QLR\n")
    result = load_designs([path, lone])
    first, second = result.entries
    assert fleet_of(first) == (str(path), None)
    assert fleet_side(first) is None
    assert fleet_of(second) is None  # not from a fleet file
    assert [f.name for f in fleets(result.entries)] == [str(path)]


def test_a_count_gives_numbered_ships() -> None:
    result = load_designs([KR_FLEETS / "concord-home-guard.yaml"])
    lance = next(e for e in result.entries if e.stats.name == "Lance")
    assert lance.count == 2
    assert [s.name for s in numbered_ships(lance)] == ["Lance 1", "Lance 2"]
    wisp = next(e for e in result.entries if e.stats.name == "Wisp")
    assert [s.name for s in numbered_ships(wisp)] == ["Wisp"]
    assert numbered_ships(wisp)[0] == wisp.stats


def test_a_fleet_side_must_not_be_blank(write: Write) -> None:
    """A fleet file's ``side`` is printed on its ships' record sheets: a blank one is refused
    where it is written, with the file's line and column (before, ``'  '`` printed nothing)."""
    path = write(
        "blank.yaml", "game: starfire\nside: '  '\ndesigns:\n  - {name: A, hull: CT, systems: SSAA(I)QLR}\n"
    )
    result = load_designs([str(path)])
    assert [str(x).removeprefix(f"{path}:") for x in result.input_errors] == [
        "2:7: error [SCHEMA] 'side' must not be empty: it is printed on the fleet's record sheets"
    ]


def test_a_name_of_characters_that_print_nothing_is_refused(write: Write) -> None:
    """A design's name (and a fleet's side) of only a soft hyphen or zero-width characters
    prints nothing on its sheet and counter: refused as a blank name is, by the reader and
    by the schema's pattern alike (before, both took it)."""
    import json
    import re

    from sheetgen.scenarios.json_schemas import schema

    path = write("shy.yaml", 'game: starfire\nname: "\\u00ad\\u200b"\nhull: CT\nsystems: SSAA(I)QLR\n')
    result = load_designs([str(path)])
    assert [str(x).removeprefix(f"{path}:") for x in result.input_errors] == [
        "2:7: error [SCHEMA] 'name' must not be empty"
    ]
    pattern = re.search(r'"name": \{[^}]*"pattern": ("[^"]*")', json.dumps(schema("starfire")))
    assert pattern is not None
    visible = json.loads(pattern.group(1))
    assert re.search(visible, "\u00ad\u200b") is None and re.search(visible, "Arrow")
