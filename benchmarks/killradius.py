"""Kill Radius speed, reported as ratios (run: .venv/bin/python benchmarks/killradius.py).

1. The reference card's exact enumeration (every table, dice caches cleared)
   against printing the card to PDF (tables already computed): the cost of
   counting dice next to the cost of printing.
2. Roster sheets for 120 ships against 12 ships: one WeasyPrint pass per
   document, so the cost should grow about linearly with the ships.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from sheetgen.cards import render_card
from sheetgen.games.killradius import GAME, card, rules
from sheetgen.loading import load_designs
from sheetgen.resources import designs_dir
from sheetgen.sheets import Ship, render_sheets


def best_of(fn: Callable[[], object], runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def clear_caches() -> None:
    for f in (rules.damage_odds, rules.dogfight_odds, rules.assault_odds, rules._sorted_rolls):
        f.cache_clear()


def compute_card() -> None:
    clear_caches()
    card.card()


def main() -> None:
    tables = best_of(compute_card)
    pdf = best_of(lambda: render_card(GAME, fmt="pdf"))
    result = load_designs([designs_dir() / "kill-radius" / "fleets"])
    ships = [Ship(e.game, e.stats, e.findings) for e in result.entries for _ in range(e.count)]
    small = best_of(lambda: render_sheets(ships))
    large = best_of(lambda: render_sheets(ships * 10), runs=2)
    n = len(ships)
    print(f"card tables, dice counted from scratch / card PDF printed: {tables / pdf:.2f}")
    print(f"roster sheets, {n * 10} ships / {n} ships:                   {large / small:.1f}")
    print(
        f"cost per ship, {n * 10}-ship roster / {n}-ship roster:        {(large / (n * 10)) / (small / n):.2f}"
    )


if __name__ == "__main__":
    main()
