"""WeasyPrint prints with the bundled fonts only: the fonts a machine has installed (a CJK
fallback font, a serif, an oblique face) never reach a page, so the same document gives
the same bytes on every machine, and a character the bundled fonts lack is a warning."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sheetgen.render import html as html_module
from sheetgen.render.html import font_face_css, html_to_pdf

from tests.pdffonts import pdf_fonts

#: The full names (name table, ID 4) of the bundled fonts.
BUNDLED = {"DejaVu Sans", "DejaVu Sans Bold", "DejaVu Sans Condensed", "DejaVu Sans Condensed Bold"}

#: Text in families and a style the bundled fonts do not have, and characters they lack.
PAGE = (
    f"<html><head><style>{font_face_css()} p {{ font-family: SheetSans; }}"
    " .serif { font-family: 'DejaVu Serif', 'Droid Sans Fallback', serif; font-style: italic; }"
    "</style></head><body><p>Arrow 星際</p><p class='serif'>Lance 大和</p>"
    "<div>no family at all</div></body></html>"
)


def _embedded_names(pdf: bytes) -> set[str]:
    from fontTools.ttLib import TTFont

    names = set()
    for _, program in pdf_fonts(pdf):
        assert program is not None
        names.add(TTFont(io.BytesIO(program))["name"].getDebugName(4))
    return names


def _config(folder: Path, name: str, body: str) -> str:
    path = folder / name
    path.write_text(f'<?xml version="1.0"?>\n<fontconfig>{body}</fontconfig>\n', encoding="utf-8")
    return str(path)


def _printed_with(monkeypatch: pytest.MonkeyPatch, fontconfig_file: str) -> tuple[bytes, tuple[str, ...]]:
    """``PAGE`` printed afresh in a process whose ``FONTCONFIG_FILE`` was ``fontconfig_file``."""
    monkeypatch.setenv("FONTCONFIG_FILE", fontconfig_file)
    html_module.release_styles()  # the font configuration is made again, as in a new process
    try:
        rendered = html_to_pdf(PAGE)
    finally:
        html_module.release_styles()
    return rendered.data, rendered.warnings


def test_only_the_bundled_fonts_are_embedded() -> None:
    """A serif, an italic and a family the page never names all print in a bundled font
    (the system's DejaVu Serif, its oblique face and a CJK fallback font were picked)."""
    assert _embedded_names(html_to_pdf(PAGE).data) <= BUNDLED


def test_the_same_page_prints_the_same_bytes_whatever_fonts_the_machine_has(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Every font the system has (its own fontconfig configuration, a CJK fallback font among
    them when installed) against no fonts at all: the same bytes, the same one warning."""
    system = _config(tmp_path, "system.conf", '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>')
    system_fonts = _config(tmp_path, "dirs.conf", "<dir>/usr/share/fonts</dir><dir>~/.fonts</dir>")
    none = _config(tmp_path, "none.conf", "")
    printed = [_printed_with(monkeypatch, path) for path in (system, system_fonts, none)]
    assert printed[0] == printed[1] == printed[2]
    assert printed[0][1] == (
        "the bundled fonts have no glyph for '和' (U+548C), '大' (U+5927), '星' (U+661F), '際' (U+969B);"
        " they print as empty boxes",
    )


def test_a_missing_configuration_file_is_a_missing_resource(monkeypatch: pytest.MonkeyPatch) -> None:
    from sheetgen.core import resources

    monkeypatch.setattr(html_module, "FONTCONFIG", "no-such-fonts.conf")
    with pytest.raises(resources.MissingResource, match=r"no-such-fonts\.conf"):
        html_module.bundled_fonts_only()
