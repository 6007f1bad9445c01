"""The temporary folders printing processes keep WeasyPrint's copies of the fonts in
(about 3 MB a font configuration), named ``sheetgen-print-<pid>-<random>`` in the system's
temporary folder: a print worker's (made and removed by its printer) and a process's own;
and the folders ``sheetgen serve`` builds kits in (``sheetgen-kit-<pid>-<random>``).

A process killed outright (``kill -9``) cannot remove its folder; the next sheetgen run
does (:func:`sweep_left_behind`, at every start of the command line and before each print).
This module imports nothing heavy, so the command line can sweep before it loads a verb."""

from __future__ import annotations

import os
import shutil
import tempfile

__all__ = [
    "KIT_FOLDER_PREFIX",
    "PRINT_FOLDER_PREFIX",
    "owned_folder_name",
    "print_folder_name",
    "process_gone",
    "sweep_left_behind",
    "system_temp",
    "work_in",
]

#: What every printing folder's name starts with.
PRINT_FOLDER_PREFIX = "sheetgen-print-"
#: What the name of every folder ``sheetgen serve`` builds a kit in starts with.
KIT_FOLDER_PREFIX = "sheetgen-kit-"
#: The folders swept: each named ``<prefix><pid>-<random>``.
_SWEPT = (PRINT_FOLDER_PREFIX, KIT_FOLDER_PREFIX)

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
    return owned_folder_name(PRINT_FOLDER_PREFIX)


def owned_folder_name(prefix: str) -> str:
    """A new folder's path in the system's temporary folder, ``<temp>/<prefix><pid>-<random>``
    (``prefix`` one of :data:`PRINT_FOLDER_PREFIX`, :data:`KIT_FOLDER_PREFIX`), not yet made,
    as :func:`print_folder_name` says; :func:`sweep_left_behind` removes it once this process
    is gone."""
    import secrets

    return os.path.join(system_temp(), f"{prefix}{os.getpid()}-{secrets.token_hex(8)}")


def process_gone(pid_text: str) -> bool:
    """Whether ``pid_text`` (digits) names no running process; False when it is no number or
    the process may still run (another user's, or one this system cannot ask about)."""
    if not pid_text.isdigit():
        return False
    try:
        os.kill(int(pid_text), 0)  # raises if no such process
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, AttributeError):  # another user's process, or no os.kill
        return False
    return False


def sweep_left_behind() -> None:
    """Remove this user's printing and kit folders whose process is gone: one killed outright
    (``kill -9``) could not remove its own. A folder whose process still runs, another
    user's, or one whose name does not give a process is left alone; nothing is raised."""
    root = system_temp()
    try:
        names = [n for n in os.listdir(root) if n.startswith(_SWEPT)]
    except OSError:
        return
    for name in names:
        prefix = next(p for p in _SWEPT if name.startswith(p))
        pid_text = name[len(prefix) :].partition("-")[0]
        path = os.path.join(root, name)
        try:
            if os.stat(path).st_uid != os.getuid():
                continue
        except (OSError, AttributeError):  # gone meanwhile, or no getuid
            continue
        if process_gone(pid_text):
            shutil.rmtree(path, ignore_errors=True)
