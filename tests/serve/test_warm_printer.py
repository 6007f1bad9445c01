"""``sheetgen serve``'s print workers are ready before their first job: each has printed every
game's starting record sheet once (its template and stylesheet kept), without writing a file
or a print-cache entry."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sheetgen.games import GAMES


def test_a_warm_printer_has_every_games_sheet_ready_and_wrote_nothing(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    temp = tmp_path / "temp"
    temp.mkdir()
    script = (
        "import sys\n"
        "from sheetgen.render import html\n"
        "from sheetgen.serve.service import warm_printer\n"
        "warm_printer()\n"
        "print(len(html._kept().sheets), 'weasyprint' in sys.modules, 'sheetgen.play.engine' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "TMPDIR": str(temp), "SHEETGEN_CACHE": str(cache)},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    sheets, weasyprint, play = done.stdout.split()
    assert int(sheets) >= len(GAMES) and (weasyprint, play) == ("True", "True")
    assert list(temp.iterdir()) == []
    if cache.exists():  # opened, perhaps: nothing kept in it
        from diskcache import Cache

        with Cache(str(cache)) as kept:
            assert len(kept) == 0


def test_a_worker_still_warming_up_stops_at_once() -> None:
    """``sheetgen serve`` stopped just after it started waited for its workers to finish
    warming up (10-12 s here); an idle or warming worker is now stopped by SIGTERM."""
    import time

    from sheetgen.serve import printing

    worker = printing._Worker()
    time.sleep(0.5)  # started, not yet warm
    start = time.monotonic()
    worker.stop(kill=False)
    took = time.monotonic() - start
    assert not worker.process.is_alive()
    assert took < 2, took
