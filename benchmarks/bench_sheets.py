"""Record sheets, today's templates against the base revision's: per-ship CPU of each game.

Takes the ``templates/`` folder of the baseline revision (default: the commit before
issue 28's lighter sheets) from git, fills both template sets with the same ships (the
game's bundled designs in turn, one document per run, as :func:`sheetgen.render.record_sheets.record_sheets_html`
builds it) and prints each with the same WeasyPrint in this run, the print cache off:

* warm: in this process, after a warm-up print of each, CPU seconds (``time.process_time``)
  of :func:`sheetgen.render.html.html_to_pdf`;
* cold: a fresh process that imports sheetgen and WeasyPrint and prints the document once:
  the CPU of that first print (``time.process_time`` around it: the layout with nothing
  cached yet, fonts and stylesheets loaded for the first time);
* process (with ``--process``): that fresh process's whole CPU, user + system, imports
  included (what ``sheetgen sheets`` of one ship costs a user, less the YAML).

With ``--split``, each document is also printed without its ships (the same stylesheets,
page furniture and running heads, an empty body: what a document costs whatever it holds,
with a fresh process's first use of fonts, stylesheets and WeasyPrint's C types when
cold), and a second line per mode gives the ships' own part: the median document less the
median empty one, new against old.

Old and new runs alternate (old first in even rounds, new first in odd), each pair giving
one ratio new / old; printed are per-ship CPU medians in ms and the median ratio with its
spread (lowest to highest ratio of the pairs).

    .venv/bin/python benchmarks/bench_sheets.py [--baseline REV] [--runs 3] [--ships 1 10 100] [--games starfire ...] [--cold] [--process] [--split]
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import statistics
import subprocess
import tarfile
import tempfile
import time
from pathlib import Path

os.environ["SHEETGEN_CACHE"] = "off"

from timing import BIN, ROOT

#: The last commit before issue 28's lighter record sheets.
BASELINE = "2e0ea34"
GAMES = ("starfire", "kill-radius", "knight-hawks-2000", "space-cruisers")


def baseline_templates(rev: str, home: Path) -> Path:
    """The ``templates/`` folder of ``rev``, unpacked under ``home``."""
    data = subprocess.run(
        ["git", "archive", rev, "templates"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(home, filter="data")
    return home / "templates"


def ships_of(game_id: str, count: int) -> list:
    """``count`` ships of ``game_id``: its bundled designs (legal and not) in turn."""
    from sheetgen.render.record_sheets import Ship
    from sheetgen.scenarios.loading import load_designs

    folders = [ROOT / "designs" / game_id / "ships", ROOT / "designs" / game_id / "illegal"]
    entries = load_designs([str(f) for f in folders if f.is_dir()], only_game=game_id).entries
    return [Ship(e.game, e.stats, e.findings) for e in (entries * count)[:count]]


def html_for(templates: Path | None, ships: list, paper: str = "letter") -> str:
    """The one HTML document of ``ships``' sheets from ``templates`` (None: this checkout's)."""
    import sheetgen.core.resources as resources
    import sheetgen.render.html as html
    from sheetgen.core.resources import templates_dir
    from sheetgen.render.record_sheets import record_sheets_html

    # the shared templates (html) and each game's own (Game.files, through resources)
    html.templates_dir = resources.templates_dir = (lambda: templates) if templates else templates_dir
    html._environment.cache_clear()
    try:
        (doc,) = record_sheets_html(ships, paper=paper)
    finally:
        html.templates_dir = resources.templates_dir = templates_dir
        html._environment.cache_clear()
    return doc


def without_ships(doc: str) -> str:
    """``doc`` with an empty body: its stylesheets and page furniture, no ship."""
    start = doc.index("<body>") + len("<body>")
    return doc[:start] + doc[doc.rindex("</body>") :]


def warm_cpu(doc: str, base_url: str) -> float:
    """CPU seconds of printing ``doc`` in this process, the garbage of earlier prints collected
    first (not timed), so a print pays for the collections its own garbage makes and not for
    a full collection another's left due."""
    from sheetgen.render.html import html_to_pdf

    gc.collect()
    start = time.process_time()
    html_to_pdf(doc, base_url=base_url)
    return time.process_time() - start


CHILD = """
import sys, time
from sheetgen.render.html import html_to_pdf, import_weasyprint
import_weasyprint()
doc = open(sys.argv[1], encoding="utf-8").read()
start = time.process_time()
html_to_pdf(doc, base_url=sys.argv[2])
print(time.process_time() - start)
"""


