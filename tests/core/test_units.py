"""One reading of lengths everywhere (issue 12): a decimal point, never a decimal comma."""

from __future__ import annotations

import pytest

from sheetgen.core.units import LengthError, parse_length

from tests.conftest import DESIGNS

FLEET = DESIGNS / "kill-radius" / "fleets" / "varn-raiders.yaml"


@pytest.mark.parametrize(
    ("text", "hint"), [("0,75in", "0.75in"), ("0,5mm", "0.5mm"), (",5 cm", "0.5cm"), ("1,25", "1.25")]
)
def test_a_decimal_comma_is_refused_with_the_decimal_point_spelling(text: str, hint: str) -> None:
    with pytest.raises(LengthError, match=f"a decimal comma; write a decimal point, {hint}$"):
        parse_length(text, default_unit="mm")
    assert parse_length(hint, default_unit="mm") > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["map", "--hex", "0,75in"],
            "--hex: not a length: '0,75in': a decimal comma; write a decimal point, 0.75in",
        ),
        (["counters", str(FLEET), "--bleed", "0,5mm"], "write a decimal point, 0.5mm"),
        (["counters", str(FLEET), "--size", "0,75in"], "write a decimal point, 0.75in"),
        (
            ["counters", str(FLEET), "--back-offset", "0,5mm"],
            "--back-offset '0,5mm' is ambiguous: write 0mm,5mm for two lengths, or 0.5mm,0mm for one",
        ),
        (["counters", str(FLEET), "--back-offset", "-1,5"], "write -1mm,5mm for two lengths, or -1.5mm,0mm"),
        (["counters", str(FLEET), "--back-offset", "0,5mm,1mm"], "write X,Y with decimal points"),
        (["counters", str(FLEET), "--back-offset", "1mm,0,5mm"], "write X,Y with decimal points"),
    ],
)
def test_the_command_line_refuses_a_decimal_comma_in_any_length(invoke, tmp_path, args, message) -> None:
    out = tmp_path / "out.pdf"
    r = invoke(*args, "-o", str(out))
    assert r.exit_code == 2, r.stderr
    assert message in r.stderr
    assert not out.exists()


@pytest.mark.parametrize("offset", ["0,0", "0mm,5mm", "0.5mm,0mm", "0,-5mm", "-1mm,0"])
def test_back_offsets_that_read_one_way_only_are_taken(invoke, tmp_path, offset) -> None:
    r = invoke("counters", str(FLEET), "--back-offset", offset, "-o", str(tmp_path / "c.pdf"))
    assert r.exit_code == 0, r.stderr


def test_a_scenario_hex_with_a_decimal_comma_is_refused(invoke, tmp_path) -> None:
    source = (DESIGNS / "kill-radius/scenarios/border-clash.yaml").read_text(encoding="utf-8")
    assert "hex: " in source
    lines = [
        line if not line.strip().startswith("hex:") else line.split("hex:")[0] + 'hex: "0,75in"'
        for line in source.splitlines()
    ]
    (tmp_path / "s.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = invoke("map", "--scenario", str(tmp_path / "s.yaml"), "-o", str(tmp_path / "m.pdf"))
    assert r.exit_code == 2, r.stdout + r.stderr
    assert "write a decimal point, 0.75in" in r.stdout + r.stderr
