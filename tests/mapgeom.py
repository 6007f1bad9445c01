"""Reading map geometry back from the files written: PDF content streams (pypdf)
and SVG path data, in pt with the origin at the page's top-left, y down."""

from __future__ import annotations

import io
import itertools
import math
import re
from collections import defaultdict
from pathlib import Path

Segment = tuple[tuple[float, float], tuple[float, float]]


def _mul(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    ]


def pdf_paths(source: Path | bytes, page: int = 0) -> list[list[Segment]]:
    """Every stroked path on ``page`` as its straight segments, in page pt (y down),
    following ``q``/``Q``/``cm`` so the coordinates are where the ink lands."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(source) if isinstance(source, bytes) else str(source))
    pdf_page = reader.pages[page]
    height = float(pdf_page.mediabox.height)
    ops = ContentStream(pdf_page.get_contents(), reader).operations
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    stack: list[list[float]] = []
    paths: list[list[Segment]] = []
    current: list[Segment] = []
    point: tuple[float, float] | None = None

    def put(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm
        return (a * x + c * y + e, height - (b * x + d * y + f))

    for operands, op in ops:
        if op == b"q":
            stack.append(list(ctm))
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op == b"m":
            point = put(float(operands[0]), float(operands[1]))
        elif op == b"l":
            nxt = put(float(operands[0]), float(operands[1]))
            assert point is not None
            current.append((point, nxt))
            point = nxt
        elif op in (b"S", b"s", b"B", b"b"):
            paths.append(current)
            current = []
        elif op in (b"f", b"F", b"f*", b"n"):
            current = []
    return paths


def svg_paths(svg: bytes) -> list[list[Segment]]:
    """Every ``<path d=...>`` of an SVG page made of ``M``/``L`` commands, as segments
    in the viewBox's units."""
    out = []
    for d in re.findall(rb'<path d="([^"]*)"', svg):
        segments: list[Segment] = []
        point = None
        for cmd, x, y in re.findall(r"([ML])\s*(-?[\d.]+)[ ,](-?[\d.]+)", d.decode()):
            here = (float(x), float(y))
            if cmd == "L":
                assert point is not None
                segments.append((point, here))
            point = here
        out.append(segments)
    return out


def grid_path(paths: list[list[Segment]]) -> list[Segment]:
    """The hex grid: the path with the most segments."""
    return max(paths, key=len)


def across_flats(segments: list[Segment], orientation: str = "flat") -> list[float]:
    """Distances between the two parallel sides of each hex the grid closes: for a
    flat-topped grid, the gaps between horizontal sides stacked at the same x."""
    if orientation == "pointy":
        segments = [((a[1], a[0]), (b[1], b[0])) for a, b in segments]
    levels: dict[float, list[float]] = defaultdict(list)
    for (x1, y1), (x2, y2) in segments:
        if abs(y1 - y2) < 1e-6:
            levels[round((x1 + x2) / 2, 2)].append(y1)
    gaps = []
    for ys in levels.values():
        ys.sort()
        gaps.extend(b - a for a, b in itertools.pairwise(ys))
    return gaps


def side_lengths(segments: list[Segment]) -> set[float]:
    return {round(math.dist(a, b), 3) for a, b in segments}
