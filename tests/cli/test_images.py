"""``sheetgen counters --format png`` and ``sheetgen map ... .png``: one image per counter
face, the map as one image; exact pixel sizes, colours read back from the files."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from sheetgen.core.output import RECORD
from sheetgen.render.raster import pixels

ROOT = Path(__file__).resolve().parents[2]
SHIPS = ROOT / "designs" / "starfire" / "ships"
SCENARIO = ROOT / "designs" / "starfire" / "scenarios" / "small-task-groups.yaml"
BLUE, RED = (0x1F, 0x4E, 0x9C), (0xB3, 0x26, 0x1E)
NEUTRAL = (0xE8, 0xE8, 0xE8)

Invoke = Callable[..., Any]


def _image(path: Path) -> Image.Image:
    return Image.open(io.BytesIO(path.read_bytes())).convert("RGB")


@pytest.fixture(scope="module")
def faces(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The small task groups' counters and Starfire's markers as PNGs at 150 dpi, made once."""
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    out = tmp_path_factory.mktemp("faces") / "faces"
    result = CliRunner().invoke(
        app,
        ["counters", "--scenario", str(SCENARIO), "--markers", "starfire", "--format", "png", "-o", str(out)],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.stderr
    return out, result.stderr


def test_pixels_round_half_up() -> None:
    # 5/8 in at 150 dpi is 93.75 px: 94; 1/2 in at 150 dpi is 75 exactly; 0.3 in at 5 dpi 1.5: 2
    assert pixels(45.0, 150) == 94
    assert pixels(36.0, 150) == 75
    assert pixels(0.3 * 72, 5) == 2
    assert pixels(45.0, 300) == 188


def test_one_image_per_face_named_after_ship_or_marker(faces: tuple[Path, str]) -> None:
    out, stderr = faces
    names = sorted(p.name for p in out.iterdir() if p.name != RECORD)
    for side in ("player-a", "player-b"):
        assert f"{side}-shields-down-front.png" in names
    for ship in ("player-a-arrow", "player-a-hammer", "player-b-anvil", "player-b-pike"):
        assert f"{ship}-front.png" in names and f"{ship}-back.png" in names
    assert "damage-1-front.png" in names
    # the markers the scenario's ships can use: warp points are printed on the map, no counter
    assert "warp-point-back.png" not in names
    assert len(names) == len(set(names)) and len(names) % 2 == 0
    assert all(n.endswith(("-front.png", "-back.png")) for n in names)
    assert (
        "wrote 28 images" in stderr
    )  # 6 ships, 2 shields down, damage 1-6 and "94 x 94 px at 150 dpi" in stderr


def test_faces_are_94_px_at_150_dpi_in_the_side_colour(faces: tuple[Path, str]) -> None:
    out, _ = faces
    for path in (p for p in out.iterdir() if p.name != RECORD):
        image = _image(path)
        assert image.size == (94, 94), path.name
    for name, colour in (("player-a-arrow", BLUE), ("player-b-anvil", RED), ("damage-1", NEUTRAL)):
        for face in ("front", "back"):
            image = _image(out / f"{name}-{face}.png")
            # the corners are the counter's colour to the edge (the arrow and text are inside)
            for xy in ((0, 0), (93, 0), (0, 93), (93, 93), (47, 1)):
                assert image.getpixel(xy) == colour, (name, face, xy)
    front = _image(out / "player-a-arrow-front.png")
    # the facing arrow (light ink on blue) at the top centre
    assert front.getpixel((47, 10)) != BLUE


def test_face_images_carry_their_resolution(faces: tuple[Path, str]) -> None:
    out, _ = faces
    with Image.open(out / "player-a-arrow-front.png") as image:
        dpi = image.info["dpi"]
    assert [round(d) for d in dpi] == [150, 150]


def test_same_input_same_bytes_and_other_resolutions(invoke: Invoke, tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    ship = SHIPS / "corvette-arrow.yaml"
    for out in (a, b):
        assert invoke("counters", ship, "--format", "png", "--dpi", "300", "-o", out).exit_code == 0
    assert sorted(p.name for p in a.iterdir() if p.name != RECORD) == ["arrow-back.png", "arrow-front.png"]
    for p in (q for q in a.iterdir() if q.name != RECORD):
        assert p.read_bytes() == (b / p.name).read_bytes()
        assert _image(p).size == (188, 188)
    one = tmp_path / "one"
    args = ("counters", ship, "--format", "png", "--dpi", "96", "--size", "1in", "-o", one)
    assert invoke(*args).exit_code == 0
    assert _image(one / "arrow-front.png").size == (96, 96)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--dpi", "0"], "--dpi 0: choose 10 to 1200 dots per inch"),
        (["--dpi", "100000"], "--dpi 100000: choose 10 to 1200 dots per inch"),
        (["--dpi", "1.5"], "--dpi '1.5': not a whole number"),
        (["--dpi", "abc"], "--dpi 'abc': not a whole number"),
    ],
)
def test_bad_resolutions_are_one_line_and_exit_2(
    invoke: Invoke, tmp_path: Path, args: list[str], words: str
) -> None:
    out = tmp_path / "faces"
    result = invoke("counters", SHIPS / "corvette-arrow.yaml", "--format", "png", *args, "-o", out)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"sheetgen: error: {words}"]
    assert not out.exists()
    map_out = tmp_path / "m.png"
    result = invoke("map", "--cols", "3", "--rows", "3", *args, "-o", map_out)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"sheetgen: error: {words}"]
    assert not map_out.exists()


