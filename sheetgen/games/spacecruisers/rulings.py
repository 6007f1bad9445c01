"""The rulings of Space Cruisers (``SC-1`` ...): how sheetgen reads the rule text where it is
silent, garbled or needs a precise reading, each with what it decides, why, and the rule
text's section(s) it reads (named, never quoted). :func:`sheetgen.games.rulebook` gathers
them for ``sheetgen explain`` and ``docs/rulings.md``; the rule text's title is the game's
``title``.
"""

from __future__ import annotations

from sheetgen.core.findings import Severity
from sheetgen.core.rulings import Ruling

__all__ = ["RULINGS"]

_SC = "space-cruisers"
_E, _N, _W = Severity.ERROR, Severity.NOTE, Severity.WARNING

#: This game's rulings, in the order the documentation lists them.
RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "SC-1",
        "Hulls",
        _SC,
        "Four hulls. Military: 10 hull points with a phaser, a shield and 3 drives. Commercial: "
        "10 hull points, 2 drives and 3 non-military systems. Station: 20 hull points and 4 "
        "non-military systems but no drives, its weapons firing in every direction. Fighter: a "
        "single hull point, 5 drives, a phaser and an elite crew, taking no more than 3 "
        "additional systems. A hull costs 2 construction points and an additional system 1. "
        "An unknown hull, drives on a station or too many systems on a fighter is an error.",
        "The hulls are spread over several sections; this is the one table the checks use.",
        "BASIC MILITARY HULL; BASIC COMMERCIAL HULL; SPACE STATION HULLS; FIGHTER HULLS; "
        "ADVANCED RULES SHIPBUILDING",
        "validate, roll; stats, record sheets",
    ),
    Ruling(
        "SC-2",
        "Basic and advanced rules",
        _SC,
        "Under the basic rules a ship has exactly 5 additional systems from the d20 table (a "
        "20 is a free choice), so a system not on the table is an error. Under the advanced "
        "rules the count sets the size class: 0-3 small, 4-6 medium, 7 or more large.",
        "The two rule sets build ships differently; a design says which it uses (rules:).",
        "ADDITIONAL SYSTEMS; SYSTEMS TABLE; ADVANCED RULES SHIPBUILDING",
        "validate, roll; stats",
    ),
    Ruling(
        "SC-3",
        "One cloak, one targeting computer",
        _SC,
        "No ship mounts two cloaks or two targeting computers; on the systems table a second "
        "roll of either is rolled again.",
        "The text says to reroll duplicates of both, which makes a second one illegal.",
        "SYSTEM NOTES",
        "validate, roll",
    ),
    Ruling(
        "SC-4",
        "Derived numbers",
        _SC,
        "Hull points are the base plus 10 per armor; initiative bonus is drives plus elite "
        "crew; evade attempts a turn equal elite crew; each cargo bay carries 5 fighters, a "
        "commercial ship's or a station's as well as a warship's. "
        "Armor is capped with the other repeatable systems: more than 40 in all (the hull "
        "points that would give are named) is an error.",
        "These are the system notes' effects, computed once for the stats, sheet and card; "
        "the text lists the cargo bay among the non-military systems and as what carries "
        "fighters, with no exception for the ships that may mount only those; "
        "the cap keeps a sheet's hull point boxes printable.",
        "SYSTEM NOTES; INITIATIVE PHASE",
        "validate; stats, record sheets, reference card",
    ),
    Ruling(
        "SC-5",
        "Hull points below zero and critical hits",
        _SC,
        "A ship's hull points may fall under zero; its sheet has boxes past zero, and two "
        "boxes each for the criticals a ship can suffer twice (warp core, life support, super "
        "structure). Below zero, each hit makes critical rolls: a phaser 1, a torpedo or "
        "missile 2, and each chain gun shot that hits 1 (two hits, two rolls).",
        "The text allows both; a sheet without the room would stop play. It names the rolls "
        "for phasers, torpedoes and missiles only; a chain gun does a phaser's 1d6, not their "
        "2d6, so it takes the phaser's one roll.",
        "ATTACK PHASE (critical rolls per hit); CRITICAL DAMAGE TABLE; SYSTEM NOTES (chain guns)",
        "record sheets, reference card",
        severities=(),
    ),
    Ruling(
        "SC-6",
        "Non-military and additional systems",
        _SC,
        "A commercial hull or a station brings its non-military systems, which the design "
        "names (unnamed ones print as blank boxes: a note, or a warning when some are "
        "named); a military hull has none, and naming more than the hull has is an error. Any "
        "hull may buy systems from the systems table at 1 construction point each; an unknown "
        "system is an error.",
        "The hull sections name how many non-military systems but not which; the design does.",
        "BASIC COMMERCIAL HULL; SPACE STATION HULLS; SYSTEMS TABLE",
        "validate; record sheets",
        severities=(_E, _W, _N),
    ),
    Ruling(
        "SC-7",
        "To-hit and its modifiers",
        _SC,
        "A weapon hits when the d10 shows its to-hit number or more. A scanner is +1 on one "
        "attack each turn, per scanner; shooting at a cloaked ship is -3; a targeting computer "
        "makes every weapon's hits do 1 more damage.",
        "The modifiers are in the system notes, apart from the attack rules; the card joins them.",
        "ATTACK PHASE; SYSTEM NOTES",
        "reference card, stats",
        severities=(),
    ),
)
