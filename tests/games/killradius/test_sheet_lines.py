"""The Kill Radius Number track and logs set as lines of text over one drawing each (issue 28):
a ship's track is a block of a line a row (zone labels, Numbers, MP and FC, a carrier's roll
and hold), not a table of a cell a Number, and the damage and vector logs' headings and rows
are lines, not cells; read back from the PDF each text still prints in its cell or column."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest

from sheetgen.games import find_game
from sheetgen.games.killradius.sheet import LOG_COLUMNS_MM, TRACK_CELL_MM, fighter_sheet
from sheetgen.render.record_sheets import Ship, design_record_sheets, record_sheets_html
from sheetgen.scenarios.loading import load_designs

from tests.render.sheet_readback import design_paths

GAME = "kill-radius"
DESIGNS = Path(__file__).resolve().parents[3] / "designs" / GAME
#: Where a ship block's content starts on the page: the 10 mm margin, the 0.4 mm frame and
#: the 3 mm padding (mm).
BLOCK_LEFT = 13.4
PT = 25.4 / 72


def _tracks(html: str) -> list[str]:
    return re.findall(r'<div class="track cells-\d+ t[0-9a-f]+">.*?</div></div>', html, flags=re.S)


def test_the_track_is_a_line_a_row() -> None:
    entries = load_designs(design_paths(GAME), only_game=GAME).entries
    ships = [Ship(find_game(GAME), e.stats, e.findings) for e in entries]
    html = "".join(record_sheets_html(ships, paper="letter"))
    tracks = _tracks(html)
    assert len(tracks) == sum(1 for e in entries if e.stats.number_track)
    for track in tracks:
        assert "<table" not in track and "<td" not in track
        # the block, its zone labels, Numbers, MP and FC and (a carrier) roll and hold; a span
        # for the destroyed cell's white Number and text
        assert len(re.findall(r"<div", track)) <= 5
        assert len(re.findall(r"<span", track)) <= 2
    # each track's drawing is a rule of the document, once for alike tracks
    for key in set(re.findall(r'class="track cells-\d+ (t[0-9a-f]+)"', html)):
        assert html.count(f".track.{key} {{ background: ") == 1


@pytest.fixture(scope="module")
def damaged_harrier(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, float, float, float]]:
    """The characters of the Harrier's sheet at Number 3 (two Numbers crossed off), loaded with 2
    fighters, on Letter: (char, centre x in mm, font size in pt, right edge x in mm)."""
    folder = tmp_path_factory.mktemp("kr")
    text = (DESIGNS / "ships" / "harrier-strike-carrier.yaml").read_text(encoding="utf-8")
    assert "\nfighters: 4\n" in text
    text = text.replace("\nfighters: 4\n", "\nfighters: 2\n")
    (folder / "harrier.yaml").write_text(text.rstrip("\n") + "\ncondition: {number: 3}\n", encoding="utf-8")
    entries = load_designs([str(folder)], only_game=GAME).entries
    pdf = pypdfium2.PdfDocument(design_record_sheets(entries, paper="letter").data)
    try:
        page = pdf[0]
        textpage = page.get_textpage()
        chars = []
        for k in range(textpage.count_chars()):
            left, _, right, _ = textpage.get_charbox(k)
            size = pypdfium2.raw.FPDFText_GetFontSize(textpage, k) * 0.75  # WeasyPrint's px to pt
            chars.append((textpage.get_text_range(k, 1), (left + right) / 2 * PT, size, right * PT))
        return chars
    finally:
        pdf.close()


def test_each_number_is_centred_in_its_cell(damaged_harrier: list[tuple[str, float, float, float]]) -> None:
    numbers = [(c, x) for c, x, size, _ in damaged_harrier if round(size) == 11 and c.isdigit()]
    assert [c for c, _ in numbers] == ["5", "4", "3", "2", "1", "0"]
    for k, (_, x) in enumerate(numbers):
        centre = BLOCK_LEFT + 0.15 + TRACK_CELL_MM * (k + 0.5)
        assert abs(x - centre) < 0.3, (k, x, centre)


def _word_centres(chars: list[tuple[str, float, float, float]], word: str, size: float) -> list[float]:
    """Centres (mm) of each printing of ``word`` at ``size`` pt: its first character's left
    to its last's right."""
    at = [c for c in chars if abs(c[2] - size) < 0.05 and not c[0].isspace()]
    text = "".join(c[0] for c in at)
    found = []
    start = text.find(word)
    while start >= 0:
        first, last = at[start], at[start + len(word) - 1]
        left = first[1] - (first[3] - first[1])
        found.append((left + last[3]) / 2)
        start = text.find(word, start + 1)
    return found


