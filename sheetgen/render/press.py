"""Press files (``--press``): any of sheetgen's PDFs made ready for a print shop's preflight.

:func:`to_press` rewrites a finished PDF (ReportLab's or WeasyPrint's) as PDF/X-4
(ISO 15930-7:2010): every RGB or grey colour operator becomes CMYK (greys and
text in black ink only, so no four-colour "rich black" text), and so do gradients
(shadings, their tiling patterns, soft masks and blending spaces); an output intent
carries the CMYK ICC profile shipped with sheetgen (:data:`PROFILE`, GRACoL 2006
coated, CGATS TR 006), colours are converted with it; every page gets a TrimBox (the
paper) and a BleedBox and MediaBox :data:`PRESS_BLEED` beyond it on every side,
the document identifies itself as PDF/X-4 in its Info and XMP metadata, and the
die lines given for die-cut counters are stroked in a non-printing spot colour
named :data:`CUT_CONTOUR`, set to overprint. PDF/X-4 allows transparency, so soft
masks and opacity are kept. Fonts are left as the writers embedded them (subsets,
one tag per font). With ``standard="x1a"`` the file is PDF/X-1a:2003 instead (ISO
15930-4:2003: PDF 1.4, no transparency, which is refused; :data:`PDFX_STANDARDS`).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "CUT_CONTOUR",
    "OUTPUT_CONDITION",
    "OUTPUT_CONDITION_ID",
    "OUTPUT_REGISTRY",
    "PDFX_STANDARDS",
    "PDFX_VERSION",
    "PRESS_BLEED",
    "PROFILE",
    "PressError",
    "cmyk_profile",
    "to_press",
]

#: The PDF/X conformance level written by default (``GTS_PDFXVersion``).
PDFX_VERSION = "PDF/X-4"
#: The PDF/X standards :func:`to_press` writes, by the name ``--press-standard`` takes:
#: the ``GTS_PDFXVersion`` each is named by and the PDF version of its header.
#: PDF/X-4 (ISO 15930-7:2010) allows transparency; PDF/X-1a:2003 (ISO 15930-4:2003,
#: PDF 1.4) allows none, and CMYK, grey and spot colours only (what DriveThruCards asks for).
PDFX_STANDARDS = {"x4": ("PDF/X-4", b"%PDF-1.6"), "x1a": ("PDF/X-1a:2003", b"%PDF-1.4")}
#: Bleed around every page's trim (pt): 1/8 in, as print shops ask.
PRESS_BLEED = 9.0
#: The spot colour die lines are drawn in: the name cutters and print shops look for.
CUT_CONTOUR = "CutContour"
#: The CMYK output profile (ICC v2.2) shipped with sheetgen, made from the GRACoL 2006
#: coated characterization data ANSI CGATS/GRACoL TR 006-2007 (ISO 12647-2 paper type 1) with
#: a 300 % total ink limit (``scripts/cmyk_profile.sh``; licence ``sheetgen/icc/LICENSE-icc.txt``:
#: NPES's free distribution of profiles from TR 006, sheetgen's part CC0).
PROFILE = Path(__file__).resolve().parent.parent / "icc" / "CGATS-TR006-coated-300.icc"
#: The output condition the profile characterizes, as the output intent names it: the ICC
#: registry's identifier (``OutputConditionIdentifier``), the registry, and a description.
OUTPUT_CONDITION_ID = "CGATS TR 006"
OUTPUT_REGISTRY = "http://www.color.org"
OUTPUT_CONDITION = "GRACoL 2006 coated #1 (ISO 12647-2 paper type 1), 300 % total ink"

#: A die line, (x, y, width, height) in pt from the page's top-left corner, y down.
DieLine = tuple[float, float, float, float]

_TEXT_SHOW = {b"Tj", b"TJ", b"'", b'"'}


class PressError(Exception):
    """A press file cannot be made (the shipped CMYK profile is missing); one line."""


def cmyk_profile() -> bytes:
    """The CMYK ICC profile (:data:`PROFILE`) that colours are converted with and the
    output intent carries. Raises :class:`PressError` when the installation lacks it."""
    if not PROFILE.is_file():
        raise PressError(
            f"--press needs its CMYK profile {PROFILE.name}, missing from {PROFILE.parent}; "
            "reinstall sheetgen"
        )
    return PROFILE.read_bytes()


@cache
def _transform() -> object:
    """An sRGB to :data:`PROFILE` CMYK transform, perceptual (the profile's perceptual
    table maps the sRGB gamut into the print gamut)."""
    from PIL import ImageCms

    profile = ImageCms.ImageCmsProfile(io.BytesIO(cmyk_profile()))
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL
    )


@cache
def cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """The CMYK (0-1 each) of the sRGB colour ``(r, g, b)`` (0-1 each): greys in black
    ink alone (K = 1 - grey), other colours through the output profile."""
    if abs(r - g) < 1e-3 and abs(g - b) < 1e-3:
        return (0.0, 0.0, 0.0, round(1 - (r + g + b) / 3, 4))
    from PIL import Image, ImageCms

    pixel = Image.new("RGB", (1, 1), tuple(round(v * 255) for v in (r, g, b)))
    out = ImageCms.applyTransform(pixel, _transform())  # type: ignore[arg-type]
    assert out is not None
    c, m, y, k = out.getpixel((0, 0))  # type: ignore[misc]
    return (round(c / 255, 4), round(m / 255, 4), round(y / 255, 4), round(k / 255, 4))


def _nums(values: Sequence[float]) -> list[object]:
    from pypdf.generic import FloatObject

    return [FloatObject(round(v, 4)) for v in values]


def _convert_ops(operations: list[tuple[list[object], bytes]]) -> list[tuple[list[object], bytes]]:
    """``operations`` with every RGB and grey colour operator in CMYK; text shown in a
    dark grey (black ink 50 % or more) is shown in 100 % black."""
    from pypdf.generic import NameObject

    out: list[tuple[list[object], bytes]] = []
    fill: tuple[float, ...] = (0.0, 0.0, 0.0, 1.0)
    in_text = False
    forced = False
    current = {"fill": "", "stroke": ""}
    for operands, op in operations:
        if op in (b"rg", b"RG") and len(operands) == 3:
            values = cmyk(*(float(v) for v in operands))  # type: ignore[arg-type]
            new_op = b"k" if op == b"rg" else b"K"
            if op == b"rg":
                fill, forced = values, False
            out.append((_nums(values), new_op))
            continue
        if op in (b"g", b"G") and len(operands) == 1:
            values = (0.0, 0.0, 0.0, round(1 - float(operands[0]), 4))  # type: ignore[arg-type]
            if op == b"g":
                fill, forced = values, False
            out.append((_nums(values), b"k" if op == b"g" else b"K"))
            continue
        if op == b"k" and len(operands) == 4:
            fill, forced = tuple(float(v) for v in operands), False  # type: ignore[arg-type]
        if op in (b"cs", b"CS") and operands and operands[0] == "/DeviceRGB":
            which = "fill" if op == b"cs" else "stroke"
            current[which] = "rgb"
            out.append(([NameObject("/DeviceCMYK")], op))
            continue
        if op in (b"cs", b"CS") and operands:
            current["fill" if op == b"cs" else "stroke"] = ""
        if op in (b"sc", b"scn", b"SC", b"SCN") and len(operands) == 3:
            which = "fill" if op in (b"sc", b"scn") else "stroke"
            if current[which] == "rgb":
                values = cmyk(*(float(v) for v in operands))  # type: ignore[arg-type]
                if which == "fill":
                    fill, forced = values, False
                out.append((_nums(values), op))
                continue
        if op == b"BT":
            in_text = True
        elif op == b"ET":
            in_text = False
            if forced:  # the colour the text was shown in goes back for what follows
                out.append(([], b"ET"))
                out.append((_nums(fill), b"k"))
                forced = False
                continue
        elif in_text and op in _TEXT_SHOW and not forced and _dark_grey(fill):
            out.append((_nums((0.0, 0.0, 0.0, 1.0)), b"k"))
            forced = True
        out.append((operands, op))
    return out


def _dark_grey(fill: Sequence[float]) -> bool:
    """Whether ``fill`` (CMYK) is a grey in black ink of 50 % or more, not yet 100 %."""
    return len(fill) == 4 and fill[0] == fill[1] == fill[2] == 0 and 0.5 <= fill[3] < 1


def _rewrite(stream: object, resources: object, pdf: object, seen: set[int], x1a: bool = False) -> None:
    """Rewrite the content of ``stream`` (a page or form XObject) in CMYK, and that of
    every form XObject its ``resources`` name, each once. ``x1a``: the colour spaces
    PDF/X-1a forbids (Lab, ICC-based, RGB, as WeasyPrint declares for CSS colours) are
    dropped from ``resources`` when the content does not use them, and refused
    (:class:`PressError`) when it does."""
    from pypdf.generic import ContentStream, NameObject

    content = ContentStream(stream, pdf)
    content.operations = _convert_ops(content.operations)
    stream.set_data(content.get_data())  # type: ignore[attr-defined]
    if x1a and resources is not None:
        used = {str(args[0]) for args, op in content.operations if op in (b"cs", b"CS") and args}
        _drop_colour_spaces(resources, used)
    group = stream.get("/Group")  # type: ignore[attr-defined]
    if group is not None and group.get_object().get("/CS") == "/DeviceRGB":  # blend in the print's CMYK
        group.get_object()[NameObject("/CS")] = NameObject("/DeviceCMYK")
    if resources is None:
        return
    res: Any = resources.get_object()  # type: ignore[attr-defined]
    for ref in res["/Shading"].get_object().values() if "/Shading" in res else []:
        _shading_to_cmyk(ref, seen)
    for ref in res["/ExtGState"].get_object().values() if "/ExtGState" in res else []:
        mask = ref.get_object().get("/SMask")
        if mask is None or mask == "/None":
            continue
        form = mask.get_object().raw_get("/G")
        key = getattr(form, "idnum", id(form))
        if key not in seen:  # a soft mask's group: its shades in black ink, read for their lightness
            seen.add(key)
            _rewrite(form.get_object(), form.get_object().get("/Resources"), pdf, seen, x1a)
    for ref in res["/Pattern"].get_object().values() if "/Pattern" in res else []:
        key = getattr(ref, "idnum", id(ref))
        obj = ref.get_object()
        if key in seen:
            continue
        seen.add(key)
        if obj.get("/PatternType") == 1:  # a tiling pattern: a content stream of its own
            _rewrite(obj, obj.get("/Resources"), pdf, seen, x1a)
        elif "/Shading" in obj:
            _shading_to_cmyk(obj.raw_get("/Shading"), seen)
    for ref in res["/XObject"].get_object().values() if "/XObject" in res else []:
        key = getattr(ref, "idnum", id(ref))
        obj = ref.get_object()
        if key in seen or obj.get("/Subtype") != "/Form":
            continue
        seen.add(key)
        _rewrite(obj, obj.get("/Resources"), pdf, seen, x1a)


def _shading_to_cmyk(ref: Any, seen: set[int]) -> None:
    """Make the shading ``ref`` (a gradient, as WeasyPrint draws CSS gradients) CMYK: an
    RGB one's colour function (exponential, or stitched from exponential ones) and
    background go through :func:`cmyk`, each once. Raises :class:`PressError` for an
    RGB shading of another kind (sheetgen draws none)."""
    from pypdf.generic import ArrayObject, NameObject

    key = getattr(ref, "idnum", None)
    if key is not None:
        if key in seen:
            return
        seen.add(key)
    shading = ref.get_object()
    if shading.get("/ColorSpace") != "/DeviceRGB":
        return
    function = shading.get("/Function")
    if function is None:
        raise PressError("--press cannot make an RGB shading without a colour function CMYK")
    functions = [function]
    while functions:
        item = functions.pop()
        fid = getattr(item, "idnum", None)
        if fid is not None and fid in seen:
            continue
        if fid is not None:
            seen.add(fid)
        fn = item.get_object()
        if fn.get("/FunctionType") == 3:
            functions.extend(fn["/Functions"])
        elif fn.get("/FunctionType") == 2:
            for end, default in (("/C0", (0.0, 0.0, 0.0)), ("/C1", (1.0, 1.0, 1.0))):
                rgb = [float(v) for v in fn.get(end, default)]
                fn[NameObject(end)] = ArrayObject(_nums(cmyk(*rgb)))
        else:
            raise PressError("--press cannot make an RGB shading of sampled colours CMYK")
    if "/Background" in shading:
        shading[NameObject("/Background")] = ArrayObject(
            _nums(cmyk(*(float(v) for v in shading["/Background"])))
        )
    shading[NameObject("/ColorSpace")] = NameObject("/DeviceCMYK")


#: The colour space families PDF/X-1a allows.
_X1A_SPACES = {"/DeviceCMYK", "/DeviceGray", "/Separation", "/DeviceN", "/Pattern"}


def _drop_colour_spaces(resources: Any, used: set[str]) -> None:
    """Remove from ``resources`` the named colour spaces PDF/X-1a forbids that no content
    uses (``used``: the names its ``cs``/``CS`` operators set); raise :class:`PressError`
    for one that is used."""
    from pypdf.generic import ArrayObject

    spaces = resources.get_object().get("/ColorSpace")
    if spaces is None:
        return
    spaces = spaces.get_object()
    for name in list(spaces.keys()):
        space = spaces[name].get_object()
        family = str(space[0]) if isinstance(space, ArrayObject) else str(space)
        if family in _X1A_SPACES:
            continue
        if name in used:
            raise PressError(
                f"PDF/X-1a allows CMYK, grey and spot colours only, not {family[1:]}: use PDF/X-4"
            )
        del spaces[name]


def _die_ops(page_height: float, lines: Sequence[DieLine]) -> bytes:
    """The content that strokes ``lines`` in :data:`CUT_CONTOUR`, overprinting."""
    parts = ["q /CutContourGS gs /CutContour CS 1 SCN 0.25 w [] 0 d"]
    for x, y, w, h in lines:
        parts.append(f"{x:.3f} {page_height - y - h:.3f} {w:.3f} {h:.3f} re S")
    parts.append("Q")
    return ("\n".join(parts) + "\n").encode("ascii")


def to_press(
    data: bytes,
    *,
    title: str,
    die_lines: Sequence[Sequence[DieLine]] | None = None,
    standard: str = "x4",
) -> bytes:
    """``data`` (a PDF) as a press file titled ``title``, to the PDF/X ``standard`` (a key
    of :data:`PDFX_STANDARDS`: ``x4``, PDF/X-4, or ``x1a``, PDF/X-1a:2003). ``die_lines``:
    per page, the die-cut outlines (pt, top-left origin, y down) to stroke in
    :data:`CUT_CONTOUR`.

    Raises :class:`PressError` for PDF/X-1a when the PDF uses transparency (sheetgen's
    own PDFs use none), and when the shipped CMYK profile is missing.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        ByteStringObject,
        DecodedStreamObject,
        DictionaryObject,
        FloatObject,
        NameObject,
        NumberObject,
        RectangleObject,
        StreamObject,
        TextStringObject,
    )

    version, header = PDFX_STANDARDS[standard]
    profile_bytes = cmyk_profile()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    if standard == "x1a":
        _refuse_transparency(writer)
    profile = StreamObject()
    profile._data = profile_bytes  # the ICC profile as it is (pypdf writes it uncompressed)
    profile[NameObject("/N")] = NumberObject(4)
    profile_ref = writer._add_object(profile)
    separation = ArrayObject(
        [
            NameObject("/Separation"),
            NameObject("/" + CUT_CONTOUR),
            NameObject("/DeviceCMYK"),
            _tint_function(writer),
        ]
    )
    separation_ref = writer._add_object(separation)
    overprint = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/ExtGState"),
            NameObject("/OP"): _bool(True),
            NameObject("/op"): _bool(True),
            NameObject("/OPM"): NumberObject(1),
        }
    )
    overprint_ref = writer._add_object(overprint)
    seen: set[int] = set()
    for number, page in enumerate(writer.pages):
        resources = page.get("/Resources")
        contents = page.get_contents()
        if contents is not None:
            _rewrite(contents, resources, writer, seen, standard == "x1a")
            page.replace_contents(contents)
        lines = die_lines[number] if die_lines is not None and number < len(die_lines) else ()
        if "/TrimBox" in page and list(page.trimbox) != list(page.mediabox):
            continue  # a press file's page already (a part joined into kit.pdf): boxes and die lines kept
        media = page.mediabox
        left, bottom, right, top = (float(v) for v in (media.left, media.bottom, media.right, media.top))
        if lines:
            res: Any = page["/Resources"].get_object()
            for kind, name, ref in (
                ("/ColorSpace", "/CutContour", separation_ref),
                ("/ExtGState", "/CutContourGS", overprint_ref),
            ):
                if kind not in res:
                    res[NameObject(kind)] = DictionaryObject()
                res[kind].get_object()[NameObject(name)] = ref
            extra = DecodedStreamObject()
            extra.set_data(_die_ops(top - bottom, lines))
            content = page.get_contents()
            assert content is not None
            content.set_data(content.get_data() + b"\n" + extra.get_data())
            page.replace_contents(content)
        trim = RectangleObject([left, bottom, right, top])
        bleed = RectangleObject(
            [
                FloatObject(v)
                for v in (left - PRESS_BLEED, bottom - PRESS_BLEED, right + PRESS_BLEED, top + PRESS_BLEED)
            ]
        )
        page[NameObject("/MediaBox")] = bleed
        page[NameObject("/BleedBox")] = RectangleObject(list(bleed))
        page[NameObject("/TrimBox")] = trim
        page[NameObject("/CropBox")] = RectangleObject(list(bleed))
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(OUTPUT_CONDITION_ID),
            NameObject("/OutputCondition"): TextStringObject(OUTPUT_CONDITION),
            NameObject("/Info"): TextStringObject(f"{OUTPUT_CONDITION_ID}: {PROFILE.name}"),
            NameObject("/RegistryName"): TextStringObject(OUTPUT_REGISTRY),
            NameObject("/DestOutputProfile"): profile_ref,
        }
    )
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])
    writer.pdf_header = header
    if (
        not writer._ID
    ):  # PDF/X asks for a file identifier: one from the input, so the same input gives the same file
        digest = ByteStringObject(hashlib.md5(data + standard.encode()).digest())
        writer._ID = ArrayObject([digest, digest])
    info = {
        "/Title": title,
        "/GTS_PDFXVersion": version,
        "/Producer": "sheetgen",
        "/Creator": "sheetgen",
        "/CreationDate": "D:20000101000000Z",
        "/ModDate": "D:20000101000000Z",
    }
    writer.add_metadata(info)
    info_dict: Any = writer._info.get_object()  # type: ignore[union-attr]
    info_dict[NameObject("/Trapped")] = NameObject("/False")
    _xmp(writer, title, version)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _bool(value: bool) -> object:
    from pypdf.generic import BooleanObject

    return BooleanObject(value)


