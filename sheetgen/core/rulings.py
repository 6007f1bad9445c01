"""The rulings a finding can cite, as data the tool ships (``sheetgen explain``).

Every :class:`~sheetgen.core.findings.Finding` names a rule id. Most are
*rulings*: how the project reads one of the four rule texts where the text is
silent, garbled or needs a precise reading (``SF-5``, ``KR-1``, ``KH-4``,
``SC-2``); the rest are the project's own *input* ids (``FILE``, ``YAML``,
``SCHEMA``, ``GAME``) and its scenario check (``SCENARIO``). Each entry says
what it decides, why, and which part of the rule text it reads (named by
section, never quoted). ``docs/rulings.md`` is generated from this module by
:func:`markdown` (``python scripts/rulings_doc.py``), and a test holds the two
equal, so the page cannot drift from what ``sheetgen explain`` prints.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from sheetgen.core.findings import Severity

__all__ = [
    "RULINGS",
    "Ruling",
    "canonical_id",
    "explained",
    "fields",
    "find_ruling",
    "markdown",
    "reads",
    "suggest",
    "unknown_id",
]

#: The rule texts' titles, by the game id a design names in ``game:``. Players know a rule
#: text by its title (and a ruling by its section), never by the file the project keeps it in.
TEXTS: dict[str, str] = {
    "starfire": "Solar Starfire Quick Start",
    "kill-radius": "Kill Radius: Quick & Dirty Starship Combat",
    "knight-hawks-2000": "Knight Hawks 2000 (Star Frontiers 2000)",
    "space-cruisers": "Space Cruisers (custom version)",
}


@dataclass(frozen=True)
class Ruling:
    """One rule id a finding can cite.

    ``game`` is a game id (a key of :data:`TEXTS`) or ``""`` for a project id;
    ``reads`` names the rule text's section(s) the ruling reads (``""`` when it
    reads none); ``severities`` are those of the findings that cite it (none: the
    ruling shapes stats, sheets and cards only, and ``used_by`` says where);
    ``exit_status`` is what an *error* citing it makes ``sheetgen`` exit with (1 a
    broken rule, 2 input that cannot be used).
    """

    id: str
    title: str
    game: str
    decides: str
    why: str
    reads: str
    used_by: str
    severities: tuple[Severity, ...] = (Severity.ERROR,)
    exit_status: int = 1

    @property
    def in_findings(self) -> bool:
        """Whether any finding cites this id."""
        return bool(self.severities)

    @property
    def text(self) -> str:
        """The rule text's title (``""`` for a project id)."""
        if not self.game:
            return ""
        return TEXTS[self.game]


_E, _W, _N = Severity.ERROR, Severity.WARNING, Severity.NOTE
_SF = "starfire"
_KR = "kill-radius"
_KH = "knight-hawks-2000"
_SC = "space-cruisers"

