"""Random Space Cruisers ships from the d20 systems table (seed 004, RULINGS SC-2, SC-3).

:func:`roll_ship` rolls one ship with a seeded :class:`random.Random`; the
same seed gives the same ship on every machine, because the only thing read
from the generator is :meth:`random.Random.random`, whose sequence Python
keeps the same for a given integer seed across versions and platforms.
:meth:`RolledShip.to_yaml` writes it as a design file whose comments record
every roll: rerolled duplicates and the seeded choice made for a 20.
"""

from __future__ import annotations

import random
import shlex
from dataclasses import dataclass, field
from typing import Protocol

import yaml

from sheetgen.core.fields import did_you_mean
from sheetgen.games.spacecruisers import data

__all__ = ["DEFAULT_SEED", "RollStep", "RolledShip", "RolledSystem", "choices_for_20", "roll_ship"]

#: Seed used when none is given, so ``sheetgen roll`` repeats itself.
DEFAULT_SEED = 1


class Source(Protocol):
    """What a roll reads: uniform floats in [0, 1) (a :class:`random.Random`)."""

    def random(self) -> float: ...


def _die(rng: Source, sides: int) -> int:
    """One die of ``sides`` faces from one float (1..sides)."""
    return 1 + min(sides - 1, int(rng.random() * sides))


def _pick(rng: Source, options: list[str]) -> str:
    return options[min(len(options) - 1, int(rng.random() * len(options)))]


@dataclass(frozen=True)
class RollStep:
    """One d20 roll: the ``face``, the system it gave, and either ``rerolled``
    (why it did not count) or ``chosen`` (a 20: the seeded choice)."""

    face: int
    system: str
    rerolled: str | None = None
    chosen: bool = False

    def describe(self) -> str:
        """The roll as a YAML comment fragment (``14 (cloaking device again, one per ship: rerolled)``)."""
        if self.chosen:
            return f"{self.face} (choose any: seeded choice)"
        if self.rerolled:
            return f"{self.face} ({self.system} {self.rerolled}: rerolled)"
        return str(self.face)


@dataclass
class RolledSystem:
    """One additional system and the rolls that gave it (rerolls first)."""

    system: str
    rolls: list[RollStep]


@dataclass
class RolledShip:
    """A rolled ship: its options, systems in roll order and named non-military systems."""

    seed: int
    hull: str
    name: str
    fighters: bool
    systems: list[RolledSystem]
    non_military: list[str] = field(default_factory=list)
    name_given: bool = False

    @property
    def rules(self) -> str:
        """``basic`` for a military hull with the basic rules' five systems, else ``advanced``."""
        basic = self.hull == "military" and len(self.systems) == data.BASIC_ADDITIONAL
        return "basic" if basic else "advanced"

    def command(self) -> str:
        """The command line that rolls this ship again."""
        words = [
            "sheetgen",
            "roll",
            "space-cruisers",
            "--seed",
            str(self.seed),
            "--systems",
            str(len(self.systems)),
            "--hull",
            self.hull,
        ]
        if self.fighters:
            words.append("--fighters")
        if self.name_given:
            words += ["--name", self.name]
        return " ".join(shlex.quote(w) for w in words)

    def to_yaml(self) -> str:
        """The ship as a design file; comments give each system's d20 rolls."""
        head = yaml.safe_dump(
            {"game": "space-cruisers", "name": self.name, "hull": self.hull, "rules": self.rules},
            sort_keys=False,
            allow_unicode=True,
            width=1000,
        )
        lines = [
            "# Space Cruisers ship rolled on the d20 systems table"
            + (" (1 = cargo bay: playing with fighters)" if self.fighters else "")
            + ".",
            f"# Roll it again: {self.command()}",
            head.rstrip("\n"),
        ]
        if self.systems:
            lines.append("systems:")
            width = max(len(s.system) for s in self.systems) + 4
            for s in self.systems:
                rolls = ", then ".join(r.describe() for r in s.rolls)
                lines.append(f"  - {s.system:<{width}}# d20: {rolls}")
        else:
            lines.append("systems: []")
        if self.non_military:
            lines.append("non_military:   # seeded choices among the text's examples; rename freely")
            lines.extend(f"  - {n}" for n in self.non_military)
        return "\n".join(lines) + "\n"


