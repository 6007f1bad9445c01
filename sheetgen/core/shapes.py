"""Input shapes described once: each key's name, type, bounds, options and description.

A :class:`Shape` lists the keys of one kind of mapping (a Starfire design, a fleet file,
a scenario's side) as frozen key descriptions (:class:`Text`, :class:`Integer`,
:class:`Choice`...). The same description gives both sides of the input:

- :meth:`Shape.schema` writes the mapping's JSON Schema (draft 2020-12) for editors and
  ``sheetgen schema``;
- :class:`~sheetgen.core.fields.Fields` built with ``shape=`` reads by it:
  ``fields.get(SPEED)`` reads ``speed`` with the bounds written on ``SPEED``, and the keys
  the mapping may hold are the shape's keys, so an unknown key is one the schema refuses too.

A key whose value has a grammar of its own (a Starfire system string, a hex) is a
:class:`Given`: its JSON Schema is written beside the game's reader, which reads the value
itself; the shape still names the key, so no key is read that the schema lacks.

Kept to plain classes on purpose (no schema library, no :mod:`dataclasses` code
generation): every game's module builds its shapes at import, on the start-up path of
``sheetgen validate``, whose budget is twice ``import typer, yaml`` (see ``benchmarks/``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, dataclass_transform

from sheetgen.core.fields import MAX_LABEL, choice_schema

if TYPE_CHECKING:
    from sheetgen.core.fields import Fields

__all__ = [
    "TEXT_TYPES",
    "Block",
    "Boolean",
    "Choice",
    "Choices",
    "Counts",
    "Given",
    "Integer",
    "Items",
    "KeySpec",
    "Named",
    "Shape",
    "Text",
    "TextList",
]

T = TypeVar("T")

#: The JSON types of a text key: a number is read as its text (``class: 7``).
TEXT_TYPES: list[str] = ["string", "number"]


_NO_DEFAULT: Any = object()
#: An empty mapping no key description can change (the default of ``hints``, ``value_schema``).
_EMPTY: Mapping[str, Any] = MappingProxyType({})


@dataclass_transform(kw_only_default=True, frozen_default=True)
class _Described:
    """A frozen record of keyword-only fields declared as annotated class attributes, as a
    frozen ``dataclass(kw_only=True)`` (type checkers read it as one), made without the
    per-class code generation of :mod:`dataclasses`: every game builds its shapes at import,
    on ``sheetgen validate``'s start-up path."""

    def __init__(self, **given: Any) -> None:
        names = _field_names(type(self))
        unknown = set(given) - set(names)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        for name in names:
            value = given.get(name, getattr(type(self), name, _NO_DEFAULT))
            if value is _NO_DEFAULT:
                raise TypeError(f"{type(self).__name__} needs {name!r}")
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in _field_names(type(self)))
        return f"{type(self).__name__}({shown})"


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The fields of a :class:`_Described` class, its bases' first, in declaration order."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        ordered: dict[str, None] = {}
        for klass in reversed(cls.__mro__):
            for name in vars(klass).get("__annotations__", {}):
                ordered[name] = None
        names = _FIELD_NAMES[cls] = tuple(ordered)
    return names


class KeySpec(_Described, Generic[T]):
    """One key of a mapping: its ``name``, its ``description`` (shown by editors, with
    units), whether it is ``required``, and the value read when it is absent
    (``default``, also the JSON Schema's ``default`` when ``show_default``); ``hints``
    adds words to its JSON Schema that change no value's acceptance (``examples``, a
    ``patternErrorMessage``); with ``checked_by_rules``, the key's bounds (``minimum``,
    ``maximum``, ``max_items``) are a rule of the game, judged by its rules with a ruling
    id rather than by the reader."""

    name: str
    description: str
    required: bool = False
    default: T | None = None
    show_default: bool = False
    #: JSON Schema words laid over the generated ones (an editor's ``examples``, a message)
    hints: Mapping[str, Any] = _EMPTY
    #: The bounds are the game's rule: the schema holds them, the reader leaves them to the
    #: game's rules, which refuse a value outside with a ruling id ("maximum": the reader
    #: holds the minimum, the rules the maximum)
    checked_by_rules: bool | Literal["maximum"] = False

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the key's value."""
        out = {**self._schema(), **self.hints}
        if self.show_default and self.default is not None:
            out["default"] = self.default
        out["description"] = self.description
        return out

    def _schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def read(self, fields: Fields) -> T | None:
        """The key's value in ``fields`` (``default`` when absent or refused); a problem
        recorded in ``fields`` when the value does not fit."""
        raise NotImplementedError


