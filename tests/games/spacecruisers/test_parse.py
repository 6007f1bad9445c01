"""Space Cruisers design files: the three ways to write systems, the text's short names, and counts that
are input errors."""

from __future__ import annotations

from typing import Any

import pytest

from sheetgen.games.spacecruisers import rules
from sheetgen.scenarios.loading import load_designs

from tests.games.spacecruisers import stats_of

FORMS = [
    "systems: [Shields, Torps, Security, Drives x2]",
    "systems: Shields, Torps, Security, Drives x2",
    "systems: {shields: 1, photon torpedoes: 1, security team: 1, drives: 2}",
    "systems:\n  - shield\n  - photon torpedo\n  - security teams\n  - 2 drives",
    "systems:\n  - SHIELDS\n  - torpedoes\n  - security\n  - drives: 2",
    "systems: [shields, photon_torpedoes, Security-Team, drives ×2]",
]


@pytest.mark.parametrize("form", FORMS)
def test_systems_as_list_mapping_or_line_all_read_the_same(form: str, write: Any) -> None:
    entry = stats_of(f"game: space-cruisers\nname: C\nhull: military\nrules: basic\n{form}\n", write)
    assert entry.legal, [str(x) for x in entry.located]
    s = entry.stats
    assert [(x.name, x.count) for x in s.systems] == [
        ("phasers", 1),
        ("drives", 5),
        ("shields", 2),
        ("photon torpedoes", 1),
        ("security team", 1),
    ]


def test_lookup_takes_the_texts_short_names() -> None:
    assert rules.lookup_system("Torps") == "photon torpedoes"
    assert rules.lookup_system("Cloak") == "cloaking device"
    assert rules.lookup_system("Security") == "security team"
    assert rules.lookup_system("Target computer") == "targeting computer"
    assert rules.lookup_system("Chain guns") == "chain guns"
    assert rules.lookup_system("Armour") == "armor"
    assert rules.lookup_system("warp drive") is None


def test_counts_of_zero_are_left_out_and_huge_counts_are_input_errors(write: Any) -> None:
    entry = stats_of(
        "game: space-cruisers\nname: Z\nhull: military\nsystems: {armor: 0, shields: 1}\n", write
    )
    assert entry.stats.armor == 0 and entry.stats.shields == 2
    result = load_designs(
        [write("big.yaml", "game: space-cruisers\nname: B\nhull: military\nsystems: {armor: 900}\n")]
    )
    assert result.exit_code == 2
    assert "must be at most 40" in str(result.input_errors[0])
    result = load_designs(
        [write("neg.yaml", "game: space-cruisers\nname: B\nhull: military\nsystems: [drives x0]\n")]
    )
    assert result.exit_code == 2 and "count must be 1 to 40" in str(result.input_errors[0])
    result = load_designs([write("t.yaml", "game: space-cruisers\nname: B\nhull: military\nsystems: 7\n")])
    assert result.exit_code == 2


def test_unknown_keys_and_rules_are_schema_errors(write: Any) -> None:
    result = load_designs(
        [write("k.yaml", "game: space-cruisers\nname: K\nhull: military\nrules: expert\nspeed: 3\n")]
    )
    lines = [str(x) for x in result.input_errors]
    assert result.exit_code == 2
    assert any("'rules' must be one of basic, advanced; found 'expert'" in x for x in lines)
    assert any("unknown key 'speed'" in x for x in lines)
