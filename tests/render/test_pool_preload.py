"""A kit's forked print workers do not each load WeasyPrint: their printer loads it once
before it forks them (measured on a Starfire kit, ``--jobs 2``: 3.50 s -> 3.29 s of CPU,
median of 5 paired runs)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SCRIPT = """\
import os, sys
from sheetgen.render import pool
from sheetgen.render.html import font_face_css

printer_pid = os.getpid()
load = pool.import_weasyprint

def noting_whether_loaded():
    if os.getpid() != printer_pid:
        # one write of a line: atomic on a pipe, where print's pieces (unbuffered,
        # PYTHONUNBUFFERED=1) interleave with the other worker's
        os.write(1, f"worker {'weasyprint' in sys.modules}\\n".encode())
    return load()

pool.import_weasyprint = noting_whether_loaded
page = "<html><head><style>" + font_face_css() + "</style></head><body><p>Ship N</p></body></html>"
with pool.Printer(2) as printer:
    printer.print_documents([page.replace("N", str(k)) for k in range(4)])
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")
def test_forked_workers_start_with_weasyprint_loaded() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env={**os.environ, "SHEETGEN_CACHE": "off"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:-1] == ["worker True", "worker True"]
