"""A stand-in game: any :class:`~sheetgen.games.base.Game` must print, not only
Starfire, and adding a game is one package and one registry line
(tests/test_adding_a_game.py registers it and finds it wherever the front ends list games). Its counters differ from Starfire's on purpose: four
key numbers, a back that is the side's emblem, markers numbered per side and
markers with a different back.

Design file::

    game: stand-in
    name: Any name
    number: 7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheetgen.core.card import Card
from sheetgen.core.fields import Fields
from sheetgen.core.findings import Finding
from sheetgen.core.jsondata import JSONObject, stats_dict
from sheetgen.core.rulings import Ruling
from sheetgen.games.base import CounterFace, FormField, Game, Marker, View


@dataclass
class StandInDesign:
    name: str
    number: int
    count: int = 1


@dataclass
class StandInStats:
    name: str
    number: int
    design_class: str | None = None
    game: str = "stand-in"

    def to_dict(self) -> JSONObject:
        return stats_dict(self)


def parse_design(fields: Fields) -> StandInDesign:
    name = fields.text("name", required=True) or ""
    number = fields.integer("number", 5, minimum=1) or 5
    fields.done()
    return StandInDesign(name, number)


class StandIn(Game[StandInDesign, StandInStats]):
    id = "stand-in"
    title = "Stand-in game"
    seed = ""
    rulings = (
        Ruling(
            "ST-1",
            "The number",
            "stand-in",
            "A ship's number is at least 1; a design without one has 5.",
            "The stand-in's rule text gives no smaller ship.",
            "Ships",
            "validate; counters",
            severities=(),
        ),
    )
    form_fields = (FormField("number", "Number"),)

    def parse(self, fields: Fields) -> StandInDesign:
        return parse_design(fields)

    def design_schema(self) -> dict[str, Any]:
        return {"type": "object", "properties": {"name": {"type": "string"}, "number": {"type": "integer"}}}

    def check(self, design: StandInDesign) -> list[Finding]:
        return []

    def derive(self, design: StandInDesign) -> StandInStats:
        return StandInStats(design.name, design.number)

    def summary(self, stats: StandInStats) -> list[tuple[str, str]]:
        return [("number", str(stats.number))]

    def sheet_ship(self, stats: StandInStats, findings: list[Finding]) -> View:
        return {"name": stats.name}

    def reference(self) -> Card:
        return Card(self.id, self.title, [])

    def counter(self, stats: StandInStats) -> tuple[CounterFace, CounterFace]:
        n = stats.number
        front = CounterFace(
            stats.name, (("N", str(n)), ("MP", "3"), ("HS", "12"), ("ADF/MR", "3/2")), arrow=True
        )
        back = CounterFace(stats.name, arrow=False, emblem=True)
        return front, back

    def markers(self) -> list[Marker]:
        return [
            Marker("V", "vector", count=2, per_side=True),
            Marker("FTR", "fighters", count=3, per_side=True, numbered=True),
            Marker("ICM", "ICM cloud", count=2, back="ICM ½"),
        ]


GAME = StandIn()
