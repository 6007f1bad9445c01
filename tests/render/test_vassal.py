"""The VASSAL module: opened as a zip, its build file parsed, its grid checked against
VASSAL's own arithmetic (re-implemented here from VASSAL's source, independently of
sheetgen.render.vassal_grid) and against the hex numbers printed on the map."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from sheetgen.core.hexlabel import hex_label
from sheetgen.layout.counters import kit_counter_size
from sheetgen.render.raster import pixels
from sheetgen.render.vassal import Module, facing_index, sequence, vassal_module
from sheetgen.scenarios.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "designs" / "starfire" / "scenarios"
SHIPS = ROOT / "designs" / "starfire" / "ships"
FLANK = ROOT / "designs" / "knight-hawks-2000" / "scenarios" / "flank-action.yaml"
V = "VASSAL.build."

# Scenarios on every kind of grid: flat and pointy, numbered from the upper and the lower
# left, odd and even sizes (a pointy map numbered from below shifts by its row count).
_CUSTOM = """\
scenario: {name}
game: starfire
map:
  cols: {cols}
  rows: {rows}
  hex: {hex}
  orientation: {orientation}
  origin: {origin}
  start:
{starts}
sides:
  - name: Blue
    colour: "#1f4e9c"
    fleet:
      - design: {ships}/corvette-arrow.yaml
        count: 2
        names: [Arrow, Dart]
  - name: Red
    colour: "#b3261e"
    fleet:
      - design: {ships}/corvette-lance.yaml
        count: 2
        names: [Lance, Pike]