def choices_for_20(fighters: bool) -> list[str]:
    """What a 20 may choose: every system of rows 1..19, in table order (a cargo
    bay only when playing with fighters)."""
    out: list[str] = []
    for row in data.D20:
        for name in (row.system, row.with_fighters if fighters else None):
            if name and name != data.CHOOSE and name not in out:
                out.append(name)
    return out


def _row(face: int) -> data.D20Row:
    for row in data.D20:
        if row.low <= face <= row.high:
            return row
    raise ValueError(f"no d20 row for {face}")  # pragma: no cover - the table covers 1..20


def _refused(system: str, have: list[str], hull: data.Hull) -> str | None:
    """Why ``system`` cannot be added (SC-3 once-only, SC-1 stations without drives), or None."""
    if data.SYSTEMS[system].once and system in have:
        return "again, one per ship"
    if system == "drives" and not hull.drives_allowed:
        return f"on a {hull.noun}, which has none"
    return None


def roll_ship(
    *,
    seed: int = DEFAULT_SEED,
    systems: int | None = None,
    hull: str = "military",
    fighters: bool = False,
    name: str | None = None,
    rng: Source | None = None,
) -> RolledShip:
    """Roll a ship: ``systems`` times on the d20 table (default: the basic rules'
    5, a fighter's limit of 3), for ``hull``; ``fighters`` turns a 1 into a
    cargo bay. A duplicate once-only system (cloaking device, targeting
    computer) or a drive for a station is rerolled (SC-3, "limitations still
    valid"); a 20 is a seeded choice among the systems still allowed. Commercial
    hulls and stations also get their non-military systems, each a seeded
    choice among the text's examples.

    ``rng`` replaces ``random.Random(seed)`` (tests feed scripted rolls).
    Raises ``ValueError`` for an unknown hull, a negative count, or more
    systems than the hull takes.
    """
    if hull not in data.HULLS:
        meant = did_you_mean(hull, data.HULLS)
        raise ValueError(f"unknown hull {hull!r}{meant}; hulls are {', '.join(data.HULLS)}")
    h = data.HULLS[hull]
    count = systems if systems is not None else (h.max_additional or data.BASIC_ADDITIONAL)
    if count < 0:
        raise ValueError(f"--systems must be 0 or more, got {count}")
    if h.max_additional is not None and count > h.max_additional:
        raise ValueError(f"a {h.noun} takes at most {h.max_additional} additional systems, not {count}")
    source: Source = rng if rng is not None else random.Random(seed)
    have: list[str] = []
    rolled: list[RolledSystem] = []
    for _ in range(count):
        steps: list[RollStep] = []
        while True:
            face = _die(source, data.D20_SIDES)
            row = _row(face)
            if row.system == data.CHOOSE:
                options = [s for s in choices_for_20(fighters) if _refused(s, have, h) is None]
                pick = _pick(source, options)
                steps.append(RollStep(face, pick, chosen=True))
                break
            got = row.with_fighters if fighters and row.with_fighters else row.system
            reason = _refused(got, have, h)
            steps.append(RollStep(face, got, rerolled=reason))
            if reason is None:
                pick = got
                break
        have.append(pick)
        rolled.append(RolledSystem(pick, steps))
    non_military = [_pick(source, list(data.NON_MILITARY_EXAMPLES)) for _ in range(h.non_military)]
    return RolledShip(
        seed=seed,
        hull=hull,
        name=name if name is not None else f"Random {h.noun} {seed}",
        fighters=fighters,
        systems=rolled,
        non_military=non_military,
        name_given=name is not None,
    )
