"""``sheetgen map --format png --vtt``: the bare grid image and the JSON beside it. The
grid's size, offset and shift are read back from the image's own pixels (the hex edges
found by scanning across it) and compared with what the JSON says, Foundry's and Roll20's
settings included."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

Invoke = Callable[..., Any]

#: Darker than this (0-255 grey) is ink: the hex edges, on the plain style's white.
INK = 215

CASES = {
    "flat-ul": ("flat", "ul", 7, 5),
    "flat-ll": ("flat", "ll", 6, 5),
    "pointy-ul": ("pointy", "ul", 6, 5),
    "pointy-ll": ("pointy", "ll", 5, 4),
}


def _runs(line: list[int]) -> list[tuple[int, int]]:
    """``(first, last)`` of each run of ink along ``line``."""
    runs, start = [], None
    for i, value in enumerate([*line, 255]):
        if value < INK and start is None:
            start = i
        elif value >= INK and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs


@pytest.fixture(scope="module")
def maps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Image.Image, dict[str, Any], Any]]:
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    tmp = tmp_path_factory.mktemp("vtt")
    out = {}
    for key, (orientation, origin, cols, rows) in CASES.items():
        png = tmp / f"{key}.png"
        args = ["map", "--cols", cols, "--rows", rows, "--hex", "0.75in", "--orientation", orientation]
        args += [
            "--origin",
            origin,
            "--numbering",
            "none",
            "--format",
            "png",
            "--vtt",
            "--dpi",
            "100",
            "-o",
            png,
        ]
        result = CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)
        assert result.exit_code == 0, result.stderr
        settings = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
        out[key] = (Image.open(png).convert("L"), settings, result)
    return out


@pytest.mark.parametrize("key", list(CASES))
def test_grid_size_and_offset_read_back_from_the_image(maps: dict[str, Any], key: str) -> None:
    image, settings, _ = maps[key]
    orientation = CASES[key][0]
    if orientation == "pointy":  # a pointy grid is a flat one turned a quarter: read it across
        image = image.transpose(Image.Transpose.TRANSPOSE)
    assert (settings["width"], settings["height"]) == (
        (image.width, image.height) if orientation == "flat" else (image.height, image.width)
    )
    flats = settings["hex"]["across_flats"]
    radius = settings["hex"]["across_corners"] / 2
    assert radius == pytest.approx(flats / math.sqrt(3), abs=1e-3)
    assert settings["hex"]["spacing"] == pytest.approx(1.5 * radius, abs=1e-3)
    first = settings["first_hex"]
    fx, fy = (first["x"], first["y"]) if orientation == "flat" else (first["y"], first["x"])
    assert first["label"] == "0101"
    # along the first column (its centre line): the flat edges, a hex apart, half a hex
    # either side of hex 0101's centre
    pixels = image.load()
    column = [pixels[math.floor(fx), y] for y in range(image.height)]
    edges = [(a + b) / 2 for a, b in _runs(column)]
    assert len(edges) >= 4
    gaps = [b - a for a, b in itertools.pairwise(edges)]
    assert all(abs(g - flats) <= 1.0 for g in gaps), gaps
    assert all(
        abs(((e - fy - flats / 2) / flats) - round((e - fy - flats / 2) / flats)) * flats <= 1.0
        for e in edges
    )
    # across hex 0101's centre: the flat edges between the next column's hexes, each run
    # centred on that column's centre line, 1.5 radii (``spacing``) from 0101's, then every
    # second column, three radii on; 0101's outer corner on the image's edge (offset 0)
    row = [pixels[x, math.floor(fy)] for x in range(image.width)]
    middles = sorted(
        ((a + b) / 2 for a, b in _runs(row) if b - a > radius / 2),  # edges, not corners
        key=lambda m: abs(m - fx),
    )
    assert len(middles) >= 2
    assert min(abs(fx - radius), abs(image.width - fx - radius)) < 1.0
    assert settings["offset"] == {"x": 0, "y": 0}
    assert abs(abs(middles[0] - fx) - settings["hex"]["spacing"]) <= 1.0
    assert all(abs(abs(b - a) - 3 * radius) <= 1.0 for a, b in itertools.pairwise(middles))
    # which columns (rows) sit half a hex out: the image's first column's top edge at the top
    # of the image when column 0 is the high one (odd columns down), half a hex lower if not
    line0 = _runs([pixels[math.floor(radius), y] for y in range(image.height)])
    shifted = "odd" if (line0[0][0] + line0[0][1]) / 2 < flats / 4 else "even"
    name, number = {
        ("flat", "odd"): ("HEXODDQ", 4),
        ("flat", "even"): ("HEXEVENQ", 5),
        ("pointy", "odd"): ("HEXODDR", 2),
        ("pointy", "even"): ("HEXEVENR", 3),
    }[(orientation, shifted)]
    foundry = settings["foundry"]
    assert foundry["grid_type"] == name
    assert foundry["scene"]["grid"] == {"type": number, "size": flats}
    assert foundry["scene"]["width"] == settings["width"] and foundry["scene"]["padding"] == 0
    assert foundry["scene"]["background"] == {"src": f"{key}.png", "offsetX": 0, "offsetY": 0}
    roll20 = settings["roll20"]
    assert roll20["grid_type"] == ("Hex (H)" if orientation == "flat" else "Hex (V)")
    assert roll20["cell_size"] == pytest.approx(flats / 70, abs=1e-4)
    assert roll20["page_width"] == pytest.approx(settings["width"] / 70, abs=1e-4)


def test_the_image_is_the_bare_grid(maps: dict[str, Any]) -> None:
    """No title band, margins or ruler: ink on all four edges of the image (the outer hexes),
    at the printed resolution within the half pixel a hex is rounded by."""
    image, settings, result = maps["flat-ul"]
    assert settings["hex"]["across_flats"] == 75  # 0.75 in at 100 dpi
    assert settings["pixels_per_inch"] == 100.0
    pixels = image.load()
    w, h = image.size
    assert min(pixels[x, 1] for x in range(w)) < INK and min(pixels[x, h - 2] for x in range(w)) < INK
    assert min(pixels[1, y] for y in range(h)) < INK and min(pixels[w - 2, y] for y in range(h)) < INK
    # 7 columns of 0.75 in hexes: 2 + 1.5 x 6 radii wide; 5 rows and a half high
    r = 75 / math.sqrt(3)
    assert w == math.ceil(11 * r) and h == math.ceil(5.5 * 75)
    assert "bare, for a virtual tabletop" in result.stderr


def test_vtt_needs_png(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("map", "--cols", "4", "--rows", "4", "--vtt", "-o", tmp_path / "m.pdf")
    assert r.exit_code == 2 and "--vtt is for --format png" in r.stderr
    assert not list(tmp_path.iterdir())


def test_a_map_of_layers_gives_an_image_a_layer_and_one_json(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "m.png"
    args = (
        "map",
        "--cols",
        "4",
        "--rows",
        "3",
        "--layers",
        "-1..0",
        "--format",
        "png",
        "--vtt",
        "--dpi",
        "30",
    )
    r = invoke(*args, "-o", out)
    assert r.exit_code == 0, r.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["m-01-hexgrid-minus1.png", "m-02-hexgrid-0.png", "m.json"]
    settings = json.loads((tmp_path / "m.json").read_text())
    assert settings["images"] == [
        {"layer": -1, "file": "m-01-hexgrid-minus1.png"},
        {"layer": 0, "file": "m-02-hexgrid-0.png"},
    ]
    first = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert invoke(*args, "-o", out).exit_code == 0
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == first  # same bytes again
