"""Benchmark: 500 and 5,000 counters, front and back, whole-process time.

Runs ``sheetgen counters`` on a fleet of N Starfire ships (five designs,
N/5 each) as a fresh process, and a minimal ReportLab script drawing the
same pages by hand: per face one filled square, the arrowhead, the name and
the key numbers in the same embedded DejaVu fonts (backs with their banner),
with nothing else (no layout, no fitting, no checks). Runs alternate; prints
the median and best of each and the ratios sheetgen / minimal.

    .venv/bin/python benchmarks/bench_counters.py [--runs 5] [--counts 500 5000]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from timing import alternate

ROOT = Path(__file__).resolve().parent.parent

FLEET = """\
fleet: Benchmark
side: Blue
game: starfire
designs:
  - {name: Arrow, hull: CT, systems: SSAA(I)(I)(I)QLR, count: {each}}
  - {name: Hammer, hull: DD, systems: SSSAA(I)(I)(I)(I)QQLLRR, count: {each}}
  - {name: Lance, hull: CT, systems: SSAA(I)(I)(I)QLR, count: {each}}
  - {name: Anvil, hull: DD, systems: SSSAA(I)(I)(I)(I)QQLLRR, count: {each}}
  - {name: Picket of the Outer Marches, hull: ES, systems: SA(I)(I)QL, count: {each}}
"""

MINIMAL = textwrap.dedent(
    """\
    import sys
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    fonts = sys.argv[2]
    pdfmetrics.registerFont(TTFont("C", fonts + "/DejaVuSansCondensed.ttf"))
    pdfmetrics.registerFont(TTFont("CB", fonts + "/DejaVuSansCondensed-Bold.ttf"))
    pdfmetrics.registerFont(TTFont("S", fonts + "/DejaVuSans.ttf"))
    W, H, S, M = 612, 792, 45, 36
    names = ["Arrow", "Hammer", "Lance", "Anvil", "Picket of the Outer Marches"]
    c = Canvas(sys.argv[1], pagesize=(W, H), invariant=1, pageCompression=1)
    n, cols, rows = int(sys.argv[3]), 12, 16
    per_page = cols * rows
    for first in range(0, n, per_page):
        for back in (False, True):
            c.setFont("S", 6.5)
            c.drawCentredString(W / 2, H - 16, "Counters")
            for i in range(first, min(n, first + per_page)):
                r, k = divmod(i - first, cols)
                if back:
                    k = cols - 1 - k
                x, y = M + k * S, H - M - (r + 1) * S
                c.setFillColor("#1f4e9c")
                c.rect(x, y, S, S, stroke=0, fill=1)
                c.setFillColor("#ffffff")
                p = c.beginPath()
                p.moveTo(x + 22.5, y + 42.3); p.lineTo(x + 27, y + 35.1)
                p.lineTo(x + 22.5, y + 37.3); p.lineTo(x + 18, y + 35.1); p.close()
                c.drawPath(p, stroke=0, fill=1)
                c.setFont("CB", 8)
                c.drawCentredString(x + 22.5, y + 26, names[i * 5 // n])
                if back:
                    c.rect(x, y + 12, S, 6, stroke=0, fill=1)
                    c.setFillColor("#1f4e9c")
                    c.setFont("CB", 4.5)
                    c.drawCentredString(x + 22.5, y + 13.5, "ENGINES LOST")
                    c.setFillColor("#ffffff")
                c.setFont("CB", 10)
                for j, v in enumerate(("DD", "0" if back else "5", "3")):
                    c.drawCentredString(x + 10 + 12 * j, y + 4, v)
                c.setFont("C", 4.5)
                for j, v in enumerate(("MP", "TM")):
                    c.drawCentredString(x + 22 + 12 * j, y + 12, v)
            c.showPage()
    c.save()
    """
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--counts", type=int, nargs="+", default=[500, 5000])
    args = parser.parse_args()
    for count in args.counts:
        run(count, args.runs)


def run(count: int, runs: int) -> None:
    """Time ``count`` counters both ways, alternating, and print the figures."""
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fleet = folder / "fleet.yaml"
        fleet.write_text(FLEET.replace("{each}", str(count // 5)), encoding="utf-8")
        script = folder / "minimal.py"
        script.write_text(MINIMAL, encoding="utf-8")
        ours = [python, "-m", "sheetgen", "counters", str(fleet), "-o", str(folder / "sheetgen.pdf")]
        mini = [
            python,
            str(script),
            str(folder / "minimal.pdf"),
            str(ROOT / "sheetgen" / "fonts"),
            str(count),
        ]
        times = alternate({"ours": ours, "mini": mini}, runs)
        a, b = times["ours"], times["mini"]
        pages = [
            subprocess.run(
                [python, "-c", f"import pypdf; print(len(pypdf.PdfReader({str(folder / f)!r}).pages))"],
                capture_output=True,
                text=True,
            ).stdout.strip()
            for f in ("sheetgen.pdf", "minimal.pdf")
        ]
    ta, tb = statistics.median(a), statistics.median(b)
    pair = statistics.median(x / y for x, y in zip(a, b, strict=True))
    print(f"{count} counters front and back ({pages[0]} pages; minimal {pages[1]}), median of {runs} runs:")
    print(f"  sheetgen counters      {ta:6.3f} s   (best {min(a):.3f} s)")
    print(f"  minimal ReportLab      {tb:6.3f} s   (best {min(b):.3f} s)")
    print(f"  ratio of medians       {ta / tb:6.2f}x")
    print(f"  median of run ratios   {pair:6.2f}x")
    print(f"  ratio of best runs     {min(a) / min(b):6.2f}x")


if __name__ == "__main__":
    main()
