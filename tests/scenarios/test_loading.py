"""Designs read from paths (sheetgen.scenarios.loading): what the library API takes."""

from __future__ import annotations

from sheetgen.scenarios.loading import load_designs

from tests.conftest import DESIGNS

ARROW = DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml"


def test_one_path_alone_is_one_file_not_its_characters() -> None:
    for given in (ARROW, str(ARROW), [ARROW]):
        result = load_designs(given)
        assert result.input_errors == []
        assert [e.stats.name for e in result.entries] == ["Arrow"]


def test_no_paths_is_one_input_error() -> None:
    (err,) = load_designs([]).input_errors
    assert str(err) == "sheetgen:1:1: error [FILE] no design files given"
