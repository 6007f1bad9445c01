"""``--press-standard x1a``: PDF/X-1a:2003 press files (issue 27; DriveThruCards asks for
them). No transparency (sheetgen's maps draw their glazes opaque, so every output can be
one), PDF 1.4, named as PDF/X-1a:2003; a PDF with transparency is refused in one line."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from sheetgen.draw.pdf import to_pdf
from sheetgen.layout.maps import layout_map, map_options
from sheetgen.render import press
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS
from tests.test_press_units import _sample

Invoke = Callable[..., Any]
ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"


def test_x1a_is_pdf_1_4_named_pdfx1a_2003() -> None:
    reader = PdfReader(io.BytesIO(press.to_press(_sample(), title="t", standard="x1a")))
    assert reader.pdf_header == "%PDF-1.4"
    assert reader.metadata is not None and reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    assert b"<pdfxid:GTS_PDFXVersion>PDF/X-1a:2003</pdfxid:GTS_PDFXVersion>" in xmp
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    assert intent.get_object()["/OutputConditionIdentifier"] == "CGATS TR 006"


def test_x1a_refuses_transparency_in_one_line() -> None:
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(200, 100))
    canvas.setFillColorRGB(0.2, 0.4, 0.8, alpha=0.5)
    canvas.rect(10, 10, 20, 20, fill=1)
    canvas.save()
    press.to_press(out.getvalue(), title="t")  # PDF/X-4 takes it
    with pytest.raises(press.PressError) as caught:
        press.to_press(out.getvalue(), title="t", standard="x1a")
    assert str(caught.value) == (
        "PDF/X-1a allows no transparency, and page 1 has an opacity below 1: use PDF/X-4"
    )


def test_maps_draw_no_transparency() -> None:
    """The assembly index's tile glazes and a planet's shading are opaque colours (they
    were 12 % and 60 % fills): a map can be PDF/X-1a."""
    scenario, _ = load_scenario(DESIGNS / "starfire" / "scenarios" / "warp-point-assault.yaml")
    assert scenario is not None
    drawing = layout_map(map_options(scenario))
    assert any(f.kind == "planet" for f in map_options(scenario).plan.features)
    assert all(
        item.style.opacity == 1 for page in drawing.pages for item in page.items if hasattr(item, "style")
    )
    reader = PdfReader(io.BytesIO(to_pdf(drawing)))
    for page in reader.pages:
        assert press._transparency(page.indirect_reference, set()) == ""


def test_press_standard_on_the_command_line(invoke: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "c.pdf"
    assert invoke("counters", ARROW, "--press-standard", "x1a", "-o", out).exit_code == 0
    assert PdfReader(out).pdf_header == "%PDF-1.4"
    bad = tmp_path / "d.pdf"
    result = invoke("counters", ARROW, "--press-standard", "x3", "-o", bad)
    assert result.exit_code == 2 and not bad.exists()
    assert result.stderr.strip() == "sheetgen: error: --press-standard: 'x3' is not one of x4, x1a"


def _spaces(data: bytes) -> set[str]:
    """The families of the named colour spaces the pages' resources declare."""
    out = set()
    for page in PdfReader(io.BytesIO(data)).pages:
        spaces = page["/Resources"].get("/ColorSpace")
        for space in spaces.get_object().values() if spaces is not None else []:
            out.add(str(space.get_object()[0]))
    return out


def test_x1a_drops_the_unused_lab_spaces_weasyprint_declares_and_every_press_file_has_an_id() -> None:
    from weasyprint import HTML

    data = HTML(string="<p style='color: #333'>Hammer</p>").write_pdf()
    assert data is not None and "/Lab" in _spaces(data)  # what WeasyPrint declares for CSS colours
    x1a = press.to_press(data, title="t", standard="x1a")
    assert "/Lab" not in _spaces(x1a)
    for pressed in (x1a, press.to_press(data, title="t")):
        reader = PdfReader(io.BytesIO(pressed))
        first, second = reader.trailer["/ID"]
        assert first == second and first
    assert press.to_press(data, title="t") == press.to_press(data, title="t")  # same input, same file


#: A damaged ship of each game: its record sheet crosses boxes off (``condition:``).
DAMAGED = {
    "starfire": (
        None,
        "game: starfire\nname: Hammer\nhull: DD\nsystems: SSSAAA(I)(I)(I)(I)(I)QQYDDRRL\n"
        "munitions: {R: 12}\ncondition:\n  destroyed: [4, 5, 7]\n  offline: [1, 2, 3]\n",
    ),
    "knight-hawks-2000": (
        "knight-hawks-2000/ships/leviathan.yaml",
        "condition:\n  structure_points: 1200\n  damaged: [sensors]\n  launched: {SM: 2}\n",
    ),
    "space-cruisers": (
        "space-cruisers/ships/gull.yaml",
        "condition:\n  hull_points: -1\n  shields: 0\n  criticals: [targeting]\n",
    ),
    "kill-radius": ("kill-radius/ships/harrier-strike-carrier.yaml", "condition: {number: 3}\n"),
}


@pytest.mark.parametrize("game", sorted(DAMAGED))
def test_damaged_sheets_and_a_starfire_warship_are_x1a(game: str, invoke: Invoke, tmp_path: Path) -> None:
    """Every game's crossed boxes, and a Starfire range chart's rules, are drawn opaque (an
    SVG X; a rule over the cell's own colour): a damaged ship's sheet is PDF/X-1a in every
    game. They were gradients from transparent, refused as a soft mask: every Starfire
    warship's sheet, so every Starfire kit, and every damaged sheet."""
    base, condition = DAMAGED[game]
    design = tmp_path / f"{game}.yaml"
    text = (DESIGNS / base).read_text(encoding="utf-8") if base else ""
    design.write_text(text + condition, encoding="utf-8")
    for source in (design, ARROW) if game == "starfire" else (design,):
        out = tmp_path / f"{source.stem}.pdf"
        result = invoke("sheets", source, "--press-standard", "x1a", "-o", out)
        assert result.exit_code == 0, result.stderr
        reader = PdfReader(out)
        assert reader.pdf_header == "%PDF-1.4"
        assert reader.metadata is not None and reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
