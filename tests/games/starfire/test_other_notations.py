"""Other Starfires' notations and letter-case slips on import (issue 29).

A Galactic Starfire string (``Rbx6``, ``(IaIa)``) gave 68 error lines, exit 1, and still
wrote its YAML, never naming the notation; an older Starfire string (turn mode and speed
as ``(2) ... (6)``) likewise. Each is now one line naming the notation, exit 2, nothing
written. A string whose only slip is letter case exited 1 though the YAML it wrote was
legal (the browser's import fixed it silently): now fixed, said once as a note, exit 0."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.core.findings import InputError
from sheetgen.games.starfire import GAME
from sheetgen.games.starfire.data import HULLS, SYSTEMS
from sheetgen.games.starfire.notation import other_notation

QUICK_START = "Solar Starfire Quick Start strings such as CT-[2]-SSAA(I)(I)(I)QLR-[6]"


@pytest.mark.parametrize(
    ("pasted", "line"),
    [
        (
            "CL-[2]-SSRbx6(IaIa)(IaIa)HsHsQ",
            f"notation:1:10: error [SF-1] this is Galactic Starfire notation ('Rb'); sheetgen reads {QUICK_START}",
        ),
        (
            "CT-(IaIa)(IaIa)SSQ",
            f"notation:1:5: error [SF-1] this is Galactic Starfire notation ('Ia'); sheetgen reads {QUICK_START}",
        ),
        (
            "(2) SSAIIIFIII (6)",
            "notation:1:1: error [SF-1] this is older Starfire notation (the turn mode or speed as (2));"
            f" sheetgen reads {QUICK_START}",
        ),
        (
            "SSAIIIFIII (6)",
            "notation:1:12: error [SF-1] this is older Starfire notation (the turn mode or speed as (6));"
            f" sheetgen reads {QUICK_START}",
        ),
    ],
)
def test_another_starfires_notation_is_named_in_one_line_and_nothing_is_written(
    invoke, tmp_path: Path, pasted: str, line: str
) -> None:
    out = tmp_path / "d.yaml"
    r = invoke("import", "starfire", pasted, "-o", str(out))
    assert r.exit_code == 2
    assert r.stderr.strip() == line
    assert r.stdout == "" and not out.exists()


@pytest.mark.parametrize(
    ("pasted", "column"),
    [
        ("ct-[2]-ssaa(i)(i)(i)qlr-[6]", 1),
        ("CT-[2]-ssaa(i)(i)(i)qlr-[6]", 8),
        ("ct-[2]-SSAA(I)(I)(I)QLR-[6]", 1),
        ("CT-[2]-SSaa(I)(I)(I)QLR-[6]", 10),
    ],
)
def test_a_letter_case_slip_is_fixed_and_said_once(invoke, tmp_path: Path, pasted: str, column: int) -> None:
    out = tmp_path / "d.yaml"
    r = invoke("import", "starfire", pasted, "-o", str(out))
    assert r.exit_code == 0, r.stderr
    case_lines = [line for line in r.stderr.splitlines() if "letter case" in line]
    assert case_lines == [
        f"notation:1:{column}: note [SF-1] letter case fixed: read as 'CT-[2]-SSAA(I)(I)(I)QLR-[6]'"
        " (hull and system codes are capitals, Mg and Pt capitalised)"
    ]
    assert "error" not in r.stderr
    assert "systems: SSAA(I)(I)(I)QLR\n" in out.read_text()
    assert invoke("validate", str(out)).exit_code == 0


def test_the_browsers_import_reads_the_same_function() -> None:
    mapping, findings = GAME.import_notation("ct-ssaa(i)(i)(i)qlr", "A")
    assert mapping["systems"] == "SSAA(I)(I)(I)QLR"
    assert not any(f.is_error for f in findings)
    with pytest.raises(InputError) as caught:
        GAME.import_notation("CT-SSRbx6(IaIa)Q", "A")
    (only,) = caught.value.findings
    assert only.message.startswith("this is Galactic Starfire notation")


#: Quick Start pieces a pasted string is made of, as players write them.
_PIECES = st.sampled_from([*SYSTEMS, "(I)", "(II)", "+", "x2", "3x", "(2xA)", " "])


@settings(max_examples=300)
@given(st.sampled_from(sorted(HULLS)), st.lists(_PIECES, min_size=1, max_size=20), st.booleans())
def test_quick_start_strings_are_never_taken_for_another_notation(
    hull: str, pieces: list[str], lower: bool
) -> None:
    text = f"{hull}-[2]-{''.join(pieces)}-[6]"
    if lower:
        text = text.lower()
    assert other_notation(text) is None
    try:
        GAME.import_notation(text, "A")
    except InputError as exc:
        assert all(f.rule in ("SF-1", "SCHEMA") for f in exc.findings)


@settings(max_examples=300)
@given(st.text(alphabet="CTLSAIRbaHsQxy()[]-0123456789 +*×", max_size=40))
def test_any_pasted_text_is_read_or_refused_never_a_crash(text: str) -> None:
    try:
        GAME.import_notation(text, "A")
    except InputError as exc:
        assert exc.findings


@pytest.mark.parametrize("pasted", ["CT-60x60x60x60xA", "CT-(60x(60x(60x(60xA))))"])
def test_nested_repeats_are_measured_before_they_are_written_out(invoke, tmp_path: Path, pasted: str) -> None:
    """``60x`` four deep is 12,960,000 systems: it took gigabytes and ended in a MemoryError."""
    out = tmp_path / "d.yaml"
    r = invoke("import", "starfire", pasted, "-o", str(out))
    assert r.exit_code == 2
    assert r.stderr.strip().endswith(
        "error [SF-1] the repeats write out 3,600 systems or more; a system string holds at most 1,000"
    )
    assert r.stderr.count("\n") == 1 and not out.exists()


def test_nested_repeats_in_a_design_file_are_one_line(invoke, write) -> None:
    p = write("d.yaml", 'game: starfire\nname: A\nhull: CT\nsystems: "SS(60x(60x(60x(60xA))))(I)Q"\n')
    r = invoke("validate", str(p))
    assert r.exit_code == 1
    assert r.stdout.count("the repeats write out") == 1


def test_a_pasted_text_is_measured_before_it_is_read(invoke) -> None:
    r = invoke("import", "starfire", "CT-" + "60xA" * 30_000)
    assert r.exit_code == 2
    assert r.stderr.strip() == (
        "notation:1:1: error [SCHEMA] the pasted text is 120,003 characters long; at most 10,000 are read"
        " (a design's system string holds 1,000)"
    )
