"""Where the shipped templates, fonts and example designs live.

In a source checkout (and an editable install) they are the top-level
``templates/`` and ``designs/`` folders; in a wheel they are packed under
``sheetgen/_data/``. Fonts are always inside the package (``sheetgen/fonts``).

A game's own files are found by convention from its id, all through one lookup,
:func:`game_files` (which :meth:`sheetgen.games.base.Game.files` calls).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "FONTS",
    "GameFiles",
    "designs_dir",
    "example_files",
    "font_path",
    "game_files",
    "starting_design",
    "templates_dir",
]

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


@dataclass(frozen=True)
class GameFiles:
    """Where one game's own files are, each named by convention from its id.

    ``templates`` is the templates folder holding the game's ``<id>/`` folder (its record
    sheet, ``<id>/sheet.html.j2`` and ``<id>/sheet.css``, named so under it) and its
    starting design ``new/<id>.yaml``; ``designs`` is the game's own folder of example
    designs, fleets and scenarios (``designs/<id>/``); ``guide`` its player's guide
    (``docs/<id>.md``: in a source checkout; a wheel ships no docs); ``schema`` the shipped
    JSON Schema of its design files (``sheetgen/schemas/<id>.schema.json``).
    """

    game_id: str
    templates: Path
    designs: Path
    guide: Path
    schema: Path

    @property
    def sheet_folder(self) -> Path:
        """The folder of the game's record-sheet template and stylesheet."""
        return self.templates / self.game_id

    @property
    def starting_design(self) -> Path:
        """The commented starting design ``sheetgen new`` writes (:func:`starting_design`)."""
        return self.templates / "new" / f"{self.game_id}.yaml"

    @property
    def scenarios(self) -> list[Path]:
        """The game's bundled scenarios (``designs/<id>/scenarios/*.yaml``), sorted by name."""
        return sorted((self.designs / "scenarios").glob("*.yaml"))


def game_files(game_id: str, home: Path | None = None) -> GameFiles:
    """The :class:`GameFiles` of the game ``game_id``: under the project's own folders
    (``templates/``, ``designs/``, ``docs/``, ``sheetgen/schemas/``), or, given ``home``,
    under that folder laid out the same way (``home/templates/``, ``home/designs/``,
    ``home/docs/``, ``home/schemas/``: a game kept outside the project, as the test suite's
    made-up fifth game is). Raises :class:`MissingResource` when the project's templates or
    designs folder is missing (a broken install)."""
    if home is not None:
        return GameFiles(
            game_id,
            home / "templates",
            home / "designs" / game_id,
            home / "docs" / f"{game_id}.md",
            home / "schemas" / f"{game_id}.schema.json",
        )
    return GameFiles(
        game_id,
        templates_dir(),
        designs_dir() / game_id,
        _PACKAGE.parent / "docs" / f"{game_id}.md",
        _PACKAGE / "schemas" / f"{game_id}.schema.json",
    )


def font_path(file: str) -> Path:
    """A bundled font file; raises :class:`MissingResource` if it is not there
    (sheetgen never falls back to a system font silently)."""
    path = _PACKAGE / "fonts" / file
    if not path.is_file():
        raise MissingResource(f"bundled font {file} is missing from {path.parent}; reinstall sheetgen")
    return path


#: Stands for the design's name in the starting designs (``templates/new/<game id>.yaml``).
NAME_MARK = "__NAME__"


def starting_design(game: GameFiles | str, name: str) -> str:
    """The commented starting design (``sheetgen new``) of the game whose files are ``game``
    (:meth:`~sheetgen.games.base.Game.files`; a game id: a game whose files are the
    project's), named ``name``, as YAML text; raises :class:`MissingResource` if the game
    has none.

    >>> game_id = min(p.stem for p in (templates_dir() / "new").glob("*.yaml"))
    >>> "name: Arrow" in starting_design(game_files(game_id), "Arrow")
    True
    >>> "name: 'Yes'" in starting_design(game_id, "Yes")
    True
    """
    import yaml

    files = game_files(game) if isinstance(game, str) else game
    path = files.starting_design
    if not path.is_file():
        raise MissingResource(f"sheetgen has no starting design for {files.game_id}; reinstall sheetgen")
    # YAML's own writer quotes a name it would read back as something else (yes, 12, a: b)
    scalar = yaml.safe_dump(name, allow_unicode=True, width=10**6).removesuffix("\n...\n").rstrip("\n")
    return path.read_text(encoding="utf-8").replace(NAME_MARK, scalar)


def example_files(games: list[GameFiles]) -> list[tuple[Path, Path]]:
    """Every example file (designs, fleets, illegal examples, scenarios) of ``games`` as
    ``(path relative to the designs folder, path on disk)``, each game's under its own
    ``<id>/`` folder, sorted; hidden files and caches are left out. ``sheetgen examples``
    copies them. Raises :class:`MissingResource` when a game's folder is missing."""
    found: list[tuple[Path, Path]] = []
    for files in games:
        root = files.designs
        if not root.is_dir():
            raise MissingResource(f"sheetgen's examples of {files.game_id} are missing; reinstall sheetgen")
        found += (
            (Path(files.game_id, f.relative_to(root)), f)
            for f in root.rglob("*")
            if f.is_file()
            and not any(part.startswith(".") or part == "__pycache__" for part in f.relative_to(root).parts)
        )
    return sorted(found)