def _vector(chars: list[tuple[str, float, float, float]], word: str, size: float) -> list[float]:
    """:func:`_word_centres` in the vector log (right of its 127.6 mm)."""
    return [x for x in _word_centres(chars, word, size) if x > BLOCK_LEFT + LOG_COLUMNS_MM[7]]


def test_log_headings_and_turns_are_centred_in_their_columns(
    damaged_harrier: list[tuple[str, float, float, float]],
) -> None:
    block = 215.9 - 20 - 6.8  # Letter less the margins, the block's frame and padding
    xs = [*LOG_COLUMNS_MM, block - 15.4, block]
    heads = ["turn", "hitsthisturn", "total", "Numbernextturn", "recoveryd10≤5", "made"]
    for k, word in enumerate(heads):
        assert (
            abs(_word_centres(damaged_harrier, word, 6)[0] - (BLOCK_LEFT + (xs[k] + xs[k + 1]) / 2)) < 0.3
        ), word
    for k, word in ((7, "turn"), (8, "vector"), (9, "facing")):
        assert abs(_vector(damaged_harrier, word, 6)[0] - (BLOCK_LEFT + (xs[k] + xs[k + 1]) / 2)) < 0.3, word
    starts = _word_centres(damaged_harrier, "start", 6.5)
    assert len(_vector(damaged_harrier, "start", 6.5)) == 1
    assert len(starts) == 2
    for x, k in zip(starts, (0, 7), strict=True):
        assert abs(x - (BLOCK_LEFT + (xs[k] + xs[k + 1]) / 2)) < 0.3


def test_fighter_labels_are_centred_and_their_boxes_drawn(
    damaged_harrier: list[tuple[str, float, float, float]],
) -> None:
    # at Number 3 the Harrier (2 fighters) holds 3: a column a fighter it can hold now, not one
    # a fighter its starting Number 5 held (Kill Radius, Fighters: at most its current Number)
    for k in range(3):
        (x,) = _word_centres(damaged_harrier, f"F{k + 1}", 6)
        assert abs(x - (BLOCK_LEFT + 23.4 + 14.4 * k + 0.8 + 6.5)) < 0.3
    assert _word_centres(damaged_harrier, "F4", 6) == [] and _word_centres(damaged_harrier, "F5", 6) == []
    # "spare" beside its box, the two centred together in the 3rd column
    (spare,) = _word_centres(damaged_harrier, "spare", 6)
    assert BLOCK_LEFT + 23.4 + 14.4 * 2 + 7.3 < spare < BLOCK_LEFT + 23.4 + 14.4 * 3
    view = find_game(GAME).sheet_ship(
        load_designs([str(DESIGNS / "ships" / "harrier-strike-carrier.yaml")], only_game=GAME)
        .entries[0]
        .stats,
        [],
    )
    table = fighter_sheet(view["fighter_slots"], len(view["fighter_segments"]), 7.0)
    assert [len(row) for row in table["rows"]] == [6, 2, 1, 1, 1, 1]  # "spare" once, in the aboard row
    # a box aboard, two for the segments flown and one lost, a fighter: 4 filled, 16 empty
    svg = table["grid"]
    assert svg.count("h2.6v2.6h-2.6Z") == 4
    assert svg.count("h2.35v2.35h-2.35Z") == 16


def test_a_damaged_ship_starts_its_log_at_the_number_it_has_now(
    damaged_harrier: list[tuple[str, float, float, float]],
) -> None:
    """The Harrier (Number 5) resuming at Number 3: the damage log's start row says 3, as the
    track's "now" does, not the design's 5."""
    start = [c for c, _x, size, _ in damaged_harrier if c.isdigit() and abs(size - 7.0) < 0.05]
    assert start == ["3"]
