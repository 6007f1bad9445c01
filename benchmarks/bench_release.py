"""Side by side with an earlier sheetgen: the tasks players wait for, as whole processes.

Builds the baseline revision (default: the last commit before the speed work of
issue 13) into its own virtual environment under ``benchmarks/results/`` (once;
reused after), then runs each task with this checkout's sheetgen and with the
baseline's, alternating, with the print cache off (tasks named ``...-again``
build the same kit again with this checkout's cache on, primed by a warm-up
run; the baseline has none), and prints for each the median CPU seconds (user +
system, the process and every process it waited for, so work moved to worker
processes still counts), the median wall seconds and the peak memory of the
largest single process, with the ratios this / baseline. Floors are printed
beside the tasks they bound (``python -c "import typer, yaml"`` for start-up).

    .venv/bin/python benchmarks/bench_release.py [--baseline REV] [--runs 5] [--tasks help validate ...] [--big]

``--big`` adds record sheets for 300 and 1,000 ships (minutes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from timing import BIN, ROOT

#: The last commit before issue 13's work: the figures of the issue were measured on it.
BASELINE = "0e26641"
RESULTS = ROOT / "benchmarks" / "results"
SHIP = "designs/starfire/ships/corvette-arrow.yaml"

FLEET = """\
fleet: Benchmark
side: Blue
game: starfire
designs:
  - {{name: Arrow, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {{R: 10}}, count: {half}}}
  - {{name: Hammer, hull: DD, systems: SSSAA(I)(I)(I)(I)QQLLRR, munitions: {{R: 10}}, count: {rest}}}
"""


@dataclass
class Run:
    """One finished process: CPU seconds (user + system, its waited children too),
    wall seconds, and the peak resident memory of its largest process in MiB."""

    cpu: float
    wall: float
    peak: float


def run_once(cmd: list[str], cwd: Path, cache: Path | None = None) -> Run:
    """Run ``cmd`` once in ``cwd`` (output thrown away; a failure raises), with the
    print cache in ``cache``, or off without it."""
    env = {**os.environ, "SHEETGEN_CACHE": str(cache) if cache else "off"}
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    error = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {error}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def baseline_bin(rev: str) -> Path:
    """The ``bin/`` folder of a virtual environment holding sheetgen at ``rev``, built
    (editable, so its bundled designs resolve) under ``benchmarks/results/`` once."""
    sha = subprocess.run(
        ["git", "rev-parse", "--short=12", rev], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    home = RESULTS / f"baseline-{sha}"
    bin_dir = home / ".venv" / "bin"
    if (bin_dir / "sheetgen").exists():
        return bin_dir
    home.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", sha], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(home)], input=archive, check=True)
    subprocess.run([sys.executable, "-m", "venv", str(home / ".venv")], check=True)
    subprocess.run([str(bin_dir / "pip"), "install", "-q", "-e", str(home)], check=True)
    return bin_dir


def tasks(work: Path, big: bool) -> dict[str, Callable[[Path], list[str]]]:
    """Each task as a command line for a ``bin/`` folder holding ``sheetgen``."""
    for ships in (500, 300, 1000):
        (work / f"fleet-{ships}.yaml").write_text(
            FLEET.format(half=ships // 2, rest=ships - ships // 2), encoding="utf-8"
        )
    out = str(work / "out")
    table: dict[str, Callable[[Path], list[str]]] = {
        "help": lambda b: [str(b / "sheetgen"), "--help"],
        "validate": lambda b: [str(b / "sheetgen"), "validate", SHIP],
        "sheets-1": lambda b: [str(b / "sheetgen"), "sheets", SHIP, "-o", f"{out}.pdf"],
        "counters-500": lambda b: [
            str(b / "sheetgen"),
            "counters",
            str(work / "fleet-500.yaml"),
            "-o",
            f"{out}-c.pdf",
        ],
        "kit": lambda b: [str(b / "sheetgen"), "kit", "-o", f"{out}-kit"],
        "kit-all": lambda b: [str(b / "sheetgen"), "kit", "--all", "-o", f"{out}-kits"],
        # the same kits built again: this checkout's print cache holds them (primed by the warm-up)
        "kit-again": lambda b: [str(b / "sheetgen"), "kit", "-o", f"{out}-kit"],
        "kit-all-again": lambda b: [str(b / "sheetgen"), "kit", "--all", "-o", f"{out}-kits"],
    }
    if big:
        for ships in (300, 1000):
            fleet = str(work / f"fleet-{ships}.yaml")
            table[f"sheets-{ships}"] = lambda b, f=fleet: [
                str(b / "sheetgen"),
                "sheets",
                f,
                "-o",
                f"{out}.pdf",
            ]
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="git revision to compare with")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tasks", nargs="+", help="task names (default: all)")
    parser.add_argument("--big", action="store_true", help="add record sheets for 300 and 1,000 ships")
    args = parser.parse_args()
    old = baseline_bin(args.baseline)
    floor = [str(BIN / "python"), "-c", "import typer, yaml"]
    print(f"this checkout against {args.baseline}; medians of {args.runs} alternating runs")
    print(
        f"{'task':<14}{'cpu s':>8}{'base':>8}{'ratio':>7}{'wall s':>8}{'base':>8}{'ratio':>7}{'MiB':>7}{'base':>7}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        table = tasks(work, args.big)
        for name in args.tasks or list(table):
            commands = {"new": table[name](BIN), "old": table[name](old)}
            if name in ("help", "validate"):
                commands["floor"] = floor
            runs: dict[str, list[Run]] = {key: [] for key in commands}
            cache = work / "cache" if name.endswith("-again") else None  # this checkout's only
            for key, cmd in commands.items():
                run_once(cmd, ROOT, cache if key == "new" else None)  # warm-up
            for _ in range(args.runs if not name.startswith("sheets-") or name == "sheets-1" else 1):
                for key, cmd in commands.items():
                    runs[key].append(run_once(cmd, ROOT, cache if key == "new" else None))

            def med(key: str, field: str, runs: dict[str, list[Run]] = runs) -> float:
                return statistics.median(getattr(r, field) for r in runs[key])

            a, b = med("new", "cpu"), med("old", "cpu")
            wa, wb = med("new", "wall"), med("old", "wall")
            print(
                f"{name:<14}{a:8.3f}{b:8.3f}{a / b:6.2f}x{wa:8.3f}{wb:8.3f}{wa / wb:6.2f}x"
                f"{med('new', 'peak'):7.0f}{med('old', 'peak'):7.0f}"
            )
            if "floor" in runs:
                f = med("floor", "cpu")
                print(f"{'  vs floor':<14}{a:8.3f}{f:8.3f}{a / f:6.2f}x  (python -c 'import typer, yaml')")


if __name__ == "__main__":
    main()
