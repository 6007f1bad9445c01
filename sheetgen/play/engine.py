"""Games as event logs: replay a game's events through its rules of play.

A game is a scenario and the events logged for it (:mod:`sheetgen.play.store`). Its
state is never stored: it is the scenario's ships started by their game's ``live``
module (``sheetgen.games.<game>.live``: ``start``, ``apply``, ``end_turn``, ``now``,
``removed``, ``PHASES``) and every event that is not undone applied in order. Nothing
here knows a rule; each ship event is the game's to allow or refuse.

Events (JSON mappings):

- a ship's: ``{"ship": NAME, "action": ACTION, ...}``, given to the game's ``apply``
  (``damage`` with ``amount`` and ``weapon`` in every game); an action the game's
  ``ROLLED`` names (a table roll) without a ``roll`` is rolled here and the roll logged;
- the table's: ``{"action": "next_turn"}`` (each ship's ``end_turn``, then turn + 1 and
  the first phase), ``{"action": "phase", "phase": NAME}`` (the tracker informs and never
  forbids: any of the game's phases, ``Game.turn_phases``, in any order and letter case), ``{"action": "roll", "dice": "2d10"}`` (rolled
  here, the faces logged);
- ``{"action": "undo"}`` takes back the last event still standing, ``{"action": "redo"}``
  puts back the last one undone (a new event after an undo ends what can be redone).
"""

from __future__ import annotations

import base64
import copy
import dataclasses
import hashlib
import hmac
import importlib
import re
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import yaml

from sheetgen.core.refused import Refused, given
from sheetgen.games import GAMES
from sheetgen.play.store import Logged, Stale, Store, StoredGame
from sheetgen.scenarios.scenario import Scenario, every_error, load_scenario

__all__ = [
    "DEFAULT_RANGE",
    "KEYS",
    "MAX_NUMBER",
    "MAX_RANGE",
    "BadAim",
    "Engine",
    "Forbidden",
    "Refused",
    "UnknownGame",
    "live_module",
    "print_sheets",
]

_DICE = re.compile(r"([1-9]|10)d(6|10|20|100)")
_TABLE = ("next_turn", "phase", "roll", "undo", "redo")
#: The longest text an event's strings may hold (names, weapons, phases, who).
_MAX_TEXT = 80
#: The keys an event may carry (what the games' and the table's events read), and the
#: largest whole number it may hold: the log keeps what was sent, so nothing else is taken.
KEYS = frozenset({"ship", "action", "amount", "weapon", "roll", "double", "phase", "dice"})
MAX_NUMBER = 10**9
#: The range (hexes) a state's ``now.weapons`` is given at unless another is asked for.
DEFAULT_RANGE = 1
#: The longest range a state may be asked for.
MAX_RANGE = 99


class UnknownGame(LookupError):
    """No game of that id is kept."""


class BadAim(ValueError):
    """A device's modifiers for its weapons' odds are not what the game takes (one line)."""


class Forbidden(Refused):
    """The sender's side may not make this change (a side changes only its own ships)."""


#: Table events a side sends while sides own their ships: they change no ship.
_ANY_SIDE = ("phase", "roll")


def live_module(game_id: str) -> ModuleType:
    """The ``live`` module (rules in play) of the game registered as ``game_id``."""
    return importlib.import_module(GAMES[game_id] + ".live")


@dataclass
class _Ship:
    name: str
    side: str
    colour: str
    live: ModuleType
    state: Any


@dataclass
class _Game:
    stored: StoredGame
    scenario: Scenario
    ships: dict[str, _Ship]
    phases: tuple[str, ...]
    log: list[Logged] = field(default_factory=list)
    turn: int = 1
    phase: str = ""
    #: seqs of the events standing (applied), and of those undone that may be redone
    done: list[int] = field(default_factory=list)
    undone: list[int] = field(default_factory=list)


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > _MAX_TEXT:
        raise Refused(f"{what} is text of 1 to {_MAX_TEXT} characters, not {given(value)}")
    return value


