"""The Starfire system-string notation, both ways.

Players write a ship as ``CT-[2]-SSAA(I)(I)(I)QLR-[6]``: the hull code, the turn
mode in brackets (optional), the system string, the speed in brackets
(optional). In the system string each system is its chart code (``Pt`` and
``Mg`` have two letters), engine rooms are parentheses around their drives
(``(II)``), ``+`` marks a restricted-arc weapon, and repeats may be written
``(6xA)``, ``Ax6`` or ``6xA`` (also ``x`` as ``×`` or ``*``); a repeat is
shorthand for writing the code again, except that ``(3xI)`` makes three engine
rooms ``(I)(I)(I)``, since a drive outside a room is never legal.

:func:`parse_system_string` / :func:`system_string` and :func:`parse_notation`
/ :func:`notation` are the paired readers and writers. Readers never raise on
bad notation: they return what they could read and findings (rule ``SF-1`` for
unknown codes, ``SF-5`` for parentheses, ``SF-6`` for ``+``), each with a
:class:`~sheetgen.core.findings.Char` offset into the string the user typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sheetgen.core.fields import did_you_mean
from sheetgen.core.findings import Char, Finding, error
from sheetgen.core.source import MAX_INT_DIGITS
from sheetgen.games.starfire.data import HULLS, MAX_SYSTEMS_TEXT, SYSTEMS

__all__ = [
    "MAX_REPEAT",
    "MAX_SLOTS",
    "SAMPLE",
    "Notation",
    "Slot",
    "SystemString",
    "notation",
    "other_notation",
    "parse_notation",
    "parse_system_string",
    "system_string",
]

#: Largest repeat count accepted in ``(NxC)``; no hull holds more systems.
MAX_REPEAT = 60

_REPEAT_MARK = "x×*"

#: Most systems repeats may write out: a design's system string holds at most
#: :data:`~sheetgen.games.starfire.data.MAX_SYSTEMS_TEXT` characters written out, one or
#: more a system.
MAX_SLOTS = MAX_SYSTEMS_TEXT


@dataclass(frozen=True)
class Slot:
    """One system in damage order.

    ``code`` is the System Chart code; ``room`` the 0-based engine room it sits
    in (``None`` outside parentheses); ``plus`` whether a ``+`` was typed after
    it; ``offset`` where it was typed in the source string (characters).
    """

    code: str
    room: int | None = None
    plus: bool = False
    offset: int = 0


@dataclass
class SystemString:
    """A parsed system string: slots in damage order and the notation findings."""

    slots: list[Slot] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    @property
    def rooms(self) -> list[list[int]]:
        """Engine rooms in order of appearance, each a list of slot indexes."""
        rooms: dict[int, list[int]] = {}
        for i, slot in enumerate(self.slots):
            if slot.room is not None:
                rooms.setdefault(slot.room, []).append(i)
        return [rooms[k] for k in sorted(rooms)]


class _Reader:
    """Recursive-descent reader over the system string (whitespace already kept)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.room_count = 0
        self.findings: list[Finding] = []
        self.too_many = False  # repeats past MAX_SLOTS, said once

    def fail(self, rule: str, message: str, offset: int) -> None:
        self.findings.append(error(rule, message, (Char(offset),)))

    def peek(self, k: int = 0) -> str:
        i = self.pos + k
        return self.text[i] if i < len(self.text) else ""

    def skip_space(self) -> None:
        while self.peek() and self.peek() in " \t\r\n,.;_":
            self.pos += 1

    def number(self) -> int | None:
        m = re.compile(r"\d+").match(self.text, self.pos)
        if not m:
            return None
        self.pos = m.end()
        return _count(m.group())

    def code(self) -> tuple[str, int] | None:
        """Read one system code; report unknown ones and return None."""
        start = self.pos
        two = self.text[start : start + 2]
        if two in SYSTEMS:
            self.pos += 2
            return two, start
        one = self.peek()
        self.pos += 1
        if one in SYSTEMS:
            return one, start
        known = " ".join(sorted(SYSTEMS, key=str.lower))
        typed, hint = one, ""
        if one.isalpha() and len(two) == 2 and two.capitalize() in SYSTEMS:
            typed, hint = two, f" (did you mean {two.capitalize()}?)"
            self.pos += 1
        else:
            hint = did_you_mean(one, SYSTEMS)
        self.fail("SF-1", f"unknown system {typed!r}{hint}; the System Chart has {known}", start)
        return None

    def typed(self, offset: int, n: int) -> str:
        """The digits of the number read at ``offset`` (or just after the ``x`` there) as typed,
        cut to their first 8 and their count past 20 digits."""
        m = re.compile(r"\D?(\d+)").match(self.text, offset)
        typed = m.group(1) if m else str(n)
        if len(typed) > 20:
            typed = f"{typed[:8]}... ({len(typed):,} digits)"
        return typed

    def repeat_count(self, n: int, offset: int) -> int:
        """``n`` (read at ``offset``: its digits, or the ``x`` before them) if it is a count the
        System Chart can use; else a finding quoting the digits as typed, and 0 (no copies)."""
        if n < 1 or n > MAX_REPEAT:
            typed = self.typed(offset, n)
            self.fail("SF-1", f"repeat count {typed} must be from 1 to {MAX_REPEAT}", offset)
            return 0  # no copies: nothing the rules then check counts a number not written
        return n

    def unit(self, in_room: bool) -> list[Slot]:
        """One unit: a code (with ``+`` and a trailing ``xN``), a group, or ``Nx`` unit."""
        self.skip_space()
        start = self.pos
        ch = self.peek()
        if ch.isdigit():
            n = self.number() or 0
            if self.peek() and self.peek() in _REPEAT_MARK:
                self.pos += 1
                inner = self.unit(in_room)
                return self.repeat(inner, self.repeat_count(n, start))
            typed = self.typed(start, n)
            self.fail("SF-1", f"a number ({typed}) must be followed by x and a system, as in 6xA", start)
            return []
        if ch == "(":
            return self.group(in_room)
        if ch == ")":
            self.pos += 1
            self.fail("SF-5", "unbalanced parenthesis: ')' closes no engine room", start)
            return []
        if ch == "+":
            self.pos += 1
            self.fail("SF-6", "'+' must follow a weapon code (as in E+)", start)
            return []
        got = self.code()
        if got is None:
            return []
        code, offset = got
        slot = Slot(code, None, False, offset)
        if self.peek() == "+":
            slot = Slot(code, None, True, offset)
            self.pos += 1
        units = [slot]
        return self.trailing_repeat(units)

    def trailing_repeat(self, units: list[Slot]) -> list[Slot]:
        if self.peek() and self.peek() in _REPEAT_MARK and self.peek(1).isdigit():
            at = self.pos
            self.pos += 1
            n = self.number() or 0
            return self.repeat(units, self.repeat_count(n, at))
        return units

    def repeat(self, slots: list[Slot], n: int) -> list[Slot]:
        """``slots`` n times; engine rooms in each copy get rooms of their own. Repeats that
        would write out more than :data:`MAX_SLOTS` systems (nested: ``60x(60x(60xA))``) are
        said once and cut to that many, before any copy is made."""
        if len(slots) * n > MAX_SLOTS:
            if not self.too_many:
                self.too_many = True
                self.fail(
                    "SF-1",
                    f"the repeats write out {len(slots) * n:,} systems or more;"
                    f" a system string holds at most {MAX_SLOTS:,}",
                    slots[0].offset if slots else self.pos,
                )
            n = max(1, MAX_SLOTS // max(1, len(slots)))
        out: list[Slot] = []
        for copy in range(n):
            mapping: dict[int, int] = {}
            for s in slots:
                room = s.room
                if room is not None:
                    if copy == 0:
                        mapping[room] = room
                    elif room not in mapping:
                        mapping[room] = self.room_count
                        self.room_count += 1
                    room = mapping[room]
                out.append(Slot(s.code, room, s.plus, s.offset))
        return out

    def group(self, in_room: bool) -> list[Slot]:
        """``( ... )``: a repeat group ``(NxC)`` / ``(CxN)`` or an engine room."""
        start = self.pos
        self.pos += 1
        close = self.text.find(")", self.pos)
        inner_text = self.text[self.pos : close] if close >= 0 else ""
        is_repeat = bool(
            re.fullmatch(r"\s*\d+\s*[x×*].+", inner_text) or re.fullmatch(r".+[x×*]\s*\d+\s*", inner_text)
        )
        if is_repeat:
            body = self.sequence(in_room, until=")")
            if body and not in_room and all(s.code == "I" and s.room is None for s in body):
                # "(3xI)": the parentheses make engine rooms, one drive each
                rooms = []
                for s in body:
                    rooms.append(Slot("I", self.room_count, s.plus, s.offset))
                    self.room_count += 1
                body = rooms
            if self.peek() != ")":
                self.fail("SF-5", "unbalanced parenthesis: '(' is never closed", start)
                return body
            self.pos += 1
            return self.trailing_repeat(body)
        if in_room:
            self.fail("SF-5", "engine rooms cannot be nested inside one another", start)
        room = self.room_count
        self.room_count += 1
        match = _matching_close(self.text, start)
        if match < 0:
            # never closed: the room holds the drives that follow, the rest reads on
            self.fail("SF-5", "unbalanced parenthesis: '(' is never closed", start)
            body = []
            while self.peek() == "I":
                body.append(Slot("I", room, False, self.pos))
                self.pos += 1
            if not body:
                self.fail("SF-5", "empty engine room '(': a room holds its drives, as in (I)", start)
            return body
        body = self.sequence(True, until=")")
        self.pos += 1
        if not body:
            self.fail("SF-5", "empty engine room '()': a room holds its drives, as in (I)", start)
        slots = [Slot(s.code, room, s.plus, s.offset) for s in body]
        for s in slots:
            if s.code != "I":
                self.fail("SF-5", f"an engine room holds only drives (I), found {s.code}", s.offset)
        return self.trailing_repeat(slots)

    def sequence(self, in_room: bool, until: str = "") -> list[Slot]:
        out: list[Slot] = []
        while True:
            self.skip_space()
            ch = self.peek()
            if not ch or (until and ch == until):
                return out
            before = self.pos
            out.extend(self.unit(in_room))
            if self.pos == before:  # pragma: no cover - every branch advances
                self.pos += 1


def _matching_close(text: str, open_at: int) -> int:
    """Index of the ``)`` that closes the ``(`` at ``open_at``, counting nested pairs; -1 if none."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def capitalised(text: str) -> str:
    """``text`` with its system codes in the System Chart's case (``sssaaa(i)qmg`` gives
    ``SSSAAA(I)QMg``); an ``x`` that marks a repeat (``6xa``, ``ax6``) stays as it is.

    >>> capitalised("ss(2xa)(i)(i)qmgpt")
    'SS(2xA)(I)(I)QMgPt'
    """
    out = re.sub(r"(?<=\d)\s*x|x(?=\s*\d)", lambda m: m.group().replace("x", "\0"), text)
    out = out.upper().replace("\0", "x")
    return out.replace("MG", "Mg").replace("PT", "Pt")


def parse_system_string(text: str, offset: int = 0) -> SystemString:
    """Read a system string such as ``SSAA(I)(I)(I)QLR`` or ``SSAx2(3x(I))QLR``.

    ``offset`` is added to every position (the string's place inside a longer
    notation). Never raises: unknown codes (``SF-1``), stray or missing
    parentheses, rooms holding other systems (``SF-5``) and a stray ``+``
    (``SF-6``) come back as findings with :class:`Char` positions.

    A string in the wrong case (``sssaaa(i)(i)q``), which in capitals reads without
    an unknown code, is read in capitals with one ``SF-1`` error giving the string
    to write, instead of one per letter.

    >>> [s.code for s in parse_system_string("SAx2(I)(I)Q").slots]
    ['S', 'A', 'A', 'I', 'I', 'Q']
    """
    parsed = _parse(text, offset)
    cased = capitalised(text)
    if cased != text and any(f.message.startswith("unknown system") for f in parsed.findings):
        fixed = _parse(cased, offset)
        if not any(f.message.startswith("unknown system") for f in fixed.findings):
            first = next(i for i, (a, b) in enumerate(zip(text, cased, strict=True)) if a != b)
            message = f"system codes are capitals (Mg and Pt capitalised): write {cased!r}"
            fixed.findings.insert(0, error("SF-1", message, (Char(first + offset),)))
            return fixed
    return parsed


def _parse(text: str, offset: int) -> SystemString:
    reader = _Reader(text)
    slots = reader.sequence(False)
    while reader.peek() == ")":
        reader.fail("SF-5", "unbalanced parenthesis: ')' closes no engine room", reader.pos)
        reader.pos += 1
        slots.extend(reader.sequence(False))
    # renumber rooms in order of appearance
    order: dict[int, int] = {}
    renumbered = []
    for s in slots:
        room = s.room
        if room is not None:
            room = order.setdefault(room, len(order))
        renumbered.append(Slot(s.code, room, s.plus, s.offset + offset))
    findings = [
        Finding(f.rule, f.severity, f.message, (Char(f.path[0].offset + offset),))
        if f.path and isinstance(f.path[0], Char)
        else f
        for f in reader.findings
    ]
    return SystemString(renumbered, findings)


def system_string(slots: list[Slot], restricted: frozenset[str] | set[str] = frozenset()) -> str:
    """Write slots back in normal form: rooms in parentheses, no repeats,
    ``+`` after each code in ``restricted`` (the codes the hull restricts, SF-6).

    >>> system_string(parse_system_string("SSAx2(2x(I))QE").slots, {"E"})
    'SSAA(I)(I)QE+'
    """
    out: list[str] = []
    open_room: int | None = None
    for s in slots:
        if s.room != open_room:
            if open_room is not None:
                out.append(")")
            if s.room is not None:
                out.append("(")
            open_room = s.room
        out.append(s.code + ("+" if s.code in restricted else ""))
    if open_room is not None:
        out.append(")")
    return "".join(out)


@dataclass
class Notation:
    """A whole pasted design: hull code, stated turn mode and speed, systems.

    ``turn_mode`` and ``speed`` are ``None`` when the notation leaves them out;
    ``*_offset`` are where each part starts in the pasted text.
    """

    hull: str
    systems: SystemString
    systems_text: str
    turn_mode: int | None = None
    speed: int | None = None
    hull_offset: int = 0
    turn_mode_offset: int = 0
    speed_offset: int = 0
    systems_offset: int = 0
    findings: list[Finding] = field(default_factory=list)


_BRACKET = re.compile(r"\s*\[\s*(-?\d+)\s*\]\s*")

#: A number in pasted notation of more digits than a design file's numbers may have
#: (:data:`~sheetgen.core.source.MAX_INT_DIGITS`) is read as this: larger than any such
#: number, so a repeat count is refused quoting its digits as typed (and Python never turns
#: thousands of digits into an int). A number of fewer digits is read exactly, so the rules'
#: messages quote it as typed, as ``validate`` quotes a design file's.
_MAX_COUNT = 10**MAX_INT_DIGITS


def _count(digits: str) -> int:
    """``digits`` (optionally signed) as an int, exact up to :data:`MAX_INT_DIGITS` digits,
    else :data:`_MAX_COUNT` in size."""
    body = digits.lstrip("-")
    value = int(body) if len(body) <= MAX_INT_DIGITS else _MAX_COUNT
    return -value if digits.startswith("-") else value


def _stated(digits: str, offset: int, findings: list[Finding]) -> int | None:
    """A turn mode or speed written ``[digits]`` at ``offset``: the int, exact; ``None`` and a
    ``SCHEMA`` finding (``validate``'s words for a design file's number) when it has more
    than :data:`MAX_INT_DIGITS` digits."""
    length = len(digits.lstrip("-"))
    if length > MAX_INT_DIGITS:
        findings.append(
            error(
                "SCHEMA",
                f"an integer of {length:,} digits; numbers here have at most {MAX_INT_DIGITS} digits",
                (Char(offset),),
            )
        )
        return None
    return _count(digits)


def parse_notation(text: str) -> Notation:
    """Read ``HULL-[TM]-SYSTEMS-[MP]`` (brackets optional) into a :class:`Notation`.

    Never raises; problems are findings with :class:`Char` offsets into ``text``:
    an unknown hull (``SF-1``), too many or too few parts, plus everything
    :func:`parse_system_string` reports.

    >>> n = parse_notation("CT-[2]-SSAA(I)(I)(I)QLR-[6]")
    >>> (n.hull, n.turn_mode, n.speed, n.systems_text)
    ('CT', 2, 6, 'SSAA(I)(I)(I)QLR')
    """
    parts: list[tuple[str, int]] = []
    pos = 0
    for piece in text.split("-"):
        parts.append((piece, pos))
        pos += len(piece) + 1
    findings: list[Finding] = []
    hull_text, hull_at = parts[0] if parts else ("", 0)
    lead = len(hull_text) - len(hull_text.lstrip())
    hull = hull_text.strip().upper()
    result = Notation(hull, SystemString(), "", hull_offset=hull_at + lead)
    if hull not in HULLS:
        known = ", ".join(HULLS)
        findings.append(
            error(
                "SF-1",
                f"unknown hull {hull_text.strip()!r}{did_you_mean(hull_text, HULLS)}; the Hull Chart has {known}",
                (Char(hull_at + lead),),
            )
        )
    rest = parts[1:]
    if rest and (bracket := _BRACKET.fullmatch(rest[0][0])):
        result.turn_mode = _stated(bracket.group(1), rest[0][1], findings)
        result.turn_mode_offset = rest[0][1]
        rest = rest[1:]
    if rest and (bracket := _BRACKET.fullmatch(rest[-1][0])):
        result.speed = _stated(bracket.group(1), rest[-1][1], findings)
        result.speed_offset = rest[-1][1]
        rest = rest[:-1]
    if not rest:
        findings.append(
            error(
                "SF-1",
                "no system string: write HULL-SYSTEMS, as in CT-SSAA(I)(I)(I)QLR",
                (Char(len(text)),),
            )
        )
    else:
        if len(rest) > 1:
            extra_at = rest[1][1] - 1
            findings.append(
                error("SF-1", "too many '-' parts: write HULL-[TM]-SYSTEMS-[MP]", (Char(extra_at),))
            )
        sys_text, sys_at = rest[0]
        lead = len(sys_text) - len(sys_text.lstrip())
        result.systems_text = sys_text.strip()
        result.systems_offset = sys_at + lead
        result.systems = parse_system_string(result.systems_text, sys_at + lead)
    result.findings = findings + result.systems.findings
    return result


#: The Quick Start's sample string, named where a pasted one is in another notation.
SAMPLE = "CT-[2]-SSAA(I)(I)(I)QLR-[6]"

#: A Galactic Starfire code: a capital and a small letter (``Rb``, ``Ia``, ``Hs``), which no
#: Quick Start code is but ``Mg`` and ``Pt``; an ``x`` before a count is a repeat (``Ax6``).
_GALACTIC = re.compile(r"[A-Z][a-z]")
#: The older Starfire's turn mode and speed: a bare number in parentheses at either end,
#: ``(2) SSAIIIFIII (6)``.
_OLDER = re.compile(r"^\s*\(\s*\d+\s*\)|\(\s*\d+\s*\)\s*$")


def other_notation(text: str) -> Finding | None:
    """One ``SF-1`` error naming the notation when ``text`` is written in another Starfire's
    notation than the Quick Start's, else None: the Galactic Starfire's (a code of a capital
    and a small letter that is no case slip of Quick Start codes: ``Rbx6``, ``(IaIa)``), or the
    older Starfire's (turn mode and speed as bare numbers in parentheses,
    ``(2) SSAIIIFIII (6)``). Its :class:`Char` offset is the first mark of that notation.

    >>> other_notation("CL-[3]-SSRbx6(IaIa)Q").message.split(";")[0]
    "this is Galactic Starfire notation ('Rb')"
    >>> other_notation("CT-[2]-SSAA(I)(I)(I)QLR-[6]") is None, other_notation("ct-ssaa(i)q") is None
    (True, True)
    """
    older = _OLDER.search(text)
    if older is not None:
        at = older.start() + len(older.group()) - len(older.group().lstrip())
        return error(
            "SF-1",
            f"this is older Starfire notation (the turn mode or speed as {older.group().strip()});"
            f" sheetgen reads Solar Starfire Quick Start strings such as {SAMPLE}",
            (Char(at),),
        )
    parsed = parse_notation(text) if "-" in text else None
    start = parsed.systems_offset if parsed is not None and parsed.systems_text else 0
    systems = parsed.systems_text if parsed is not None and parsed.systems_text else text
    for m in _GALACTIC.finditer(systems):
        pair, big, small = m.group(), m.group()[0], m.group()[1]
        if pair in SYSTEMS or (small == "x" and systems[m.end() : m.end() + 1].isdigit()):
            continue
        if small.upper() in SYSTEMS and not (big == "I" and small != "i"):
            continue  # a case slip ("Ss", "Ii"), which the capitals reading fixes
        return error(
            "SF-1",
            f"this is Galactic Starfire notation ({pair!r});"
            f" sheetgen reads Solar Starfire Quick Start strings such as {SAMPLE}",
            (Char(start + m.start()),),
        )
    return None


def notation(hull: str, systems: str, turn_mode: int | None = None, speed: int | None = None) -> str:
    """Write the forum notation: ``notation("CT", "SSAA(I)QLR", 2, 2)`` gives ``'CT-[2]-SSAA(I)QLR-[2]'``."""
    parts = [hull]
    if turn_mode is not None:
        parts.append(f"[{turn_mode}]")
    parts.append(systems)
    if speed is not None:
        parts.append(f"[{speed}]")
    return "-".join(parts)
