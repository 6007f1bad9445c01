"""What every game module provides.

A game is one object implementing :class:`Game`: it parses a design mapping
into its own typed design, checks it into findings, derives its stats, and
builds the view models its templates print. Rules never see YAML positions,
files, fonts or paper; renderers never re-derive a rule.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from sheetgen.core.findings import Finding

if TYPE_CHECKING:  # kept out of start-up: validate never builds a card
    from sheetgen.core.card import Card
    from sheetgen.core.schema import Fields

__all__ = ["CounterFace", "Game", "Marker", "Stats", "name_size"]


def name_size(name: str) -> str:
    """CSS class for a ship name on a record sheet by its length (``name-l`` up to
    22 characters, ``name-m`` up to 32, ``name-s`` beyond), so 40 still fit the header."""
    n = len(name)
    return "name-l" if n <= 22 else "name-m" if n <= 32 else "name-s"


@dataclass(frozen=True)
class CounterFace:
    """What one side of a ship counter shows (layout is the counters module's job).

    ``title`` is the ship's name (shrunk to fit), ``values`` the key numbers as
    ``(label, value)`` pairs in reading order (``("MP", "6")``), ``arrow``
    whether a facing arrow points at the top edge, ``banner`` a short state
    word for a back face (``"ENGINES LOST"``), ``emblem`` whether the face is
    the side's fleet emblem instead of numbers.
    """

    title: str
    values: tuple[tuple[str, str], ...] = ()
    arrow: bool = True
    banner: str | None = None
    emblem: bool = False


@dataclass(frozen=True)
class Marker:
    """A game marker counter (warp point, vector, shield down...), from the rules.

    ``label`` is the big text, ``caption`` the small line under it, ``count``
    how many a kit prints per side (or in all when ``per_side`` is false),
    ``numbered`` whether copies carry running numbers (damage markers 1..N).
    """

    label: str
    caption: str = ""
    count: int = 1
    per_side: bool = False
    numbered: bool = False
    back: str | None = None


class Stats(Protocol):
    """Derived stats of one design: at least ``name`` and a JSON-ready ``to_dict``."""

    name: str

    def to_dict(self) -> dict[str, Any]: ...


class Game(ABC):
    """A rule system: id as written in YAML (``game: starfire``), title, seed file."""

    id: ClassVar[str]
    title: ClassVar[str]
    seed: ClassVar[str]
    #: Jinja2 template (under ``templates/``) printing record sheets for a list of ships.
    sheet_template: ClassVar[str]
    #: Jinja2 template printing the reference card.
    reference_template: ClassVar[str] = "reference.html.j2"
    #: Distance one hex stands for, as ``(amount, unit)`` (Knight Hawks 2000: ``(60, "m")``);
    #: ``None`` where the game gives none. Maps print a scale bar from it.
    hex_scale: ClassVar[tuple[float, str] | None] = None

    @abstractmethod
    def parse(self, fields: Fields) -> Any:
        """Read a design from ``fields`` (``game`` and ``count`` already read).

        Raises :class:`~sheetgen.core.findings.InputError` (via ``fields.done()``)
        for wrong types and unknown keys; rule problems are left to :meth:`check`.
        """

    @abstractmethod
    def check(self, design: Any) -> list[Finding]:
        """Every finding about ``design``, errors first in rule order; never raises."""

    @abstractmethod
    def derive(self, design: Any) -> Stats:
        """The design's derived stats from the encoded tables; never raises."""

    @abstractmethod
    def summary(self, stats: Any) -> list[tuple[str, str]]:
        """Label/value rows for the readable ``sheetgen stats`` table."""

    @abstractmethod
    def sheet_ship(self, stats: Any, findings: list[Finding]) -> dict[str, Any]:
        """The plain view model of one ship on the record sheet (no rules in templates)."""

    @abstractmethod
    def reference(self) -> Card:
        """The reference card's tables, computed from the same functions the checks use."""

    @abstractmethod
    def counter(self, stats: Any) -> tuple[CounterFace, CounterFace]:
        """Front and back of ``stats``' ship counter: key numbers in front, the
        reduced state (or the fleet emblem) on the back."""

    def fleet_totals(self, ships: list[tuple[Any, int]]) -> list[tuple[str, str]]:
        """Label/value rows summing one fleet file's designs, given as ``(stats, count)``
        pairs; ``sheetgen stats`` prints them after the fleet (none by default)."""
        return []

    def sheet_context(self, ships: list[dict[str, Any]]) -> dict[str, Any]:
        """Extra values for the record-sheet template, from every ship view of the
        document (``side`` already set): fleet totals, a roster (none by default)."""
        return {}

    def reference_data(self, fields: Fields) -> tuple[Card, list[Finding]]:
        """The reference card completed with data the rule text lacks, read from a
        YAML mapping (``sheetgen reference GAME --tables FILE``; Knight Hawks 2000:
        damage-table roll ranges, RULINGS KH-6), and findings about that data.
        Raises :class:`~sheetgen.core.findings.InputError` for wrong types or keys, and
        ``NotImplementedError`` where the game's card takes no such data."""
        raise NotImplementedError(f"{self.id}'s reference card takes no --tables data")

    def markers(self) -> list[Marker]:
        """The game's marker counters, from its rules (none by default)."""
        return []

    def scenario_findings(self, scenario: Any) -> list[Finding]:
        """Findings about a scenario's fleets that the game's own rules give (Starfire:
        one design type per hull size on each side); paths are into the scenario file."""
        return []

    def named(self, stats: Any, name: str) -> Any:
        """``stats`` for one ship of the design called ``name`` (a scenario names each
        ship; the design's own name becomes its class where the game has one)."""
        changes: dict[str, Any] = {"name": name}
        if hasattr(stats, "design_class") and not stats.design_class and name != stats.name:
            changes["design_class"] = stats.name
        return dataclasses.replace(stats, **changes)

    def import_notation(self, text: str, name: str) -> tuple[dict[str, Any], list[Finding]]:
        """Read a design pasted in the game's community notation into a YAML-ready
        mapping plus findings located by :class:`~sheetgen.core.findings.Char` offsets
        into ``text``. Raises ``NotImplementedError`` where a game has no notation."""
        raise NotImplementedError(f"{self.id} has no design notation to import")
