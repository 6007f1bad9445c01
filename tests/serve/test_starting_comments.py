"""The starting designs' comments stay true when the designer's form changes a field:
no comment on one key's line quotes the value of another key the form edits (the
Starfire starter once said "16 of the CT's 16 hull spaces" on the systems line, and kept
saying it after the form made the hull a CL)."""

from __future__ import annotations

import re

import pytest
import yaml

from sheetgen.core.resources import starting_design
from sheetgen.serve.service import games as served_games

#: Each game's form fields as /api/games serves them, the common ones first.
FORM_FIELDS = {g["id"]: g["fields"] for g in served_games()}


@pytest.mark.parametrize("game", sorted(FORM_FIELDS))
def test_no_key_comment_quotes_another_form_field(game: str) -> None:
    text = starting_design(game, "New design")
    data = yaml.safe_load(text)
    keys = [f["key"] for f in FORM_FIELDS[game]]
    values = {
        key: str(data[key])
        for key in keys
        if isinstance(data.get(key), str) and not str(data[key]).isdigit() and len(str(data[key])) > 1
    }
    for line in text.splitlines():
        m = re.match(r"^([a-z_]+):.*?\s#(.*)$", line)
        if not m:
            continue
        own, comment = m.groups()
        for key, value in values.items():
            if key != own:
                assert not re.search(rf"\b{re.escape(value)}\b", comment), (game, line, key)
