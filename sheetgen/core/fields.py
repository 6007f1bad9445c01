"""Typed reading of one YAML mapping, collecting every problem before failing.

A game's ``parse`` wraps the design mapping in :class:`Fields`, asks for each
key with the type it needs (``fields.integer("speed", minimum=0)``) and calls
:meth:`Fields.done`, which raises :class:`~sheetgen.core.findings.InputError` with
one ``SCHEMA`` finding per problem (wrong type, missing key, unknown key,
out-of-range number), each with the path of the offending value. An unknown key
that is a known one in another case or nearly (``Game``, ``hul``) says which it
was meant as (:func:`suggest_key`), and takes the place of the "lacks the
required key" line for the same cause. The design loader reads with ``defer``,
so a design with a problem in one key is still checked by the rules that do not
read that key.

Kept small and hand-written on purpose: it is on the start-up path of
``sheetgen validate``, whose whole-process budget is twice the cost of
``import typer, yaml`` (see ``benchmarks/``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from sheetgen.core.findings import Finding, InputError, Key, Path, error

_T = TypeVar("_T")
_T_co = TypeVar("_T_co", covariant=True)


class KeyReader(Protocol[_T_co]):
    """What :meth:`Fields.get` needs of a key's description
    (:class:`~sheetgen.core.shapes.KeySpec`): how to read it."""

    def read(self, fields: Fields) -> _T_co | None: ...


class ShapeLike(Protocol):
    """What :class:`Fields` needs of a mapping's shape (:class:`~sheetgen.core.shapes.Shape`,
    which imports this module): its name in messages, its keys' names, whether other keys
    are let through."""

    @property
    def what(self) -> str: ...

    @property
    def names(self) -> tuple[str, ...]: ...

    @property
    def open(self) -> bool: ...


__all__ = [
    "MAX_LABEL",
    "MAX_PROSE",
    "Fields",
    "KeyReader",
    "caseless_pattern",
    "choice_schema",
    "describe",
    "did_you_mean",
    "suggest_key",
    "suggest_value",
]

_MISSING: Any = object()

#: A float written for a whole number is refused with the number in digits only below this;
#: a larger one (``1.0e+20``) would be refused again, so it is not suggested.
_MOST_SUGGESTED = 10**9

#: A value of a closed set of texts (a ``Literal`` type), as :meth:`Fields.choice` returns it.
Choice = TypeVar("Choice", bound=str)


def caseless_pattern(options: Iterable[str], *, separators: str = "", words: bool = False) -> str:
    r"""A regular expression (the common subset of Python's and JavaScript's, for JSON
    Schema ``pattern``) matching each of ``options`` as :meth:`Fields.choice` reads it:
    in any letter case, with white space around it.

    ``separators`` lists characters read as one another, one for one (the game id's
    ``-``, ``_`` and space: ``"-_ "``); with ``words``, any run of white space and
    ``separators`` stands between words and around them (Space Cruisers hulls).

    >>> caseless_pattern(["CT", "FT1"])
    '^\\s*(?:[cC][tT]|[fF][tT]1)\\s*$'
    """
    sep = "".join(sorted(set(separators)))
    space = "\\s" if words else " "
    sep_class = "[" + "".join(space if c == " " else ("\\" + c if c in "-]\\^" else c) for c in sep) + "]"

    def char(c: str) -> str:
        if c.lower() != c.upper():
            return f"[{c.lower()}{c.upper()}]"
        if c in sep:
            return sep_class + ("+" if words else "")
        return "\\" + c if c in ".^$*+?()[]{}|\\/" else c

    around = (sep_class + "*") if words else "\\s*"
    body = "|".join("".join(char(c) for c in option) for option in options)
    return f"^{around}(?:{body}){around}$"


def choice_schema(options: Iterable[str], description: str, *, what: str, **pattern: Any) -> dict[str, Any]:
    """JSON Schema of a key read with :meth:`Fields.choice` (or a reader as forgiving, with
    :func:`caseless_pattern`'s ``separators`` and ``words``): a string matching one of
    ``options`` in any case. Editors list ``options`` as completions (``examples``), and
    the YAML language server shows ``patternErrorMessage`` at the value, naming ``what``
    was expected and every option."""
    listed = list(options)
    return {
        "type": "string",
        "pattern": caseless_pattern(listed, **pattern),
        "patternErrorMessage": f"Not {what}: one of {', '.join(listed)} (any letter case).",
        "examples": listed,
        "description": description,
    }


def describe(value: Any) -> str:
    """A short description of a YAML value's type for messages (``a list``, ``true``)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'} (a yes/no value; quote it to make text)"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value:g}"
    if isinstance(value, str):
        return f"the text {value!r}" if len(value) < 40 else "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def suggest_key(key: object, known: Iterable[str], *, cutoff: float = 0.75) -> str | None:
    """The known key ``key`` was probably meant as: one that differs only in case
    (``Game`` for ``game``), else the one whose words' initials it is, as the games
    abbreviate their terms (``hs`` or ``HS`` for ``hull_size``), else the closest near-miss
    (``hul`` for ``hull``) at least ``cutoff`` alike (:func:`difflib.get_close_matches`),
    else None.

    >>> suggest_key("HS", ["hull_size", "structure_points"]), suggest_key("sp", ["structure_points"])
    ('hull_size', 'structure_points')
    """
    typed = str(key)
    options = sorted(known)
    for option in options:
        if option.lower() == typed.lower():
            return option
    initials = [o for o in options if "_" in o and "".join(w[:1] for w in o.split("_")) == typed.lower()]
    if len(initials) == 1:
        return initials[0]
    import difflib  # only when a key is unknown: off the start-up path

    close = difflib.get_close_matches(typed.lower(), options, n=1, cutoff=cutoff)
    return close[0] if close else None


