"""Page furniture of counter sheets: cut and crop marks, registration marks, the
fold line, the caption and the scale bar.

All in pt on the page (origin top-left, y down). Cut marks go on fronts only, so a
misregistered back never shows a stray line: ``lines`` strokes every cut path
once (shared edges drawn once when counters touch, found by
:func:`~sheetgen.draw.primitives.snap`); ``crop`` puts short marks in the
margins, clear of the art and its bleed, in line with every cut. Nothing comes
within :data:`~sheetgen.layout.counters.paper.EDGE` of the paper's edge.
"""

from __future__ import annotations

from sheetgen.draw.primitives import Circle, Lines, Primitive, Style, Text, snap
from sheetgen.layout.counters.paper import (
    CAPTION_BASELINE,
    CAPTION_SIZE,
    CAPTION_SMALLEST,
    CROP_GAP,
    CROP_LENGTH,
    EDGE,
    MARGIN,
    REGISTRATION_ARM,
    REGISTRATION_INSET,
    SCALE_BAR_TOP,
    Grid,
    SheetSpec,
)
from sheetgen.layout.text import fit_caption, text_width

__all__ = ["SCALE_BARS", "caption", "cut_marks", "fold_line", "registration", "scale_bars"]

_MARK = "#000000"
_CUT = "#7a7a7a"
#: Grey of the caption and of the fold line's and scale bar's labels.
_CAPTION = "#4d4d4d"


