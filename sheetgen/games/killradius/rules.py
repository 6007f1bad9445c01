"""Kill Radius designs, ship types and construction checks (KR-1, KR-5).

:class:`Design` is what :mod:`sheetgen.games.killradius.parse` builds from YAML;
:func:`check` holds it against the tables in :mod:`sheetgen.games.killradius.data`.
Rule ids are the rulings in ``RULINGS.md`` (KR-1 .. KR-6). Derived stats are in
:mod:`sheetgen.games.killradius.stats`, the rules of play in
:mod:`sheetgen.games.killradius.play`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheetgen.core.fields import did_you_mean
from sheetgen.core.findings import Finding, error, in_order, note, warning
from sheetgen.games.killradius import data
from sheetgen.games.killradius.data import SHIP_TYPES, ShipType

__all__ = [
    "Design",
    "check",
    "find_type",
    "is_carrier",
    "number_ok",
]


# --- ship types (KR-1) --------------------------------------------------------------


def _type_key(name: str) -> str:
    return " ".join(name.replace("-", " ").replace("*", " ").lower().split())


_TYPES_BY_KEY: dict[str, ShipType] = {_type_key(t.name): t for t in SHIP_TYPES}


def find_type(name: str) -> ShipType | None:
    """The text's ship type called ``name`` (case, hyphens, extra spaces and a
    trailing ``*`` forgiven), or ``None`` for a free type name (RULINGS KR-1).

    >>> find_type("Heavy  Carrier*").number
    8
    """
    return _TYPES_BY_KEY.get(_type_key(name))


def carrier_types() -> list[str]:
    """The text's carrier types (marked ``*``), in list order."""
    return [t.name for t in SHIP_TYPES if t.carrier]


# --- designs ----------------------------------------------------------------------------------


@dataclass
class Design:
    """A Kill Radius design as read from YAML (types checked by
    :func:`~sheetgen.games.killradius.parse.parse_design`).

    ``number`` is the starting Number as written (a whole number; one outside
    1..10 is a KR-1 finding); ``carrier`` the stated ``carrier:`` (``None`` when
    left to the type); ``fighters`` the stated fighters aboard (``None``: as many
    as the Number allows; a negative count is a KR-5 finding).
    """

    name: str
    ship_type: str
    number: int
    design_class: str | None = None
    carrier: bool | None = None
    fighters: int | None = None
    notes: str | None = None
    count: int = 1
    #: the ship as play left it (``condition:``; the game's ``live`` module)
    condition: dict[str, Any] | None = None


def is_carrier(design: Design) -> bool:
    """Whether the design is a carrier (KR-1): as the text's list says for a listed
    type, else as its ``carrier:`` states (``None`` counts as not)."""
    listed = find_type(design.ship_type)
    if listed is not None:
        return listed.carrier
    return bool(design.carrier)


def number_ok(design: Design) -> bool:
    """Whether the design's starting Number is within 1..10 (KR-1)."""
    return data.MIN_NUMBER <= design.number <= data.MAX_NUMBER


