"""WeasyPrint finds the bundled fonts through fontconfig (``sheetgen/fonts/fonts.conf`` names
the families the stylesheets use), not through ``@font-face``: it writes no copy of a font in
the temporary folder, and the PDF embeds the bundled faces, each subset under its own tag."""

from __future__ import annotations

import collections
import io
import os
import subprocess
import sys
from pathlib import Path

from sheetgen.render.html import font_face_css

from tests.pdffonts import pdf_fonts

#: The full names (name table, ID 4) of the bundled fonts.
BUNDLED = {"DejaVu Sans", "DejaVu Sans Bold", "DejaVu Sans Condensed", "DejaVu Sans Condensed Bold"}

PAGE = (
    "<html><head><style>{faces} .c {{ font-family: SheetCondensed; }}</style></head>"
    "<body><p>Arrow <b>CT-[2]</b> <span class='c'>SSAA <b>QLR</b></span></p></body></html>"
)


def test_two_documents_embed_the_four_bundled_faces_each_under_its_own_tag() -> None:
    from fontTools.ttLib import TTFont

    from sheetgen.render.html import html_to_pdf

    page = PAGE.format(faces=font_face_css())
    fonts = pdf_fonts(html_to_pdf([page, page.replace("Arrow", "Lance")]).data)
    names = {TTFont(io.BytesIO(program))["name"].getDebugName(4) for _, program in fonts if program}
    tags = collections.Counter(base.lstrip("/").split("+")[0] for base, _ in fonts)
    assert names == BUNDLED
    assert all(program is not None for _, program in fonts)
    assert max(tags.values()) == 1, tags


def test_printing_writes_nothing_in_the_temporary_folder(tmp_path: Path) -> None:
    """The printer is given no ``@font-face`` rule, so WeasyPrint makes no ``weasyprint-*``
    folder of font copies (four files, 2.8 MB, per font configuration): the temporary folder
    is empty while the process still runs, not only once it has cleaned up at exit."""
    script = (
        "import os\n"
        "from sheetgen.render.html import font_face_css, html_to_pdf\n"
        f"html_to_pdf({PAGE!r}.format(faces=font_face_css()))\n"
        "print(os.listdir(os.environ['TMPDIR']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "TMPDIR": str(tmp_path), "SHEETGEN_CACHE": "off"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "[]", "")
    assert list(tmp_path.iterdir()) == []