def cut_marks(used: list[tuple[int, int]], grid: Grid, spec: SheetSpec, fold: bool) -> list[Primitive]:
    """Cut lines along every cut path of the ``used`` (row, column) cells of ``grid``
    (each shared edge once, joined into one stroke per line when counters touch),
    or, for ``spec.cut == "crop"``, short crop marks in the margins in line with
    every cut, clear of the art and its bleed (none on the right of ``fold`` pages)."""
    if not used:
        return []
    s, p = spec.size, grid.pitch
    touching = spec.gap < 1e-9
    if spec.cut == "lines":
        segments: set[tuple[tuple[float, float], tuple[float, float]]] = set()
        for row, col in used:
            x, y = grid.x0 + col * p, grid.y0 + row * p
            for seg in (
                ((x, y), (x + s, y)),
                ((x, y + s), (x + s, y + s)),
                ((x, y), (x, y + s)),
                ((x + s, y), (x + s, y + s)),
            ):
                segments.add((snap(seg[0]), snap(seg[1])))
        merged = _merge(segments) if touching else sorted(segments)
        return [Lines(tuple(merged), Style(stroke=_CUT, width=0.3))]
    # crop marks: in line with every cut, outside the block and its bleed
    b = spec.bleed
    cols = sorted({c for _, c in used})
    rows = sorted({r for r, _ in used})
    top = grid.y0 - b
    bottom = grid.y0 + (grid.rows - 1) * p + s + b
    left = grid.x0 - b
    right = grid.x0 + (grid.cols // 2 - 1 if fold else grid.cols - 1) * p + s + b
    xs = sorted({round(grid.x0 + c * p + d, 4) for c in cols for d in (0.0, s)})
    ys = sorted({round(grid.y0 + r * p + d, 4) for r in rows for d in (0.0, s)})
    # short enough to stay below the caption and clear of the registration marks
    gap, length = CROP_GAP, CROP_LENGTH
    segs: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for x in xs:
        segs.append(((x, top - gap - length), (x, top - gap)))
        segs.append(((x, bottom + gap), (x, bottom + gap + length)))
    for y in ys:
        segs.append(((left - gap - length, y), (left - gap, y)))
        if not fold:
            segs.append(((right + gap, y), (right + gap + length, y)))
    return [Lines(tuple(segs), Style(stroke=_MARK, width=0.3))]


def _merge(
    segments: set[tuple[tuple[float, float], tuple[float, float]]],
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Join collinear touching segments so each cut line is one stroke."""
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for (x1, y1), (x2, y2) in segments:
        if y1 == y2:
            horizontal.setdefault(y1, []).append((min(x1, x2), max(x1, x2)))
        else:
            vertical.setdefault(x1, []).append((min(y1, y2), max(y1, y2)))
    out: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for y, spans in sorted(horizontal.items()):
        for a, b in _join(spans):
            out.append(((a, y), (b, y)))
    for x, spans in sorted(vertical.items()):
        for a, b in _join(spans):
            out.append(((x, a), (x, b)))
    return out


def _join(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    spans.sort()
    out = [spans[0]]
    for a, b in spans[1:]:
        if a <= out[-1][1] + 1e-6:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def registration(width: float, height: float, dx: float, dy: float) -> list[Primitive]:
    """Registration targets (ring and cross) at the four page corners, moved by (dx, dy).

    A moved target that would come within :data:`EDGE` of the paper's edge is left
    out (a home printer would not print it); the targets left still line up with
    the front's once the printer's misregistration is undone.
    """
    r, arm, pen = REGISTRATION_ARM * 0.65, REGISTRATION_ARM, 0.35
    style = Style(stroke=_MARK, width=pen)
    out: list[Primitive] = []
    segs = []
    for x in (REGISTRATION_INSET, width - REGISTRATION_INSET):
        for y in (REGISTRATION_INSET, height - REGISTRATION_INSET):
            cx, cy = x + dx, y + dy
            if min(cx, cy, width - cx, height - cy) - arm - pen / 2 < EDGE - 1e-9:
                continue
            out.append(Circle((cx, cy), r, style))
            segs.append(((cx - arm, cy), (cx + arm, cy)))
            segs.append(((cx, cy - arm), (cx, cy + arm)))
    if segs:
        out.append(Lines(tuple(segs), style))
    return out


def fold_line(width: float, height: float) -> list[Primitive]:
    """The fold line at the page's centre: short dash-dotted strokes in the top and
    bottom margins, below the caption and above the scale bar, labelled ``fold``."""
    x = width / 2
    style = Style(stroke=_MARK, width=0.4, dash=(3.0, 1.5, 0.8, 1.5))
    top, bottom = CAPTION_BASELINE + 2.5, MARGIN - 2.0
    return [
        Lines((((x, top), (x, bottom)), ((x, height - bottom), (x, height - top))), style),
        Text(x + 3, bottom, "fold", 6.0, "SheetSans", False, "start", _CAPTION),
    ]


def caption(
    width: float,
    height: float,
    title: str,
    rest: str,
    *,
    centred: bool = True,
    shift: float = 0.0,
    low: bool = False,
    scale_bar: bool = True,
) -> list[Primitive]:
    """The page caption ``title · rest`` in the top margin (the bottom one if
    ``low``) and the scale bars (:func:`scale_bars`) in the bottom margin (if ``scale_bar``), both
    centred between the registration marks (moved ``shift`` pt either way on
    backs), or from the left margin when not ``centred`` (fold-and-glue pages,
    which have no marks).

    The caption is shrunk (to :data:`CAPTION_SMALLEST` pt at least), then its
    title cut short with an ellipsis, so that it fits; the ``rest`` (which side,
    how to print) is kept whole.
    """
    if centred:
        room = width - 2 * (REGISTRATION_INSET + REGISTRATION_ARM + 4.0 + shift)
    else:
        room = width - 2 * MARGIN
    text, size = fit_caption(title, rest, room, CAPTION_SIZE, CAPTION_SMALLEST)
    out: list[Primitive] = [
        Text(
            width / 2 if centred else MARGIN,
            height - EDGE - 2.0 if low else CAPTION_BASELINE,
            text,
            size,
            "SheetSans",
            False,
            "middle" if centred else "start",
            _CAPTION,
        )
    ]
    if scale_bar:
        out += scale_bars(width / 2 if centred else None, height - SCALE_BAR_TOP + 3.0)
    return out


#: The scale bars on counter pages: (length in pt, ticks between, label).
SCALE_BARS = ((72.0, 1, "1 in"), (2 * 72.0 / 2.54, 2, "2 cm"))


def scale_bars(centre: float | None, y: float) -> list[Primitive]:
    """A 1 in and a 2 cm scale bar side by side along ``y`` (pt from the top), each with
    its end and unit ticks and its label, centred on ``centre`` or from the left margin
    (``None``): printed at 100 % each measures what it says, so a print scaled to fit
    the page shows at once in inches or centimetres."""
    label_w = [text_width(label, 5.5) for _, _, label in SCALE_BARS]
    gap = 14.0
    total = sum(length + 3.0 + w for (length, _, _), w in zip(SCALE_BARS, label_w, strict=True)) + gap
    x = MARGIN if centre is None else centre - total / 2
    style = Style(stroke=_MARK, width=0.5)
    out: list[Primitive] = []
    for (length, units, label), w in zip(SCALE_BARS, label_w, strict=True):
        ticks = tuple(
            ((x + length * k / units, y - 3), (x + length * k / units, y + 3)) for k in range(units + 1)
        )
        out += [
            Lines((((x, y), (x + length, y)), *ticks), style),
            Text(x + length + 3.0, y + 2.0, label, 5.5, "SheetSans", False, "start", _CAPTION),
        ]
        x += length + 3.0 + w + gap
    return out