"""

GRIDS = {
    "flat-ll": ("flat", "ll", 9, 7, "0.75in", ["0101", "0907", "0202", "0506"], ["N", "SE", "SW", "NW"]),
    "pointy-ul": ("pointy", "ul", 8, 6, "1in", ["0101", "0806", "0302", "0405"], ["E", "NE", "W", "SE"]),
    "pointy-ll-odd": ("pointy", "ll", 7, 5, "25mm", ["0101", "0705", "0202", "0403"], ["NW", "SW", "E", "W"]),
    "pointy-ll-even": ("pointy", "ll", 6, 6, "1in", ["0101", "0606", "0102", "0503"], ["E", "E", "W", "W"]),
    # three-digit numbers (001001): hLeading and vLeading 2
    "wide-ll": (
        "flat",
        "ll",
        101,
        3,
        "5mm",
        ["[1, 1]", "[101, 3]", "[50, 2]", "[99, 1]"],
        ["S", "N", "NE", "SE"],
    ),
}


def _custom(tmp: Path, key: str) -> Path:
    orientation, origin, cols, rows, size, hexes, facings = GRIDS[key]
    names = ["Arrow", "Dart", "Lance", "Pike"]
    starts = "\n".join(
        f"    - {{ship: {n}, at: {h if h.startswith('[') else repr(h)}, facing: {f}}}"
        for n, h, f in zip(names, hexes, facings, strict=True)
    )
    path = tmp / f"{key}.yaml"
    path.write_text(
        _CUSTOM.format(
            name=key,
            cols=cols,
            rows=rows,
            hex=size,
            orientation=orientation,
            origin=origin,
            starts=starts,
            ships=SHIPS,
        ),
        encoding="utf-8",
    )
    return path


@dataclass
class Built:
    scenario: Scenario
    module: Module
    zip: zipfile.ZipFile
    build: ET.Element


def _load(path: Path) -> Scenario:
    loaded, result = load_scenario(path)
    assert loaded is not None and not result.input_errors, result.input_errors
    return loaded


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """Each grid kind's module, built once (without record sheets: they are the CLI test's)."""
    tmp = tmp_path_factory.mktemp("vassal")
    paths = {"small-task-groups": SCENARIOS / "small-task-groups.yaml", "flank-action": FLANK}
    paths |= {key: _custom(tmp, key) for key in GRIDS}
    out = {}
    for key, path in paths.items():
        scenario = _load(path)
        module = vassal_module(scenario, dpi=100 if key == "flank-action" else 150)
        archive = zipfile.ZipFile(io.BytesIO(module.data))
        out[key] = Built(scenario, module, archive, ET.fromstring(archive.read("buildFile.xml")))
    return out


KEYS = ["small-task-groups", "flank-action", *GRIDS]


# --- VASSAL's arithmetic, from its source -----------------------------------------------------


def decode(text: str, delimiter: str) -> list[str]:
    """``VASSAL.tools.SequenceEncoder.Decoder``: tokens split at unescaped delimiters."""
    tokens, current, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] == delimiter:
            current.append(delimiter)
            i += 2
            continue
        if ch == delimiter:
            tokens.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    tokens.append("".join(current))
    return [t[1:-1] if len(t) > 1 and t[0] == "'" and t[-1] == "'" else t for t in tokens]


@dataclass(frozen=True)
class VGrid:
    """``HexGrid`` and ``HexGridNumbering`` as read from the build file."""

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool
    first: str
    h_off: int
    v_off: int
    h_lead: int
    v_lead: int
    h_desc: bool
    v_desc: bool
    stagger: bool
    sep: str
    board_w: int
    board_h: int

    def _rot(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def centre_raw(self, nx: int, ny: int) -> tuple[int, int]:
        """``HexGrid.hexPointCenterFromRawIndex``, rotated back."""
        x = int(self.dx * nx + self.x0)
        y = int(self.dy * ny + self.y0) if nx % 2 == 0 else int(self.dy * ny + int(self.dy / 2) + self.y0)
        return self._rot(x, y)

    def snap(self, px: float, py: float) -> tuple[int, int]:
        """The centre nearest the point (the hex holding it), VASSAL's raw centres."""
        x, y = self._rot(int(px), int(py)) if not self.sideways else (int(py), int(px))
        nx0 = math.floor((x - self.x0) / self.dx + 0.5)
        best = None
        for nx in (nx0 - 1, nx0, nx0 + 1):
            base = self.y0 + (0 if nx % 2 == 0 else int(self.dy / 2))
            ny0 = math.floor((y - base) / self.dy + 0.5)
            for ny in (ny0 - 1, ny0, ny0 + 1):
                cx, cy = self.centre_raw(nx, ny)
                d = (cx - px) ** 2 + (cy - py) ** 2
                if best is None or d < best[0]:
                    best = (d, (cx, cy))
        assert best is not None
        return best[1]

    def raw_column(self, x: int, y: int) -> int:
        """``HexGrid.getRawColumn``."""
        rx, _ = self._rot(x, y)
        return math.floor((rx - self.x0) / self.dx + 0.5)

    def raw_row(self, x: int, y: int) -> int:
        """``HexGrid.getRawRow``."""
        rx, ry = self._rot(x, y)
        nx = math.floor((rx - self.x0) / self.dx + 0.5)
        if nx % 2 == 0:
            return math.floor((ry - self.y0) / self.dy + 0.5)
        return math.floor((ry - self.y0 - self.dy / 2) / self.dy + 0.5)

    def max_rows(self) -> int:
        return math.floor(self.board_h / self.dx + 0.5)

    def max_columns(self) -> int:
        return math.floor(self.board_w / self.dy + 0.5)

    def name(self, n: int, leading: int) -> str:
        """``RegularGridNumbering.getName`` for numeric names."""
        val = "-" if n < 0 else ""
        n = abs(n)
        while leading > 0 and n < 10.0**leading:
            val += "0"
            leading -= 1
        return val + str(n)

    def location(self, x: int, y: int) -> str:
        """``HexGridNumbering.getRow``/``getColumn`` and ``RegularGridNumbering.getName``."""
        ny = self.raw_row(x, y)
        if self.v_desc and not self.sideways:
            ny = self.max_rows() - ny
        if self.h_desc and self.sideways:
            ny = self.max_columns() - ny
        if self.stagger and self.raw_column(x, y) % 2 != 0:
            ny += -1 if (self.h_desc if self.sideways else self.v_desc) else 1
        col = self.raw_column(x, y)
        if self.v_desc and self.sideways:
            col = self.max_rows() - col
        if self.h_desc and not self.sideways:
            col = self.max_columns() - col
        row_name = self.name(ny + self.v_off, self.v_lead)
        col_name = self.name(col + self.h_off, self.h_lead)
        return col_name + self.sep + row_name if self.first == "H" else row_name + self.sep + col_name


