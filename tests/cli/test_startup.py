"""Start-up: ``sheetgen --help`` and ``sheetgen validate`` load only what they use.

Each check runs the command line in a fresh interpreter and reads ``sys.modules`` after it:
no printing library, no other game's rules and no other verb's module is imported for
checking one Starfire design, and ``--help`` lists every verb from
:data:`sheetgen.cli.app.VERB_TABLE` without importing any verb's module. Nothing here is
timed (``benchmarks/bench_release.py`` measures the gain)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sheetgen.cli.app import VERB_TABLE, VERBS, app, load_verbs
from sheetgen.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
SHIP = ROOT / "designs" / "starfire" / "ships" / "corvette-arrow.yaml"

#: Packages neither start-up path may import (a package and everything under it).
PRINTING = (
    "weasyprint",
    "reportlab",
    "jinja2",
    "pypdf",
    "pypdfium2",
    "svgwrite",
    "PIL",
    "starlette",
    "uvicorn",
)
OTHER_GAMES = tuple(module for module in GAMES.values() if module != "sheetgen.games.starfire")
PAPER = ("sheetgen.render", "sheetgen.layout", "sheetgen.draw", "sheetgen.kit", "sheetgen.serve")
VERB_MODULES = tuple(f"sheetgen.cli.{module}" for module in dict.fromkeys(m for m, _ in VERB_TABLE.values()))
OTHER_VERBS = tuple(module for module in VERB_MODULES if module != "sheetgen.cli.validate")

#: Runs the command line on the arguments given, then prints what it printed and the
#: modules it had imported, as JSON on the last line of standard output.
RUN = """
import contextlib, io, json, sys
from sheetgen.cli import main
sys.argv = ["sheetgen", *ARGS]
out, err = io.StringIO(), io.StringIO()
code = 0
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
    try:
        main()
    except SystemExit as exc:
        code = exc.code
print(json.dumps({"code": code, "stdout": out.getvalue(), "stderr": err.getvalue(), "modules": sorted(sys.modules)}))
"""


def _fresh(*args: str, setup: str = "") -> dict[str, object]:
    """``sheetgen ARGS`` in a new interpreter (after ``setup``, Python run first): its exit
    code, standard output and error, and the names in ``sys.modules`` at the end."""
    code = setup + RUN.replace("ARGS", repr(list(args)))
    env = {**os.environ, "COLUMNS": "100", "SHEETGEN_CACHE": "off"}
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=True
    )
    result: dict[str, object] = json.loads(r.stdout.splitlines()[-1])
    return result


def _under(modules: object, packages: tuple[str, ...]) -> list[str]:
    assert isinstance(modules, list)
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in packages)]


def test_validate_of_a_starfire_design_loads_starfire_alone() -> None:
    r = _fresh("validate", str(SHIP))
    assert r["code"] == 0 and r["stderr"] == "1 design: 1 legal, 0 illegal\n"
    assert "sheetgen.games.starfire" in r["modules"]  # type: ignore[operator]
    assert "sheetgen.cli.validate" in r["modules"]  # type: ignore[operator]
    assert _under(r["modules"], (*PRINTING, *OTHER_GAMES, *PAPER, *OTHER_VERBS)) == []


def test_help_loads_no_verb_and_no_game() -> None:
    r = _fresh("--help")
    assert r["code"] == 0
    assert (
        _under(r["modules"], (*PRINTING, "sheetgen.games", "sheetgen.scenarios", *PAPER, *VERB_MODULES)) == []
    )
    listed = [
        line.split()[0] for line in str(r["stdout"]).partition("Commands:")[2].splitlines() if line.strip()
    ]
    assert listed == list(VERBS)


@pytest.mark.parametrize("args", [["--help"], ["valdate", "x.yaml"], []])
def test_the_listing_and_suggestions_are_those_of_every_verb_loaded(args: list[str]) -> None:
    """``--help`` (read from the table), a mistyped verb's "did you mean" and the bare
    command's help print the same as when every verb's module was imported first."""
    lazy = _fresh(*args)
    eager = _fresh(*args, setup="from sheetgen.cli.app import load_verbs\nload_verbs()\n")
    assert {k: lazy[k] for k in ("code", "stdout", "stderr")} == {
        k: eager[k] for k in ("code", "stdout", "stderr")
    }


def test_the_verb_table_is_the_verbs_modules() -> None:
    """Each verb in :data:`VERB_TABLE` is added by the module the table names, with the
    table's line as its short help, and no module adds a verb the table lacks."""
    load_verbs()
    found = {}
    for info in app.registered_commands:
        assert info.callback is not None
        name = info.name or info.callback.__name__.replace("_", "-")
        found[name] = (info.callback.__module__.removeprefix("sheetgen.cli."), info.short_help)
    assert found == VERB_TABLE
    assert list(VERBS) == list(VERB_TABLE)


def test_the_bare_command_prints_the_help_as_it_is() -> None:
    """``sheetgen`` alone prints its help (exit 2, as Click does), not wrapped as an error line
    (``sheetgen: error: Usage: ...`` ending ``(see sheetgen --help)``)."""
    bare = _fresh()
    helped = _fresh("--help")
    assert bare["code"] == 2 and bare["stdout"] == ""
    assert bare["stderr"] == helped["stdout"]
