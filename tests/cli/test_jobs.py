"""``--jobs`` is bounded (issue 29): ``-j 30`` started 30 printing workers (1.19 GB on a
2-processor machine). It is lowered to one per processor and to what the free memory
holds, with one note line saying so; the default is that bound."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.rendered import Rendered
from sheetgen.render import pool

from tests.conftest import DESIGNS

SHIP = DESIGNS / "starfire" / "ships" / "base1-watchtower.yaml"
SCENARIO = DESIGNS / "starfire" / "scenarios" / "scouts-meet.yaml"
MiB = 2**20


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch):
    """``machine(cores, free MiB)``: this process sees that many processors and that much free
    memory (None: the system does not say)."""

    def set_to(cores: int, free: int | None) -> None:
        monkeypatch.setattr(pool, "processors", lambda: cores)
        monkeypatch.setattr(pool, "available_memory", lambda: None if free is None else free * MiB)

    return set_to


@pytest.fixture
def used_jobs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The ``jobs`` each ``sheets`` and ``kit`` run passed on to printing (nothing is printed)."""
    seen: list[int] = []

    def sheets(entries: Any, *, jobs: int, **_: Any) -> Rendered:
        seen.append(jobs)
        return Rendered(b"%PDF-1.7\n")

    def kits(ready: Any, *, jobs: int, **_: Any) -> list[Any]:
        from sheetgen.kit import KitError

        seen.append(jobs)
        return [KitError("not built here") for _ in ready]

    monkeypatch.setattr("sheetgen.render.record_sheets.design_record_sheets", sheets)
    monkeypatch.setattr("sheetgen.kit.build_kits", kits)
    return seen


@pytest.mark.parametrize(
    ("cores", "free", "asked", "used", "note"),
    [
        (2, 16_000, "30", 2, "sheetgen: note: --jobs 30 lowered to 2: 2 processors"),
        (8, 500, "30", 3, "sheetgen: note: --jobs 30 lowered to 3: memory for 3 workers"),
        (8, 100, "4", 1, "sheetgen: note: --jobs 4 lowered to 1: memory for 1 worker"),
        (4, None, "9", 4, "sheetgen: note: --jobs 9 lowered to 4: 4 processors"),
        (2, 16_000, "2", 2, None),
        (2, 16_000, "1", 1, None),
    ],
)
@pytest.mark.parametrize("verb", ["sheets", "kit"])
def test_jobs_are_lowered_to_the_processors_and_memory_with_a_note(
    invoke, machine, used_jobs, tmp_path: Path, verb, cores, free, asked, used, note
) -> None:
    machine(cores, free)
    target = (
        [str(SHIP), "-o", str(tmp_path / "s.pdf")]
        if verb == "sheets"
        else [str(SCENARIO), "-o", str(tmp_path / "k")]
    )
    r = invoke(verb, *target, "-j", asked)
    assert r.exit_code == (0 if verb == "sheets" else 2), r.stderr
    assert used_jobs == [used]
    notes = [line for line in r.stderr.splitlines() if "--jobs" in line]
    assert notes == ([note] if note else [])


def test_the_default_is_the_bound_and_says_nothing(invoke, machine, used_jobs, tmp_path: Path) -> None:
    machine(16, 400)
    r = invoke("sheets", str(SHIP), "-o", str(tmp_path / "s.pdf"))
    assert r.exit_code == 0 and used_jobs == [2]
    assert "note" not in r.stderr


def test_the_free_memory_is_read_from_the_system() -> None:
    free = pool.available_memory()
    assert free is None or free > 0
    most, why = pool.most_jobs()
    assert 1 <= most <= pool.processors() and why


def test_help_says_how_jobs_are_bounded(invoke) -> None:
    r = invoke("sheets", "--help")
    assert "one per processor" in r.stdout and "lowered" in r.stdout
