"""The ReportLab floor of a record sheet: per-ship CPU of a minimal ReportLab sketch of a
Starfire sheet, against the same ships' sheets printed by WeasyPrint from this checkout's
templates.

The sketch draws what a player reads on a Starfire sheet, with nothing else (no layout, no
fitting, no checks, no fonts chosen per name): per ship its frame, name, hull and design
string, the vitals, the damage track (a box with its code a system), the range chart (a
grid line a column and a row, every to-hit and damage value), the munition boxes and the
notes, in the bundled DejaVu fonts, ships stacked down the page. Both run in this process,
warm (after one print of each), alternating; CPU seconds (``time.process_time``) per ship,
medians and the ratio sheet / floor.

    .venv/bin/python benchmarks/bench_sheet_floor.py [--runs 5] [--ships 10]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time

os.environ["SHEETGEN_CACHE"] = "off"

from bench_sheets import html_for, ships_of

W, H, MARGIN = 612.0, 792.0, 28.0


def floor_pdf(views: list[dict]) -> bytes:
    """The sketch of ``views`` (Starfire sheet views) as PDF bytes."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from sheetgen.core.resources import font_path

    for name, file in (("S", "DejaVuSans.ttf"), ("SB", "DejaVuSans-Bold.ttf")):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(font_path(file))))
    out = io.BytesIO()
    c = Canvas(out, pagesize=(W, H), invariant=1, pageCompression=1)
    y = H - MARGIN
    for v in views:
        rows = 1 + 2 * len(v["weapons"])
        height = 120 + rows * 9 + 10 * len(v["launchers"]) + 8 * len(v["notes"])
        if y - height < MARGIN:
            c.showPage()
            y = H - MARGIN
        top = y
        c.setLineWidth(1.1)
        c.roundRect(MARGIN, y - height, W - 2 * MARGIN, height, 4)
        c.setFont("SB", 15)
        c.drawString(MARGIN + 8, y - 20, v["name"])
        c.setFont("S", 9)
        c.drawRightString(W - MARGIN - 8, y - 20, f"{v['hull']} · {v['hull_name']}")
        c.setFont("S", 7.5)
        c.drawRightString(W - MARGIN - 8, y - 30, v["notation"])
        c.setFont("SB", 10)
        c.drawString(
            MARGIN + 8,
            y - 44,
            f"HS {v['hull_spaces_used']} / {v['hull_spaces']}   TM {v['turn_mode']}   "
            f"MP {v['movement_points']}   Q {v['crew_quarters']}",
        )
        y -= 52
        x = MARGIN + 8
        c.setFont("S", 6.5)
        c.setLineWidth(0.85)
        for g in v["track"]:
            for code in g["boxes"]:
                c.rect(x, y - 20, 18, 20)
                c.drawCentredString(x + 9, y - 8, code)
                x += 20
        y -= 30
        n = len(v["ranges"])
        cw = (W - 2 * MARGIN - 16 - 88) / n
        left = MARGIN + 8 + 88
        c.setLineWidth(0.57)
        for k in range(n + 1):
            c.line(left + k * cw, y, left + k * cw, y - rows * 9)
        for r in range(rows + 1):
            c.line(MARGIN + 8, y - r * 9, W - MARGIN - 8, y - r * 9)
        c.setFont("SB", 6.5)
        c.drawString(MARGIN + 10, y - 7, "range")
        for k, rng in enumerate(v["ranges"]):
            c.drawCentredString(left + (k + 0.5) * cw, y - 7, str(rng))
        c.setFont("S", 7)
        for i, w in enumerate(v["weapons"]):
            c.drawString(MARGIN + 10, y - (2 + 2 * i) * 9 + 2, f"{w['count']}× {w['code']} {w['name']}")
            for row, key in ((1 + 2 * i, "to_hit"), (2 + 2 * i, "damage")):
                for k, cell in enumerate(w["cells"]):
                    text = "–" if cell[key] is None else str(cell[key])
                    c.drawCentredString(left + (k + 0.5) * cw, y - (row + 1) * 9 + 2, text)
        y -= rows * 9 + 12
        for launcher in v["launchers"]:
            c.setFont("SB", 8)
            c.drawString(MARGIN + 8, y - 8, launcher["label"])
            for k in range(launcher["boxes"]):
                c.rect(MARGIN + 28 + k * 10, y - 9, 8, 8)
            y -= 10
        c.setFont("S", 6.8)
        for note in v["notes"]:
            c.drawString(MARGIN + 8, y - 8, note[:150])
            y -= 8
        y = top - height - 10
    c.save()
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ships", type=int, default=10)
    args = parser.parse_args()
    from sheetgen.core.resources import templates_dir
    from sheetgen.render.html import html_to_pdf

    ships = ships_of("starfire", args.ships)
    views = [s.game.sheet_ship(s.stats, s.findings) for s in ships]
    doc, url = html_for(None, ships), str(templates_dir())

    def sheet() -> float:
        start = time.process_time()
        html_to_pdf(doc, base_url=url)
        return time.process_time() - start

    def floor() -> float:
        start = time.process_time()
        floor_pdf(views)
        return time.process_time() - start

    sheet(), floor()
    sheets, floors = [], []
    for _ in range(args.runs):
        sheets.append(sheet())
        floors.append(floor())
    s, f = statistics.median(sheets) / args.ships * 1000, statistics.median(floors) / args.ships * 1000
    print(f"Starfire, {args.ships} ships, warm, {args.runs} alternating runs: per ship")
    print(f"  WeasyPrint sheet {s:7.1f} ms")
    print(f"  ReportLab floor  {f:7.1f} ms")
    print(f"  ratio            {s / f:7.1f}x")


if __name__ == "__main__":
    main()
