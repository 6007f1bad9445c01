"""The rulings of Kill Radius (``KR-1`` ...): how sheetgen reads the rule text where it is
silent, garbled or needs a precise reading, each with what it decides, why, and the rule
text's section(s) it reads (named, never quoted). :func:`sheetgen.games.rulebook` gathers
them for ``sheetgen explain`` and ``docs/rulings.md``; the rule text's title is the game's
``title``.
"""

from __future__ import annotations

from sheetgen.core.findings import Severity
from sheetgen.core.rulings import Ruling

__all__ = ["RULINGS"]

_KR = "kill-radius"
_E, _N, _W = Severity.ERROR, Severity.NOTE, Severity.WARNING

#: This game's rulings, in the order the documentation lists them.
RULINGS: tuple[Ruling, ...] = (
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
        "Number divided by 3, rounded up. A carrier resuming at a lower Number (condition:) holds "
        "only that many of its fighters: the others must land on another carrier or are lost (a "
        "warning), and sheets, stats and fleet totals count the fighters it holds.",
        "The text says a carrier holds its Number of fighters; the checks make that the "
        "maximum, not a requirement. Its Fighters section bounds them by the current Number, "
        "so a damaged carrier fielded again cannot keep a full load.",
        "Numbers & Ship Types (the starred note); Carriers; Fighters",
        "validate; stats, record sheets",
        severities=(_E, _W, _N),
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
)