def _fresh(path: Path, base_url: str) -> tuple[float, float]:
    """A fresh process printing the document in ``path``: CPU seconds of its print, and of
    the whole process (user + system)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SHEETGEN_CACHE": "off"}
    proc = subprocess.Popen(
        [str(BIN / "python"), "-c", CHILD, str(path), base_url], env=env, cwd=ROOT, stdout=subprocess.PIPE
    )
    assert proc.stdout is not None
    printed = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.stdout.close()
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"printing {path} failed")
    return float(printed), usage.ru_utime + usage.ru_stime


def cold_cpu(path: Path, base_url: str) -> float:
    """CPU seconds of the first print in a fresh process (its imports not counted)."""
    return _fresh(path, base_url)[0]


def process_cpu(path: Path, base_url: str) -> float:
    """CPU seconds (user + system) of a fresh process importing and printing ``path``."""
    return _fresh(path, base_url)[1]


def paired(measure, old, new, runs: int) -> tuple[list[float], list[float]]:
    """CPU of ``measure(old)`` and ``measure(new)`` over ``runs`` alternating pairs."""
    olds: list[float] = []
    news: list[float] = []
    for k in range(runs):
        order = (("old", old), ("new", new)) if k % 2 == 0 else (("new", new), ("old", old))
        for key, arg in order:
            (olds if key == "old" else news).append(measure(arg))
    return olds, news


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="git revision whose templates are today's")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ships", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument(
        "--cold", action="store_true", help="measure cold (a fresh process's first print) as well"
    )
    parser.add_argument("--process", action="store_true", help="measure a fresh process's whole CPU as well")
    parser.add_argument(
        "--split", action="store_true", help="also print the documents without ships: the ships' own part"
    )
    args = parser.parse_args()
    from sheetgen.core.resources import templates_dir

    new_url = str(templates_dir())
    print(
        f"record sheets, this checkout's templates against {args.baseline}'s; {args.runs} alternating pairs"
    )
    print(f"{'game':<19}{'ships':>6}{'mode':>6}{'old ms/ship':>13}{'new ms/ship':>13}{'ratio':>8}  spread")
    with tempfile.TemporaryDirectory() as tmp:
        old_dir = baseline_templates(args.baseline, Path(tmp))
        old_url = str(old_dir)
        warm_cpu(html_for(None, ships_of("starfire", 1)), new_url)  # WeasyPrint imported, fonts kept
        for game_id in args.games:
            for count in args.ships:
                ships = ships_of(game_id, count)
                docs = {"": (html_for(old_dir, ships), html_for(None, ships))}
                if args.split:
                    docs["empty"] = (without_ships(docs[""][0]), without_ships(docs[""][1]))
                results: dict[tuple[str, str], tuple[list[float], list[float]]] = {}
                for part, (old_doc, new_doc) in docs.items():
                    warm_cpu(old_doc, old_url)
                    warm_cpu(new_doc, new_url)
                    results["warm", part] = paired(
                        lambda d: warm_cpu(*d), (old_doc, old_url), (new_doc, new_url), args.runs
                    )
                    old_file, new_file = Path(tmp) / f"old{part}.html", Path(tmp) / f"new{part}.html"
                    old_file.write_text(old_doc, encoding="utf-8")
                    new_file.write_text(new_doc, encoding="utf-8")
                    for mode, measure, wanted in (
                        ("cold", cold_cpu, args.cold),
                        ("proc", process_cpu, args.process),
                    ):
                        if wanted:
                            results[mode, part] = paired(
                                lambda d, m=measure: m(*d),
                                (old_file, old_url),
                                (new_file, new_url),
                                args.runs,
                            )
                for (mode, part), (olds, news) in results.items():
                    if part:
                        continue
                    ratios = [n / o for o, n in zip(olds, news, strict=True)]
                    o, n = statistics.median(olds) / count * 1000, statistics.median(news) / count * 1000
                    print(
                        f"{game_id:<19}{count:>6}{mode:>6}{o:13.1f}{n:13.1f}{statistics.median(ratios):7.2f}x"
                        f"  {min(ratios):.2f}-{max(ratios):.2f}",
                        flush=True,
                    )
                    if args.split:
                        empty_olds, empty_news = results[mode, "empty"]
                        o0, n0 = statistics.median(empty_olds) * 1000, statistics.median(empty_news) * 1000
                        # each round's full and empty documents were printed in the same round
                        own = [
                            (n1 - e_n) / (o1 - e_o)
                            for o1, n1, e_o, e_n in zip(olds, news, empty_olds, empty_news, strict=True)
                        ]
                        print(
                            f"{'':<19}{'':>6}{'ships':>6}{o - o0 / count:13.1f}{n - n0 / count:13.1f}"
                            f"{(n - n0 / count) / (o - o0 / count):7.2f}x  {min(own):.2f}-{max(own):.2f}"
                            f"  the ships' own part of the {mode} line above (an empty document:"
                            f" old {o0:.1f} ms, new {n0:.1f} ms)",
                            flush=True,
                        )


if __name__ == "__main__":
    main()