def _maps(built: Built) -> list[ET.Element]:
    return built.build.findall(f"{V}module.Map")


def _grid(built: Built, vmap: ET.Element) -> VGrid:
    board = vmap.find(f"{V}module.map.BoardPicker/{V}module.map.boardPicker.Board")
    assert board is not None
    grid = board.find(f"{V}module.map.boardPicker.board.HexGrid")
    assert grid is not None
    numbering = grid.find(f"{V}module.map.boardPicker.board.mapgrid.HexGridNumbering")
    assert numbering is not None
    with Image.open(io.BytesIO(built.zip.read(f"images/{board.get('image')}"))) as image:
        width, height = image.size
    g, n = grid.attrib, numbering.attrib
    return VGrid(
        float(g["dx"]),
        float(g["dy"]),
        int(g["x0"]),
        int(g["y0"]),
        g["sideways"] == "true",
        n["first"],
        int(n["hOff"]),
        int(n["vOff"]),
        int(n["hLeading"]),
        int(n["vLeading"]),
        n["hDescend"] == "true",
        n["vDescend"] == "true",
        n["stagger"] == "true",
        n["sep"],
        width,
        height,
    )


def _slot_piece(text: str) -> dict[str, Any]:
    """A PieceSlot's ``+/id/type/state`` read back: traits' types and states, outermost first."""
    assert text.startswith("+/")
    _id, piece_type, state = decode(text[2:], "/")
    types, states = [], []
    while True:
        parts = decode(piece_type, "\t")
        sparts = decode(state, "\t")
        types.append(parts[0])
        states.append(sparts[0])
        if len(parts) == 1:
            break
        piece_type, state = parts[1], sparts[1]
    basic = decode(types[-1][len("piece;") :], ";")
    emb = next(t for t in types if t.startswith("emb2;"))
    emb_fields = decode(emb[len("emb2;") :], ";")
    rotate = next((t for t in types if t.startswith("rotate;")), None)
    rotate_state = states[types.index(rotate)] if rotate else None
    return {
        "name": basic[3],
        "images": decode(emb_fields[15], ","),
        "flip": emb_fields[27],
        "angles": int(decode(rotate[len("rotate;") :], ";")[0]) if rotate else 0,
        "facing": int(rotate_state) if rotate_state is not None else None,
        "gpid": decode(states[-1], ";")[3],
    }


# --- the archive --------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_every_ship_has_a_piece_with_both_faces(modules: dict[str, Built], key: str) -> None:
    built = modules[key]
    palette = built.build.find(f"{V}module.PieceWindow")
    assert palette is not None
    pieces = [_slot_piece(slot.text or "") for slot in palette.iter(f"{V}widget.PieceSlot")]
    names = [p["name"] for p in pieces]
    for ship in built.scenario.ships:
        assert ship.name in names, ship.name
        piece = pieces[names.index(ship.name)]
        front, back = piece["images"]
        assert front != back and front.endswith("-front.png") and back.endswith("-back.png")
        assert piece["flip"] == "70,130"  # Ctrl+F steps to the next face
    markers = [p for p in pieces if p["angles"] == 0]
    assert len(markers) == len(built.scenario.game.markers()) or len(markers) > 0
    gpids = [slot.get("gpid") for slot in built.build.iter(f"{V}widget.PieceSlot")]
    assert len(gpids) == len(set(gpids))
    assert all(p["gpid"] == g for p, g in zip(pieces, gpids, strict=False))
    assert int(built.build.get("nextPieceSlotId", "0")) > max(int(g or 0) for g in gpids)


