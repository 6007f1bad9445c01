"""Shell completion: Typer's own (``--install-completion``, ``--show-completion``), kept off
the path of ``sheetgen --help``, which stays plain text."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

Invoke = Callable[..., Any]


def _sheetgen(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sheetgen", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        check=False,
    )


def test_help_offers_completion_in_plain_text(invoke: Invoke) -> None:
    r = invoke("--help")
    assert r.exit_code == 0
    assert "--install-completion" in r.stdout
    assert "--show-completion" in r.stdout
    assert "╭" not in r.stdout  # no Rich panels: --help stays plain and fast


def test_show_completion_prints_a_bash_script() -> None:
    # Typer detects the user's shell; the test names it instead, as Typer's own tests do
    r = _sheetgen("--show-completion", "bash", env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    assert r.returncode == 0
    assert "_sheetgen_completion" in r.stdout
    assert r.stdout.rstrip().endswith("complete -o default -F _sheetgen_completion sheetgen")


def test_completion_completes_verbs_and_options() -> None:
    # "va" would complete to vassal too
    env = {"_SHEETGEN_COMPLETE": "complete_bash", "COMP_WORDS": "sheetgen val", "COMP_CWORD": "1"}
    assert _sheetgen(env=env).stdout.split() == ["validate"]
    env["COMP_WORDS"], env["COMP_CWORD"] = "sheetgen kit --sin", "2"  # "--si": --size too
    assert _sheetgen(env=env).stdout.split() == ["--single"]


def test_help_loads_no_rich_and_detects_no_shell() -> None:
    code = (
        "import sys\nfrom sheetgen.cli.app import app\n"
        "try:\n    app(['--help'], prog_name='sheetgen')\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('rich', 'rich.markdown') if m in sys.modules))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert r.stdout.strip().splitlines()[-1] == "[]"
