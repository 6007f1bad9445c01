"""The refusal of one event of play: the rules do not allow it.

Raised by each game's ``live`` module (``sheetgen.games.<game>.live``) and
answered by the play engine's callers as one line (the server: 409).
"""

from __future__ import annotations

__all__ = ["Refused"]


class Refused(ValueError):
    """An event of play the rules refuse; ``str(exc)`` is the one line that says why,
    citing the rule text by title and section."""