@pytest.mark.parametrize("key", KEYS)
def test_every_image_named_is_in_the_archive_at_its_documented_size(
    modules: dict[str, Built], key: str
) -> None:
    built = modules[key]
    archive = set(built.zip.namelist())
    dpi = built.module.boards[0][1].dpi
    edge = pixels(kit_counter_size(built.scenario)[0], dpi)
    named: set[str] = set()
    for slot in built.build.iter(f"{V}widget.PieceSlot"):
        assert (slot.get("width"), slot.get("height")) == (str(edge), str(edge))
        for image in _slot_piece(slot.text or "")["images"]:
            named.add(image)
            with Image.open(io.BytesIO(built.zip.read(f"images/{image}"))) as im:
                assert im.size == (edge, edge), image
    for board in built.build.iter(f"{V}module.map.boardPicker.Board"):
        name = f"images/{board.get('image')}"
        assert name in archive
        b = built.module.boards[0][1]
        with Image.open(io.BytesIO(built.zip.read(name))) as im:
            assert im.size == (b.width, b.height)
        # the documented size: the fit page less the fraction of a pixel cut off its corner
        from sheetgen.layout.maps import map_options, plan_pages

        plan = plan_pages(replace(map_options(built.scenario, paper="fit"), paper="fit"))
        assert abs(b.width - plan.width * dpi / 72) <= 1.5 and abs(b.height - plan.height * dpi / 72) <= 1.5
        assert b.width == pixels(plan.width - b.left, dpi) and 0 <= b.left * dpi / 72 < 1
    assert all(f"images/{n}" in archive for n in named)
    assert "buildFile.xml" in archive and "moduledata" in archive


def test_the_module_metadata_comes_from_the_scenario(modules: dict[str, Built]) -> None:
    built = modules["small-task-groups"]
    assert built.build.tag == f"{V}GameModule"
    assert built.build.get("name") == "Small task groups"
    assert built.build.get("description", "").startswith("Both fleets send a destroyer")
    data = ET.fromstring(built.zip.read("moduledata"))
    assert data.tag == "data" and data.findtext("name") == "Small task groups"
    assert data.findtext("version") == built.build.get("version")
    roster = [e.text for e in built.build.iter("entry")]
    assert roster == ["Player A", "Player B"]


# --- where the pieces start, and the numbering ----------------------------------------------------


@pytest.mark.parametrize("key", KEYS)
def test_starts_are_hex_centres_named_as_printed(modules: dict[str, Built], key: str) -> None:
    built = modules[key]
    starts = {s.label: s for s in built.scenario.map.plan.starts}
    layered = len(_maps(built)) > 1
    seen = 0
    for vmap in _maps(built):
        grid = _grid(built, vmap)
        for stack in vmap.iter(f"{V}module.map.SetupStack"):
            start = starts[stack.get("name", "")]
            x, y = int(stack.get("x", "")), int(stack.get("y", ""))
            assert grid.snap(x, y) == (x, y)  # a VASSAL hex centre
            label = hex_label(start.at.col, start.at.row, "xxyy", grid.h_lead + 1)
            assert grid.location(x, y) == label == stack.get("location")
            (slot,) = stack.iter(f"{V}widget.PieceSlot")
            piece = _slot_piece(slot.text or "")
            assert piece["name"] == start.label
            assert piece["facing"] == facing_index(start.facing, built.scenario.map.orientation)
            if layered:
                assert start.layer == built.module.boards[_maps(built).index(vmap)][0]
            seen += 1
    assert seen == len(starts)


def test_facings_turn_clockwise_from_the_arrow() -> None:
    # FreeRotator: index i of n is i * 360 / n degrees clockwise; the counter's arrow points up
    assert [facing_index(f, "flat") for f in ("N", "NE", "SE", "S", "SW", "NW")] == [0, 1, 2, 3, 4, 5]
    assert [facing_index(f, "pointy") for f in ("NE", "E", "SE", "SW", "W", "NW")] == [1, 3, 5, 7, 9, 11]


