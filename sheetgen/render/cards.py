"""Reference cards in every format from one :class:`~sheetgen.core.card.Card`."""

from __future__ import annotations

from sheetgen.core.card import Card, card_to_csv, card_to_json, one_page
from sheetgen.core.rendered import Rendered
from sheetgen.games.base import AnyGame

__all__ = ["CARD_AREA", "CARD_FORMATS", "card_margins", "render_card"]

CARD_FORMATS = ("pdf", "html", "json", "csv")

#: The printed area of every card page, width x height in mm, landscape: what letter
#: (279.4 x 215.9) and A4 (297 x 210) both hold inside a 9 mm margin at the sides and
#: room for the foot line below, so a card flows alike on both papers and prints the
#: same number of pages on either.
CARD_AREA = (261.4, 192.0)
#: Landscape paper in mm, width x height.
_LANDSCAPE = {"letter": (279.4, 215.9), "a4": (297.0, 210.0)}


def card_margins(paper: str) -> str:
    """The CSS ``@page`` margins (top right bottom left, mm) that print :data:`CARD_AREA`
    centred across landscape ``paper`` (``letter`` or ``a4``), 9 mm from the top where the
    paper has room (7 mm on A4) and at least 11 mm below for the foot line. Raises
    ``ValueError`` for another paper."""
    if paper not in _LANDSCAPE:
        raise ValueError(f"unknown paper {paper!r}; use one of {', '.join(_LANDSCAPE)}")
    width, height = _LANDSCAPE[paper]
    side = (width - CARD_AREA[0]) / 2
    slack = height - CARD_AREA[1]
    top = min(9.0, slack - 11.0)
    return f"{top:.2f}mm {side:.2f}mm {slack - top:.2f}mm {side:.2f}mm"


def render_card(
    game: AnyGame,
    *,
    paper: str = "letter",
    fmt: str = "pdf",
    card: Card | None = None,
    quick: bool = False,
) -> Rendered:
    """``game``'s reference card (or ``card``, one built for it with extra data) as PDF,
    HTML, JSON or CSV bytes (landscape paper for PDF/HTML), with WeasyPrint's
    warnings for PDF (no warnings for the other formats).

    With ``quick``, the one-page quick card (:func:`~sheetgen.core.card.one_page`):
    the tables and rules a player needs at the table, one landscape page in PDF, with
    text of at least 7 pt; JSON and CSV then hold the same tables.

    Raises ``ValueError`` for an unknown format or paper.
    """
    if card is None:
        card = game.reference()
    if quick:
        card = one_page(card)
    if fmt == "json":
        return Rendered(card_to_json(card).encode("utf-8"))
    if fmt == "csv":
        return Rendered(card_to_csv(card).encode("utf-8"))
    if fmt not in ("pdf", "html"):
        raise ValueError(f"unknown card format {fmt!r}; use one of {', '.join(CARD_FORMATS)}")
    from sheetgen.render.html import html_to_pdf, paper_size, render_html

    html = render_html(
        "reference.html.j2",
        {"card": card, "paper": paper_size(paper), "margins": card_margins(paper), "quick": quick},
    )
    if fmt == "html":
        return Rendered(html.encode("utf-8"))
    return html_to_pdf(html)
