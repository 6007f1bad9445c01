"""Reference cards as data: titled tables and short rule summaries.

A game's ``reference()`` builds a :class:`Card`; the same card is printed as
PDF or HTML (template ``reference.html.j2``) or exported as JSON or CSV, so a
number cannot differ between formats. Cells are plain values: ``int``,
``str``, ``Fraction`` (printed as a percentage where the column says so) or
``None`` for the rule text's dash.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = ["Card", "Section", "Table", "card_to_csv", "card_to_json", "cell_text"]


@dataclass
class Table:
    """One table: ``columns`` headings, ``rows`` of cells, where it comes from.

    ``percent`` lists columns whose Fraction cells print as percentages;
    ``left`` columns of running text, printed left-aligned and wrapped.
    ``source`` names the seed table or ruling it encodes (``"Weapon Chart, SF-8"``).
    """

    id: str
    title: str
    columns: list[str]
    rows: list[list[Any]]
    source: str = ""
    notes: list[str] = field(default_factory=list)
    percent: set[str] = field(default_factory=set)
    wide: bool = False
    left: set[str] = field(default_factory=set)


@dataclass
class Section:
    """A short summary of a rule in the project's own words (never the text's prose)."""

    title: str
    lines: list[str]


@dataclass
class Card:
    """A game's reference card."""

    game: str
    title: str
    tables: list[Table]
    sections: list[Section] = field(default_factory=list)


def cell_text(value: Any, percent: bool = False) -> str:
    """A cell as printed: ``None`` is the chart's dash, fractions as exact-enough percentages,
    whole numbers of four digits or more with thousands separators (``30,000,000``)."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and abs(value) >= 1000:
        return f"{value:,}"
    if isinstance(value, Fraction):
        if percent:
            pct = value * 100
            if pct.denominator == 1:
                return f"{pct.numerator}%"
            return f"{float(pct):.1f}%"
        if value.denominator == 1:
            return cell_text(value.numerator)
        return f"{value.numerator}/{value.denominator}"
    return str(value)


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
    and a blank line. Fractions are written as decimals (six places)."""
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
                    else (f"{float(c):.6f}".rstrip("0").rstrip(".") if isinstance(c, Fraction) else c)
                    for c in row
                ]
            )
        writer.writerow([])
    return buf.getvalue()
