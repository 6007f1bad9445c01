"""Knight Hawks design files: YAML read into designs, the input (SCHEMA) errors of wrong types and roles."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.scenarios.loading import load_designs

from tests.games.knighthawks import HEAD


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("weapons: HLC\n", "'weapons' must be a list of weapons, found the text 'HLC'"),
        ("weapons:\n  - {code: HLC, count: two}\n", "'count' must be a whole number, found the text 'two'"),
        ("weapons:\n  - {count: 2}\n", "weapon lacks the required key 'code'"),
        ("crew: {captain: {name: A, im: high}}\n", "'im' must be a whole number, found the text 'high'"),
        ("crew: {captain: {name: A, skills: {Leadership: -1}}}\n", "'skills.Leadership' must be at least 0"),
        ("crew: {navigator: {name: A}}\n", "unknown key 'navigator' in crew"),
        ("defences: {magnetic_shielding: 2}\n", "'magnetic_shielding' must be true or false"),
        ("linked: [{name: x}]\n", "linked group lacks the required key 'weapons'"),
        ("minelaying: [{mines: 3}]\n", "minelaying entry lacks the required key 'hex'"),
        ("warp: 3\n", "unknown key 'warp' in design"),
    ],
)
def test_wrong_types_are_input_errors(write: Callable[[str, str], Path], extra: str, message: str) -> None:
    result = load_designs([write("ship.yaml", HEAD + extra)])
    assert result.exit_code == 2
    assert any(message in str(x) for x in result.input_errors), [str(x) for x in result.input_errors]


def test_role_must_be_one_of_four(write: Callable[[str, str], Path]) -> None:
    result = load_designs([write("ship.yaml", HEAD.replace("role: military", "role: pirate"))])
    (err,) = result.input_errors
    assert str(err).endswith(
        ":3:7: error [SCHEMA] 'role' must be one of military, paramilitary, criminal, civilian; found 'pirate'"
    )


# Bounds (issue 12): every count and size has a top the game and its sheets can use; past it the design
# is unusable input (exit 2): one located SCHEMA line, never a traceback.
# The tops come from seed 002 where it gives one (ADF and MR 30: WEAPONS, Seeker Missiles and Torpedos,
# line 169 and 179; the text's largest ship is HS 25 with 2,500 SP: RAMMING, line 243) and are the
# project's choice (data.MAX_*) where it is silent.
_BIG = "100000000000000000000000"  # 10^23


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ("structure_points: 600", "structure_points: 500000000001", "5:19", "[SCHEMA] structure points"),
        ("hull_size: 6", "hull_size: 101", "4:12", "[SCHEMA] hull size 101 is more than the 100"),
        ("adf: 3", "adf: 31", "6:6", "[SCHEMA] ADF 31 is more than the 30"),
        ("mr: 3", "mr: 31", "7:5", "[SCHEMA] MR 31 is more than the 30"),
        ("void_engines: 1", "void_engines: 2000", "8:15", "[SCHEMA] void engines 2,000 is more than the 20"),
        ("void_engines: 1", f"void_engines: -{_BIG}", "8:15", "[SCHEMA] void engines -100,000,000,000"),
        ("sensors: [radar]", "sensors: [" + ", ".join(["radar"] * 21) + "]", "9:10", "[SCHEMA] sensors 21"),
    ],
)
def test_sizes_past_their_bound_are_refused(
    write: Callable[[str, str], Path], old: str, new: str, where: str, message: str
) -> None:
    path = write("ship.yaml", HEAD.replace(old, new))
    result = load_designs([path])
    assert result.exit_code == 2
    (err,) = result.input_errors
    assert f"ship.yaml:{where}: error {message}" in str(err), str(err)


@pytest.mark.parametrize(
    ("extra", "where", "message"),
    [
        (f"weapons:\n  - {{code: HLC, count: {_BIG}}}\n", "11:24", "[SCHEMA] weapon count 100,000,000,000"),
        ("weapons:\n" + "  - {code: HLC, count: 40}\n" * 3, "11:3", "[SCHEMA] weapons carried in all 120"),
        ("weapons:\n" + "  - HLC\n" * 41, "11:3", "[SCHEMA] weapon lines 41 is more than the 40"),
        ("weapons:\n  - {code: SM, count: 1, ordnance: 1001}\n", "11:36", "[SCHEMA] ordnance 1,001"),
        ("defences: {icm: 101}\n", "10:17", "[SCHEMA] ICM salvos 101 is more than the 100"),
        ("defences: {abm: 101}\n", "10:17", "[SCHEMA] ABM salvos 101"),
        ("computers: {systems: [" + ", ".join(["x"] * 21) + "]}\n", "10:22", "[SCHEMA] system computers 21"),
        ("crew: {total: 10001}\n", "10:15", "[SCHEMA] crew total 10,001 is more than the 10,000"),
        ("crew: {captain: {im: 21}}\n", "10:22", "[SCHEMA] IM 21"),
        ("crew: {pilot: {dex: 101}}\n", "10:21", "[SCHEMA] DEX 101 is more than the 100"),
        ("crew: {pilot: {skills: {Pilot: 11}}}\n", "10:32", "[SCHEMA] Pilot level 11"),
        ("linked:\n  - {weapons: {HLC: 101}}\n", "11:21", "[SCHEMA] linked HLC count 101"),
        (
            "weapons: [{code: mines, ordnance: 10}]\nminelaying:\n  - {hex: '0101', mines: 1, level: 100}\n",
            "12:36",
            "[SCHEMA] grid level 100",
        ),
    ],
)
def test_counts_past_their_bound_are_refused(
    write: Callable[[str, str], Path], extra: str, where: str, message: str
) -> None:
    result = load_designs([write("ship.yaml", HEAD + extra)])
    assert result.exit_code == 2
    assert any(f"ship.yaml:{where}: error {message}" in str(x) for x in result.input_errors), [
        str(x) for x in result.input_errors
    ]


def test_the_bounds_themselves_are_allowed(write: Callable[[str, str], Path]) -> None:
    from sheetgen.games.knighthawks import data

    text = (
        HEAD.replace("hull_size: 6", f"hull_size: {data.MAX_HULL_SIZE}")
        .replace("structure_points: 600", f"structure_points: {data.MAX_STRUCTURE_POINTS}")
        .replace("adf: 3", f"adf: {data.MAX_ADF}")
        .replace("mr: 3", f"mr: {data.MAX_MR}")
        .replace("void_engines: 1", f"void_engines: {data.MAX_VOID_ENGINES}")
    )
    result = load_designs([write("ship.yaml", text)])
    assert not result.input_errors, [str(x) for x in result.input_errors]


def test_the_guide_lists_every_bound_as_the_data_gives_it() -> None:
    """docs/knight-hawks-2000.md's table of bounds is held to data.MAX_*."""
    from pathlib import Path

    from sheetgen.games.knighthawks import data

    guide = (Path(__file__).resolve().parents[3] / "docs" / "knight-hawks-2000.md").read_text(
        encoding="utf-8"
    )
    rows = {
        line.split("|")[1].strip(): line.split("|")[2].strip()
        for line in guide.splitlines()
        if line.startswith("| ") and line.count("|") == 4
    }
    assert rows["hull size"] == f"{data.MAX_HULL_SIZE:,}"
    assert rows["structure points"] == f"{data.MAX_STRUCTURE_POINTS:,}"
    assert rows["ADF, MR"] == f"{data.MAX_ADF}" == f"{data.MAX_MR}"
    assert rows["void engines"] == f"{data.MAX_VOID_ENGINES}"
    assert rows["weapon lines / weapons in all"] == f"{data.MAX_WEAPON_LINES} / {data.MAX_WEAPONS}"
    assert rows["linked groups"] == f"{data.MAX_LINKED_GROUPS}"
    assert rows["ordnance on one line"] == f"{data.MAX_ORDNANCE:,}"
    assert rows["ICM or ABM salvos"] == f"{data.MAX_SALVOS}"
    assert (
        rows["sensors, system computers"] == f"{data.MAX_SENSORS} each" == f"{data.MAX_SYSTEM_COMPUTERS} each"
    )
    assert rows["crew total"] == f"{data.MAX_CREW:,}"
    assert rows["named gunners"] == f"{data.MAX_GUNNERS}"
    assert rows["skill level / skills a person"] == f"{data.MAX_SKILL_LEVEL} / {data.MAX_SKILLS}"
    assert rows["STR, DEX"] == f"{data.MAX_ABILITY}"
    assert rows["IM"] == f"{data.MAX_IM}"
    assert rows["minelaying entries"] == f"{data.MAX_MINE_DROPS}"
    assert rows["grid level of a mine"] == f"±{data.MAX_LEVEL}"


def test_key_in_another_case_says_the_key_meant(write: Callable[[str, str], Path]) -> None:
    """``ADF:`` is ``adf`` in another case: one line says so, not also "lacks 'adf'"."""
    path = write("d.yaml", HEAD.replace("adf: 3", "ADF: 3"))
    result = load_designs([path])
    assert result.exit_code == 2
    assert [str(loc) for loc in result.input_errors] == [
        f"{path}:6:1: error [SCHEMA] unknown key 'ADF' in design; did you mean 'adf'?"
    ]
