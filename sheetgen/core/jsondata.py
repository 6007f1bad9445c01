"""JSON-ready values from the games' dataclasses: one way to write derived stats.

:func:`to_json` turns a value (dataclasses, lists, mappings, exact fractions)
into plain JSON types; :func:`stats_dict` writes a stats dataclass as the
object ``sheetgen stats --json`` prints: ``name`` and ``game`` first, then every
other field in declaration order (``design_class`` written ``class``, the YAML
key), each through a per-field hook where a game renames, groups, derives or
leaves out a value.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["JSON", "FieldHook", "JSONObject", "stats_dict", "to_json"]

#: A value ``json.dumps`` writes as is.
JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
#: A JSON object.
JSONObject: TypeAlias = "dict[str, JSON]"

S = TypeVar("S", bound="DataclassInstance")

#: How :func:`stats_dict` writes one field: from the whole stats object, the keys
#: and values to write in the field's place (none to leave it out).
FieldHook: TypeAlias = "Callable[[S], Mapping[str, JSON]]"

#: Fields written under another key by every game.
_RENAMED = {"design_class": "class"}
#: Keys every stats object opens with.
_FIRST = ("name", "game")


def to_json(value: object) -> JSON:
    """``value`` as plain JSON types: a dataclass becomes an object of its fields
    (as :func:`dataclasses.asdict` does), a list or tuple a list, a mapping an
    object (keys as text), a :class:`~fractions.Fraction` an ``int`` when whole and
    a ``float`` otherwise; ``None``, booleans, numbers and text stay as they are.

    Raises ``TypeError`` for anything else.

    >>> to_json({"half": Fraction(3, 2), "whole": Fraction(4), "list": (1, "a")})
    {'half': 1.5, 'whole': 4, 'list': [1, 'a']}
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else float(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    raise TypeError(f"no JSON form for {type(value).__name__}")


def stats_dict(stats: S, hooks: Mapping[str, FieldHook[S]] | None = None) -> JSONObject:
    """``stats`` (a dataclass with ``name`` and ``game`` fields) as the JSON object
    ``sheetgen stats --json`` prints.

    Keys: ``name``, ``game``, then every other field in declaration order, each
    written by :func:`to_json` under its own name (``design_class`` as ``class``),
    or, where ``hooks`` has the field's name, as the keys and values the hook
    returns (an empty mapping leaves the field out).
    """
    hooks = hooks or {}
    out: JSONObject = {key: to_json(getattr(stats, key)) for key in _FIRST}
    for f in dataclasses.fields(stats):
        if f.name in _FIRST:
            continue
        hook = hooks.get(f.name)
        if f.name == "condition" and getattr(stats, f.name) is None:
            continue  # a design without a condition: block is as built
        if hook is not None:
            out.update(hook(stats))
        else:
            out[_RENAMED.get(f.name, f.name)] = to_json(getattr(stats, f.name))
    return out
