"""Kill Radius: Quick & Dirty Starship Combat (``game: kill-radius``), seed ``000_608a47ddada5aaa7.txt``.

A design file::

    game: kill-radius
    name: Vigilant
    class: Vigilant-class             # optional
    type: light carrier               # one of the text's ship types, or a free name
    number: 7                         # the starting Number, 1 to 10 (KR-1)
    fighters: 7                       # carriers only; default: as many as the Number allows (KR-5)
    carrier: true                     # only for a free type name that is a carrier
    notes: Flagship of the screen.    # optional

A fleet file holds several designs with a ``count`` each (``fleet:``, ``side:``,
``designs:``); ``sheetgen stats`` and the roster sheet print the fleet's total
Number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from sheetgen.core.fields import Fields
from sheetgen.core.findings import Finding, error
from sheetgen.core.jsondata import JSONObject
from sheetgen.core.rounding import percent_text
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
from sheetgen.games.killradius import data, play, rules
from sheetgen.games.killradius.parse import design_schema, parse_design
from sheetgen.games.killradius.play import recovery_chance
from sheetgen.games.killradius.rulings import RULINGS
from sheetgen.games.killradius.stats import KillRadiusStats
from sheetgen.games.killradius.stats import derive as derive_stats
from sheetgen.games.killradius.stats import fleet_totals as stats_fleet_totals

if TYPE_CHECKING:  # the card is built only by the verbs that print it
    from sheetgen.core.card import Card
    from sheetgen.games.base import PaletteItem

__all__ = ["GAME", "KillRadius"]


class KillRadius(Game[rules.Design, KillRadiusStats]):
    """The Kill Radius rules module (RULINGS KR-1 .. KR-6)."""

    id = "kill-radius"
    dice = ((1, data.DIE_SIDES),)
    #: the combat phases one by one, highest Number first, then the rest of the turn
    turn_phases = (
        *(f"Combat phase {n}" for n in range(data.PHASES, 0, -1)),
        *(name for name, _ in data.TURN_SEQUENCE[1:]),
    )
    title = "Kill Radius: Quick & Dirty Starship Combat"
    seed = "000_608a47ddada5aaa7.txt"
    rulings = RULINGS
    first_scenario = "border-clash.yaml"
    form_fields = (
        FormField("type", "Type"),
        FormField("number", "Number"),
        FormField("carrier", "Carrier"),
        FormField("fighters", "Fighters"),
    )

    def parse(self, fields: Fields) -> rules.Design:
        return parse_design(fields)

    def design_schema(self) -> dict[str, Any]:
        return design_schema()

    def check(self, design: rules.Design) -> list[Finding]:
        from sheetgen.games.killradius.live import condition_findings

        return rules.check(design) + condition_findings(self.derive(design), design.condition)

    def derive(self, design: rules.Design) -> KillRadiusStats:
        return derive_stats(design)

    def palette(self) -> list[PaletteItem]:
        from sheetgen.games.killradius.palette import palette

        return palette()

    def budget(self, stats: KillRadiusStats) -> list[Budget]:
        """A carrier's fighters as built of the most its starting Number holds (KR-5); none
        for a ship that is no carrier."""
        if not stats.carrier:
            return []
        return [Budget("fighters", stats.fighters_built, stats.fighter_capacity, "fighters", "KR-5")]

    def summary(self, stats: KillRadiusStats) -> list[tuple[str, str]]:
        s = stats
        if s.type_listed:
            kind = f"{s.type} (the text lists it under Number {s.type_number})"
        else:
            kind = f"{s.type} (free type name)"
        rows = [("type", kind), ("Number", str(s.number))]
        if s.half_number is not None:
            if s.reduced_movement_points is None:
                rows += [
                    ("movement points", str(s.movement_points)),
                    ("facing changes", str(s.facing_changes)),
                    ("half Number", f"{s.half_number} (any damage destroys it)"),
                    ("recovery", "none"),
                ]
            else:
                at_half = f"at Number {s.half_number} or less"
                rows += [
                    ("movement points", f"{s.movement_points} ({s.reduced_movement_points} {at_half})"),
                    ("facing changes", f"{s.facing_changes} ({s.reduced_facing_changes} {at_half})"),
                    ("half Number", str(s.half_number)),
                    (
                        "recovery",
                        f"d10 ≤ {s.recovery_roll} ({percent_text(recovery_chance(s.number))}) at Number "
                        + (
                            f"{s.half_number} to {s.number - 1}"
                            if s.half_number < s.number - 1
                            else str(s.half_number)
                        ),
                    ),
                ]
        if s.carrier:  # as built, as the rows above; the "now" row has the ship by its condition:
            rows.append(
                (
                    "carrier",
                    f"{s.fighters_built} of {s.fighter_capacity} fighters aboard; deploys up to "
                    f"{play.deploy_limit(s.fighters_built)} a phase; rolls with "
                    f"{s.carrier_roll_number if s.carrier_roll_number is not None else '?'}",
                )
            )
        else:
            rows.append(("carrier", "no"))
        if s.count > 1:
            rows.append(("count", str(s.count)))
        return rows

    def carried_over(self, design: dict[str, Any], stats: KillRadiusStats) -> dict[str, Any]:
        """A carrier's fighters are those it holds now, at most the lowest Number it has had
        in play: the others had to land on another carrier or were lost, and recovering its
        Number brings none back (Kill Radius, Fighters)."""
        if not stats.carrier or stats.fighters >= stats.fighters_built:
            return design
        cond = {k: v for k, v in (design.get("condition") or {}).items() if k != "fighters"}
        return {**design, "fighters": stats.fighters, "condition": cond}  # those aboard, now built in

    def fleet_totals(self, ships: list[tuple[KillRadiusStats, int]]) -> list[tuple[str, str]]:
        """Ships, total Number and fighters of a fleet (``(stats, count)`` pairs)."""
        return [(label, str(value)) for label, value in stats_fleet_totals(ships).items()]

    def fleet_totals_json(self, ships: list[tuple[KillRadiusStats, int]]) -> JSONObject:
        """``{"ships", "total_number", "carriers", "fighters"}``: the same totals as numbers."""
        return {label.replace(" ", "_").lower(): value for label, value in stats_fleet_totals(ships).items()}

    def sheet_ship(self, stats: KillRadiusStats, findings: list[Finding]) -> View:
        from sheetgen.games.killradius.sheet import ship_view

        return ship_view(stats, findings)

    def record_fields(self, view: View) -> list[RecordField]:
        """The ship's Number (it drops by the turn's damage after the last phase; the
        design's ``condition:`` Number where it gives one), the damage noted this turn, and
        a carrier's fighters aboard (those it holds at its current Number)."""
        number, fighters = view["number"], view["fighters"]
        if view.get("number_now") is not None:
            number = view["number_now"]
        assert isinstance(number, int) and isinstance(fighters, int)
        fields = [RecordField("Number", number=number), RecordField("Damage this turn", number=0)]
        if view["carrier"]:
            fields.append(RecordField("Fighters aboard", number=fighters))
        return fields

    def sheet_context(self, ships: list[View]) -> View:
        from sheetgen.games.killradius.sheet import roster_context

        return roster_context(ships)

    def reference(self) -> Card:
        from sheetgen.games.killradius.card import card

        return card()

    def counter(self, stats: KillRadiusStats) -> tuple[CounterFace, CounterFace]:
        """Front: name, Number and MP, facing arrow. Back: the ship at its half
        threshold, the Number it flips at and the reduced MP (KR-3); a Number 1
        ship, which any damage destroys, has its side's emblem on the back."""
        s = stats
        unknown = "?"
        front = CounterFace(
            s.name,
            (
                ("#", str(s.number)),
                ("MP", unknown if s.movement_points is None else str(s.movement_points)),
            ),
        )
        if s.reduced_movement_points is None:
            # a Number 1 ship has no reduced side: any damage destroys it
            return front, CounterFace(s.name, arrow=False, emblem=True)
        back = CounterFace(
            s.name,
            (
                ("#", unknown if s.half_number is None else str(s.half_number)),
                ("MP", unknown if s.reduced_movement_points is None else str(s.reduced_movement_points)),
            ),
            banner="HALF · NO DEPLOY" if s.carrier else "HALF",
        )
        if s.condition is not None:  # the ship as play left it: the reduced side up at half or below
            from sheetgen.games.killradius import live

            now = live.now(live.start(s))
            if now["reduced"]:
                return replace(
                    back, values=(("#", str(now["number"])), ("MP", str(now["movement_points"])))
                ), front
            front = replace(front, values=(("#", str(now["number"])), ("MP", str(now["movement_points"]))))
        return front, back

    def markers(self) -> list[Marker]:
        """Vector markers and fighters for each side, pinned-fighter markers, and
        numbered damage markers. A fighter's back (``F2``) shows it has flown one
        fighters segment: it is recovered after the next (seed 000, Fighters)."""
        return [
            Marker("V", "vector marker", count=6, per_side=True),
            Marker("F", "fighter", count=12, per_side=True, back="F2"),
            Marker("PIN", "pinned", count=4, per_side=True),
            Marker("DMG", "damage", count=10, numbered=True),
        ]

    def stack_allowed(self, ships: Sequence[KillRadiusStats]) -> bool:
        """Ships may stack up to a total Number of 7 (:func:`~sheetgen.games.killradius.play.stack_ok`),
        each counting its current Number (a ``condition:`` Number; Kill Radius, Damage: a ship
        uses its current Number, not its starting one)."""
        return play.stack_ok(_current(s) for s in ships)

    def start_findings(self, placed: Sequence[Placed[KillRadiusStats]]) -> list[Finding]:
        """Ships may stack only up to a total Number of 7 (Kill Radius, Movement step 2;
        :func:`~sheetgen.games.killradius.play.stack_ok`): a hex where two or more ships
        start with a greater total is one ``SCENARIO`` error at the start position that
        makes the stack too big, naming each ship's Number. Each ship counts its current
        Number (a ``condition:`` Number; Kill Radius, Damage), named with its starting one
        ("4, starting 7") where they differ. A lone ship of any Number is no stack."""
        out: list[Finding] = []
        for stack in stacks(placed):
            numbers = [_current(p.stats) for p in stack]
            if self.stack_allowed([p.stats for p in stack]):
                continue
            over = next(i for i in range(2, len(stack) + 1) if not play.stack_ok(numbers[:i])) - 1
            ships = ", ".join(
                f"{p.name} ({n}{'' if n == p.stats.number else f', starting {p.stats.number}'})"
                for p, n in zip(stack, numbers, strict=True)
            )
            out.append(
                error(
                    "SCENARIO",
                    f"{ships} start stacked in hex {stack[0].label}, total Number {sum(numbers)}; "
                    f"ships may stack only up to a total Number of {data.STACKING_LIMIT} "
                    "(Kill Radius, Movement)",
                    stack[over].path,
                )
            )
        return out

    def marker_needs(self, sides: Sequence[Sequence[KillRadiusStats]]) -> list[MarkerNeed]:
        """What a scenario's table uses of :meth:`markers`, for ``sides`` (each side's ships):

        - vector markers: one per ship of the side (Kill Radius, Movement: a ship's
          temporary marker marks where it began its move until its new vector is noted);
        - fighters: the fighters the side's carriers hold at the start (Ship types and
          Fighters: a carrier holds as many as its Number, and all start aboard unless the
          scenario says otherwise; none for a side without a carrier);
        - pinned: as many as the side has fighters, but no more than the other sides
          have (Fighters, Dogfight: a fighter moving into a hex of fighters pins them, so
          every pinned stack needs one of its own fighters and an enemy one);
        - damage: one numbered marker per ship on the map.
        """
        vector, fighter, pinned, damage = self.markers()
        fighters = [sum(s.fighters for s in side if s.carrier) for side in sides]
        total = sum(fighters)
        return [
            MarkerNeed(vector, tuple(len(side) for side in sides)),
            MarkerNeed(fighter, tuple(fighters)),
            MarkerNeed(pinned, tuple(min(own, total - own) for own in fighters)),
            MarkerNeed(damage, (sum(len(side) for side in sides),)),
        ]


def _current(stats: KillRadiusStats) -> int:
    """The Number ``stats``' ship has now (its ``condition:`` Number, else its starting
    Number; a Number outside 1 to 10 as written)."""
    now = stats.number_now
    return stats.number if now is None else now


GAME = KillRadius()
