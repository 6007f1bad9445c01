"""A posted gunner whose design gives no STR or DEX (Knight Hawks 2000, HIT DETERMINATION:
Base To-Hit is ½ STR or ½ DEX + 10% a gunner skill level; RULINGS KH-8: the default score
50 stands in for the missing score, the gunner's own level is kept)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sheetgen.games.knighthawks import live
from sheetgen.games.knighthawks.rules import CrewMember
from sheetgen.games.knighthawks.stats import KnightHawksStats, gunner_base
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

SHIPS = DESIGNS / "knight-hawks-2000" / "ships"


def _attacks(file: str) -> dict[str, dict[str, Any]]:
    (entry,) = load_designs([SHIPS / file]).entries
    assert isinstance(entry.stats, KnightHawksStats)
    return {w["code"]: w for w in live.weapons(live.start(entry.stats), 1)}


def test_warden_mlb_is_fired_by_its_posted_gunner() -> None:
    # Dep. Hollis Ward, post MLB, Gunner 2, no STR or DEX: ½ x 50 + 2 x 10 = 45
    mlb = _attacks("warden.yaml")["MLB"]
    assert (mlb["gunner"], mlb["base"], mlb["to_hit"], mlb["chance"]) == (
        "Dep. Hollis Ward",
        "45",
        45,
        "9/20",
    )
    assert mlb["expected"] == "198"  # 9/20 of a hit's mean damage, 440


def test_leviathan_hpc_is_fired_by_its_posted_gunner() -> None:
    # PO Lin Tarrow, post HPC, Gunner 3, no STR or DEX: 25 + 30 = 55
    hpc = _attacks("leviathan.yaml")["HPC"]
    assert (hpc["gunner"], hpc["base"], hpc["to_hit"], hpc["chance"]) == ("PO Lin Tarrow", "55", 55, "11/20")


def test_gunner_base_keeps_the_level_without_a_score() -> None:
    assert gunner_base(CrewMember("gunners", "G", skills={"Gunner": 2})) == (Fraction(45), "STR or DEX 50", 2)
    assert gunner_base(CrewMember("gunners", "G", skills={"Gunner": 2}, dexterity=50)) == (
        Fraction(45),
        "DEX",
        2,
    )
    assert gunner_base(CrewMember("gunners", "G", strength=60))[0] == 30  # no Gunner skill: level 0


def test_the_sheet_shows_the_same_base() -> None:
    from sheetgen.games.knighthawks.sheet import _to_hit_base

    ward = CrewMember("gunners", "Dep. Hollis Ward", skills={"Gunner": 2}, post="MLB")
    assert _to_hit_base(ward) == "to hit 45% (½ STR or DEX 50 + 10×2)"
    assert _to_hit_base(CrewMember("engineer", "E", skills={"Engineer Damage Control": 2})) is None
