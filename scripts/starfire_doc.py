"""Fill the tables of docs/starfire.md from the Starfire game data (sheetgen/games/starfire/data.py).

The page's prose is written by hand; every table between a pair of markers

    <!-- generated: NAME -->
    ...
    <!-- end: NAME -->

is written by this script from the data the checks use, so it cannot drift from them.

    .venv/bin/python scripts/starfire_doc.py          # rewrite the tables
    .venv/bin/python scripts/starfire_doc.py --check  # exit 1 if a table is stale
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from sheetgen.games.starfire import data
from sheetgen.games.starfire.data import HULLS, SYSTEMS, RoomPattern
from sheetgen.games.starfire.notation import notation, parse_system_string
from sheetgen.games.starfire.play import engine_mp, fixed_rooms

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "starfire.md"

#: What each system is for, in the project's words (the facts the data holds are added to it).
SYSTEM_NOTES: dict[str, str] = {
    "A": "Takes damage after the shields; written right after them.",
    "D": "Tries to stop incoming missiles and torpedoes (the reference card has its table).",
    "E": "Beam weapon.",
    "F": "Beam weapon.",
    "G": "Short-ranged missile launcher, hits hard up close.",
    "H": "Cargo space.",
    "I": "One drive; drives sit in engine rooms, written in parentheses: `(I)`, `(II)`.",
    "L": "Beam weapon.",
    "Mg": "Magazine; a system like any other until a rule says more (SF-9).",
    "Pt": "Torpedo launcher, long reach.",
    "Q": "Crew quarters; each hull needs a number of them (the hull table's Q).",
    "R": "Long-ranged missile launcher.",
    "S": "Take damage first; always the first letters of the string.",
    "X": "Science instruments.",
    "Y": f"Without them a ship targets nothing beyond {data.UNSENSED_TARGETING_LIMIT} hexes.",
    "Z": "Datalink; takes no hull space; at most one, as the first internal system (after S and A).",
}

#: The worked examples: bundled designs the page walks through.
EXAMPLES = ("designs/starfire/ships/corvette-arrow.yaml", "designs/starfire/ships/light-cruiser-sabre.yaml")

_ROOMS_TEXT = {
    RoomPattern.SINGLE: "one drive each: `(I)(I)(I)`",
    RoomPattern.DOUBLE: "two drives each: `(II)(II)`",
    RoomPattern.ALTERNATING: "`(I)` and `(II)` alternating, the last `(II)`: `(I)(II)(I)(II)`",
    RoomPattern.NONE: "none: bases mount no drives",
}


def _rate(hull: data.Hull) -> str:
    rate = hull.mp_per_engine
    if rate is None:
        return "-"
    return str(rate.numerator) if rate.denominator == 1 else f"{rate.numerator}/{rate.denominator}"


def hulls_table() -> str:
    """One row per hull of the Hull Chart."""
    rows = [
        "| hull | name | kind | HS | Max MP | MP per drive | drives for Max MP | turn mode | Q required | engine rooms |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for h in HULLS.values():
        drives = "-" if h.mp_per_engine is None else str(math.ceil(h.max_mp / h.mp_per_engine))
        rows.append(
            f"| `{h.code}` | {h.name} | {h.kind.value} | {h.hull_spaces} | {h.max_mp} | {_rate(h)} "
            f"| {drives} | {h.turn_mode} | {h.quarters} | {_ROOMS_TEXT[h.rooms]} |"
        )
    return "\n".join(rows)


def _reach(code: str) -> int | None:
    row = data.WEAPONS.get(code)
    if row is None:
        return None
    return max(r for r, hit in zip(data.RANGES, row.to_hit, strict=True) if hit is not None)


def systems_table() -> str:
    """One row per system letter of the System Chart, with its notes."""
    missing = set(SYSTEMS) - set(SYSTEM_NOTES)
    if missing:
        raise SystemExit(f"no note for system {sorted(missing)} in scripts/starfire_doc.py")
    rows = ["| letter | system | HS | notes |", "|---|---|---|---|"]
    for code, s in sorted(SYSTEMS.items(), key=lambda kv: kv[0].lower()):
        notes = [SYSTEM_NOTES[code]]
        reach = _reach(code)
        if reach is not None:
            notes.append(f"Range 0-{reach} hexes.")
        arcs = sorted(h for h, codes in data.RESTRICTED_ARC.items() if code in codes)
        if arcs:
            notes.append(f"Restricted arc (`{code}+`) on {' and '.join(arcs)}.")
        if code in data.MUNITION_WEAPONS:
            notes.append(f"Fires munitions: state them per launcher (`munitions: {{{code}: N}}`).")
        if code in data.FREIGHTER_SYSTEMS:
            notes.append("Freighters may mount it.")
        rows.append(f"| `{code}` | {s.name} | {s.hull_spaces} | {' '.join(notes)} |")
    return "\n".join(rows)


def rooms_table() -> str:
    """How many drives each hull's rooms can hold, 1 to 8 drives."""
    counts = range(1, 9)
    rows = [
        "| drives | " + " | ".join(h for h, x in HULLS.items() if x.rooms is not RoomPattern.NONE) + " |",
        "|---|" + "---|" * sum(1 for x in HULLS.values() if x.rooms is not RoomPattern.NONE),
    ]
    for n in counts:
        cells = []
        for h in HULLS.values():
            if h.rooms is RoomPattern.NONE:
                continue
            sizes = fixed_rooms(h.rooms, n)
            cells.append(
                "cannot"
                if sizes is None
                else f"`{''.join('(' + 'I' * s + ')' for s in sizes)}` {engine_mp(h, n)} MP"
            )
        rows.append(f"| {n} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def munitions_table() -> str:
    """The weapons that fire munitions."""
    rows = ["| letter | weapon | range |", "|---|---|---|"]
    for code in data.MUNITION_WEAPONS:
        rows.append(f"| `{code}` | {data.WEAPONS[code].name} | 0-{_reach(code)} hexes |")
    return "\n".join(rows)


def _example(path: str) -> str:
    import yaml

    text = (ROOT / path).read_text(encoding="utf-8")
    design = yaml.safe_load(text)
    hull = HULLS[design["hull"]]
    parsed = parse_system_string(design["systems"])
    counts = Counter(s.code for s in parsed.slots)
    rows = ["| letter | system | how many | HS each | HS |", "|---|---|---|---|---|"]
    order = list(dict.fromkeys(s.code for s in parsed.slots))
    for code in order:
        s = SYSTEMS[code]
        rows.append(
            f"| `{code}` | {s.name} | {counts[code]} | {s.hull_spaces} | {counts[code] * s.hull_spaces} |"
        )
    used = sum(SYSTEMS[c].hull_spaces * n for c, n in counts.items())
    rooms = [sum(1 for i in room if parsed.slots[i].code == "I") for room in parsed.rooms]
    mp = engine_mp(hull, counts["I"])
    lines = [
        f"`{path}`:",
        "",
        "```yaml",
        text.rstrip("\n"),
        "```",
        "",
        *rows,
        f"| | **total** | {len(parsed.slots)} | | **{used} of {hull.hull_spaces}** |",
        "",
        f"- Hull spaces: {used} used of the {hull.code}'s {hull.hull_spaces}"
        + (" (full)." if used == hull.hull_spaces else f" ({hull.hull_spaces - used} free)."),
        f"- Drives: {counts['I']} in {len(rooms)} room{'s' if len(rooms) != 1 else ''} "
        f"`{''.join('(' + 'I' * n + ')' for n in rooms)}`, at {_rate(hull)} MP per drive: "
        f"{mp} MP (the hull's Max MP is {hull.max_mp}).",
        f"- Crew quarters: {counts['Q']} (the {hull.code} needs {hull.quarters}).",
        f"- Notation: `{notation(hull.code, design['systems'], hull.turn_mode, mp)}`.",
    ]
    return "\n".join(lines)


def examples() -> str:
    """The worked examples, each a bundled design and its arithmetic."""
    return "\n\n".join(_example(p) for p in EXAMPLES)


BLOCKS: dict[str, Callable[[], str]] = {
    "hulls": hulls_table,
    "systems": systems_table,
    "rooms": rooms_table,
    "munitions": munitions_table,
    "examples": examples,
}


def render(page: str) -> str:
    """``page`` with every generated block rewritten; raises SystemExit on a block missing."""
    for name, make in BLOCKS.items():
        pattern = re.compile(
            rf"(<!-- generated: {name} -->\n)(?:.*?\n)?(<!-- end: {name} -->)", flags=re.DOTALL
        )
        if not pattern.search(page):
            raise SystemExit(f"{PAGE.name} has no '<!-- generated: {name} -->' block")
        page = pattern.sub(lambda m, make=make: m.group(1) + make() + "\n" + m.group(2), page)
    return page


def main(argv: list[str]) -> int:
    current = PAGE.read_text(encoding="utf-8")
    text = render(current)
    if "--check" in argv:
        if current != text:
            print(f"{PAGE.name} is stale: run python scripts/starfire_doc.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
