"""Every shipped Starfire design: legal ones derive the numbers worked out by hand
from the hull and system charts; each illegal one breaks the rule its name says."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

SHIPS = DESIGNS / "starfire" / "ships"
ILLEGAL = DESIGNS / "starfire" / "illegal"

# file: (hull, HS used, HS, TM, MP, engine rooms, Q, MP as rooms are lost)
GOLDEN = {
    "escort-picket.yaml": ("ES", 12, 12, 2, 6, [1, 1], 1, [6, 3, 0]),
    "corvette-arrow.yaml": ("CT", 16, 16, 2, 6, [1, 1, 1], 1, [6, 4, 2, 0]),
    "corvette-lance.yaml": ("CT", 16, 16, 2, 6, [1, 1, 1], 1, [6, 4, 2, 0]),
    "destroyer-hammer.yaml": ("DD", 30, 30, 3, 5, [1] * 5, 2, [5, 4, 3, 2, 1, 0]),
    "destroyer-anvil.yaml": ("DD", 30, 30, 3, 5, [1] * 5, 2, [5, 4, 3, 2, 1, 0]),
    "light-cruiser-sabre.yaml": ("CL", 45, 45, 3, 4, [1, 2, 1, 2], 3, [4, 3, 2, 1, 0]),
    "heavy-cruiser-bastion.yaml": ("CA", 60, 60, 3, 4, [2, 2, 2, 2], 4, [4, 3, 2, 1, 0]),
    "freighter1-mule.yaml": ("FT1", 12, 12, 2, 6, [1, 1], 1, [6, 3, 0]),
    "freighter2-drayhorse.yaml": ("FT2", 16, 16, 2, 6, [1, 1, 1], 1, [6, 4, 2, 0]),
    "base1-watchtower.yaml": ("BS1", 30, 30, 0, 0, [], 2, [0]),
    "base2-citadel.yaml": ("BS2", 50, 50, 0, 0, [], 4, [0]),
}


def test_every_shipped_design_has_golden_stats() -> None:
    assert sorted(p.name for p in SHIPS.glob("*.yaml")) == sorted(GOLDEN)
    assert {g[0] for g in GOLDEN.values()} == {"ES", "CT", "DD", "CL", "CA", "FT1", "FT2", "BS1", "BS2"}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_stats(name: str) -> None:
    result = load_designs([SHIPS / name])
    assert not result.input_errors
    (entry,) = result.entries
    assert entry.legal, [str(x) for x in entry.located]
    s = entry.stats
    got = (
        s.hull,
        s.hull_spaces_used,
        s.hull_spaces,
        s.turn_mode,
        s.movement_points,
        s.engine_rooms,
        s.crew_quarters,
        s.mp_after_rooms_lost,
    )
    assert got == GOLDEN[name]


def test_restricted_arc_on_the_shipped_escort_and_corvette() -> None:
    (picket,) = load_designs([SHIPS / "escort-picket.yaml"]).entries
    (lance,) = load_designs([SHIPS / "corvette-lance.yaml"]).entries
    assert picket.stats.system_string == "SSAA(I)(I)QYL+"
    assert lance.stats.system_string == "SSAAA(I)(I)(I)QYE+"


ILLEGAL_FILES = sorted(ILLEGAL.glob("*.yaml"))


def test_one_illegal_design_per_rule() -> None:
    rules_broken = {p.name.split("-")[0].upper().replace("SF", "SF-") for p in ILLEGAL_FILES}
    assert rules_broken == {"SF-1", "SF-2", "SF-3", "SF-4", "SF-5", "SF-6", "SF-7", "SF-9"}


@pytest.mark.parametrize("path", ILLEGAL_FILES, ids=lambda p: p.name)
def test_illegal_design_breaks_the_rule_it_names(path: Path) -> None:
    rule = path.name.split("-")[0].upper().replace("SF", "SF-")
    (entry,) = load_designs([path]).entries
    assert not entry.legal
    assert rule in {f.rule for f in entry.findings if f.is_error}
