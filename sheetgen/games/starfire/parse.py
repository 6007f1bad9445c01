"""Reading a Starfire design mapping from YAML (see the package docstring for its keys).

Types are checked here (``SCHEMA`` problems, exit status 2); rule problems (an
unknown hull, a system string that breaks SF-6) are left to
:func:`sheetgen.games.starfire.rules.check`, so they print with a ruling id.
"""

from __future__ import annotations

from sheetgen.core.findings import Finding
from sheetgen.core.schema import Fields
from sheetgen.games.starfire import data
from sheetgen.games.starfire.notation import parse_system_string
from sheetgen.games.starfire.rules import Design

__all__ = ["parse_design"]


def parse_design(fields: Fields) -> Design:
    """Read a design from ``fields`` (``game`` and ``count`` already read).

    ``systems`` is one system string or a list of its parts (joined; findings
    in a list's string point at the list, as its items' positions cannot be
    mapped into one string). Raises :class:`~sheetgen.core.findings.InputError`
    (via ``fields.done()``) with every type problem and unknown key at once.
    """
    name = fields.text("name", "", required=True) or ""
    hull = (fields.text("hull", "", required=True) or "").strip().upper()
    systems_text = ""
    raw = fields.raw("systems", required=True)
    if isinstance(raw, list):
        parts = fields.text_list("systems") or []
        systems_text = "".join(parts)
        # positions of list items cannot be mapped into one string; point at the list
        parsed = parse_system_string(systems_text)
        parsed.findings = [Finding(f.rule, f.severity, f.message, ()) for f in parsed.findings]
    else:
        systems_text = fields.text("systems", "") or ""
        parsed = parse_system_string(systems_text)
    design = Design(
        name=name,
        hull=hull,
        systems=parsed,
        systems_text=systems_text,
        design_class=fields.text("class"),
        speed=fields.integer("speed", minimum=0),
        turn_mode=fields.integer("turn_mode", minimum=0),
        munitions=fields.counts("munitions", minimum=0, maximum=data.MAX_MUNITIONS),
        notes=fields.text("notes"),
    )
    fields.done()
    return design