def test_copies_of_one_counter_are_written_once(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "faces"
    args = ("counters", SHIPS / "corvette-arrow.yaml", "--copies", "3", "--format", "png", "-o", out)
    result = invoke(*args)
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in out.iterdir() if p.name != RECORD) == ["arrow-back.png", "arrow-front.png"]
    assert "wrote 2 images" in result.stderr and "(1 counters;" in result.stderr


def test_png_faces_need_a_folder(invoke: Invoke, tmp_path: Path) -> None:
    ship = SHIPS / "corvette-arrow.yaml"
    existing = tmp_path / "c.png"
    existing.write_bytes(b"earlier")
    result = invoke("counters", ship, "--format", "png", "-o", existing)
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("sheetgen: error: ") and "give a folder" in line
    assert existing.read_bytes() == b"earlier"
    result = invoke("counters", ship, "--format", "png", "-o", tmp_path / "no" / "such")
    assert result.exit_code == 2
    assert "does not exist" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    # an existing folder is written into without --format
    folder = tmp_path / "faces"
    folder.mkdir()
    assert invoke("counters", ship, "-o", folder).exit_code == 0
    assert (folder / "arrow-front.png").is_file()


def test_dpi_is_only_for_png(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("counters", SHIPS / "corvette-arrow.yaml", "--dpi", "150", "-o", tmp_path / "c.pdf")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == ["sheetgen: error: --dpi is for --format png"]
    result = invoke("map", "--cols", "3", "--rows", "3", "--dpi", "150", "-o", tmp_path / "m.pdf")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == ["sheetgen: error: --dpi is for --format png"]
    assert not any(tmp_path.iterdir())


def test_map_png_is_one_image_of_the_fit_page(invoke: Invoke, tmp_path: Path) -> None:
    from sheetgen.layout.maps import MapOptions, plan_pages

    out = tmp_path / "map.png"
    result = invoke("map", "--cols", "4", "--rows", "3", "--hex", "1in", "--dpi", "100", "-o", out)
    assert result.exit_code == 0, result.stderr
    plan = plan_pages(MapOptions(cols=4, rows=3, hex_size=72.0, paper="fit"))
    image = _image(out)
    assert image.size == (pixels(plan.width, 100), pixels(plan.height, 100))
    assert image.getpixel((2, 2)) == (255, 255, 255)  # plain style: the paper
    greys = {image.getpixel((x, y)) for x in range(0, image.width, 3) for y in range(0, image.height, 3)}
    assert (0x7A, 0x7A, 0x7A) in greys or any(g[0] == g[1] == g[2] and 100 < g[0] < 200 for g in greys)
    again = tmp_path / "again.png"
    invoke("map", "--cols", "4", "--rows", "3", "--hex", "1in", "--dpi", "100", "-o", again)
    assert again.read_bytes() == out.read_bytes()


def test_starfield_map_png_background(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "stars.png"
    args = ("map", "--cols", "3", "--rows", "3", "--style", "starfield", "--dpi", "50", "-o", out)
    assert invoke(*args).exit_code == 0
    from sheetgen.layout.maps import MapOptions, plan_pages
    from sheetgen.layout.maps.grid import Grid
    from sheetgen.layout.maps.plan import HEADER, MARGIN

    opts = MapOptions(cols=3, rows=3, paper="fit", style="starfield")
    plan = plan_pages(opts)
    grid = Grid(3, 3, 72.0)
    x = MARGIN + (plan.width - 2 * MARGIN - grid.width) / 2
    cx, cy = grid.center(1, 1)
    # a point inside hex 0202 between its number and its centre: the starfield's ground (or a star)
    image = _image(out)
    px = image.getpixel((round((x + cx) * 50 / 72), round((MARGIN + HEADER + cy + 12) * 50 / 72)))
    assert px[2] < 120 and px[0] < 120  # dark navy, not the white paper
    assert image.getpixel((1, 1)) == (255, 255, 255)


def test_too_many_pixels_are_refused(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "big.png"
    result = invoke("map", "--cols", "100", "--rows", "100", "--dpi", "1200", "-o", out)
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert "megapixels" in line and "--dpi" in line
    assert not out.exists()


def test_images_that_cannot_all_be_written_leave_nothing(
    invoke: Invoke, tmp_path: Path, disk_fills: Callable[[int], Callable[[], None]]
) -> None:
    """One image a face, all or none: when the disk fills at the third image, no image is left,
    nor the folder made for them (the same writer puts a map's pages in place)."""
    disk_fills(3)
    out = tmp_path / "faces"
    r = invoke("counters", "--scenario", SCENARIO, "--format", "png", "-o", out)
    assert r.exit_code == 2 and r.stderr.strip().endswith(": cannot write: No space left on device")
    assert list(tmp_path.iterdir()) == []
