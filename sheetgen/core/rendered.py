"""What a renderer gives back: an output's bytes and the warnings made on the way.

Renderers never print. A warning (a name the bundled fonts cannot print, CSS
WeasyPrint ignored, a counter size that does not fit the map) is a line of
text in :attr:`Rendered.warnings`, without any ``sheetgen: warning:`` prefix;
the command line (or any other caller) decides how to show it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Rendered"]


@dataclass(frozen=True)
class Rendered:
    """One output: ``data`` (PDF, HTML, JSON, CSV... bytes) and ``warnings``, one line
    each, in the order they were made. Equal renders compare equal."""

    data: bytes
    warnings: tuple[str, ...] = ()

    def warned(self, lines: Iterable[str]) -> Rendered:
        """The same bytes with ``lines`` put before the warnings already held."""
        return Rendered(self.data, (*lines, *self.warnings))
