"""Solar Starfire Quick Start (``game: starfire``), seed ``001_b9f623f3fd936927.txt``.

A design file::

    game: starfire
    name: Arrow
    class: Arrow-class corvette      # optional
    hull: CT                         # a Hull Chart code
    systems: SSAA(I)(I)(I)QLR        # the system string, or a list of its parts
    speed: 6                         # optional design speed; above Max MP or the engines: error (SF-1)
    turn_mode: 2                     # optional; warned if it disagrees (SF-1)
    munitions: {R: 12}               # per launcher (SF-9)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from sheetgen.core.fields import Fields
from sheetgen.core.findings import Char, Finding, InputError, Severity, error, note
from sheetgen.core.jsondata import JSON, JSONObject
from sheetgen.games.base import (
    Budget,
    CounterFace,
    FormField,
    Game,
    Marker,
    MarkerNeed,
    RecordField,
    View,
    counted,
)
from sheetgen.games.starfire import data, rules
from sheetgen.games.starfire.notation import Notation, capitalised, notation, other_notation, parse_notation
from sheetgen.games.starfire.parse import design_schema, parse_design
from sheetgen.games.starfire.rulings import RULINGS
from sheetgen.games.starfire.stats import StarfireStats
from sheetgen.games.starfire.stats import derive as derive_stats
from sheetgen.games.starfire.stats import fleet_totals as stats_fleet_totals

if TYPE_CHECKING:  # the card is built only by the verbs that print it
    from sheetgen.core.card import Card
    from sheetgen.games.base import PaletteItem

__all__ = ["GAME", "Starfire"]


#: Most characters of a pasted notation read: ten times what a design's system string may
#: hold, room for a long number, so the repeats in it are bounded before it is read.
MAX_PASTED = 10 * data.MAX_SYSTEMS_TEXT


def _case_fixed(n: Notation, text: str) -> None:
    """A pasted string whose only slip is letter case (``ct-sssaaa(i)(i)q``) is read in the
    Hull and System Charts' case and said once, as a note giving the string read: the
    capitals reading's ``SF-1`` error (:func:`~sheetgen.games.starfire.notation.parse_system_string`)
    becomes that note, and a hull in small letters joins it. The design file import writes
    is then legal as the browser's import writes it: one behaviour for both."""
    slip = next((f for f in n.systems.findings if f.message.startswith("system codes are capitals")), None)
    hull_typed = text[n.hull_offset : n.hull_offset + len(n.hull)]
    if slip is None and (hull_typed == n.hull or n.hull not in data.HULLS):
        return
    systems = capitalised(n.systems_text) if slip is not None else n.systems_text
    fixed = notation(n.hull, systems, n.turn_mode, n.speed)
    at = slip.path if slip is not None and hull_typed == n.hull else (Char(n.hull_offset),)
    said = note(
        "SF-1",
        f"letter case fixed: read as {fixed!r} (hull and system codes are capitals, Mg and Pt capitalised)",
        at,
    )
    if slip is None:
        n.findings.insert(0, said)
        return
    n.systems.findings[n.systems.findings.index(slip)] = said
    n.findings[n.findings.index(slip)] = said


