"""Kill Radius derived stats: golden stats for every shipped design, fleet totals, carriers'
fighters, and the stats command's JSON and table.

``tests/games/killradius/golden/kill-radius-stats.json`` holds ``sheetgen stats --json`` for each
design under ``designs/kill-radius/`` (paths relative to the repository). After
a deliberate change, rewrite it with ``SHEETGEN_UPDATE_GOLDEN=1 pytest
tests/games/killradius/test_stats.py`` and read the diff before committing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetgen.games.killradius.stats import sum_fleet
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS, ROOT

KR = DESIGNS / "kill-radius"


FLEETS = KR / "fleets"


Invoke = Callable[..., Any]


STATS_KEYS = {
    "name",
    "game",
    "type",
    "number",
    "movement_points",
    "facing_changes",
    "half_number",
    "reduced_movement_points",
    "carrier",
    "fighters",
    "carrier_roll_number",
    "legal",
    "findings",
}


GOLDEN = Path(__file__).parent / "golden" / "kill-radius-stats.json"


def current() -> dict[str, Any]:
    result = load_designs([DESIGNS / "kill-radius"])
    assert not result.input_errors
    out: dict[str, Any] = {}
    for entry in result.entries:
        d = entry.stats_dict()
        for f in d["findings"]:
            f["file"] = os.path.relpath(f["file"], ROOT)
        source = os.path.relpath(entry.document.source, ROOT)
        out[f"{source}#{d['name']}"] = d
    return out


def test_golden_stats() -> None:
    stats = current()
    if os.environ.get("SHEETGEN_UPDATE_GOLDEN"):
        GOLDEN.write_text(
            json.dumps(stats, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8"
        )
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert sorted(stats) == sorted(golden)
    for key, value in golden.items():
        assert stats[key] == value, key


def test_golden_covers_every_shipped_design() -> None:
    files = {
        os.path.relpath(p, ROOT)
        for p in (DESIGNS / "kill-radius").rglob("*.yaml")
        if "scenarios" not in p.parts
    }
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert {key.split("#")[0] for key in golden} == files
    assert len(golden) == 17


def test_sum_fleet() -> None:
    assert sum_fleet([(8, False, 0, 1), (3, False, 0, 2), (7, True, 7, 1), (None, False, 0, 1)]) == {
        "ships": 5,
        "total Number": 21,
        "carriers": 1,
        "fighters": 7,
    }


def test_carrier_fighters_default_to_the_number(write: Callable[[str, str], Path]) -> None:
    path = write("c.yaml", "game: kill-radius\nname: C\ntype: heavy carrier\nnumber: 8\n")
    (entry,) = load_designs([path]).entries
    assert entry.findings == []
    assert (entry.stats.fighters, entry.stats.fighter_capacity, entry.stats.deploy_per_phase) == (8, 8, 4)
    assert entry.stats.carrier_roll_number == 3


def test_illegal_number_still_derives(write: Callable[[str, str], Path]) -> None:
    path = write("n.yaml", "game: kill-radius\nname: X\ntype: cruiser\nnumber: 14\n")
    (entry,) = load_designs([path]).entries
    s = entry.stats
    assert (s.number, s.movement_points, s.half_number, s.number_track) == (14, None, None, [])


def test_stats_json_keys_and_values(invoke: Invoke) -> None:
    r = invoke("stats", "--json", FLEETS / "concord-home-guard.yaml")
    assert r.exit_code == 0
    ships = json.loads(r.stdout)
    assert [s["name"] for s in ships] == ["Resolute", "Vigilant", "Bastion", "Lance", "Wisp"]
    for s in ships:
        assert set(s) >= STATS_KEYS, STATS_KEYS - set(s)
        assert s["game"] == "kill-radius"
    vigilant = ships[1]
    assert {k: vigilant[k] for k in STATS_KEYS - {"findings", "name", "game"}} == {
        "type": "light carrier",
        "number": 7,
        "movement_points": 3,
        "facing_changes": 1,
        "half_number": 4,
        "reduced_movement_points": 2,
        "carrier": True,
        "fighters": 7,
        "carrier_roll_number": 3,
        "legal": True,
    }
    assert ships[0]["carrier_roll_number"] is None
    assert ships[3]["count"] == 2


def test_stats_json_findings_are_located(invoke: Invoke) -> None:
    path = KR / "illegal" / "kr5-too-many-fighters.yaml"
    r = invoke("stats", "--json", path)
    assert r.exit_code == 1
    (ship,) = json.loads(r.stdout)
    assert ship["legal"] is False
    assert ship["findings"] == [
        {
            "rule": "KR-5",
            "severity": "error",
            "message": "8 fighters aboard, but a carrier holds at most its Number (6)",
            "file": str(path),
            "line": 6,
            "column": 11,
        }
    ]


def test_stats_prints_fleet_totals(invoke: Invoke) -> None:
    r = invoke("stats", FLEETS)
    assert r.exit_code == 0
    out = r.stdout
    assert "fleet Concord Home Guard (Concord)  [kill-radius]" in out
    assert "fleet Varn Raiding Squadron (Varn)  [kill-radius]" in out
    concord = out[out.index("fleet Concord Home Guard") :].splitlines()[1:5]
    assert [line.split() for line in concord] == [
        ["ships", "6"],
        ["total", "Number", "28"],
        ["carriers", "1"],
        ["fighters", "7"],
    ]
    assert "movement points  3 (2 at Number 4 or less)" in out


def test_stats_of_single_designs_prints_no_fleet(invoke: Invoke) -> None:
    r = invoke("stats", KR / "ships")
    assert "fleet " not in r.stdout


BORDER_CLASH = KR / "scenarios" / "border-clash.yaml"


def test_scenario_sides_total_number_and_fighters(invoke: Invoke) -> None:
    """Seed 000, Definitions (Number, line 18) and Numbers & Ship Types (a carrier holds
    fighters up to its Number, line 35). Border clash fields each fleet file once: Concord
    8 + 7 + 6 + 2x3 + 1 = 28 with the light carrier's 7 fighters; Varn 8 + 6 + 5 + 5 + 3 + 1
    = 28 with the escort carrier's 6."""
    from tests.conftest import briefing_totals, side_blocks

    r = invoke("stats", BORDER_CLASH)
    assert r.exit_code == 0, r.stderr
    assert side_blocks(r.stdout) == {
        "side Concord (Border clash)  [kill-radius]": [
            "  ships         6",
            "  total Number  28",
            "  carriers      1",
            "  fighters      7",
        ],
        "side Varn (Border clash)  [kill-radius]": [
            "  ships         6",
            "  total Number  28",
            "  carriers      1",
            "  fighters      6",
        ],
    }
    assert briefing_totals(BORDER_CLASH) == [
        "ships: 6 · total Number: 28 · carriers: 1 · fighters: 7",
        "ships: 6 · total Number: 28 · carriers: 1 · fighters: 6",
    ]
    sides = json.loads(invoke("stats", "--json", BORDER_CLASH).stdout)["scenarios"][0]["sides"]
    assert [s["totals"] for s in sides] == [
        {"ships": 6, "total_number": 28, "carriers": 1, "fighters": 7},
        {"ships": 6, "total_number": 28, "carriers": 1, "fighters": 6},
    ]


def test_scenario_counts_multiply_into_the_side_totals(invoke: Invoke, write: Any) -> None:
    """``count: 2`` on the scenario's entry of the Concord fleet file (whose Lance has count 2)
    fields the fleet twice: 12 ships, Number 2 x 28 = 56, 2 carriers, 2 x 7 = 14 fighters."""
    from tests.conftest import side_blocks

    scenario = write(
        "doubled.yaml",
        "scenario: Doubled\ngame: kill-radius\nsides:\n"
        f"  - name: Concord\n    fleet: [{{design: {FLEETS / 'concord-home-guard.yaml'}, count: 2}}]\n"
        f"  - name: Varn\n    fleet: [{{design: {FLEETS / 'varn-raiders.yaml'}}}]\n",
    )
    r = invoke("stats", scenario)
    assert r.exit_code == 0, r.stderr
    assert side_blocks(r.stdout)["side Concord (Doubled)  [kill-radius]"] == [
        "  ships         12",
        "  total Number  56",
        "  carriers      2",
        "  fighters      14",
    ]
