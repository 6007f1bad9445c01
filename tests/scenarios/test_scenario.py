"""Every bundled scenario: legal, its set-up distances as the rule text gives them,
and a kit read back from its PDFs (names on sheets and counters, map size, pages)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.games import find_game
from sheetgen.scenarios.scenario import Scenario, load_scenario

from tests.conftest import DESIGNS
from tests.every_game import every_game, per_game

Write = Callable[[str, str], Path]
SCENARIOS = per_game(lambda files: files.scenarios)
STARFIRE = DESIGNS / "starfire" / "scenarios"


def load(path: Path) -> Scenario:
    scenario, result = load_scenario(path)
    assert not result.input_errors, [str(x) for x in result.input_errors]
    assert scenario is not None
    return scenario


@pytest.mark.parametrize("game_id", every_game())
def test_every_game_bundles_a_scenario(game_id: str) -> None:
    scenarios = find_game(game_id).files().scenarios
    assert scenarios and all(load(path).game.id == game_id for path in scenarios)


def test_all_six_quick_start_scenarios_are_bundled() -> None:
    assert sorted(p.stem for p in STARFIRE.glob("*.yaml")) == [
        "convoy-raid",
        "fast-raiders",
        "scouts-meet",
        "set-piece-battle",
        "small-task-groups",
        "warp-point-assault",
    ]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_bundled_scenario_is_legal_with_two_sides(path: Path) -> None:
    scenario = load(path)
    assert scenario.legal, [str(x) for x in scenario.located if x.finding.is_error]
    assert len(scenario.sides) >= 2 and all(side.ships for side in scenario.sides)
    assert scenario.setup and scenario.victory


def _rules(path: Path) -> list[tuple[str, tuple[tuple[str, ...], ...], str | None, int | None]]:
    return [(r.kind, r.groups, r.op, r.value) for r in load(path).placement]


def test_set_up_distances_are_the_texts() -> None:
    assert ("distance", (("Vigil",), ("Seeker",)), "exactly", 25) in _rules(STARFIRE / "scouts-meet.yaml")
    stg = _rules(STARFIRE / "small-task-groups.yaml")
    assert ("distance", (("Hammer",), ("Anvil",)), "exactly", 25) in stg
    assert ("distance", (("Arrow", "Dart"), ("Hammer",)), "at_most", 3) in stg
    convoy = _rules(STARFIRE / "convoy-raid.yaml")
    assert ("distance", (("Player B",), ("Amity", "Bounty", "Plenty")), "at_least", 20) in convoy
    assert ("count", (("Player A",),), "exactly", 3) in convoy
    assert ("distance", (("Invincible",), ("Tyrant",)), "exactly", 25) in _rules(
        STARFIRE / "set-piece-battle.yaml"
    )
    assert ("distance", (("Player B",), ("Player A",)), "at_least", 20) in _rules(
        STARFIRE / "fast-raiders.yaml"
    )
    wp = _rules(STARFIRE / "warp-point-assault.yaml")
    assert ("distance", (("Player A",), ("WP",)), "at_most", 15) in wp
    assert ("count", (("Player B",),), "more_than", 6) in wp


def test_forces_the_text_gives() -> None:
    convoy = load(STARFIRE / "convoy-raid.yaml")
    assert [s.stats.hull for s in convoy.sides[0].ships] == ["DD", "FT2", "FT2", "FT2"]
    assert len(load(STARFIRE / "warp-point-assault.yaml").sides[1].ships) > 6
    raiders = load(STARFIRE / "fast-raiders.yaml")
    assert {s.stats.hull for s in raiders.sides[0].ships} == {"CA"}
    assert {s.stats.hull for s in raiders.sides[1].ships} == {"CT"}


# --- placement rules -------------------------------------------------------------------------

SHIPS = DESIGNS / "starfire" / "ships"


def scenario_text(starts: str, placement: str, fleet_b: str = "corvette-lance.yaml") -> str:
    return f"""scenario: Test
game: starfire
map:
  cols: 30
  rows: 20
  start:
{starts}
sides:
  - name: A
    fleet:
      - design: {SHIPS / "destroyer-hammer.yaml"}
        names: [Hammer]
      - design: {SHIPS / "corvette-arrow.yaml"}
        names: [Arrow]
  - name: B
    fleet:
      - design: {SHIPS / fleet_b}
        names: [Lance]
