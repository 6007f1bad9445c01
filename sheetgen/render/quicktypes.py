"""WeasyPrint's C type names read without cffi's C parser: the first print's ~40 ms.

WeasyPrint calls Pango, HarfBuzz and fontconfig through cffi and asks it for C objects by
type name (``ffi.new('PangoRectangle *')``, ``ffi.new(f'hb_codepoint_t[{n}]', ...)``).
cffi parses each new name once with pycparser, after every typedef cffi knows of (about
66 declarations, several milliseconds a name): in a fresh process its first print parses
about a dozen names, about 40 ms of CPU, and the subset arrays' names change with the
number of glyphs a document uses, so a process printing many documents keeps parsing new
ones (``hb_codepoint_t[41]``, ``hb_codepoint_t[2883]``...).

Every name WeasyPrint uses is of one simple shape: a typedef'd or primitive name, then
``*``s, then at most one ``[N]`` or ``[]``. :func:`quicken` gives the ``FFI`` a parser that
builds that type from cffi's own declarations, exactly as cffi's parser would (the same
``cffi.model`` types, so the same C types come out: ``tests/render/test_quicktypes.py``
holds both equal for every name WeasyPrint's source asks for and for every typedef), and
hands any other name to cffi's parser. If cffi's internals are not what this expects, the
``FFI`` is left as it is.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["quick_type", "quicken"]

#: A name, optionally two words (``unsigned int``), then ``*``s, then one ``[N]`` or ``[]``.
_SIMPLE = re.compile(
    r"\s*(?P<base>[A-Za-z_]\w*(?: [A-Za-z_]\w*)?)\s*(?P<stars>(?:\*\s*)*)(?P<array>\[\s*(?P<length>[1-9][0-9]*|0)?\s*\])?\s*"
)
#: Primitive names spelled as cffi's parser names them (its canonical order of prefixes).
_PRIMITIVES = frozenset(
    {"char", "int", "unsigned int", "long", "unsigned long", "short", "unsigned short", "float", "double"}
    | {"unsigned char", "signed char", "size_t", "uint8_t", "uint16_t", "uint32_t", "int32_t", "int64_t"}
    | {"uint64_t", "int8_t", "int16_t"}
)


def quick_type(parser: Any, cdecl: str) -> Any | None:
    """The ``cffi.model`` type cffi's ``parser`` gives for ``cdecl`` (its ``parse_type``),
    built from ``parser``'s declarations, or ``None`` when ``cdecl`` is not of the simple
    shape (a typedef'd or primitive name, ``*``s, one ``[N]`` or ``[]``)."""
    from cffi import model  # type: ignore[import-untyped]
    from cffi.commontypes import resolve_common_type  # type: ignore[import-untyped]

    match = _SIMPLE.fullmatch(cdecl)
    if match is None:
        return None
    base = match["base"]
    found = parser._declarations.get(f"typedef {base}")
    if found is not None:
        tp, quals = found
    elif base in _PRIMITIVES:
        tp, quals = resolve_common_type(parser, base)
    else:
        return None
    for _ in range(match["stars"].count("*")):
        tp, quals = parser._get_type_pointer(tp, quals), 0
    if match["array"]:
        length = match["length"]
        tp = model.ArrayType(tp, int(length) if length is not None else None)
    return tp


def quicken(ffi: Any) -> bool:
    """Give ``ffi`` (a ``cffi.FFI``) the quick parser for simple type names (once);
    ``False`` if its parser is not one this knows (left as it is)."""
    parser = getattr(ffi, "_parser", None)
    if parser is None or getattr(parser, "_quick", False):
        return parser is not None
    slow = getattr(parser, "parse_type", None)
    if slow is None or not isinstance(getattr(parser, "_declarations", None), dict):
        return False
    if not hasattr(parser, "_get_type_pointer"):
        return False

    def parse_type(cdecl: str) -> Any:
        tp = quick_type(parser, cdecl)
        return slow(cdecl) if tp is None else tp

    parser.parse_type = parse_type
    parser._quick = True
    return True
