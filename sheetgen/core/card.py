"""Reference cards as data: titled tables and short rule summaries.

A game's ``reference()`` builds a :class:`Card`; the same card is printed as
PDF or HTML (template ``reference.html.j2``) or exported as JSON or CSV, so a
number cannot differ between formats. A card's :class:`QuickCard` names what a
player needs at the table during play; :func:`one_page` cuts the card down to
it (the one-page quick card), taking its cells from the same tables. Cells are plain values: ``int``,
``str``, ``Fraction`` (printed as a percentage where the column says so) or
``None`` for the rule text's dash.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from sheetgen.core.rounding import decimal_text, percent_text

__all__ = [
    "Card",
    "Pick",
    "QuickCard",
    "Section",
    "Table",
    "card_to_csv",
    "card_to_json",
    "cell_text",
    "mixed_fraction",
    "one_page",
]


@dataclass
class Table:
    """One table: ``columns`` headings, ``rows`` of cells, where it comes from.

    ``percent`` lists columns whose Fraction cells print as percentages,
    ``decimals`` columns whose Fraction cells print as decimals (two places);
    ``left`` columns of running text, printed left-aligned and wrapped.
    ``source`` names the rule text's table or the ruling it encodes (``"Weapon Chart, SF-8"``).
    """

    id: str
    title: str
    columns: list[str]
    rows: list[list[Any]]
    source: str = ""
    notes: list[str] = field(default_factory=list)
    percent: set[str] = field(default_factory=set)
    wide: bool = False
    #: How other Fraction cells print: ``"decimal"`` (0.67) or ``"fraction"`` (2/3).
    fractions: str = "decimal"
    decimals: set[str] = field(default_factory=set)
    left: set[str] = field(default_factory=set)


@dataclass
class Section:
    """A short summary of a rule in the project's own words (never the text's prose)."""

    title: str
    lines: list[str]


@dataclass(frozen=True)
class Pick:
    """One table of a card kept on its quick card: the table ``id``; ``columns``, the
    columns kept, in the table's order (every column when empty); ``notes``, the indices
    of the notes kept (every note when ``None``); ``wide``, whether it prints across the
    page (``None``: as on the full card)."""

    id: str
    columns: tuple[str, ...] = ()
    notes: tuple[int, ...] | None = None
    wide: bool | None = None


@dataclass(frozen=True)
class QuickCard:
    """What a game's one-page quick card keeps of its reference card: the ``tables``
    (:class:`Pick`, in print order) and the ``sections`` by title, in print order."""

    tables: tuple[Pick, ...]
    sections: tuple[str, ...] = ()


@dataclass
class Card:
    """A game's reference card; ``quick``, what its one-page quick card keeps (``None``:
    the game has none)."""

    game: str
    title: str
    tables: list[Table]
    sections: list[Section] = field(default_factory=list)
    quick: QuickCard | None = None


def one_page(card: Card) -> Card:
    """The one-page quick card of ``card``: the tables and sections its :class:`QuickCard`
    names, tables cut to the columns and notes it keeps (cells taken from the same rows,
    never retyped), titled ``<game>: quick card``. Raises ``ValueError`` naming what is
    missing when the card has no quick card or it names a table, column or section the
    card lacks."""
    if card.quick is None:
        raise ValueError(f"{card.game}: the reference card names no quick card")
    tables = {t.id: t for t in card.tables}
    sections = {s.title: s for s in card.sections}
    kept: list[Table] = []
    for pick in card.quick.tables:
        table = tables.get(pick.id)
        if table is None:
            raise ValueError(f"{card.game}: quick card table {pick.id!r} is not on the card")
        lacking = [c for c in pick.columns if c not in table.columns]
        if lacking:
            raise ValueError(f"{card.game}: table {pick.id!r} has no column {lacking[0]!r}")
        index = [i for i, c in enumerate(table.columns) if not pick.columns or c in pick.columns]
        columns = [table.columns[i] for i in index]
        notes = table.notes if pick.notes is None else [table.notes[i] for i in pick.notes]
        kept.append(
            replace(
                table,
                columns=columns,
                rows=[[row[i] for i in index] for row in table.rows],
                notes=list(notes),
                percent=table.percent & set(columns),
                decimals=table.decimals & set(columns),
                left=table.left & set(columns),
                wide=table.wide if pick.wide is None else pick.wide,
            )
        )
    missing = [t for t in card.quick.sections if t not in sections]
    if missing:
        raise ValueError(f"{card.game}: quick card section {missing[0]!r} is not on the card")
    title = card.title.split(":")[0]
    return Card(
        card.game,
        f"{title}: quick card",
        kept,
        [sections[t] for t in card.quick.sections],
        card.quick,
    )


def cell_text(value: Any, percent: bool = False, fractions: str = "decimal", decimals: bool = False) -> str:
    """A cell as printed: ``None`` is the chart's dash; a Fraction as a percentage
    (``percent``), with exactly two decimals (``decimals``, ``1.60``), as a mixed number ``⅔``
    (``fractions="fraction"``) or as a decimal of at most two places (``0.67``), each rounded
    half-up from the exact value (:mod:`sheetgen.core.rounding`); whole numbers always print
    whole, with thousands separators from 1,000.

    >>> cell_text(Fraction(9, 20), percent=True), cell_text(Fraction(2, 3)), cell_text(Fraction(2, 3), fractions="fraction")
    ('45%', '0.67', '⅔')
    """
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and abs(value) >= 1000:
        return f"{value:,}"
    if isinstance(value, Fraction):
        if percent:
            return percent_text(value)
        if value.denominator == 1:
            return cell_text(value.numerator)
        if decimals:
            return decimal_text(value, 2, trim=False)
        if fractions == "fraction":
            return mixed_fraction(value)
        return decimal_text(value, 2)
    return str(value)


_VULGAR = {
    Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼", Fraction(3, 4): "¾",
    Fraction(1, 5): "⅕", Fraction(2, 5): "⅖", Fraction(3, 5): "⅗", Fraction(4, 5): "⅘", Fraction(1, 6): "⅙",
    Fraction(5, 6): "⅚", Fraction(1, 8): "⅛", Fraction(3, 8): "⅜", Fraction(5, 8): "⅝", Fraction(7, 8): "⅞",
}  # fmt: skip


def mixed_fraction(value: Fraction) -> str:
    """``value`` as a mixed number for print: ``1½``, ``⅔``, ``2 5/7``, ``-¾``.

    >>> mixed_fraction(Fraction(3, 2)), mixed_fraction(Fraction(2, 3)), mixed_fraction(Fraction(19, 7))
    ('1½', '⅔', '2 5/7')
    """
    sign = "-" if value < 0 else ""
    whole, part = divmod(abs(value), 1)
    if not part:
        return f"{sign}{whole}"
    tail = _VULGAR.get(part, f"{part.numerator}/{part.denominator}")
    if not whole:
        return sign + tail
    return f"{sign}{whole}{tail}" if part in _VULGAR else f"{sign}{whole} {tail}"


def _json_cell(value: Any) -> Any:
    if isinstance(value, Fraction):
        return {"fraction": f"{value.numerator}/{value.denominator}", "value": float(value)}
    return value


def card_to_json(card: Card) -> str:
    """The card as JSON: tables with columns and rows; fractions as ``{"fraction", "value"}``."""
    data = {
        "game": card.game,
        "title": card.title,
        "tables": [
            {
                "id": t.id,
                "title": t.title,
                "source": t.source,
                "columns": t.columns,
                "rows": [[_json_cell(c) for c in row] for row in t.rows],
                "notes": t.notes,
            }
            for t in card.tables
        ],
        "sections": [{"title": s.title, "lines": s.lines} for s in card.sections],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def card_to_csv(card: Card) -> str:
    """The card's tables as one CSV: per table a title row, a header row, its rows
    and a blank line. Fractions are written as decimals of at most six places, rounded
    half-up from the exact value."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for table in card.tables:
        writer.writerow([f"# {table.title}"])
        writer.writerow(table.columns)
        for row in table.rows:
            writer.writerow(
                [
                    ""
                    if c is None
                    else (decimal_text(c, 6).replace(",", "") if isinstance(c, Fraction) else c)
                    for c in row
                ]
            )
        writer.writerow([])
    return buf.getvalue()
