"""Walking WeasyPrint's laid-out boxes in tests: every box under a page box, the classes of
the element a box was made from, and the text boxes that print something."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def boxes(box: Any) -> Iterator[Any]:
    """``box`` and every box under it, depth first, in document order."""
    yield box
    for child in getattr(box, "children", ()):
        yield from boxes(child)


def classes(box: Any) -> set[str]:
    """The classes of the element ``box`` was made from (none for an anonymous box)."""
    element = getattr(box, "element", None)
    return set((element.get("class") or "").split()) if element is not None else set()


def texts(box: Any) -> list[Any]:
    """The text boxes under ``box`` that hold more than white space."""
    return [b for b in boxes(box) if type(b).__name__ == "TextBox" and b.text.strip()]
