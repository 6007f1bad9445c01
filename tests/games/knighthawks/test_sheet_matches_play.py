"""The record sheet prints what the play helpers compute (Knight Hawks 2000).

EXPLANATION OF DAMAGE RESULTS: past ½ of its SP lost a ship's ADF and MR are halved; past ⅔
they are reduced to 1. :func:`~sheetgen.games.knighthawks.play.adf_mr_in_state` gives a ship
of ADF/MR 0 an ADF and MR of 0 there (reduced, never raised); the sheet's two-thirds line
printed "ADF and MR 1" for it."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from sheetgen.games.knighthawks import play
from sheetgen.games.knighthawks.play import StructureState, adf_mr_in_state, fraction_text
from sheetgen.games.knighthawks.sheet import ship_view
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

SHIPS = DESIGNS / "knight-hawks-2000" / "ships"
Write = Callable[[str, str], Path]


def _view(path: Path) -> tuple[dict[str, object], object]:
    (entry,) = load_designs([path]).entries
    return ship_view(entry.stats, []), entry.stats


def _with(write: Write, adf: int, mr: int) -> Path:
    text = (SHIPS / "exalted.yaml").read_text(encoding="utf-8")
    lines = [
        f"adf: {adf}" if line.startswith("adf:") else f"mr: {mr}" if line.startswith("mr:") else line
        for line in text.splitlines()
    ]
    return write("ship.yaml", "\n".join(lines) + "\n")


def _effects(view: dict[str, object]) -> dict[str, str]:
    return {t["zone"]: t["effect"] for t in view["thresholds"]}  # type: ignore[attr-defined,index]


def test_two_thirds_line_of_a_ship_with_adf_and_mr_0_prints_0(write: Write) -> None:
    assert adf_mr_in_state(StructureState.TWO_THIRDS, 0, 0) == (0, 0)
    view, _ = _view(_with(write, 0, 0))
    effects = _effects(view)
    assert effects["two-thirds"].startswith("ADF 0 → 0, MR 0 → 0; 6 break-up rolls")
    assert effects["half"].startswith("ADF 0 → 0, MR 0 → 0; 1 break-up roll")
    assert "ADF and MR 1" not in str(view)


def test_the_card_says_a_lower_adf_or_mr_stays() -> None:
    from sheetgen.games.knighthawks.card import card

    structure = next(s for s in card().sections if s.title == "Structure")
    line = next(x for x in structure.lines if x.startswith("⅔ lost"))
    assert "ADF and MR at most 1;" in line


def test_two_thirds_line_of_a_ship_with_only_mr_0(write: Write) -> None:
    view, _ = _view(_with(write, 3, 0))
    assert _effects(view)["two-thirds"].startswith("ADF 3 → 1, MR 0 → 0;")


@pytest.mark.parametrize("path", sorted(SHIPS.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_sheet_prints_the_helpers_figures(path: Path) -> None:
    view, s = _view(path)
    effects = _effects(view)
    for zone, state in (("half", StructureState.HALF), ("two-thirds", StructureState.TWO_THIRDS)):
        adf, mr = adf_mr_in_state(state, s.adf, s.mr)  # type: ignore[attr-defined]
        text = effects[zone]
        if f"ADF and MR {fraction_text(adf)}" not in text:
            assert f"ADF {s.adf} → {fraction_text(adf)}, MR {s.mr} → {fraction_text(mr)}" in text  # type: ignore[attr-defined]
        else:
            assert adf == mr
        target = play.breakup_target(s.damage_control_rating, s.stress_analysis)  # type: ignore[attr-defined]
        assert text.endswith(f"against {target:,}")
    assert view["ram_damage"] == f"{play.ram_damage(s.hull_size):,}"  # type: ignore[attr-defined]


def test_gunner_base_to_hit_is_the_helpers() -> None:
    """HIT DETERMINATION, Base To-Hit: ½ DEX + 10 a Gunner level; the Pugilist's PO Reya
    Hask, DEX 56 and Gunner 3, has 28 + 30 = 58."""
    assert play.base_to_hit(56, 3) == Fraction(58)
    view, _ = _view(SHIPS / "pugilist.yaml")
    extras = [r["extra"] for r in view["crew"] if "to hit" in r["extra"]]  # type: ignore[attr-defined]
    assert any("to hit 58% (½ DEX + 10×3)" in e for e in extras), extras
