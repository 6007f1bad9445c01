"""The served folder: designs and scenarios listed, opened and saved only inside it.

A path a request names is relative to the workspace, a ``.yaml`` or ``.yml``
file, with no ``..``, no absolute or drive path, no hidden part; resolved
(symbolic links followed) it must still lie inside the workspace. Saving goes
through :func:`sheetgen.core.output.write_atomic`, so a failed save leaves the
file as it was; a save into folders that are not there yet makes them, inside the
workspace.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import threading
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from sheetgen.core.findings import finding_json, quoted
from sheetgen.core.jsondata import JSON, JSONObject
from sheetgen.core.output import OutputError, OutputExists, sweep_staged, write_atomic, write_new
from sheetgen.core.source import MAX_BYTES, UNPRINTABLE, Located
from sheetgen.serve.service import OUT_OF_ROOM, Refusal

if TYPE_CHECKING:
    from sheetgen.scenarios.scenario import Scenario

__all__ = ["Workspace", "control_character", "file_version"]

SUFFIXES = (".yaml", ".yml")
#: Most files ``GET /api/files`` lists.
MAX_FILES = 2000
#: Most folders one save makes (``ships/escorts/new.yaml`` makes two).
MAX_NEW_FOLDERS = 8


def _refuse(status: int, message: str) -> Refusal:
    return Refusal(status, [f"sheetgen: error: {message}"])


#: One save at a time in this server: a save's version check and its write are one step.
_SAVING = threading.Lock()


def file_version(data: bytes) -> str:
    """A file's version as the designer keeps it: the first 16 hex digits of the SHA-256 of
    its bytes (``X-File-Version`` of ``GET /api/file``, ``version`` of a save)."""
    return hashlib.sha256(data).hexdigest()[:16]


def control_character(text: str) -> str | None:
    """The first control character in ``text`` (a line break, a tab, or one of
    :data:`~sheetgen.core.source.UNPRINTABLE`), or None: a query parameter holding one is
    refused, so a file whose path holds one is never listed."""
    found = UNPRINTABLE.search(text) or re.search(r"[\n\r\t]", text)
    return None if found is None else found.group()


class Workspace:
    """The folder ``root`` (resolved once) and the files in it a request may touch."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root).resolve()

    def resolve(self, raw: str) -> Path:
        """The file ``raw`` names inside the workspace; refuses (400) any path that
        leaves it or is no YAML file, and (403) a symbolic link that points out of it."""
        if not raw or "\x00" in raw:
            raise _refuse(400, f"path {raw!r}: give a file in the workspace, e.g. ships/arrow.yaml")
        if "\\" in raw:
            shown = f"'{raw}'" if raw.isprintable() and len(raw) <= 80 else quoted(raw)  # the \\ as typed
            raise _refuse(400, f"path {shown}: folders are separated by / (not \\), e.g. ships/arrow.yaml")
        if raw.endswith("/"):
            raise _refuse(
                400, f"path {quoted(raw)} names a folder (it ends in /); give a file, e.g. ships/arrow.yaml"
            )
        pure = PurePosixPath(raw)
        if pure.is_absolute() or (len(raw) > 1 and raw[1] == ":"):
            raise _refuse(400, f"path {raw!r}: absolute paths are refused; give one inside the workspace")
        if any(part in ("..", ".") or part.startswith(".") for part in pure.parts):
            raise _refuse(400, f"path {raw!r}: '..' and hidden names are refused; stay inside the workspace")
        if pure.suffix.lower() not in SUFFIXES:
            raise _refuse(400, f"path {raw!r}: only .yaml and .yml files are opened and saved")
        target = (self.root / Path(*pure.parts)).resolve()
        if not target.is_relative_to(self.root):
            raise _refuse(403, f"path {raw!r} leads out of the workspace (a symbolic link?)")
        return target

    def files(self) -> list[str]:
        """The workspace's YAML files as relative paths (``/``-separated), sorted; hidden
        folders skipped, symbolic links out of the workspace and paths holding a control
        character (:func:`control_character`: no request can name them) left out."""
        out: list[str] = []
        for folder, dirs, names in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(names):
                if name.startswith(".") or Path(name).suffix.lower() not in SUFFIXES:
                    continue
                path = Path(folder) / name
                if not path.resolve().is_relative_to(self.root) or not path.is_file():
                    continue
                relative = path.relative_to(self.root).as_posix()
                if control_character(relative) is not None:  # no request can name it
                    continue
                out.append(relative)
                if len(out) >= MAX_FILES:
                    return out
        return out

    def sweep(self) -> list[str]:
        """Remove the temporary files a save left in the workspace when its process was killed
        (:func:`~sheetgen.core.output.sweep_staged`; hidden folders are not entered, and at most
        :data:`MAX_FILES` folders are looked in). Returns their relative paths."""
        removed: list[str] = []
        for count, (folder, dirs, _names) in enumerate(os.walk(self.root)):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            here = Path(folder)
            removed += [(here / n).relative_to(self.root).as_posix() for n in sweep_staged(here)]
            if count >= MAX_FILES:
                break
        return removed

    def read(self, raw: str) -> str:
        """The text of the file ``raw`` names; refuses a missing (404) or unreadable one, and
        (413) one over :data:`~sheetgen.core.source.MAX_BYTES` bytes, which no check would read."""

        target = self.resolve(raw)
        if not target.is_file():
            raise _refuse(404, f"{raw}: no such file in the workspace")
        try:
            with target.open("rb") as handle:
                data = handle.read(MAX_BYTES + 1)  # never more: the size a stat gives may lie
            if len(data) > MAX_BYTES:
                size = max(len(data), target.stat().st_size)
                raise _refuse(
                    413,
                    f"{raw}: file is {size / 1e6:.1f} MB; design and scenario files are limited "
                    f"to {MAX_BYTES / 1e6:.1f} MB",
                )
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise _refuse(422, f"{raw}: not UTF-8 text; save the file as UTF-8") from None
        except OSError as exc:
            raise _refuse(403, f"{raw}: cannot read: {exc.strerror or exc}") from None

    def scenario(self, raw: str, text: bytes | None = None) -> tuple[JSONObject, list[bytes]]:
        """The scenario in the file ``raw`` names, as ``sheetgen validate`` and ``sheetgen map``
        read it: ``({"name", "game", "legal", "sides": [{"name", "colour", "ships"}], "findings",
        "pages"}, [SVG of each map page])``, the map one page to fit (``map --paper fit``).
        With ``text``, that is the file's content, not yet saved (the file need not exist, its
        folder must): design paths are read from ``raw``'s folder, as when it is saved.
        Refuses (422) a file that is no scenario or cannot be read, with the CLI's lines, and
        (403) a scenario whose designs lie outside the workspace."""
        from sheetgen.draw.svg import page_to_svg
        from sheetgen.hexgrid import direction_names
        from sheetgen.layout.maps import MapError, layout_map, map_options
        from sheetgen.layout.maps.pages import first_page_hexes

        loaded = self._scenario(raw, text)
        shown = str(self.root) + os.sep

        def here(loc: Located) -> Located:
            return Located(loc.source.replace(shown, ""), loc.line, loc.column, loc.finding)

        try:
            opts = map_options(loaded, paper="fit")
            drawing = layout_map(opts)
            hexes = first_page_hexes(opts)
        except MapError as exc:
            raise _refuse(422, f"{raw}: {exc}") from None
        located = [here(loc) for loc in loaded.located]
        sides: list[JSON] = [
            {"name": side.name, "colour": side.colour, "ships": [ship.name for ship in side.ships]}
            for side in loaded.sides
        ]
        info: JSONObject = {
            "name": loaded.name,
            "game": loaded.game.id,
            "legal": loaded.legal,
            "sides": sides,
            "findings": [finding_json(loc) for loc in located],
            "pages": len(drawing.pages),
        }
        if hexes is not None:  # the page drags ships onto these hexes (docs/serve.md)
            facings: list[JSON] = [*direction_names(opts.orientation)]
            info["grid"] = {**hexes, "facings": facings}
        return info, [page_to_svg(page, drawing.title) for page in drawing.pages]

    def _scenario(self, raw: str, text: bytes | None = None) -> Scenario:
        """The scenario ``raw`` names (or ``text``, read as that file), read; refused as
        :meth:`scenario` says."""
        from sheetgen.scenarios.scenario import every_error, load_scenario

        target = self.resolve(raw)
        if text is None and not target.is_file():
            raise _refuse(404, f"{raw}: no such file in the workspace")
        if text is not None and not target.parent.is_dir():
            raise _refuse(404, f"{raw}: no such folder in the workspace")
        loaded, result = load_scenario(target, within=self.root, text=text)
        if result.outside:
            raise _refuse(403, f"{raw}: names a design outside the workspace ({result.outside[0]})")
        shown = str(self.root) + os.sep
        if result.input_errors or loaded is None:
            located = [
                Located(loc.source.replace(shown, ""), loc.line, loc.column, loc.finding)
                for loc in every_error(loaded, result)
            ]
            raise Refusal(422, [str(loc) for loc in located], located)
        return loaded

    def kit_zip(self, raw: str, paper: str = "letter") -> bytes:
        """``sheetgen kit P --single`` for the workspace scenario ``raw``, the files
        as one zip (``<scenario slug>/briefing.pdf`` ...). Built in a temporary folder: the
        workspace is not written; the same kit is the same bytes. Refuses a scenario with errors
        (422), as ``kit`` does."""
        import shutil

        from sheetgen.core.archive import zip_bytes
        from sheetgen.core.leftovers import KIT_FOLDER_PREFIX, new_temp_folder_path, sweep_leftovers
        from sheetgen.kit import KitError, build_kit
        from sheetgen.scenarios.scenario import slug
        from sheetgen.serve.service import _paper, check_ships

        paper = _paper(paper)
        loaded = self._scenario(raw)
        check_ships(len(loaded.ships))
        errors = [loc for loc in loaded.located if loc.finding.is_error]
        if errors:
            shown = str(self.root) + os.sep
            located = [
                Located(loc.source.replace(shown, ""), loc.line, loc.column, loc.finding) for loc in errors
            ]
            raise Refusal(422, [str(loc) for loc in located], located)
        folder = slug(loaded.name) or "kit"
        # named with this process's id, so a kill leaves nothing the next sweep misses
        tmp = new_temp_folder_path(KIT_FOLDER_PREFIX)
        try:
            sweep_leftovers()
            os.mkdir(tmp, 0o700)
            try:
                kit = build_kit(loaded, Path(tmp) / folder, paper=paper, single=True)
            except KitError as exc:
                message = str(exc).replace(tmp + os.sep, "")
                full = next((os.strerror(n) for n in OUT_OF_ROOM if os.strerror(n) in message), None)
                if full is not None:  # the server's temporary folder, not the scenario: try later
                    line = f"sheetgen: error: the server cannot write its files now: {full}"
                    raise Refusal(503, [line], headers={"Retry-After": "60"}) from None
                raise _refuse(422, message) from None
            return zip_bytes((path.relative_to(tmp).as_posix(), path.read_bytes()) for path in kit.files)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def save(self, raw: str, body: bytes, *, replace: bool = False, base: str | None = None) -> str:
        """Write ``body`` (UTF-8 text) to the file ``raw`` names, atomically. Folders it
        names that are not there yet are made (at most :data:`MAX_NEW_FOLDERS` of them, each
        inside the workspace, checked as :meth:`resolve` checks the file); a failed save
        removes the folders it made. Returns the relative path saved; refuses (409) a file
        that exists unless ``replace`` (nothing is replaced without being asked for), and
        (409) a save that cannot be written (a folder that is a file, a read-only folder).
        The temporary files of saves killed outright in that folder are removed first.

        ``base``: the :func:`file_version` of the text the buffer was opened from; a file that
        has changed since (another tab or program saved it) is refused (409) rather than
        replaced, so neither save is lost without being asked. A file gone since is saved."""
        target = self.resolve(raw)
        with _SAVING:  # the check and the write as one, against another save of this server
            return self._save(raw, target, body, replace, base)

    def _save(self, raw: str, target: Path, body: bytes, replace: bool, base: str | None) -> str:
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            raise _refuse(400, f"{raw}: the text to save is not UTF-8") from None
        exists = f"{raw} already exists; replace it (replace=1) or save as another path"
        if not replace and (target.exists() or target.is_symlink()):
            raise _refuse(409, exists)
        if base is not None and target.is_file():
            try:
                with target.open("rb") as handle:
                    now = file_version(handle.read(MAX_BYTES + 1))
            except OSError:
                now = None
            if now != base:
                raise _refuse(
                    409,
                    f"{raw} changed since it was opened here (another tab or program saved it); "
                    "replace it anyway (without base) or save as another path",
                )
        made = self._folders(raw, target)
        sweep_staged(target.parent)  # what a save killed outright left beside it
        try:
            # without replace, linked into place only if nothing is there by then either
            (write_atomic if replace else write_new)(target, body)
        except OutputError as exc:
            for folder in reversed(made):
                with contextlib.suppress(OSError):
                    folder.rmdir()
            message = (
                exists if isinstance(exc, OutputExists) else str(exc).replace(str(self.root) + os.sep, "")
            )
            raise _refuse(409, message) from None
        return target.relative_to(self.root).as_posix()

    def _folders(self, raw: str, target: Path) -> list[Path]:
        """Make the folders above ``target`` that are missing, outermost first, and return
        them; each is made only when its parent, links followed, is still in the workspace."""
        missing: list[Path] = []
        folder = target.parent
        while folder != self.root and not folder.exists() and not folder.is_symlink():
            missing.append(folder)
            folder = folder.parent
        if len(missing) > MAX_NEW_FOLDERS:
            raise _refuse(409, f"{raw}: at most {MAX_NEW_FOLDERS} new folders are made in one save")
        made: list[Path] = []
        for folder in reversed(missing):
            if not folder.parent.resolve().is_relative_to(self.root):
                raise _refuse(403, f"path {raw!r} leads out of the workspace (a symbolic link?)")
            try:
                folder.mkdir()
            except OSError as exc:
                for done in reversed(made):
                    with contextlib.suppress(OSError):
                        done.rmdir()
                shown = folder.relative_to(self.root).as_posix()
                raise _refuse(409, f"{raw}: cannot make the folder {shown}: {exc.strerror or exc}") from None
            made.append(folder)
        return made
