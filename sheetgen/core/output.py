"""Writing output files atomically.

Every file sheetgen writes goes through :func:`write_atomic`: the bytes go to a
temporary file in the same folder, are flushed to disk, and replace the target
in one ``os.replace``. A run that fails part-way leaves any existing file as it
was, and never leaves a half-written one; :func:`write_all_atomic` does so for several
files at once, all or none. :func:`write_new` does the same for a
file that must not exist yet (``sheetgen new``, ``sheetgen examples``): it links
the finished file into place, so an existing one is never replaced.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import re
import stat
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from sheetgen.core.findings import shown_path
from sheetgen.core.stopping import signals_deferred

__all__ = [
    "OutputError",
    "OutputExists",
    "check_folder",
    "check_replaceable",
    "check_target",
    "check_writable",
    "folder_files",
    "make_folder",
    "remove_empty",
    "sweep_staged",
    "write_all_atomic",
    "write_atomic",
    "write_folder",
    "write_new",
]


class OutputError(Exception):
    """An output path that cannot be written (missing folder, read-only, a folder)."""


#: What a path that is not a regular file is, by the kind :func:`os.lstat` gives it.
_KINDS = (
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


def check_target(target: Path) -> None:
    """Raise :class:`OutputError` unless ``target`` is absent or a regular file: a symbolic
    link (followed or not, either would write somewhere the name does not say), a named
    pipe, a device, a socket or a folder is never replaced by sheetgen's output. A name the
    file system refuses (too long) raises its :class:`OSError`, as opening it would."""
    try:
        mode = os.lstat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):  # absent (the folder's check says why)
        return
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    if kind == "a folder":
        raise OutputError(f"{shown_path(target)}: is a folder; give a file name")
    raise OutputError(
        f"{shown_path(target)}: is {kind}, not a regular file; give a new or regular file's name"
    )


def check_writable(path: str | os.PathLike[str]) -> Path:
    """Raise :class:`OutputError` unless ``path``'s folder exists and can be written, and
    ``path`` is absent or a regular file (:func:`check_target`).

    Called before any rendering so a bad ``-o`` fails fast; returns ``path`` as a Path.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    check_target(target)
    if not folder.is_dir():
        raise OutputError(f"{shown_path(target)}: folder {shown_path(folder)} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"{shown_path(target)}: folder {shown_path(folder)} is not writable")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputError(f"{shown_path(target)}: file is read-only")
    return target


def check_folder(path: str | os.PathLike[str]) -> Path:
    """Raise :class:`OutputError` unless ``path`` is a folder that can be written, or can be
    made (its nearest existing ancestor is a writable folder). Returns ``path`` as a Path;
    makes nothing. Called before a run writes many folders under one (``kit --all``), so
    one cause is said once."""
    folder = Path(path)
    there = next((p for p in (folder, *folder.parents) if p.exists() or p.is_symlink()), Path("."))
    if not there.is_dir():
        where = "is a file" if there == folder else f"{shown_path(there)} is a file"
        raise OutputError(f"{shown_path(folder)}: {where}, not a folder")
    if not os.access(there, os.W_OK | os.X_OK):
        raise OutputError(f"{shown_path(folder)}: folder {shown_path(there)} is not writable")
    return folder


def make_folder(path: str | os.PathLike[str], made: list[Path]) -> None:
    """Make the folder ``path`` and any missing folders above it, putting each in ``made``
    (at its front: deepest first, as :func:`remove_empty` takes them) before it is made, so
    that the caller can take them away again if what was to go in them is not written, a
    signal's stop that came just as one was made included. A folder that was there is not
    put in ``made``. Raises :class:`OSError`."""
    folder = Path(path)
    missing = list(itertools.takewhile(lambda f: not f.exists(), (folder, *folder.parents)))
    if not missing and not folder.is_dir():
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(folder))
    for one in reversed(missing):  # the outermost first
        made.insert(0, one)
        try:
            one.mkdir()
        except OSError as exc:
            made.remove(one)  # not made by this run (or made meanwhile by another): not its to remove
            if not (isinstance(exc, FileExistsError) and one.is_dir()):
                raise


