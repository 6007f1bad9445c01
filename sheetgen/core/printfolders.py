"""The temporary folders printing processes keep WeasyPrint's copies of the fonts in
(about 3 MB a font configuration), named ``sheetgen-print-<pid>-<random>`` in the system's
temporary folder: a print worker's (made and removed by its printer) and a process's own.

A process killed outright (``kill -9``) cannot remove its folder; the next sheetgen run
does (:func:`sweep_left_behind`, at every start of the command line and before each print).
This module imports nothing heavy, so the command line can sweep before it loads a verb."""

from __future__ import annotations

import os
import shutil
import tempfile

__all__ = ["PRINT_FOLDER_PREFIX", "print_folder_name", "sweep_left_behind", "system_temp", "work_in"]

#: What every printing folder's name starts with.
PRINT_FOLDER_PREFIX = "sheetgen-print-"

#: The system's temporary folder, once a print worker's own is in its place (:func:`work_in`).
_system_temp: str | None = None


def work_in(folder: str) -> None:
    """Make ``folder``, a printing folder its printer made (:func:`print_folder_name`), this
    process's temporary folder (a print worker's); the system's, the folder it is in, is kept
    for :func:`system_temp` and the sweep. (Not asked of ``tempfile``: finding the system's
    makes and removes a file there, which a worker stopped at that moment would leave.)"""
    global _system_temp
    _system_temp = os.path.dirname(folder)
    tempfile.tempdir = folder


def system_temp() -> str:
    """The system's temporary folder (``TMPDIR``...), also in a print worker."""
    return tempfile.gettempdir() if _system_temp is None else _system_temp


def in_worker() -> bool:
    """Whether this is a print worker, whose temporary folder is its printer's (:func:`work_in`)."""
    return _system_temp is not None


def print_folder_name() -> str:
    """A new printing folder's path for this process, ``<temp>/sheetgen-print-<pid>-<random>``,
    not yet made: its owner notes it first and makes it then (``os.mkdir(path, 0o700)``), so a
    signal that stops the run between the two cannot leave it behind unnoted (as it could
    with ``tempfile.mkdtemp``, which returns only once the folder is made).

    Raises ``FileExistsError`` at ``mkdir`` in the unlikely case of a 64-bit collision."""
    import secrets

    return os.path.join(system_temp(), f"{PRINT_FOLDER_PREFIX}{os.getpid()}-{secrets.token_hex(8)}")


def sweep_left_behind() -> None:
    """Remove this user's printing folders whose process is gone: one killed outright
    (``kill -9``) could not remove its own. A folder whose process still runs, another
    user's, or one whose name does not give a process is left alone; nothing is raised."""
    root = system_temp()
    try:
        names = [n for n in os.listdir(root) if n.startswith(PRINT_FOLDER_PREFIX)]
    except OSError:
        return
    for name in names:
        pid_text = name[len(PRINT_FOLDER_PREFIX) :].partition("-")[0]
        path = os.path.join(root, name)
        try:
            if not pid_text.isdigit() or os.stat(path).st_uid != os.getuid():
                continue
            os.kill(int(pid_text), 0)  # raises if no such process
        except ProcessLookupError:
            shutil.rmtree(path, ignore_errors=True)
        except (OSError, OverflowError, AttributeError):  # another user's process, or no getuid
            continue
