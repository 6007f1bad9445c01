"""Messages quote what was typed: the real number, the first real problem only, what is wrong
with an option (the count of values, not decimal points), and a long text cut with ``...``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS

Invoke = Callable[..., Any]
ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"
LEGAL = "SSAA(I)(I)(I)QLR"  # the README's corvette: legal on a CT


def _errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if ": error [" in line]


@pytest.mark.parametrize(
    ("pasted", "said"),
    [
        (f"CT-[2]-{LEGAL}-[99999999999999999999999]", "speed 99999999999999999999999 is above"),
        (f"CT-[2]-{LEGAL}-[1000000001]", "speed 1000000001 is above"),
        (f"CT-[99999999999999999999]-{LEGAL}-[6]", "turn mode 99999999999999999999 stated"),
    ],
)
def test_import_quotes_the_number_pasted(invoke: Invoke, pasted: str, said: str) -> None:
    r = invoke("import", "starfire", pasted)
    assert said in r.stderr and "1000000000 " not in r.stderr


def test_validate_and_import_say_the_same_number(invoke: Invoke, tmp_path: Path) -> None:
    design = tmp_path / "fast.yaml"
    design.write_text(
        f"game: starfire\nname: Fast\nhull: CT\nsystems: {LEGAL}\nspeed: 99999999999999999999999\n",
        encoding="utf-8",
    )
    validated = _errors(invoke("validate", design).stdout)
    imported = _errors(invoke("import", "starfire", f"CT-[2]-{LEGAL}-[99999999999999999999999]").stderr)
    assert [v.split(": ", 1)[1] for v in validated] == [i.split(": ", 1)[1] for i in imported]


def test_a_refused_repeat_count_is_the_one_error(invoke: Invoke, tmp_path: Path) -> None:
    """The count refused adds no systems: no hull-space error counts 60 copies never written."""
    systems = "SSA999999999999xA(I)(I)(I)QLR"
    imported = _errors(invoke("import", "starfire", f"CT-[2]-{systems}-[6]").stderr)
    assert imported == ["notation:1:11: error [SF-1] repeat count 999999999999 must be from 1 to 60"]
    design = tmp_path / "many.yaml"
    design.write_text(f"game: starfire\nname: Many\nhull: CT\nsystems: {systems}\n", encoding="utf-8")
    validated = _errors(invoke("validate", design).stdout)
    assert [line.split(": ", 1)[1] for line in validated] == [
        "error [SF-1] repeat count 999999999999 must be from 1 to 60"
    ]


@pytest.mark.parametrize(
    ("offset", "said"),
    [
        ("1mm", "--back-offset '1mm' gives one length: write two, X,Y, e.g. 0.5mm,-1mm"),
        ("", "--back-offset '' gives no length: write two, X,Y"),
        ("1,2,3", "--back-offset '1,2,3' gives 3 values: write X,Y with decimal points and units"),
        ("1mm,2mm,3mm", "--back-offset '1mm,2mm,3mm' gives 3 values"),
    ],
)
@pytest.mark.parametrize("verb", ["counters", "kit"])
def test_back_offset_says_how_many_values_it_got(
    invoke: Invoke, tmp_path: Path, verb: str, offset: str, said: str
) -> None:
    args = [ARROW] if verb == "counters" else []
    out = tmp_path / ("c.pdf" if verb == "counters" else "kit")
    r = invoke(verb, *args, "--back-offset", offset, "-o", out)
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"sheetgen: error: {said}")
    assert list(tmp_path.iterdir()) == []


def test_explain_cuts_a_long_id(invoke: Invoke) -> None:
    r = invoke("explain", "x" * 102_400)
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        f"sheetgen explain: error: unknown rule id '{'x' * 40}'... (102,400 characters); "
        "see sheetgen explain --list"
    ]


def test_the_servers_ruling_cuts_a_long_id_too() -> None:
    from sheetgen.serve.service import Refusal, ruling

    with pytest.raises(Refusal) as refused:
        ruling("SF-" + "9" * 5000)
    assert refused.value.status == 404
    assert refused.value.lines == [
        f"sheetgen explain: error: unknown rule id 'SF-{'9' * 37}'... (5,003 characters); "
        "see sheetgen explain --list"
    ]


LONG = "y" * 5000
CUT = f"'{'y' * 40}'... (5,000 characters)"


@pytest.mark.parametrize(
    "args",
    [
        ["map", "--cols", LONG, "-o", "m.pdf"],
        ["map", "--numbering", LONG, "-o", "m.pdf"],
        ["map", "--paper", LONG, "-o", "m.pdf"],
        ["map", "--press-standard", LONG, "-o", "m.pdf"],
        ["counters", str(ARROW), "--markers", LONG, "-o", "c.pdf"],
        ["counters", str(ARROW), "--format", "png", "--dpi", LONG, "-o", "faces"],
        ["kit", "--map-paper", LONG, "-o", "kit"],
        ["schema", LONG],
        ["import", LONG, "CT-[2]-SSAA(I)(I)(I)QLR-[6]"],
    ],
    ids=lambda a: " ".join(x for x in a if x not in (LONG, str(ARROW))),
)
def test_a_long_option_value_is_echoed_cut(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    r = invoke(*args)
    assert r.exit_code == 2
    assert list(tmp_path.iterdir()) == []
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and CUT in lines[0] and len(lines[0]) < 300, lines
