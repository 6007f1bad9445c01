"""Reading a Space Cruisers design mapping from YAML (see the package docstring for its keys).

Types are checked here (``SCHEMA`` problems, exit status 2); rule problems (an
unknown system, too many systems for the hull) are left to
:func:`sheetgen.games.spacecruisers.rules.check`, so they print with a ruling id.
"""

from __future__ import annotations

from typing import Any

from sheetgen.core.fields import Fields, describe
from sheetgen.core.findings import Key
from sheetgen.core.shapes import Block, Choice, Given, Named, Shape, TextList
from sheetgen.games.base import DESIGN_CLASS, DESIGN_NAME, DESIGN_NOTES, common_design_keys
from sheetgen.games.spacecruisers import data, live, rules

__all__ = ["DESIGN", "design_schema", "parse_design"]


_HULL_ALIASES = {"space station": "station", "merchant": "commercial", "warship": "military"}


def system_name_pattern() -> str:
    """A regular expression (Python's and JavaScript's common subset, unanchored) matching
    every spelling :func:`~sheetgen.games.spacecruisers.rules.lookup_system` knows, as
    :func:`~sheetgen.games.spacecruisers.data.normalise` reads it: any case, words split by
    anything but letters and digits, each word with or without its plural ``s``/``es``."""
    sep = "[^0-9a-zA-Z]"

    def word(w: str) -> str:
        forms = [f for f in (w, w + "s", w + "es") if data.normalise(f) == w]
        caseless = ["".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in f) for f in forms]
        return "(?:" + "|".join(caseless) + ")"

    names = sorted(data.SYSTEM_NAMES, key=len, reverse=True)
    return "(?:" + "|".join(f"{sep}+".join(word(w) for w in n.split()) for n in names) + f"){sep}*"


def _system_item_pattern() -> str:
    """One systems item as :func:`~sheetgen.games.spacecruisers.rules.parse_system_item`
    reads it: a known name, with a count before (``2 drives``, ``2x drives``) or after
    (``Drives x2``) or none; unanchored."""
    count = r"[0-9]+\s*"
    times = "[xX\\u00d7*]"
    name = f"[^0-9a-zA-Z]*{system_name_pattern()}"
    return rf"\s*(?:{count}(?:{times}\s*)?)?{name}(?:\s*{times}\s*{count})?\s*"


def _systems_key() -> Given:
    """``systems``: a list, a mapping of counts or one line of names of the d20 systems
    table (SC-6), read by :func:`_read_systems`."""
    names = ", ".join(data.SYSTEMS)
    count = {"type": "integer", "minimum": 0, "maximum": rules.MAX_COUNT}
    item = _system_item_pattern()
    unknown = f"Not a system of the d20 systems table (SC-6): {names} (a count as 'x2' or '2 ')."
    known = {"pattern": f"^[^0-9a-zA-Z]*{system_name_pattern()}$", "patternErrorMessage": unknown}
    one_item = {"type": "string", "pattern": f"^{item}$", "patternErrorMessage": unknown}
    one_count = {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "propertyNames": known,
        "additionalProperties": {**count, "minimum": 1},
    }
    return Given(
        name="systems",
        value_schema={
            "anyOf": [
                {
                    "type": "string",
                    "pattern": f"^(?:(?:{item})?,)*(?:{item})?$",
                    "patternErrorMessage": unknown,
                },
                {"type": "array", "items": {"anyOf": [one_item, one_count]}},
                {"type": "object", "propertyNames": known, "additionalProperties": count},
            ]
        },
        description="Additional systems: a list (Drives x2 or {drives: 2} items), a mapping of"
        f" name: how many, or one line of names. Names (the d20 systems table): {names}.",
    )


def _hull_key() -> Named:
    """``hull``: a hull of SC-1 or an alias, in any case, 'hull' after it or not."""
    hulls = [*data.HULLS, *_HULL_ALIASES]
    return Named(
        name="hull",
        required=True,
        default="",
        options=(*hulls, *(f"{h} hull" for h in hulls)),
        what="a hull",
        separators="-_ ",
        words=True,
        hints={
            "examples": hulls,
            "patternErrorMessage": f"Not a hull: one of {', '.join(hulls)} (any case).",
        },
        description=f"Hull (SC-1): {', '.join(data.HULLS)} (also written as {', '.join(_HULL_ALIASES)};"
        " case, 'hull' and dashes are forgiven).",
    )