def _plain(text: str) -> str:
    """``text`` as a value is compared for suggestions: case folded, runs of white space,
    ``-`` and ``_`` read as one space, none at the ends."""
    return " ".join(text.casefold().replace("-", " ").replace("_", " ").split())


def _edits(a: str, b: str) -> int:
    """The number of one-character edits (insert, delete, replace, swap two neighbours)
    between ``a`` and ``b`` (optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def suggest_value(typed: object, known: Iterable[str], *, cutoff: float = 0.75) -> str | None:
    """The one of ``known`` a mistyped value ``typed`` was most likely meant as, or None.

    Tried in order, each only when it names exactly one option: the same value in another
    letter case or spacing (``PT`` for ``Pt``, a game id in capitals), an option
    the value begins (``P`` for ``Pt``, ``M`` for ``Mg``), an option one edit away (``LC``
    for ``CL``: two letters swapped; ``Sheilds`` for ``shields``; several one edit away
    is a tie, and no guess); then the closest option at least ``cutoff`` alike (:func:`difflib.get_close_matches`: ``militray`` for
    ``military``, ``lite carrier`` for ``light carrier``). The options are returned as
    listed. Used for every value a front end reads (hulls, system codes, munitions, ship
    types, weapon codes, game and paper names), so the CLI and the designer say the same.

    >>> suggest_value("LC", ["ES", "CT", "DD", "CL", "CA"])
    'CL'
    >>> suggest_value("P", ["A", "Mg", "Pt", "S"]), suggest_value("xyz", ["A", "S"])
    ('Pt', None)
    """
    plain = _plain(str(typed))
    if not plain:
        return None
    options = list(dict.fromkeys(known))
    by_plain: dict[str, str] = {}
    for option in options:
        by_plain.setdefault(_plain(option), option)
    if plain in by_plain:
        return by_plain[plain]
    begun = [p for p in by_plain if p.startswith(plain)]
    if len(begun) == 1:
        return by_plain[begun[0]]
    # one letter is one edit from any other: B is no typo of A
    near = [p for p in by_plain if len(plain) > 1 and abs(len(p) - len(plain)) <= 1 and _edits(plain, p) == 1]
    if len(near) == 1:
        return by_plain[near[0]]
    if near:  # one edit from several (W: A, D, E...; Player C: Player A, Player B): no guess
        return None
    import difflib  # only when a value is unknown: off the start-up path

    close = difflib.get_close_matches(plain, list(by_plain), n=1, cutoff=cutoff)
    return by_plain[close[0]] if close else None


def did_you_mean(typed: object, known: Iterable[str], *, cutoff: float = 0.75) -> str:
    """``" (did you mean X?)"`` for the value :func:`suggest_value` finds, to follow the
    quoted value in a message; ``""`` when it finds none.

    >>> "unknown hull 'LC'" + did_you_mean("LC", ["CT", "CL"])
    "unknown hull 'LC' (did you mean CL?)"
    """
    meant = suggest_value(typed, known, cutoff=cutoff)
    return f" (did you mean {meant}?)" if meant is not None else ""


#: Most characters of a name, class, type, side or other label: what the printed
#: pages can carry (long texts wrap; beyond this a page's layout slows with the square of
#: the length). The project's choice.
MAX_LABEL = 300
#: Most characters of prose (notes, summary, set-up, victory conditions).
MAX_PROSE = 10_000


class Fields:
    """Reads typed values from mapping ``data`` found at ``path``.

    Every accessor records the key as known; problems are collected and raised
    together by :meth:`done`. ``what`` names the mapping in messages
    (``"design"``, ``"side"``).

    With ``shape`` (a :class:`~sheetgen.core.shapes.Shape`), the keys the mapping may hold
    are the shape's, the same the shape's JSON Schema allows, and :meth:`get` reads a key
    by its description; asking for a key the shape does not describe is a programming error
    (``KeyError``), so a reader cannot take a key its schema lacks.

    With ``defer``, :meth:`done` keeps the problems in :attr:`deferred` instead of
    raising, so a caller can still check what was read (the loader runs the rules
    that do not depend on a key with a problem). :attr:`missing` holds each
    required key that is absent with the problem that says so.
    """

    def __init__(
        self,
        data: Any,
        path: Path = (),
        *,
        what: str | None = None,
        defer: bool = False,
        shape: ShapeLike | None = None,
    ) -> None:
        what = what or (shape.what if shape is not None else "design")
        self.path = path
        self.what = what
        self.defer = defer
        self.shape = shape
        self.problems: list[Finding] = []
        self.deferred: list[Finding] = []
        self.missing: dict[str, Finding] = {}
        self.known: set[str] = set(shape.names) if shape is not None else set()
        if not isinstance(data, dict):
            raise InputError(
                [
                    error(
                        "SCHEMA",
                        f"a {what} must be a mapping of key: value lines, found {describe(data)}",
                        path,
                    )
                ]
            )
        self.data: dict[Any, Any] = data

    # -- helpers -------------------------------------------------------------
    def problem(self, message: str, path: Path) -> None:
        """Record a ``SCHEMA`` problem at ``path`` (absolute)."""
        self.problems.append(error("SCHEMA", message, path))

    def at(self, key: str | int) -> Path:
        """The absolute path of ``key`` in this mapping."""
        return (*self.path, key)

    def _described(self, key: str) -> None:
        """Mark ``key`` known; with a closed shape, refuse (``KeyError``) a key it lacks."""
        if self.shape is not None and not self.shape.open and key not in self.known:
            raise KeyError(f"{self.what} reads key {key!r}, which its shape does not describe")
        self.known.add(key)

    def _get(self, key: str, required: bool) -> Any:
        self._described(key)
        if key not in self.data:
            if required and key not in self.missing:
                self.problem(f"{self.what} lacks the required key '{key}'", self.path)
                self.missing[key] = self.problems[-1]
            return _MISSING
        return self.data[key]

    def read_by(self, shape: ShapeLike) -> Fields:
        """Read the rest of the mapping by ``shape`` (once the caller knows which shape it
        is: a design's, by its game); returns ``self``."""
        self.shape = shape
        self.known.update(shape.names)
        return self

    # -- accessors -----------------------------------------------------------
    def get(self, key: KeyReader[_T]) -> _T | None:
        """The value of the key ``key`` describes, read with its type, bounds and options
        (:meth:`~sheetgen.core.shapes.KeySpec.read`)."""
        return key.read(self)

    def has(self, key: str) -> bool:
        """Whether ``key`` is present (and marks it known)."""
        self._described(key)
        return key in self.data

    def raw(self, key: str, default: Any = None, *, required: bool = False) -> Any:
        """The value at ``key`` as it is, or ``default``."""
        value = self._get(key, required)
        return default if value is _MISSING else value

    def text(
        self, key: str, default: str | None = None, *, required: bool = False, limit: int | None = None
    ) -> str | None:
        """A string of at most ``limit`` characters (default :data:`MAX_LABEL`; prose such as
        notes passes :data:`MAX_PROSE`); numbers are accepted and turned into text (``class: 7``)."""
        value = self._get(key, required)
        if value is _MISSING:
            return default
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str):
            most = MAX_LABEL if limit is None else limit
            if len(value) > most:
                self.problem(
                    f"'{key}' is {len(value):,} characters long; at most {most:,} print on the pages",
                    self.at(key),
                )
                return default
            return value
        self.problem(f"'{key}' must be text, found {describe(value)}", self.at(key))
        return default

    def integer(
        self,
        key: str,
        default: int | None = None,
        *,
        required: bool = False,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> int | None:
        """A whole number within ``[minimum, maximum]``; ``2`` is accepted, ``2.0``, ``2.5`` and text are not."""
        value = self._get(key, required)
        if value is _MISSING:
            return default
        return self.check_integer(value, self.at(key), key, minimum=minimum, maximum=maximum, default=default)

    def check_integer(
        self,
        value: Any,
        path: Path,
        label: str,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
        default: int | None = None,
    ) -> int | None:
        """Validate ``value`` (found at ``path``) as a whole number in range: a YAML integer
        only (``2``; ``2.0`` and ``1.0e+20`` are refused as numbers with a point, so a bound
        is checked on the number as written and never on a float's rounding). The refusal
        suggests the number with digits only when it is within the bounds (and under
        :data:`_MOST_SUGGESTED`), else the bound it passes."""
        if isinstance(value, float) and value.is_integer():  # finite and whole, written as a float
            whole = int(value)
            if maximum is not None and whole > maximum:
                hint = f"; write a whole number of at most {maximum}"
            elif minimum is not None and whole < minimum:
                hint = f"; write a whole number of at least {minimum}"
            elif abs(whole) < _MOST_SUGGESTED:
                hint = f"; write {whole}"
            else:  # no bound here says how large, but no count sheetgen reads is this large
                hint = ""
            self.problem(
                f"'{label}' must be a whole number written with digits only, found {value!r}{hint}", path
            )
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.problem(f"'{label}' must be a whole number, found {describe(value)}", path)
            return default
        if minimum is not None and value < minimum:
            self.problem(f"'{label}' must be at least {minimum}, found {value}", path)
            return default
        if maximum is not None and value > maximum:
            self.problem(f"'{label}' must be at most {maximum}, found {value}", path)
            return default
        return value

    def boolean(self, key: str, default: bool = False) -> bool:
        """A yes/no value (``true``/``false``)."""
        value = self._get(key, False)
        if value is _MISSING:
            return default
        if isinstance(value, bool):
            return value
        self.problem(f"'{key}' must be true or false, found {describe(value)}", self.at(key))
        return default

    def choice(
        self,
        key: str,
        choices: Iterable[Choice],
        default: Choice | None = None,
        *,
        required: bool = False,
    ) -> Choice | None:
        """One of ``choices`` (compared case-insensitively, returned as listed, so a closed
        set's ``Literal`` type is kept)."""
        options = list(choices)
        value = self.text(key, None, required=required)
        if value is None:
            return default
        for option in options:
            if value.strip().lower() == option.lower():
                return option
        meant = did_you_mean(value, options)
        self.problem(f"'{key}' must be one of {', '.join(options)}; found {value!r}{meant}", self.at(key))
        return default

    def text_list(self, key: str, *, required: bool = False, allow_text: bool = True) -> list[str] | None:
        """A list of strings; with ``allow_text`` a single string is a one-item list."""
        value = self._get(key, required)
        if value is _MISSING:
            return None
        if allow_text and isinstance(value, str):
            return [value]
        if not isinstance(value, list):
            self.problem(f"'{key}' must be a list, found {describe(value)}", self.at(key))
            return None
        out: list[str] = []
        for i, item in enumerate(value):
            if isinstance(item, str):
                out.append(item)
            elif isinstance(item, int | float) and not isinstance(item, bool):
                out.append(str(item))
            else:
                self.problem(
                    f"'{key}' item {i + 1} must be text, found {describe(item)}",
                    (*self.at(key), i),
                )
        return out

    def counts(self, key: str, *, minimum: int = 0, maximum: int | None = None) -> dict[str, int]:
        """A mapping of names to whole numbers in ``[minimum, maximum]`` (``munitions: {R: 12}``)."""
        value = self._get(key, False)
        if value is _MISSING or value is None:
            return {}
        if not isinstance(value, dict):
            self.problem(f"'{key}' must be a mapping of name: count, found {describe(value)}", self.at(key))
            return {}
        out: dict[str, int] = {}
        for name, count in value.items():
            number = self.check_integer(
                count, (*self.at(key), name), f"{key}.{name}", minimum=minimum, maximum=maximum
            )
            if number is not None:
                out[str(name)] = number
        return out

    def mapping(
        self, key: str, *, required: bool = False, what: str | None = None, shape: ShapeLike | None = None
    ) -> Fields | None:
        """A nested mapping as its own :class:`Fields` (read by ``shape`` when given); its
        problems join this one's at :meth:`done`."""
        value = self._get(key, required)
        if value is _MISSING or value is None:
            return None
        if not isinstance(value, dict):
            self.problem(f"'{key}' must be a mapping, found {describe(value)}", self.at(key))
            return None
        return Fields(value, self.at(key), what=what or key, shape=shape)

    def collect(self, extra_known: Iterable[str] = ()) -> list[Finding]:
        """Every problem so far, plus one for each key nobody asked for.

        An unknown key that differs from a known one only in case, or nearly
        (``hul`` for ``hull``), says which it was meant as; when that key is a
        required one left out, its "lacks the required key" problem is dropped:
        one line per cause."""
        self.known.update(extra_known)
        problems = list(self.problems)
        for key in self.data:
            if key in self.known:
                continue
            meant = suggest_key(key, self.known)
            if meant is None:
                hint = f" (known keys: {', '.join(sorted(self.known))})"
            else:
                hint = f"; did you mean '{meant}'?"
                if meant in self.missing and self.missing[meant] in problems:
                    problems.remove(self.missing[meant])
            problems.append(
                error("SCHEMA", f"unknown key '{key}' in {self.what}{hint}", (*self.path, Key(str(key))))
            )
        return problems

    def done(self, *children: Fields | None, extra_known: Iterable[str] = ()) -> None:
        """Raise :class:`InputError` with every problem here and in ``children``
        (with ``defer``: keep them in :attr:`deferred`)."""
        problems = self.collect(extra_known)
        for child in children:
            if child is not None:
                problems.extend(child.collect())
        if self.defer:
            self.deferred.extend(problems)
            return
        if problems:
            raise InputError(problems)
