"""Where the shipped templates, fonts and example designs live.

In a source checkout (and an editable install) they are the top-level
``templates/`` and ``designs/`` folders; in a wheel they are packed under
``sheetgen/_data/``. Fonts are always inside the package (``sheetgen/fonts``).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["FONTS", "designs_dir", "example_files", "font_path", "starting_design", "templates_dir"]

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


#: Stands for the design's name in the starting designs (``templates/new/<game id>.yaml``).
NAME_MARK = "__NAME__"


def starting_design(game_id: str, name: str) -> str:
    """The commented starting design of game ``game_id`` (``sheetgen new``), named
    ``name``, as YAML text; raises :class:`MissingResource` if the game has none.

    >>> game_id = min(p.stem for p in (templates_dir() / "new").glob("*.yaml"))
    >>> "name: Arrow" in starting_design(game_id, "Arrow")
    True
    >>> "name: 'Yes'" in starting_design(game_id, "Yes")
    True
    """
    import yaml

    path = templates_dir() / "new" / f"{game_id}.yaml"
    if not path.is_file():
        raise MissingResource(f"sheetgen has no starting design for {game_id}; reinstall sheetgen")
    # YAML's own writer quotes a name it would read back as something else (yes, 12, a: b)
    scalar = yaml.safe_dump(name, allow_unicode=True, width=10**6).removesuffix("\n...\n").rstrip("\n")
    return path.read_text(encoding="utf-8").replace(NAME_MARK, scalar)


def example_files() -> list[tuple[Path, Path]]:
    """Every bundled example file (designs, fleets, illegal examples, scenarios) as
    ``(path relative to the designs folder, path on disk)``, sorted; hidden files
    and caches are left out. ``sheetgen examples`` copies them."""
    root = designs_dir()
    return sorted(
        (f.relative_to(root), f)
        for f in root.rglob("*")
        if f.is_file()
        and not any(part.startswith(".") or part == "__pycache__" for part in f.relative_to(root).parts)
    )