HULL = _hull_key()
RULES = Choice(
    name="rules",
    options=("basic", "advanced"),
    what="a rules choice",
    default="advanced",
    show_default=True,
    description="Which rules the design is built under.",
)
SYSTEMS = _systems_key()
NON_MILITARY = TextList(
    name="non_military",
    description="Non-military systems a commercial hull carries, by name of your choosing.",
)
CONDITION = Block(name="condition", shape=live.CONDITION, description=live.CONDITION.description)

#: A Space Cruisers design mapping: the keys :func:`parse_design` reads and :func:`design_schema` describes.
DESIGN = Shape(
    "design", (CONDITION, *common_design_keys("space-cruisers"), HULL, RULES, SYSTEMS, NON_MILITARY)
)


def design_schema() -> dict[str, Any]:
    """JSON Schema of one Space Cruisers design mapping (:data:`DESIGN`): hulls and the d20
    systems table's names (Space Cruisers, SC-1)."""
    return DESIGN.schema()


def _hull_id(text: str) -> str:
    key = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    key = key.removesuffix(" hull").strip()
    return _HULL_ALIASES.get(key, key)


def _read_systems(fields: Fields) -> list[rules.SystemEntry]:
    """The ``systems`` value as entries (list, mapping of counts, or one line)."""
    raw = fields.get(SYSTEMS)
    path = fields.at("systems")
    entries: list[rules.SystemEntry] = []
    if raw is None:
        return entries
    if isinstance(raw, str):
        found, problems = rules.parse_system_text(raw, path)
        fields.problems.extend(problems)
        return found
    if isinstance(raw, list):
        for i, item in enumerate(raw):
            if isinstance(item, dict) and len(item) == 1:
                # "- drives: 2" inside a list
                ((name, count),) = item.items()
                number = fields.check_integer(
                    count, (*path, i, name), f"systems.{name}", minimum=1, maximum=rules.MAX_COUNT
                )
                if number is not None:
                    entries.append(
                        rules.SystemEntry(str(name), rules.lookup_system(str(name)), number, (*path, i))
                    )
                continue
            if not isinstance(item, str):
                fields.problem(
                    f"'systems' item {i + 1} must be a system name, found {describe(item)}", (*path, i)
                )
                continue
            entry, problems = rules.parse_system_item(item, (*path, i))
            fields.problems.extend(problems)
            if entry is not None:
                entries.append(entry)
        return entries
    if isinstance(raw, dict):
        for name, count in raw.items():
            number = fields.check_integer(
                count, (*path, name), f"systems.{name}", minimum=0, maximum=rules.MAX_COUNT
            )
            if number:
                entries.append(
                    rules.SystemEntry(
                        str(name), rules.lookup_system(str(name)), number, (*path, Key(str(name)))
                    )
                )
        return entries
    fields.problem(
        f"'systems' must be a list, a mapping of counts or one line of names, found {describe(raw)}", path
    )
    return entries


def parse_design(fields: Fields) -> rules.Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read).

    Raises :class:`~sheetgen.core.findings.InputError` (via ``fields.done()``) with
    every type problem and unknown key at once.
    """
    fields.read_by(DESIGN)
    name = fields.get(DESIGN_NAME) or ""
    hull = _hull_id(fields.get(HULL) or "")
    which = fields.get(RULES) or "advanced"
    systems = _read_systems(fields)
    non_military = fields.get(NON_MILITARY) or []
    design = rules.Design(
        name=name,
        hull=hull,
        rules=which,
        systems=systems,
        non_military=[n.strip() for n in non_military],
        non_military_paths=[(*fields.at("non_military"), i) for i in range(len(non_military))],
        non_military_given=fields.has("non_military"),
        design_class=fields.get(DESIGN_CLASS),
        notes=fields.get(DESIGN_NOTES),
    )
    block = fields.get(CONDITION)
    design.condition = live.read_condition(block)
    fields.done(block)
    return design
