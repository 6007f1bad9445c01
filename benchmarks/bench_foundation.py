"""Start-up and record-sheet speed, as ratios (issue: foundation).

Run from the repository root with the project's venv:

    .venv/bin/python benchmarks/bench_foundation.py [--runs 7]

1. ``sheetgen validate`` on one design, whole process, against the floor of any
   Typer CLI that reads YAML: ``python -c "import typer, yaml"`` (target <= 2x).
2. Record sheets for 100 ships: whole-process time, per-ship marginal time
   ((t100 - t10) / 90), and the ratio to WeasyPrint printing the same HTML
   (``--format html``) directly in its own process (target <= 1.2x).

Times are medians of several runs of whole processes; the machine is shared
and noisy, so only the ratios are compared with targets.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

from timing import BIN, ROOT, median_of

DESIGN = ROOT / "designs" / "starfire" / "ships" / "corvette-arrow.yaml"


def fleet_file(folder: Path, ships: int) -> Path:
    """A fleet file of ``ships`` designs cycling through the shipped Starfire ships."""
    sources = sorted((ROOT / "designs" / "starfire" / "ships").glob("*.yaml"))
    lines = ["game: starfire", "designs:"]
    for i in range(ships):
        body = [
            ln
            for ln in sources[i % len(sources)].read_text().splitlines()
            if ln and not ln.startswith(("#", "game:"))
        ]
        for j, ln in enumerate(body):
            if ln.startswith("name:"):
                ln = f"name: Ship {i + 1:03d}"
            lines.append(("  - " if j == 0 else "    ") + ln)
    path = folder / f"fleet-{ships}.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    py, sheetgen = str(BIN / "python"), str(BIN / "sheetgen")

    floor = median_of([py, "-c", "import typer, yaml"], args.runs)
    validate = median_of([sheetgen, "validate", str(DESIGN)], args.runs)
    print(f"validate one design: {validate * 1000:.0f} ms; import typer, yaml: {floor * 1000:.0f} ms; "
          f"ratio {validate / floor:.2f}x (target <= 2x)")  # fmt: skip

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        f10, f100 = fleet_file(folder, 10), fleet_file(folder, 100)
        t10 = median_of([sheetgen, "sheets", str(f10), "-o", str(folder / "s10.pdf")], args.runs)
        t100 = median_of([sheetgen, "sheets", str(f100), "-o", str(folder / "s100.pdf")], args.runs)
        subprocess.run(
            [sheetgen, "sheets", str(f100), "-o", str(folder / "s100.html"), "--format", "html"],
            check=True,
            capture_output=True,
        )
        direct = median_of(
            [
                py,
                "-c",
                f"import weasyprint; weasyprint.HTML(filename={str(folder / 's100.html')!r}).write_pdf({str(folder / 'w.pdf')!r})",
            ],
            args.runs,
        )
    print(f"record sheets, 100 ships: {t100:.2f} s whole process; 10 ships: {t10:.2f} s; "
          f"marginal {(t100 - t10) / 90 * 1000:.1f} ms a ship")  # fmt: skip
    print(f"WeasyPrint on the same HTML: {direct:.2f} s; ratio {t100 / direct:.2f}x (target <= 1.2x)")


if __name__ == "__main__":
    main()