#: A character that prints something: not white space, nor a format character (soft hyphen,
#: zero-width space, direction marks, word joiner, byte-order mark), nor a blank filler (Hangul
#: fillers, braille blank). Written alike for Python's and JavaScript's regular expressions, so
#: a schema's ``pattern`` and the reader refuse the same names.
VISIBLE = (
    "[^\\s\\u00ad\\u061c\\u115f\\u1160\\u180e\\u200b-\\u200f\\u202a-\\u202e"
    "\\u2060-\\u206f\\u2800\\u3164\\ufeff\\uffa0]"
)


class Text(KeySpec[str]):
    """Text of at most ``limit`` characters (a number is read as its text); with
    ``non_empty``, some character that prints (:data:`VISIBLE`) (``empty_says`` tells why in
    the refusal); with ``pattern`` (a regular expression in
    Python's and JavaScript's common subset), text matching it whole, ``pattern_says``
    naming the form in the refusal (``"#rrggbb"``)."""

    limit: int = MAX_LABEL
    non_empty: bool = False
    empty_says: str = ""
    pattern: str | None = None
    pattern_says: str = ""

    def _schema(self) -> dict[str, Any]:
        if self.pattern is not None:
            return {"type": "string", "pattern": f"^{self.pattern}$"}
        out: dict[str, Any] = {"type": TEXT_TYPES}
        if self.non_empty:
            out["minLength"] = 1
            out["pattern"] = VISIBLE  # some character that prints, as the reader wants
        out["maxLength"] = self.limit
        return out

    def read(self, fields: Fields) -> str | None:
        value = fields.text(self.name, None, required=self.required, limit=self.limit)
        if value is None:
            return self.default
        if self.non_empty and not re.search(VISIBLE, value):
            fields.problem(f"'{self.name}' must not be empty{self.empty_says}", fields.at(self.name))
            return value
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            fields.problem(
                f"'{self.name}' must be {self.pattern_says}, found {value!r}", fields.at(self.name)
            )
            return self.default
        return value


class Integer(KeySpec[int]):
    """A whole number, written with digits only, in ``[minimum, maximum]`` (with
    ``checked_by_rules``, a Kill Radius Number of 1 to 10, the rules say so)."""

    minimum: int | None = None
    maximum: int | None = None
    #: The least the reader takes when it is below ``minimum``: the values between are a
    #: state the game's rules judge with a ruling id (a Kill Radius Number of 0: destroyed)
    reader_minimum: int | None = None

    def _schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def read(self, fields: Fields) -> int | None:
        if self.checked_by_rules:
            least = self.minimum if self.checked_by_rules == "maximum" else None
            return fields.integer(self.name, self.default, required=self.required, minimum=least)
        least = self.minimum if self.reader_minimum is None else self.reader_minimum
        return fields.integer(
            self.name, self.default, required=self.required, minimum=least, maximum=self.maximum
        )


class Boolean(KeySpec[bool]):
    """A yes/no value (``true``/``false``); absent, ``default`` (None: not given)."""

    def _schema(self) -> dict[str, Any]:
        return {"type": "boolean"}

    def read(self, fields: Fields) -> bool | None:
        if not fields.has(self.name):
            return self.default
        return fields.boolean(self.name, bool(self.default))


