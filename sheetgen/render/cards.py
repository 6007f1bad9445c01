"""Reference cards in every format from one :class:`~sheetgen.core.card.Card`."""

from __future__ import annotations

from sheetgen.core.card import Card, card_to_csv, card_to_json, one_page
from sheetgen.core.rendered import Rendered
from sheetgen.games.base import AnyGame

__all__ = ["CARD_FORMATS", "render_card"]

CARD_FORMATS = ("pdf", "html", "json", "csv")


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

    html = render_html("reference.html.j2", {"card": card, "paper": paper_size(paper), "quick": quick})
    if fmt == "html":
        return Rendered(html.encode("utf-8"))
    return html_to_pdf(html)
