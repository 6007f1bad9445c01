"""The CMYK output profile of ``--press`` (issue 27): a freely licensed profile shipped in the
package (GRACoL 2006 coated, from the ANSI CGATS/GRACoL TR 006-2007 characterization data),
with its licence beside it; the output intent names its registered condition and embeds it;
colours are converted with the same profile."""

from __future__ import annotations

import io

from PIL import Image, ImageCms
from pypdf import PdfReader

from sheetgen.render import press

from tests.test_press_units import _sample


def test_the_profile_is_shipped_in_the_package_with_its_licence() -> None:
    assert press.PROFILE.parent.name == "icc" and press.PROFILE.parent.parent.name == "sheetgen"
    profile = ImageCms.ImageCmsProfile(str(press.PROFILE)).profile
    assert (profile.device_class, profile.xcolor_space, profile.connection_space) == ("prtr", "CMYK", "Lab ")
    assert profile.version < 4  # ICC v2: readable by PDF 1.3/1.4 workflows too
    assert "CGATS TR 006" in profile.profile_description
    licence = (press.PROFILE.parent / "LICENSE-icc.txt").read_text(encoding="utf-8")
    assert press.PROFILE.name in licence and "TR 006-2007" in licence and "CC0" in licence


def test_the_output_intent_names_the_condition_and_embeds_the_shipped_profile() -> None:
    reader = PdfReader(io.BytesIO(press.to_press(_sample(), title="t")))
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 006"
    assert intent["/RegistryName"] == "http://www.color.org"
    assert "GRACoL 2006" in intent["/OutputCondition"]
    assert intent["/DestOutputProfile"].get_object().get_data() == press.PROFILE.read_bytes()


def test_colours_are_converted_with_the_shipped_profile() -> None:
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(str(press.PROFILE)), "RGB", "CMYK"
    )
    for rgb in ((31, 79, 156), (200, 30, 30), (40, 140, 60)):
        pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform)
        assert pixel is not None
        expected = tuple(round(v / 255, 4) for v in pixel.getpixel((0, 0)))  # type: ignore[union-attr]
        assert press.cmyk(*(v / 255 for v in rgb)) == expected
    cyan, magenta, yellow, black = press.cmyk(0.0, 0.0, 0.0)
    assert (cyan, magenta, yellow, black) == (0, 0, 0, 1)  # black text and lines: black ink alone
