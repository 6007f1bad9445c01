"""Solar Starfire Quick Start (``game: starfire``), seed ``001_b9f623f3fd936927.txt``.

A design file::

    game: starfire
    name: Arrow
    class: Arrow-class corvette      # optional
    hull: CT                         # a Hull Chart code
    systems: SSAA(I)(I)(I)QLR        # the system string, or a list of its parts
    speed: 6                         # optional design speed (SF-1)
    turn_mode: 2                     # optional; warned if it disagrees (SF-1)
    munitions: {R: 12}               # per launcher (SF-9)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheetgen.core.findings import Char, Finding, InputError, Severity, error
from sheetgen.core.schema import Fields
from sheetgen.games.base import CounterFace, Game, Marker
from sheetgen.games.starfire import rules
from sheetgen.games.starfire.notation import parse_notation, parse_system_string

if TYPE_CHECKING:  # the card is built only by the verbs that print it
    from sheetgen.core.card import Card

__all__ = ["GAME", "Starfire"]


class Starfire(Game):
    """The Starfire rules module (RULINGS SF-1 .. SF-11)."""

    id = "starfire"
    title = "Solar Starfire Quick Start"
    seed = "001_b9f623f3fd936927.txt"
    sheet_template = "starfire/sheet.html.j2"

    def parse(self, fields: Fields) -> rules.Design:
        name = fields.text("name", "", required=True) or ""
        hull = (fields.text("hull", "", required=True) or "").strip().upper()
        systems_text = ""
        raw = fields.raw("systems", required=True)
        if isinstance(raw, list):
            parts = fields.text_list("systems") or []
            systems_text = "".join(parts)
            # positions of list items cannot be mapped into one string; point at the list
            parsed = parse_system_string(systems_text)
            parsed.findings = [Finding(f.rule, f.severity, f.message, ()) for f in parsed.findings]
        else:
            systems_text = fields.text("systems", "") or ""
            parsed = parse_system_string(systems_text)
        design = rules.Design(
            name=name,
            hull=hull,
            systems=parsed,
            systems_text=systems_text,
            design_class=fields.text("class"),
            speed=fields.integer("speed", minimum=0),
            turn_mode=fields.integer("turn_mode", minimum=0),
            munitions=fields.counts("munitions", minimum=0),
            notes=fields.text("notes"),
        )
        fields.done()
        return design

    def check(self, design: Any) -> list[Finding]:
        return rules.check(design)

    def derive(self, design: Any) -> rules.StarfireStats:
        return rules.derive(design)

    def summary(self, stats: Any) -> list[tuple[str, str]]:
        s: rules.StarfireStats = stats
        rows = [
            ("hull", f"{s.hull} ({s.hull_name}, {s.kind})"),
            (
                "hull spaces",
                f"{s.hull_spaces_used} / {s.hull_spaces} HS ({s.hull_spaces_free} free)",
            ),
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

    def sheet_ship(self, stats: Any, findings: list[Finding]) -> dict[str, Any]:
        from sheetgen.games.starfire.sheet import ship_view

        return ship_view(stats, findings)

    def reference(self) -> Card:
        from sheetgen.games.starfire.card import card

        return card()

    def counter(self, stats: Any) -> tuple[CounterFace, CounterFace]:
        """Front: hull, MP and TM, facing arrow (Starfire counters face a hexside).
        Back: the same ship with every engine room lost (0 MP)."""
        s: rules.StarfireStats = stats
        front = CounterFace(s.name, (("", s.hull), ("MP", str(s.movement_points)), ("TM", str(s.turn_mode))))
        back = CounterFace(
            s.name, (("", s.hull), ("MP", "0"), ("TM", str(s.turn_mode))), banner="ENGINES LOST"
        )
        return front, back

    def markers(self) -> list[Marker]:
        """Warp points, planets and moons, shield-down markers, numbered damage markers."""
        return [
            Marker("WP", "warp point", count=2),
            Marker("P", "planet", count=2),
            Marker("M", "moon", count=3),
            Marker("S↓", "shields down", count=6, per_side=True),
            Marker("DMG", "damage", count=10, numbered=True),
        ]

    def scenario_findings(self, scenario: Any) -> list[Finding]:
        """The Quick Start scenarios presume one design type per hull size (seed 001,
        scenarios; RULINGS SF-11): a side fielding two designs of one hull is warned."""
        out: list[Finding] = []
        for i, side in enumerate(scenario.sides):
            by_hull: dict[str, list[str]] = {}
            for ship in side.ships:
                designs = by_hull.setdefault(ship.entry.stats.hull, [])
                if ship.entry.stats.name not in designs:
                    designs.append(ship.entry.stats.name)
            for hull, designs in by_hull.items():
                if len(designs) > 1:
                    out.append(
                        Finding(
                            "SF-11",
                            Severity.WARNING,
                            f"{side.name} fields {len(designs)} {hull} designs ({', '.join(designs)}); "
                            "the Quick Start scenarios presume one design per hull size",
                            ("sides", i, "fleet"),
                        )
                    )
        return out

    def import_notation(self, text: str, name: str) -> tuple[dict[str, Any], list[Finding]]:
        """Read ``HULL-[TM]-SYSTEMS-[MP]`` (see :mod:`~sheetgen.games.starfire.notation`).

        Returns the design as a YAML-ready mapping (system string normalised:
        repeats expanded, ``+`` where SF-6 puts it) and every finding, placed by
        :class:`Char` offsets into ``text``. A stated turn mode or speed that
        differs from what the rules derive is a warning showing both numbers.
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
        n = parse_notation(text)
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
        stats = rules.derive(design)
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
            if f.path == ("speed",) and severity is Severity.NOTE:
                # a bracketed speed below what the engines give: shown as a warning on import
                severity = Severity.WARNING
            findings.append(Finding(f.rule, severity, message, path))
        out: dict[str, Any] = {
            "game": self.id,
            "name": name,
            "hull": n.hull,
            "systems": stats.system_string,
        }
        if n.turn_mode is not None:
            out["turn_mode"] = n.turn_mode
        if n.speed is not None:
            out["speed"] = n.speed
        return out, findings


GAME = Starfire()
