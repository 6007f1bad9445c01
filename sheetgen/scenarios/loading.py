"""From paths on disk to checked, derived designs.

:func:`load_designs` expands files and folders, reads every YAML document,
finds each design in it (a design mapping, a list of them, or a fleet mapping
with ``designs:``), looks up its game, parses, checks and derives it. Nothing
here raises for bad input: unreadable input comes back as located ``ERROR``
lines in :attr:`LoadResult.input_errors` (exit status 2), rule findings on
each :class:`Entry` (exit status 1 when any is an error).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

from sheetgen.core.fields import Fields, describe, suggest_key
from sheetgen.core.findings import Finding, InputError, Path, error, finding_json
from sheetgen.core.jsondata import JSONObject
from sheetgen.core.shapes import Given, Shape, Text
from sheetgen.core.source import Document, Located, SourceError, load_file
from sheetgen.games import GAMES, UnknownGame, find_game
from sheetgen.games.base import DESIGN_COUNT, MAX_DESIGN_COUNT, AnyGame, Design, Stats, game_key

__all__ = [
    "FLEET",
    "Entry",
    "LoadResult",
    "expand_paths",
    "fleet_shape",
    "load_designs",
    "looks_like",
    "read_designs",
]

YAML_SUFFIXES = (".yaml", ".yml")
#: Most ships one design's ``count`` (or a scenario fleet entry's) may ask for.
MAX_COUNT = MAX_DESIGN_COUNT
#: Most ships one scenario fields, or one ``sheetgen sheets`` run prints sheets for (counts
#: multiplied out): checked before any ship is made, so the memory a run takes follows the
#: file's length, not the numbers written in it. As many as the counters one run lays out.
MAX_SHIPS = 5000
#: Keys that mark a document as a scenario rather than a design or fleet.
SCENARIO_KEY = "scenario"


def fleet_shape(game_ids: Sequence[str], design: dict[str, Any]) -> Shape:
    """A fleet file of ``game_ids``: ``designs`` (each as JSON Schema ``design``) with
    ``fleet``, ``side`` and ``game`` beside it."""
    return Shape(
        "fleet",
        (
            game_key(game_ids, "The game of every design in the fleet.", required=True),
            Text(name="fleet", description="The fleet's name (else the file's)."),
            Text(
                name="side",
                non_empty=True,
                empty_says=": it is printed on the fleet's record sheets",
                description="The side the fleet plays for.",
            ),
            Given(
                name="designs",
                required=True,
                value_schema={"type": "array", "minItems": 1, "items": design},
                description="The fleet's designs.",
            ),
        ),
    )


#: The keys of a fleet file, as the loader reads them (each design by its game's shape).
FLEET = fleet_shape(tuple(GAMES), {})


@dataclass
class Entry:
    """One design read from a file, with its findings and derived stats."""

    document: Document
    base: Path
    game: AnyGame
    design: Design
    findings: list[Finding]
    stats: Stats
    count: int = 1

    @property
    def legal(self) -> bool:
        """No finding of severity error."""
        return not any(f.is_error for f in self.findings)

    @property
    def located(self) -> list[Located]:
        """The findings placed in their file (``file:line:col``)."""
        return [self.document.locate(f, self.base) for f in self.findings]

    def stats_dict(self) -> JSONObject:
        """The JSON object ``sheetgen stats --json`` prints for this design."""
        out = self.stats.to_dict()
        now = self.game.condition_now(self.stats) if self.legal else None
        if now is not None:
            out["now"] = now  # the current values by the design's condition: block
        out["legal"] = self.legal
        out["findings"] = [finding_json(loc) for loc in self.located]
        return out


@dataclass
class LoadResult:
    """Designs read (``entries``) and input that could not be read (``input_errors``)."""

    entries: list[Entry] = field(default_factory=list)
    input_errors: list[Located] = field(default_factory=list)
    scenarios: list[tuple[str, Document]] = field(default_factory=list)
    #: Rule findings of designs that also have input errors, from the rules that do not
    #: depend on the keys in error: printed with them, so every problem shows at once.
    partial: list[Located] = field(default_factory=list)
    #: A folder a scenario's design paths must stay inside (``sheetgen serve``'s workspace),
    #: and the paths that did not: refused before they are opened.
    within: FsPath | None = None
    outside: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return all(e.legal for e in self.entries)

    @property
    def exit_code(self) -> int:
        """2 when any input was unreadable, else 1 when any design is illegal, else 0."""
        if self.input_errors:
            return 2
        return 0 if self.legal else 1


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[tuple[FsPath, str]]:
    """Files as given, and folders as their ``*.yaml``/``*.yml`` files (recursively,
    sorted, leaving out hidden files and everything under a hidden folder such as
    ``.git`` or ``.trash``, as ``sheetgen serve`` lists a workspace); yields ``(path,
    name used in messages)``. A missing path is yielded as is so the loader reports it."""
    for raw in paths:
        p = FsPath(raw)
        if p.is_dir():
            found = sorted(
                f
                for f in p.rglob("*")
                if f.suffix.lower() in YAML_SUFFIXES
                and f.is_file()
                and not any(part.startswith(".") for part in f.relative_to(p).parts)
            )
            for f in found:
                yield f, str(f)
        else:
            yield p, str(raw)


def _design_mappings(doc: Document) -> Iterator[tuple[Path, Any, Any, Path]]:
    """Yield ``(path, mapping, inherited game, path of that game value)`` for every
    design in a document."""
    data = doc.data
    if isinstance(data, list):
        if not data:
            raise InputError([error("SCHEMA", "the list holds no designs", ())])
        for i, item in enumerate(data):
            yield (i,), item, None, ()
        return
    if isinstance(data, dict) and "designs" in data:
        fleet = Fields(data, (), shape=FLEET)
        fleet.get(FLEET.key("fleet"))
        fleet.get(FLEET.key("side"))
        game = fleet.raw("game")
        items = fleet.raw("designs")
        fleet.done()
        if not isinstance(items, list):
            raise InputError(
                [
                    error(
                        "SCHEMA",
                        f"'designs' must be a list of designs, found {describe(items)}",
                        ("designs",),
                    )
                ]
            )
        if not items:
            raise InputError([error("SCHEMA", "the fleet lists no designs", ("designs",))])
        for i, item in enumerate(items):
            yield ("designs", i), item, game, ("game",)
        return
    if isinstance(data, dict):
        _not_a_design(data)
    yield (), data, None, ()


def _not_a_design(data: dict[Any, Any]) -> None:
    """Raise one ``SCHEMA`` line when a mapping read as a design looks like a scenario or a
    fleet (:func:`looks_like`), instead of a line for each key a design does not know."""
    message = looks_like(data)
    if message is not None:
        raise InputError([error("SCHEMA", message, ())])


def looks_like(data: dict[Any, Any]) -> str | None:
    """What a mapping without ``scenario:`` or ``designs:`` seems meant as, said in one line:
    a scenario (it has ``sides`` or ``map``, or ``Scenario`` in another case) or a fleet
    (``fleet``, ``ships`` or ``Designs`` and no ``name``); else None."""
    keys = {str(k).lower(): str(k) for k in data}
    marks = [keys[k] for k in ("scenario", "sides", "map") if k in keys]
    if marks:
        has = " and ".join(f"'{k}'" for k in marks)
        return (
            f"this looks like a scenario (it has {has}) but lacks 'scenario: NAME',"
            " the key validate and kit know a scenario by"
        )
    marks = [keys[k] for k in ("designs", "fleet", "ships") if k in keys]
    if marks and "name" not in keys:
        has = " and ".join(f"'{k}'" for k in marks)
        return (
            f"this looks like a fleet (it has {has}); a fleet lists its designs under"
            " 'designs:' (with 'fleet: NAME' and 'game:' beside it)"
        )
    return None


def read_designs(doc: Document, result: LoadResult, *, only_game: str | None = None) -> None:
    """Parse, check and derive every design in ``doc`` into ``result``."""
    if isinstance(doc.data, dict) and SCENARIO_KEY in doc.data:
        result.scenarios.append((doc.source, doc))
        return
    try:
        mappings = list(_design_mappings(doc))
    except InputError as exc:
        result.input_errors.extend(doc.locate(f) for f in exc.findings)
        return
    for base, mapping, inherited, game_path in mappings:
        try:
            fields = Fields(mapping, base, what="design", defer=True)
            own_game = "game" in mapping
            game_value = fields.raw("game", inherited)
            game_at: Path = (*base, "game") if own_game else game_path
            if game_value is None:
                # "Game: Starfire": read the game from the key it was meant as; the key
                # itself is reported once, as unknown, with what it was meant as
                meant = next((k for k in mapping if suggest_key(k, ("game",), cutoff=0.8) == "game"), None)
                if meant is None:
                    raise InputError(
                        [error("GAME", f"design lacks 'game:'; known games: {', '.join(GAMES)}", base)]
                    )
                game_value, game_at = mapping[meant], (*base, meant)
            try:
                game = find_game(game_value)
            except UnknownGame as exc:
                raise InputError([error("GAME", str(exc), game_at)]) from None
            count = fields.get(DESIGN_COUNT) or 1
            design = game.parse(fields)
            problems = list(fields.deferred)
            said = _problem_keys(problems, base) | set(fields.missing)
            if not design.name.strip() and "name" not in said:
                problems.append(error("SCHEMA", "'name' must not be empty", (*base, "name")))
        except InputError as exc:
            result.input_errors.extend(doc.locate(f) for f in exc.findings)
            continue
        if only_game and game.id != only_game:
            continue
        design.count = count
        if problems:
            # unusable input (exit status 2), but the rules that do not read the keys with
            # a problem are still applied, so every problem shows in one pass
            result.input_errors.extend(doc.locate(f) for f in problems)
            keys = _problem_keys(problems, base) | set(fields.missing)
            result.partial.extend(doc.locate(f, base) for f in _checkable(game, design, keys))
            continue
        findings = game.check(design)
        result.entries.append(Entry(doc, base, game, design, findings, game.derive(design), count))


def _problem_keys(problems: list[Finding], base: Path) -> set[str]:
    """The design's own keys (under ``base``) the ``problems`` point into: a key with a value
    of the wrong type, or a nested mapping with a problem; unknown keys are not among them
    (a design reads as if they were absent), nor are required keys left out (the caller
    adds :attr:`~sheetgen.core.fields.Fields.missing`)."""
    keys: set[str] = set()
    for f in problems:
        rest = f.path[len(base) :]
        if rest and isinstance(rest[0], str):
            keys.add(rest[0])
    return keys


def _checkable(game: AnyGame, design: Design, keys: set[str]) -> list[Finding]:
    """The findings of the rules that do not depend on ``keys``, the keys with a problem
    (none when the game's rules read one of them throughout:
    :attr:`~sheetgen.games.base.Game.checkable_without`)."""
    if any(key not in game.checkable_without for key in keys):
        return []
    skip = {rule for key in keys for rule in game.checkable_without[key]}
    return [
        f
        for f in game.check(design)
        if f.rule not in skip and not (f.path and isinstance(f.path[0], str) and f.path[0] in keys)
    ]


def load_designs(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *, only_game: str | None = None
) -> LoadResult:
    """Read every design in ``paths`` (files or folders, or one file or folder given
    alone); see the module docstring."""
    result = LoadResult()
    given = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    if not given:
        result.input_errors.append(Located("sheetgen", 1, 1, error("FILE", "no design files given")))
    for raw in given:
        files = list(expand_paths([raw]))
        if not files:
            result.input_errors.append(
                Located(str(raw), 1, 1, error("FILE", "folder holds no .yaml or .yml files"))
            )
        for path, name in files:
            try:
                docs = load_file(path, source=name)
            except SourceError as exc:
                result.input_errors.extend(exc.located)
                continue
            for doc in docs:
                read_designs(doc, result, only_game=only_game)
    return result