class Choice(KeySpec[str]):
    """One of ``options`` in any letter case, read as listed; ``what`` names the kind of
    value in the refusal (``"a map edge"``)."""

    options: tuple[str, ...]
    what: str

    def _schema(self) -> dict[str, Any]:
        return choice_schema(self.options, self.description, what=self.what)

    def read(self, fields: Fields) -> str | None:
        return fields.choice(self.name, self.options, self.default, required=self.required)


class Named(KeySpec[str]):
    """Text naming one of ``options`` (a hull code, a game id) that the game's rules judge,
    so an unknown one is refused with a ruling id rather than as a type problem; the JSON
    Schema lists the options (an editor's completions) and refuses others at the value;
    with ``free``, a name of the player's own is allowed too (the options are suggestions);
    without ``caseless``, the schema takes them as written only.
    ``separators`` and ``words`` are :func:`~sheetgen.core.fields.caseless_pattern`'s."""

    options: tuple[str, ...]
    what: str
    separators: str = ""
    words: bool = False
    free: bool = False
    caseless: bool = True

    def _schema(self) -> dict[str, Any]:
        if self.free:
            return {"type": "string", "minLength": 1, "examples": list(self.options)}
        if not self.caseless:
            return {"type": "string", "enum": list(self.options)}
        return choice_schema(
            self.options, self.description, what=self.what, separators=self.separators, words=self.words
        )

    def read(self, fields: Fields) -> str | None:
        return fields.text(self.name, self.default, required=self.required)


class TextList(KeySpec[list[str]]):
    """A list of at most ``max_items`` texts; one text is read as a list of one."""

    max_items: int | None = None

    def _schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": ["array", "string"]}
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        out["items"] = {"type": TEXT_TYPES}
        return out

    def read(self, fields: Fields) -> list[str] | None:
        values = fields.text_list(self.name, required=self.required)
        too_many = values is not None and self.max_items is not None and len(values) > self.max_items
        if too_many and not self.checked_by_rules:
            fields.problem(
                f"'{self.name}' lists {len(values or [])}; at most {self.max_items}", fields.at(self.name)
            )
            return None
        return values


class Choices(KeySpec[list[str]]):
    """A list of ``options``, each written exactly as listed (ids of a table's results);
    ``what`` names one in the refusal (``"a critical result"``). The options that are
    there are read; each other item is a problem."""

    options: tuple[str, ...]
    what: str

    def _schema(self) -> dict[str, Any]:
        return {"type": "array", "items": {"enum": list(self.options)}}

    def read(self, fields: Fields) -> list[str] | None:
        items = fields.text_list(self.name, required=self.required, allow_text=False)
        if items is None:
            return self.default
        for j, item in enumerate(items):
            if item not in self.options:
                fields.problem(
                    f"'{self.name}' item {j + 1}: {item!r} is not {self.what} ({', '.join(self.options)})",
                    (*fields.at(self.name), j),
                )
        return [i for i in items if i in self.options]


class Counts(KeySpec[dict[str, int]]):
    """A mapping of names (``names``, when the game lists them) to whole numbers in
    ``[minimum, maximum]`` (``munitions: {R: 12}``); absent, an empty mapping."""

    names: tuple[str, ...] | None = None
    minimum: int = 0
    maximum: int | None = None
    max_names: int | None = None

    def _schema(self) -> dict[str, Any]:
        count: dict[str, Any] = {"type": "integer", "minimum": self.minimum}
        if self.maximum is not None:
            count["maximum"] = self.maximum
        out: dict[str, Any] = {"type": "object"}
        if self.max_names is not None:
            out["maxProperties"] = self.max_names
        if self.names is not None:
            out["propertyNames"] = {"enum": list(self.names)}
        out["additionalProperties"] = count
        return out

    def read(self, fields: Fields) -> dict[str, int]:
        if self.checked_by_rules:
            return fields.counts(self.name, minimum=self.minimum)
        return fields.counts(self.name, minimum=self.minimum, maximum=self.maximum)


