"""``sheetgen serve``: the ship designer in the browser, on the same library as the CLI.

:mod:`sheetgen.serve.service` turns a request's YAML text into what the CLI would
print or write (findings, stats, sheets, counters), or a :class:`~sheetgen.serve.service.Refusal`
carrying the CLI's one-line message; :mod:`sheetgen.serve.workspace` confines file
access to the served folder; :mod:`sheetgen.serve.app` is the Starlette application
(routes, the request-size and Origin/Host guards, the static page). The contract is
``docs/serve.md``.
"""

from __future__ import annotations

__all__ = ["MAX_BODY"]

#: Largest request body accepted, in bytes (1 MiB); a larger one is refused with 413.
MAX_BODY = 1024 * 1024
