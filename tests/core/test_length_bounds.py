"""One length reader, one refusal (issue 29): a fraction over zero, a negative, zero, an
absurd or overlong length is one clear line from :func:`parse_length` wherever a length is
read (the command line's options and a scenario's ``map: hex:``), never a traceback."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sheetgen.core.units import MAX_LENGTH, LengthError, parse_length

from tests.conftest import DESIGNS

FLEET = DESIGNS / "kill-radius" / "fleets" / "varn-raiders.yaml"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1/0in", "length '1/0in' divides by zero"),
        ("0/0mm", "length '0/0mm' divides by zero"),
        ("-1in", "length '-1in' must be more than zero"),
        ("0in", "length '0in' must be more than zero"),
        ("101in", "length '101in' is longer than the most sheetgen reads, 100in"),
        ("99999999999999999999mm", "is longer than the most sheetgen reads, 2540mm"),
        ("nan", "not a length: 'nan'"),
        ("inf in", "not a length: 'inf in'"),
        ("1e400in", "not a length: '1e400in'"),
        ("9" * 5000 + "in", "is 5,002 characters long"),
    ],
)
def test_a_length_that_is_no_size_is_one_refusal(text: str, message: str) -> None:
    with pytest.raises(LengthError) as caught:
        parse_length(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_offsets_and_bleeds_may_be_zero_or_signed_when_asked() -> None:
    assert parse_length("0mm", zero=True) == 0.0
    assert parse_length("-1in", signed=True) == -72.0
    with pytest.raises(LengthError, match="must be zero or more"):
        parse_length("-1mm", zero=True)
    with pytest.raises(LengthError, match="divides by zero"):
        parse_length("-1/0mm", signed=True)


@settings(max_examples=300)
@given(st.text(alphabet='0123456789./ -+,inmcptfe"\x00\n', max_size=30))
@example('0/\n1"')  # a line break inside a fraction was a ValueError traceback
@example("1/\n2in")
def test_any_text_is_a_length_within_bounds_or_one_refusal(text: str) -> None:
    try:
        points = parse_length(text, signed=True, zero=True)
    except LengthError as exc:
        assert "\n" not in str(exc).replace(repr(text), "")
        return
    assert math.isfinite(points) and abs(points) <= MAX_LENGTH


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["counters", str(FLEET), "--size", "1/0in"],
            "sheetgen: error: --size: length '1/0in' divides by zero",
        ),
        (
            ["counters", str(FLEET), "--bleed", "1/0in"],
            "sheetgen: error: --bleed: length '1/0in' divides by zero",
        ),
        (
            ["counters", str(FLEET), "--gutter", "1/0in"],
            "sheetgen: error: --gutter: length '1/0in' divides by zero",
        ),
        (
            ["counters", str(FLEET), "--back-offset", "1/0mm,0"],
            "sheetgen: error: --back-offset: length '1/0mm' divides by zero",
        ),
        (
            ["counters", str(FLEET), "--bleed", "-1mm"],
            "sheetgen: error: --bleed: length '-1mm' must be zero or more",
        ),
        (
            ["counters", str(FLEET), "--size", "5000in"],
            "sheetgen: error: --size: length '5000in' is longer than the most sheetgen reads, 100in",
        ),
        (["map", "--hex", "1/0in"], "sheetgen: error: --hex: length '1/0in' divides by zero"),
        (["map", "--hex", "-2cm"], "sheetgen: error: --hex: length '-2cm' must be more than zero"),
    ],
)
def test_the_command_line_refuses_each_length_in_one_line(invoke, tmp_path: Path, args, line) -> None:
    out = tmp_path / "out.pdf"
    r = invoke(*args, "-o", str(out))
    assert r.exit_code == 2, r.stderr
    assert r.stderr.strip() == line
    assert not out.exists()


@pytest.mark.parametrize("verb", ["validate", "map", "kit"])
def test_a_scenario_hex_over_zero_is_one_line(invoke, write, tmp_path: Path, verb: str) -> None:
    p = write(
        "s.yaml", "scenario: Zero\ngame: starfire\nmap:\n  hex: 1/0in\nsides:\n  - name: A\n    fleet: []\n"
    )
    args = {"validate": [str(p)], "map": ["--scenario", str(p), "-o", str(tmp_path / "m.pdf")]}.get(
        verb, [str(p), "-o", str(tmp_path / "kit")]
    )
    r = invoke(verb, *args)
    assert r.exit_code == 2, r.stdout + r.stderr
    out = (r.stdout + r.stderr).strip().splitlines()
    assert f"{p}:4:8: error [SCHEMA] 'hex': length '1/0in' divides by zero" in out
    assert "Traceback" not in r.stdout + r.stderr
