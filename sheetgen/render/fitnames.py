"""Names printed whole: a name's words never break inside, on any page WeasyPrint prints.

A template marks each name it prints (a ship's, a class's, a side's, a scenario's) with the
class :data:`NAME` (``templates/base.css`` gives it ``overflow-wrap: normal``), so its lines
break only where the text allows it: at spaces and after hyphens (``hyphens: none``: never at
a soft hyphen, which would break a word with a hyphen the name does not show). A word
wider than all the room it can have then runs past its line (or, in a table sized by its
content, makes the table run past its block) instead of being cut. After WeasyPrint has
laid a document out, :func:`print_names_whole` finds each such line or cell and prints the
document again with those names made smaller (their ``font-size``), just enough to fit:
shrunk to fit, never broken. A document whose names all fit is laid out once, as before
(finding that out costs about 0.2 % of the layout: 43 ms on a 9-page document laid out in
25 s on a busy machine). ``--format html`` leaves this to the browser: a word too wide
there runs past its box.

Names in a table cell are marked only where the table's columns are set (``table-layout:
fixed``, as the Knight Hawks crew list): in a table whose columns follow their content, the
table would widen its other columns past the page first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["MAX_PASSES", "NAME", "print_names_whole"]

#: The class that marks a name in a template.
NAME = "name-fit"

#: How many times a document is laid out at most (the first and the shrinking ones).
MAX_PASSES = 4

#: How far (CSS px) a line may run past its room before it counts: rounding, not text.
_SLACK = 0.01


def print_names_whole(html: Any, render: Callable[[Any], Any]) -> Any:
    """The ``Document`` that ``render(html)`` lays out (``html`` a ``weasyprint.HTML``),
    with every name (an element of class :data:`NAME`) that ran past its line made
    smaller and the document laid out again, until every line fits or
    :data:`MAX_PASSES` layouts are made (each shrinks what still runs past).

    A name on a line that runs past its room by ``d`` CSS px takes the font size that
    makes its text on that line ``d`` px narrower (the other text on the line, not a
    name, keeps its size); on several such lines, the smallest. A name whose room
    narrows as it shrinks (a flex item sized by its content) and so runs past again is
    shrunk by the square of that factor the next time. The size is set in the element's
    ``style`` attribute, after what it had. Raises whatever ``render`` raises.
    """
    document = render(html)
    if not any(_is_name(element) for element in html.etree_element.iter()):
        return document
    styles: dict[Any, str] = {}  # each shrunk name's own style attribute
    for _ in range(MAX_PASSES - 1):
        found = _shrunk(document)
        if not found:
            break
        for element, (size, factor) in found.items():
            again = element in styles
            if not again:
                styles[element] = (element.get("style") or "").strip().rstrip(";")
            new = math.floor(size * factor * (factor if again else 1.0) * 0.999 * 100) / 100
            own = styles[element]
            element.set("style", f"{own}; font-size: {new:.2f}px" if own else f"font-size: {new:.2f}px")
        document = render(html)
    return document


def _is_name(element: Any) -> bool:
    return element is not None and NAME in (element.get("class") or "").split()


def _shrunk(document: Any) -> dict[Any, tuple[float, float]]:
    """Each name that runs past its line in ``document``: its font size (CSS px) and the
    factor (below 1) that makes its lines fit."""
    from weasyprint.formatting_structure import boxes

    found: dict[Any, tuple[float, float]] = {}
    for page in document.pages:
        for block, line in _lines(page._page_box, boxes):
            room = block.content_box_x() + block.width
            over = line.position_x + line.width - room
            if over <= _SLACK:
                continue
            names: dict[Any, tuple[float, float]] = {}  # element -> (its text's width, its font size)
            owner = line.element if _is_name(getattr(line, "element", None)) else None
            for text, element in _texts(line, owner, boxes):
                if element is not None:
                    width, _ = names.get(element, (0.0, 0.0))
                    names[element] = (width + text.margin_width(), text.style["font_size"])
            wide = sum(width for width, _ in names.values())
            if wide <= over:  # the names alone cannot make room: the rest of the line is too wide
                continue
            factor = (wide - over) / wide
            for element, (_, size) in names.items():
                if element not in found or factor < found[element][1]:
                    found[element] = (size, factor)
        for element, size, factor in _sticking_out(page._page_box, None, boxes):
            if element not in found or factor < found[element][1]:
                found[element] = (size, factor)
    return found


def _sticking_out(box: Any, room: Any, boxes: Any) -> Iterator[tuple[Any, float, float]]:
    """Each name under ``box`` whose box runs past the right edge of its room (the nearest
    block around it that is not part of a table: a table as wide as its longest word
    grows past its block rather than running its lines past their cells): the element,
    its font size (CSS px) and the factor that takes its text back by that much."""
    for child in getattr(box, "children", ()):
        if not isinstance(child, boxes.Box):
            continue
        element = getattr(child, "element", None)
        if _is_name(element) and room is not None and not isinstance(child, (boxes.LineBox, boxes.TextBox)):
            over = (
                child.position_x
                + child.margin_width()
                - child.margin_right
                - room.content_box_x()
                - room.width
            )
            lines = [line for _, line in _lines(child, boxes)] if isinstance(child, boxes.ParentBox) else []
            wide = max((line.width for line in lines), default=0.0)
            if over > _SLACK and wide > over:
                yield element, child.style["font_size"], (wide - over) / wide
            continue
        block = isinstance(child, boxes.BlockContainerBox) and not isinstance(child, boxes.TableCellBox)
        inner = child if block and not getattr(child, "is_table_wrapper", False) else room
        yield from _sticking_out(child, inner, boxes)


def _lines(box: Any, boxes: Any) -> Iterator[tuple[Any, Any]]:
    """Every line box under ``box`` with the block container it is a line of, the lines
    of inline blocks inside lines included."""
    for child in getattr(box, "children", ()):
        if isinstance(child, boxes.LineBox):
            yield box, child
            yield from _inside_line(child, boxes)
        elif isinstance(child, boxes.ParentBox):
            yield from _lines(child, boxes)


def _inside_line(box: Any, boxes: Any) -> Iterator[tuple[Any, Any]]:
    """The lines of the inline blocks (and the like) in the line or inline box ``box``."""
    for child in box.children:
        if isinstance(child, boxes.InlineBox):
            yield from _inside_line(child, boxes)
        elif isinstance(child, boxes.ParentBox):
            yield from _lines(child, boxes)


def _texts(box: Any, name: Any, boxes: Any) -> Iterator[tuple[Any, Any]]:
    """Every text box in the line or inline box ``box`` with the name element it is in
    (``name`` if in none of its own; None when in no name); an inline block or image
    is given with None: its width counts, not as a name's."""
    for child in box.children:
        element = child.element if _is_name(getattr(child, "element", None)) else name
        if isinstance(child, boxes.TextBox):
            yield child, element
        elif isinstance(child, boxes.InlineBox):
            yield from _texts(child, element, boxes)
        else:
            yield child, None
