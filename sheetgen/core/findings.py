"""Findings: what the checks say about a design, and where.

A :class:`Finding` names the rule it enforces (a ruling id such as ``SF-5``, or one of
the input rule ids below; every id has an entry in :mod:`sheetgen.core.rulings`, which
``sheetgen explain`` prints and ``docs/rulings.md`` lists), a severity and a message, and
points into the design by a *path* of mapping keys, list indexes and, last, an
optional :class:`Char` offset into a string value or a :class:`Key` naming a
mapping key itself. Rules never see files or
line numbers: the path is turned into ``file:line:col`` at the edge by
:meth:`sheetgen.core.source.Document.locate`.

Input rule ids (exit status 2, input that cannot be read or used):
``FILE`` (missing, unreadable, too large, not UTF-8), ``YAML`` (syntax),
``SCHEMA`` (wrong type, unknown or missing key), ``GAME`` (unknown ``game:``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol, TypedDict, cast, get_type_hints

if TYPE_CHECKING:
    from sheetgen.core.jsondata import JSONObject

__all__ = [
    "Char",
    "Finding",
    "FindingJSON",
    "InputError",
    "Key",
    "Path",
    "PathPart",
    "Severity",
    "finding_json",
    "finding_schema",
    "in_order",
    "one_line",
    "quoted",
    "rule_order",
    "shown_path",
]


def shown_path(name: object) -> str:
    r"""A file name as a message prints it: as it is when every character prints, else
    quoted with each control character escaped as Python writes it (``'a\nb.yaml'``), so a
    newline or an escape sequence in a name can neither split a one-line message nor act
    on the terminal.

    >>> shown_path("ships/a.yaml"), shown_path("a\nb.yaml")
    ('ships/a.yaml', "'a\\nb.yaml'")
    """
    text = str(name)
    return text if text.isprintable() else repr(text)


def quoted(value: object, most: int = 40) -> str:
    """``value`` as a one-line message echoes what was typed: as Python writes it (text
    quoted); past ``most`` characters, its first ``most`` (text quoted), then ``...`` and its
    length, as :func:`sheetgen.core.units.parse_length` quotes a long length.

    >>> quoted("1mm"), quoted("x" * 50, most=4), quoted(12)
    ("'1mm'", "'xxxx'... (50 characters)", '12')
    """
    if isinstance(value, str):
        if len(value) <= most:
            return repr(value)
        return f"{value[:most]!r}... ({len(value):,} characters)"
    shown = repr(value)
    return shown if len(shown) <= most else f"{shown[:most]}... ({len(shown):,} characters)"


def one_line(text: str) -> str:
    r"""``text`` with each character that does not print (a line break, a tab, an escape)
    written as its escape (``\n``, ``\x1b``): what a message of one line holds.

    >>> one_line("two\nlines")
    'two\\nlines'
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


class Severity(StrEnum):
    """How bad a finding is: only ``ERROR`` makes a design illegal."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class Char:
    """An offset (0-based, in characters) into the string value a path leads to."""

    offset: int


@dataclass(frozen=True)
class Key:
    """The mapping *key* ``name`` itself (not its value), e.g. for an unknown key."""

    name: str


PathPart = str | int | Char | Key
Path = tuple[PathPart, ...]


@dataclass(frozen=True)
class Finding:
    """One thing a check found.

    ``rule`` is a ruling id (``"SF-5"``) or an input rule id (``"SCHEMA"``);
    ``path`` leads from the design's mapping to the offending value, e.g.
    ``("systems", Char(6))`` for the seventh character of the system string.
    """

    rule: str
    severity: Severity
    message: str
    path: Path = ()

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR


def error(rule: str, message: str, path: Path = ()) -> Finding:
    """Shorthand for an ``ERROR`` finding."""
    return Finding(rule, Severity.ERROR, message, path)


def warning(rule: str, message: str, path: Path = ()) -> Finding:
    """Shorthand for a ``WARNING`` finding."""
    return Finding(rule, Severity.WARNING, message, path)


def note(rule: str, message: str, path: Path = ()) -> Finding:
    """Shorthand for a ``NOTE`` finding (legal, for information)."""
    return Finding(rule, Severity.NOTE, message, path)


_SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTE: 2}


def rule_order(rule: str) -> tuple[str, int]:
    """Sort key of a rule id: ``SF-2`` before ``SF-10``, input ids (``SCHEMA``) as 0."""
    head, _, tail = rule.partition("-")
    return head, int(tail) if tail.isdigit() else 0


def in_order(findings: list[Finding]) -> list[Finding]:
    """Findings errors first, then warnings, then notes; by rule within each (stable)."""
    return sorted(findings, key=lambda f: (_SEVERITY_ORDER[f.severity], rule_order(f.rule)))


class InputError(Exception):
    """Input that cannot be read or used at all (exit status 2).

    Carries one or more findings, all of severity ``ERROR``; their paths are
    relative to the mapping being read when raised.
    """

    def __init__(self, findings: list[Finding]) -> None:
        super().__init__("; ".join(f.message for f in findings))
        self.findings = findings


class FindingJSON(TypedDict):
    """A located finding as JSON, the one shape every front end gives (``sheetgen stats
    --json``, each ``findings`` list of the server's answers and refusals): the line
    ``file:line:column: severity [rule] message`` as an object. ``line`` and ``column`` are
    1-based; ``severity`` is ``"error"``, ``"warning"`` or ``"note"``."""

    file: str
    line: int
    column: int
    severity: str
    rule: str
    message: str


class Placed(Protocol):
    """A finding placed in a file (:class:`sheetgen.core.source.Located`)."""

    @property
    def source(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def finding(self) -> Finding: ...


def finding_json(loc: Placed) -> JSONObject:
    """The one JSON shape of a located finding (:class:`FindingJSON`), keys in the order of
    its printed line."""
    shape: FindingJSON = {
        "file": loc.source,
        "line": loc.line,
        "column": loc.column,
        "severity": loc.finding.severity.value,
        "rule": loc.finding.rule,
        "message": loc.finding.message,
    }
    return cast("JSONObject", shape)  # a FindingJSON is a JSON object: mypy cannot see it


def finding_schema() -> dict[str, object]:
    """The JSON Schema (draft 2020-12) of :class:`FindingJSON`, made from its fields, so the
    schema and the objects cannot drift apart."""
    kinds = {str: "string", int: "integer"}
    fields = get_type_hints(FindingJSON)
    properties: dict[str, object] = {name: {"type": kinds[kind]} for name, kind in fields.items()}
    properties["severity"] = {"enum": [s.value for s in Severity]}
    for name in ("line", "column"):
        properties[name] = {"type": "integer", "minimum": 1}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "finding",
        "type": "object",
        "properties": properties,
        "required": list(fields),
        "additionalProperties": False,
    }
