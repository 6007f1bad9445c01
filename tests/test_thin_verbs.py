"""The command line and the server stay thin: no function in ``sheetgen/cli`` or
``sheetgen/serve`` is over 80 lines (decorators, signature and docstring included; a
function nested in another counts towards it too). Logic that is not about options,
requests or printing belongs in the library layers below them (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "sheetgen"
#: Most lines a function of the command line or the server may have.
MOST_LINES = 80


def function_lengths(folder: Path, root: Path = ROOT.parent) -> list[tuple[int, str]]:
    """``(lines, "file:line name")`` of every function under ``folder`` (names relative to
    ``root``), longest first."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                assert node.end_lineno is not None
                where = f"{path.relative_to(root)}:{node.lineno} {node.name}"
                found.append((node.end_lineno - first + 1, where))
    return sorted(found, reverse=True)


def test_no_cli_or_server_function_is_over_80_lines() -> None:
    for layer in ("cli", "serve"):
        lengths = function_lengths(ROOT / layer)
        assert lengths, layer
        too_long = [f"{where}: {lines} lines" for lines, where in lengths if lines > MOST_LINES]
        assert not too_long, too_long


def test_the_measure_counts_a_nested_function_in_its_outer_one(tmp_path: Path) -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(MOST_LINES))
    (tmp_path / "long.py").write_text(f"@app.command()\ndef outer():\n    def inner():\n{body}\n")
    assert [lines for lines, _ in function_lengths(tmp_path, tmp_path)] == [MOST_LINES + 3, MOST_LINES + 1]
