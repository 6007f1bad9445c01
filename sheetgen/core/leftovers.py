"""What a sheetgen process killed outright (``kill -9``) leaves in the temporary folder, swept
by the next run.

Printing writes nothing there (WeasyPrint finds the bundled fonts through fontconfig and
copies none, :func:`sheetgen.render.html.bundled_fonts_only`). ``sheetgen serve`` builds each
``kit.zip`` in a folder of its own there, named ``sheetgen-kit-<pid>-<random>`` and removed
when the zip is made; one a killed server could not remove is swept (:func:`sweep_leftovers`)
at every start of the command line and before each kit. This module imports nothing heavy,
so the command line can sweep before it loads a verb."""

from __future__ import annotations

import os
import re
import shutil
import tempfile

__all__ = ["KIT_FOLDER_PREFIX", "new_temp_folder_path", "process_gone", "sweep_leftovers"]

#: What the name of every folder ``sheetgen serve`` builds a kit in starts with.
KIT_FOLDER_PREFIX = "sheetgen-kit-"
#: A folder of a sheetgen process in the temporary folder, ``sheetgen-<kind>-<pid>-<random>``
#: (``sheetgen-print-`` folders were made by earlier versions for WeasyPrint's font copies).
_OWNED = re.compile(r"sheetgen-[a-z]+-([0-9]+)-\w+")


def new_temp_folder_path(prefix: str) -> str:
    """A new folder's path in the temporary folder, ``<temp>/<prefix><pid>-<random>``, not yet
    made: the caller notes it first and makes it then (``os.mkdir(path, 0o700)``), so a stop
    between the two cannot leave it unnoted; :func:`sweep_leftovers` removes it once this
    process is gone. Raises ``FileExistsError`` at ``mkdir`` on a 64-bit collision."""
    import secrets

    return os.path.join(tempfile.gettempdir(), f"{prefix}{os.getpid()}-{secrets.token_hex(8)}")


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


def sweep_leftovers() -> None:
    """Remove this user's sheetgen folders in the temporary folder whose process is gone. A
    folder whose process still runs, another user's, or one whose name gives no process is
    left alone; nothing is raised."""
    root = tempfile.gettempdir()
    try:
        found = [(name, m.group(1)) for name in os.listdir(root) if (m := _OWNED.fullmatch(name))]
    except OSError:
        return
    for name, pid_text in found:
        path = os.path.join(root, name)
        try:
            if os.stat(path).st_uid != os.getuid():
                continue
        except (OSError, AttributeError):  # gone meanwhile, or no getuid
            continue
        if process_gone(pid_text):
            shutil.rmtree(path, ignore_errors=True)