def _printed(scenario: Scenario, labels: list[str]) -> dict[str, tuple[float, float]]:
    """Where the printed map puts each hex number: the middle of its text, in pt from the
    page's top left, read back from the map's one-page PDF."""
    import pypdfium2 as pdfium

    from sheetgen.draw.pdf import to_pdf
    from sheetgen.layout.maps import FOOTER, HEADER, MARGIN, layout_map, map_options

    opts = replace(map_options(scenario, paper="fit"), paper="fit", layers=(scenario.map.layers[0],))
    document = pdfium.PdfDocument(to_pdf(layout_map(opts)))
    out = {}
    try:
        page = document[0]
        height = page.get_height()
        text = page.get_textpage()
        for label in labels:
            searcher = text.search(label, match_whole_word=True)
            while (found := searcher.get_next()) is not None:
                index, count = found
                boxes = [text.get_charbox(i) for i in range(index, index + count)]
                x = (min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2
                y = height - (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2
                # the hex's own number, not the page's title band or scale band naming it
                if MARGIN + HEADER < y < height - MARGIN - FOOTER:
                    out[label] = (x, y)
                    break
            assert label in out, label
    finally:
        document.close()
    return out


@pytest.mark.parametrize("key", KEYS)
def test_corner_and_start_hexes_are_numbered_as_printed(modules: dict[str, Built], key: str) -> None:
    """Every corner hex's and start hex's printed number lies in the hex VASSAL gives
    that number, and VASSAL's centre of that hex is the centre the image shows (to its
    whole-pixel truncation)."""
    built = modules[key]
    spec = built.scenario.map
    width = max(2, len(str(max(spec.cols, spec.rows))))
    corners = [(0, 0), (spec.cols - 1, 0), (0, spec.rows - 1), (spec.cols - 1, spec.rows - 1)]
    cells = corners + [s.at.cell for s in spec.plan.starts if s.layer == spec.layers[0]]
    labels = [hex_label(c, r, "xxyy", width) for c, r in cells]
    printed = _printed(built.scenario, labels)
    board = built.module.boards[0][1]
    grid = _grid(built, _maps(built)[0])
    s = board.dpi / 72
    for (col, row), label in zip(cells, labels, strict=True):
        px, py = printed[label]
        x, y = (px - board.left) * s, (py - board.top) * s
        cx, cy = grid.snap(x, y)  # the hex holding the printed number
        assert grid.location(cx, cy) == label
        # the image's centre of that hex (from the map's own geometry): VASSAL truncates its
        # centres to whole pixels, and the half-hex shift of every other line too, so it is
        # up to a pixel left of or above it, two along the shifted lines
        ix, iy = board.image_centre(col, row)
        assert 0 <= ix - cx < 2 and 0 <= iy - cy < 2, (label, (cx, cy), (ix, iy))


@pytest.mark.parametrize("key", ["small-task-groups", "pointy-ll-odd", "flat-ll"])
def test_the_board_image_shows_hex_edges_where_the_grid_puts_them(
    modules: dict[str, Built], key: str
) -> None:
    built = modules[key]
    grid = _grid(built, _maps(built)[0])
    vmap = _maps(built)[0]
    board_el = vmap.find(f"{V}module.map.BoardPicker/{V}module.map.boardPicker.Board")
    assert board_el is not None
    with Image.open(io.BytesIO(built.zip.read(f"images/{board_el.get('image')}"))) as im:
        image = im.convert("L")
    radius = grid.dy / math.sqrt(3)  # centre to corner, from the grid's own hex height
    for stack in vmap.iter(f"{V}module.map.SetupStack"):
        x, y = int(stack.get("x", "")), int(stack.get("y", ""))
        # the two corners along the grid's columns (left/right when flat, up/down when pointy)
        for sign in (-1, 1):
            ex, ey = (x + sign * radius, y) if not grid.sideways else (x, y + sign * radius)
            near = [
                image.getpixel((round(ex) + dx, round(ey) + dy)) for dx in range(-2, 3) for dy in range(-2, 3)
            ]
            assert min(near) < 200, (stack.get("name"), sign)  # a grid line (grey on white or tint)


# --- the command line -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cli_module(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    out = tmp_path_factory.mktemp("vmod") / "game.vmod"
    args = ["vassal", str(SCENARIOS / "small-task-groups.yaml"), "-o", str(out)]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    return out, result.stderr


def test_the_verb_writes_a_module_with_sheets_and_card(cli_module: tuple[Path, str]) -> None:
    out, stderr = cli_module
    with zipfile.ZipFile(out) as archive:
        names = set(archive.namelist())
        build = ET.fromstring(archive.read("buildFile.xml"))
        assert archive.read("record-sheets.pdf").startswith(b"%PDF-")
        assert archive.read("reference-card.pdf").startswith(b"%PDF-")
    pdfs = [e.get("pdfFile") for e in build.iter(f"{V}module.documentation.BrowserPDFFile")]
    assert pdfs == ["record-sheets.pdf", "reference-card.pdf"]
    charts = [e.get("fileName") for e in build.iter(f"{V}widget.Chart")]
    # the Starfire card prints on two pages: a chart tab for each
    assert charts == ["reference-card-1.png", "reference-card-2.png"]
    assert all(f"images/{c}" in names for c in charts)
    import pypdfium2 as pdfium

    with zipfile.ZipFile(out) as archive:
        card = pdfium.PdfDocument(archive.read("reference-card.pdf"))
        try:
            for i, chart in enumerate(charts):
                width, height = card[i].get_size()
                with Image.open(io.BytesIO(archive.read(f"images/{chart}"))) as image:
                    assert image.size == (pixels(width, 150), pixels(height, 150))
        finally:
            card.close()
    assert "6 ships (6 placed)" in stderr


def test_same_scenario_same_bytes(
    cli_module: tuple[Path, str], invoke: Callable[..., Any], tmp_path: Path
) -> None:
    out, _ = cli_module
    again = tmp_path / "again.vmod"
    assert invoke("vassal", SCENARIOS / "small-task-groups.yaml", "-o", again).exit_code == 0
    assert again.read_bytes() == out.read_bytes()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-o", "game.zip"], "name a .vmod file (the name sets the format)"),
        (["-o", "game.vmod", "--dpi", "0"], "--dpi 0: choose 10 to 1200 dots per inch"),
        (["-o", "no/such/game.vmod"], "does not exist"),
        (["-o", "game.vmod", "--dpi", "1200"], "at most 50 megapixels an image: choose a lower --dpi"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    invoke: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("vassal", SCENARIOS / "small-task-groups.yaml", *args)
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("sheetgen: error: ") and words in line
    assert not any(tmp_path.iterdir())


def test_a_scenario_that_breaks_a_rule_is_exit_1(invoke: Callable[..., Any], tmp_path: Path) -> None:
    path = _custom(tmp_path, "flat-ll")
    path.write_text(
        path.read_text(encoding="utf-8") + "placement:\n  - {distance: [Arrow, Lance], exactly: 99}\n",
        encoding="utf-8",
    )
    out = tmp_path / "g.vmod"
    result = invoke("vassal", path, "-o", out)
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert "[SCENARIO]" in lines[0] and lines[-1].endswith(f"sheetgen validate {path} lists them all)")
    assert not out.exists()


def test_a_bundled_scenario_by_name(invoke: Callable[..., Any], tmp_path: Path) -> None:
    result = invoke("vassal", "no-such-scenario", "-o", tmp_path / "g.vmod")
    assert result.exit_code == 2
    (line,) = result.stderr.strip().splitlines()
    assert "no such scenario file, nor a bundled scenario of that name" in line
    assert not any(tmp_path.iterdir())


def test_an_unreadable_scenario_is_exit_2(invoke: Callable[..., Any], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("scenario: [\n", encoding="utf-8")
    result = invoke("vassal", bad, "-o", tmp_path / "g.vmod")
    assert result.exit_code == 2
    assert result.stderr.strip().startswith(str(bad)) and "Traceback" not in result.stderr
    assert not (tmp_path / "g.vmod").exists()


def test_sequence_encoding_round_trips() -> None:
    for items, delim in ((["a;b", "", "\\x", "'q'"], ";"), (["x\ty", "z"], "\t"), (["1/2", "a"], "/")):
        assert decode(sequence(items, delim), delim) == items