class Starfire(Game[rules.Design, StarfireStats]):
    """The Starfire rules module (RULINGS SF-1 .. SF-11)."""

    id = "starfire"
    dice = data.DICE
    turn_phases = data.TURN_PHASES
    title = "Solar Starfire Quick Start"
    seed = "001_b9f623f3fd936927.txt"
    rulings = RULINGS
    first_scenario = "small-task-groups.yaml"
    notation_example = "CT-[2]-SSAA(I)(I)(I)QLR-[6]"
    form_fields = (
        FormField("hull", "Hull"),
        FormField("speed", "Speed (MP)"),
        FormField("turn_mode", "Turn mode"),
        FormField("systems", "Systems", 3),
    )
    # a stated speed, turn mode or munitions only adds checks of its own (SF-1, SF-9)
    checkable_without: ClassVar[dict[str, frozenset[str]]] = {
        **Game.checkable_without,
        "speed": frozenset(),
        "turn_mode": frozenset(),
        "munitions": frozenset({"SF-9"}),
    }

    def parse(self, fields: Fields) -> rules.Design:
        return parse_design(fields)

    def design_schema(self) -> dict[str, Any]:
        return design_schema()

    def check(self, design: rules.Design) -> list[Finding]:
        from sheetgen.games.starfire.live import condition_findings

        return rules.check(design) + condition_findings(derive_stats(design), design.condition)

    def derive(self, design: rules.Design) -> StarfireStats:
        return derive_stats(design)

    def summary(self, stats: StarfireStats) -> list[tuple[str, str]]:
        s = stats
        over = s.hull_spaces_used - s.hull_spaces
        room = f"{over} over" if over > 0 else f"{s.hull_spaces_free} free"  # SF-7
        rows = [
            ("hull", f"{s.hull} ({s.hull_name}, {s.kind})"),
            ("hull spaces", f"{s.hull_spaces_used} / {s.hull_spaces} HS ({room})"),
            ("turn mode", str(s.turn_mode)),
            ("movement points", f"{s.movement_points} (max {s.max_movement_points})"),
            ("engine rooms", " ".join("(" + "I" * n + ")" for n in s.engine_rooms) or "none"),
            ("MP as rooms are lost", " → ".join(str(m) for m in s.mp_after_rooms_lost)),
            ("crew quarters", f"{s.crew_quarters} (needs {s.crew_quarters_required})"),
            ("systems", s.system_string),
            ("notation", s.notation),
        ]
        if s.munitions:
            rows.append(("munitions", ", ".join(f"{k} {v} each" for k, v in s.munitions.items())))
        return rows

    def palette(self) -> list[PaletteItem]:
        from sheetgen.games.starfire.palette import palette

        return palette()

    def budget(self, stats: StarfireStats) -> list[Budget]:
        """Hull spaces used of the hull's (SF-7), crew quarters of those it needs (SF-2), and
        engine rooms present of those its drives need (SF-5: the hull's room pattern fixes
        how many rooms, and of what size, ``stats.engines`` drives fill; kept when the rooms
        written are exactly those). No engine-room bar for a base, a ship without drives, or
        a drive count no layout holds (the SF-5 finding says so)."""
        from sheetgen.games.starfire.data import HULLS
        from sheetgen.games.starfire.play import fixed_rooms

        s = stats
        if not s.hull_spaces:  # an unknown hull: nothing to measure against
            return []
        out = [
            Budget("hull spaces", s.hull_spaces_used, s.hull_spaces, "HS", "SF-7"),
            Budget("crew quarters", s.crew_quarters, s.crew_quarters_required, "Q", "SF-2", at_least=True),
        ]
        hull = HULLS.get(s.hull)
        needed = fixed_rooms(hull.rooms, s.engines) if hull is not None and s.engines else None
        if needed:
            rooms = len(s.engine_rooms)
            out.append(
                Budget("engine rooms", rooms, len(needed), "rooms", "SF-5", kept=s.engine_rooms == needed)
            )
        return out

    def fleet_totals(self, ships: list[tuple[StarfireStats, int]]) -> list[tuple[str, str]]:
        """Ships and hull spaces per hull (``DD  2 ships, 60 HS``), then ``total``: each ship
        counts its hull's HS from the Hull Chart (seed 001)."""
        hulls = stats_fleet_totals(ships)
        rows = [(h.hull, f"{counted(h.ships, 'ship')}, {h.hull_spaces:,} HS") for h in hulls]
        total = sum(h.ships for h in hulls), sum(h.hull_spaces for h in hulls)
        return [*rows, ("total", f"{counted(total[0], 'ship')}, {total[1]:,} HS")] if hulls else []

    def fleet_totals_json(self, ships: list[tuple[StarfireStats, int]]) -> JSONObject:
        """``{"ships", "hull_spaces", "hulls": [{"hull", "ships", "hull_spaces"}]}`` (HS)."""
        hulls = stats_fleet_totals(ships)
        return {
            "ships": sum(h.ships for h in hulls),
            "hull_spaces": sum(h.hull_spaces for h in hulls),
            "hulls": [{"hull": h.hull, "ships": h.ships, "hull_spaces": h.hull_spaces} for h in hulls],
        }

    def sheet_ship(self, stats: StarfireStats, findings: list[Finding]) -> View:
        from sheetgen.games.starfire.sheet import ship_view

        return ship_view(stats, findings)

    def damage_track(self, stats: StarfireStats, findings: list[Finding]) -> list[JSON]:
        """The damage track the record sheet prints (SF-3 damage order, SF-5 engine rooms
        with the MP left as each is lost): the sheet view's ``track``, each group's
        ``{"room", "boxes", "marks", "mp_after"}``."""
        track: list[JSON] = self.sheet_ship(stats, findings)["track"]  # type: ignore[assignment]
        return track

    def record_fields(self, view: View) -> list[RecordField]:
        """The damage track, one check box per printed box, left to right, each named by
        its place and system code (``03 A``): boxes are crossed off in that order; a box
        the design's ``condition:`` destroyed or knocked offline starts ticked."""
        track = view["track"]
        codes = [code for group in track for code in group["boxes"]]  # type: ignore[attr-defined]
        marks = [mark for group in track for mark in group["marks"]]  # type: ignore[attr-defined]
        return [
            RecordField(f"{i:02d} {code}", boxes=1, ticked=int(bool(mark)))
            for i, (code, mark) in enumerate(zip(codes, marks, strict=True), start=1)
        ]

    def reference(self) -> Card:
        from sheetgen.games.starfire.card import card

        return card()

    def counter(self, stats: StarfireStats) -> tuple[CounterFace, CounterFace]:
        """Front: hull, MP and TM, facing arrow (Starfire counters face a hexside).
        Back: a ship (warship or freighter) with every engine room lost (0 MP). A base
        has no engines (SF-4), so its back is never "engines lost": it is the base with
        its shields down when it mounts shields, else the front's numbers alone."""
        s = stats
        front = CounterFace(s.name, (("", s.hull), ("MP", str(s.movement_points)), ("TM", str(s.turn_mode))))
        if s.kind == "base":
            back = CounterFace(s.name, front.values, banner="SHIELDS DOWN" if s.shields else None)
        else:
            back = CounterFace(
                s.name, (("", s.hull), ("MP", "0"), ("TM", str(s.turn_mode))), banner="ENGINES LOST"
            )
        if s.condition is not None:  # the ship as play left it: the reduced side up where it is
            from sheetgen.games.starfire import live

            now = live.now(live.start(s))
            if s.kind == "base":
                return (back, front) if s.shields and now["shields_offline"] == s.shields else (front, back)
            if now["movement_points"] == 0 and s.movement_points:
                return back, front
            front = CounterFace(
                s.name, (("", s.hull), ("MP", str(now["movement_points"])), ("TM", str(s.turn_mode)))
            )
        return front, back

    def markers(self) -> list[Marker]:
        """Warp points, planets and moons, shield-down markers, numbered damage markers."""
        return [
            Marker("WP", "warp point", count=2, fill=False),
            Marker("P", "planet", count=2, fill=False),
            Marker("M", "moon", count=3, fill=False),
            Marker("S↓", "shields down", count=6, per_side=True),
            Marker("DMG", "damage", count=10, numbered=True),
        ]

    def marker_needs(self, sides: Sequence[Sequence[StarfireStats]]) -> list[MarkerNeed]:
        """What a scenario's table uses of :meth:`markers`, for ``sides`` (each side's ships):

        - warp points, planets and moons: none, the scenario's map prints its own terrain;
        - shields down: one per shield the side's ships mount (Solar Starfire Quick Start,
          Combat: damage knocks shields offline one at a time and they come back one at a
          time, so each shield can be down on its own); none for a side without shields;
        - damage: one numbered marker per ship on the map.
        """
        wp, planet, moon, shields_down, damage = self.markers()
        ships = sum(len(side) for side in sides)
        return [
            MarkerNeed(wp, (0,)),
            MarkerNeed(planet, (0,)),
            MarkerNeed(moon, (0,)),
            MarkerNeed(shields_down, tuple(sum(s.shields for s in side) for side in sides)),
            MarkerNeed(damage, (ships,)),
        ]

    def scenario_findings(self, sides: Sequence[tuple[str, Sequence[StarfireStats]]]) -> list[Finding]:
        """The Quick Start scenarios presume one design type per hull size (seed 001,
        scenarios; RULINGS SF-11): a side fielding two designs of one hull is warned."""
        out: list[Finding] = []
        for i, (side_name, ships) in enumerate(sides):
            by_hull: dict[str, list[str]] = {}
            for stats in ships:
                designs = by_hull.setdefault(stats.hull, [])
                if stats.name not in designs:
                    designs.append(stats.name)
            for hull, designs in by_hull.items():
                if len(designs) > 1:
                    out.append(
                        Finding(
                            "SF-11",
                            Severity.WARNING,
                            f"{side_name} fields {len(designs)} {hull} designs ({', '.join(designs)}); "
                            "the Quick Start scenarios presume one design per hull size",
                            ("sides", i, "fleet"),
                        )
                    )
        return out

    def import_notation(self, text: str, name: str) -> tuple[JSONObject, list[Finding]]:
        """Read ``HULL-[TM]-SYSTEMS-[MP]`` (see :mod:`~sheetgen.games.starfire.notation`).

        Returns the design as a YAML-ready mapping (system string normalised:
        repeats expanded, ``+`` where SF-6 puts it) and every finding, placed by
        :class:`Char` offsets into ``text``, with the severity ``validate`` gives the
        same design. A stated speed (MP) above the hull's Max MP or the engines' MP is
        an error (SF-1); a lower one is the design's choice, a note; a stated turn
        mode that differs from the hull's is a warning showing both numbers, and the
        mapping gets the hull's turn mode, never the stated wrong one.
        """
        if not text.strip():
            raise InputError(
                [
                    error(
                        "SF-1",
                        "nothing to import: paste a design such as CT-[2]-SSAA(I)(I)(I)QLR-[6]",
                        (Char(0),),
                    )
                ]
            )
        if len(text) > MAX_PASTED:  # measured before it is read
            raise InputError(
                [
                    error(
                        "SCHEMA",
                        f"the pasted text is {len(text):,} characters long; at most {MAX_PASTED:,} are read"
                        f" (a design's system string holds {data.MAX_SYSTEMS_TEXT:,})",
                        (Char(0),),
                    )
                ]
            )
        foreign = other_notation(text)
        if foreign is not None:  # another Starfire's notation: named in one line, nothing read
            raise InputError([foreign])
        n = parse_notation(text)
        cut = [f for f in n.systems.findings if f.message.startswith("the repeats write out")]
        cut = cut or [f for f in n.findings if f.rule == "SCHEMA"]  # a number longer than a file's
        if cut:  # what import would write is not what was pasted: refused, as a longer string is
            raise InputError(cut)
        _case_fixed(n, text)
        if not n.systems_text:
            # no system string at all: not a design that can be checked
            raise InputError(n.findings or [error("SF-1", "no system string", (Char(0),))])

        design = rules.Design(
            name=name,
            hull=n.hull,
            systems=n.systems,
            systems_text=n.systems_text,
            speed=n.speed,
            turn_mode=n.turn_mode,
            systems_path=(),
        )
        stats = derive_stats(design)
        longest = max(len(n.systems_text), len(stats.system_string))  # as pasted, and repeats written out
        if longest > data.MAX_SYSTEMS_TEXT:
            # the bound a design file's systems: holds (parse), so what import writes validates
            raise InputError(
                [
                    error(
                        "SCHEMA",
                        f"the system string is {longest:,} characters long written out; "
                        f"a design's is at most {data.MAX_SYSTEMS_TEXT:,}",
                        (Char(n.systems_offset),),
                    )
                ]
            )
        where = {"speed": n.speed_offset, "turn_mode": n.turn_mode_offset, "hull": n.hull_offset}
        findings: list[Finding] = n.findings[: len(n.findings) - len(n.systems.findings)]
        hull_reported = any(f.path == (Char(n.hull_offset),) and f.rule == "SF-1" for f in findings)
        for f in rules.check(design):
            if f.path == ("hull",) and hull_reported:
                continue
            path = f.path
            if path and isinstance(path[0], str):
                path = (Char(where.get(path[0], 0)),)
            message, severity = f.message, f.severity
            if f.path == ("turn_mode",) and n.hull in data.HULLS and severity is Severity.WARNING:
                message = f"{message}; the design file gets turn_mode {stats.turn_mode}"
            findings.append(Finding(f.rule, severity, message, path))
        out: JSONObject = {
            "game": self.id,
            "name": name,
            "hull": n.hull,
            "systems": stats.system_string,
        }
        if n.turn_mode is not None and n.hull in data.HULLS:
            # RULINGS SF-1: the turn mode is the hull's; a stated one that disagrees is warned
            # (both numbers) and the design file gets the hull's, never the wrong one.
            out["turn_mode"] = stats.turn_mode
        if n.speed is not None:
            out["speed"] = n.speed
        return out, findings


GAME = Starfire()
