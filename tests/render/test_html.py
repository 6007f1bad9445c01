"""WeasyPrint as sheetgen loads it (docs/performance.md)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

#: Runs in a fresh interpreter: no process may be started while WeasyPrint is
#: first imported and a page is printed, and the lookup is restored afterwards.
NO_SUBPROCESS = textwrap.dedent(
    """
    import ctypes.util, os, subprocess
    lookup = ctypes.util.find_library
    def refuse(*args, **kwargs):
        raise AssertionError(f"a process was started: {args[:1]}")
    subprocess.Popen.__init__ = refuse
    os.posix_spawn = refuse
    from sheetgen.render.html import html_to_pdf
    pdf = html_to_pdf("<p>Arrow</p>").data
    assert pdf.startswith(b"%PDF-"), pdf[:8]
    assert ctypes.util.find_library is lookup
    print("ok")
    """
)


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the library search is skipped on Linux only"
)
def test_weasyprint_is_imported_without_starting_a_process() -> None:
    run = subprocess.run([sys.executable, "-c", NO_SUBPROCESS], capture_output=True, text=True, check=False)
    assert (run.returncode, run.stdout.strip()) == (0, "ok"), run.stderr
