"""Project hygiene CI enforces: lint, format, types, and no rule-text prose copied."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

BIN = Path(sys.executable).parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_lint_and_format() -> None:
    lint = run(str(BIN / "ruff"), "check", "sheetgen", "tests", "benchmarks")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    fmt = run(str(BIN / "ruff"), "format", "--check", "sheetgen", "tests", "benchmarks")
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_mypy_strict() -> None:
    out = run(str(BIN / "mypy"))
    assert out.returncode == 0, out.stdout + out.stderr


_FUNCTION_WORDS = {
    "the", "a", "an", "of", "to", "is", "and", "in", "that", "its", "it", "with", "for", "by", "be",
    "as", "on", "or", "are", "this", "each", "may", "must", "will", "can",
}  # fmt: skip


def _shingles(text: str, n: int = 12) -> set[str]:
    words = re.findall(r"[a-z']+", text.lower())
    return {" ".join(words[i : i + n]) for i in range(len(words) - n + 1)}


def test_no_rule_text_prose_is_copied() -> None:
    seeds = ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the rule texts are not beside this checkout")
    prose = {
        s
        for f in seeds.glob("*.txt")
        for s in _shingles(f.read_text(errors="ignore"))
        if sum(w in _FUNCTION_WORDS for w in s.split()) >= 4
    }
    tracked = run("git", "ls-files").stdout.split()
    copied = {}
    for name in tracked:
        path = ROOT / name
        if path.suffix.lower() in {".png", ".pdf", ".ttf"} or not path.is_file():
            continue
        common = _shingles(path.read_text(errors="ignore")) & prose
        if common:
            copied[name] = sorted(common)[0]
    assert not copied, copied