placement:
{placement}
"""


STARTS = """    - {ship: Hammer, at: "0510", facing: N}
    - {ship: Arrow, at: "0609", facing: NE}
    - {ship: Lance, at: "2510", facing: S}"""


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        (
            "  - {distance: [Hammer, Lance], exactly: 25}",
            "Hammer starts 20 hexes from Lance; the set-up needs exactly 25",
        ),
        (
            "  - {distance: [A, Lance], at_least: 20}",
            "Arrow starts 19 hexes from Lance; the set-up needs at least 20",
        ),
        (
            "  - {distance: [Arrow, Hammer], at_most: 0}",
            "Arrow starts 1 hex from Hammer; the set-up needs at most 0",
        ),
        ("  - {same_facing: [A]}", "Arrow faces NE but Hammer faces N; they start with one facing"),
        ("  - {edge: bottom, ships: [Hammer]}", "Hammer starts at 0510, not on the bottom edge"),
        ("  - {count: B, more_than: 6}", "B fields 1 ship; the scenario needs more than 6"),
        ("  - {count: A, hull: FT2, exactly: 3}", "A fields 0 FT2 ships; the scenario needs exactly 3"),
        (
            "  - {distance: [Hammer, Nobody], at_most: 3}",
            "placement names 'Nobody', which is no side, ship or map feature",
        ),
    ],
)
def test_placement_rule_broken(write: Write, rule: str, message: str) -> None:
    path = write("s.yaml", scenario_text(STARTS, rule))
    scenario = load(path)
    errors = [x for x in scenario.located if x.finding.is_error]
    assert len(errors) == 1
    (err,) = errors
    assert err.finding.rule == "SCENARIO"
    assert message in err.finding.message
    assert (err.line, err.column) == (22, 5)


def test_placement_rules_kept(write: Write) -> None:
    rules = "\n".join(
        [
            "  - {distance: [Hammer, Lance], exactly: 20}",
            "  - {distance: [Arrow, Hammer], at_most: 1}",
            "  - {count: B, exactly: 1}",
            "  - {count: A, hull: DD, exactly: 1}",
        ]
    )
    assert load(write("s.yaml", scenario_text(STARTS, rules))).legal


def test_a_ship_without_a_start_position(write: Write) -> None:
    starts = '    - {ship: Hammer, at: "0510", facing: N}'
    scenario = load(write("s.yaml", scenario_text(starts, "  - {distance: [Hammer, Lance], at_least: 3}")))
    (err,) = [x for x in scenario.located if x.finding.is_error]
    assert err.finding.message == "Lance has no start position in map.start, which this rule needs"


def test_malformed_placement_is_an_input_error(write: Write) -> None:
    _scenario, result = load_scenario(
        write("s.yaml", scenario_text(STARTS, "  - {distance: [Hammer, Lance]}"))
    )
    (err,) = result.input_errors
    assert "a distance rule needs one of exactly, at_least, at_most, more_than, fewer_than" in str(err)


def test_one_design_per_hull_size_is_warned(write: Write) -> None:
    text = scenario_text(STARTS, "  []").replace(
        "        names: [Arrow]\n",
        f"        names: [Arrow]\n      - design: {SHIPS / 'corvette-lance.yaml'}\n        names: [Spear]\n",
    )
    scenario = load(write("s.yaml", text.replace("placement:\n  []\n", "")))
    warnings = [x for x in scenario.located if x.finding.rule == "SF-11"]
    assert [w.finding.message for w in warnings] == [
        "A fields 2 CT designs (Arrow, Lance); the Quick Start scenarios presume one design per hull size"
    ]
    assert scenario.legal  # a warning, not an error


def test_a_scenario_named_as_a_sides_design_is_an_input_error(write: Write) -> None:
    """A side's ``design:`` that names a scenario file (here the scenario itself) is
    refused where it is written, not read as a side with no ships."""
    text = (DESIGNS / "kill-radius" / "scenarios" / "border-clash.yaml").read_text(encoding="utf-8")
    fleets = DESIGNS / "kill-radius" / "fleets"
    text = text.replace("design: ../fleets/concord-home-guard.yaml", "design: s.yaml")
    text = text.replace("design: ../fleets/varn-raiders.yaml", f"design: {fleets / 'varn-raiders.yaml'}")
    path = write("s.yaml", text)
    _scenario, result = load_scenario(path)
    (err,) = result.input_errors
    line = 1 + text[: text.index("design: s.yaml")].count("\n")
    assert str(err) == (
        f"{path}:{line}:17: error [SCHEMA] design 's.yaml' is a scenario, not a design or fleet file"
    )
    assert result.exit_code == 2


FLEET = (
    "game: starfire\nfleet: Home\ndesigns:\n"
    "  - {name: Kestrel, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {R: 10}, count: 2}\n"
)
HEAD = "scenario: Test\ngame: starfire\nmap: {cols: 20, rows: 20}\nsides:\n"
SIDE_B = (
    "  - name: B\n    fleet:\n"
    "      - design: {name: Dart, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {R: 10}}\n"
)


def test_counts_that_multiply_and_short_name_lists_are_stated(write: Write) -> None:
    write("fl.yaml", FLEET)
    path = write(
        "s.yaml",
        HEAD + "  - name: A\n    fleet:\n      - {design: fl.yaml, count: 2, names: [Kite]}\n" + SIDE_B,
    )
    scenario = load(path)
    assert [s.name for s in scenario.sides[0].ships] == ["Kite", "Kestrel 2", "Kestrel 3", "Kestrel 4"]
    notes = [str(loc).removeprefix(f"{path}:") for loc in scenario.located if loc.source == str(path)]
    assert notes == [
        "7:34: note [SCENARIO] count 2 here times count 2 in fl.yaml (Kestrel) fields 4 ships",
        "7:44: note [SCENARIO] 'names' lists 1 of 4 ships; the others are named Kestrel 2, Kestrel 3, Kestrel 4",
    ]


def test_design_keys_beside_design_are_one_problem(write: Write) -> None:
    """An inline design written at the fleet entry's level (no game:, no design:) is one
    line saying where its keys go, not one per key plus "lacks 'design'"."""
    path = write(
        "s.yaml",
        HEAD + "  - name: A\n    fleet:\n      - name: Arrow\n        hull: CT\n"
        "        systems: SSAA(I)(I)(I)QLR\n" + SIDE_B,
    )
    _, result = load_scenario(path)
    assert [str(x).removeprefix(f"{path}:") for x in result.input_errors] == [
        "7:9: error [SCHEMA] the design's keys ('name', 'hull', 'systems') go under 'design:', indented"
        " one step further; a fleet entry holds only design, count, names and note"
    ]


def test_two_inline_designs_are_two_designs(invoke: Any, write: Write) -> None:
    path = write(
        "duel.yaml",
        "scenario: Duel\ngame: starfire\nmap: {cols: 24, rows: 18, hex: 1in}\nsides:\n"
        "  - name: Blue\n    fleet:\n"
        "      - design: {name: Arrow, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {R: 10}}\n"
        "  - name: Red\n    fleet:\n"
        "      - design: {name: Picket, hull: ES, systems: SSAA(I)(I)QF}\n",
    )
    r = invoke("validate", path)
    assert r.exit_code == 0, r.stderr
    assert "2 designs: 2 legal, 0 illegal (with 1 scenario)" in r.stdout + r.stderr


def test_a_scenario_without_its_key_given_to_kit_says_what_it_lacks(write: Write) -> None:
    path = write("s.yaml", "game: starfire\nname: Raid\nmap: {cols: 20, rows: 20}\nsides: []\n")
    scenario, result = load_scenario(path)
    assert scenario is None
    assert [str(x).removeprefix(f"{path}:") for x in result.input_errors] == [
        "1:1: error [SCHEMA] this looks like a scenario (it has 'sides' and 'map') but lacks"
        " 'scenario: NAME', the key validate and kit know a scenario by"
    ]


def test_a_map_larger_than_any_printed_one_is_refused_where_it_is_written(invoke: Any, write: Write) -> None:
    """validate says what map and kit would: at most 100,000 hexes (all levels together)."""
    path = write(
        "huge.yaml",
        "scenario: Huge\ngame: starfire\nmap: {cols: 100000, rows: 24, hex: 1in}\nsides:\n"
        "  - name: Blue\n    fleet:\n"
        "      - design: {name: Arrow, hull: CT, systems: SSAA(I)(I)(I)QLR, munitions: {R: 10}}\n"
        "  - name: Red\n    fleet:\n"
        "      - design: {name: Picket, hull: ES, systems: SSAA(I)(I)QF}\n",
    )
    r = invoke("validate", path)
    assert r.exit_code == 2
    assert (
        "huge.yaml:3:13: error [SCHEMA] 100000 x 24 is 2,400,000 hexes; the most one map can have is 100,000"
        in (r.stdout + r.stderr)
    )


def test_kit_folder_names_are_short_and_never_shared() -> None:
    """A scenario's name becomes its kit's folder and module names (``slug``): plain names as
    they read, a name the schema allows (up to 300 characters) cut to 80 and tagged, and names
    with no ASCII letter or digit tagged from their own text, so two kits never share a folder."""
    from sheetgen.scenarios.scenario import MAX_SLUG, slug

    assert slug("Scouts Meet!") == "scouts-meet"
    assert slug("Warp point assault") == "warp-point-assault"
    long = slug("Verbose " * 37)
    assert (
        len(long) <= MAX_SLUG + 9
        and long.startswith("verbose-verbose-")
        and len(f"{long}.vmod".encode()) < 255
    )
    assert slug("Verbose " * 37) != slug("Verbose " * 36 + "Other")
    assert slug("!!!").startswith("scenario-") and slug("星际之战").startswith("scenario-")
    # the tag is the name's own SHA-256, so the same name gives the same folder on every run
    # (a kit built again replaces its folder) and two such names never share one
    assert slug("星际之战") == "scenario-7deaab59" and slug("!!!") == "scenario-e84c538e"
    # letters with no ASCII form tag the name too: Ω and Σ stations are two folders; accents
    # are set apart from their letters
    assert slug("Battle of Ω Station") == "battle-of-station-c637e909"
    assert slug("Battle of Σ Station") == "battle-of-station-eecc5dfb"
    assert slug("Café run") == "cafe-run"
    assert slug("Straße ﬁx Æon Ø") == "strasse-fix-aeon-o"


@pytest.mark.parametrize("name", ["''", "'   '"])
def test_a_scenario_needs_a_name(write: Write, name: str) -> None:
    """The briefing's title and the kit's folder are made from the scenario's name: an empty
    or blank one is refused where it is written, as a design's is."""
    path = write("s.yaml", f"scenario: {name}\ngame: starfire\nsides:\n" + SIDE_B)
    scenario, result = load_scenario(path)
    assert scenario is None
    assert [str(x).removeprefix(f"{path}:") for x in result.input_errors] == [
        "1:11: error [SCHEMA] 'scenario' must not be empty: it is the scenario's name"
    ]