class Given(KeySpec[Any]):
    """A key whose value has a grammar of its own, read by the game's own code
    (``fields.raw``); ``value_schema`` is its JSON Schema, written beside that reader."""

    value_schema: Mapping[str, Any] = _EMPTY

    def _schema(self) -> dict[str, Any]:
        return dict(self.value_schema)

    def read(self, fields: Fields) -> Any:
        return fields.raw(self.name, self.default, required=self.required)


class Block(KeySpec[Any]):
    """A nested mapping of ``shape`` (a design's ``condition:``), read as its own
    :class:`~sheetgen.core.fields.Fields` whose problems join the parent's."""

    shape: Shape

    def _schema(self) -> dict[str, Any]:
        out = self.shape.schema()
        out.pop("description", None)
        return out

    def read(self, fields: Fields) -> Fields | None:
        return fields.mapping(self.name, required=self.required, what=self.shape.what, shape=self.shape)


class Items(KeySpec[Any]):
    """A list of ``min_items`` to ``max_items`` mappings of ``shape`` (or, with
    ``or_text``, of texts in their place: a weapon code for a whole weapon line); the
    reader walks the list (``fields.get`` gives it as written) and reads each mapping as
    a :class:`~sheetgen.core.fields.Fields` with ``shape=shape``."""

    shape: Shape
    or_text: Mapping[str, Any] | None = None
    min_items: int | None = None
    max_items: int | None = None

    def _schema(self) -> dict[str, Any]:
        item = self.shape.schema()
        item.pop("description", None)
        out: dict[str, Any] = {"type": "array"}
        if self.min_items is not None:
            out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        out["items"] = {"anyOf": [dict(self.or_text), item]} if self.or_text is not None else item
        return out

    def read(self, fields: Fields) -> Any:
        return fields.raw(self.name, self.default, required=self.required)


class Shape:
    """The keys of one kind of mapping; ``what`` names it in messages (``"design"``).

    With ``open``, keys beyond ``keys`` are let through (read by code elsewhere) and the
    JSON Schema allows them; otherwise an unknown key is a problem in both. ``extra`` adds
    words to the mapping's JSON Schema (``minProperties``). ``ValueError`` if a key is
    described twice."""

    def __init__(
        self,
        what: str,
        keys: tuple[KeySpec[Any], ...],
        description: str = "",
        *,
        open: bool = False,
        extra: Mapping[str, Any] = _EMPTY,
    ) -> None:
        self.what = what
        self.keys = keys
        self.description = description
        self.open = open
        self.extra = extra
        self._by_name = {k.name: k for k in keys}
        if len(self._by_name) != len(keys):
            raise ValueError(f"{what}: a key is described twice in {[k.name for k in keys]}")

    def __repr__(self) -> str:
        return f"Shape({self.what!r}, {list(self._by_name)})"

    @property
    def names(self) -> tuple[str, ...]:
        """The keys' names, in the order described."""
        return tuple(self._by_name)

    def key(self, name: str) -> KeySpec[Any]:
        """The description of key ``name``; ``KeyError`` if the shape has none."""
        if name not in self._by_name:
            raise KeyError(f"{self.what} has no key {name!r}")
        return self._by_name[name]

    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the mapping: an object of exactly these keys (unless ``open``),
        each with its type, bounds, options and description, and ``required`` the ones
        that must be there."""
        out: dict[str, Any] = {"type": "object"}
        if not self.open:
            out["additionalProperties"] = False
        required = [k.name for k in self.keys if k.required]
        if required:
            out["required"] = required
        out["properties"] = {k.name: k.schema() for k in self.keys}
        out.update(self.extra)
        if self.description:
            out["description"] = self.description
        return out

    def walk(self, where: str = "") -> list[tuple[str, KeySpec[Any]]]:
        """Every key of this shape and of the shapes nested in it (:class:`Block`,
        :class:`Items`), each with its dotted place (``map.zones.edge``)."""
        found: list[tuple[str, KeySpec[Any]]] = []
        for k in self.keys:
            place = f"{where}{k.name}"
            found.append((place, k))
            if isinstance(k, Block | Items):
                found.extend(k.shape.walk(place + "."))
        return found
