"""Record sheets as printed: paper sizes, names that fit, escaping, determinism."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.rendered import Rendered
from sheetgen.render.record_sheets import Ship, record_sheets_html, render_record_sheets
from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS, Built, pdf_page_sizes, pdf_text
from tests.layout_boxes import boxes, classes

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]
SHIPS = DESIGNS / "starfire" / "ships"


def ships_from(*paths: Path) -> list[Ship]:
    result = load_designs(list(paths))
    assert not result.input_errors
    return [Ship(e.game, e.stats, e.findings) for e in result.entries]


@pytest.mark.parametrize(("paper", "size"), [("letter", (612.0, 792.0)), ("a4", (595.28, 841.89))])
def test_paper_sizes_read_back(paper: str, size: tuple[float, float]) -> None:
    pdf = render_record_sheets(ships_from(SHIPS / "corvette-arrow.yaml"), paper=paper).data
    ((w, h),) = pdf_page_sizes(pdf)
    assert (round(w, 2), round(h, 2)) == size


def test_several_ships_share_a_page() -> None:
    pdf = render_record_sheets(ships_from(SHIPS / "corvette-arrow.yaml") * 3).data
    assert len(pdf_page_sizes(pdf)) == 1
    pdf = render_record_sheets(ships_from(SHIPS / "corvette-arrow.yaml") * 7).data
    assert len(pdf_page_sizes(pdf)) == 3


@pytest.fixture(scope="module")
def shipped_render() -> Rendered:
    """Every shipped Starfire design printed in-process: the PDF and WeasyPrint's warnings."""
    from sheetgen.render.html import html_to_pdf

    return html_to_pdf(record_sheets_html(ships_from(SHIPS)))


def test_same_input_same_bytes(shipped_render: Rendered, bundled_sheets: Callable[[Path], Built]) -> None:
    """The one determinism test of record sheets: the same designs printed twice
    (in-process here, and by ``sheetgen sheets``) give the same bytes."""
    assert shipped_render.data == bundled_sheets(SHIPS).path.read_bytes()


def test_html_and_jinja_in_a_name_print_literally(invoke: Invoke, write: Write, tmp_path: Path) -> None:
    name = "<b>Bold</b> {{ 7*7 }} {% raw %} & Co"
    p = write(
        "evil.yaml",
        f"game: starfire\nname: '{name}'\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {{R: 10}}\n",
    )
    html_out = tmp_path / "evil.html"
    assert invoke("sheets", p, "-o", html_out, "--format", "html").exit_code == 0
    html = html_out.read_text()
    assert "&lt;b&gt;Bold&lt;/b&gt; {{ 7*7 }} {% raw %} &amp; Co" in html
    assert "<b>Bold</b>" not in html and "49" not in html
    pdf_out = tmp_path / "evil.pdf"
    assert invoke("sheets", p, "-o", pdf_out).exit_code == 0
    assert name in pdf_text(pdf_out)[0]


@pytest.mark.parametrize(
    "name",
    [
        "The Indomitable Spirit of the Outer Rim X",  # 41 characters with spaces
        "Ꙩ" * 0 + "Dreadnought" * 4,  # 44 characters, no place to break
        "Адмирал Кузнецов и Звёздный Флот Навсегда",  # Cyrillic, 41 characters
    ],
)
def test_long_names_stay_inside_the_ship_box(name: str) -> None:
    import weasyprint

    from sheetgen.games.starfire import GAME

    (ship,) = ships_from(SHIPS / "corvette-arrow.yaml")
    ship.stats = GAME.named(ship.stats, name)
    (html,) = record_sheets_html([ship])
    document = weasyprint.HTML(string=html).render()
    page = document.pages[0]._page_box
    ship_box = next(b for b in boxes(page) if "ship" in classes(b))
    right = ship_box.content_box_x() + ship_box.width
    name_box = next(b for b in boxes(page) if "ship-name" in classes(b))
    texts = [b for b in boxes(name_box) if type(b).__name__ == "TextBox"]
    assert texts
    for t in texts:
        assert t.position_x + t.width <= right + 0.01, (t.text, t.position_x + t.width, right)
    hull_box = next(b for b in boxes(page) if "ship-hull" in classes(b))
    name_right = max(t.position_x + t.width for t in texts)
    assert name_right <= hull_box.position_x  # the name never runs under the hull label


def test_no_weasyprint_warnings(shipped_render: Rendered) -> None:
    assert shipped_render.warnings == ()


def embedded_fonts(pdf: bytes) -> set[str]:
    """Base names of the fonts whose files are embedded in ``pdf`` (pypdf): those of every
    page's resources and of the forms and patterns they draw, so text drawn inside a form
    counts as the page's own does."""
    import io

    from pypdf import PdfReader

    names: set[str] = set()
    seen: set[int] = set()

    def walk(resources: Any) -> None:
        if resources is None or id(resources) in seen:
            return
        seen.add(id(resources))
        resources = resources.get_object()
        for ref in resources.get("/Font", {}).values():
            font = ref.get_object()
            for holder in [font, *[d.get_object() for d in font.get("/DescendantFonts", [])]]:
                desc = holder.get("/FontDescriptor")
                if desc is not None and any(
                    k in desc.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
                ):
                    names.add(str(font["/BaseFont"]).split("+")[-1])
        for kind in ("/XObject", "/Pattern"):
            for ref in resources.get(kind, {}).values():
                walk(ref.get_object().get("/Resources"))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        walk(page.get("/Resources"))
    return names


def test_bundled_fonts_are_embedded() -> None:
    """Only the bundled faces (found through fontconfig, named by their own names since no
    ``@font-face`` renames them): no text fell back to a system font."""
    pdf = render_record_sheets(ships_from(SHIPS / "corvette-arrow.yaml")).data
    fonts = embedded_fonts(pdf)
    assert fonts == {"DejaVu-Sans", "DejaVu-Sans-Bold", "DejaVu-Sans-Semi-Condensed"}, fonts


def test_characters_missing_from_the_bundled_font_are_reported(
    invoke: Invoke, write: Write, tmp_path: Path
) -> None:
    p = write(
        "cjk.yaml", "game: starfire\nname: 大和\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n"
    )
    r = invoke("sheets", p, "-o", tmp_path / "cjk.pdf")
    assert r.exit_code == 0
    assert (
        "sheetgen: warning: the bundled fonts have no glyph for '和' (U+548C), '大' (U+5927) in '大和'"
        in r.stderr
    )
    greek = write(
        "greek.yaml", "game: starfire\nname: Αθηνά\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n"
    )
    r = invoke("sheets", greek, "-o", tmp_path / "greek.pdf")
    assert "warning" not in r.stderr
    assert "Αθηνά" in pdf_text(tmp_path / "greek.pdf")[0]


def test_bad_calls_are_value_errors_naming_what_is_allowed() -> None:
    ships = ships_from(SHIPS / "corvette-arrow.yaml")
    with pytest.raises(ValueError, match=r"unknown sheet format 'svg'; use one of pdf, html"):
        render_record_sheets(ships, fmt="svg")
    with pytest.raises(ValueError, match=r"unknown paper 'b5'; use one of letter, a4"):
        render_record_sheets(ships, paper="b5")
    with pytest.raises(ValueError, match="no ships to print"):
        render_record_sheets([])
