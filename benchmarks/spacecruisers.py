"""Space Cruisers speed, reported as ratios (never asserted in tests).

Run from the repository root: ``.venv/bin/python benchmarks/spacecruisers.py``.

1. ``sheetgen validate designs/space-cruisers/ships`` as a whole process,
   against ``python -c "import typer, yaml"`` (the start-up budget is 2x).
2. Record sheets for 60 Space Cruisers ships against 60 Starfire ships
   (both one WeasyPrint pass).
3. Rolling 1,000 ships and writing their YAML, against parsing, checking and
   deriving the same 1,000 designs.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from timing import BIN, ROOT, best, process


def main() -> None:
    base = best(process(sys.executable, "-c", "import typer, yaml"), runs=10)
    validate = best(process(str(BIN / "sheetgen"), "validate", "designs/space-cruisers/ships"), runs=10)
    print(f"validate (whole process) / import typer, yaml: {validate / base:.2f}")

    from sheetgen.render.record_sheets import Ship, render_record_sheets
    from sheetgen.scenarios.loading import load_designs

    def fleet(folder: str) -> list[Ship]:
        entries = load_designs([ROOT / "designs" / folder]).entries
        ships = [Ship(e.game, e.stats, e.findings) for e in entries if e.legal]
        return (ships * 60)[:60]

    sc, sf = fleet("space-cruisers/ships"), fleet("starfire/ships")
    t_sc = best(lambda: render_record_sheets(sc), runs=3)
    t_sf = best(lambda: render_record_sheets(sf), runs=3)
    print(f"60 record sheets, Space Cruisers / Starfire: {t_sc / t_sf:.2f}")

    from sheetgen.games.spacecruisers.roll import roll_ship

    t_roll = best(lambda: [roll_ship(seed=k).to_yaml() for k in range(1000)], runs=3)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "many.yaml"
        docs = [roll_ship(seed=k).to_yaml() for k in range(1000)]
        path.write_text("\n---\n".join(docs), encoding="utf-8")
        t_load = best(lambda: load_designs([path]), runs=3)
    print(f"roll 1,000 ships / load+check+derive them: {t_roll / t_load:.2f}")
    print(
        f"(absolute, this machine: validate {validate * 1000:.0f} ms, roll {t_roll / 1000 * 1e6:.0f} µs a ship;"
        f" sheets {statistics.mean([t_sc, t_sf]):.2f} s per 60)"
    )


if __name__ == "__main__":
    main()