def check(design: Design) -> list[Finding]:
    """Every finding for ``design`` (RULINGS KR-1, KR-5); never raises.

    Errors: a Number outside 1 to 10 (KR-1); a ``carrier:`` that contradicts the
    text's list (KR-1); fighters on a ship that is not a carrier, a negative
    fighter count, or more fighters than the Number (KR-5). Warnings: a listed
    type under another Number (KR-1, names the text's Number); a carrier resuming
    at a lower Number (``condition:``) with more fighters than that Number, which
    must land on another carrier or are lost (KR-5; Kill Radius, Fighters). Notes:
    a free type name (KR-1), a carrier with room for more fighters (KR-5). Wrong
    types never reach here: they are ``SCHEMA`` input errors of the parser.
    """
    out: list[Finding] = []
    if not number_ok(design):
        span = f"{data.MIN_NUMBER} to {data.MAX_NUMBER}"
        out.append(error("KR-1", f"Number must be from {span}, found {design.number}", ("number",)))

    listed = find_type(design.ship_type)
    # a free type name very close to one of the text's (lite carrier) is most likely a typo;
    # one further off (battle carrier, not battlecruiser) is a name of the player's own
    meant = (
        did_you_mean(design.ship_type, [t.name for t in SHIP_TYPES], cutoff=0.85) if listed is None else ""
    )
    if listed is None:
        kind = "a carrier (carrier: true)" if design.carrier else "not a carrier"
        out.append(
            note(
                "KR-1",
                f"{design.ship_type!r}{meant} is not one of the text's ship types: a free type name, legal; {kind}",
                ("type",),
            )
        )
    else:
        if number_ok(design) and listed.number != design.number:
            out.append(
                warning(
                    "KR-1",
                    f"the text lists {listed.name} under Number {listed.number}, "
                    f"not {design.number} (legal; the design's Number {design.number} is used)",
                    ("number",),
                )
            )
        if design.carrier is not None and design.carrier != listed.carrier:
            if listed.carrier:
                msg = f"{listed.name} is a carrier in the text's list (marked *); drop 'carrier: false'"
            else:
                msg = (
                    f"{listed.name} is not a carrier in the text's list; carriers are "
                    f"{', '.join(carrier_types())} (a free type name may say carrier: true)"
                )
            out.append(error("KR-1", msg, ("carrier",)))

    carrier = is_carrier(design)
    fighters = design.fighters
    if fighters is not None:
        if fighters < 0:
            out.append(
                error(
                    "KR-5",
                    f"fighters must be a whole number of 0 or more, found the number {fighters}",
                    ("fighters",),
                )
            )
        elif not carrier and fighters > 0:
            what = f"a {listed.name}" if listed else f"a {design.ship_type!r}{meant}"
            out.append(
                error(
                    "KR-5",
                    f"{fighters} fighters on {what}, which is not a carrier; only carriers "
                    f"({', '.join(carrier_types())}) hold fighters",
                    ("fighters",),
                )
            )
        elif carrier and fighters > design.number:
            out.append(
                error(
                    "KR-5",
                    f"{fighters} fighters aboard, but a carrier holds at most its Number ({design.number})",
                    ("fighters",),
                )
            )
        elif carrier and number_ok(design) and fighters < _number_now(design):
            now = _number_now(design)  # a carrier resuming lower (condition:) has room at its Number now
            out.append(
                note(
                    "KR-5",
                    f"{fighters} fighters aboard; Number {now}{' now' if now != design.number else ''}"
                    f" has room for {now - fighters} more",
                    ("fighters",),
                )
            )
    out += _over_current_number(design, carrier)
    return in_order(out)


def _number_now(design: Design) -> int:
    """The design's Number as its ``condition:`` leaves it (a valid lower Number), else its own."""
    now = (design.condition or {}).get("number")
    return (
        now
        if isinstance(now, int) and not isinstance(now, bool) and 0 < now < design.number
        else design.number
    )


def _over_current_number(design: Design, carrier: bool) -> list[Finding]:
    """A KR-5 warning when a carrier resumes at a lower Number (``condition:``) than the
    fighters it was built with: it holds only its current Number of them, the others
    must land on another carrier or are lost (Kill Radius, Fighters)."""
    now = (design.condition or {}).get("number")
    if not carrier or not number_ok(design) or not isinstance(now, int) or not 0 < now < design.number:
        return []  # a Number 0 or above the start is a CONDITION error (live.condition_findings)
    if (design.condition or {}).get("fighters") is not None:
        return []  # the fighters aboard are given: the others are gone already (more is a CONDITION error)
    built = design.number if design.fighters is None else design.fighters
    if not now < built <= design.number:
        return []  # a load above the Number is the error above
    over = built - now
    return [
        warning(
            "KR-5",
            f"{built} fighters as built, but at its current Number {now} a carrier holds only {now}: "
            f"the other {over} must land on another carrier or are lost (Kill Radius, Fighters)",
            ("condition", "number"),
        )
    ]
