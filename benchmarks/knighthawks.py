"""Knight Hawks 2000 speed, reported as ratios (run: .venv/bin/python benchmarks/knighthawks.py).

1. ``sheetgen validate`` on the bundled Knight Hawks ships, whole process, against
   ``python -c "import typer, yaml"`` (the start-up budget is twice that).
2. Record sheets per ship, Knight Hawks 2000 against Starfire (one WeasyPrint
   pass per file either way).
3. The reference card (PDF), Knight Hawks 2000 against Starfire.

Each time is the best of ``REPEAT`` runs.
"""

from __future__ import annotations

import sys

from timing import ROOT, best, process

REPEAT = 5


def main() -> None:
    exe = str(ROOT / ".venv" / "bin" / "sheetgen")
    base = best(process(sys.executable, "-c", "import typer, yaml"))
    validate = best(process(exe, "validate", "-q", "designs/knight-hawks-2000/ships"))
    print(f"validate 7 ships: {validate:.3f} s = {validate / base:.2f} x 'import typer, yaml' ({base:.3f} s)")

    from sheetgen.games import find_game
    from sheetgen.render.cards import render_card
    from sheetgen.render.record_sheets import Ship, render_record_sheets
    from sheetgen.scenarios.loading import load_designs

    def ships(folder: str) -> list[Ship]:
        return [Ship(e.game, e.stats, e.findings) for e in load_designs([ROOT / "designs" / folder]).entries]

    kh, sf = ships("knight-hawks-2000/ships"), ships("starfire/ships")
    render_record_sheets(kh[:1])  # warm up fonts and templates
    t_kh = best(lambda: render_record_sheets(kh), 3) / len(kh)
    t_sf = best(lambda: render_record_sheets(sf), 3) / len(sf)
    print(f"record sheet per ship: KH {t_kh:.3f} s, Starfire {t_sf:.3f} s, ratio {t_kh / t_sf:.2f}")

    c_kh = best(lambda: render_card(find_game("knight-hawks-2000")), 3)
    c_sf = best(lambda: render_card(find_game("starfire")), 3)
    print(f"reference card: KH {c_kh:.3f} s, Starfire {c_sf:.3f} s, ratio {c_kh / c_sf:.2f}")


if __name__ == "__main__":
    main()
