"""Our own preflight of every ``--press`` file (issue 27): the ``kit --single --press`` of two
bundled kits on Letter and A4 (border-clash on A4 as PDF/X-1a:2003), and ``counters``,
``sheets``, ``reference`` and ``map`` with ``--press``. Each is checked as a print shop's
preflight would: PDF/X-4 (or X-1a) named and an output intent with a CMYK profile;
TrimBox within BleedBox within MediaBox on every page, 1/8 in apart; no RGB colour operator or image; dark text in black ink alone; die lines in
the ``CutContour`` spot colour on counter pages, stroked alone and overprinting; fonts
embedded with one subset tag per font; Ghostscript renders every page without a word."""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from sheetgen.render.press import PRESS_BLEED

from tests.conftest import DESIGNS, Build

KITS = ["small-task-groups", "border-clash"]
PAPERS = ["letter", "a4"]
#: The kit written as PDF/X-1a:2003 (``--press-standard x1a``); every other file is PDF/X-4.
X1A = ("border-clash", "a4")
STARFIRE = DESIGNS / "starfire"
RGB_OPS = {b"rg", b"RG", b"g", b"G"}
SHOW = {b"Tj", b"TJ", b"'", b'"'}


@pytest.fixture(scope="session")
def press_files(built: Build) -> dict[str, Path]:
    """Every press file, built once per session, by a name saying what it is."""
    files: dict[str, Path] = {}
    for kit in KITS:
        for paper in PAPERS:
            standard = ("--press-standard", "x1a") if (kit, paper) == X1A else ()
            made = built(
                f"press-{kit}-{paper}", "kit", kit, "--press", *standard, "--single", "--paper", paper
            )
            assert made.exit_code == 0, made.stderr
            for pdf in sorted(made.path.glob("*.pdf")):
                files[f"{kit}/{paper}/{pdf.name}"] = pdf
    scenario = STARFIRE / "scenarios" / "small-task-groups.yaml"
    for name, args in {
        "counters.pdf": ("counters", "--scenario", scenario, "--markers", "starfire", "--press"),
        "sheets.pdf": ("sheets", STARFIRE / "ships", "--press"),
        "reference.pdf": ("reference", "starfire", "--press"),
        "map.pdf": ("map", "--scenario", scenario, "--press"),
    }.items():
        made = built(f"press-{name}", *args)
        assert made.exit_code == 0, made.stderr
        files[name] = made.path
    return files


@cache
def _read(path: Path) -> PdfReader:
    return PdfReader(path)


@cache
def _streams(reader: PdfReader) -> list[tuple[int, list[tuple[list[object], bytes]], object]]:
    """(page number, operations, resources) of every page and every form XObject and tiling
    pattern it uses (parsed once per file: the tests share them)."""
    out = []
    seen: set[int] = set()

    def walk(number: int, stream: object, resources: object) -> None:
        out.append((number, ContentStream(stream, reader).operations, resources))
        xobjects = resources.get("/XObject") if resources is not None else None  # type: ignore[attr-defined]
        for ref in xobjects.get_object().values() if xobjects is not None else []:
            obj = ref.get_object()
            key = getattr(ref, "idnum", id(obj))
            if obj.get("/Subtype") == "/Form" and key not in seen:
                seen.add(key)
                walk(number, obj, obj.get("/Resources"))
        patterns = resources.get("/Pattern") if resources is not None else None  # type: ignore[attr-defined]
        for ref in patterns.get_object().values() if patterns is not None else []:
            obj = ref.get_object()
            key = getattr(ref, "idnum", id(obj))
            if obj.get("/PatternType") == 1 and key not in seen:  # a tiling pattern paints a stream
                seen.add(key)
                walk(number, obj, obj.get("/Resources"))

    for number, page in enumerate(reader.pages):
        walk(number, page.get_contents(), page.get("/Resources"))
    return out


def _x1a(name: str) -> bool:
    return name.startswith("/".join(X1A) + "/")


