"""Loading YAML while keeping every node's line and column.

:func:`load_file` reads a file into :class:`Document` objects, one per YAML
document in the stream. Each holds the plain Python data (dicts, lists,
scalars) and a map from *path* (see :mod:`sheetgen.core.findings`) to the position
of the node, so that a finding raised deep inside the rules can be printed as
``file:line:col`` (both 1-based) here, at the edge.

Errors raised: :class:`SourceError` with located findings of rule ``FILE``
(missing, a folder, unreadable, larger than :data:`MAX_BYTES`, not UTF-8,
empty), ``YAML`` (syntax error, duplicate key, non-scalar key, alias bomb, a
control character, placed at its own line and column) or ``SCHEMA`` (a text value
holding a control character no output can carry, see :data:`UNPRINTABLE`; an integer
written with more than :data:`MAX_INT_DIGITS` digits, lists or mappings nested
deeper than :data:`MAX_DEPTH`). Bounding numbers and nesting here, once, keeps
every later stage (checks, messages, placement, terrain) free of Python's
int-to-text digit limit and of recursion limits.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path as FsPath
from typing import Any

import yaml

from sheetgen.core.findings import Char, Finding, Key, Path, Severity, error, one_line, shown_path

try:  # the C parser is an order of magnitude faster; PyYAML falls back without it
    from yaml import CSafeLoader as _Loader

    _BYTE_POSITIONS = True
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

    _BYTE_POSITIONS = False

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_NODES",
    "SOFT_HYPHEN",
    "UNPRINTABLE",
    "Document",
    "Located",
    "Mark",
    "SourceError",
    "collapsed",
    "load_bytes",
    "load_file",
    "load_text",
    "name_problem",
    "reading_order",
]

#: Largest design or scenario file read, in bytes (2 MiB: some ten thousand designs).
MAX_BYTES = 2 * 1024 * 1024
#: Most YAML nodes one file may expand to (aliases included), against alias bombs.
MAX_NODES = 200_000
#: Most digits an integer scalar may be written with (sign, ``_``, ``:`` and a ``0x``/``0o``/``0b``
#: prefix not counted). No count in any of the games comes near it; Python cannot print an
#: integer of more than 4,300 decimal digits, so a larger one is refused here, at the reader.
MAX_INT_DIGITS = 100
#: Deepest nesting of lists and mappings in a file (the document itself is depth 0). Designs
#: and scenarios need five or six levels; the bound keeps the builder far from Python's recursion limit.
MAX_DEPTH = 64
#: YAML's tag for integers, whatever their notation (decimal, hex, octal, binary, sexagesimal).
_INT_TAG = "tag:yaml.org,2002:int"


@dataclass(frozen=True)
class Mark:
    """Where a node starts: ``line`` and ``column`` 1-based; ``style`` is the
    scalar's quote character (``'"'``, ``"'"``) or ``""``; ``single_line`` says
    whether a string scalar starts and ends on one line (only then can a
    :class:`~sheetgen.core.findings.Char` offset be turned into a column)."""

    line: int
    column: int
    style: str = ""
    single_line: bool = False


@dataclass(frozen=True)
class Located:
    """A finding placed in a file: prints as ``file:line:col: severity [RULE] message``."""

    source: str
    line: int
    column: int
    finding: Finding

    def __str__(self) -> str:
        f = self.finding  # one line, whatever the file's name or the message holds
        return f"{shown_path(self.source)}:{self.line}:{self.column}: {f.severity.value} [{f.rule}] {one_line(f.message)}"


def reading_order(lines: Iterable[Located]) -> list[Located]:
    """``lines`` sorted as a reader meets them: by file, then line, then column (a stable
    sort: findings at one place keep their order)."""
    return sorted(lines, key=lambda loc: (loc.source, loc.line, loc.column))


class SourceError(Exception):
    """A file that cannot be read or used; ``located`` holds one or more ``ERROR`` lines."""

    def __init__(self, located: list[Located]) -> None:
        super().__init__("\n".join(str(x) for x in located))
        self.located = located


@dataclass
class Document:
    """One YAML document of a file: ``data`` plus the position of every node.

    ``marks`` maps a path to the position of the value there; ``key_marks``
    maps a path to the position of the mapping *key* that holds it.
    """

    source: str
    data: Any
    marks: dict[Path, Mark] = field(default_factory=dict)
    key_marks: dict[Path, Mark] = field(default_factory=dict)
    #: 0-based place of this document in its file's YAML stream.
    index: int = 0

    def position(self, path: Path) -> tuple[int, int]:
        """``(line, column)`` of the node at ``path``.

        Walks up to the nearest ancestor that exists, so a missing key is placed
        at the mapping that lacks it. A trailing :class:`Char` offset moves the
        column into a single-line string scalar; a trailing :class:`Key` gives
        the position of that key rather than of its value.
        """
        if path and isinstance(path[-1], Key):
            key_mark = self.key_marks.get((*path[:-1], path[-1].name))
            if key_mark is not None:
                return key_mark.line, key_mark.column
            path = path[:-1]
        offset = 0
        if path and isinstance(path[-1], Char):
            offset = path[-1].offset
            path = path[:-1]
        probe = path
        mark = self.marks.get(probe)
        while mark is None and probe:
            probe = probe[:-1]
            mark = self.marks.get(probe)
        if mark is None:
            mark = Mark(1, 1)
        if offset and probe == path and mark.single_line:
            quote = 1 if mark.style in ("'", '"') else 0
            return mark.line, mark.column + quote + offset
        return mark.line, mark.column

    def locate(self, finding: Finding, base: Path = ()) -> Located:
        """Place ``finding`` (its path relative to ``base``) in this document."""
        line, column = self.position(base + finding.path)
        return Located(self.source, line, column, finding)


def _mark(node: yaml.Node) -> Mark:
    start, end = node.start_mark, node.end_mark
    style = getattr(node, "style", None) or ""
    single = isinstance(node, yaml.ScalarNode) and start.line == end.line and style in ("", "'", '"')
    return Mark(start.line + 1, start.column + 1, style, single)


class _Builder:
    """Turns a composed node tree into plain data, recording marks as it goes."""

    def __init__(self, doc: Document, loader: Any) -> None:
        self.doc = doc
        self.loader = loader
        self.count = 0

    def fail(self, node: yaml.Node, message: str, rule: str = "YAML") -> SourceError:
        m = _mark(node)
        return SourceError([Located(self.doc.source, m.line, m.column, error(rule, message))])

    def scalar(self, node: yaml.Node) -> Any:
        """Construct a scalar, refusing an integer of more than :data:`MAX_INT_DIGITS` digits."""
        if node.tag == _INT_TAG and _int_digits(str(node.value)) > MAX_INT_DIGITS:
            raise self.fail(
                node,
                f"an integer of {_int_digits(str(node.value)):,} digits; numbers here have at most "
                f"{MAX_INT_DIGITS} digits",
                "SCHEMA",
            )
        value = self.loader.construct_object(node)
        if isinstance(value, str):
            bad = UNPRINTABLE.search(value)
            if bad is not None:
                raise self.fail(
                    node,
                    f"text holds the control character U+{ord(bad.group()):04X} at character "
                    f"{bad.start() + 1}, which no output (SVG, PDF, HTML) can carry; delete it",
                    "SCHEMA",
                )
        return value

    def build(self, node: yaml.Node, path: Path) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise self.fail(node, f"more than {MAX_NODES:,} nodes (aliases expanded); refusing")
        if len(path) > MAX_DEPTH:
            raise self.fail(node, f"lists and mappings nested more than {MAX_DEPTH} deep; refusing", "SCHEMA")
        self.doc.marks[path] = _mark(node)
        if isinstance(node, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise self.fail(key_node, "mapping keys must be plain words, not lists or mappings")
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise self.fail(key_node, "merge keys (<<) are not supported; write the keys out")
                key = self.scalar(key_node)
                if not isinstance(key, str | int):
                    key = str(key_node.value)
                if key in out:
                    raise self.fail(key_node, f"duplicate key {key!r}")
                self.doc.key_marks[(*path, key)] = _mark(key_node)
                out[key] = self.build(value_node, (*path, key))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.scalar(node)


#: Characters refused in any text value or key: the C0 controls but tab and newline,
#: the C1 controls, lone surrogates and U+FFFE/U+FFFF. YAML refuses most of them written
#: raw, but a double-quoted escape (``"\v"``, ``"\x85"``) gets them through, and XML
#: (SVG, HTML) cannot hold them nor UTF-8 encode a lone surrogate. Also the invisible
#: bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they
#: reorder what prints after them (a name would print other than it reads in the file);
#: right-to-left names need none of them. And the line and paragraph separators (U+2028,
#: U+2029): line breaks no font has a glyph for, which broke a name's line on a record
#: sheet into two with an empty box (a text that wants a line break has ``\n``).
UNPRINTABLE = re.compile(
    r"[\x00-\x08\x0b-\x1f\x80-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)


#: A soft hyphen: printed only where a line breaks at it, never inside a line.
SOFT_HYPHEN = "\u00ad"
#: CSS's white space, which a line that is not ``pre`` collapses (not the set-width spaces
#: nor the no-break space).
_COLLAPSIBLE = re.compile(r"[ \t\n\r\f]+")


def collapsed(text: str) -> str:
    """``text`` as a line with ``white-space: nowrap`` (or ``normal``) prints it on one
    line: each run of spaces, tabs and line breaks one space, none at either end, and no
    soft hyphen. Record sheets measure and set a name so (``"Big   Gap"`` is as wide as
    ``"Big Gap"``), and scenarios tell sides apart by it."""
    return _COLLAPSIBLE.sub(" ", text.replace(SOFT_HYPHEN, "")).strip(" ")


def name_problem(name: str) -> str | None:
    """Why ``name`` (a ``--name`` for a design a verb writes) cannot be used, or ``None``:
    empty, longer than a design's name may be (:data:`~sheetgen.core.fields.MAX_LABEL`
    characters), or holding a character the reader refuses (:data:`UNPRINTABLE`), so
    what a verb writes always validates."""
    from sheetgen.core.fields import MAX_LABEL

    bad = UNPRINTABLE.search(name)
    if bad:
        return f"--name holds the character U+{ord(bad.group()):04X}, which no design file can carry"
    if any(c in name for c in "\n\r\t"):  # a name prints on one line, as the designer refuses it
        return "--name holds a line break or a tab: a name is one line"
    if not name.strip():
        return "--name must not be empty: a design needs a name"
    if len(name) > MAX_LABEL:
        return f"--name is {len(name):,} characters long; a design's name is at most {MAX_LABEL}"
    return None


def _int_digits(text: str) -> int:
    """Digits an integer scalar is written with: no sign, ``_``, ``:`` or base prefix."""
    body = text.strip().lstrip("+-").replace("_", "").replace(":", "")
    if body[:2].lower() in ("0x", "0o", "0b"):
        body = body[2:]
    return len(body)


def _file_error(source: str, message: str, line: int = 1, column: int = 1) -> SourceError:
    return SourceError([Located(source, line, column, error("FILE", message))])


def load_text(text: str, source: str) -> list[Document]:
    """Parse YAML ``text`` (named ``source`` in messages) into documents.

    Empty documents (``---`` alone, comments only) are skipped. Raises
    :class:`SourceError` (rule ``YAML``) on a syntax error, duplicate key,
    non-scalar key or a node count over :data:`MAX_NODES`.
    """
    loader = _Loader(text)
    docs: list[Document] = []
    try:
        while loader.check_node():
            node = loader.get_node()
            if node is None or (isinstance(node, yaml.ScalarNode) and node.value == ""):
                continue
            doc = Document(source, None, index=len(docs))
            doc.data = _Builder(doc, loader).build(node, ())
            docs.append(doc)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "syntax error"
        if exc.context and exc.problem:
            ctx = exc.context_mark
            where = f" that starts at line {ctx.line + 1}, column {ctx.column + 1}" if ctx else ""
            what = f"{exc.problem} ({exc.context}{where})"
        raise SourceError(
            [Located(source, line, column, Finding("YAML", Severity.ERROR, f"YAML syntax: {what}"))]
        ) from None
    except yaml.reader.ReaderError as exc:
        # a character YAML refuses: libyaml counts its position in UTF-8 bytes, PyYAML in characters
        if _BYTE_POSITIONS:
            before = text.encode("utf-8")[: exc.position].decode("utf-8", errors="ignore")
        else:  # pragma: no cover - depends on how PyYAML was built
            before = text[: exc.position]
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        char = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
        message = f"YAML: unacceptable character #x{char:04x}: {exc.reason}"
        raise SourceError([Located(source, line, column, error("YAML", message))]) from None
    except yaml.YAMLError as exc:
        raise SourceError([Located(source, 1, 1, error("YAML", f"YAML: {exc}"))]) from None
    finally:
        loader.dispose()
    return docs


def _too_big(name: str, size: int) -> SourceError:
    return _file_error(
        name,
        f"file is {size / 1e6:.1f} MB; design and scenario files are limited to {MAX_BYTES / 1e6:.1f} MB",
    )


def load_file(path: str | os.PathLike[str], *, source: str | None = None) -> list[Document]:
    """Read and parse a YAML file; ``source`` is the name used in messages.

    Raises :class:`SourceError`: rule ``FILE`` when the file is missing, a
    folder, unreadable, over :data:`MAX_BYTES` bytes, not UTF-8, or holds no
    document; rule ``YAML`` as :func:`load_text`.
    """
    p = FsPath(path)
    name = source if source is not None else str(path)
    try:
        if p.is_dir():
            raise _file_error(name, "is a folder, not a YAML file")
        if p.exists() and not p.is_file():
            raise _file_error(name, "is not a regular file (a device or a pipe?): give a YAML file")
        with p.open("rb") as handle:
            # read one byte past the limit: st_size lies for special files
            raw = handle.read(MAX_BYTES + 1)
            size = len(raw) if len(raw) <= MAX_BYTES else max(p.stat().st_size, len(raw))
        if size > MAX_BYTES:
            raise _too_big(name, size)
    except FileNotFoundError:
        raise _file_error(name, "no such file") from None
    except PermissionError:
        raise _file_error(name, "permission denied") from None
    except OSError as exc:
        raise _file_error(name, f"cannot read: {exc.strerror or exc}") from None
    return load_bytes(raw, source=name)


def load_bytes(raw: bytes, *, source: str) -> list[Document]:
    """Parse the bytes of a YAML file named ``source`` in messages, as :func:`load_file` parses
    what it reads (the text of a file not yet saved: ``sheetgen serve``'s scenario view).

    Raises :class:`SourceError`: rule ``FILE`` when ``raw`` is over :data:`MAX_BYTES` bytes,
    not UTF-8, holds NUL bytes or no document; rule ``YAML`` as :func:`load_text`.
    """
    name = source
    if len(raw) > MAX_BYTES:
        raise _too_big(name, len(raw))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise _file_error(
            name,
            f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save the file as UTF-8",
            line,
            column,
        ) from None
    if "\x00" in text:
        raise _file_error(name, "contains NUL bytes: not a YAML text file")
    docs = load_text(text, name)
    if not docs:
        raise _file_error(name, "file is empty: no design or scenario in it")
    return docs
