"""The rulings of Solar Starfire Quick Start (``SF-1`` ...): how sheetgen reads the rule text where it is
silent, garbled or needs a precise reading, each with what it decides, why, and the rule
text's section(s) it reads (named, never quoted). :func:`sheetgen.games.rulebook` gathers
them for ``sheetgen explain`` and ``docs/rulings.md``; the rule text's title is the game's
``title``.
"""

from __future__ import annotations

from sheetgen.core.findings import Severity
from sheetgen.core.rulings import Ruling

__all__ = ["RULINGS"]

_SF = "starfire"
_E, _N, _W = Severity.ERROR, Severity.NOTE, Severity.WARNING

#: This game's rulings, in the order the documentation lists them.
RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "SF-1",
        "Hulls, systems, engines and speed",
        _SF,
        "Both charts (hulls, systems) are taken as exact tables: an unknown hull or system "
        "code is an error. A drive rate of 2/3 is two MP for every three drives, 1/2 one MP "
        "for every two. Speed is the smaller of the hull's Max MP and the drives' MP rounded "
        "down; a design may state a lower speed (a note), never a higher one (an error). "
        "Drives beyond those Max MP needs are legal but warned, as is a turn mode that is "
        "not the hull's. Also covers a system string or pasted notation that cannot be read "
        "at all (empty, bad repeat counts, too many dashes), and one in the wrong case, "
        "which is one error giving the string in the charts' capitals (Mg, Pt).",
        "The charts give the numbers but not the arithmetic for fractional rates nor what a "
        "slower design may do.",
        "ship design: Hull Chart (Max MP, MPs per engine, turn mode) and System Chart",
        "validate, import",
        severities=(_E, _W, _N),
    ),
    Ruling(
        "SF-2",
        "Crew quarters",
        _SF,
        "A hull's required number of Q is a minimum: fewer is an error, more is legal.",
        "The text states how many Q each hull requires without saying whether more are allowed.",
        "ship design: the crew quarters each hull requires",
        "validate, import",
    ),
    Ruling(
        "SF-3",
        "The order of systems",
        _SF,
        "Shields (S) lead the string, armor (A) follows them, and a datalink (Z), when "
        "mounted, is the first internal system and appears once; after that any order. "
        "Breaking it is an error that points at "
        "the first system out of place.",
        "The order is also the damage order, so a design that breaks it plays differently.",
        "ship design: the paragraph on where shields, armor and datalink go",
        "validate, import",
    ),
    Ruling(
        "SF-4",
        "Warships, freighters and bases",
        _SF,
        "A warship needs at least one drive (I) and its crew quarters. A freighter (FT1, FT2) "
        "mounts only I, Q and H. A base (BS1, BS2) mounts no drives and has speed 0 and turn "
        "mode 0.",
        "The three kinds of ship are described in prose, not in the charts; this turns the "
        "prose into checks.",
        "the introduction's warships, freighters and bases",
        "validate, import",
    ),
    Ruling(
        "SF-5",
        "Engine rooms",
        _SF,
        "Drives are written in engine rooms, in parentheses. ES, CT, DD, FT1 and FT2 rooms "
        "hold one drive (I); CA rooms hold two (II); a CL mixes them, (I) then (II) then (I) "
        "and so on from the left, with (II) right-most. A drive outside a room, an empty, "
        "nested or unclosed room, "
        "or anything but drives in a room is an error, and the message shows a string that "
        "fits. When rooms are lost only whole rooms still give MP, rounded as in SF-1.",
        "The text describes rooms by ship size but not how a light cruiser's mix is written, "
        "nor how a player types them.",
        "ship design: engine rooms; the Inertialess Engines description",
        "validate, import; record sheets and stats (MP as rooms are lost)",
    ),
    Ruling(
        "SF-6",
        "Restricted arc (+)",
        _SF,
        "The + of a restricted-arc weapon is worked out from the hull: F and L on an ES, E on "
        "an ES or CT. A + typed where the rules put one is accepted; anywhere else it is an "
        "error, as is a + after no weapon.",
        "Players write the + in forum strings, so sheetgen must read it, but the hull alone decides it.",
        "Combat Phase: restricted arc; ship design: which weapons are restricted on which hulls",
        "validate, import; record sheets",
    ),
    Ruling(
        "SF-7",
        "Hull spaces",
        _SF,
        "The hull spaces used are the sum of the systems' sizes. More than the hull has is an "
        "error; fewer is legal, and a note says how many are free.",
        "The text gives sizes and hull spaces but does not say that a hull may be left part empty.",
        "Hull Chart (Hull Spaces) and System Chart (Hull Spaces)",
        "validate, import; stats",
        severities=(_E, _N),
        example="designs/starfire/illegal/sf7-over-hull-spaces.yaml:5:10: error [SF-7] systems use 20 HS "
        "but the CT hull has 16 HS: 4 too many",
    ),
    Ruling(
        "SF-8",
        "Range, to-hit and damage",
        _SF,
        "Range counts the target's hex but not the firer's (same hex: 0). To-hit (roll d10 at "
        "or under) and damage come cell by cell from the Weapon Chart for ranges 0 to 20; a "
        "dash is out of range and every weapon fires once. Modifiers change the to-hit number "
        "(engine modulation -1, transit -3 firing and -2 fired on, Pt +1 against bases) and a "
        "number of 0 or less cannot hit. Without combat sensors (Y) targets are limited to 10 "
        "hexes. A base that mounts Y counts R, G and Pt shots past 12 hexes as 5 hexes "
        "shorter, but never shorter than 12.",
        "The chart lost its layout in the text and the modifiers are scattered through it; "
        "this is the one reading the sheets and card use.",
        "Weapon Chart; Combat Phase (range, extreme numbers); movement (engine modulation, "
        "warp point transits); bases",
        "reference card, record sheets, stats",
        severities=(),
    ),
    Ruling(
        "SF-9",
        "Munitions",
        _SF,
        "Only R, G and Pt use munitions. A design states how many each launcher carries "
        "(munitions:) and its record sheet has one box per round; none stated is a note and the "
        "sheet prints a row of 20 blank boxes a launcher (the project's choice) to cross off "
        "down to the count played. Munitions for another weapon are an error, for a weapon the "
        "design lacks a warning. A magazine (Mg) is an ordinary system.",
        "The quick start says these weapons run out of ammunition, yet the counts per weapon "
        "are missing from it; the design supplies them and sheetgen invents none.",
        "Combat Phase: limited munitions; System Chart (Mg)",
        "validate; record sheets",
        severities=(_E, _W, _N),
    ),
    Ruling(
        "SF-10",
        "Damage order and wrecks",
        _SF,
        "Damage is taken left to right from the shields, so the record sheet prints one box "
        "per system in design order with engine rooms grouped. A freighter takes double "
        "damage (printed on its sheet). A ship left with only S, A and H is a wreck.",
        "The text gives the order in prose; the sheet must let a player follow it by crossing off boxes.",
        "Combat Phase: applying damage; freighters; ships reduced to shields, armor and holds",
        "record sheets, stats",
        severities=(),
    ),
    Ruling(
        "SF-11",
        "Scenario forces",
        _SF,
        "The six scenarios give hull sizes and a few numbers of ships, and the list of sample "
        "ships they point to is missing; each bundled scenario file therefore picks its own "
        "designs and every count left open, and a comment marks each choice. One design per "
        "hull size is asked of each side, not of the whole scenario: a side fielding two "
        "designs of one hull size is warned, while the two sides may field different designs "
        "of the same hull size.",
        "The scenarios assume one design per hull size; the warning says when a file does not. "
        "They pit two opposing fleets against each other, and each fleet builds its own ships, "
        "so the choice is read as each player's.",
        "Scenarios (the six quick start scenarios)",
        "validate and kit on a scenario; the briefing",
        severities=(_W,),
    ),
    Ruling(
        "SF-12",
        "Weapons that skip systems",
        _SF,
        "A laser's (L) damage passes over the shields, online or offline, and starts on the "
        "first other system standing; an energy beam's (E) damage takes the shields as usual "
        "but passes over the armor. Every other weapon, and damage given without its weapon, "
        "follows the standard order. A point with no system left to take it is lost.",
        "The text says lasers and energy beams skip systems but not which. Its shield rule "
        "lets shields come back while the only damage taken is from lasers, which only makes "
        "sense if lasers never touch shields. Energy beams are not in that exemption, so they "
        "do meet shields; the only other block every design places ahead of the rest is the "
        "armor, so that is what they skip. The reading of E is the less certain of the two.",
        "Combat Phase: applying damage; shields knocked offline",
        "play mode (damage events); reference card",
        severities=(),
    ),
)
