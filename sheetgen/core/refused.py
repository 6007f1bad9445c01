"""The refusal of one event of play: the rules do not allow it.

Raised by each game's ``live`` module (``sheetgen.games.<game>.live``) and
answered by the play engine's callers as one line (the server: 409).
"""

from __future__ import annotations

__all__ = ["Refused", "given"]


class Refused(ValueError):
    """An event of play the rules refuse; ``str(exc)`` is the one line that says why,
    citing the rule text by title and section."""


def given(value: object, most: int = 40) -> str:
    """``value`` as the player wrote it in the event's JSON (or YAML): ``true``/``false``/``null``
    for booleans and None, numbers as written (``1000000001``, ``2.5``), text quoted; cut to
    about ``most`` characters with ``...``."""
    import json

    if isinstance(value, str):
        shown = repr(value)
    else:
        try:
            shown = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            shown = repr(value)
    return shown if len(shown) <= most else shown[: most - 4] + "..."
