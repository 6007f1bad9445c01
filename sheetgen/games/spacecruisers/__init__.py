"""Space Cruisers, custom version (``game: space-cruisers``), seed ``004_072c088ea38743b6.txt``.

A design file::

    game: space-cruisers
    name: The Courageous
    class: Courageous-class cruiser   # optional
    hull: military                    # military, commercial, station or fighter (SC-1)
    rules: basic                      # basic or advanced (default advanced, SC-2)
    systems: [Shields, Torps, Security, Drives x2]   # additional systems
    non_military: [cargo bay, science lab, mining equipment]   # commercial and station (SC-6)

``systems`` is a list (an item may carry a count, ``Drives x2``), a mapping
of counts (``{drives: 2, shields: 1}``) or one comma-separated line as the
text lists its sample ships. Names are the systems table's, in any case and
number, with the text's own short forms (``Torps``, ``Security``, ``Cloak``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sheetgen.core.fields import Fields
from sheetgen.core.findings import Char, Finding, Path, error, note
from sheetgen.core.jsondata import JSON, JSONObject
from sheetgen.games.base import (
    Budget,
    CounterFace,
    FormField,
    Game,
    Marker,
    MarkerNeed,
    Placed,
    RecordField,
    View,
    stacks,
)
from sheetgen.games.spacecruisers import data, play, rules
from sheetgen.games.spacecruisers.parse import design_schema, parse_design
from sheetgen.games.spacecruisers.rulings import RULINGS
from sheetgen.games.spacecruisers.stats import SpaceCruisersStats
from sheetgen.games.spacecruisers.stats import derive as derive_stats
from sheetgen.games.spacecruisers.stats import fleet_totals as stats_fleet_totals

if TYPE_CHECKING:  # the card is built only by the verbs that print it
    from sheetgen.core.card import Card
    from sheetgen.games.base import PaletteItem

__all__ = ["GAME", "SpaceCruisers"]


class SpaceCruisers(Game[rules.Design, SpaceCruisersStats]):
    """The Space Cruisers rules module (RULINGS SC-1 .. SC-7)."""

    id = "space-cruisers"
    title = "Space Cruisers"
    seed = "004_072c088ea38743b6.txt"
    rulings = RULINGS
    first_scenario = "kepler-station.yaml"
    notation_example = "Shields, Torps, Security, Drives x2"
    form_fields = (
        FormField("hull", "Hull"),
        FormField("rules", "Rules"),
    )
    rolls = True
    dice = data.DICE
    #: the turn sequence's phases as the rule text heads them (CLOAK PHASE: Cloak...)
    turn_phases = tuple(phase.capitalize() for phase in data.TURN_PHASES)

    def parse(self, fields: Fields) -> rules.Design:
        return parse_design(fields)

    def design_schema(self) -> dict[str, Any]:
        return design_schema()

    def check(self, design: rules.Design) -> list[Finding]:
        from sheetgen.games.spacecruisers.live import condition_findings

        return rules.check(design) + condition_findings(self.derive(design), design.condition)

    def derive(self, design: rules.Design) -> SpaceCruisersStats:
        return replace(derive_stats(design), condition=design.condition)

    def palette(self) -> list[PaletteItem]:
        from sheetgen.games.spacecruisers.palette import palette

        return palette()

    def budget(self, stats: SpaceCruisersStats) -> list[Budget]:
        """Additional systems of the most the hull takes (SC-1: fighters at most three);
        none for a hull without a cap."""
        hull = data.HULLS.get(stats.hull)
        if hull is None or hull.max_additional is None:
            return []
        return [
            Budget("additional systems", stats.additional_systems, hull.max_additional, "systems", "SC-1")
        ]

    def summary(self, stats: SpaceCruisersStats) -> list[tuple[str, str]]:
        s = stats
        rows = [
            ("hull", f"{s.hull_name} ({s.rules} rules)"),
            ("hull points", f"{s.hull_points} ({s.base_hull_points} + {s.armor} armor × 10)"),
            (
                "construction",
                f"{s.construction_points} CP, {s.additional_systems} additional systems, {s.size_class}",
            ),
            ("drives", str(s.drives)),
            ("initiative", f"d10 + {s.initiative_bonus}"),
            ("shields", str(s.shields)),
            ("evade attempts", str(s.evade_attempts)),
            (
                "systems",
                ", ".join(f"{x.name} ×{x.count}" if x.count > 1 else x.name for x in s.systems) or "none",
            ),
        ]
        for w in s.weapons:
            if w.hits_on is not None:
                shots = f", {w.shots} shots" if w.shots > 1 else ""
                rows.append(
                    (
                        f"  {w.name}",
                        f"×{w.count}: {w.hits_on}+ on d10, {w.damage}, range {w.range}, {w.arc}{shots}",
                    )
                )
            else:
                rows.append((f"  {w.name}", f"×{w.count}: range {w.range}, {w.arc}"))
        if s.non_military_slots:
            named = ", ".join(s.non_military) or "not named"
            rows.append(("non-military", f"{named} ({s.non_military_slots} with the hull)"))
        if s.fighters_carried:
            bays = f"{s.cargo_bays} cargo bay" + ("s" if s.cargo_bays != 1 else "")
            rows.append(("fighters", f"{s.fighters_carried} ({bays})"))
        return rows

    def fleet_totals(self, ships: list[tuple[SpaceCruisersStats, int]]) -> list[tuple[str, str]]:
        """Figures and construction points of a fleet (seed 004, Setup; SC-1)."""
        totals = stats_fleet_totals(ships)
        return [
            ("figures", str(totals["figures"])),
            ("construction points", str(totals["construction_points"])),
        ]

    def fleet_totals_json(self, ships: list[tuple[SpaceCruisersStats, int]]) -> JSONObject:
        """``{"figures", "construction_points"}``."""
        return {**stats_fleet_totals(ships)}

    def sheet_ship(self, stats: SpaceCruisersStats, findings: list[Finding]) -> View:
        from sheetgen.games.spacecruisers.sheet import ship_view

        return ship_view(stats, findings)

    def record_fields(self, view: View) -> list[RecordField]:
        """Hull points (counted down, below zero too), the hull boxes row by row, each
        system's boxes as printed, and the shields; from the design's ``condition:`` where
        it has one: hull points and intact shields now, the hull boxes above the hull points
        now and the drives lost ticked."""
        now = view.get("hull_now")
        hull = int(view["hull_points"] if now is None else now)  # type: ignore[call-overload]
        fields = [RecordField("Hull points", number=hull)]
        for row in view["hull_rows"]:  # type: ignore[attr-defined]
            above = sum(1 for box in row["boxes"] if box > hull)
            fields.append(RecordField(str(row["label"]).capitalize(), boxes=len(row["boxes"]), ticked=above))
        for system in view["systems"]:  # type: ignore[attr-defined]
            boxes = int(system["boxes"])
            fields.append(
                RecordField(str(system["label"]), boxes=boxes, ticked=min(int(system["lost"]), boxes))
            )
        shields = int(view["shields"]) - int(view.get("shields_blown") or 0)  # type: ignore[call-overload]
        fields.append(RecordField("Shields", number=shields))
        return fields

    def reference(self) -> Card:
        from sheetgen.games.spacecruisers.card import card

        return card()

    def counter(self, stats: SpaceCruisersStats) -> tuple[CounterFace, CounterFace]:
        """Front: hull points and drives, with a facing arrow (stations, which never
        move, have none). Back: the same ship with its shields down."""
        s = stats
        values = (("HP", str(s.hull_points)), ("D", str(s.drives)))
        arrow = not s.all_arcs
        front = CounterFace(s.name, values, arrow=arrow)
        back = CounterFace(s.name, values, arrow=arrow, banner="SHIELDS DOWN")
        if s.condition is not None:  # the ship as play left it: hull points now, shields down side up
            from sheetgen.games.spacecruisers import live

            now = live.now(live.start(s))
            values = (("HP", str(now["hull_points"])), ("D", str(s.drives)))
            front, back = replace(front, values=values), replace(back, values=values)
            if s.shields and not now["shields"]:
                return back, front
        return front, back

    def markers(self) -> list[Marker]:
        """Cloaked, disabled (ion shockwave: this turn on the front, next turn on the
        back), fighters, one marker per lasting critical result, numbered damage."""
        crit = [
            Marker(c.short, c.name.lower(), count=4, back=f"2nd hit: {c.twice}" if c.twice else None)
            for c in data.CRITICALS
            if c.twice or c.to_hit or c.damage or c.id in ("thrusters", "malfunction")
        ]
        return [
            Marker("CLOAK", "cloaked: −3 to be hit", count=4, per_side=True),
            Marker("DIS", "disabled this turn", count=6, back="disabled next turn"),
            Marker("F", "fighter", count=10, per_side=True, numbered=True),
            *crit,
            Marker("JUMP", "turbine used", count=4),
            Marker("DMG", "damage", count=10, numbered=True),
        ]

    def marker_needs(self, sides: Sequence[Sequence[SpaceCruisersStats]]) -> list[MarkerNeed]:
        """What a scenario's table uses of :meth:`markers`, for ``sides`` (each side's figures):

        - cloaked: one per ship of the side with a cloaking device (Space Cruisers, Cloak
          Phase: only ships with one may cloak; a ship has at most one);
        - disabled: one per figure on the map when any ship mounts an ion shockwave (it
          disables every ship within one hex, friends too), else none;
        - fighters: the fighters the side's ships carry, 5 per cargo bay (Fighter hulls);
          none for a side without cargo bays;
        - each lasting critical result: one per figure a critical roll does not simply
          destroy (Critical Damage Table; a fighter hull is destroyed by any roll);
        - turbine used: one per jump plasma turbine (one use each);
        - damage: one numbered marker per figure.
        """
        markers = {m.label: m for m in self.markers()}
        figures = [s for side in sides for s in side]
        lasting = sum(1 for s in figures if not s.critical_destroys)
        ion = any(w.name == "ion shockwave" for s in figures for w in s.weapons)
        out: list[MarkerNeed] = []
        for label, marker in markers.items():
            if label == "CLOAK":
                out.append(MarkerNeed(marker, tuple(sum(s.cloaking_device for s in side) for side in sides)))
            elif label == "DIS":
                out.append(MarkerNeed(marker, (len(figures) if ion else 0,)))
            elif label == "F":
                out.append(MarkerNeed(marker, tuple(sum(s.fighters_carried for s in side) for side in sides)))
            elif label == "JUMP":
                out.append(MarkerNeed(marker, (sum(s.jump_plasma_turbines for s in figures),)))
            elif label == "DMG":
                out.append(MarkerNeed(marker, (len(figures),)))
            else:  # a lasting critical result
                out.append(MarkerNeed(marker, (lasting,)))
        return out

    def scenario_findings(self, sides: Sequence[tuple[str, Sequence[SpaceCruisersStats]]]) -> list[Finding]:
        """The set-up rule (seed 004, Setup): the sides field equal numbers of figures
        (one figure per ship, fighters included), or, when the scenario uses the
        advanced rules (any of its designs is ``rules: advanced``), equal construction
        points (hull 2 + 1 per additional system, SC-1). A scenario meeting neither
        is one ``SCENARIO`` error at ``sides`` giving each side's figures and points.
        Under the advanced rules, equal figures with unequal points are legal but a
        ``SCENARIO`` note says so, since those rules measure a side in points.
        """
        if len(sides) < 2:
            return []
        figures = [len(ships) for _, ships in sides]
        points = [sum(s.construction_points for s in ships) for _, ships in sides]
        advanced = any(s.rules == "advanced" for _, ships in sides for s in ships)
        each = ", ".join(
            f"{name} {n} figure{'s' if n != 1 else ''} / {cp} CP"
            for (name, _), n, cp in zip(sides, figures, points, strict=True)
        )
        if advanced and len(set(points)) == 1:
            return []
        if len(set(figures)) == 1:
            if not advanced:
                return []
            return [
                note(
                    "SCENARIO",
                    f"equal figures but unequal construction points: {each}; the advanced rules "
                    "measure a side in construction points",
                    ("sides",),
                )
            ]
        wanted = (
            "equal numbers of figures or (advanced rules) equal construction points"
            if advanced
            else "equal numbers of figures (equal construction points only under the advanced rules)"
        )
        return [error("SCENARIO", f"unequal sides: {each}; the set-up asks for {wanted}", ("sides",))]

    def stack_allowed(self, ships: Sequence[SpaceCruisersStats]) -> bool:
        """Only one ship per hex (:func:`~sheetgen.games.spacecruisers.play.stack_allowed`)."""
        return play.stack_allowed(len(ships))

    def start_findings(self, placed: Sequence[Placed[SpaceCruisersStats]]) -> list[Finding]:
        """Only one ship per hex (Space Cruisers, Move Phase;
        :func:`~sheetgen.games.spacecruisers.play.stack_allowed`): each ship that starts
        in a hex another ship already starts in is one ``SCENARIO`` error at its start
        position."""
        out: list[Finding] = []
        for stack in stacks(placed):
            for i, p in enumerate(stack):
                if play.stack_allowed(i + 1):
                    continue
                out.append(
                    error(
                        "SCENARIO",
                        f"{p.name} starts in hex {p.label}, where {stack[0].name} starts; "
                        "only one ship may be in a hex (Space Cruisers, Move Phase)",
                        p.path,
                    )
                )
        return out

    def import_notation(self, text: str, name: str) -> tuple[JSONObject, list[Finding]]:
        """Read a ship written the way the text lists its sample ships,
        ``[Name:] Shields, Torps, Security, Drives x2``, on a military hull.

        Returns the design as a YAML-ready mapping (system names as the table
        writes them, counts as ``x2``) and every finding, placed by
        :class:`Char` offsets into ``text``. Five systems the d20 table can all
        roll are read as the basic rules; any other count, or a system the table
        cannot roll (missiles), as the advanced rules (RULINGS SC-2).
        """
        body, offset = text, 0
        head, sep, tail = text.partition(":")
        if sep and not any(rules.lookup_system(p) for p in head.split(",")):
            name = head.strip() or name
            body, offset = tail, len(head) + 1
        entries, problems = rules.parse_system_text(body, ())
        findings: list[Finding] = []
        for f in problems:
            findings.append(Finding(f.rule, f.severity, f.message, _shift(f.path, offset)))
        design = rules.Design(name=name, hull="military", systems=entries)
        rolled = all(e.system is None or data.SYSTEMS[e.system].on_table for e in entries)
        basic = design.additional == data.BASIC_ADDITIONAL and rolled
        design.rules = "basic" if basic else "advanced"
        for f in rules.check(design):
            findings.append(Finding(f.rule, f.severity, f.message, _shift(f.path, offset)))
        written: list[JSON] = []
        for e in entries:
            label = e.system or e.written
            written.append(f"{label} x{e.count}" if e.count > 1 else label)
        out: JSONObject = {
            "game": self.id,
            "name": name,
            "hull": "military",
            "rules": design.rules,
            "systems": written,
        }
        return out, findings

    def roll(
        self,
        seed: int,
        *,
        name: str | None = None,
        systems: int | None = None,
        hull: str | None = None,
        fighters: bool = False,
    ) -> str:
        """A ship rolled on the d20 systems table (SC-3) as commented YAML; see
        :func:`~sheetgen.games.spacecruisers.roll.roll_ship` (hull default
        ``military``). Raises ``ValueError`` for an unknown hull or too many systems."""
        from sheetgen.games.spacecruisers.roll import roll_ship

        ship = roll_ship(seed=seed, systems=systems, hull=hull or "military", fighters=fighters, name=name)
        return ship.to_yaml()


def _shift(path: Path, offset: int) -> Path:
    """A check's path turned into a Char offset into the imported text."""
    if path and isinstance(path[-1], Char):
        return (Char(path[-1].offset + offset),)
    return (Char(offset),)


GAME = SpaceCruisers()
