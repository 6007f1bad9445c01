"""Random Space Cruisers ships: seeded d20 rolls, rerolls, the choice on a 20, the CLI."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sheetgen.core.source import load_text
from sheetgen.games.spacecruisers import roll as rolling
from sheetgen.games.spacecruisers.roll import RollStep, choices_for_20, roll_ship
from sheetgen.scenarios.loading import load_designs


class Scripted:
    """A stand-in for random.Random that gives d20 faces (and picks) in order."""

    def __init__(self, *faces: int, sides: int = 20) -> None:
        self.values = [(f - 0.5) / sides for f in faces]

    def random(self) -> float:
        return self.values.pop(0)


#: The first line of every file ``roll`` writes: its schema, beside it.
MODELINE = "# yaml-language-server: $schema=space-cruisers.schema.json\n"
SEED_1 = """\
# Space Cruisers ship rolled on the d20 systems table.
# Roll it again: sheetgen roll space-cruisers --seed 1 --systems 5 --hull military
game: space-cruisers
name: Random cruiser 1
hull: military
rules: basic
systems:
  - photon torpedoes    # d20: 3
  - ion shockwave       # d20: 17
  - chain guns          # d20: 16
  - drives              # d20: 6
  - armor               # d20: 10
"""


def test_seed_gives_this_exact_ship() -> None:
    # random.Random(1).random() is 0.134364..., so the first d20 is 1 + int(2.687...) = 3
    assert random.Random(1).random() == pytest.approx(0.13436424411240122)
    assert roll_ship(seed=1).to_yaml() == SEED_1


def test_same_seed_same_ship_and_seeds_differ() -> None:
    assert roll_ship(seed=99).to_yaml() == roll_ship(seed=99).to_yaml()
    assert len({tuple(s.system for s in roll_ship(seed=k).systems) for k in range(20)}) > 15


def test_a_second_cloaking_device_is_rerolled() -> None:
    ship = roll_ship(seed=0, rng=Scripted(14, 14, 7, 14, 3, 10, 12))
    assert [s.system for s in ship.systems] == [
        "cloaking device",
        "shields",
        "photon torpedoes",
        "armor",
        "scanners",
    ]
    assert ship.systems[1].rolls == [
        RollStep(14, "cloaking device", rerolled="again, one per ship"),
        RollStep(7, "shields"),
    ]
    assert ship.systems[2].rolls[0].rerolled and len(ship.systems[2].rolls) == 2
    assert "# d20: 14 (cloaking device again, one per ship: rerolled), then 7" in ship.to_yaml()


def test_duplicate_cloak_with_a_real_seed() -> None:
    # seed 12 rolls 10, 14, 14, 3, 1, 8: the second 14 is rerolled
    ship = roll_ship(seed=12)
    assert [s.system for s in ship.systems] == [
        "armor",
        "cloaking device",
        "photon torpedoes",
        "phasers",
        "shields",
    ]
    assert [r.face for r in ship.systems[2].rolls] == [14, 3]
    assert sum(s.system == "cloaking device" for s in ship.systems) == 1


def test_a_second_targeting_computer_is_rerolled() -> None:
    ship = roll_ship(seed=0, systems=2, rng=Scripted(18, 18, 18, 5))
    assert [s.system for s in ship.systems] == ["targeting computer", "drives"]
    assert len(ship.systems[1].rolls) == 3


def test_a_twenty_is_a_seeded_choice_recorded_in_a_comment() -> None:
    options = choices_for_20(False)
    assert "cargo bay" not in options and "missiles" not in options and len(options) == 13
    # 20, then the pick lands on the sixth option (scanners)
    pick = (options.index("scanners") + 0.5) / len(options)
    source = Scripted(20)
    source.values.append(pick)
    ship = roll_ship(seed=5, systems=1, rng=source)
    assert ship.systems[0].system == "scanners"
    assert ship.systems[0].rolls == [RollStep(20, "scanners", chosen=True)]
    assert "  - scanners    # d20: 20 (choose any: seeded choice)" in ship.to_yaml()


def test_a_twenty_never_chooses_a_second_cloak() -> None:
    options = choices_for_20(False)
    picked = set()
    for k in range(len(options)):
        source = Scripted(14, 20)
        source.values.append((k + 0.5) / len(options))
        ship = roll_ship(seed=5, systems=2, rng=source)
        picked.add(ship.systems[1].system)
    # every pick lands on an allowed system: all but the cloak the ship already has
    assert picked == set(options) - {"cloaking device"}


def test_seed_2_resolves_its_twenty() -> None:
    ship = roll_ship(seed=2)
    assert ship.systems[0].rolls[0].face == 20 and ship.systems[0].rolls[0].chosen
    assert ship.systems[0].system == "jump plasma turbine"


def test_fighters_turn_a_one_into_a_cargo_bay() -> None:
    plain = roll_ship(seed=12)
    carrier = roll_ship(seed=12, fighters=True)
    assert plain.systems[3].system == "phasers" and plain.systems[3].rolls[0].face == 1
    assert carrier.systems[3].system == "cargo bay"
    assert [s.system for i, s in enumerate(carrier.systems) if i != 3] == [
        s.system for i, s in enumerate(plain.systems) if i != 3
    ]
    assert "cargo bay" in choices_for_20(True)
    assert "(1 = cargo bay: playing with fighters)" in carrier.to_yaml()
    assert "--fighters" in carrier.command()


def test_stations_reroll_drives_and_name_their_non_military_systems() -> None:
    ship = roll_ship(seed=0, hull="station", systems=1, rng=Scripted(5, 2, 1, 1, 1, 1, sides=20))
    assert ship.systems[0].system == "phasers"
    assert ship.systems[0].rolls[0] == RollStep(5, "drives", rerolled="on a station, which has none")
    assert len(ship.non_military) == 4
    assert ship.rules == "advanced"


def test_fighters_roll_three_and_refuse_more() -> None:
    assert len(roll_ship(seed=3, hull="fighter").systems) == 3
    with pytest.raises(ValueError, match="a fighter takes at most 3 additional systems, not 4"):
        roll_ship(hull="fighter", systems=4)
    with pytest.raises(ValueError, match="unknown hull"):
        roll_ship(hull="battleship")


@pytest.mark.parametrize("hull", ["military", "commercial", "station", "fighter"])
def test_every_rolled_ship_is_a_legal_design(hull: str, tmp_path: Path) -> None:
    for seed in range(60):
        for fighters in (False, True):
            text = roll_ship(seed=seed, hull=hull, fighters=fighters, systems=None).to_yaml()
            path = tmp_path / f"{hull}-{seed}-{fighters}.yaml"
            path.write_text(text, encoding="utf-8")
            result = load_designs([path])
            assert result.exit_code == 0, (text, [str(x) for e in result.entries for x in e.located])
            (entry,) = result.entries
            assert entry.stats.additional_systems == (3 if hull == "fighter" else 5)


def test_many_systems_for_an_advanced_ship(tmp_path: Path) -> None:
    ship = roll_ship(seed=4, systems=12)
    assert ship.rules == "advanced"
    (doc,) = load_text(ship.to_yaml(), "x.yaml")
    assert len(doc.data["systems"]) == 12


# --- the CLI ------------------------------------------------------------------------------


def test_roll_cli_default_seed_is_fixed(invoke: Any) -> None:
    r = invoke("roll", "space-cruisers")
    assert r.exit_code == 0
    assert r.stdout == MODELINE + SEED_1
    assert rolling.DEFAULT_SEED == 1


def test_roll_cli_options(invoke: Any, tmp_path: Path) -> None:
    out = tmp_path / "ship.yaml"
    r = invoke(
        "roll",
        "space-cruisers",
        "--seed",
        "12",
        "--fighters",
        "--name",
        "Bold's: Hope",
        "--systems",
        "5",
        "-o",
        out,
    )
    assert r.exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "name: 'Bold''s: Hope'" in text
    assert "--name 'Bold'\"'\"'s: Hope'" in text
    assert "  - cargo bay" in text
    assert invoke("validate", out).exit_code == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["starfire"], "starfire builds ships by design, not by rolling; roll knows: space-cruisers"),
        (["space-opera"], "unknown game 'space-opera'"),
        (["space-cruisers", "--hull", "fighter", "--systems", "4"], "at most 3 additional systems"),
        (["space-cruisers", "--systems", "-1"], "-1 is not in the range"),
        (["space-cruisers", "--hull", "dreadnought"], "dreadnought"),
    ],
)
def test_roll_cli_errors(invoke: Any, args: list[str], words: str) -> None:
    r = invoke("roll", *args)
    assert r.exit_code == 2
    assert words in r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr


@pytest.mark.parametrize("name", ["", " ", "   "])
def test_roll_refuses_an_empty_name_up_front(invoke: Any, tmp_path: Path, name: str) -> None:
    """A design needs a name (the loader's SCHEMA rule; ``import`` refuses the same way)."""
    out = tmp_path / "ship.yaml"
    r = invoke("roll", "space-cruisers", "--name", name, "-o", out)
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.strip() == "sheetgen: error: --name must not be empty: a design needs a name"
    assert not out.exists()


def test_roll_same_bytes_in_a_fresh_process() -> None:
    exe = Path(sys.executable).parent / "sheetgen"
    args = [str(exe), "roll", "space-cruisers", "--seed", "2024", "--hull", "commercial", "--systems", "4"]
    first = subprocess.run(args, capture_output=True, check=True).stdout
    second = subprocess.run(args, capture_output=True, check=True).stdout
    assert first == second
    assert first.decode() == MODELINE + roll_ship(seed=2024, hull="commercial", systems=4).to_yaml()


def test_rolled_file_starts_with_the_schema_line(invoke: Any, tmp_path: Path) -> None:
    """The YAML language server reads the schema beside the file (``sheetgen schema ... -o``)."""
    out = tmp_path / "ship.yaml"
    assert invoke("roll", "space-cruisers", "--seed", "1", "-o", out).exit_code == 0
    assert out.read_text(encoding="utf-8") == MODELINE + SEED_1
