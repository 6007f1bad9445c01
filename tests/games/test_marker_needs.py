"""The markers a scenario's ships can use (each game's ``marker_needs``), counted for every
bundled scenario, and the kit's counter sheets that follow them: no marker the ships
cannot use, none for a side that cannot use it, in fill or otherwise."""

from __future__ import annotations

import dataclasses

import pytest

from sheetgen.games.killradius import GAME as KILL_RADIUS
from sheetgen.games.killradius.rules import Design as KRDesign
from sheetgen.games.killradius.stats import KillRadiusStats
from sheetgen.games.killradius.stats import derive as kr_derive
from sheetgen.games.spacecruisers import GAME as SPACE_CRUISERS
from sheetgen.games.spacecruisers.stats import SpaceCruisersStats
from sheetgen.kit import CounterOptions, bundled_scenarios, counter_sheets
from sheetgen.layout.counters import (
    MarkerFace,
    kit_counter_size,
    marker_fill,
    scenario_counters,
    scenario_marker_needs,
)
from sheetgen.scenarios.loading import load_designs
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.conftest import DESIGNS

#: Per bundled scenario, each marker its ships can use and how many: one count per side
#: (in the scenario's order of sides) for a per-side marker, else one in all. Markers
#: left out are needed by no side (count 0).
NEEDS: dict[str, dict[str, tuple[int, ...]]] = {
    # Concord's Vigilant holds 7 fighters, Varn's Hive 6; 6 ships a side
    "kill-radius/scenarios/border-clash": {"V": (6, 6), "F": (7, 6), "PIN": (6, 6), "DMG": (12,)},
    # Star Forces' Pugilist carries the seekers (24, 8 marked), Spacefleet's Exalted the
    # torpedoes (60, 6 marked) and Warden the mines (its plan mines 6 hexes)
    "knight-hawks-2000/scenarios/flank-action": {
        "SM": (8, 0),
        "TT": (0, 6),
        "MINES": (0, 6),
        "DECOY": (3, 2),
        "ICM": (6, 6),
        "ABM": (8, 8),
        "FIRE": (5,),
        "DMG": (5,),
    },
    # only the raiders' Atlantea and Wraith cloak; the Wraith has the one turbine; no cargo
    # bay (no fighters), no ion shockwave (no disabled markers)
    "space-cruisers/scenarios/kepler-station": {
        "CLOAK": (0, 2),
        "WC": (6,),
        "LS": (6,),
        "SS": (6,),
        "TGT": (6,),
        "THR": (6,),
        "INT": (6,),
        "MAL": (6,),
        "JUMP": (1,),
        "DMG": (6,),
    },
    # a shields-down marker per shield of each side's ships; a damage marker per ship
    "starfire/scenarios/convoy-raid": {"S↓": (3, 8), "DMG": (7,)},
    "starfire/scenarios/fast-raiders": {"S↓": (10, 12), "DMG": (8,)},
    "starfire/scenarios/scouts-meet": {"S↓": (2, 2), "DMG": (2,)},
    "starfire/scenarios/set-piece-battle": {"S↓": (16, 17), "DMG": (10,)},
    "starfire/scenarios/small-task-groups": {"S↓": (7, 8), "DMG": (6,)},
    "starfire/scenarios/warp-point-assault": {"S↓": (20, 25), "DMG": (14,)},
}


def _load(name: str) -> Scenario:
    scenario, _ = load_scenario(DESIGNS / f"{name}.yaml")
    assert scenario is not None
    return scenario


def test_every_bundled_scenario_is_counted() -> None:
    names = {str(p.relative_to(DESIGNS).with_suffix("")) for p in bundled_scenarios()}
    assert names == set(NEEDS)


@pytest.mark.parametrize("name", sorted(NEEDS))
def test_markers_follow_what_the_ships_can_use(name: str) -> None:
    scenario = _load(name)
    needs = {n.marker.label: n.counts for n in scenario_marker_needs(scenario) if any(n.counts)}
    assert needs == NEEDS[name]


