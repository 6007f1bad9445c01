"""Kill Radius speed, reported as ratios (run: .venv/bin/python benchmarks/killradius.py).

1. The reference card's exact enumeration (every table, dice caches cleared)
   against printing the card to PDF (tables already computed): the cost of
   counting dice next to the cost of printing.
2. Roster sheets for 120 ships against 12 ships: one WeasyPrint pass per
   document, so the cost should grow about linearly with the ships.
3. ``sheetgen validate`` on both fleets as a whole process against a process
   that only imports typer and yaml (the start-up budget is twice that), and
   against validating the bundled Starfire ships.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from timing import best

from sheetgen.core.resources import designs_dir
from sheetgen.games.killradius import GAME, card, play
from sheetgen.render.cards import render_card
from sheetgen.render.record_sheets import Ship, render_record_sheets
from sheetgen.scenarios.loading import load_designs


def clear_caches() -> None:
    for f in (play.damage_odds, play.dogfight_odds, play.assault_odds, play._sorted_rolls):
        f.cache_clear()


def compute_card() -> None:
    clear_caches()
    card.card()


def main() -> None:
    tables = best(compute_card, runs=3)
    pdf = best(lambda: render_card(GAME, fmt="pdf"), runs=3)
    result = load_designs([designs_dir() / "kill-radius" / "fleets"])
    ships = [Ship(e.game, e.stats, e.findings) for e in result.entries for _ in range(e.count)]
    small = best(lambda: render_record_sheets(ships), runs=3)
    large = best(lambda: render_record_sheets(ships * 10), runs=2)
    exe = shutil.which("sheetgen", path=str(Path(sys.executable).parent)) or "sheetgen"
    fleets = str(designs_dir() / "kill-radius" / "fleets")
    validate = best(lambda: subprocess.run([exe, "validate", "-q", fleets], capture_output=True), runs=5)
    starfire = best(
        lambda: subprocess.run(
            [exe, "validate", "-q", str(designs_dir() / "starfire" / "ships")], capture_output=True
        ),
        runs=5,
    )
    baseline = best(
        lambda: subprocess.run([sys.executable, "-c", "import typer, yaml"], capture_output=True), runs=5
    )
    n = len(ships)
    rows = [
        ("card tables, dice counted from scratch / card PDF printed", f"{tables / pdf:.2f}"),
        (f"roster sheets, {n * 10} ships / {n} ships", f"{large / small:.1f}"),
        (f"cost per ship, {n * 10}-ship roster / {n}-ship roster", f"{(large / (n * 10)) / (small / n):.2f}"),
        ("sheetgen validate (both fleets) / python -c 'import typer, yaml'", f"{validate / baseline:.2f}"),
        ("sheetgen validate (both fleets) / validate (Starfire ships)", f"{validate / starfire:.2f}"),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")


if __name__ == "__main__":
    main()