def test_every_press_output_is_pdfx_with_an_output_intent(press_files: dict[str, Path]) -> None:
    assert len(press_files) == 2 * 2 * 7 + 4
    assert sum(_x1a(n) for n in press_files) == 7
    for name, path in press_files.items():
        reader = _read(path)
        version, header = ("PDF/X-1a:2003", "%PDF-1.4") if _x1a(name) else ("PDF/X-4", "%PDF-1.6")
        assert reader.pdf_header == header, name
        assert reader.metadata is not None and reader.metadata["/GTS_PDFXVersion"] == version, name
        assert reader.metadata.title, name
        assert reader.metadata["/CreationDate"] and reader.metadata["/ModDate"], name
        assert reader.trailer["/ID"], name
        xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data()
        assert f"<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>".encode() in xmp, name
        (intent,) = reader.trailer["/Root"]["/OutputIntents"]
        intent = intent.get_object()
        assert intent["/S"] == "/GTS_PDFX", name
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 4 and profile.get_data()[16:20] == b"CMYK", name  # a CMYK ICC profile


def test_trim_within_bleed_within_media_with_an_eighth_inch_bleed(press_files: dict[str, Path]) -> None:
    assert PRESS_BLEED == 9.0  # 1/8 in, as docs/printing.md says
    for name, path in press_files.items():
        for number, page in enumerate(_read(path).pages):
            trim, bleed, media = (
                [float(v) for v in page[key]] for key in ("/TrimBox", "/BleedBox", "/MediaBox")
            )
            assert bleed == media, (name, number)
            assert [b - t for b, t in zip(bleed, trim, strict=True)] == pytest.approx(
                [-9, -9, 9, 9], abs=1e-6
            ), (name, number)


def test_no_rgb_colour_and_dark_text_in_black_ink_only(press_files: dict[str, Path]) -> None:
    for name, path in press_files.items():
        assert b"/DeviceRGB" not in path.read_bytes(), name  # no RGB shading, group or colour space
        reader = _read(path)
        for number, operations, resources in _streams(reader):
            fill: tuple[float, ...] = (0, 0, 0, 1)
            for operands, op in operations:
                assert op not in RGB_OPS, (name, number, op)
                if op in (b"cs", b"CS"):
                    assert operands[0] != "/DeviceRGB", (name, number)
                if op in (b"sc", b"scn", b"SC", b"SCN"):
                    assert len(operands) != 3, (name, number)
                if op == b"k":
                    fill = tuple(float(v) for v in operands)
                if op in SHOW and fill[:3] == (0, 0, 0):
                    assert not 0.5 <= fill[3] < 1, (name, number, fill)  # no dark grey text
            xobjects = resources.get("/XObject") if resources is not None else None  # type: ignore[attr-defined]
            for ref in xobjects.get_object().values() if xobjects is not None else []:
                obj = ref.get_object()
                if obj.get("/Subtype") == "/Image":
                    space = obj.get("/ColorSpace")
                    assert space not in ("/DeviceRGB", "/CalRGB"), (name, number)


def test_die_lines_on_counter_pages_alone_in_cutcontour(press_files: dict[str, Path]) -> None:
    counters = [n for n in press_files if n.endswith("counters.pdf")]
    assert len(counters) == 5
    for name in counters:
        reader = _read(press_files[name])
        for number, page in enumerate(reader.pages):
            space = page["/Resources"]["/ColorSpace"]["/CutContour"].get_object()
            assert space[0] == "/Separation" and space[1] == "/CutContour", (name, number)
            state = page["/Resources"]["/ExtGState"]["/CutContourGS"].get_object()
            assert state["/OP"] and state["/op"], (name, number)  # overprints: never knocks out ink
            ops = ContentStream(page.get_contents(), reader).operations
            start = [
                k for k, (operands, op) in enumerate(ops) if op == b"CS" and operands[0] == "/CutContour"
            ]
            assert len(start) == 1, (name, number)
            block = []
            for _operands, op in ops[start[0] + 1 :]:
                if op == b"Q":
                    break
                block.append(op)
            # in the die-line block: its tint, line width and dash, rectangles stroked, nothing filled
            assert set(block) <= {b"SCN", b"w", b"d", b"re", b"S"}, (name, number, set(block))
            assert block.count(b"re") == block.count(b"S") > 0


