"""Benchmark: ``sheetgen map`` against mkhexgrid and a minimal ReportLab script.

Everything is timed as a whole fresh process, runs alternating between the
programs compared (so a busy machine slows them alike); medians are reported.

1. A 60 x 40 numbered map of 1 in hexes to PDF, tiled on letter (the default)
   and as one ``--paper fit`` page, against one ``python -c "import weasyprint"``.
   Target: less time than the import.
2. The marginal time per hex, ``(T(300 x 200) - T(60 x 40)) / 57,600``, for
   0.5 in numbered hexes on one fit page:
   - ``sheetgen map --format svg`` against mkhexgrid's SVG (target: at most
     10x). mkhexgrid is found through the ``MKHEXGRID`` environment variable
     (a built binary); without it that comparison is skipped.
   - ``sheetgen map --format pdf`` against a minimal ReportLab script drawing
     the same edges (each once, the same runs of segments) and the same hex
     numbers in the same embedded font, and nothing else (target: at most 1.5x).

    .venv/bin/python benchmarks/bench_map.py [--runs 5]
    MKHEXGRID=/path/to/mkhexgrid .venv/bin/python benchmarks/bench_map.py
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import textwrap
from pathlib import Path

from timing import alternate

ROOT = Path(__file__).resolve().parent.parent
SMALL, LARGE = (60, 40), (300, 200)
HEX_PT = 36.0  # 0.5 in across the flats

MINIMAL = textwrap.dedent(
    """\
    import math, sys
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    out, fonts, cols, rows, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
    pdfmetrics.registerFont(TTFont("S", fonts + "/DejaVuSans.ttf"))
    r, m = size / math.sqrt(3), 36
    W, H = r * (1.5 * cols + 0.5) + 2 * m, size * (rows + 0.5) + 2 * m
    c = Canvas(out, pagesize=(W, H), invariant=1, pageCompression=1)
    corner = [(r * math.cos(math.radians(60 * i)), r * math.sin(math.radians(60 * i))) for i in range(6)]
    digits = max(2, len(str(max(cols, rows))))
    p = c.beginPath()
    labels = []
    for col in range(cols):
        low = col % 2
        for row in range(rows):
            x, y = m + r + 1.5 * r * col, H - m - size * (row + 0.5 + 0.5 * low)
            q = [(x + dx, y - dy) for dx, dy in corner]
            p.moveTo(*q[2]); p.lineTo(*q[3]); p.lineTo(*q[4]); p.lineTo(*q[5])  # SW, NW, N
            last = col == cols - 1
            if last or (not low and row == 0):  # NE neighbour off the map
                p.lineTo(*q[0])
            if last or (low and row == rows - 1):  # SE
                p.moveTo(*q[0]); p.lineTo(*q[1])
            if row == rows - 1:  # S
                p.moveTo(*q[1]); p.lineTo(*q[2])
            labels.append((x, y + size / 2 - 4.5, f"{col + 1:0{digits}d}{row + 1:0{digits}d}"))
    c.setStrokeColor("#7a7a7a"); c.setLineWidth(0.45)
    c.drawPath(p, stroke=1, fill=0)
    c.setFillColor("#555555"); c.setFont("S", 4)
    for x, y, t in labels:
        c.drawCentredString(x, y, t)
    c.showPage()
    c.save()
    """
)


def medians(commands: dict[str, list[str]], runs: int) -> dict[str, float]:
    """Median whole-process seconds of each command, runs interleaved after one warm-up each."""
    return {name: statistics.median(t) for name, t in alternate(commands, runs).items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    python = sys.executable
    mkhexgrid = os.environ.get("MKHEXGRID")
    if mkhexgrid and not Path(mkhexgrid).is_file():
        sys.exit(f"MKHEXGRID={mkhexgrid} is not a file")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        script = folder / "minimal.py"
        script.write_text(MINIMAL, encoding="utf-8")
        fonts = str(ROOT / "sheetgen" / "fonts")

        def ours(size: tuple[int, int], fmt: str, *extra: str) -> list[str]:
            cols, rows = size
            out = folder / f"sheetgen-{cols}-{extra[-1] if extra else 'fit'}.{fmt}"
            return [
                python,
                "-m",
                "sheetgen",
                "map",
                "--cols",
                str(cols),
                "--rows",
                str(rows),
                "-o",
                str(out),
                *extra,
            ]

        def fit(size: tuple[int, int], fmt: str) -> list[str]:
            return ours(size, fmt, "--hex", "0.5in", "--paper", "fit")

        def minimal(size: tuple[int, int]) -> list[str]:
            out = folder / f"minimal-{size[0]}.pdf"
            return [python, str(script), str(out), fonts, str(size[0]), str(size[1]), str(HEX_PT)]

        def mk(size: tuple[int, int]) -> list[str]:
            assert mkhexgrid
            side = f"{HEX_PT / math.sqrt(3):.4f}"
            out = folder / f"mkhexgrid-{size[0]}.svg"
            return [
                mkhexgrid,
                "--output=svg",
                f"--hex-side={side}",
                f"--columns={size[0]}",
                f"--rows={size[1]}",
                "-o",
                str(out),
            ]

        whole = medians(
            {
                "weasyprint": [python, "-c", "import weasyprint"],
                "letter": ours(SMALL, "pdf", "--paper", "letter"),
                "fit": ours(SMALL, "pdf", "--hex", "1in", "--paper", "fit"),
            },
            args.runs,
        )
        commands = {
            "svg-s": fit(SMALL, "svg"),
            "svg-l": fit(LARGE, "svg"),
            "pdf-s": fit(SMALL, "pdf"),
            "pdf-l": fit(LARGE, "pdf"),
            "min-s": minimal(SMALL),
            "min-l": minimal(LARGE),
        }
        if mkhexgrid:
            commands |= {"mk-s": mk(SMALL), "mk-l": mk(LARGE)}
        t = medians(commands, args.runs)
    extra = LARGE[0] * LARGE[1] - SMALL[0] * SMALL[1]

    def per_hex(name: str) -> float:
        return (t[f"{name}-l"] - t[f"{name}-s"]) / extra * 1e6

    print(f"Whole process, 60 x 40 numbered map to PDF (median of {args.runs}):")
    print(f"  import weasyprint                           {whole['weasyprint']:6.3f} s")
    for name, label in (("letter", "1 in hexes tiled on letter"), ("fit", "1 in hexes, one fit page")):
        ratio = whole[name] / whole["weasyprint"]
        print(f"  sheetgen map, {label:29s} {whole[name]:6.3f} s   {ratio:5.2f}x the import (target < 1)")
    print(
        f"Marginal time per hex, 300 x 200 less 60 x 40, 0.5 in hexes on a fit page (median of {args.runs}):"
    )
    svg, pdf, mini = per_hex("svg"), per_hex("pdf"), per_hex("min")
    print(f"  sheetgen SVG            {svg:7.2f} us/hex   (300 x 200 whole: {t['svg-l']:.2f} s)")
    if mkhexgrid:
        mk_hex = per_hex("mk")
        print(f"  mkhexgrid SVG           {mk_hex:7.2f} us/hex   (300 x 200 whole: {t['mk-l']:.3f} s)")
        print(f"  SVG ratio               {svg / mk_hex:7.2f}x   (target <= 10)")
    else:
        print("  mkhexgrid SVG           skipped: set MKHEXGRID to a built mkhexgrid binary")
    print(f"  sheetgen PDF            {pdf:7.2f} us/hex   (300 x 200 whole: {t['pdf-l']:.2f} s)")
    print(f"  minimal ReportLab PDF   {mini:7.2f} us/hex   (300 x 200 whole: {t['min-l']:.2f} s)")
    print(f"  PDF ratio               {pdf / mini:7.2f}x   (target <= 1.5)")


if __name__ == "__main__":
    main()
