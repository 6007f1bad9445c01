"""Names never break inside a word, on any record sheet of any game, on either paper, nor in
the briefing: a name breaks between its words (or after a hyphen), and a word too wide for
its room is printed smaller. Read back from each PDF's text layer (PDFium): every word of
every name is on one line, and no character runs past the page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen.render.briefing import render_briefing
from sheetgen.render.record_sheets import Ship, render_record_sheets
from sheetgen.scenarios.loading import load_designs
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS
from tests.every_game import every_game

#: A class of 95 characters with no break in it (it cut "Kestrel" to "Kestre" / "l").
UNBROKEN = "Q" * 95
#: A name with one word wider than any line at the name's size, among ordinary words.
LONG_WORD = "The " + "Wolverhampton" * 5 + " Vanguard of the Outer Marches"
HYPHENED = "Kestrel-class Zephyrine-Marauder escort"


def _base(game: str) -> Path:
    """The design of ``game`` to name: its smallest bundled ship (designs/<game id>/ships/,
    the fewest bytes: the sheet with the least else on it prints fastest)."""
    from sheetgen.games import find_game

    return min(sorted(find_game(game).files().designs.glob("ships/*.yaml")), key=lambda p: p.stat().st_size)


#: (name, class) of each ship printed for every game.
NAMED = [("Kestrel", UNBROKEN), (LONG_WORD, "Arrowhead"), ("Kestrel", HYPHENED), (UNBROKEN, LONG_WORD)]


def _named(text: str, name: str, design_class: str, game: str) -> str:
    text = re.sub(r"(?m)^name: .*$", f"name: {name}", text)
    text = re.sub(r"(?m)^class: .*\n", "", text)
    text += f"\nclass: {design_class}\n"
    if game == "kill-radius":
        text = re.sub(r"(?m)^type: .*$", f"type: {design_class}", text)
    return text


def _design_files(game: str, folder: Path) -> list[Path]:
    """A design of ``game`` for each of :data:`NAMED`, written in ``folder``."""
    source = _base(game).read_text(encoding="utf-8")
    paths = []
    for k, (name, design_class) in enumerate(NAMED):
        path = folder / f"{game}-{k}.yaml"
        path.write_text(_named(source, name, design_class, game), encoding="utf-8")
        paths.append(path)
    return paths


def _ships(game: str, folder: Path) -> list[Ship]:
    result = load_designs(_design_files(game, folder))
    assert not result.input_errors, [str(e) for e in result.input_errors]
    return [Ship(e.game, e.stats, e.findings) for e in result.entries]


def _page_texts(pdf: bytes) -> list[tuple[str, float, float]]:
    """Each page's text (PDFium, lines ended by CR LF), its width and the rightmost
    character's right edge (pt)."""
    import pypdfium2 as pdfium

    out = []
    document = pdfium.PdfDocument(pdf)
    try:
        for page in document:
            textpage = page.get_textpage()
            text = textpage.get_text_range().replace("\ufffe", "-")  # PDFium writes some hyphens so
            right = max(
                (textpage.get_charbox(k)[2] for k in range(len(text)) if not text[k].isspace()), default=0.0
            )
            out.append((text, page.get_width(), right))
    finally:
        document.close()
    return out


def _whole(word: str) -> re.Pattern[str]:
    """``word`` on one line, or broken only after one of its hyphens."""
    return re.compile(r"(?<!\S)" + r"-(?:\r\n)?".join(map(re.escape, word.split("-"))) + r"(?!\S)")


def _split(word: str) -> re.Pattern[str]:
    """``word`` with a line break somewhere inside it (not only after its hyphens)."""
    return re.compile("(?:\r\n)?".join(map(re.escape, word)))


def _broken(text: str, names: list[str]) -> list[str]:
    """The words of ``names`` not found whole in ``text``, or also found broken inside."""
    return [
        word
        for name in names
        for word in name.split()
        if not _whole(word).search(text)
        or any(
            "\r\n" in m.group() and not _whole(word).fullmatch(m.group()) for m in _split(word).finditer(text)
        )
    ]