def test_die_lines_keep_counter_size_and_duplex_registration(press_files: dict[str, Path]) -> None:
    """The die lines are the counters' cuts: 5/8 in squares, each back's over its front
    (Letter and A4, flipped on the long edge)."""
    for name in [n for n in press_files if n.endswith("counters.pdf")]:
        reader = _read(press_files[name])
        rects = []
        for page in reader.pages:
            ops = ContentStream(page.get_contents(), reader).operations
            start = next(k for k, (args, op) in enumerate(ops) if op == b"CS" and args[0] == "/CutContour")
            die = set()
            for operands, op in ops[start:]:
                if op == b"Q":
                    break
                if op == b"re":
                    die.add(tuple(round(float(v), 2) for v in operands))
            rects.append(die)
        width = float(reader.pages[0]["/TrimBox"][2])
        for front, back in zip(rects[0::2], rects[1::2], strict=True):
            assert front and all(w == h == 45.0 for _x, _y, w, h in front), name
            assert {(round(width - x - w, 2), y, w, h) for x, y, w, h in back} == front, name


def test_fonts_embedded_with_one_subset_tag_per_font(press_files: dict[str, Path]) -> None:
    for name, path in press_files.items():
        tags: dict[str, set[str]] = {}
        for page in _read(path).pages:
            fonts = page["/Resources"].get("/Font")
            for ref in fonts.get_object().values() if fonts is not None else []:
                font = ref.get_object()
                descendants = font.get("/DescendantFonts")
                described = descendants[0].get_object() if descendants else font
                descriptor = described.get("/FontDescriptor")
                if descriptor is None:
                    continue
                descriptor = descriptor.get_object()
                assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), name
                base = str(font["/BaseFont"])
                if "+" in base:
                    tag, face = base.lstrip("/").split("+", 1)
                    tags.setdefault(tag, set()).add(f"{face}:{getattr(ref, 'idnum', '')}")
        for tag, faces in tags.items():
            assert len({f.split(":")[0] for f in faces}) == 1, (name, tag, faces)


def test_ghostscript_renders_every_page_without_a_word(press_files: dict[str, Path]) -> None:
    paths = [str(p) for p in press_files.values()]
    done = subprocess.run(
        ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", *paths],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout == done.stderr == "", done.stdout + done.stderr


def test_pdfx1a_files_hold_no_transparency_nor_pdf_1_5_objects(press_files: dict[str, Path]) -> None:
    """PDF/X-1a:2003: no opacity, soft mask, blend mode or transparency group anywhere; no
    object or cross-reference streams (PDF 1.5); colour spaces CMYK, grey or spot only."""
    from sheetgen.render.press import _transparency

    for name in [n for n in press_files if _x1a(n)]:
        raw = press_files[name].read_bytes()
        assert b"/ObjStm" not in raw and b"/XRef" not in raw, name
        assert b"/Transparency" not in raw, name  # no transparency group either
        reader = _read(press_files[name])
        for number, page in enumerate(reader.pages):
            assert _transparency(page.indirect_reference, set()) == "", (name, number)
            spaces = page["/Resources"].get("/ColorSpace")
            for space in spaces.get_object().values() if spaces is not None else []:
                assert space.get_object()[0] == "/Separation", (name, number)
        for _number, operations, _resources in _streams(reader):
            for operands, op in operations:
                if op in (b"cs", b"CS"):
                    # a tiling pattern (a sheet's ruled background) paints in its own CMYK stream,
                    # which the preflight's DeviceRGB check reads too
                    assert operands[0] in ("/DeviceCMYK", "/DeviceGray", "/CutContour", "/Pattern"), name