def remove_empty(folders: Iterable[Path]) -> None:
    """Remove each of ``folders`` (deepest first, as :func:`make_folder` gives them) that is
    empty; one that is not, or cannot be removed, stays."""
    for folder in folders:
        with contextlib.suppress(OSError):
            folder.rmdir()


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` (bytes, or text as UTF-8) to ``path`` atomically.

    Raises :class:`OutputError` if the folder is missing or not writable; the
    previous content of ``path``, if any, survives every failure.
    """
    return _write_staged(check_writable(path), data, os.replace)


class OutputExists(OutputError):
    """The file :func:`write_new` was asked to create is already there (it is left as it was)."""


def write_new(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Create ``path`` with ``data`` atomically, never replacing a file that is there.

    The bytes are written to a temporary file beside ``path`` and linked into place
    in one step, so ``path`` either does not exist or holds all of ``data``; raises
    :class:`OutputExists` if ``path`` exists (before or by the time of the link),
    :class:`OutputError` if it cannot be written.
    """
    if Path(path).exists() or Path(path).is_symlink():
        raise OutputExists(f"{shown_path(path)} already exists")
    return _write_staged(check_writable(path), data, _link_new)


def _link_new(tmp: str, target: Path) -> None:
    """Put ``tmp`` at ``target`` only if nothing is there (:class:`OutputExists` if it is)."""
    try:
        os.link(tmp, target)  # fails if target exists: no window in which it is replaced
    except FileExistsError:
        raise OutputExists(f"{shown_path(target)} already exists") from None
    except OSError:
        # a file system without hard links: create-exclusive, then the atomic rename
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            raise OutputExists(f"{shown_path(target)} already exists") from None
        os.replace(tmp, target)


def _write_staged(target: Path, data: bytes | str, place: Callable[[str, Path], None]) -> Path:
    """Write ``data`` to a temporary file beside ``target`` (flushed to disk, the usual
    permissions), then ``place(tmp, target)``; the temporary file never outlives the call.
    Raises :class:`OutputError` for any file-system failure."""
    staged: list[str] = []
    try:
        _stage(target, data, staged)
        check_target(target)  # again: a link or pipe put there while the bytes were written
        try:
            place(staged[0], target)
        except OSError as exc:
            raise OutputError(f"{shown_path(target)}: cannot write: {exc.strerror or exc}") from None
    finally:
        _unlink_all(staged)
    return target


def write_all_atomic(files: Sequence[tuple[str | os.PathLike[str], bytes | str]]) -> list[Path]:
    """Write each ``(path, data)`` of ``files`` as :func:`write_atomic` does, all or none: every
    file is written in full beside its target first, and only then are they put in place, so
    a failure while writing (a full disk, a size limit) leaves every target as it was.
    Returns the paths written; raises :class:`OutputError` (one line) naming the file that
    could not be written."""
    targets = [check_writable(path) for path, _data in files]
    staged: list[str] = []
    try:
        for target, (_path, data) in zip(targets, files, strict=True):
            _stage(target, data, staged)
        with signals_deferred():  # every file put in place, or (a signal before the first) none
            for target in targets:  # again, before any is put in place: all or none
                check_target(target)
            for tmp, target in zip(staged, targets, strict=True):
                try:
                    os.replace(tmp, target)
                except OSError as exc:
                    raise OutputError(f"{shown_path(target)}: cannot write: {exc.strerror or exc}") from None
    finally:
        _unlink_all(staged)
    return targets


def _stage(target: Path, data: bytes | str, staged: list[str]) -> None:
    """A temporary file beside ``target`` holding ``data`` (text as UTF-8), flushed to disk
    with the permissions a new file gets (0o666 less the umask, which the kernel applies at
    creation: the process umask is never changed, so no other thread's file is widened), its
    name added to ``staged`` before it is made (so the caller's clean-up finds it whenever a
    signal stops the run, as it might not when the name came back from ``tempfile.mkstemp``
    after the file was made). Raises :class:`OutputError`; the caller removes what is in
    ``staged``."""
    import secrets

    payload = data.encode("utf-8") if isinstance(data, str) else data
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        # named with this process's id: a kill leaves it, and sweep_staged knows whose it was
        tmp = str(target.parent / f".{target.name}.{os.getpid()}-{secrets.token_hex(6)}.tmp")
        staged.append(tmp)
        try:
            fd = os.open(tmp, flags, 0o666)
            break
        except FileExistsError:  # another's file by that name (a 48-bit collision): not ours to remove
            staged.remove(tmp)
        except OSError as exc:
            staged.remove(tmp)
            raise OutputError(f"{shown_path(target)}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        raise OutputError(f"{shown_path(target)}: cannot write: {exc.strerror or exc}") from None


#: A temporary file :func:`_stage` makes: ``.NAME.<pid>-<12 hex digits>.tmp``.
_STAGED = re.compile(r"\..+\.([0-9]+)-[0-9a-f]{12}\.tmp")


def sweep_staged(folder: str | os.PathLike[str]) -> list[str]:
    """Remove the temporary files in ``folder`` that a write of this module left when its
    process was killed outright (``.NAME.<pid>-<hex>.tmp``, this user's, the process gone);
    returns their names. Files of a process still running, another user's, and any other
    name are left alone; nothing is raised."""
    from sheetgen.core.leftovers import process_gone

    removed: list[str] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(".") and n.endswith(".tmp")]
    except OSError:
        return removed
    for name in names:
        m = _STAGED.fullmatch(name)
        path = os.path.join(folder, name)
        try:
            if m is None or os.lstat(path).st_uid != os.getuid() or not process_gone(m.group(1)):
                continue
            os.unlink(path)
            removed.append(name)
        except (OSError, AttributeError):  # gone meanwhile, or no getuid
            continue
    return removed


def _unlink_all(staged: list[str]) -> None:
    """Remove the temporary files in ``staged`` that are still there (those put in place are not)."""
    for tmp in staged:
        with contextlib.suppress(OSError):
            os.unlink(tmp)


#: The record a folder sheetgen writes its files into (``-o FOLDER``: a kit, a Tabletop
#: Simulator save, counter images) keeps of them: ``{"files": {name: SHA-256}}``.
RECORD = ".sheetgen-files.json"


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def folder_files(folder: Path, *, force: bool = False) -> dict[str, str] | None:
    """The names (relative to ``folder``, with ``/``) and SHA-256 of the files sheetgen wrote
    in ``folder`` (:data:`RECORD`); ``None`` without a record. Raises :class:`OutputError`
    (one line naming the record) for a record that cannot be read, or ``{}`` with ``force``."""
    import json

    path = folder / RECORD
    try:
        raw = path.read_bytes()
        files = json.loads(raw.decode("utf-8"))["files"]
        if not isinstance(files, dict):
            raise TypeError
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        if force:
            return {}
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else "not the record sheetgen writes"
        raise OutputError(
            f"{shown_path(path)}: cannot read the record of the files sheetgen wrote here ({why}); "
            "remove it, or add --force to replace what is there"
        ) from None
    return {str(k): str(v) for k, v in files.items()}


def is_ours(
    path: Path, folder: Path, record: dict[str, str] | None, legacy: Callable[[Path], bool] | None = None
) -> bool:
    """Whether ``path`` (in ``folder``) is as sheetgen wrote it: its SHA-256 the one ``record``
    gives it; in a folder without a record, what ``legacy`` says of it (never, without one)."""
    try:
        if record is not None:
            return record.get(path.relative_to(folder).as_posix()) == _digest(path.read_bytes())
    except (OSError, ValueError):
        return False
    return legacy is not None and legacy(path)


def check_replaceable(
    folder: Path,
    paths: Iterable[Path],
    *,
    force: bool = False,
    legacy: Callable[[Path], bool] | None = None,
) -> dict[str, str] | None:
    """Raise :class:`OutputError` (one line) for the first of ``paths`` (in ``folder``) that is
    there and that sheetgen did not write there, or that changed since (:func:`is_ours`), unless
    ``force``; as :func:`folder_files` for a record that cannot be read. Returns the folder's
    record (:func:`folder_files`). :func:`write_folder` checks so; a verb with work to do
    first (a kit's printing) checks before it."""
    record = folder_files(folder, force=force)
    if not force:
        for path in paths:
            if (path.exists() or path.is_symlink()) and not is_ours(path, folder, record, legacy):
                raise OutputError(
                    f"{shown_path(path)}: not replaced: sheetgen did not write it here, or it changed"
                    " since; move it away, choose another -o, or add --force to replace it"
                )
    return record


def write_folder(
    folder: Path,
    files: Sequence[tuple[Path, bytes]],
    *,
    force: bool = False,
    legacy: Callable[[Path], bool] | None = None,
    drop: Iterable[Path] = (),
) -> list[Path]:
    """Write ``files`` (each ``(path in folder, bytes)``) into ``folder`` all or none
    (:func:`write_all_atomic`), with its :data:`RECORD` brought up to date, and remove the
    files ``drop`` that sheetgen wrote there (with ``force`` too: it replaces, never removes).
    Returns the paths written (the record apart).

    A file that is already there is replaced only if sheetgen wrote it there and it has not
    changed since (its SHA-256 in the record; in a folder without a record, ``legacy``
    says), unless ``force``: a player's own ``map.pdf`` in the folder ``-o`` names is never
    replaced unasked. Raises :class:`OutputError` (one line, nothing written) naming the
    first that is not, and as :func:`write_all_atomic` does."""
    import json

    record = check_replaceable(folder, [path for path, _data in files], force=force, legacy=legacy)
    gone = [path for path in drop if path.is_file() and is_ours(path, folder, record, legacy)]  # never forced
    kept = {
        name: digest
        for name, digest in (record or {}).items()
        if (folder / name).is_file() and folder / name not in gone
    }
    kept.update({path.relative_to(folder).as_posix(): _digest(data) for path, data in files})
    text = json.dumps({"files": dict(sorted(kept.items()))}, indent=1) + "\n"
    with signals_deferred():  # the files and the record in place and the dropped ones gone, or none
        written = write_all_atomic([*files, (folder / RECORD, text.encode("utf-8"))])[:-1]
        for path in gone:
            path.unlink()
    return written
