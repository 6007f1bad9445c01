"""``sheetgen kit``: everything a table needs for one scenario, in one folder.

:func:`build_kit` renders every part in memory first (record sheets for every
ship of every side, the reference card, counters for both sides and the
game's markers, more of them in every spare cell, the map), then writes each
file atomically, so a kit that fails part-way leaves an earlier kit in the
folder as it was, and no empty folder of its own. Nothing here prints: warnings come back as lines in
:class:`Kit` (or :class:`KitError`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sheetgen.core.output import (
    OutputError,
    check_folder,
    check_replaceable,
    check_writable,
    make_folder,
    remove_empty,
    write_folder,
)
from sheetgen.core.rendered import Rendered
from sheetgen.core.units import Paper
from sheetgen.games import GAMES, bundled_scenarios, find_game
from sheetgen.render.briefing import ListedPart
from sheetgen.render.counters import CounterOptions, counter_sheets
from sheetgen.render.parts import (
    BriefingPart,
    CardPart,
    CountersPart,
    MapPart,
    PartRequest,
    RecordSheetsPart,
    draw_part,
    map_part,
    pressed,
    reference_card,
    start_printing,
)
from sheetgen.render.pdfjoin import page_count
from sheetgen.render.pool import Printer
from sheetgen.render.record_sheets import Ship
from sheetgen.scenarios.scenario import Scenario, slug

__all__ = [
    "CounterOptions",
    "Kit",
    "KitError",
    "KitPart",
    "build_kit",
    "build_kits",
    "bundled_scenarios",
    "counter_sheets",
    "default_scenario",
    "default_scenario_name",
    "kit_parts",
    "name_warnings",
    "page_count",
    "reference_card",
    "single_pdf",
]


def default_scenario_name() -> Path:
    """The bundled scenario ``sheetgen kit`` builds without an argument, relative to
    ``designs/``: the first registered game's
    :attr:`~sheetgen.games.base.Game.first_scenario`."""
    game_id = next(iter(GAMES))
    return Path(game_id, "scenarios", find_game(game_id).first_scenario)


def default_scenario() -> Path:
    """Path of the bundled default scenario (:func:`default_scenario_name`)."""
    game = find_game(next(iter(GAMES)))
    return game.files().designs / "scenarios" / game.first_scenario


@dataclass
class KitPart:
    """One file of a kit: its name in the kit folder, a title, and the ``request`` that
    :mod:`sheetgen.render.parts` turns into its bytes (None for the briefing, asked for
    last, once the other parts' page counts are known); ``data`` and ``pages`` are filled
    once it is made. ``how`` says how to print it ("one-sided"), as the briefing lists it;
    ``one_sided`` parts get a blank back behind every page in ``kit.pdf``."""

    file: str
    title: str
    request: PartRequest | None
    how: str = "one- or two-sided"
    one_sided: bool = False
    data: bytes = field(default=b"", repr=False)
    pages: int = 0


@dataclass
class Kit:
    """A kit written by :func:`build_kit`: the ``files`` written, in kit order;
    ``name_warnings``, the scenario's and sides' names the bundled fonts cannot
    print (:func:`name_warnings`); and ``warnings`` from making the parts (a
    counter size that does not fit, counters' names printed tiny, WeasyPrint's
    warnings), each once, in the order they were first made."""

    files: list[Path]
    name_warnings: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class KitError(OutputError):
    """A kit that could not be made or written (an :class:`~sheetgen.core.output.OutputError`),
    with the warning lines made before it failed, as in :class:`Kit`."""

    def __init__(
        self, message: str, *, name_warnings: list[str] | None = None, warnings: list[str] | None = None
    ) -> None:
        super().__init__(message)
        self.name_warnings = list(name_warnings or [])
        self.warnings = list(warnings or [])


def name_warnings(scenario: Scenario) -> list[str]:
    """A warning line for the scenario's name and each side's name that uses
    characters the bundled fonts lack (:func:`~sheetgen.layout.text.glyph_warning`)."""
    from sheetgen.layout.text import glyph_warning

    lines = (glyph_warning(text) for text in (scenario.name, *(side.name for side in scenario.sides)))
    return [line for line in lines if line]


def kit_parts(
    scenario: Scenario,
    *,
    paper: Paper = "letter",
    counters: CounterOptions | None = None,
    map_paper: Paper | None = None,
) -> tuple[list[KitPart], list[str]]:
    """The parts of ``scenario``'s kit, in print order (not yet rendered): briefing,
    record sheets, counters (as ``counters``
    says), the map tiled on ``map_paper`` (default ``paper``), reference card, quick
    card; and warning lines about them (a counter size that does not fit the map's
    hexes, a map tiling that leaves a nearly empty last column or row of pages,
    ``<scenario path>: ...``).

    Raises :class:`KitError` (holding those warnings) when the map cannot be
    printed on ``map_paper``.
    """
    from sheetgen.core.units import LengthError, parse_length
    from sheetgen.layout.counters import format_size, kit_counter_size, largest_counter_for_hex
    from sheetgen.layout.counters.modes import Duplex, how_to_print

    printing = counters or CounterOptions()
    counter_size, notes = kit_counter_size(scenario, paper)
    if printing.size is not None:
        counter_size, notes = printing.size, []
        try:
            largest = largest_counter_for_hex(parse_length(scenario.map.hex))
        except LengthError:
            largest = None
        if largest is not None and counter_size > largest + 1e-9:
            notes.append(
                f"--size {format_size(counter_size)} counters do not fit the map's {scenario.map.hex} "
                f"hexes (at most {format_size(largest)} fits): printing them as asked"
            )
    warnings = [f"{scenario.path}: {note}" for note in notes]
    ships = tuple(Ship(scenario.game, s.stats, s.entry.findings, s.side, s.colour) for s in scenario.ships)
    try:
        drawn_map, map_notes = map_part(scenario, map_paper or paper, printing.press)
    except OutputError as exc:
        raise KitError(str(exc), warnings=warnings) from None
    warnings += [f"{scenario.path}: map: {note}" for note in map_notes]
    game = scenario.game.id
    parts = [
        KitPart("briefing.pdf", "Briefing", None),
        KitPart(
            "record-sheets.pdf",
            "Record sheets",
            RecordSheetsPart(ships, paper, f"{scenario.name}: record sheets"),
        ),
        KitPart(
            "counters.pdf",
            "Counters",
            CountersPart(scenario, paper, counter_size, printing),
            how=how_to_print(Duplex(printing.duplex)),
        ),
        KitPart("map.pdf", "Map", drawn_map, how="one-sided", one_sided=True),
        KitPart("reference-card.pdf", "Reference card", CardPart(game, paper)),
        KitPart("quick-card.pdf", "Quick card", CardPart(game, paper, quick=True)),
    ]
    return parts, warnings


def _listed(part: KitPart) -> ListedPart:
    """``part`` as the briefing lists it."""
    return ListedPart(part.file, part.title.lower(), part.pages, part.how)


#: What every page put in ``kit.pdf`` only for two-sided printing says.
BLANK_NOTE = "This page is intentionally blank."


def single_pdf(parts: list[KitPart], title: str = "") -> bytes:
    """Every part in one PDF, in kit order, that prints right two-sided as it comes.

    Each part starts on an odd page, a page saying it is intentionally blank
    (:data:`BLANK_NOTE`) put before it where needed, so the counter backs land
    behind their fronts. Every page of a ``one_sided`` part (the map) gets a back
    page of its own saying so, so no map tile is printed on the back of another
    and each can be trimmed and laid over its neighbour. Bookmarks: one per part,
    the part's own (each ship, each map tile, each card section) under it.
    ``title`` is the document's title; its language is English. Deterministic:
    the same parts give the same bytes.
    """
    import io

    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    from sheetgen.render.pdfjoin import note_pages, outline_entries, retag_subsets

    readers = [PdfReader(io.BytesIO(part.data)) for part in parts]
    # first the order of pages: ("part", reader index, page) or ("note", note index, 0)
    order: list[tuple[str, int, int]] = []
    notes: list[tuple[float, float, list[str]]] = []
    size = (612.0, 792.0)  # of the last page placed: a padding page takes it

    def note(lines: list[str]) -> None:
        order.append(("note", len(notes), 0))
        notes.append((*size, lines))

    starts: list[int] = []
    for k, (part, reader) in enumerate(zip(parts, readers, strict=True)):
        if len(order) % 2:
            note([BLANK_NOTE])
        starts.append(len(order))
        labels = {page: title for title, page, depth in outline_entries(reader) if depth == 0}
        count = len(reader.pages)
        for n, sheet in enumerate(reader.pages):
            order.append(("part", k, n))
            size = (float(sheet.mediabox.width), float(sheet.mediabox.height))
            if part.one_sided:
                label = f" ({labels[n]})" if n in labels else ""
                note(
                    [
                        BLANK_NOTE,
                        f"Back of {part.title.lower()} page {n + 1} of {count}{label}.",
                        f"The {part.title.lower()} is printed one-sided ({part.file} on its own),",
                        "so that each page can be trimmed and laid over the next.",
                    ]
                )
    blanks = PdfReader(io.BytesIO(note_pages(notes, title=title or "kit"))).pages if notes else []
    writer = PdfWriter()
    placed: dict[tuple[int, int], int] = {}
    for kind, k, n in order:
        if kind == "part":
            placed[(k, n)] = len(writer.pages)
            writer.add_page(readers[k].pages[n])
        else:
            writer.add_page(blanks[k])
    for k, (part, reader) in enumerate(zip(parts, readers, strict=True)):
        top = writer.add_outline_item(title=part.title, page_number=starts[k])
        parents = [top]
        for entry, at, depth in outline_entries(reader):
            del parents[depth + 1 :]
            parents.append(
                writer.add_outline_item(title=entry, page_number=placed[(k, at)], parent=parents[-1])
            )
    writer.metadata = {"/Title": title or "Game kit", "/Subject": "Game kit", "/Creator": "sheetgen"}
    writer._root_object[NameObject("/Lang")] = TextStringObject("en")
    writer.page_mode = "/UseOutlines"
    retag_subsets(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def build_kit(
    scenario: Scenario,
    out_dir: Path | None = None,
    *,
    paper: Paper = "letter",
    single: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
    jobs: int = 1,
    counters: CounterOptions | None = None,
    map_paper: Paper | None = None,
    force: bool = False,
) -> Kit:
    """Render and write ``scenario``'s kit into ``out_dir`` (default
    ``output/<scenario name>/``), creating the folder; returns the files written
    and the warnings made (see :class:`Kit`).

    The briefing comes first in the kit but is rendered last, once every other
    part's page count is known. With ``single`` the whole kit is also written
    as ``kit.pdf`` with a bookmark per part. ``progress(title, done, total)`` is
    called as the parts are made. ``jobs``: worker processes printing the parts
    WeasyPrint prints (record sheets, cards, briefing); the same bytes for any.
    ``counters``: how the counters are printed (:class:`CounterOptions`); ``map_paper``:
    the paper the map is tiled on (default ``paper``). ``force``: replace files of the kit's
    names in the folder that this kit did not write (see :func:`build_kits`).

    Raises :class:`KitError` if the folder cannot be made or written, or a part
    cannot be printed on ``paper``; nothing is written unless every part rendered.
    """
    (made,) = build_kits(
        [(scenario, out_dir)],
        paper=paper,
        single=single,
        progress=progress,
        jobs=jobs,
        counters=counters,
        map_paper=map_paper,
        force=force,
    )
    if isinstance(made, KitError):
        raise made
    return made


@dataclass
class _Build:
    """One kit under way in :func:`build_kits`: its folder, parts and warnings, or the
    error that stopped it."""

    scenario: Scenario
    folder: Path
    names: list[str]
    parts: list[KitPart] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: KitError | None = None
    made_folders: list[Path] = field(default_factory=list)  # the folders made for it, deepest first
    written: bool = False
    press: bool = False  # every part a press file (``CounterOptions.press``)
    standard: str = "x4"  # its PDF/X standard (``CounterOptions.standard``)

    def fail(self, exc: OutputError) -> None:
        extra = exc.warnings if isinstance(exc, KitError) else []
        self.error = KitError(str(exc), name_warnings=self.names, warnings=[*self.warnings, *extra])

    def made(self, part: KitPart, rendered: Rendered, pages: int | None = None) -> None:
        """Take in ``part`` as ``rendered``, its ``pages`` counted now if not given."""
        self.warnings += [w for w in rendered.warnings if w not in self.warnings]  # once per kit
        part.data = rendered.data
        part.pages = page_count(part.data) if pages is None else pages


def build_kits(
    scenarios: list[tuple[Scenario, Path | None]],
    *,
    paper: Paper = "letter",
    single: bool = False,
    progress: Callable[[str, int, int], None] | None = None,
    jobs: int = 1,
    vassal: bool = False,
    counters: CounterOptions | None = None,
    map_paper: Paper | None = None,
    force: bool = False,
) -> list[Kit | KitError]:
    """Render and write the kit of each ``(scenario, folder)`` as :func:`build_kit`
    does, the kits' WeasyPrint parts printed together by up to ``jobs`` processes
    (every record sheet and card, then every briefing), each game's card once.
    Returns, in order, each :class:`Kit` written or the :class:`KitError` that
    stopped it; a kit that fails leaves its folder as it was and the others go on. A
    folder made for a kit that is not written (it failed, or the run was stopped) is
    removed again if it is empty.
    ``progress(step, done, total)`` is called before each of the four steps.
    ``vassal``: each kit also holds its VASSAL module (:func:`vassal_module_of`), made from
    its record sheets and card before anything is written, and its briefing lists it.
    ``counters`` and ``map_paper``: as :func:`build_kit` takes them, for every kit.

    A kit replaces only what a kit wrote in its folder: each folder keeps a record of the
    files written there and their SHA-256 (:data:`~sheetgen.core.output.RECORD`), and a file of a kit's name that
    is not in it, or has changed since (a player's own ``map.pdf``, notes written into a
    briefing), stops that kit before anything is printed (:class:`KitError`), unless
    ``force``. In a folder without a record (a kit written before there was one), a PDF
    of this scenario's kit that sheetgen made (:func:`_kit_legacy`) counts as the kit's.
    """
    builds = [
        _Build(
            scenario,
            out_dir if out_dir is not None else Path("output") / slug(scenario.name),
            name_warnings(scenario),
        )
        for scenario, out_dir in scenarios
    ]
    try:
        return _build_kits(
            builds,
            paper=paper,
            single=single,
            progress=progress,
            jobs=jobs,
            vassal=vassal,
            counters=counters,
            map_paper=map_paper,
            force=force,
        )
    finally:  # a kit that failed, or a run stopped part-way, leaves no empty folder it made
        for build in reversed(builds):  # the last made first: an earlier kit may have made their parent
            if not build.written:
                remove_empty(build.made_folders)


def _build_kits(
    builds: list[_Build],
    *,
    paper: Paper,
    single: bool,
    progress: Callable[[str, int, int], None] | None,
    jobs: int,
    vassal: bool,
    counters: CounterOptions | None = None,
    map_paper: Paper | None = None,
    force: bool = False,
) -> list[Kit | KitError]:
    """:func:`build_kits` for the kits ``builds``: each part asked of
    :mod:`sheetgen.render.parts` and its bytes taken back; the printed parts (record sheets,
    cards) go to the workers first, the drawn ones (counters, maps) are drawn here while
    they print, and the briefings, which list the others' page counts, are printed last."""
    for build in builds:
        try:
            _prepare(build, paper=paper, single=single, counters=counters, map_paper=map_paper)
            _check_replaced(build, single, vassal, force)
        except OutputError as exc:
            build.fail(exc)
    steps = ["Record sheets and cards", "Counters and maps", "Briefings", "Writing"]

    def step(k: int) -> None:
        if progress:
            progress(steps[k], k, len(steps))

    with Printer(jobs) as printer:  # the same workers print the parts, then the briefings
        live = [b for b in builds if b.error is None]
        step(0)
        to_print = [
            (b, part, part.request)
            for b in live
            for part in b.parts
            if isinstance(part.request, RecordSheetsPart | CardPart | BriefingPart)
        ]
        printing = start_printing(printer, [request for _b, _part, request in to_print])
        step(1)
        # counters and maps (ReportLab), drawn here while the workers print; each counted here
        # too, so the PDF reader's import is off the wait for the briefing
        drawn: list[tuple[_Build, KitPart, Rendered | OutputError, int]] = []
        for build in live:
            for part in build.parts:
                if isinstance(part.request, CountersPart | MapPart):
                    try:
                        rendered = draw_part(part.request)
                    except OutputError as exc:
                        drawn.append((build, part, exc, 0))
                        break
                    drawn.append((build, part, rendered, page_count(rendered.data)))
        for (build, part, _request), rendered in zip(to_print, printing.results(), strict=True):
            build.made(part, rendered)
        for build, part, made, pages in drawn:  # after the printed parts: their warnings first
            if isinstance(made, OutputError):
                build.fail(made)
            else:
                build.made(part, made, pages)
        step(2)
        live = [b for b in live if b.error is None]
        briefings = [
            BriefingPart(
                b.scenario,
                tuple(
                    [_listed(p) for p in b.parts[1:]]
                    + ([ListedPart(f"{slug(b.scenario.name)}.vmod", "VASSAL module", 0)] if vassal else [])
                ),
                paper,
                map_paper,
            )
            for b in live
        ]
        for build, rendered in zip(live, start_printing(printer, briefings).results(), strict=True):
            build.made(build.parts[0], rendered)
    step(3)
    out: list[Kit | KitError] = []
    for build in builds:
        if build.error is None:
            try:
                extra: list[tuple[Path, bytes]] = []
                if vassal:  # made before anything is written: the kit and its module, or neither
                    module, notes = vassal_module_of(build.scenario, build.parts)
                    build.warnings += [w for w in notes if w not in build.warnings]
                    extra.append((build.folder / f"{slug(build.scenario.name)}.vmod", module))
                out.append(Kit(_write(build, single, extra, force), build.names, build.warnings))
                build.written = True
                continue
            except OutputError as exc:
                build.fail(exc)
        assert build.error is not None
        out.append(build.error)
    return out


