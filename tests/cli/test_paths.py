"""Every file or folder named on the command line is read through one parser, which
refuses an empty name: ``Path("")`` is the current folder, so ``-o ''`` would
otherwise write images into it, or ``validate ''`` check every design there."""

from __future__ import annotations

import inspect
import typing
from pathlib import Path

import pytest
import typer.main

from sheetgen.cli.app import app, given_path, load_verbs

load_verbs()  # the command line imports a verb's module only when it runs the verb
COMMAND = typer.main.get_command(app)


def _path_params() -> list[tuple[str, str]]:
    """``(verb, parameter)`` for every parameter typed as a path (``Path``, ``Path | None``,
    ``list[Path]``...), from the verbs' own signatures."""
    found = []
    for info in app.registered_commands:
        callback = info.callback
        assert callback is not None
        name = info.name or callback.__name__.replace("_", "-")
        hints = typing.get_type_hints(callback)
        for param in inspect.signature(callback).parameters:
            if "Path" in repr(hints[param]):
                found.append((name, param))
    return found


PATH_PARAMS = _path_params()


def test_the_verbs_take_paths_in_many_places() -> None:
    verbs = {verb for verb, _ in PATH_PARAMS}
    assert len(PATH_PARAMS) >= 20
    assert {"validate", "sheets", "counters", "kit", "map", "examples", "serve", "vassal"} <= verbs


@pytest.mark.parametrize(("verb", "param"), PATH_PARAMS)
def test_every_path_is_read_through_the_one_parser(verb: str, param: str) -> None:
    command = COMMAND.commands[verb]  # type: ignore[attr-defined]
    (click_param,) = [p for p in command.params if p.name == param]
    assert getattr(click_param.type, "func", None) is given_path


@pytest.mark.parametrize(
    "args",
    [
        ["validate", ""],
        ["counters", "designs/starfire/ships/corvette-arrow.yaml", "-o", ""],
        ["sheets", "designs/starfire/ships/corvette-arrow.yaml", "-o", ""],
        ["examples", ""],
        ["kit", "--output", ""],
        ["map", "--scenario", "", "-o", "map.pdf"],
    ],
)
def test_an_empty_name_is_one_line_and_exit_2_with_nothing_written(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    root = Path(__file__).resolve().parents[2]
    args = [str(root / a) if a.startswith("designs/") else a for a in args]
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert f"sheetgen {args[0]}: error: " in lines[0]
    assert "the name is empty" in lines[0]
    assert list(tmp_path.iterdir()) == []


def test_the_current_folder_is_still_named_by_a_dot() -> None:
    assert given_path(".") == Path(".")
    with pytest.raises(typer.BadParameter, match="empty"):
        given_path("")
