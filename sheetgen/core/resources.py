"""Where the shipped templates, fonts and example designs live.

In a source checkout (and an editable install) they are the top-level
``templates/`` and ``designs/`` folders; in a wheel they are packed under
``sheetgen/_data/``. Fonts are always inside the package (``sheetgen/fonts``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["FONTS", "designs_dir", "font_path", "templates_dir"]

_PACKAGE = Path(__file__).resolve().parent.parent

#: Bundled fonts by CSS/ReportLab family and weight: (file, family, weight).
FONTS = (
    ("DejaVuSans.ttf", "SheetSans", "normal"),
    ("DejaVuSans-Bold.ttf", "SheetSans", "bold"),
    ("DejaVuSansCondensed.ttf", "SheetCondensed", "normal"),
    ("DejaVuSansCondensed-Bold.ttf", "SheetCondensed", "bold"),
)


class MissingResource(RuntimeError):
    """A file the package ships is missing: the installation is broken."""


def _find(name: str) -> Path:
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise MissingResource(f"sheetgen's {name}/ folder is missing; reinstall sheetgen")


def templates_dir() -> Path:
    """The folder of Jinja2 templates and CSS."""
    return _find("templates")


def designs_dir() -> Path:
    """The folder of bundled example designs and scenarios."""
    return _find("designs")


def font_path(file: str) -> Path:
    """A bundled font file; raises :class:`MissingResource` if it is not there
    (sheetgen never falls back to a system font silently)."""
    path = _PACKAGE / "fonts" / file
    if not path.is_file():
        raise MissingResource(f"bundled font {file} is missing from {path.parent}; reinstall sheetgen")
    return path
