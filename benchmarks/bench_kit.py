"""Whole kits: time per bundled scenario, and where the time goes in the largest.

    .venv/bin/python benchmarks/bench_kit.py [--runs 3] [--profile]

Prints the median whole-process time of ``sheetgen kit SCENARIO`` for every
bundled scenario, then (with ``--profile``) profiles the largest once and
splits its time between WeasyPrint (record sheets, card, briefing), ReportLab
(counters, map) and sheetgen's own code.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import tempfile
from pathlib import Path

from timing import BIN, median_of


def profile(scenario: Path, out: Path) -> None:
    from sheetgen.kit import build_kit
    from sheetgen.scenarios.scenario import load_scenario

    loaded, _ = load_scenario(scenario)
    assert loaded is not None
    prof = cProfile.Profile()
    prof.enable()
    build_kit(loaded, out)
    prof.disable()
    stats = pstats.Stats(prof)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    by_lib = {"weasyprint": 0.0, "reportlab": 0.0, "sheetgen": 0.0, "other": 0.0}
    for (file, _line, _fn), row in stats.stats.items():  # type: ignore[attr-defined]
        tottime = row[2]
        key = next((k for k in ("weasyprint", "reportlab", "sheetgen") if f"/{k}/" in file), "other")
        # tinycss2, tinyhtml5, pydyf and fontTools work for WeasyPrint
        if key == "other" and any(
            x in file for x in ("tinycss2", "tinyhtml5", "pydyf", "fontTools", "cssselect2", "pyphen")
        ):
            key = "weasyprint"
        by_lib[key] += tottime
    print(
        f'profile of {scenario.name} ({total:.2f} s of own time under the profiler; "other" is builtins and cffi calls, nearly all made by WeasyPrint):'
    )
    for key, value in sorted(by_lib.items(), key=lambda kv: -kv[1]):
        print(f"  {key:<10} {value:6.2f} s  {value / total:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    from sheetgen.kit import bundled_scenarios

    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in bundled_scenarios():
            t = median_of(
                [str(BIN / "sheetgen"), "kit", str(path), "-o", str(Path(tmp) / path.stem)], args.runs
            )
            results.append((t, path))
            print(f"{path.parent.parent.name}/{path.stem}: {t:.2f} s")
        largest = max(results)[1]
        if args.profile:
            profile(largest, Path(tmp) / "profiled")


if __name__ == "__main__":
    main()