class Engine:
    """The games of the workspace ``root``: create, read, and change them by events.

    ``load`` reads a scenario path (as given, relative to ``root``) and raises
    :class:`Refused` when it cannot be played (default: :func:`load_scenario` with its
    designs kept inside ``root``). Safe to call from several threads: one game's events
    are applied one at a time, in the order the log keeps them.
    """

    def __init__(self, root: str | Path, load: Callable[[str], Scenario] | None = None) -> None:
        self.root = Path(root).resolve()
        self.store = Store(self.root)
        self._load = load or self.read_scenario
        self._games: dict[str, _Game] = {}
        self._lock = threading.Lock()
        self._locks: dict[str, threading.Lock] = {}

    def read_scenario(self, path: str) -> Scenario:
        """The scenario at ``path`` (relative to the workspace), its designs inside it; raises
        :class:`Refused` with the first error when it cannot be read or has rule errors."""
        scenario, result = load_scenario(self.root / path, within=self.root)
        errors = every_error(scenario, result)
        if scenario is None or errors:
            first = errors[0] if errors else None
            raise Refused(f"{path}: cannot be played: {first.finding.message if first else 'not a scenario'}")
        return scenario

    # --- games ---------------------------------------------------------------------------

    def create(self, scenario: str) -> StoredGame:
        """A new game of the scenario at ``scenario`` (path in the workspace); raises
        :class:`Refused` when it cannot be read or played."""
        self._start(self._load(scenario), None)  # refused before anything is kept
        stored = self.store.create(scenario)
        return stored

    def games(self) -> list[StoredGame]:
        """Every game kept, newest first."""
        return self.store.games()

    def _lock_of(self, game_id: str) -> threading.Lock:
        with self._lock:
            return self._locks.setdefault(game_id, threading.Lock())

    def _start(self, scenario: Scenario, stored: StoredGame | None) -> _Game:
        ships: dict[str, _Ship] = {}
        # the game's sequence of play, as its record sheet's turn track reads it
        phases: tuple[str, ...] = tuple(scenario.game.turn_phases)
        for ship in scenario.ships:
            live = live_module(ship.entry.game.id)
            phases = phases or tuple(live.PHASES)
            ships[ship.name] = _Ship(ship.name, ship.side, ship.colour, live, live.start(ship.stats))
        placeholder = StoredGame("", "", "", 0.0)
        return _Game(stored or placeholder, scenario, ships, phases, phase=phases[0] if phases else "")

    def _game(self, game_id: str) -> _Game:
        """The game ``game_id`` replayed up to its last logged event (cached)."""
        game = self._games.get(game_id)
        if game is None:
            stored = self.store.game(game_id)
            if stored is None:
                raise UnknownGame(game_id)
            game = self._start(self._load(stored.scenario), stored)
            self._games[game_id] = game
        for logged in self.store.events(game_id, after=len(game.log)):
            self._record(game, logged)
        return game

    # --- replay ----------------------------------------------------------------------------

    def _replay(self, game: _Game) -> None:
        """Rebuild ``game``'s state from the start through the events standing."""
        fresh = self._start(game.scenario, game.stored)
        by_seq = {e.seq: e for e in game.log}
        for seq in game.done:
            self._apply(fresh, by_seq[seq].body)
        for ship in game.ships.values():
            ship.state = fresh.ships[ship.name].state
        game.turn, game.phase = fresh.turn, fresh.phase

    def _record(self, game: _Game, logged: Logged) -> None:
        """Take one logged event into ``game`` (as it is applied, or as it is replayed)."""
        game.log.append(logged)
        action = logged.body.get("action")
        if action == "undo":
            if game.done:
                game.undone.append(game.done.pop())
                self._replay(game)
        elif action == "redo":
            if game.undone:
                seq = game.undone.pop()
                game.done.append(seq)
                self._apply(game, next(e.body for e in game.log if e.seq == seq))
        else:
            game.undone.clear()
            game.done.append(logged.seq)
            self._apply(game, logged.body)

    def _apply(self, game: _Game, event: dict[str, Any]) -> None:
        """Apply one event to ``game`` in place; raises :class:`Refused` changing nothing."""
        action = event.get("action")
        if "ship" in event and event["ship"] is not None:
            ship = game.ships.get(event["ship"]) if isinstance(event["ship"], str) else None
            if ship is None:
                raise Refused(f"no ship named {given(event['ship'])} in this game")
            ship.state = ship.live.apply(ship.state, event)
        elif action == "next_turn":
            if event.get("phase") is not None:
                raise Refused(
                    "next_turn starts the turn at its first phase; set a phase with the phase event"
                )
            for ship in game.ships.values():
                ship.state = ship.live.end_turn(ship.state)
            game.turn += 1
            game.phase = game.phases[0] if game.phases else ""
        elif action == "phase":
            phase = _text(event.get("phase"), "a phase")
            named = {p.lower(): p for p in game.phases}
            older = {p.lower() for ship in game.ships.values() for p in ship.live.PHASES}
            if phase.lower() in named:  # written in any letter case: the game's own spelling
                phase = named[phase.lower()]
            elif game.phases and phase.lower() not in older:  # older play names: games kept before replay
                names = ", ".join(game.phases)
                raise Refused(f"{given(phase)} is not a phase of this game's turn; its phases are {names}")
            game.phase = phase
        elif action == "roll":
            pass  # the faces are in the event already
        else:
            raise Refused(f"a ship event names its ship; the table's events are {', '.join(_TABLE)}")

    # --- changes ---------------------------------------------------------------------------

    def submit(
        self, game_id: str, event: dict[str, Any], who: str = "host", side: str | None = None
    ) -> dict[str, Any]:
        """Apply ``event`` to the game and log it (durable before this returns); the new
        state (:meth:`state`). Raises :class:`Refused` (nothing changes) for an event the
        rules or this engine refuse, and :class:`UnknownGame`.

        ``side`` is the sender's side where it is not the host: while the game's sides own
        their ships (the host's setting, :meth:`set_sides_own_ships`), that side may change
        only its own ships (an undo or redo only of an event on one of them, or of a ``phase``
        or ``roll`` it sent: those change no ship, and the logged event keeps its ``side``),
        and anything else raises :class:`Forbidden`. ``side`` ``""``
        is a device that has not joined as a side: it changes nothing then."""
        if not isinstance(event, dict):
            raise Refused(
                'an event is a JSON object, e.g. {"ship": "Hammer", "action": "damage", "amount": 2}'
            )
        who = _text(who, "who")
        body = {k: v for k, v in event.items() if v is not None and k != "who"}
        _bounded(body)
        action = body.get("action")
        if action == "roll":
            body["faces"] = _roll(body.get("dice"))
        if side and "ship" not in body and action in _ANY_SIDE:
            body["side"] = side  # who made a table event: that side may undo it
        with self._lock_of(game_id):
            while True:
                game = self._game(game_id)
                if action == "undo" and not game.done:
                    raise Refused("nothing to undo")
                if action == "redo" and not game.undone:
                    raise Refused("nothing to redo")
                if side is not None and self.store.sides_own_ships(game_id):
                    _may(game, body, side)
                if action not in ("undo", "redo"):
                    _roll_for(game, body)
                    self._check(game, body)
                try:
                    logged = self.store.append(game_id, len(game.log) + 1, body, who)
                except Stale:
                    continue  # another process wrote first: read its events and check again
                self._record(game, logged)
                return self._view(game)

    def _check(self, game: _Game, body: dict[str, Any]) -> None:
        """Raise :class:`Refused` if ``body`` cannot be applied now; changes nothing."""
        trial = _Game(game.stored, game.scenario, {}, game.phases, turn=game.turn, phase=game.phase)
        trial.ships = {n: _Ship(s.name, s.side, s.colour, s.live, s.state) for n, s in game.ships.items()}
        self._apply(trial, body)

    def undo(self, game_id: str, who: str = "host") -> dict[str, Any]:
        """Take back the last event standing (logged as an undo event)."""
        return self.submit(game_id, {"action": "undo"}, who)

    def redo(self, game_id: str, who: str = "host") -> dict[str, Any]:
        """Put back the last event undone (logged as a redo event)."""
        return self.submit(game_id, {"action": "redo"}, who)

    # --- sides ---------------------------------------------------------------------------

    def sides(self, game_id: str) -> list[str]:
        """The game's sides, in the scenario's order. Raises :class:`UnknownGame`."""
        with self._lock_of(game_id):
            return list(dict.fromkeys(s.side for s in self._game(game_id).ships.values()))

    def token(self, game_id: str, side: str) -> str:
        """The side token of ``side`` in the game (16 letters, an HMAC-SHA256 of the game and
        the side under the workspace's key): what a device sends to act as that side.
        Raises :class:`Refused` for a side not in the game, :class:`UnknownGame`."""
        sides = self.sides(game_id)
        if side not in sides:
            raise Refused(f"no side {given(side)} in this game; its sides are {', '.join(sides)}")
        return _token_of(self.store.key(), game_id, side)

    def side_of(self, game_id: str, token: str) -> str | None:
        """The side whose token ``token`` is in the game, or ``None``."""
        key = self.store.key()
        return next(
            (s for s in self.sides(game_id) if hmac.compare_digest(_token_of(key, game_id, s), token)), None
        )

    def sides_own_ships(self, game_id: str) -> bool:
        """The host's setting: whether each side changes only its own ships (default ``True``)."""
        self._game(game_id)
        return self.store.sides_own_ships(game_id)

    def set_sides_own_ships(self, game_id: str, value: bool) -> None:
        """Set the host's setting ``sides_own_ships`` (kept with the game)."""
        self._game(game_id)
        self.store.set_sides_own_ships(game_id, value)

    # --- reading -------------------------------------------------------------------------

    def state(
        self, game_id: str, range_hexes: int = DEFAULT_RANGE, aim: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        """``{"id", "scenario", "name", "game", "turn", "phase", "phases", "version", "can_redo", "code",
        "ships": [{"name", "side", "colour", "removed", "now"}], "log": [{"seq", "who", "at",
        "event", "undone"}]}``; ``version`` is the number of events logged. ``aim`` is what a
        device gives for its weapons' odds (query parameters), read by the game's
        ``live.read_aim`` where it has one. Raises :class:`UnknownGame`, :class:`BadAim`."""
        with self._lock_of(game_id):
            game = self._game(game_id)
            reader = getattr(live_module(game.scenario.game.id), "read_aim", None)
            try:
                values = reader(aim or {}) if reader is not None else {}
            except ValueError as exc:
                raise BadAim(str(exc)) from None
            return self._view(game, range_hexes, values)

    def version(self, game_id: str) -> int:
        """The number of events logged for the game (what :meth:`state` calls ``version``)."""
        with self._lock_of(game_id):
            return len(self._game(game_id).log)

    def conditions(self, game_id: str) -> list[tuple[Any, dict[str, Any], bool]]:
        """Each ship of the game as ``(scenario ship, condition block, removed)``: the
        ``condition:`` its game's ``live`` module writes for its state now. Raises
        :class:`UnknownGame`."""
        with self._lock_of(game_id):
            game = self._game(game_id)
            by_name = {s.name: s for s in game.scenario.ships}
            return [
                (by_name[s.name], s.live.condition(s.state), bool(s.live.removed(s.state)))
                for s in game.ships.values()
            ]

    def export(self, game_id: str) -> str:
        """YAML of each surviving ship's design (named for the ship, one each) with its
        ``condition:`` block, for the next scenario of a campaign; ``# removed`` comments
        name the ships lost. Raises :class:`UnknownGame`."""
        designs: list[dict[str, Any]] = []
        lost: list[str] = []
        for ship, cond, gone in self.conditions(game_id):
            if gone:
                lost.append(ship.name)
                continue
            mapping = _design_mapping(ship.entry)
            mapping.pop("count", None)
            mapping.pop("game", None)
            design_name = mapping.get("name")
            if "class" not in mapping and design_name is not None and design_name != ship.name:
                mapping["class"] = design_name  # as the game names a ship after its design
            mapping["name"] = ship.name
            mapping["condition"] = cond
            mapping = ship.entry.game.carried_over(mapping, dataclasses.replace(ship.stats, condition=cond))
            designs.append({"game": ship.entry.game.id, **mapping})
        head = "".join(f"# {name}: destroyed or removed from play, not fielded\n" for name in lost)
        return head + (yaml.safe_dump(designs, sort_keys=False, allow_unicode=True) if designs else "[]\n")

    def sheet_ships(self, game_id: str) -> list[Any]:
        """Every ship of the game as :func:`print_sheets` prints it: its stats with its
        condition now (:class:`~sheetgen.render.record_sheets.Ship`, picklable for a print worker).
        Raises :class:`UnknownGame`."""
        from sheetgen.render.record_sheets import Ship

        return [
            Ship(
                ship.entry.game,
                dataclasses.replace(ship.stats, condition=cond),
                # the findings of the design's own condition: block are of the ship as fielded,
                # which play's condition now replaces
                [f for f in ship.entry.findings if f.path[:1] != ("condition",)],
                ship.side,
                ship.colour,
            )
            for ship, cond, _gone in self.conditions(game_id)
        ]

    def sheets(self, game_id: str, paper: str = "letter") -> bytes:
        """The record sheets (PDF) of every ship of the game with its condition now marked,
        as ``sheetgen sheets`` prints a design with that ``condition:``. Raises
        :class:`UnknownGame`."""
        return print_sheets(self.sheet_ships(game_id), paper)

    def _view(
        self, game: _Game, range_hexes: int = 1, aim: Mapping[str, int] | None = None
    ) -> dict[str, Any]:
        standing = set(game.done)
        live = live_module(game.scenario.game.id)
        return {
            "id": game.stored.id,
            "scenario": game.stored.scenario,
            "name": game.scenario.name,
            "game": game.scenario.game.id,
            "turn": game.turn,
            "phase": game.phase,
            "phases": list(game.phases),
            "version": len(game.log),
            "can_redo": bool(game.undone),
            "sides_own_ships": self.store.sides_own_ships(game.stored.id),
            **page_controls(live),
            "ships": [
                {
                    "name": s.name,
                    "side": s.side,
                    "colour": s.colour,
                    "removed": bool(s.live.removed(s.state)),
                    "now": _now(s, range_hexes, aim or {}),
                }
                for s in game.ships.values()
            ],
            "log": [
                {
                    "seq": e.seq,
                    "who": e.who,
                    "at": e.at,
                    "event": e.body,
                    "undone": e.body.get("action") not in ("undo", "redo") and e.seq not in standing,
                }
                for e in game.log
            ],
        }


def page_controls(live: ModuleType) -> dict[str, Any]:
    """What the play page offers for a game, from its ``live`` module: ``actions`` (its
    ``BUTTONS``, :mod:`sheetgen.core.playcard`), ``aim`` (the Target fields:
    ``[{"name", "label", "low", "high", "what"}]``, its ``AIM`` values named in
    ``AIM_ON_PAGE``) and ``to_hit_unit`` (``TO_HIT_UNIT``: ``"%"`` for a percent, else ``""``)."""
    bounds = getattr(live, "AIM", {})
    return {
        "actions": list(getattr(live, "BUTTONS", ())),
        "aim": [
            {
                "name": name,
                "label": label,
                "low": bounds[name][0],
                "high": bounds[name][1],
                "what": bounds[name][2],
            }
            for name, label in getattr(live, "AIM_ON_PAGE", {}).items()
        ],
        "to_hit_unit": getattr(live, "TO_HIT_UNIT", ""),
    }


def _now(ship: _Ship, range_hexes: int, aim: Mapping[str, int]) -> dict[str, Any]:
    """The ship's ``now``, with ``card`` (its card's rows, from its game's ``live.card_rows``),
    ``weapons`` (what it can fire at ``range_hexes``, and the odds) where its game's ``live``
    gives them, and ``range`` that range; a game that reads ``aim`` (its ``AIM``) gets it too."""
    now: dict[str, Any] = ship.live.now(ship.state)
    rows = getattr(ship.live, "card_rows", None)
    if rows is not None:
        now["card"] = rows(now)
    weapons = getattr(ship.live, "weapons", None)
    if weapons is not None:
        now["range"] = range_hexes
        extra = (aim,) if hasattr(ship.live, "AIM") else ()
        now["weapons"] = [] if ship.live.removed(ship.state) else weapons(ship.state, range_hexes, *extra)
    return now


def print_sheets(ships: list[Any], paper: str = "letter") -> bytes:
    """The PDF of :meth:`Engine.sheet_ships`' ships (a print worker's job)."""
    from sheetgen.render.record_sheets import render_record_sheets

    return render_record_sheets(ships, paper=paper).data


def _design_mapping(entry: Any) -> dict[str, Any]:
    """The design mapping ``entry`` was read from, as written (a copy)."""
    node: Any = entry.document.data
    for key in entry.base:
        node = node[key]
    return copy.deepcopy(dict(node))


def _bounded(body: dict[str, Any]) -> None:
    """Refuse an event with a key no event reads, or a value no event needs: text over
    :data:`_MAX_TEXT` characters, a number beyond :data:`MAX_NUMBER`, a list or mapping."""
    unknown = sorted(str(k) for k in body if k not in KEYS)
    if unknown:
        raise Refused(f"an event carries {', '.join(sorted(KEYS))}; not {', '.join(map(repr, unknown))}")
    for key, value in body.items():
        if isinstance(value, str):
            _text(value, key)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_NUMBER:
                raise Refused(f"{key} {value} is beyond {MAX_NUMBER:,}")
        else:
            raise Refused(f"{key} must be text, a whole number or true/false, not {given(value)}")


def _token_of(key: bytes, game_id: str, side: str) -> str:
    digest = hmac.new(key, f"{game_id}\0{side}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:10]).decode()


def _may(game: _Game, body: dict[str, Any], side: str) -> None:
    """Raise :class:`Forbidden` unless ``side`` may send ``body`` while sides own their ships."""
    action = body.get("action")
    if action in ("undo", "redo"):
        stack = game.done if action == "undo" else game.undone
        if not stack:
            return  # refused as nothing to undo or redo
        target = next(e.body for e in game.log if e.seq == stack[-1])
        named = target.get("ship")
        ship = game.ships.get(named) if isinstance(named, str) else None
        if ship is not None and ship.side != side:
            raise Forbidden(
                f"the last change is on {ship.name} of {ship.side}; only its side or the host may {action} it"
            )
        if ship is None and (not side or target.get("side") != side):
            by = target.get("side")
            whose = f"{by}'s" if by else "the host's"
            only = f"only {by} or the host" if by else "only the host"
            raise Forbidden(
                f"the last change is {whose} table event ({target.get('action')}); {only} may {action} it"
            )
        return
    if "ship" not in body and action in _ANY_SIDE:
        return
    if not side:
        raise Forbidden("join the game as a side to change its ships (the host gives each side its token)")
    ship = game.ships.get(body["ship"]) if isinstance(body.get("ship"), str) else None
    if ship is None:
        if "ship" in body:
            return  # refused by the rules: no such ship
        raise Forbidden(f"only the host may send {action}; a side changes only its own ships")
    if ship.side != side:
        raise Forbidden(f"{ship.name} is {ship.side}'s ship; {side} changes only its own ships")


def _roll_for(game: _Game, body: dict[str, Any]) -> None:
    """Roll the die of a ship event that needs one and does not give it (the game's
    ``live.ROLLED``: action -> dice), into ``body["roll"]``, so the log keeps the roll."""
    ship = game.ships.get(body["ship"]) if isinstance(body.get("ship"), str) else None
    dice = getattr(ship.live, "ROLLED", {}).get(body.get("action")) if ship is not None else None
    if dice is not None and "roll" not in body:
        body["roll"] = sum(_roll(dice))


def _roll(dice: object) -> list[int]:
    """Roll ``NdS`` (1-10 dice of 6, 10, 20 or 100 sides): the faces."""
    m = _DICE.fullmatch(dice.strip().lower()) if isinstance(dice, str) else None
    if m is None:
        raise Refused(
            f"dice are written like 2d10 (1 to 10 dice of 6, 10, 20 or 100 sides), not {given(dice)}"
        )
    count, sides = int(m.group(1)), int(m.group(2))
    return [secrets.randbelow(sides) + 1 for _ in range(count)]