def _prepare(
    build: _Build,
    *,
    paper: Paper,
    single: bool,
    counters: CounterOptions | None = None,
    map_paper: Paper | None = None,
) -> None:
    """List the kit's parts and check its folder can be made (it is made only when the kit is
    written, so a run killed while printing leaves no empty folder) and each file written;
    raises :class:`~sheetgen.core.output.OutputError` (or :class:`KitError`) if not."""
    if build.folder.exists() and not build.folder.is_dir():
        raise OutputError(f"{build.folder}: cannot create folder: a file is there")
    check_folder(build.folder)
    build.parts, notes = kit_parts(build.scenario, paper=paper, counters=counters, map_paper=map_paper)
    build.warnings += notes
    build.press = counters is not None and counters.press
    build.standard = counters.standard if counters is not None else "x4"
    if build.folder.is_dir():
        for name in [part.file for part in build.parts] + (["kit.pdf"] if single else []):
            check_writable(build.folder / name)


def _write(build: _Build, single: bool, extra: list[tuple[Path, bytes]], force: bool = False) -> list[Path]:
    """Write every part of a made kit (and ``kit.pdf`` with ``single``, then ``extra``: the
    VASSAL module), all or none: a kit that cannot be written in full leaves the folder's
    earlier kit as it was. Files no kit wrote there are replaced only with ``force``
    (:func:`~sheetgen.core.output.write_folder`)."""
    parts, folder = build.parts, build.folder
    try:
        make_folder(folder, build.made_folders)
    except OSError as exc:
        raise OutputError(f"{folder}: cannot create folder: {exc.strerror or exc}") from None
    files: list[tuple[Path, bytes]] = [
        (
            folder / part.file,
            pressed(part.data, part.title, None, build.standard) if build.press else part.data,
        )
        for part in parts
    ]
    stale = folder / "kit.pdf"
    if single:
        whole = single_pdf(parts, f"{build.scenario.name}: game kit")
        title = f"{build.scenario.name}: game kit"
        files.append((stale, pressed(whole, title, None, build.standard) if build.press else whole))
    dropped = [] if single else [stale]  # an earlier --single kit.pdf would no longer match
    existed = stale.is_file()
    written = write_folder(
        folder, [*files, *extra], force=force, legacy=_kit_legacy(build.scenario), drop=dropped
    )
    if dropped and existed and stale.is_file():
        build.warnings.append(
            f"{stale}: left as it is, though it may no longer match the parts beside it: no kit"
            " wrote it here (or it changed since)"
        )
    elif dropped and existed:
        build.warnings.append(
            f"{stale}: removed: an earlier --single kit.pdf no longer matches the parts beside it"
            " (add --single to print it again)"
        )
    return written