def test_a_missing_design_is_said_once_and_its_ships_names_are_not_refused(write: Write) -> None:
    """A fleet entry whose design file is missing is one error where it is named; the start
    position of the ship it names is not refused as "not in this scenario" (an error
    printed before its cause), and placement rules of its side, which has no ship read, are
    not checked (nor crash)."""
    path = write(
        "s.yaml",
        "scenario: Test\ngame: starfire\n"
        "map:\n  cols: 20\n  rows: 20\n  start:\n    - {ship: Vigil, at: '0612'}\n"
        "sides:\n  - name: A\n    fleet:\n      - {design: gone.yaml, names: [Vigil]}\n"
        + SIDE_B
        + "placement:\n  - {same_facing: [A]}\n  - {distance: [A, B], at_least: 5}\n",
    )
    _, result = load_scenario(path)
    assert [str(x).removeprefix(f"{path}:") for x in result.input_errors] == [
        "11:18: error [FILE] design 'gone.yaml': no such file"
    ]


def test_one_illegal_design_on_both_sides_is_said_once(invoke: Any, write: Write) -> None:
    """The same design file fielded by two sides is checked for each, but its errors are
    listed once, by ``validate`` and by ``kit`` alike."""
    write("bad.yaml", "game: starfire\nname: Bad\nhull: ES\nsystems: SSAA(I)(I)(I)(I)(I)(I)QLLLLLLLLLL\n")
    path = write(
        "s.yaml",
        HEAD + "  - name: A\n    fleet:\n      - {design: bad.yaml, names: [One]}\n"
        "  - name: B\n    fleet:\n      - {design: bad.yaml, names: [Two]}\n",
    )
    scenario, _ = load_scenario(path)
    assert scenario is not None
    errors = [str(loc) for loc in scenario.located if loc.finding.is_error]
    assert len(errors) == 1 and "[SF-7]" in errors[0]
    for verb in ("validate", "kit"):
        r = invoke(verb, path, *(["-o", path.parent / "kit"] if verb == "kit" else []))
        assert r.exit_code == 1
        assert (r.stdout + r.stderr).count("[SF-7]") == 1, (verb, r.stdout + r.stderr)


