"""WeasyPrint's C type names read without cffi's C parser give the types cffi's parser gives."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from sheetgen.render.html import import_weasyprint
from sheetgen.render.quicktypes import _PRIMITIVES, quick_type


@pytest.fixture(scope="module")
def ffi() -> Any:
    import_weasyprint()
    from weasyprint.text.ffi import ffi

    return ffi


def _slow(ffi: Any, cdecl: str) -> Any:
    """What cffi's own parser (pycparser) gives for ``cdecl``."""
    return type(ffi._parser).parse_type(ffi._parser, cdecl)


def _weasyprints_names() -> set[str]:
    """Every type name WeasyPrint's source gives ``ffi.new`` or ``ffi.cast``, an f-string's
    ``{...}`` read as a number."""
    import weasyprint

    names = set()
    for path in Path(weasyprint.__file__).parent.rglob("*.py"):
        for _quote, name in re.findall(
            r"ffi\.(?:new|cast)\(\s*f?(['\"])(.*?)\1", path.read_text(encoding="utf-8")
        ):
            names.add(re.sub(r"\{[^}]*\}", "41", name))
    return names


def test_every_name_weasyprint_asks_for_is_read_as_cffi_reads_it(ffi: Any) -> None:
    names = _weasyprints_names()
    assert {"PangoRectangle *", "hb_codepoint_t[41]", "char[]", "FcChar8 **", "unsigned int *"} <= names
    for name in names:
        quick = quick_type(ffi._parser, name)
        assert quick is not None, name  # every one of the simple shape
        assert quick == _slow(ffi, name), name
        with ffi._lock:  # cffi's own C type for each: the same object
            assert ffi._get_cached_btype(quick) is ffi._get_cached_btype(_slow(ffi, name))


def test_every_typedef_and_primitive_in_every_simple_shape(ffi: Any) -> None:
    bases = [key.removeprefix("typedef ") for key in ffi._parser._declarations if key.startswith("typedef ")]
    assert len(bases) > 50
    for base in [*bases, *sorted(_PRIMITIVES)]:
        for name in (base, f"{base} *", f"{base}*", f"{base} **", f"{base}[3]", f"{base} *[2]", f"{base}[]"):
            quick = quick_type(ffi._parser, name)
            assert quick is not None and quick == _slow(ffi, name), name


@pytest.mark.parametrize("name", ["const char *", "struct _PangoRectangle *", "int (*)(int)", "char[0x10]"])
def test_other_shapes_go_to_cffis_parser(ffi: Any, name: str) -> None:
    assert quick_type(ffi._parser, name) is None
    ffi.typeof(name)  # still read, by cffi's parser


def test_a_new_subset_array_is_made_without_parsing_c(ffi: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A subset array of a glyph count not seen before (each document's differ) is made without
    pycparser: each such parse was several ms, a dozen of them ~40 ms of a fresh process's print."""

    def parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("cffi parsed C")

    monkeypatch.setattr(ffi._parser, "_parse", parse)
    array = ffi.new("hb_codepoint_t[12347]", [7] * 12347)
    assert len(array) == 12347 and array[12346] == 7
    assert ffi.sizeof(ffi.new("PangoRectangle *")[0]) == 16
