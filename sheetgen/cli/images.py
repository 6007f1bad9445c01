"""The ``--format png`` side of ``sheetgen counters`` and ``sheetgen map``: reading
``--dpi`` and the output folder, making the images (:mod:`sheetgen.render.raster`)
and writing them, each atomically, after every check has passed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sheetgen.cli.app import _err, _fail, _warn, _write_files
from sheetgen.core.findings import quoted

if TYPE_CHECKING:
    from sheetgen.layout.counters import Counter
    from sheetgen.layout.maps import MapOptions

__all__ = [
    "DEFAULT_DPI",
    "dpi_option",
    "png_folder",
    "write_face_pngs",
    "write_map_pngs",
    "write_vtt_map",
]

#: Resolution of images when ``--dpi`` is not given.
DEFAULT_DPI = 150


def dpi_option(text: str | None) -> int:
    """``--dpi`` as a whole number within the bounds (:data:`DEFAULT_DPI` when not given);
    fails (exit 2) with one line."""
    from sheetgen.render.raster import RasterError, check_dpi

    if text is None:
        return DEFAULT_DPI
    try:
        dpi = int(text.strip())
    except ValueError:
        _fail(f"--dpi {quoted(text)}: not a whole number")
    try:
        check_dpi(dpi)
    except RasterError as exc:
        _fail(str(exc))
    return dpi


def png_folder(folder: Path) -> None:
    """Fail (exit 2) unless ``folder`` is a folder, or can be made as one in a folder that
    exists; writable either way. Nothing is created here."""
    import os

    if folder.exists() and not folder.is_dir():
        _fail(f"-o {folder}: --format png writes one image per face: give a folder, not a file")
    if folder.suffix.lower() in (".png", ".pdf", ".svg") and not folder.exists():
        _fail(f"-o {folder}: --format png writes one image per face: give a folder (e.g. -o counters/)")
    parent = folder if folder.is_dir() else (folder.parent if str(folder.parent) else Path("."))
    if not parent.is_dir():
        _fail(f"-o {folder}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        _fail(f"-o {folder}: folder {parent} is not writable")


def write_face_pngs(
    counters: Sequence[Counter], size: float, dpi: int, folder: Path, title: str, *, force: bool = False
) -> None:
    """One PNG per face of each distinct counter into ``folder``: ``<stem>-front.png`` and
    ``<stem>-back.png`` (:func:`sheetgen.layout.counters.images.face_pages`); a file there
    that sheetgen did not write is replaced only with ``force``."""
    from sheetgen.layout.counters.images import face_pages
    from sheetgen.render.raster import RasterError, face_pngs, pixels

    faces = face_pages(counters, size, title=title)
    try:
        images = face_pngs(faces.drawing, dpi)
    except RasterError as exc:
        _fail(str(exc))
    _warn(faces.warnings)
    files: list[tuple[Path, bytes]] = []
    for i, name in enumerate(faces.stems):
        files.append((folder / f"{name}-front.png", images[2 * i]))
        files.append((folder / f"{name}-back.png", images[2 * i + 1]))
    _write_files(files, folder, force=force)
    from sheetgen.layout.counters import MarkerFace

    n = pixels(size, dpi)
    markers = sum(1 for counter in faces.counters if isinstance(counter.front, MarkerFace))
    _err(
        f"wrote {len(files)} images to {folder} ({len(faces.counters)} counters"
        f"{f', {markers} of them markers' if markers > 0 else ''}; {n} x {n} px at {dpi} dpi)"
    )


def write_map_pngs(opts: MapOptions, output: Path, dpi: int) -> list[Path]:
    """The map ``opts`` describes as one PNG on a page the size of the map (``--paper
    fit``), ``output``; a map of several layers as one image per layer named
    ``NAME-01-<layer>.png``... Returns the paths written."""
    import dataclasses

    from sheetgen.layout.maps import MapError, layout_map, plan_pages
    from sheetgen.render.raster import RasterError, check_pixels, page_pngs, pixels

    fit = dataclasses.replace(opts, paper="fit")
    try:
        plan = plan_pages(fit)  # the size first: a map too large is refused before it is drawn
        check_pixels(pixels(plan.width, dpi), pixels(plan.height, dpi), dpi, "the map")
        drawing = layout_map(fit)
        images = page_pngs(drawing, dpi)
    except (MapError, RasterError) as exc:
        _fail(str(exc))
    if len(images) == 1:
        files = [(output, images[0])]
    else:
        files = []
        for number, (page, data) in enumerate(zip(drawing.pages, images, strict=True), start=1):
            words = page.label.lower().replace("+", "plus").replace("\u2212", "-").split()
            tag = "-".join("minus" + w[1:] if w[:1] == "-" else w for w in words)
            files.append((output.with_name(f"{output.stem}-{number:02d}-{tag}{output.suffix}"), data))
    _write_files(files)
    return [path for path, _ in files]


def write_vtt_map(opts: MapOptions, output: Path, dpi: int) -> list[Path]:
    """The map ``opts`` describes as a bare image for a virtual tabletop (no title, margins
    or rulers: :func:`sheetgen.render.vtt.bare_map`), ``output``, one image per layer named
    ``NAME-01-hexgrid-0.png``... on a map of layers (as :func:`write_map_pngs` names them), and ``NAME.json`` beside them with the
    grid's size and offset and the Foundry VTT and Roll20 settings
    (:func:`sheetgen.render.vtt.vtt_settings`). Every file is written or none. Returns the
    paths written."""
    import json

    from sheetgen.layout.maps import MapError
    from sheetgen.render.raster import RasterError
    from sheetgen.render.vtt import bare_map, bare_map_pngs, layer_tag, vtt_settings

    try:
        bare = bare_map(opts, dpi)
        images = bare_map_pngs(bare)
    except (MapError, RasterError) as exc:
        _fail(str(exc))
    if len(images) == 1:
        names = [output]
    else:
        names = [
            output.with_name(f"{output.stem}-{number:02d}-hexgrid-{layer_tag(layer)}{output.suffix}")
            for number, layer in enumerate(opts.layers, start=1)
        ]
    settings = vtt_settings(
        bare, [(layer, path.name) for layer, path in zip(opts.layers, names, strict=True)]
    )
    text = json.dumps(settings, indent=2, ensure_ascii=False) + "\n"
    files: list[tuple[Path, bytes]] = [
        *zip(names, images, strict=True),
        (output.with_suffix(".json"), text.encode()),
    ]
    _write_files(files)
    return [path for path, _ in files]
