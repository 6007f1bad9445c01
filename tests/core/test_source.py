"""Loading YAML with positions: every node keeps its line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.core.findings import Char, Key, error
from sheetgen.core.source import (
    MAX_BYTES,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    SourceError,
    load_bytes,
    load_file,
    load_text,
)

from tests.conftest import DESIGNS


def test_positions_are_one_based_line_and_column() -> None:
    (doc,) = load_text("game: starfire\nname: Arrow\nsystems: SSAA(I)\n", "f.yaml")
    assert doc.position(("systems",)) == (3, 10)
    assert doc.position(("name",)) == (2, 7)
    assert doc.position(()) == (1, 1)


def test_char_offset_moves_into_plain_and_quoted_strings() -> None:
    (doc,) = load_text('a: SSAA(I)\nb: "SSAA(I)"\n', "f.yaml")
    # the '(' is the 5th character (offset 4)
    assert doc.position(("a", Char(4))) == (1, 8)
    assert doc.position(("b", Char(4))) == (2, 9)  # one more for the opening quote


def test_key_position_and_missing_path_falls_back_to_parent() -> None:
    (doc,) = load_text("ship:\n  speed: 4\n", "f.yaml")
    assert doc.position(("ship", Key("speed"))) == (2, 3)
    assert doc.position(("ship", "speed")) == (2, 10)
    assert doc.position(("ship", "nothing", 3)) == doc.position(("ship",))


def test_list_items_have_positions() -> None:
    (doc,) = load_text("- {name: a}\n- name: b\n  hull: CT\n", "f.yaml")
    assert doc.position((1, "hull")) == (3, 9)


def test_locate_formats_file_line_col() -> None:
    (doc,) = load_text("hull: BB\n", "ships/x.yaml")
    loc = doc.locate(error("SF-1", "unknown hull 'BB'", ("hull",)))
    assert str(loc) == "ships/x.yaml:1:7: error [SF-1] unknown hull 'BB'"


def test_several_documents_and_empty_ones_skipped() -> None:
    docs = load_text("a: 1\n---\n---\nb: 2\n", "f.yaml")
    assert [d.data for d in docs] == [{"a": 1}, {"b": 2}]
    assert docs[1].position(("b",)) == (4, 4)


def test_syntax_error_reports_position() -> None:
    with pytest.raises(SourceError) as info:
        load_text("name: Arrow\nsystems: [SSAA\nhull: CT\n", "bad.yaml")
    (loc,) = info.value.located
    assert loc.source == "bad.yaml"
    assert loc.finding.rule == "YAML"
    assert loc.line >= 2
    assert str(loc).startswith(f"bad.yaml:{loc.line}:{loc.column}: error [YAML] YAML syntax")


def test_duplicate_key_is_an_error_at_the_second_key() -> None:
    with pytest.raises(SourceError) as info:
        load_text("name: a\nhull: CT\nname: b\n", "d.yaml")
    assert str(info.value) == "d.yaml:3:1: error [YAML] duplicate key 'name'"


def test_alias_bomb_is_refused() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 8):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    with pytest.raises(SourceError) as info:
        load_text("\n".join(lines) + "\n", "bomb.yaml")
    assert "nodes" in str(info.value)


def test_missing_empty_large_and_binary_files(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match=r"nope\.yaml:1:1: error \[FILE\] no such file"):
        load_file(tmp_path / "nope.yaml", source="nope.yaml")
    empty = tmp_path / "empty.yaml"
    empty.write_text("# only a comment\n")
    with pytest.raises(SourceError, match=r"\[FILE\] file is empty"):
        load_file(empty)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# padding\n" * (5 * 1024 * 1024 // 10))
    assert big.stat().st_size > MAX_BYTES
    with pytest.raises(
        SourceError, match=r"\[FILE\] file is 5\.2 MB; design and scenario files are limited to 2\.1 MB"
    ):
        load_file(big)
    binary = tmp_path / "ship.yaml"
    binary.write_bytes(b"name: \xff\xfe\n")
    with pytest.raises(SourceError, match=r"ship\.yaml:1:7: error \[FILE\] not UTF-8 text \(byte 0xff\)"):
        load_file(binary)
    with pytest.raises(SourceError, match=r"is a folder"):
        load_file(tmp_path)


@pytest.mark.parametrize(
    "raw",
    [b"# only a comment\n", b"# padding\n" * (5 * 1024 * 1024 // 10), b"name: \xff\xfe\n", b"name: a\x00\n"],
)
def test_bytes_not_yet_saved_are_refused_as_the_file_would_be(tmp_path: Path, raw: bytes) -> None:
    """load_bytes (sheetgen serve's unsaved scenario text) says what load_file says of the same file."""
    path = tmp_path / "ship.yaml"
    path.write_bytes(raw)
    with pytest.raises(SourceError) as from_file:
        load_file(path, source="ship.yaml")
    with pytest.raises(SourceError) as from_bytes:
        load_bytes(raw, source="ship.yaml")
    assert [str(loc) for loc in from_bytes.value.located] == [str(loc) for loc in from_file.value.located]
    assert load_bytes(b"name: A\n", source="a.yaml")[0].data == {"name": "A"}


@pytest.mark.parametrize(
    "number",
    ["9" * 5000, "-" + "9" * 101, "0x" + "f" * 4400, ":".join(["59"] * 2000), "1_" + "0" * 150],
)
def test_an_integer_of_too_many_digits_is_one_located_schema_error(number: str) -> None:
    # Python refuses to print an integer of more than 4,300 digits; the reader bounds them first
    with pytest.raises(SourceError) as exc:
        load_text(f"name: x\nspeed: {number}\n", "d.yaml")
    assert str(exc.value).startswith("d.yaml:2:8: error [SCHEMA] an integer of ")
    assert f"at most {MAX_INT_DIGITS} digits" in str(exc.value)
    with pytest.raises(SourceError, match=r"^d\.yaml:1:1: error \[SCHEMA\] an integer"):
        load_text(f"{number[:500]}: 1\n", "d.yaml")  # a key too (YAML keys stop at 1,024 characters)


def test_an_integer_of_the_bound_is_read() -> None:
    (doc,) = load_text(f"a: {'9' * MAX_INT_DIGITS}\nb: 0x{'f' * MAX_INT_DIGITS}\n", "d.yaml")
    assert doc.data["a"] == int("9" * MAX_INT_DIGITS)


def test_nesting_deeper_than_the_bound_is_one_located_schema_error() -> None:
    deep = "[" * 600 + "]" * 600
    with pytest.raises(SourceError) as exc:
        load_text(f"name: x\nlist: {deep}\n", "d.yaml")
    assert str(exc.value) == (
        f"d.yaml:2:{7 + MAX_DEPTH}: error [SCHEMA] lists and mappings nested more than {MAX_DEPTH} deep; refusing"
    )
    (doc,) = load_text("a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1), "d.yaml")  # at the bound
    assert doc.marks[("a",) + (0,) * (MAX_DEPTH - 2)].line == 1
    with pytest.raises(SourceError, match="nested more than"):
        load_text(
            "a:\n" + "".join(f"{'  ' * i}b{i}:\n" for i in range(1, 80)) + "  " * 80 + "c: 1\n", "d.yaml"
        )


@pytest.mark.parametrize(
    ("text", "where"),
    [("a: 1\nb: x\x01y\n", "2:5"), ("é: ü\nc: \x02\n", "2:4"), ("a: 1\r\nb: \x07\n", "2:4"), ("\x03", "1:1")],
)
def test_a_control_character_is_placed_at_its_own_line_and_column(text: str, where: str) -> None:
    with pytest.raises(SourceError) as exc:
        load_text(text, "d.yaml")
    assert str(exc.value).startswith(f"d.yaml:{where}: error [YAML] YAML: unacceptable character #x000")
    assert "position" not in str(exc.value)


def test_a_control_byte_in_a_file_is_placed_on_its_line(tmp_path: Path) -> None:
    p = tmp_path / "d.yaml"
    p.write_bytes(b"# a comment\nname: a\x01b\n")
    with pytest.raises(SourceError, match=r"d\.yaml:2:8: error \[YAML\] YAML: unacceptable character #x0001"):
        load_file(p)


@pytest.mark.parametrize(
    ("escape", "code"),
    [
        (r"\v", "000B"),
        (r"\x01", "0001"),
        (r"\r", "000D"),
        (r"\x85", "0085"),
        (r"\x9b", "009B"),
        (r"\uffff", "FFFF"),
    ],
)
def test_an_escaped_control_character_in_text_is_one_located_schema_error(escape: str, code: str) -> None:
    """Issue 12: YAML lets a double-quoted escape carry a control character no output can
    hold (SVG's XML refuses them): refused where it is read, at the value."""
    with pytest.raises(SourceError) as exc:
        load_text(f'a: 1\nname: "Bad{escape}Name"\n', "d.yaml")
    assert str(exc.value) == (
        f"d.yaml:2:7: error [SCHEMA] text holds the control character U+{code} at character 4, "
        "which no output (SVG, PDF, HTML) can carry; delete it"
    )
    with pytest.raises(SourceError, match=r"d\.yaml:1:1: error \[SCHEMA\]"):
        load_text(f'"k{escape}": 1\n', "d.yaml")


def test_tab_newline_and_printable_text_are_read() -> None:
    (doc,) = load_text('name: "a\\tb\\nc é — \\u00a0d"\n', "d.yaml")
    assert doc.data == {"name": "a\tb\nc é — \u00a0d"}


@pytest.mark.parametrize("command", [["validate"], ["counters", "-o", "x.svg"]])
def test_a_vertical_tab_in_a_name_exits_2_from_the_command_line(invoke, tmp_path, command) -> None:
    source = (DESIGNS / "kill-radius/fleets/varn-raiders.yaml").read_text(encoding="utf-8")
    assert "name: Tyrant" in source
    design = tmp_path / "vt.yaml"
    design.write_text(source.replace("name: Tyrant", 'name: "Pasted\\vTyrant"'), encoding="utf-8")
    args = [c if c != "x.svg" else str(tmp_path / "x.svg") for c in command]
    r = invoke(args[0], str(design), *args[1:])
    assert r.exit_code == 2, r.stdout + r.stderr
    assert (
        "vt.yaml:7:11: error [SCHEMA] text holds the control character U+000B at character 7"
        in r.stdout + r.stderr
    )
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize("char", ["\u202e", "\u202a", "\u2066", "\u2069"])
def test_bidirectional_overrides_are_refused_as_control_characters(char: str) -> None:
    """U+202E and its kin reorder what prints after them (a name would print "live" for
    "evil"); a right-to-left name needs none of them, so the reader refuses them."""
    with pytest.raises(SourceError) as caught:
        load_text(f'name: "שלום {char} evil"\n', "d.yaml")
    (located,) = caught.value.located
    assert located.finding.rule == "SCHEMA" and f"U+{ord(char):04X}" in located.finding.message
    (doc,) = load_text('name: "שלום evil"\n', "d.yaml")  # plain right-to-left text is read as written
    assert doc.data == {"name": "שלום evil"}


@pytest.mark.parametrize("char", ["\u2028", "\u2029"])
def test_line_and_paragraph_separators_are_refused(invoke, tmp_path, char: str) -> None:
    """U+2028 and U+2029 are line breaks no bundled font has: in a name they split a record
    sheet's header line in two around an empty box. The reader refuses them as it refuses
    a vertical tab, on their line, exit 2."""
    with pytest.raises(SourceError) as caught:
        load_text(f'name: "Line{char}Separator"\n', "d.yaml")
    (located,) = caught.value.located
    assert located.finding.rule == "SCHEMA" and f"U+{ord(char):04X}" in located.finding.message
    design = tmp_path / "ls.yaml"
    design.write_text(
        f'game: starfire\nname: Arrow\nclass: "Para\\u{ord(char):04x}class"\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n',
        encoding="utf-8",
    )
    r = invoke("sheets", str(design), "-o", str(tmp_path / "ls.pdf"))
    assert r.exit_code == 2, r.stdout + r.stderr
    assert (
        f"ls.yaml:3:8: error [SCHEMA] text holds the control character U+{ord(char):04X}"
        in r.stdout + r.stderr
    )
    assert not (tmp_path / "ls.pdf").exists()
