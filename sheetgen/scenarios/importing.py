"""A design pasted as a string in a game's notation, made a design file: what ``sheetgen
import`` and the designer's import (``POST /api/import``) both call, so both read, refuse
and word the same string alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheetgen.core.findings import InputError
from sheetgen.core.source import Document, Located, Mark, name_problem, reading_order

if TYPE_CHECKING:
    from sheetgen.games.base import AnyGame

__all__ = ["NOTATION", "Imported", "NotationError", "import_design"]

#: The source name findings in a pasted string are placed under (``notation:1:COL``).
NOTATION = "notation"


class NotationError(Exception):
    """A pasted string that cannot be read at all (exit 2; HTTP 422): ``located`` its findings,
    placed in the pasted text."""

    def __init__(self, located: list[Located]) -> None:
        super().__init__(str(located[0]) if located else "")
        self.located = located


@dataclass(frozen=True)
class Imported:
    """A pasted design read: ``findings`` in reading order, placed in the pasted text
    (``notation:1:COL``), and ``yaml`` the design file, ``None`` when the design breaks a
    rule (an error among the findings: the design is not written, exit 1; HTTP 422)."""

    findings: list[Located] = field(default_factory=list)
    yaml: str | None = None

    @property
    def errors(self) -> list[Located]:
        """The findings that are errors, in reading order."""
        return [loc for loc in self.findings if loc.finding.is_error]

    @property
    def refusal(self) -> str:
        """The closing line of a design the rules refuse, without ``sheetgen: error:``:
        ``the pasted design breaks the rules (N errors above)``."""
        count = len(self.errors)
        return f"the pasted design breaks the rules ({count} error{'s' if count != 1 else ''} above)"


def import_design(game: AnyGame, text: str, name: str) -> Imported:
    """``text`` in ``game``'s design notation (``CT-[2]-SSAA(I)(I)(I)QLR-[6]`` for Solar
    Starfire) read into a design named ``name``, checked as ``validate`` checks it (the
    game's :meth:`~sheetgen.games.base.Game.import_notation`: a stated speed above what its
    engines give is an error).

    Raises ``ValueError`` (one line) for an empty string or a name a design file cannot
    carry, ``NotImplementedError`` for a game with no notation, and :class:`NotationError`
    for a string that cannot be read."""
    from sheetgen.scenarios.json_schemas import imported_yaml

    if not text.strip():
        raise ValueError("nothing to import: paste the design between quotes")
    problem = name_problem(name)
    if problem:
        raise ValueError(problem)
    # the pasted text is one single-line value, so Char offsets become columns
    doc = Document(NOTATION, text, {(): Mark(1, 1, "", True)})
    try:
        mapping, findings = game.import_notation(text, name)
    except InputError as exc:
        raise NotationError(reading_order(doc.locate(f) for f in exc.findings)) from None
    located = reading_order(doc.locate(f) for f in findings)
    if any(f.is_error for f in findings):
        return Imported(located)
    return Imported(located, imported_yaml(game.id, text, mapping))
