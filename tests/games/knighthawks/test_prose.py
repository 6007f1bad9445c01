"""The Knight Hawks 2000 files summarise the rule text in their own words: no run of
twelve words may match the seed (the project's rule against copied prose)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

SEED = "002_8960282e34192c00.txt"
RUN = 12


def _seed() -> Path | None:
    for base in (ROOT.parent / "shared", ROOT.parent.parent / "shared"):
        if (base / "seeds" / SEED).is_file():
            return base / "seeds" / SEED
    return None


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def shared_runs(ours: str, seed: str) -> set[tuple[str, ...]]:
    """Twelve-word runs of ``ours`` that also occur in ``seed``."""
    return _runs(_words(ours)) & _runs(_words(seed))


def test_shared_runs_finds_a_copied_sentence() -> None:
    seed = "one two three four five six seven eight nine ten eleven twelve thirteen"
    assert shared_runs("x " + seed, seed)
    assert not shared_runs("one two three four five six seven eight nine ten eleven", seed)


@pytest.mark.skipif(_seed() is None, reason="the shared seed texts are not beside this checkout")
def test_no_twelve_word_run_from_the_seed() -> None:
    seed_path = _seed()
    assert seed_path is not None
    seed = seed_path.read_text(encoding="utf-8")
    files = [
        *sorted((ROOT / "sheetgen" / "games" / "knighthawks").glob("*.py")),
        *sorted((ROOT / "templates" / "knighthawks").glob("*")),
        *sorted((ROOT / "designs" / "knight-hawks-2000").rglob("*.yaml")),
        *sorted((ROOT / "docs").glob("knight-hawks*.md")),
    ]
    assert len(files) > 20
    for f in files:
        assert not shared_runs(f.read_text(encoding="utf-8"), seed), f
