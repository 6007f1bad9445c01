"""JSON Schemas (draft 2020-12) of the files sheetgen reads, for editors and validators.

:func:`schema` builds the schema of one kind of file: a game's design files (by game id:
one design, a list of designs, or a fleet, as :mod:`sheetgen.scenarios.loading` reads
them), ``fleet`` (a fleet file of any game) and ``scenario`` (as
:mod:`sheetgen.scenarios.scenario` reads it). Every key has its type, its units in the
description, and its allowed values where the game's data lists them (hulls, system codes,
weapon codes). The same schemas ship as files in ``sheetgen/schemas/`` (written by
``scripts/schemas.py``, held equal to these by a test), and ``sheetgen schema`` prints them.

Files that ``sheetgen import`` and ``roll`` write start with :func:`modeline`, which points
the YAML language server (VS Code's YAML extension, and other editors) at
``<name>.schema.json`` beside the file: a relative path, the same on every machine and in
every copy of the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sheetgen.core.fields import caseless_pattern
from sheetgen.games import GAMES, find_game
from sheetgen.games.base import game_schema
from sheetgen.scenarios.loading import fleet_shape

__all__ = [
    "SCHEMA_NAMES",
    "imported_yaml",
    "modeline",
    "schema",
    "schema_file",
    "schema_names",
    "schema_text",
]


def schema_names() -> tuple[str, ...]:
    """What ``sheetgen schema`` knows: each registered game's design files, then fleets and
    scenarios (the registry as it is now: a game registered after import is among them)."""
    return (*GAMES, "fleet", "scenario")


#: :func:`schema_names` as the registry stood when this module was imported.
SCHEMA_NAMES: tuple[str, ...] = schema_names()
_DRAFT = "https://json-schema.org/draft/2020-12/schema"


def modeline(name: str) -> str:
    """The first line of a file ``import`` or ``roll`` writes: the YAML language server's
    pointer to ``<name>.schema.json`` in the same folder (``sheetgen schema NAME -o ...``
    writes it there)."""
    return f"# yaml-language-server: $schema={name}.schema.json"


def imported_yaml(game_id: str, text: str, mapping: dict[str, Any]) -> str:
    """The design file ``sheetgen import`` writes (and ``sheetgen serve`` answers) for the
    pasted ``text``: :func:`modeline`, a comment holding the text, then ``mapping`` as YAML
    in its own key order."""
    import yaml

    body = yaml.safe_dump(mapping, sort_keys=False, allow_unicode=True)
    return f"{modeline(game_id)}\n# imported from: {text}\n{body}"


def schema_file(name: str) -> Path:
    """The shipped copy of the schema ``name`` (``sheetgen/schemas/<name>.schema.json``; a
    game's is where :meth:`~sheetgen.games.base.Game.files` says)."""
    if name in GAMES:
        return find_game(name).files().schema
    return Path(__file__).resolve().parent.parent / "schemas" / f"{name}.schema.json"


def schema_text(name: str) -> str:
    """:func:`schema` as the JSON text shipped and printed (two-space indent, a final newline)."""
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of ``name``: a game id, ``fleet`` or ``scenario``; ``KeyError`` for
    anything else."""
    if name == "scenario":
        from sheetgen.scenarios.scenario import SCENARIO

        body = SCENARIO.schema()
        # the games registered now (SCENARIO's ``game`` key lists those at import)
        body["properties"]["game"] = game_schema(list(GAMES), "The game played.")
        # an inline design is checked against the scenario's game's design schema
        body["$defs"] = {game_id: find_game(game_id).design_schema() for game_id in GAMES}
        body["allOf"] = [_inline(game_id) for game_id in GAMES]
        title = "sheetgen scenario"
    elif name == "fleet":
        body = _by_game([(game_id, _fleet(game_id)) for game_id in GAMES], _fleet_any())
        title = "sheetgen fleet file (any game)"
    elif name in GAMES:
        game = find_game(name)
        design = game.design_schema()
        one = {"allOf": [{"$ref": "#/$defs/design"}, {"required": ["game"]}]}
        # one branch for each shape the loader tells apart (a list; a mapping with
        # 'designs:'; any other mapping), so an editor reports the error in the branch the
        # file is written as (with anyOf, the YAML language server picks a wrong one)
        body = {
            "if": {"type": "array"},
            "then": {"type": "array", "minItems": 1, "items": one},
            "else": {
                "if": {"type": "object", "required": ["designs"]},
                "then": _fleet(name, ref="#/$defs/design"),
                "else": one,
            },
            "$defs": {"design": design},
        }
        title = f"sheetgen {game.title} design file"
    else:
        raise KeyError(name)
    return {
        "$schema": _DRAFT,
        "$id": f"{name}.schema.json",
        "title": title,
        "description": "Written by sheetgen (sheetgen schema); sheetgen validate checks the rules.",
        **body,
    }


def _fleet(game_id: str, ref: str | None = None) -> dict[str, Any]:
    """A fleet file of ``game_id`` (:func:`~sheetgen.scenarios.loading.fleet_shape`)."""
    design: dict[str, Any] = {"$ref": ref} if ref else find_game(game_id).design_schema()
    return fleet_shape([game_id], design).schema()


def _fleet_any() -> dict[str, Any]:
    """A fleet whose ``game`` names no game: its ``game`` is refused at the value."""
    return {
        "type": "object",
        "required": ["game", "designs"],
        "properties": {"game": game_schema(list(GAMES), "The game of every design in the fleet.")},
    }


def _is_game(game_id: str) -> dict[str, Any]:
    """The condition "``game`` names ``game_id``" (in any case, as the loader reads it)."""
    return {
        "properties": {"game": {"pattern": caseless_pattern([game_id], separators="-_ ")}},
        "required": ["game"],
    }


def _by_game(branches: list[tuple[str, dict[str, Any]]], otherwise: dict[str, Any]) -> dict[str, Any]:
    """``if game is A then ... else if game is B then ... else otherwise``: one branch
    checked, the one the file's ``game`` names."""
    node = otherwise
    for game_id, then in reversed(branches):
        node = {"if": _is_game(game_id), "then": then, "else": node}
    return node


def _inline(game_id: str) -> dict[str, Any]:
    """When ``game`` is ``game_id``, a fleet entry's inline design is one of its designs."""
    design = {"anyOf": [{"type": "string"}, {"$ref": f"#/$defs/{game_id}"}]}
    entry = {"properties": {"design": design}}
    side = {"properties": {"fleet": {"items": entry}}}
    return {
        "if": _is_game(game_id),
        "then": {"properties": {"sides": {"items": side}}},
    }
