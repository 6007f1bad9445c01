"""Players know a rule text by its title and section, never by the file the project keeps
it in: nothing a player reads (explain, the guides, the README, cards, stats, findings)
names a ``seeds/`` file or calls a rule text a seed. The starfield's and the dice's
``--seed`` options are another thing and stay."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from sheetgen.games import find_game, rulebook

from tests.conftest import ROOT
from tests.every_game import every_game

Invoke = Callable[..., Any]

#: A rule text's file name or folder, or a rule text called "seed 002".
_INTERNAL = re.compile(r"seeds/|\b\d{3}_[0-9a-f]{16}(\.txt)?\b|\bseed\s+`?0\d\d\b", flags=re.IGNORECASE)


def _internal(text: str) -> list[str]:
    return [m.group(0) for m in _INTERNAL.finditer(text)]


def test_the_pattern_finds_what_the_guides_printed() -> None:
    assert _internal("rule text `seeds/000_608a47ddada5aaa7.txt`; seed `002_8960282e34192c00.txt`")
    assert _internal("Rule text: Solar Starfire Quick Start, seed 001: ship design")
    assert not _internal("sheetgen map --style starfield --seed 7; the same seed gives the same stars")


@pytest.mark.parametrize(
    "page",
    [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))],
    ids=lambda p: p.name,
)
def test_guides_cite_rule_texts_by_title(page: Any) -> None:
    assert _internal(page.read_text(encoding="utf-8")) == [], page.name


def test_example_designs_and_starting_files_cite_rule_texts_by_title() -> None:
    """``sheetgen examples`` copies the bundled designs and ``sheetgen new`` writes the
    starting files: their comments are read by players too."""
    files = sorted((ROOT / "designs").rglob("*.yaml")) + sorted((ROOT / "templates" / "new").glob("*.yaml"))
    assert len(files) > 40
    found = {f.relative_to(ROOT).as_posix(): _internal(f.read_text(encoding="utf-8")) for f in files}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_explain_names_rule_texts_by_title(invoke: Invoke) -> None:
    listed = invoke("explain", "--list")
    assert listed.exit_code == 0
    assert _internal(listed.stdout) == []
    for ruling in rulebook().rulings:
        out = invoke("explain", ruling.id).stdout
        assert _internal(out) == [], ruling.id
        if ruling.game:
            assert f"Rule text: {find_game(ruling.game).title}: " in " ".join(out.split()), ruling.id


def test_explain_sf5_cites_the_quick_start_by_title(invoke: Invoke) -> None:
    out = invoke("explain", "SF-5").stdout
    assert "Rule text: Solar Starfire Quick Start: ship design: engine rooms" in out
    assert "seed" not in out.lower()


@pytest.mark.parametrize("game", every_game())
def test_cards_stats_and_findings_name_no_seed_file(invoke: Invoke, game: str) -> None:
    outputs = [
        invoke("reference", game, "--format", "json").stdout,
        invoke("reference", game, "--format", "json", "--one-page").stdout,
        invoke("stats", str(find_game(game).files().designs / "ships"), "--json").stdout,
    ]
    checked = invoke("validate", str(find_game(game).files().designs / "illegal"))
    outputs += [checked.stdout, checked.stderr]
    for text in outputs:
        assert text.strip()
        assert _internal(text) == []
        assert "seed" not in text.lower()