def _kit_legacy(scenario: Scenario) -> Callable[[Path], bool]:
    """Whether a file is one of ``scenario``'s kit files as a kit wrote it before folders
    kept a record: a PDF sheetgen made (its ``/Creator``, or WeasyPrint's producer) whose
    title is that part's for this scenario (``Convoy raid: briefing``, the map ``Convoy
    raid``, the cards the game's). A PDF of another scenario's, or one printed by another
    verb (``sheets`` titles its file by the game), is not."""
    name, game = scenario.name, scenario.game.title
    titles = {
        "briefing.pdf": f"{name}: briefing",
        "record-sheets.pdf": f"{name}: record sheets",
        "counters.pdf": f"{name}: counters",
        "map.pdf": name,
        "reference-card.pdf": f"{game}: reference card",
        "quick-card.pdf": f"{game}: quick card",
        "kit.pdf": f"{name}: game kit",
    }

    def legacy(path: Path) -> bool:
        from pypdf import PdfReader
        from pypdf.errors import PyPdfError

        wanted = titles.get(path.name)
        if wanted is None:
            return False
        try:
            with path.open("rb") as handle:
                if handle.read(5) != b"%PDF-":
                    return False
                handle.seek(0)
                try:
                    info = PdfReader(handle).metadata
                except (PyPdfError, ValueError, KeyError, TypeError):
                    return False
        except OSError:
            return False
        if info is None or str(info.get("/Title") or "") != wanted:
            return False
        return info.get("/Creator") == "sheetgen" or str(info.get("/Producer") or "").startswith("WeasyPrint")

    return legacy


