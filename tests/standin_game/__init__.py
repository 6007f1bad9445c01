"""A stand-in fifth game, kept in tests/: adding a game is one package, one registry
line, its example designs and scenarios, its record-sheet template and its guide
(docs/architecture.md, "Adding a game"). This package follows those steps: its rulings
in ``rulings.py``, its reader in ``parse.py``, and its own files under ``files/``, laid
out as the project's (``templates/stand-in/``, ``templates/new/stand-in.yaml``,
``designs/stand-in/``, ``docs/stand-in.md``, ``schemas/stand-in.schema.json``), which
:attr:`StandIn.home` points the one lookup (:meth:`~sheetgen.games.base.Game.files`) at.

tests/every_game.py registers it beside the real games in every cross-game test. Its
counters differ from Starfire's on purpose: four key numbers, a back that is the side's
emblem, markers numbered per side and markers with a different back.

Design file::

    game: stand-in
    name: Any name
    number: 7
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.core.card import Card, Pick, QuickCard, Section, Table
from sheetgen.core.fields import Fields
from sheetgen.core.findings import Finding, error
from sheetgen.core.jsondata import JSONObject, stats_dict
from sheetgen.games.base import CounterFace, FormField, Game, Marker, PaletteItem, View, name_size

from tests.standin_game.parse import StandInDesign, design_schema, parse_design
from tests.standin_game.rulings import RULINGS

__all__ = ["GAME", "StandIn", "StandInDesign", "StandInStats"]


@dataclass
class StandInStats:
    name: str
    number: int
    design_class: str | None = None
    design_notes: str | None = None
    game: str = "stand-in"

    def to_dict(self) -> JSONObject:
        return stats_dict(self)


class StandIn(Game[StandInDesign, StandInStats]):
    id = "stand-in"
    title = "Stand-in game"
    seed = ""
    home = Path(__file__).resolve().parent / "files"
    rulings = RULINGS
    first_scenario = "picket-line.yaml"
    form_fields = (FormField("number", "Number"),)

    def parse(self, fields: Fields) -> StandInDesign:
        return parse_design(fields)

    def design_schema(self) -> dict[str, Any]:
        return design_schema()

    def check(self, design: StandInDesign) -> list[Finding]:
        """ST-1: a ship's number is at least 1."""
        if design.number < 1:
            return [error("ST-1", f"number {design.number} is below 1", ("number",))]
        return []

    def derive(self, design: StandInDesign) -> StandInStats:
        return StandInStats(design.name, design.number, design.design_class, design.notes)

    def summary(self, stats: StandInStats) -> list[tuple[str, str]]:
        return [("number", str(stats.number))]

    def palette(self) -> list[PaletteItem]:
        """Each number 1..3 (ST-1), set with a click."""
        return [
            PaletteItem("numbers", str(n), f"Number {n}", "", f"{n} hits", "set", "number", str(n), "ST-1")
            for n in range(1, 4)
        ]

    def sheet_ship(self, stats: StandInStats, findings: list[Finding]) -> View:
        return {
            "name": stats.name,
            "name_class": name_size(stats.name),
            "number": stats.number,
            "design_class": stats.design_class,
            "errors": [f.message for f in findings if f.is_error],
        }

    def reference(self) -> Card:
        numbers = Table("numbers", "Numbers: hits a ship takes", ["number", "hits"], [[n, n] for n in (1, 5)])
        return Card(
            self.id,
            self.title,
            [numbers],
            [Section("Ships", ["A ship's number is at least 1 (ST-1)."])],
            quick=QuickCard((Pick("numbers"),), ("Ships",)),
        )

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
