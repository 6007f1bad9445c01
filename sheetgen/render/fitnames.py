"""Names printed whole: a name's words never break inside, on any page WeasyPrint prints.

A template marks each name it prints (a ship's, a class's, a side's, a scenario's) with the
class :data:`NAME` (``templates/base.css`` gives it ``overflow-wrap: normal``), so its lines
break only where the text allows it: at spaces, after hyphens, at soft hyphens. A word
wider than all the room it can have then runs past its line instead of being cut. After
WeasyPrint has laid a document out, :func:`print_names_whole` finds each such line and prints
the document again with the names on it made smaller (their ``font-size``), just enough
for the line to fit: shrunk to fit, never broken. A document whose names all fit is laid
out once, as before.
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
    name, keeps its size); on several such lines, the smallest. The size is set in the
    element's ``style`` attribute, after what it had. Raises whatever ``render`` raises.
    """
    document = render(html)
    if not any(_is_name(element) for element in html.etree_element.iter()):
        return document
    for _ in range(MAX_PASSES - 1):
        sizes = _shrunk(document)
        if not sizes:
            break
        for element, size in sizes.items():
            before = (element.get("style") or "").strip().rstrip(";")
            element.set(
                "style", f"{before}; font-size: {size:.2f}px" if before else f"font-size: {size:.2f}px"
            )
        document = render(html)
    return document


def _is_name(element: Any) -> bool:
    return element is not None and NAME in (element.get("class") or "").split()


def _shrunk(document: Any) -> dict[Any, float]:
    """The new font size (CSS px) of each name that runs past its line in ``document``."""
    from weasyprint.formatting_structure import boxes

    sizes: dict[Any, float] = {}
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
                new = math.floor(size * factor * 0.999 * 100) / 100
                sizes[element] = min(sizes.get(element, new), new)
    return sizes


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