@pytest.mark.parametrize("name", sorted(NEEDS))
@pytest.mark.parametrize("fill", [True, False])
def test_kit_counters_hold_only_those_markers(name: str, fill: bool) -> None:
    """The kit's sheets: the ships, the markers they can use in those numbers, and (with
    fill) more of just those, each side's own only for a side that uses it; never a
    sheet more than the ships and their markers need. ``--no-fill`` leaves the rest blank."""
    scenario = _load(name)
    size, _ = kit_counter_size(scenario)
    sheets = counter_sheets(scenario, "letter", size, CounterOptions(fill=fill))
    sides = [side.name for side in scenario.sides]
    owners: dict[tuple[str, str], int] = {}
    for label, counts in NEEDS[name].items():
        for k, count in enumerate(counts):
            if count:
                owners[(label, sides[k] if len(counts) == len(sides) and len(counts) > 1 else "")] = count
    placed = [*scenario_counters(scenario), *sheets.filled]
    assert len(placed) == len(sheets.placements)
    markers = [c for c in placed if isinstance(c.front, MarkerFace)]
    got: dict[tuple[str, str], int] = {}
    for c in markers:
        assert isinstance(c.front, MarkerFace)
        got[(c.front.label, c.side)] = got.get((c.front.label, c.side), 0) + 1
    assert set(got) == set(owners)  # nothing the ships cannot use, in fill or not
    ships = len(scenario.ships)
    per_sheet = sheets.rows * sheets.front_cols
    needed = ships + sum(owners.values())
    pages = len(sheets.drawing.pages) // 2
    assert pages == -(-needed // per_sheet)  # no sheet of fill
    if fill:
        assert all(got[key] >= count for key, count in owners.items())
        assert len(placed) == pages * per_sheet
    else:
        assert got == owners and len(placed) == needed


# ------------------------------------------------------------------ the rules behind the counts


def _kr(name: str, ship_type: str, number: int) -> KillRadiusStats:
    return kr_derive(KRDesign(name=name, ship_type=ship_type, number=number))


def test_kill_radius_fighters_only_for_a_side_with_carriers() -> None:
    """Kill Radius: fighters as many as the side's carriers hold (a carrier holds its
    Number); pinned markers need enemy fighters to pin them; a vector marker per ship."""
    carrier = _kr("Hive", "light carrier", 4)
    escort = _kr("Talon", "destroyer", 5)
    needs = {n.marker.label: n.counts for n in KILL_RADIUS.marker_needs([[carrier, escort], [escort]])}
    assert needs == {"V": (2, 1), "F": (4, 0), "PIN": (0, 0), "DMG": (3,)}


def test_space_cruisers_markers_follow_the_systems() -> None:
    """Space Cruisers: 5 fighters per cargo bay, a cloak marker per cloaking device, a
    disabled marker per figure once anyone mounts an ion shockwave, a turbine marker per
    turbine, critical markers per figure a critical roll does not destroy outright."""
    stats: dict[str, SpaceCruisersStats] = {}
    for e in load_designs(sorted((DESIGNS / "space-cruisers" / "ships").glob("*.yaml"))).entries:
        assert isinstance(e.stats, SpaceCruisersStats)
        stats[e.stats.name] = e.stats
    atlantea = stats["The Atlantea"]
    carrier = dataclasses.replace(stats["The Courageous"], cargo_bays=2, fighters_carried=10)
    needs = {n.marker.label: n.counts for n in SPACE_CRUISERS.marker_needs([[atlantea], [carrier]])}
    assert needs["CLOAK"] == (1, 0) and needs["F"] == (0, 10)
    assert needs["DIS"] == (0,) and needs["JUMP"] == (0,) and needs["WC"] == (2,) and needs["DMG"] == (2,)


def test_fill_follows_the_needs_per_side() -> None:
    """Fill takes only markers some side uses, and a side's own only when it uses them."""
    scenario = _load("kill-radius/scenarios/border-clash")
    owners = [(side.name, side.colour) for side in scenario.sides]
    needs = scenario_marker_needs(scenario)
    needs = [dataclasses.replace(n, counts=(n.counts[0], 0)) if n.marker.label == "F" else n for n in needs]
    fill = marker_fill(scenario.game, owners, 40, needs)
    fighters = {c.side for c in fill if isinstance(c.front, MarkerFace) and c.front.label == "F"}
    assert fighters == {"Concord"}
    numbers = [c.front.number for c in fill if isinstance(c.front, MarkerFace) and c.front.label == "DMG"]
    assert numbers and numbers[0] == 13  # on from the 12 damage markers the kit has


def test_starfire_needs_no_terrain_the_map_prints() -> None:
    scenario = _load("starfire/scenarios/warp-point-assault")
    counts = {n.marker.label: n.counts for n in scenario_marker_needs(scenario)}
    assert counts["WP"] == counts["P"] == counts["M"] == (0,)