def _tint_function(writer: object) -> object:
    """The CutContour's alternate colour for screens (the Separation's alternate space): 100 %
    magenta (type 2 function)."""
    from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject

    return writer._add_object(  # type: ignore[attr-defined]
        DictionaryObject(
            {
                NameObject("/FunctionType"): NumberObject(2),
                NameObject("/Domain"): ArrayObject([FloatObject(0), FloatObject(1)]),
                NameObject("/C0"): ArrayObject([FloatObject(0)] * 4),
                NameObject("/C1"): ArrayObject([FloatObject(v) for v in (0, 1, 0, 0)]),
                NameObject("/N"): NumberObject(1),
            }
        )
    )


def _refuse_transparency(writer: Any) -> None:
    """Raise :class:`PressError` if any page of ``writer`` uses transparency: a graphics
    state with an opacity below 1, a soft mask or a blend mode other than Normal, or an
    image with a soft mask (PDF/X-1a allows none). Else the transparency groups some
    forms are marked as (WeasyPrint marks its gradients' patterns so) change nothing and
    are dropped, as PDF/X-1a allows none either."""
    for number, page in enumerate(writer.pages, start=1):
        found = _transparency(page, set())
        if found:
            raise PressError(f"PDF/X-1a allows no transparency, and page {number} has {found}: use PDF/X-4")
    for obj in writer._objects:
        group = obj.get("/Group") if hasattr(obj, "get") else None
        if group is not None and group.get_object().get("/S") == "/Transparency":
            del obj["/Group"]


