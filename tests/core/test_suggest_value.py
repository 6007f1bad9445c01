""" "Did you mean" for mistyped values: one function (sheetgen.core.fields.suggest_value),
the same hint from ``sheetgen validate`` and from the designer's ``/api/check``, one fix per
problem."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sheetgen.core.fields import did_you_mean, suggest_value
from sheetgen.games import GAMES
from sheetgen.games.killradius.data import SHIP_TYPES
from sheetgen.games.spacecruisers import data as sc
from sheetgen.games.starfire import data as sf

Invoke = Callable[..., Any]


@pytest.mark.parametrize(
    ("typed", "known", "meant"),
    [
        ("LC", sf.HULLS, "CL"),  # two letters swapped
        ("ct", sf.HULLS, "CT"),  # case
        ("PT", sf.MUNITION_WEAPONS, "Pt"),
        ("P", sf.SYSTEMS, "Pt"),  # the start of one code only
        ("M", sf.SYSTEMS, "Mg"),
        ("W", sf.SYSTEMS, None),  # one edit from every one-letter code: no guess
        ("militray", sc.HULLS, "military"),
        ("Sheilds", sc.SYSTEMS, "shields"),
        ("lite carrier", [t.name for t in SHIP_TYPES], "light carrier"),
        ("Light-Carrier", [t.name for t in SHIP_TYPES], "light carrier"),
        ("starfre", list(GAMES), "starfire"),
        ("A4", ["letter", "a4"], "a4"),
        ("tractor beam", sc.SYSTEMS, None),
        ("", sf.HULLS, None),
        ("B", ["A"], None),  # one letter is no typo of another
        ("Player C", ["Player A", "Player B"], None),  # one edit from two: a tie, no guess
        ("Hamer", ["Hammer", "Anvil"], "Hammer"),
        (
            "starfre",
            [*GAMES, "fleet", "scenario"],
            "starfire",
        ),
    ],
)
def test_suggest_value(typed: str, known: Any, meant: str | None) -> None:
    assert suggest_value(typed, known) == meant
    assert did_you_mean(typed, known) == ("" if meant is None else f" (did you mean {meant}?)")


CASES = {
    "sf-hull": (
        "game: starfire\nname: A\nhull: LC\nsystems: SSAA(I)QLR\n",
        "[SF-1] unknown hull 'LC' (did you mean CL?)",
    ),
    "sf-munitions": (
        "game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {PT: 6}\n",
        "[SF-9] PT does not use munitions (did you mean Pt?)",
    ),
    "sf-system-p": (
        "game: starfire\nname: A\nhull: CT\nsystems: SSAP(I)QLR\n",
        "unknown system 'P' (did you mean Pt?)",
    ),
    "sf-system-m": (
        "game: starfire\nname: A\nhull: CT\nsystems: SSAM(I)QLR\n",
        "unknown system 'M' (did you mean Mg?)",
    ),
    "kr-type": (
        "game: kill-radius\nname: A\ntype: lite carrier\nnumber: 3\nfighters: 2\n",
        "[KR-1] 'lite carrier' (did you mean light carrier?) is not one of the text's ship types",
    ),
    "kr-fighters": (
        "game: kill-radius\nname: A\ntype: lite carrier\nnumber: 3\nfighters: 2\n",
        "[KR-5] 2 fighters on a 'lite carrier' (did you mean light carrier?)",
    ),
    "sc-hull": (
        "game: space-cruisers\nname: A\nhull: militray\n",
        "[SC-1] unknown hull 'militray' (did you mean military?)",
    ),
    "sc-system": (
        "game: space-cruisers\nname: A\nhull: military\nsystems: [Sheilds]\n",
        "[SC-6] unknown system 'Sheilds' (did you mean shields?)",
    ),
    "kh-weapon": (
        "game: knight-hawks-2000\nname: A\nrole: military\nhull_size: 1\nstructure_points: 60\nadf: 6\nmr: 5\n"
        "void_engines: 1\nweapons: [LQ]\ncrew: {total: 1}\n",
        "unknown weapon 'LQ' (did you mean ",
    ),
    "game": ("game: starfre\nname: A\n", "unknown game 'starfre' (did you mean starfire?)"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_says_did_you_mean(case: str, invoke: Invoke, write: Callable[[str, str], Path]) -> None:
    text, expected = CASES[case]
    result = invoke("validate", write("design.yaml", text))
    assert result.exit_code in (1, 2)
    assert expected in result.stdout + result.stderr


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from sheetgen.serve.app import create_app

    with TestClient(create_app(tmp_path_factory.mktemp("space"), hosts=["testserver"])) as c:
        yield c


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_designer_says_the_same(case: str, client: TestClient) -> None:
    text, expected = CASES[case]
    r = client.post("/api/check", content=text.encode())
    body = r.json()
    lines = [f"[{f['rule']}] {f['message']}" for f in body.get("findings", [])] + body.get("lines", [])
    assert any(expected in line for line in lines), lines


def test_one_fix_for_a_string_wrong_in_case_and_rooms(
    invoke: Invoke, write: Callable[[str, str], Path]
) -> None:
    """SF-1 (letter case) and SF-5 (drives outside rooms) once gave two different strings to
    write for ``SSAAi(I)(I)QLR``; now the SF-1 line gives the one string with both fixed."""
    result = invoke(
        "validate", write("design.yaml", "game: starfire\nname: A\nhull: CT\nsystems: SSAAi(I)(I)QLR\n")
    )
    lines = [line for line in result.stdout.splitlines() if "[SF-1]" in line or "[SF-5]" in line]
    assert "write 'SSAA(I)(I)(I)QLR'" in lines[0]
    assert [line.count("write") for line in lines] == [1, 0]


@pytest.mark.parametrize("command", ["reference", "new", "roll"])
def test_game_names_get_did_you_mean(command: str, invoke: Invoke) -> None:
    result = invoke(command, "starfre")
    assert result.exit_code == 2
    assert "unknown game 'starfre' (did you mean starfire?)" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["sheets", "{design}", "-o", "{out}/s.pdf"],
        ["counters", "{design}", "-o", "{out}/c.pdf"],
        ["reference", "starfire", "-o", "{out}/r.pdf"],
    ],
)
def test_paper_names_in_any_case(args: list[str], invoke: Invoke, tmp_path: Path) -> None:
    from tests.conftest import DESIGNS

    design = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
    filled = [a.format(design=design, out=tmp_path) for a in args]
    result = invoke(*filled, "--paper", "A4")
    assert result.exit_code == 0, result.stderr


def test_the_designer_takes_paper_names_in_any_case(client: TestClient) -> None:
    text = b"game: starfire\nname: A\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n"
    assert client.post("/api/sheet.html", params={"paper": "A4"}, content=text).status_code == 200
    r = client.post("/api/sheet.html", params={"paper": "a5"}, content=text)
    assert (
        r.status_code == 400 and r.json()["error"] == "sheetgen: error: unknown paper 'a5'; known: letter, a4"
    )


@pytest.mark.parametrize("free", ["strike carrier", "battle carrier", "escort", "picket"])
def test_a_kill_radius_name_of_ones_own_gets_no_guess(
    free: str, invoke: Invoke, write: Callable[[str, str], Path]
) -> None:
    result = invoke(
        "validate", write("design.yaml", f"game: kill-radius\nname: A\ntype: {free}\nnumber: 3\n")
    )
    assert result.exit_code == 0
    assert "not one of the text's ship types" in result.stdout
    assert "did you mean" not in result.stdout


def test_schema_names_get_did_you_mean(invoke: Invoke) -> None:
    result = invoke("schema", "starfre")
    assert result.exit_code == 2
    assert "no schema named 'starfre' (did you mean starfire?)" in result.stderr


def test_the_designer_says_did_you_mean_for_a_schema_name(client: TestClient) -> None:
    r = client.get("/api/schema/starfre")
    assert r.status_code == 404
    assert r.json()["error"].startswith("sheetgen: error: no schema named 'starfre' (did you mean starfire?)")
