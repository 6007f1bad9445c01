"""``sheetgen map`` on the command line: the output format and readability warnings."""

from __future__ import annotations

import pytest

from sheetgen.draw.primitives import mm
from sheetgen.layout.maps import MapOptions


@pytest.mark.parametrize(("name", "fmt", "suffix"), [("m.pdf", "svg", "pdf"), ("m.svg", "pdf", "svg")])
def test_a_format_that_contradicts_the_file_name_is_refused(invoke, tmp_path, name, fmt, suffix):
    out = tmp_path / name
    result = invoke("map", "--cols", "3", "--rows", "3", "--format", fmt, "-o", out)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"sheetgen: error: -o {out} is a .{suffix} file but --format is {fmt}"
    ]
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_survives_a_contradicting_format(invoke, tmp_path):
    out = tmp_path / "m.pdf"
    out.write_bytes(b"earlier map")
    assert invoke("map", "--format", "svg", "-o", out).exit_code == 2
    assert out.read_bytes() == b"earlier map"


@pytest.mark.parametrize(
    ("name", "args", "start"),
    [
        ("m.pdf", [], b"%PDF-"),
        ("m.svg", [], b"<svg "),
        ("m.PDF", ["--format", "pdf"], b"%PDF-"),
        ("m.svg", ["--format", "SVG"], b"<svg "),
    ],
)
def test_the_format_follows_the_file_name(invoke, tmp_path, name, args, start):
    out = tmp_path / name
    result = invoke("map", "--cols", "3", "--rows", "3", *args, "-o", out)
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(start)


@pytest.mark.parametrize(
    ("name", "args"), [("m.jpg", []), ("m.jpg", ["--format", "pdf"]), ("map", ["--format", "svg"])]
)
def test_other_file_names_are_refused_even_with_a_format(invoke, tmp_path, name, args):
    out = tmp_path / name
    result = invoke("map", "--cols", "3", "--rows", "3", *args, "-o", out)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sheetgen: error: ")
    assert "name a .pdf or .svg or .png file (the name sets the format)" in lines[0]
    assert list(tmp_path.iterdir()) == []


# --- hex numbers too small to read --------------------------------------------------------------


def test_hex_numbers_under_4_pt_are_warned_of_once(invoke, tmp_path):
    out = tmp_path / "m.pdf"
    result = invoke("map", "--hex", "5mm", "--cols", "30", "--rows", "20", "-o", out)
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [
        "sheetgen: warning: hex numbers on 5 mm hexes print at 2.8 pt, too small to read; "
        "hexes of 20 pt (7.1 mm) or more print them at 4 pt or larger, or leave them off with --numbering none"
    ]
    assert out.exists()


@pytest.mark.parametrize(
    ("args", "warned"),
    [
        (["--hex", "19pt"], True),
        (["--hex", "20pt"], False),
        (["--hex", "7mm"], True),
        (["--hex", "5mm", "--numbering", "none"], False),
        ([], False),
    ],
)
def test_the_warning_starts_below_20_pt_hexes(invoke, tmp_path, args, warned):
    result = invoke("map", "--cols", "4", "--rows", "4", *args, "-o", tmp_path / "m.pdf")
    assert result.exit_code == 0, result.stderr
    assert ("warning: hex numbers" in result.stderr) is warned


def test_readability_warnings_from_the_library():
    from sheetgen.layout.maps import readability_warnings

    assert readability_warnings(MapOptions(hex_size=mm(25))) == []
    (line,) = readability_warnings(MapOptions(hex_size=mm(6)))
    assert "print at 3.4 pt" in line
    assert readability_warnings(MapOptions(hex_size=mm(6), numbering="none")) == []


# --- right-to-left names on the map -------------------------------------------------------------

RTL_SCENARIO = """\
scenario: מפגש
game: starfire
map:
  cols: 8
  rows: 6
  hex: 1in
  start:
    - {{ship: עוז, at: "0203", facing: NE}}
    - {{ship: صقر, at: "0703", facing: NW}}
sides:
  - name: A
    fleet:
      - design: {ship}
        names: [עוז]
  - name: B
    fleet:
      - design: {ship}
        names: [صقر]
"""


def test_right_to_left_ship_names_on_the_map_read_correctly(invoke, write, tmp_path):
    """Start labels and the title in Hebrew print right to left, Arabic joined, in both
    writers (the drawn strings, read left to right, are the names in display order)."""
    from sheetgen.draw.shaping import visual

    from tests.conftest import DESIGNS
    from tests.pdffonts import pdf_drawn_strings

    ship = DESIGNS / "starfire" / "ships" / "escort-picket.yaml"
    scenario = write("rtl.yaml", RTL_SCENARIO.format(ship=ship))
    out = tmp_path / "m.pdf"
    result = invoke("map", "--scenario", scenario, "-o", out)
    assert result.exit_code == 0, result.stderr
    drawn = pdf_drawn_strings(out.read_bytes())
    assert "זוע" in drawn and "שגפמ" in drawn
    assert visual("صقر") in drawn and visual("صقر") != "صقر"
    svg = tmp_path / "m.svg"
    assert invoke("map", "--scenario", scenario, "-o", svg).exit_code == 0
    text = svg.read_text()
    assert ">זוע<" in text and f">{visual('صقر')}<" in text and "bidi-override" in text


def test_a_bundled_scenario_is_named_as_kit_names_it(invoke, tmp_path):
    """``map --scenario convoy-raid`` reads the bundled scenario, as ``kit``, ``vassal`` and
    ``tts`` do (it was 'no such file')."""
    out = tmp_path / "map.pdf"
    r = invoke("map", "--scenario", "convoy-raid", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert out.read_bytes().startswith(b"%PDF")