def test_a_word_broken_across_lines_is_found() -> None:
    assert _broken("Kestre\r\nl QQ", ["Kestrel"]) == ["Kestrel"]
    assert _broken("Kestrel QQ\r\nKest\r\nrel", ["Kestrel"]) == ["Kestrel"]
    assert _broken("Kestrel-\r\nclass", ["Kestrel-class"]) == []
    assert _broken("x Kestrel\r\nescort", ["Kestrel escort"]) == []


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", every_game())
def test_names_on_record_sheets_are_whole(game: str, paper: str, tmp_path: Path) -> None:
    pdf = render_record_sheets(_ships(game, tmp_path), paper=paper).data
    pages = _page_texts(pdf)
    text = "\r\n".join(page for page, _, _ in pages)
    names = [n for pair in NAMED for n in pair]
    assert _broken(text, names) == []
    for _, width, right in pages:
        assert right <= width - 5 * 72 / 25.4  # inside the page's margin: shrunk, not run off


def test_names_in_the_briefing_are_whole(tmp_path: Path) -> None:
    ships = DESIGNS / "starfire" / "ships"
    scenario_name = "Battle of " + "Zanzibarquexolotl" * 4
    sides = [("Alpha " + "N" * 40, "Q" * 30 + " Wing"), ("Beta", "Intrepidity"), ("Gamma", "Unconquerable")]
    lines = [f"scenario: {scenario_name}", "game: starfire", "map: {cols: 20, rows: 20}", "sides:"]
    for side, ship in sides:
        lines.append(
            f"  - {{name: {side}, fleet: [{{design: {ships / 'corvette-arrow.yaml'}, names: [{ship}]}}]}}"
        )
    path = tmp_path / "long-names.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    scenario, result = load_scenario(path)
    assert scenario is not None, [str(x) for x in result.input_errors]
    pages = _page_texts(render_briefing(scenario, []).data)
    text = "\r\n".join(page for page, _, _ in pages)
    names = [scenario_name, *(n for pair in sides for n in pair)]
    assert _broken(text, names) == []
    for _, width, right in pages:
        assert right <= width - 5 * 72 / 25.4


@pytest.mark.parametrize("game", every_game())
def test_names_on_counters_are_whole(game: str, tmp_path: Path, invoke: Callable[..., Any]) -> None:
    """Counters break a name only at its spaces and print a long word small (ReportLab, not
    WeasyPrint): the same names, read back from the counter sheet."""
    paths = _design_files(game, tmp_path)
    out = tmp_path / "counters.pdf"
    result = invoke("counters", *paths, "-o", out)
    assert result.exit_code == 0, result.stderr
    text = "\r\n".join(page for page, _, _ in _page_texts(out.read_bytes()))
    assert _broken(text, [name for name, _ in NAMED]) == []


#: Crew names for the Knight Hawks crew table (its name column is 14.5em of text, fixed):
#: one word wider than the column, and long names of ordinary words.
CREW = [
    UNBROKEN[:40],
    "Flt. Lt. " + "Wolverhampton" * 2 + " Vane",
    "Commander Zephyrine-Marauder Alexandrovna",
]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_crew_names_on_knight_hawks_sheets_are_whole(paper: str, tmp_path: Path) -> None:
    """A crew member's name in the crew table breaks only between its words and shrinks to
    fit its column (the table's columns are set, so the name cannot widen them): read back
    whole and inside the page."""
    source = (DESIGNS / "knight-hawks-2000" / "ships" / "kestrel.yaml").read_text(encoding="utf-8")
    paths = []
    for k, name in enumerate(CREW):
        path = tmp_path / f"crew-{k}.yaml"
        path.write_text(re.sub(r"pilot: \{name: [^,]*,", f"pilot: {{name: {name},", source), encoding="utf-8")
        paths.append(path)
    result = load_designs(paths)
    assert not result.input_errors, [str(e) for e in result.input_errors]
    ships = [Ship(e.game, e.stats, e.findings) for e in result.entries]
    pages = _page_texts(render_record_sheets(ships, paper=paper).data)
    text = "\r\n".join(page for page, _, _ in pages)
    assert _broken(text, CREW) == []
    for _, width, right in pages:
        assert right <= width - 5 * 72 / 25.4
