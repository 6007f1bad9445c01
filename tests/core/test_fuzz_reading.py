"""Fuzzing the reader and ``sheetgen validate`` with mutated bundled files.

Whatever a design or scenario file holds, reading it either works or ends in located
``file:line:col`` errors: ``validate`` exits 0, 1 or 2 and never prints a traceback.
The mutations are the kinds that once crashed it: stray and control characters, cut
text, lists nested hundreds deep and integers of thousands of digits.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.core.source import SourceError, load_file

from tests.conftest import DESIGNS

#: A few bundled files of each kind: designs of four games, a fleet and scenarios.
FILES = (
    "starfire/ships/base1-watchtower.yaml",
    "knight-hawks-2000/ships/kestrel.yaml",
    "space-cruisers/ships/lancer.yaml",
    "kill-radius/fleets/varn-raiders.yaml",
    "starfire/scenarios/warp-point-assault.yaml",
    "kill-radius/scenarios/border-clash.yaml",
)

#: Characters that matter to YAML, a few control characters and some non-ASCII.
_CHARS = st.sampled_from(list(":-[]{},#&*!|>'\"%@` \n\t0123456789abx.\x00\x01\x07\x1b\x7f\ufeffé\u2028"))


def _huge_int(draw: st.DrawFn) -> str:
    digits = draw(st.sampled_from([101, 1000, 4301, 5000]))
    form = draw(st.sampled_from(["decimal", "hex", "sexagesimal", "negative"]))
    if form == "hex":
        return "0x" + "f" * digits
    if form == "sexagesimal":
        return "1" + ":59" * (digits // 2)
    return ("-" if form == "negative" else "") + "9" * digits


def _deep(draw: st.DrawFn) -> str:
    depth = draw(st.sampled_from([65, 500, 900]))  # the build once ran out of stack near 490
    opener = draw(st.sampled_from(["[", "{a: ", "- "]))
    if opener == "- ":  # block lists, each one deeper
        depth = min(depth, 500)
        return "\n" + "".join("  " * i + "-\n" for i in range(depth)) + "  " * depth + "- 1"
    return opener * depth + "1" + ("]" if opener == "[" else "}") * depth


@st.composite
def _mutation(draw: st.DrawFn, text: str) -> str:
    """``text`` with one edit: characters inserted, deleted or replaced anywhere, or a key
    holding a deep list or a huge integer added at the start of a line, or a number made huge."""
    kind = draw(st.sampled_from(["insert", "delete", "replace", "deep", "int", "int", "size"]))
    start = draw(st.integers(0, len(text)))
    numbers = [m.span() for m in re.finditer(r"(?<![\w.])\d+(?![\w.])", text)]
    if kind == "size" and numbers:  # a count, size or radius far past any map or table
        lo, hi = draw(st.sampled_from(numbers))
        return text[:lo] + draw(st.sampled_from(["0", "100000", "2147483648", "-1"])) + text[hi:]
    if kind in ("deep", "int"):
        start = text.rfind("\n", 0, start) + 1  # a line's start: the rest of the file still parses
        value = _deep(draw) if kind == "deep" else _huge_int(draw)
        key = draw(st.sampled_from(["fuzz", "name", "speed", value if kind == "int" else "fuzz"]))
        return f"{text[:start]}{key}: {value}\n{text[start:]}"
    end = start if kind == "insert" else draw(st.integers(start, min(len(text), start + 40)))
    new = "" if kind == "delete" else draw(st.text(_CHARS, min_size=1, max_size=8))
    return text[:start] + new + text[end:]


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[str, str]:
    name = draw(st.sampled_from(FILES))
    text = (DESIGNS / name).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 2))):
        text = draw(_mutation(text))
    return name, text


@contextmanager
def _cli_stack() -> Iterator[None]:
    """Python's default stack for the code run inside: 1,000 frames past this one, as the
    command line has (Hypothesis raises the recursion limit while a test runs)."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back  # type: ignore[assignment]
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 1000)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@pytest.fixture
def place(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a mutated file beside links to its game's folders, so ``../ships`` still resolves."""

    def put(name: str, text: str) -> Path:
        game, folder, _ = name.split("/")
        root = tmp_path / game
        if not root.exists():
            root.mkdir()
            for sub in (DESIGNS / game).iterdir():
                os.symlink(sub, root / sub.name)
        out = tmp_path / game / f"fuzz-{folder}" / "mutated.yaml"
        out.parent.mkdir(exist_ok=True)
        out.write_bytes(text.encode("utf-8"))
        return out

    return put


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(_mutated())
def test_mutated_files_are_read_or_refused_with_located_lines(
    invoke: Callable[..., Any], place: Callable[[str, str], Path], case: tuple[str, str]
) -> None:
    name, text = case
    path = place(name, text)
    with _cli_stack():
        try:
            load_file(path)
        except SourceError as exc:
            assert all(str(x).startswith(f"{path}:") for x in exc.located)
        result = invoke("validate", path)
    output = result.stdout + (result.stderr or "")
    assert result.exit_code in (0, 1, 2), output
    assert "Traceback" not in output