def test_a_verb_stopped_by_a_missing_design_says_every_error_validate_says(
    invoke: Any, write: Write, tmp_path: Path
) -> None:
    """A missing design stops kit, vassal and counters (exit 2), but the scenario's other errors,
    here an illegal design and a start 1 hex off where 25 are needed, are said too, the lines
    ``validate`` prints, in the same order."""
    write("bad.yaml", "game: starfire\nname: Bad\nhull: ES\nsystems: SSAA(I)(I)(I)(I)(I)(I)QLLLLLLLLLL\n")
    path = write(
        "s.yaml",
        "scenario: Mixed\ngame: starfire\nmap:\n  cols: 32\n  rows: 24\n  start:\n"
        "    - {ship: Vigil, at: '0612'}\n    - {ship: Seeker, at: '0712'}\n"
        "sides:\n  - name: A\n    fleet:\n      - {design: gone.yaml, names: [Vigil]}\n"
        "  - name: B\n    fleet:\n      - {design: bad.yaml, names: [Seeker]}\n"
        "placement:\n  - {distance: [Vigil, Seeker], exactly: 25}\n",
    )
    checked = invoke("validate", "--quiet", path)
    errors = [line for line in (checked.stdout + checked.stderr).splitlines() if ": error [" in line]
    assert sorted(line.split(" error [")[1].split("]")[0] for line in errors) == ["FILE", "SCENARIO", "SF-7"]
    for verb, out in (("kit", "k"), ("vassal", "m.vmod"), ("counters", "c.pdf")):
        r = invoke(verb, path, "-o", tmp_path / out)
        assert r.exit_code == 2, verb
        assert r.stderr.splitlines() == errors, verb
        assert not (tmp_path / out).exists()


