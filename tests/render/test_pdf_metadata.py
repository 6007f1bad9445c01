"""Issue 27: the PDFs sheetgen draws itself (counters, maps: ReportLab) say what they are
and nothing made up: a title, a subject, the creator, English as their language, no
placeholder author or subject, no dates (the same input gives the same bytes), and each
embedded font subset under a tag of its own."""

from __future__ import annotations

import pytest

from tests.conftest import DESIGNS
from tests.pdffonts import pdf_fonts

SCENARIO = DESIGNS / "starfire" / "scenarios" / "convoy-raid.yaml"
PLACEHOLDERS = {"anonymous", "unspecified", "untitled", ""}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[bytes]]:
    """Each verb's PDF of convoy-raid, made twice."""
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    folder = tmp_path_factory.mktemp("pdfs")
    out: dict[str, list[bytes]] = {}
    for kind in ("map", "counters"):
        for k in range(2):
            path = folder / f"{kind}-{k}.pdf"
            r = CliRunner().invoke(app, [kind, "--scenario", str(SCENARIO), "-o", str(path)])
            assert r.exit_code == 0, r.stderr
            out.setdefault(kind, []).append(path.read_bytes())
    return out


@pytest.mark.parametrize(
    ("kind", "title", "subject"),
    [
        ("map", "Convoy raid", "Hex map: 30 x 31 hexes, 1 in across the flats"),
        ("counters", "Convoy raid: counters", "Counter sheets: 5/8 in counters, fronts and backs"),
    ],
)
def test_document_information_is_real(
    made: dict[str, list[bytes]], kind: str, title: str, subject: str
) -> None:
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(made[kind][0]))
    info = {k: str(v) for k, v in (reader.metadata or {}).items()}
    assert info == {
        "/Title": title,
        "/Subject": subject,
        "/Creator": "sheetgen",
        "/Producer": "sheetgen (ReportLab, pypdf)",
    }
    assert not PLACEHOLDERS & set(info.values())
    assert reader.trailer["/Root"]["/Lang"] == "en"
    assert reader.outline  # a bookmark per page (tile, sheet side)


@pytest.mark.parametrize("kind", ["map", "counters"])
def test_the_same_input_gives_the_same_bytes(made: dict[str, list[bytes]], kind: str) -> None:
    first, second = made[kind]
    assert first == second
    assert b"CreationDate" not in first and b"ModDate" not in first


@pytest.mark.parametrize("kind", ["map", "counters"])
def test_each_font_subset_has_a_tag_of_its_own(made: dict[str, list[bytes]], kind: str) -> None:
    fonts = pdf_fonts(made[kind][0])
    assert len({name for name, _ in fonts}) >= 2
    tags: dict[str, set[bytes | None]] = {}
    for name, program in fonts:
        assert program, name
        tags.setdefault(name.lstrip("/")[:6], set()).add(program)
    assert {tag: len(p) for tag, p in tags.items() if len(p) > 1} == {}  # one tag, one program
    assert "AAAAAA" not in tags


def test_joined_documents_keep_their_language() -> None:
    """Record sheets of many ships are printed as several documents and joined: the
    joined one keeps the parts' language (and title)."""
    import io

    from pypdf import PdfReader

    from sheetgen.draw.pdf import to_pdf
    from sheetgen.draw.primitives import Drawing, Page, Text
    from sheetgen.render.pdfjoin import join_pdfs

    parts = [to_pdf(Drawing(f"Part {k}", [Page(200, 200, [Text(10, 20, f"page {k}")])])) for k in (1, 2)]
    joined = PdfReader(io.BytesIO(join_pdfs(parts)))
    assert joined.trailer["/Root"]["/Lang"] == "en"
    assert joined.metadata is not None and joined.metadata.title == "Part 1"
