"""What a play-mode ship card shows and what its buttons send, in one shape for every game.

Each game's ``live`` module describes its own card (``card_rows(now)``: an ordered list of
rows built here) and its buttons (``BUTTONS``: the events a ship takes, built here);
:mod:`sheetgen.play.engine` puts them into the play state (``now.card``, ``actions``) and
the play page (``serve/static/play.js``) draws them without knowing the game. Nothing here
knows a rule: rows carry values a game's rules already worked out.

Rows (JSON objects, ``kind`` first):

- ``{"kind": "fact", "label", "value", "after"}``: ``label`` then ``value`` in bold, then
  ``after``; ``value`` ``None`` shows the label (and ``after``) alone;
- ``{"kind": "code", "label", "value"}``: a line of code-like text (a system string);
- ``{"kind": "boxes", "label", "boxes": [{"text", "state", "title", "group"}]}``: a row of
  boxes, ``state`` one of :data:`BOX_STATES` (``""`` as built), consecutive boxes with the
  same ``group`` (not ``None``) drawn framed together (an engine room);
- ``{"kind": "meter", "label", "value", "of"}``: a bar ``value`` of ``of`` full.
"""

from __future__ import annotations

from typing import Any, Literal

__all__ = [
    "BOX_STATES",
    "box",
    "boxes",
    "button",
    "card_text",
    "check",
    "choice",
    "code",
    "damage_button",
    "fact",
    "meter",
    "number",
    "text",
]

#: A box's state on a card: as built, lost (crossed), offline (a shield), the value now.
BoxState = Literal["", "lost", "off", "now"]
BOX_STATES: tuple[BoxState, ...] = ("", "lost", "off", "now")

Row = dict[str, Any]


def fact(label: str, value: object = None, after: str = "") -> Row:
    """A fact row: ``label`` ``value`` (bold) ``after``; ``value`` ``None``: the label alone."""
    return {"kind": "fact", "label": label, "value": value, "after": after}


def code(label: str, value: str) -> Row:
    """A line of code-like text (``label`` names it for screen readers)."""
    return {"kind": "code", "label": label, "value": value}


def box(text: object, state: BoxState = "", title: str = "", group: object = None) -> dict[str, Any]:
    """One box of a :func:`boxes` row. Raises ``ValueError`` for a state not in :data:`BOX_STATES`."""
    if state not in BOX_STATES:
        raise ValueError(f"a box is one of {BOX_STATES}, not {state!r}")
    return {"text": text, "state": state, "title": title, "group": group}


def boxes(label: str, items: list[dict[str, Any]]) -> Row:
    """A row of boxes (each from :func:`box`), ``label`` naming it for screen readers."""
    return {"kind": "boxes", "label": label, "boxes": items}


def meter(label: str, value: float, of: float) -> Row:
    """A bar ``value`` of ``of`` full (0 to 1 of its width; ``of`` 0 draws it empty)."""
    return {"kind": "meter", "label": label, "value": value, "of": of}


# --- buttons: the events a ship takes, as the page offers them ---------------------------


def number(
    name: str,
    label: str,
    *,
    low: int | None = None,
    high: int | None = None,
    start: int | None = None,
    placeholder: str = "",
) -> dict[str, Any]:
    """A whole-number field of an event (``name`` its key), ``label`` + the ship's name its
    accessible name, bounded by ``low`` and ``high``, ``start`` its first value (else empty)."""
    return {
        "name": name,
        "kind": "number",
        "label": label,
        "low": low,
        "high": high,
        "start": start,
        "placeholder": placeholder,
    }


def text(name: str, label: str, placeholder: str = "") -> dict[str, Any]:
    """A free-text field of an event (left empty: sent as ``null``)."""
    return {"name": name, "kind": "text", "label": label, "placeholder": placeholder}


def check(name: str, label: str, short: str) -> dict[str, Any]:
    """A yes/no field of an event (sent as ``true`` when ticked, else left out), shown as ``short`` beside
    its box, ``label`` + the ship's name its accessible name."""
    return {"name": name, "kind": "check", "label": label, "short": short}


def choice(name: str, label: str, values: tuple[str, ...]) -> dict[str, Any]:
    """A field taking one of ``values`` (shown with ``_`` as spaces)."""
    return {"name": name, "kind": "choice", "label": label, "choices": list(values)}


def button(
    action: str, label: str, *fields: dict[str, Any], each: str | None = None, when: str | None = None
) -> dict[str, Any]:
    """A ship's button sending ``{"action": action, <fields>}``. With ``each``, one button per
    entry of the ship's ``now[each]`` (a mapping of weapon code to what is left: one number, or
    a list, one per launcher), each sending ``weapon`` the code, labelled ``label CODE (LEFT left)``.
    With ``when``, the button is disabled while the ship's ``now[when]`` is false (a repair
    roll off a repair turn): the rules still refuse the event, the page only says so first."""
    return {"action": action, "label": label, "fields": list(fields), "each": each, "when": when}


def damage_button(*more: dict[str, Any]) -> dict[str, Any]:
    """The ``damage`` button every game's ship has (the contract's ``{"action": "damage",
    "amount": N, "weapon": CODE}``, docs/play.md): the points and the weapon hitting, then
    ``more`` fields a game reads besides (Knight Hawks 2000's critical-hit box)."""
    return button(
        "damage",
        "Damage",
        number("amount", "damage to", low=0, start=1),
        text("weapon", "weapon hitting", "weapon"),
        *more,
    )


def card_text(rows: list[Row]) -> str:
    """A card's facts and code lines as one line of text, ``; `` between them (what ``sheetgen
    stats`` prints as a design's ``now``): ``SP 60 / 60; ADF 0; MR 0; disastrous fire: burning
    (no power...)``. Boxes and meters are left out: their facts are on the card too."""
    items = []
    for row in rows:
        if row["kind"] == "fact":
            value = "" if row["value"] is None else str(row["value"])
            items.append(" ".join(part for part in (row["label"], value) if part) + row["after"])
        elif row["kind"] == "code":
            items.append(f"{row['label']} {row['value']}")
    return "; ".join(item.strip() for item in items if item.strip())
