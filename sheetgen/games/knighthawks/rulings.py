"""The rulings of Knight Hawks 2000 (``KH-1`` ...): how sheetgen reads the rule text where it is
silent, garbled or needs a precise reading, each with what it decides, why, and the rule
text's section(s) it reads (named, never quoted). :func:`sheetgen.games.rulebook` gathers
them for ``sheetgen explain`` and ``docs/rulings.md``; the rule text's title is the game's
``title``.
"""

from __future__ import annotations

from sheetgen.core.findings import Severity
from sheetgen.core.rulings import Ruling

__all__ = ["RULINGS"]

_KH = "knight-hawks-2000"
_E, _N, _W = Severity.ERROR, Severity.NOTE, Severity.WARNING

#: This game's rulings, in the order the documentation lists them.
RULINGS: tuple[Ruling, ...] = (
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
    Ruling(
        "KH-8",
        "Who fires a weapon in play",
        _KH,
        "Play mode gives each attack the base to hit of its gunner: a gunner whose post names "
        "the weapon's code or name or its linked group (the best of them); else the best crew "
        "member without a post who has the Gunner skill (a fighter's pilot); else a default "
        "gunner of STR or DEX 50 and no Gunner level, a base of 25%. The base is half the "
        "higher of STR and DEX plus 10 a Gunner level; a gunner whose design gives neither "
        "score fires on 50 with their own Gunner level (Gunner 2: 25 + 20 = 45). The final to hit is "
        "rounded down to a whole percent (a d100 roll is whole). Guided weapons (missiles, "
        "drones, mines) and grapples get no to-hit: the text gives none for a robot brain. "
        "Other modifiers, the pilot's Vehicular Combat among them, are the players' to give.",
        "The text's NPC crew skills table is empty and it never says who fires an unmanned "
        "weapon; a middle score and no skill is the plainest choice. The text's +10% a Gunner "
        "level stands apart from the score, so a posted gunner without one keeps it. The text gives Vehicular Combat as a plus or minus "
        "without saying how a level turns into percent, so it is not invented.",
        "HIT DETERMINATION; NPC CREW SKILLS; SHIP's VEHICLES (Remote Piloting)",
        "play",
        severities=(),
    ),
    Ruling(
        "KH-9",
        "A multi-missile drone's payload against magnetic shielding",
        _KH,
        "A multi-missile drone is a drone as a target (ICM salvos act on it), but the damage it "
        "does is its payload's, torpedoes or seeker missiles, so magnetic shielding halves it "
        "as it halves any missile that hits: 6,900 becomes 3,450. Drone fighters keep the "
        "drone's defences only.",
        "The text gives the drone's damage as what it releases, and its torpedoes otherwise act "
        "like seeker missiles, which shielding halves. A drone fighter's damage mixes laser pods "
        "and micromissiles without a split, so nothing is halved there.",
        "WEAPONS (Multi-Missile Drones, Torpedos); DEFENSIVE SYSTEMS (Magnetic Deflection Shielding)",
        "play; record sheets and reference card (their 'cut by' column)",
        severities=(),
    ),
    Ruling(
        "KH-10",
        "No repairs during a disastrous fire",
        _KH,
        "While a disastrous fire burns the ship makes no repair roll: its repair chance is 0, "
        "not the 10 a skill level that would be left once the DCR is gone, and a repair roll "
        "is refused.",
        "The fire takes all power and all DCR, and the repair chance is that DCR modified by "
        "the crew's skills: with the damage-control robots' base gone there is nothing for the "
        "skills to modify. The ship must be abandoned within HS turns, which leaves no way to "
        "repair it out of the fire.",
        "EXPLANATION OF DAMAGE RESULTS (Disastrous Fire); REPAIRS",
        "play",
        severities=(),
    ),
    Ruling(
        "KH-11",
        "Engine damage and the structure's state together",
        _KH,
        "A ship's ADF and MR are what its void engines and maneuver jets leave (ADF -1 a "
        "damaged engine, ADF / engines a destroyed one; MR -1 a damaged jet, 0 with a destroyed "
        "one), then halved at half structure, or halved and at most 1 at two-thirds, whichever "
        "came first. ADF 3 with two engines, one damaged: 1 at half structure, 1 at two-thirds; "
        "one destroyed: 3/4 at half structure.",
        "The text gives each effect alone and never says how they meet. Taking the engines "
        "first makes the result the same whatever order the hits came in, and a ship with a "
        "working engine at two-thirds keeps the 1 the text gives it, where subtracting after "
        "halving would leave ADF 0.",
        "EXPLANATION OF DAMAGE RESULTS (Void Engine, Maneuver Jet, structural damage)",
        "play",
        severities=(),
    ),
)
