"""The guides in docs/ cannot rot: their tables are generated from the game data
(and checked here to be current), and every example file in them validates."""

from __future__ import annotations

import re
import runpy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from sheetgen.games.starfire.data import HULLS, MUNITION_WEAPONS, SYSTEMS

from tests.conftest import ROOT
from tests.every_game import every_game, with_stand_in

Invoke = Callable[..., Any]

DOCS = ROOT / "docs"
_BLOCK = re.compile(r"^```yaml\n(.*?)^```", flags=re.DOTALL | re.MULTILINE)


def yaml_blocks(page: Path) -> list[str]:
    """Every ```yaml block of a markdown page, in order."""
    return _BLOCK.findall(page.read_text(encoding="utf-8"))


# --- docs/starfire.md ---------------------------------------------------------------------------


def test_starfire_guide_tables_are_current() -> None:
    script = runpy.run_path(str(ROOT / "scripts" / "starfire_doc.py"))
    page = (DOCS / "starfire.md").read_text(encoding="utf-8")
    assert script["render"](page) == page, (
        "docs/starfire.md is stale: run .venv/bin/python scripts/starfire_doc.py"
    )


def _table_rows(page: str, header: str) -> list[list[str]]:
    lines = page.splitlines()
    start = lines.index(header)
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_starfire_guide_lists_every_hull_and_system_as_the_data_has_them() -> None:
    page = (DOCS / "starfire.md").read_text(encoding="utf-8")
    hulls = _table_rows(
        page,
        "| hull | name | kind | HS | Max MP | MP per drive | drives for Max MP | turn mode | Q required | engine rooms |",
    )
    assert [r[0].strip("`") for r in hulls] == list(HULLS)
    for row in hulls:
        h = HULLS[row[0].strip("`")]
        assert (int(row[3]), int(row[4]), int(row[7]), int(row[8])) == (
            h.hull_spaces,
            h.max_mp,
            h.turn_mode,
            h.quarters,
        )
    systems = _table_rows(page, "| letter | system | HS | notes |")
    assert {r[0].strip("`"): int(r[2]) for r in systems} == {c: s.hull_spaces for c, s in SYSTEMS.items()}
    munitions = _table_rows(page, "| letter | weapon | range |")
    assert [r[0].strip("`") for r in munitions] == list(MUNITION_WEAPONS)


def test_starfire_guide_explains_the_notation_with_the_readme_example() -> None:
    page = (DOCS / "starfire.md").read_text(encoding="utf-8")
    assert "`CT-[2]-SSAA(I)(I)(I)QLR-[6]`" in page
    for part in ("`CT`", "`[2]`", "`SSAA(I)(I)(I)QLR`", "`[6]`", "sheetgen import starfire"):
        assert part in page


def test_starfire_guide_examples_validate(invoke: Invoke, tmp_path: Path) -> None:
    blocks = yaml_blocks(DOCS / "starfire.md")
    assert len(blocks) >= 3  # the design file and the two worked examples
    for i, block in enumerate(blocks):
        assert yaml.safe_load(block)["game"] == "starfire"
        path = tmp_path / f"block{i}.yaml"
        path.write_text(block, encoding="utf-8")
        r = invoke("validate", path)
        assert r.exit_code == 0, f"block {i} of docs/starfire.md:\n{block}\n{r.stdout}"


@pytest.mark.parametrize("game_id", every_game())
def test_every_game_has_its_guide(game_id: str) -> None:
    """A game's guide is ``docs/<game id>.md`` (:meth:`~sheetgen.games.base.Game.files`): a
    page with a heading that shows a design file of the game."""
    from sheetgen.games import find_game

    guide = find_game(game_id).files().guide
    assert guide.name == f"{game_id}.md"
    text = guide.read_text(encoding="utf-8")
    assert text.startswith("# ") and f"game: {game_id}" in text


