"""The server reads a posted design from its bytes: it writes no file in the temporary folder
(a ``.sheetgen-serve-*.yaml`` file there was left behind by ``kill -9`` and never swept)."""

from __future__ import annotations

import tempfile

import pytest

from sheetgen.serve import service
from sheetgen.serve.service import Refusal

from tests.conftest import DESIGNS


def test_a_design_is_read_without_a_temporary_file(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_file(*args: object, **kwargs: object) -> None:
        raise AssertionError("a temporary file was made")

    monkeypatch.setattr(tempfile, "mkstemp", no_file)
    body = (DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml").read_bytes()
    assert service.load(body).entries
    with pytest.raises(Refusal) as refused:
        service.load(b"name: [unclosed\n", source="ship.yaml")
    assert refused.value.status == 422 and str(refused.value.lines[0]).startswith("ship.yaml:")