def _transparency(obj: Any, seen: set[int]) -> str:
    """What transparency ``obj`` (a page, form, graphics state or image, and what they use)
    holds, or '' (a transparency group is not counted: alone it changes nothing)."""
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject

    if isinstance(obj, IndirectObject):
        if obj.idnum in seen:
            return ""
        seen.add(obj.idnum)
        obj = obj.get_object()
    if isinstance(obj, ArrayObject):
        return next((f for f in (_transparency(v, seen) for v in obj) if f), "")
    if not isinstance(obj, DictionaryObject):
        return ""
    for key in ("/ca", "/CA"):
        if key in obj and float(obj[key]) < 1:  # type: ignore[arg-type]
            return "an opacity below 1"
    if obj.get("/SMask", "/None") != "/None":
        return "a soft mask"
    if obj.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
        return "a blend mode"
    for key, value in obj.items():
        if key not in ("/Parent", "/Contents", "/Annots") and (found := _transparency(value, seen)):
            return found
    return ""


def _xmp(writer: object, title: str, version: str = PDFX_VERSION) -> None:
    """XMP metadata naming the document and its PDF/X ``version``."""
    from xml.sax.saxutils import escape

    from pypdf.generic import DecodedStreamObject, NameObject

    xmp = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
<dc:format>application/pdf</dc:format>
<pdf:Producer>sheetgen</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<xmp:CreatorTool>sheetgen</xmp:CreatorTool>
<xmp:CreateDate>2000-01-01T00:00:00Z</xmp:CreateDate>
<xmp:ModifyDate>2000-01-01T00:00:00Z</xmp:ModifyDate>
<xmpMM:DocumentID>uuid:00000000-0000-0000-0000-000000000000</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:00000000-0000-0000-0000-000000000000</xmpMM:InstanceID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<xmpMM:VersionID>1</xmpMM:VersionID>
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    stream = DecodedStreamObject()
    stream.set_data(xmp.encode("utf-8"))
    stream[NameObject("/Type")] = NameObject("/Metadata")
    stream[NameObject("/Subtype")] = NameObject("/XML")
    writer._root_object[NameObject("/Metadata")] = writer._add_object(stream)  # type: ignore[attr-defined]