def test_a_sides_count_is_not_checked_while_some_of_its_designs_are_unread(write: Write) -> None:
    """Warp point assault asks Player B for more than 6 ships; with its four Lances' design
    missing, the missing file is the one error, not also "Player B fields 4 ships"."""
    text = (STARFIRE / "warp-point-assault.yaml").read_text(encoding="utf-8")
    text = text.replace("../ships/corvette-lance.yaml", "gone.yaml").replace(
        "../ships/", f"{STARFIRE.parent / 'ships'}/"
    )
    path = write("wpa.yaml", text)
    scenario, result = load_scenario(path)
    assert [x.finding.rule for x in result.input_errors] == ["FILE"]
    assert scenario is not None and [loc for loc in scenario.located if loc.finding.is_error] == []


@pytest.mark.parametrize("name", ["''", "'   '", '"\\u00ad"', '"\\u200b\\u200e"', '"\\u3164"'])
def test_a_side_named_needs_a_name(write: Write, name: str) -> None:
    """A side's name is printed on its ships' record sheets, its counters and the briefing,
        and play joins a side by it: an empty or blank one is refused where it is written (a side
        with no ``name`` is still ``Side 1``, ``Side 2``...), and so is one of characters that print
    nothing (a soft hyphen, zero-width and direction marks, a Hangul filler). Before, ``'   '``
    printed nothing."""
    path = write(
        "s.yaml", "scenario: Test\ngame: starfire\nsides:\n" + SIDE_B.replace("name: B", f"name: {name}")
    )
    scenario, result = load_scenario(path)
    assert scenario is None
    assert [str(x).removeprefix(f"{path}:") for x in result.input_errors] == [
        "4:11: error [SCHEMA] 'name' must not be empty: it names the side on its record sheets,"
        " counters and briefing"
    ]


@pytest.mark.parametrize(
    ("first", "second"),
    [("Red Fleet", "'Red  Fleet'"), ("Red", "' Red'"), ("Red", '"R\\u00aded"'), ("Café", '"Cafe\\u0301"')],
)
def test_sides_whose_names_print_alike_are_refused(write: Write, first: str, second: str) -> None:
    """Sides are told apart by name on the sheets, counters, briefing and in play: two names
    that print the same (runs of spaces, a soft hyphen, an accent composed or not) are the
    same name. Before, "Red  Fleet" and "Red Fleet" were two sides headed alike."""
    sides = SIDE_B.replace("name: B", f"name: {first}") + SIDE_B.replace(
        "name: B", f"name: {second}"
    ).replace("Dart", "Lance")
    _scenario, result = load_scenario(write("s.yaml", "scenario: Test\ngame: starfire\nsides:\n" + sides))
    errors = [str(x).split(":", 1)[1] for x in result.input_errors]
    assert len(errors) == 1 and errors[0].startswith("7:11: error [SCHEMA] two sides are named "), errors
    assert errors[0].endswith("which print alike: give each side a name of its own"), errors