#: Every rule id, in the order the documentation lists them: input ids, then each game's.
RULINGS: tuple[Ruling, ...] = (
    # --- input and project ids --------------------------------------------------------------
    Ruling(
        "FILE",
        "A file that cannot be read",
        "",
        "A path that does not exist, a folder without .yaml or .yml files, a file too large, "
        "unreadable or not UTF-8, no paths at all, or a scenario naming a design file that "
        "cannot be read.",
        "Nothing can be checked without the text of the file, so the run stops for that input.",
        "",
        "every verb that reads designs or scenarios",
        exit_status=2,
    ),
    Ruling(
        "YAML",
        "YAML that cannot be parsed",
        "",
        "A YAML syntax error, a duplicate key, a list or mapping used as a key, a merge key "
        "(<<), a character YAML refuses, or a document with more nodes than the reader allows.",
        "A design must be read exactly as written; sheetgen never guesses around a syntax "
        "error, and the bounds keep a hostile file from exhausting memory.",
        "",
        "every verb that reads YAML",
        exit_status=2,
    ),
    Ruling(
        "SCHEMA",
        "A key or value of the wrong shape",
        "",
        "A missing or unknown key, a value of the wrong type, an integer with too many "
        "digits, a control character no output can carry, nesting deeper than 64, an empty "
        "name or count, a fleet with no designs, a scenario used where a design is expected, "
        "and map entries that do not fit the scenario's map (a hex off the map, an unknown "
        "layer or facing, a radius larger than the map), and a size or count past the bound "
        "a game can use (Knight Hawks 2000: HS 100, 1,000,000 SP, 40 weapon lines...).",
        "The file is YAML but not a design or scenario sheetgen can use. Where the problem "
        "leaves the rest of a design readable (an unknown key, a wrong speed or class), the "
        "rules that do not read that key are still applied, so every problem shows in one "
        "run. An unknown key that differs from a known one in case or nearly (Game, hul) "
        "says which it was meant as, else the known keys are listed; a file that looks like "
        "a scenario or a fleet read as a design says so. Bounds keep every printed sheet a "
        "few pages long and every check quick.",
        "",
        "validate and every verb that reads designs, fleets or scenarios",
        exit_status=2,
    ),
    Ruling(
        "GAME",
        "An unknown or missing game",
        "",
        "A design without a game: key, a game: that names no bundled game, or a scenario "
        "side fielding a design of another game than the scenario's.",
        "Each game has its own construction rules; without the right one nothing can be checked.",
        "",
        "every verb that reads designs or scenarios",
        exit_status=2,
    ),
    Ruling(
        "CONDITION",
        "A design's condition: is not a state play can reach",
        "",
        "A design may carry condition:, the ship as a game left it (play mode's export writes it): "
        "destroyed systems, offline shields and spent munitions (Starfire), the Number (Kill Radius), "
        "structure points and damage-table results (Knight Hawks 2000), hull points and shields "
        "(Space Cruisers). It must be a state the game's damage rules can reach: a Starfire shield is "
        "knocked offline, never destroyed; no more points lost or rounds spent than the design has; "
        "a ship destroyed or removed from play is not fielded again.",
        "A campaign fields a ship as the last scenario left it; a state the rules cannot make would "
        "print a record sheet no game could have produced.",
        "each game's damage rules (Solar Starfire Quick Start, combat; Kill Radius, Damage and "
        "Recovery Period; Knight Hawks 2000, Explanation of Damage Results; Space Cruisers, attack phase)",
        "validate, stats, sheets, counters and play on a design with condition:",
    ),
    Ruling(
        "SCENARIO",
        "A scenario's set-up is broken",
        "",
        "The start positions break one of the scenario's placement: rules (a distance, an "
        "edge, a shared facing, a count), a placement rule names no side, ship or map "
        "feature, or a ship it needs has no start position; for Space Cruisers, sides "
        "that are not equal in figures (or, under the advanced rules, in construction "
        "points); a scenario is under the advanced rules when any of its designs is, and "
        "equal figures with unequal points there is legal but a note, since those rules "
        "measure a side in points (Kepler Station: 20 v 20 CP, 3 v 3 figures); where ships start "
        "that the game's movement rules forbid: a Kill Radius stack above a total Number of 7, "
        "a second Space Cruisers ship in a hex. Notes also state what a scenario's counts make: a fleet entry's count times a "
        "fleet file's count (2 x 2 fields 4 ships), and a names: list shorter than the ships, "
        "with the names the others get.",
        "The set-up is what the game's scenarios ask for, so a kit whose positions break it "
        "would teach the wrong game; the scenario states the rules and sheetgen checks them. "
        "Counts that multiply are legal but easy to miss, so they are said, not refused.",
        "the scenario's own placement rules; for Space Cruisers, SETUP and MOVE PHASE; "
        "for Kill Radius, Movement",
        "validate and kit on a scenario",
        severities=(_E, _N),
    ),
    # --- Solar Starfire Quick Start ---------------------------------------------------------
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
    # --- Kill Radius ------------------------------------------------------------------------
    Ruling(
        "KR-1",
        "Number and ship type",
        _KR,
        "A ship's Number is 1 to 10. The ship types are the text's list under each Number; "
        "naming a listed type with a different Number is allowed with a warning; a type the "
        "list lacks is a free name (a note). Carriers are the starred types: a listed type's "
        "carrier: must agree with its star, and a free type may say carrier: true.",
        "The list names types per Number but does not say a type is bound to its Number.",
        "Terms (Number); Numbers & Ship Types",
        "validate",
        severities=(_E, _W, _N),
    ),
    Ruling(
        "KR-2",
        "Movement points, facing changes and stacking",
        _KR,
        "MP by Number: 1-2 give 8, 3-4 give 6, 5-6 give 4, 7-8 give 3, 9-10 give 2. A ship "
        "may change facing once for every 2 MP, rounded down (6 MP: 3, 5 MP: 2). The stacking "
        "limit of total Number 7 binds two or more ships in a hex; a lone ship of Number 8-10 "
        "is no stack and may sit in any hex. Fighters do not count.",
        "The text's examples settle how odd MP round. Read as a cap on every hex, the "
        "stacking limit would leave Number 8-10 ships nowhere to stand, though the text lists "
        "them.",
        "Terms (Movement Points); Movement step 2 (stacking) and its examples; Numbers & Ship Types",
        "stats, record sheets, counters, reference card",
        severities=(),
    ),
    Ruling(
        "KR-3",
        "Half Number",
        _KR,
        "Half is the starting Number halved and rounded up. At or below it a ship loses 1 MP "
        "and a carrier cannot deploy fighters; below it the ship makes no recovery roll. A "
        "Number 1 ship has no reduced state.",
        "The text rounds up but leaves 'at' and 'below' to the reader.",
        "Damage; Recovery Period",
        "stats, record sheets, counter backs",
        severities=(),
    ),
    Ruling(
        "KR-4",
        "Attack and the kill radius",
        _KR,
        "Damage is the attacker's d10 plus its Number less the target's d10, Number and range, "
        "where range counts only the hexes between the ships. The kill radius of one Number "
        "against another is the longest range at which damage is still possible: the "
        "attacker's Number less the target's, plus 8. Cards compute the odds by exact "
        "enumeration of the dice.",
        "The formula is given; its reach is what a table needs and the text does not tabulate.",
        "Attacking (the damage formula, step 2)",
        "reference card",
        severities=(),
    ),
    Ruling(
        "KR-5",
        "Carriers and fighters",
        _KR,
        "Only carriers hold fighters, at most their Number; a fighter count is a whole number, "
        "0 or more. Fewer than the Number is legal (a note). A carrier rolls with its current "
        "Number divided by 3, rounded up.",
        "The text says a carrier holds its Number of fighters; the checks make that the "
        "maximum, not a requirement.",
        "Numbers & Ship Types (the starred note); Carriers; Fighters",
        "validate; stats, record sheets",
        severities=(_E, _N),
    ),
    Ruling(
        "KR-6",
        "Vectors",
        _KR,
        "Vectors are written as legs in hex directions on a flat-topped grid (N, NE, SE, S, "
        "SW, NW), as in 4S or 1N3NW. The third movement example records 2N2NW, but its own "
        "moves net 1N3NW, which is what sheetgen computes.",
        "The example's arithmetic disagrees with its answer; the moves are taken as the truth.",
        "Movement and its examples",
        "vectors in the hex geometry; stats",
        severities=(),
    ),
    # --- Knight Hawks 2000 ------------------------------------------------------------------
    Ruling(
        "KH-1",
        "Maneuver points",
        _KH,
        "A ship has 6 x MR / HS maneuver points a turn, printed as a fraction if it is not a "
        "whole number; "
        "one maneuver takes HS / MR / 6 turns. ADF and MR are 0 or more; MR 0 is a note (no "
        "maneuvers).",
        "The text gives the formula in a roundabout form; this is the same number, stated plainly.",
        "MOVEMENT (Maneuver Points)",
        "validate; stats, record sheets, reference card",
        severities=(_E, _N),
    ),
    Ruling(
        "KH-2",
        "Hull size and crew",
        _KH,
        "Hull size is 1 or more. DCR is HS x 10; the minimum crew is HS, so a smaller crew "
        "is warned and a crew of exactly HS has none spare to board (a note); crew counts are "
        "0 or more and should match the crew named. Rally takes HS turns (military, "
        "paramilitary, criminal) or twice that (civilian). The detection modifier comes from "
        "the text's hull size bands. A repair adds one skill figure to DCR (10 a level) for "
        "both its chance and the SP it restores: the best Engineer: Damage Control level on "
        "board plus the best Machinery: Repair level (Pugilist: 140 + 10 x (3 + 2) = 190 SP).",
        "Several numbers hang on hull size in different sections; this gathers them. The repair "
        "rule names both skills as modifiers but writes its formula with a single skill, so "
        "sheetgen adds the two levels rather than dropping either.",
        "REPAIRS (DCR); BOARDING and BOARDING PARTY TACTICS (crew); DETECTION",
        "validate; stats, record sheets, reference card",
        severities=(_E, _W, _N),
    ),
    Ruling(
        "KH-3",
        "Structure points",
        _KH,
        "Structure points are the design's to state and must be 1 or more; the sheet marks "
        "the thresholds at 1/2 and 2/3 lost with what they do. The text itself gives two: the "
        "Exalted's 1,440 and the Leviathan's 2,500 (1,100 left after a 1,400 SP ram); the "
        "reference card's boarding table marks those two rows as the text's and its other "
        "rows as the bundled sample designs' SP. Break-up rolls are made against DCR plus the "
        "engineer's Stress Analysis level, as the text writes it (Exalted: 120 + 1 = 121).",
        "The text leaves SP to another document, so sheetgen takes the design's number, and "
        "never prints a sample design's SP as if the rules set it. The break-up formula adds "
        "the level itself, where the repair rule beside it writes 10% times the skill; no "
        "number in the text contradicts the formula as written, so sheetgen follows it and "
        "does not multiply the level.",
        "EXPLANATION OF DAMAGE RESULTS (structure point damage); the damage and ramming examples; BOARDING",
        "validate; record sheets, reference card",
    ),
    Ruling(
        "KH-4",
        "Weapons, defences and ordnance",
        _KH,
        "Each weapon's and defence's reach, shots a turn and top damage (and dice) are taken "
        "from the text. Weapon counts are 1 or more. Linked weapons attack as one, and only as "
        ""
        "many as are carried may be linked (linking a non-gun or a single weapon is warned). "
        "Magnetic shielding needs HS 2 or more. Ordnance and salvo counts are stated by the "
        "design, 0 or more, only for weapons that carry ordnance. A minelaying plan needs mines "
        "aboard, lays no more than are carried, at most 10 in a hex, on hexes and levels of "
        "each scenario map that fields the ship. Ranges in hexes are the km figure at 60 m a "
        "hex, so the laser pod's 225,000 km is 3,750,000 hexes; the 375 hexes printed beside "
        "it is not used (the card notes it). A hit bay blows up for its unused rounds times one "
        "round's top damage (sixty torpedoes: 60,000 SP); a hangar's docked craft give no "
        "figure, so none is printed. A natural 01-05 always hits and 96-00 always misses: above "
        "95% final to-hit a 96-00 is a plain miss, not a critical one, so no attack hits more "
        "than 95% of the time (below 6% an 01-05 is a plain hit). The light laser battery (LLB), "
        "a turreted quad mount of light laser cannon, has no figures of its own in the text: it "
        "is printed with the LLC's (5 pulses of 200 SP) and says so, not as four cannons.",
        "The lists give the numbers but not how designs record loads, links or a mine plan. "
        "Every other weapon's hex figure is exactly its km at 60 m a hex, and 225,000 km keeps "
        "the pod shorter-ranged than the medium laser, as its description says, so the km "
        "figure wins. The bay result reads literally as one point per round, but the damage "
        "example's sixty torpedoes do 60,000, so each round counts its full top damage. The "
        "critical miss rule lifts only the critical part of a high roll; the miss stands, the "
        "mirror of the low roll that still hits below 6%. "
        "A top damage is its dice's maximum; where the two disagree (the heavy electron and "
        "proton cannon: 3,000 beside 30D10) the dice are read as the ones that reach it "
        "(300D10), since a heavy cannon of 300 would hit less hard than the medium laser.",
        "WEAPONS; DEFENSIVE SYSTEMS; Mines; Critical Hit and Critical Miss; EXPLANATION OF "
        "DAMAGE RESULTS (Ordinance/Hangar Bay) and the damage example",
        "validate; stats, record sheets, reference card",
        severities=(_E, _W, _N),
    ),
    Ruling(
        "KH-5",
        "Ramming, blasts and point blank",
        _KH,
        "A ram does the ramming ship's HS x 2,000 SP. A ramming ship at least 4 hull sizes "
        "larger survives, taking (HS + HS) / 2 x 100 SP of the two ships' hull sizes and "
        "(HS + HS) / 2 damage rolls (HS 25 ramming HS 3: 1,400 SP and 14 rolls; 50,000 dealt); "
        "an odd sum of hull sizes leaves half a roll, printed as the formula gives it (HS 20 "
        "ramming HS 15: 1,750 SP and 17.5 rolls), since the text does not round it. "
        "A ship that blows up does HS x 2,000 SP to every ship within 1,200 m, which at 60 m a "
        "hex is 20 hexes or fewer (range counting the target's hex); a ship 21 hexes off "
        "(1,260 m) is clear, so a scenario that starts ships out of blast reach sets them more "
        "than 20 hexes apart (Flank action: columns 1 and 22). "
        "Point-blank range is 3 hexes or fewer, counted as a weapon's range is, from a ship at "
        'least 4 hull sizes larger; the card says "within 3 hexes (180 m)".',
        "The rule is written as a formula and one example; the card computes the same numbers. "
        "The damage example keeps its cruiser outside the destroyer's blast, so 1,200 m itself "
        "is inside it. Point blank is given as closer than 180 m and, in the same sentence, as "
        "within three hexes; the fighters' example closes into the target's own hex, which is "
        "within three hexes too. The hex figure is the one a player counts on the map.",
        "SPECIAL SITUATIONS: RAMMING and its example; FIRING (Point-Blank Range) and the "
        "fighters' example; EXPLANATION OF DAMAGE RESULTS (Void Engine Destroyed, Disastrous "
        "Fire) and the damage example",
        "reference card; scenario set-up",
        severities=(),
    ),
    Ruling(
        "KH-6",
        "Damage tables and damageable systems",
        _KH,
        "The damage tables' result names and effects are the text's, but their roll ranges are "
        "missing: the card prints the effects and a user may supply ranges in YAML (checked to "
        "fit the dice, not overlap, and agree with the two rolls the text's example of combat "
        "gives: Starship Damage Table 11 is sensors, Crew Member Damage Table 4 the sensor "
        "operator taking 8D10), never invented. "
        "Void engines are 0 or more; ADF without void engines, or no sensors, is warned, as "
        "those damage results would have nothing to hit.",
        "Inventing roll ranges would put numbers in the game its text does not have.",
        "DAMAGE RESOLUTION; EXPLANATION OF DAMAGE RESULTS",
        "validate, reference --tables; reference card",
        severities=(_E, _W),
    ),
    Ruling(
        "KH-7",
        "The weapons list",
        _KH,
        "Weapon codes come from this text's list only (HLC, MLC, LLC and the rest). A classic "
        "Knight Hawks "
        "code (LB, RB, T...) is an error that says it belongs to another game.",
        "Players know the classic codes, so the message names them rather than only refusing.",
        "WEAPONS",
        "validate",
    ),
    # --- Space Cruisers ---------------------------------------------------------------------
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

_BY_ID = {r.id: r for r in RULINGS}
_ID = re.compile(r"^\[?\s*([A-Za-z]+)\s*-?\s*0*(\d*)\s*\]?$")


def canonical_id(text: str) -> str:
    """``text`` as a rule id is written: upper case, a hyphen before the number, no leading
    zeros or brackets (``sf5``, ``[sf-05]`` -> ``SF-5``); other text upper-cased and stripped."""
    m = _ID.match(text.strip())
    if m is None:
        return text.strip().upper()
    head, number = m.group(1).upper(), m.group(2)
    return f"{head}-{number}" if number else head


def find_ruling(text: str) -> Ruling | None:
    """The ruling ``text`` names, in any case (``sf-5``, ``SF5``, ``schema``), or ``None``."""
    return _BY_ID.get(canonical_id(text))


def suggest(text: str) -> list[str]:
    """Up to three known ids closest to ``text`` (difflib), best first; ids of the same
    number in other games when nothing is close."""
    wanted = canonical_id(text)
    close = difflib.get_close_matches(wanted, list(_BY_ID), n=3, cutoff=0.5)
    if close:
        return close
    number = wanted.rpartition("-")[2]
    return [r.id for r in RULINGS if number.isdigit() and r.id.endswith(f"-{number}")][:3]


def unknown_id(text: str) -> str:
    """``sheetgen explain``'s line for an id no ruling has, with the closest ids (:func:`suggest`)."""
    close = suggest(text)
    hint = "see sheetgen explain --list"
    if close:
        hint = (
            f"did you mean {', '.join(close[:-1])} or {close[-1]}?"
            if len(close) > 1
            else f"did you mean {close[0]}?"
        )
    return f"sheetgen explain: error: unknown rule id {text!r}; {hint}"


def explained(r: Ruling) -> list[tuple[str, str]]:
    """What ``sheetgen explain`` prints of ``r`` below its title: the game's rule text, if
    it has one, then :func:`fields`."""
    game = [("Game", f"{r.game}, {TEXTS[r.game]}")] if r.game else []
    return game + fields(r)


_SECTIONS = (
    ("", "Input and scenario ids"),
    (_SF, TEXTS[_SF]),
    (_KR, TEXTS[_KR]),
    (_KH, TEXTS[_KH]),
    (_SC, TEXTS[_SC]),
)


def reads(r: Ruling) -> str:
    """What ``r`` reads: the rule text and its section(s), or that it reads none."""
    if r.game:
        return f"{r.text}: {r.reads}"
    return r.reads or "no rule text (an input rule of sheetgen)"


def fields(r: Ruling) -> list[tuple[str, str]]:
    """What ``sheetgen explain`` and ``docs/rulings.md`` say of ``r``, as (label, text)."""
    out = [("Decides", r.decides), ("Why", r.why), ("Rule text", reads(r))]
    if r.severities:
        kinds = [f"{s.value}s" for s in r.severities]
        said = kinds[0] if len(kinds) == 1 else f"{', '.join(kinds[:-1])} and {kinds[-1]}"
        what = "a broken rule" if r.exit_status == 1 else "input that cannot be used"
        tail = f"; an error exits {r.exit_status} ({what})" if Severity.ERROR in r.severities else ""
        out.append(("Cited by", f"{said}{tail}"))
    else:
        out.append(("Cited by", "no finding: the ruling shapes what sheetgen prints"))
    out.append(("Used by", r.used_by))
    return out


def markdown() -> str:
    """``docs/rulings.md``: every ruling as Markdown, generated from :data:`RULINGS`."""
    out = [
        "# Rulings",
        "",
        "<!-- Generated from sheetgen/core/rulings.py by `python scripts/rulings_doc.py`;",
        "     edit that module, not this page (a test holds the two equal). -->",
        "",
        "Every finding sheetgen prints names the rule it applies, in brackets:",
        "",
        "```",
        "designs/starfire/illegal/sf7-over-hull-spaces.yaml:5:10: error [SF-7] systems use 20 HS "
        "but the CT hull has 16 HS: 4 too many",
        "```",
        "",
        "An id such as `SF-7` is a *ruling*: how the project reads its game's rule text, above",
        "all where the text is silent, garbled or loose. `FILE`, `YAML`, `SCHEMA`, `GAME` and",
        "`SCENARIO` are the project's own ids for input it cannot use and for scenario set-ups.",
        "`sheetgen explain SF-7` prints one entry below and `sheetgen explain --list` lists them",
        "all. An error citing an id makes `sheetgen` exit with the status given for it.",
        "",
        "Rule texts are named by section, never quoted; the numbers sheetgen encodes come from",
        "them, and the code cites the ruling beside each one (`# RULINGS SF-5`).",
        "",
        "| rule text | `game:` | ids |",
        "|---|---|---|",
    ]
    for game, title in TEXTS.items():
        ids = [r.id for r in RULINGS if r.game == game]
        out.append(f"| {title} | `{game}` | {ids[0]} to {ids[-1]} |")
    for game, heading in _SECTIONS:
        out += ["", f"## {heading}"]
        for r in (r for r in RULINGS if r.game == game):
            out += ["", f"### {r.id}: {r.title}", ""]
            out += [f"- **{label}:** {text}" for label, text in fields(r)]
    return "\n".join(out) + "\n"
