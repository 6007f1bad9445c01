"""The rulings sheetgen ships (the mechanism in sheetgen.core.rulings, each game's rulings in
its package, gathered by sheetgen.games.rulebook): the generated page, and every rule id a
finding can cite resolving to an entry, none documented for nothing."""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.findings import Severity
from sheetgen.core.rulings import canonical_id
from sheetgen.games import find_game, rulebook

from tests.conftest import DESIGNS, ROOT
from tests.every_game import every_game

Invoke = Callable[..., Any]

PACKAGE = ROOT / "sheetgen"
BOOK = rulebook()
RULINGS = BOOK.rulings
find_ruling, suggest, markdown = BOOK.find, BOOK.suggest, BOOK.markdown
DOCUMENTED = {r.id for r in RULINGS}
#: A rule id as findings write it: a game's ruling (SF-5) or a project id (SCHEMA).
RULE_ID = re.compile(r"^(?:[A-Z]{2}-\d+|[A-Z]{3,})$")
#: The functions that build a finding (sheetgen.core.findings) or report one with a rule
#: id (the YAML reader's and the Starfire notation reader's ``fail``).
FINDING_MAKERS = {"error", "warning", "note", "Finding", "fail"}


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _severity(call: ast.Call) -> Severity:
    """The severity a finding maker gives: its name, or ``Finding``'s ``Severity.X`` argument."""
    name = _name(call)
    if name == "Finding":
        for a in call.args:
            if isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) and a.value.id == "Severity":
                return Severity[a.attr]
        raise AssertionError(f"Finding(...) without a literal Severity at line {call.lineno}")
    return Severity.ERROR if name == "fail" else Severity(name)


def source_files() -> list[Path]:
    """The package's modules, and those of every registered game kept outside it (the
    stand-in's, when a run registers it: tests/every_game.py)."""
    from sheetgen.games import GAMES

    files = sorted(PACKAGE.rglob("*.py"))
    for module in GAMES.values():
        folder = Path(importlib.import_module(module).__file__ or "").parent
        if PACKAGE not in folder.parents:
            files += sorted(folder.rglob("*.py"))
    return files


def scan_source() -> dict[str, dict[Severity, list[str]]]:
    """Every rule id a finding is built with in the package, read from the source:
    literal arguments of the finding makers, ``rule=`` keywords and defaults of
    parameters named ``rule`` (the YAML reader's ``fail``); id -> severity -> where
    (``file:line``)."""
    found: dict[str, dict[Severity, list[str]]] = {}
    for path in source_files():
        where = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            values: list[ast.expr] = []
            severity = Severity.ERROR
            if isinstance(node, ast.Call) and _name(node) in FINDING_MAKERS:
                values += node.args
                values += [k.value for k in node.keywords if k.arg == "rule"]
                if any(isinstance(v, ast.Constant) and v.value in DOCUMENTED for v in values):
                    severity = _severity(node)
            elif isinstance(node, ast.arguments):
                params = [*node.posonlyargs, *node.args]
                defaults = dict(zip(params[len(params) - len(node.defaults) :], node.defaults, strict=True))
                values += [d for p, d in defaults.items() if p.arg == "rule"]
            for v in values:
                if isinstance(v, ast.Constant) and isinstance(v.value, str) and RULE_ID.match(v.value):
                    found.setdefault(v.value, {}).setdefault(severity, []).append(f"{where}:{v.lineno}")
    return found


def cited_in_source() -> dict[str, list[str]]:
    """Every rule id a finding is built with in the package -> where (``file:line``)."""
    return {rule: [w for ws in by.values() for w in ws] for rule, by in scan_source().items()}


def test_the_scan_sees_findings_built_every_way():
    cited = cited_in_source()
    # error("SF-7", ...), Finding("SF-11", ...), _Reader.fail("SF-5", ...), _Builder.fail(..., "SCHEMA")
    # and the YAML reader's default rule="YAML"
    assert {"SF-7", "SF-11", "SF-5", "SCHEMA", "YAML", "FILE", "GAME", "SCENARIO"} <= set(cited)


def test_every_rule_id_the_source_cites_has_an_entry():
    missing = {rule: where for rule, where in cited_in_source().items() if rule not in DOCUMENTED}
    assert not missing, (
        f"rule ids findings cite with no entry in sheetgen/core/rulings.py or a game's rulings.py: {missing}"
    )


def test_entries_say_truly_whether_a_finding_cites_them():
    cited = set(cited_in_source())
    said = {r.id for r in RULINGS if r.in_findings}
    assert said == cited, (said - cited, cited - said)


def test_entries_give_the_severities_their_findings_have():
    scanned = scan_source()
    for r in RULINGS:
        if r.in_findings:
            assert set(r.severities) == set(scanned[r.id]), (r.id, scanned[r.id])
            assert list(r.severities) == sorted(r.severities, key=list(Severity).index)


def _names(rule_id: str, source: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(rule_id)}(?![\w-])", source) is not None