def test_readme_links_every_games_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    from sheetgen.games import GAMES

    table = [line for line in readme.splitlines() if line.startswith(tuple(f"| `{g}` |" for g in GAMES))]
    assert len(table) == len(GAMES)
    for line in table:
        (link,) = re.findall(r"\[docs/([a-z0-9-]+\.md)\]\(docs/\1\)", line)
        assert (DOCS / link).is_file()


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_docs_links_resolve(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]+\.md)(?:#[^)]*)?\)", text):
        assert (DOCS / target).is_file(), f"{page} links {target}"


# --- docs/scenarios.md --------------------------------------------------------------------------

_FILE = re.compile(r"# file: (\S+)\n")


def _example_files(page: Path, folder: Path) -> dict[str, Path]:
    """Every ```yaml block that starts ``# file: NAME``, written into ``folder`` as NAME."""
    out = {}
    for block in yaml_blocks(page):
        m = _FILE.match(block)
        if m:
            assert m.group(1) not in out, f"two examples are called {m.group(1)}"
            out[m.group(1)] = folder / m.group(1)
            out[m.group(1)].write_text(block, encoding="utf-8")
    return out


@with_stand_in
def test_scenario_guide_examples_validate(invoke: Invoke, tmp_path: Path) -> None:
    """docs/scenarios.md's examples and those of every game's own guide."""
    from sheetgen.games import GAMES, find_game

    files: dict[str, Path] = {}
    for page in [DOCS / "scenarios.md", *(find_game(g).files().guide for g in GAMES)]:
        found = _example_files(page, tmp_path)
        assert not set(found) & set(files), f"two examples are called {set(found) & set(files)}"
        files |= found
    games: dict[str, int] = {}
    for name, path in files.items():
        r = invoke("validate", path)
        assert r.exit_code == 0, f"docs/scenarios.md, {name}:\n{r.stdout}{r.stderr}"
        assert " error " not in r.stdout and " warning " not in r.stdout, r.stdout
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "scenario" in data:
            games[data["game"]] = max(games.get(data["game"], 0), len(data["sides"]))
    # a copyable two-player scenario for every game
    assert {g: n >= 2 for g, n in games.items()} == dict.fromkeys(GAMES, True)


def test_scenario_guide_fragments_are_yaml() -> None:
    for block in yaml_blocks(DOCS / "scenarios.md"):
        assert yaml.safe_load(block) is not None


def _keys_read(*modules: str) -> set[str]:
    """Every key the scenario, map, placement and fleet readers take from a mapping: the
    keys their shapes describe, and any read by name in the readers' code."""
    from sheetgen.scenarios.loading import FLEET
    from sheetgen.scenarios.placement import PLACEMENT_RULES
    from sheetgen.scenarios.scenario import SCENARIO

    found = {k.name for shape in (SCENARIO, FLEET, *PLACEMENT_RULES.values()) for _, k in shape.walk()}
    read = re.compile(
        r"\.(?:text|raw|integer|choice|mapping|boolean|text_list|hex|hex_list|span|counts)\((?:f, )?\"([a-z_]+)\""
    )
    for module in modules:
        found |= set(read.findall((ROOT / "sheetgen" / "scenarios" / module).read_text(encoding="utf-8")))
    return found


def test_scenario_guide_names_every_key_the_readers_take() -> None:
    from sheetgen.scenarios.placement import _EDGES, _KINDS, COMPARISONS

    text = (DOCS / "scenarios.md").read_text(encoding="utf-8") + (DOCS / "maps.md").read_text(
        encoding="utf-8"
    )
    keys = _keys_read("scenario.py", "terrain.py", "placement.py", "loading.py")
    keys |= {*_KINDS, *COMPARISONS, *_EDGES, "counter_size", "note"}
    keys -= {"name"}  # a design's own key, and every mapping's: written throughout
    assert len(keys) > 40
    missing = sorted(k for k in keys if f"`{k}`" not in text)
    assert not missing, f"docs/scenarios.md does not name {missing}"


def test_readme_commands_are_real_verbs() -> None:
    from sheetgen.cli.app import VERBS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    code = "\n".join(re.findall(r"^```[a-z]*\n(.*?)^```", readme, flags=re.DOTALL | re.MULTILINE))
    used = set(re.findall(r"^(?:\.venv/bin/)?sheetgen ([a-z][a-z-]*)", code, flags=re.MULTILINE))
    assert {"new", "examples", "kit", "validate"} <= used
    assert used <= set(VERBS), used - set(VERBS)


@pytest.mark.parametrize(
    "written",
    ["SSAA(I)(I)(I)QLR", "2xS Ax2 (3xI) Q, L; R", "(2xS)(2xA)(I)(I)(I)Q.L_R", "S S A A (I) (I) (I) Q L R"],
)
def test_starfire_guide_notation_rules_hold(written: str) -> None:
    """What the guide's notation section says a system string may look like (repeats,
    ``(3xI)`` as three rooms, separators) reads as the plain string."""
    from sheetgen.games.starfire.notation import parse_system_string, system_string

    parsed = parse_system_string(written)
    assert not parsed.findings
    assert system_string(parsed.slots) == "SSAA(I)(I)(I)QLR"


def test_scenario_guide_balance_example_is_what_stats_prints(invoke: Invoke) -> None:
    """The side block docs/scenarios.md shows under "Balance at a glance" is the bundled
    scenario's, as ``sheetgen stats`` prints it."""
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    section = text[text.index("## Balance at a glance") :]
    block = section[section.index("```text\n") + len("```text\n") : section.index("```\n", 8)]
    r = invoke("stats", ROOT / "designs" / "starfire" / "scenarios" / "warp-point-assault.yaml")
    assert r.exit_code == 0
    assert block in r.stdout
