"""``sheetgen tts``: a scenario as a Tabletop Simulator saved object, its images beside it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sheetgen.cli.app import (
    FolderForce,
    _err,
    _fail,
    _print_located,
    _warn,
    _write_files,
    app,
    given_path,
    short_help,
)
from sheetgen.core.findings import quoted

if TYPE_CHECKING:
    from sheetgen.render.tts import TtsSave
    from sheetgen.scenarios.scenario import Scenario

__all__ = ["image_base", "save_for", "tts"]


_Scenario = Annotated[
    Path,
    typer.Argument(
        help="Scenario file, or a bundled scenario's name (convoy-raid).",
        parser=given_path,
    ),
]
_Output = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        help="Folder to write the saved object (.json) and its images into"
        " (default: <scenario>-tts in the current folder, never replacing one).",
        parser=given_path,
    ),
]
_ImageUrl = Annotated[
    str | None,
    typer.Option(
        "--image-url",
        metavar="BASE",
        help="Address the images will be uploaded to (https://...); the save loads them from "
        "BASE/<file>. Without it: local file:// addresses, for trying the save on this computer.",
    ),
]
_Dpi = Annotated[
    str | None,
    typer.Option(
        "--dpi",
        metavar="N",
        help="Resolution of the map and counter images (default 150, less where the map "
        "would be over 4096 pixels on a side).",
    ),
]


@app.command(short_help=short_help("tts"))
def tts(
    scenario: _Scenario,
    output: _Output = None,
    image_url: _ImageUrl = None,
    dpi: _Dpi = None,
    force: FolderForce = False,
) -> None:
    """Write a Tabletop Simulator saved object of a scenario: the map as a board at its
    printed size with TTS's hex grid set to the printed one, a two-faced tile for every
    ship at its start hex and facing, the game's markers beside the map, and the images.

    Exit 0 when written, 1 when the scenario breaks a rule, 2 when input cannot be
    used (nothing is written then).
    """
    from sheetgen.cli.images import dpi_option
    from sheetgen.scenarios.scenario import every_error, load_scenario

    if output is not None:
        _folder_or_fail(output)
        image_base(image_url, output)  # a bad --image-url is refused before any work
    resolution = dpi_option(dpi) if dpi is not None else None
    from sheetgen.cli.kit import _scenario_path  # a bundled scenario's name, as kit reads it

    scenario = _scenario_path(scenario)
    loaded, result = load_scenario(scenario)
    if result.input_errors or loaded is None:
        _print_located(every_error(loaded, result), err=True)
        raise typer.Exit(2)
    if output is None:  # the default, as every verb has one: <scenario>-tts/ here, never replaced
        from sheetgen.scenarios.scenario import slug

        output = Path(f"{slug(loaded.name)}-tts")
        if output.exists():
            _fail(f"{output} already exists; give -o {output} to write into it again")
        _folder_or_fail(output)
    base = image_base(image_url, output)
    errors = [loc for loc in loaded.located if loc.finding.is_error]
    if errors:
        _print_located(errors, err=True)
        _err(
            f"sheetgen: error: {scenario}: scenario has errors; fix them "
            f"(sheetgen validate {scenario} lists them all)"
        )
        raise typer.Exit(1)
    save = save_for(loaded, resolution, base)
    _warn(save.warnings)
    json_path = output / f"{save.name}.json"
    _write_files(
        [(json_path, save.data), *((output / name, data) for name, data in save.images)], output, force=force
    )
    ships = sum(1 for o in save.objects if o.kind == "ship")
    placed = sum(1 for o in save.objects if o.start is not None)
    markers = sum(1 for o in save.objects if o.kind == "marker")
    boards = sum(1 for o in save.objects if o.kind == "board")
    _err(
        f"wrote {json_path} and {len(save.images)} images: {boards} board{'s' if boards != 1 else ''}, "
        f"{ships} ship{'s' if ships != 1 else ''} ({placed} placed), {markers} markers; "
        f"images at {save.dpi} dpi {'under ' + base if image_url else 'as local files'}"
    )


def image_base(url: str | None, folder: Path) -> str:
    """The address the save's image file names follow: ``url`` (``--image-url``) with a
    ``/`` after it, or the ``file://`` address of ``folder``. Fails (exit 2) on a
    ``--image-url`` that is not an ``http://`` or ``https://`` address."""
    from urllib.parse import urlsplit

    if url is None:
        return folder.resolve().as_uri().rstrip("/") + "/"
    text = url.strip()
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc or any(c.isspace() for c in text):
        _fail(
            f"--image-url {quoted(url)}: give the http:// or https:// address the images will be "
            "uploaded to (e.g. https://example.org/my-game/)"
        )
    if parts.query or parts.fragment:
        _fail(f"--image-url {quoted(url)}: the file names follow the address, so it cannot hold ? or #")
    return text.rstrip("/") + "/"


def _folder_or_fail(folder: Path) -> None:
    """Fail (exit 2) unless ``folder`` is a folder or can be made as one in a folder that
    exists, writable either way. Nothing is created here."""
    import os

    if folder.exists() and not folder.is_dir():
        _fail(f"-o {folder}: is a file; sheetgen tts writes a saved object and its images: give a folder")
    parent = folder if folder.is_dir() else (folder.parent if str(folder.parent) else Path("."))
    if not parent.is_dir():
        _fail(f"-o {folder}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        _fail(f"-o {folder}: folder {parent} is not writable")


def save_for(scenario: Scenario, dpi: int | None, base: str) -> TtsSave:
    """``scenario``'s saved object (:func:`sheetgen.render.tts.tts_save`); fails (exit 2)
    with one line when it cannot be made."""
    from sheetgen.layout.counters import CounterError
    from sheetgen.layout.maps import MapError
    from sheetgen.render.raster import RasterError
    from sheetgen.render.tts import tts_save

    try:
        return tts_save(scenario, dpi=dpi, image_base=base)
    except (MapError, RasterError, CounterError) as exc:
        _fail(f"{scenario.path}: {exc}")