def test_no_entry_is_orphaned():
    """An entry no finding cites is kept only for a ruling the code applies elsewhere (stats,
    sheets, cards: KR-4's kill radius, KH-5's ram): the package names it beside that code."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in source_files() if p.name != "rulings.py")
    source += "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "templates").rglob("*") if p.is_file())
    orphans = [r.id for r in RULINGS if not _names(r.id, source)]
    assert not orphans
    for r in RULINGS:
        if not r.in_findings:
            assert r.game, f"{r.id}: a project id that no finding cites has no reason to exist"


@pytest.mark.parametrize("game_id", every_game())
def test_every_games_rulings_are_named_in_its_package(game_id: str) -> None:
    """Each of a game's rulings is named in its own package (outside ``rulings.py``) or its
    record-sheet template, beside the code that applies it."""
    game = find_game(game_id)
    package = Path(importlib.import_module(type(game).__module__).__file__ or "").parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py") if p.name != "rulings.py")
    source += "\n".join(p.read_text(encoding="utf-8") for p in game.files().sheet_folder.glob("*"))
    assert [r.id for r in game.rulings if not _names(r.id, source)] == []


def _ids_printed(text: str) -> set[str]:
    return set(re.findall(r"\b(?:error|warning|note) \[([A-Z0-9-]+)\]", text))


@pytest.fixture(scope="module")
def bundled_ids() -> set[str]:
    """Every rule id validating the bundled designs prints: ships, fleets, illegal/, scenarios."""
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    runner = CliRunner()
    paths = [DESIGNS, *sorted(DESIGNS.glob("*/illegal/*.yaml")), *sorted(DESIGNS.glob("*/scenarios/*.yaml"))]
    ids: set[str] = set()
    for p in paths:
        r = runner.invoke(app, ["validate", str(p)], catch_exceptions=False)
        ids |= _ids_printed(r.stdout + r.stderr)
    return ids


def test_bundled_designs_cite_only_documented_ids(bundled_ids):
    assert bundled_ids, "validating the bundled designs printed no finding"
    assert bundled_ids <= DOCUMENTED, bundled_ids - DOCUMENTED
    # each illegal design is named after the ruling it breaks (sf5-..., kh4-...)
    for p in DESIGNS.glob("*/illegal/*.yaml"):
        assert find_ruling(p.name.split("-")[0]) is not None, p


def test_bundled_designs_cite_ids_the_scan_sees(bundled_ids):
    assert bundled_ids <= set(cited_in_source())


def test_docs_page_is_generated_from_the_data():
    page = ROOT / "docs" / "rulings.md"
    assert page.read_text(encoding="utf-8") == markdown(), (
        "docs/rulings.md is stale: run .venv/bin/python scripts/rulings_doc.py"
    )


def test_every_entry_is_complete_and_ids_are_unique():
    assert len(DOCUMENTED) == len(RULINGS)
    for r in RULINGS:
        assert RULE_ID.match(r.id) and r.title and r.decides and r.why and r.used_by, r.id
        assert r.exit_status in (1, 2)
        if r.game:
            assert r.game in BOOK.texts and r.reads, r.id
            assert r.exit_status == 1
    # one prefix per game, no two games sharing one
    prefixes = {game: {r.id.split("-")[0] for r in RULINGS if r.game == game} for game in BOOK.texts}
    assert all(len(p) == 1 for p in prefixes.values()), prefixes
    assert len(set.union(*prefixes.values())) == len(prefixes)


def test_each_game_numbers_its_rulings_from_1_without_gaps():
    for prefix in {r.id.split("-")[0] for r in RULINGS if r.game}:
        numbers = [int(r.id.split("-")[1]) for r in RULINGS if r.id.startswith(prefix + "-")]
        assert numbers == list(range(1, len(numbers) + 1)), prefix


@pytest.mark.parametrize(
    ("typed", "wanted"),
    [("sf-5", "SF-5"), ("SF5", "SF-5"), ("[kr-01]", "KR-1"), (" Schema ", "SCHEMA"), ("sc-7", "SC-7")],
)
def test_ids_are_read_in_any_case_and_spelling(typed, wanted):
    assert canonical_id(typed) == wanted
    ruling = find_ruling(typed)
    assert ruling is not None and ruling.id == wanted


@pytest.mark.parametrize(
    ("typed", "close"), [("XX-9", "SF-9"), ("SF-13", "SF-1"), ("schma", "SCHEMA"), ("KH-98", "KH-9")]
)
def test_unknown_ids_get_a_close_match(typed, close):
    assert find_ruling(typed) is None
    assert close in suggest(typed)


def test_sections_named_are_sections_of_the_text():
    """Capitalised section names of the texts with headings (Knight Hawks 2000, Space
    Cruisers) that an entry reads are headings of that text, so a reader can find them."""
    seeds = ROOT.parent / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the rule texts are not beside this checkout")
    for game in ("knight-hawks-2000", "space-cruisers"):
        text = (seeds / find_game(game).seed).read_text(encoding="utf-8")
        headings = {line.strip() for line in text.splitlines() if line.strip().isupper()}
        for r in RULINGS:
            if r.game != game:
                continue
            for part in re.split(r";\s*", r.reads):
                name = re.sub(r"\s*\(.*\)$", "", part).split(":")[0].strip()
                if name.isupper():
                    assert name in headings, (r.id, name)


def test_the_page_names_every_id_once_as_a_heading():
    page = markdown()
    for r in RULINGS:
        assert page.count(f"### {r.id}: ") == 1
    assert str(Path("docs") / "rulings.md") not in page  # no self-reference to go stale


def test_the_page_shows_a_finding_as_validate_prints_it(monkeypatch):
    from typer.testing import CliRunner

    from sheetgen.cli.app import app

    monkeypatch.chdir(ROOT)
    example = DESIGNS / "starfire" / "illegal" / "sf7-over-hull-spaces.yaml"
    r = CliRunner().invoke(app, ["validate", str(example.relative_to(ROOT))], catch_exceptions=False)
    shown = markdown().split("```\n")[1].strip()
    assert shown in r.stdout.splitlines()
