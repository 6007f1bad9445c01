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

from sheetgen.core.fields import caseless_pattern, choice_schema
from sheetgen.games import GAMES, find_game
from sheetgen.games.base import game_schema
from sheetgen.scenarios.loading import MAX_COUNT

__all__ = ["SCHEMA_NAMES", "imported_yaml", "modeline", "schema", "schema_file", "schema_text"]

#: What ``sheetgen schema`` knows: each game's design files, then fleets and scenarios.
SCHEMA_NAMES: tuple[str, ...] = (*GAMES, "fleet", "scenario")
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_TEXT: list[str] = ["string", "number"]


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
    """The shipped copy of the schema ``name`` (``sheetgen/schemas/<name>.schema.json``)."""
    return Path(__file__).resolve().parent.parent / "schemas" / f"{name}.schema.json"


def schema_text(name: str) -> str:
    """:func:`schema` as the JSON text shipped and printed (two-space indent, a final newline)."""
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of ``name``: a game id, ``fleet`` or ``scenario``; ``KeyError`` for
    anything else."""
    if name == "scenario":
        body = _scenario()
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
    """A fleet file of ``game_id``: ``designs`` with ``fleet``, ``side`` and ``game`` beside it."""
    design: dict[str, Any] = {"$ref": ref} if ref else find_game(game_id).design_schema()
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["game", "designs"],
        "properties": {
            "game": game_schema([game_id], "The game of every design in the fleet."),
            "fleet": {"type": _TEXT, "description": "The fleet's name (else the file's)."},
            "side": {"type": _TEXT, "description": "The side the fleet plays for."},
            "designs": {
                "type": "array",
                "minItems": 1,
                "items": design,
                "description": "The fleet's designs.",
            },
        },
    }


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


def _hex() -> dict[str, Any]:
    return {
        "type": ["string", "array"],
        "items": {"type": "integer"},
        "description": 'A hex as printed on the map, quoted ("0704"), 07.04, or [col, row].',
    }


def _hexes() -> dict[str, Any]:
    return {
        "anyOf": [_hex(), {"type": "array", "items": _hex()}],
        "description": "One hex or a list of hexes.",
    }


def _span(what: str) -> dict[str, Any]:
    return {
        "type": ["integer", "string", "array"],
        "description": f"{what}: a number, a range written 1-3, or [1, 3] (1-based, inclusive).",
    }


def _scenario() -> dict[str, Any]:
    from sheetgen.scenarios.placement import COMPARISONS
    from sheetgen.scenarios.terrain import EDGES, KINDS, SIZES

    colour = {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$", "description": "A colour, #rrggbb."}
    side_name = {"type": "string", "description": "A side's name, as in sides."}
    layer = {"type": "integer", "description": "Grid level, 0 the main grid (3D maps: see map.layers)."}
    terrain = {
        "type": "object",
        "additionalProperties": False,
        "required": ["type"],
        "properties": {
            "type": choice_schema(sorted(KINDS), "What stands there.", what="a kind of terrain"),
            "name": {"type": _TEXT, "description": "Its name, printed on the map."},
            "at": _hex(),
            "hexes": _hexes(),
            "around": _hex(),
            "radius": {"type": "integer", "minimum": 0, "description": "Hexes from 'around' (asteroids)."},
            "size": {
                "type": ["string", "number"],
                "description": f"A planet's or moon's size: {', '.join(SIZES)}, or a fraction of the hex width.",
            },
            "layer": layer,
        },
    }
    zone = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "side": side_name,
            "label": {"type": _TEXT, "description": "The zone's label on the map."},
            "colour": colour,
            "hexes": _hexes(),
            "rows": _span("Rows the zone covers"),
            "cols": _span("Columns the zone covers"),
            "edge": choice_schema(EDGES, "The map edge the zone runs along.", what="a map edge"),
            "depth": {"type": "integer", "minimum": 1, "description": "Hexes deep from the edge."},
            "around": _hex(),
            "radius": {"type": "integer", "minimum": 0, "description": "Hexes from 'around'."},
            "except": _hexes(),
            "layer": layer,
        },
    }
    start = {
        "type": "object",
        "additionalProperties": False,
        "required": ["at"],
        "properties": {
            "ship": {"type": _TEXT, "description": "The ship that starts here, by its name in the scenario."},
            "side": side_name,
            "label": {"type": _TEXT, "description": "A label for a start that is not one ship's."},
            "colour": colour,
            "at": _hex(),
            "facing": {
                "type": _TEXT,
                "description": "The hex side the ship faces (A-F, or as the game names them).",
            },
            "layer": layer,
        },
    }
    names = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
    comparisons = {
        c: {"type": "integer", "minimum": 0, "description": "Hexes or ships."} for c in COMPARISONS
    }
    note = {"note": {"type": _TEXT, "description": "Why the rule is there (printed in the briefing)."}}
    placement = {
        "anyOf": [
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["distance"],
                "minProperties": 2,
                "properties": {
                    "distance": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": names,
                        "description": "Two ships (or lists of ships) whose distance in hexes is held.",
                    },
                    **comparisons,
                    **note,
                },
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["edge", "ships"],
                "properties": {
                    "edge": choice_schema(EDGES, "The map edge.", what="a map edge"),
                    "ships": {**names, "description": "The ships that start along it."},
                    **note,
                },
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["same_facing"],
                "properties": {
                    "same_facing": {**names, "description": "Ships, or a side, that start facing one way."},
                    **note,
                },
            },
            {
                "type": "object",
                "required": ["count"],
                "properties": {
                    "count": {**side_name, "description": "The side whose ships are counted."},
                    **comparisons,
                    **note,
                },
            },
        ],
        "description": "A set-up rule the start positions must keep: distance, edge, same_facing or count.",
    }
    designs = {
        "description": "The design: a file path, or the design written inline under this key.",
        "anyOf": [
            {
                "type": "string",
                "description": "A design or fleet file, relative to the scenario; file.yaml#Name for one design of several.",
            },
            {"type": "object", "description": "A design written inline (its game is the scenario's)."},
        ],
    }
    fleet_entry = {
        "type": "object",
        "additionalProperties": False,
        "required": ["design"],
        "properties": {
            "design": designs,
            "count": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_COUNT,
                "description": "Ships of it (times the file's own count).",
            },
            "names": {
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": _TEXT}}],
                "description": "The ships' names, in order.",
            },
            "note": {"type": _TEXT, "description": "A note printed in the briefing."},
        },
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["scenario", "game", "sides"],
        "properties": {
            "scenario": {
                "type": _TEXT,
                "description": "The scenario's name (this key makes a file a scenario).",
            },
            "game": game_schema(list(GAMES), "The game played."),
            "summary": {"type": _TEXT, "description": "What the scenario is about (briefing)."},
            "setup": {"type": _TEXT, "description": "How the table is set up (briefing)."},
            "victory": {"type": _TEXT, "description": "How a side wins (briefing)."},
            "turn_limit": {"type": "integer", "minimum": 1, "description": "Turns played."},
            "turn_limit_chosen": {
                "type": "boolean",
                "description": "The turn limit is the project's choice, not the rule text's.",
            },
            "options": {"type": "object", "description": "Optional rules in play."},
            "source": {"type": _TEXT, "description": "Where the scenario comes from."},
            "map": {
                "type": "object",
                "description": "The hex map: its size, hex size in print, and what it places.",
                "additionalProperties": False,
                "properties": {
                    "cols": {
                        "type": "integer",
                        "minimum": 1,
                        "default": 40,
                        "description": "Columns of hexes.",
                    },
                    "rows": {"type": "integer", "minimum": 1, "default": 30, "description": "Rows of hexes."},
                    "hex": {
                        "type": "string",
                        "default": "1in",
                        "description": "Hex size across the flats, with its unit: 1in, 25mm, 5/8in.",
                    },
                    "orientation": choice_schema(
                        ["flat", "pointy"], "Hex orientation.", what="an orientation"
                    )
                    | {"default": "flat"},
                    "origin": choice_schema(
                        ["ul", "ll"], "The corner hex numbering starts from.", what="a corner"
                    )
                    | {"default": "ul"},
                    "layers": {
                        "type": ["array", "integer", "string"],
                        "description": "Grid levels of a 3D map: [-1, 0, 1], one level, or -2..+2.",
                    },
                    "style": choice_schema(["plain", "starfield"], "How the map is printed.", what="a style")
                    | {"default": "plain"},
                    "seed": {
                        "type": "integer",
                        "description": "Seed of the starfield (the same seed, the same stars).",
                    },
                    "terrain": {
                        "type": "array",
                        "items": terrain,
                        "description": "Planets, moons, warp points, asteroids.",
                    },
                    "zones": {"type": "array", "items": zone, "description": "Deployment zones."},
                    "start": {"type": "array", "items": start, "description": "Start positions."},
                },
            },
            "sides": {
                "type": "array",
                "description": "The sides, each with its fleet.",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["fleet"],
                    "properties": {
                        "name": {"type": _TEXT, "description": "The side's name."},
                        "colour": colour,
                        "notes": {"type": _TEXT, "description": "Notes for the side (briefing)."},
                        "fleet": {
                            "type": "array",
                            "items": fleet_entry,
                            "description": "The side's designs, with counts and names.",
                        },
                    },
                },
            },
            "placement": {
                "type": "array",
                "items": placement,
                "description": "Set-up rules checked against the start positions.",
            },
        },
    }