def _check_replaced(build: _Build, single: bool, vassal: bool, force: bool) -> None:
    """Refuse (:class:`~sheetgen.core.output.OutputError`), before anything is printed, to
    replace a file of the kit's names in its folder that no kit wrote there, or that changed
    since one did, unless ``force`` (:func:`~sheetgen.core.output.check_replaceable`, which
    :func:`~sheetgen.core.output.write_folder` asks again as it writes)."""
    if not build.folder.is_dir():
        return
    names = [part.file for part in build.parts] + (["kit.pdf"] if single else [])
    names += [f"{slug(build.scenario.name)}.vmod"] if vassal else []
    check_replaceable(
        build.folder, [build.folder / name for name in names], force=force, legacy=_kit_legacy(build.scenario)
    )


def vassal_module_of(scenario: Scenario, parts: list[KitPart]) -> tuple[bytes, list[str]]:
    """``scenario``'s VASSAL module (:func:`sheetgen.render.vassal.vassal_module`) made from
    its kit's printed ``parts`` (the record sheets and the reference card), as bytes, with the
    warnings made (``sheetgen kit --vassal``). Raises
    :class:`~sheetgen.core.output.OutputError` (one line) when it cannot be made."""
    from sheetgen.layout.counters import CounterError
    from sheetgen.layout.maps import MapError
    from sheetgen.render.raster import RasterError
    from sheetgen.render.vassal import DEFAULT_DPI, vassal_module

    data = {part.file: part.data for part in parts}
    try:
        module = vassal_module(
            scenario,
            dpi=DEFAULT_DPI,
            record_sheets=data["record-sheets.pdf"],
            reference_card=data["reference-card.pdf"],
        )
    except (MapError, RasterError, CounterError) as exc:
        raise OutputError(f"{scenario.path}: VASSAL module: {exc}") from None
    return module.data, module.warnings
