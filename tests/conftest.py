"""Shared test helpers: the CLI runner, paths of the shipped designs, PDF reading,
and the expensive outputs (bundled kits, reference cards, record sheets) built once
per session and shared by every test that reads them."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock
from hypothesis import settings
from typer.testing import CliRunner

from sheetgen.cli.app import app
from sheetgen.render.html import bundled_fonts_only

ROOT = Path(__file__).resolve().parent.parent

# Every test prints afresh, in this process and in the sheetgen processes it starts:
# tests/render/test_printcache.py turns the print cache on in a folder of its own.
os.environ["SHEETGEN_CACHE"] = "off"
DESIGNS = ROOT / "designs"

# WeasyPrint sees the bundled fonts only, whichever test imports it first: sheetgen imports it
# through sheetgen.render.html.import_weasyprint, which sets this up; a test that imports it
# directly and prints before that made fontconfig's system configuration stick for the whole
# process, and a later record sheet drew its condensed text in DejaVu Sans.
bundled_fonts_only()

# Property tests assert values, never time: Hypothesis's per-example deadline (200 ms) fails
# a test when a shared machine is busy, so no test here has one. In CI (CI set) the examples
# are the same every run, so a landing is judged on the code; on a developer's machine they
# are new each run, to find what CI's fixed set misses (each such find becomes an @example).
settings.register_profile("sheetgen", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("sheetgen")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--stand-in-registered",
        action="store_true",
        help="register the stand-in game (tests/standin_game/) for the whole run, as a fifth game's"
        " registry line would: every test that lists the games meets it",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "stand_in: the stand-in game is registered for this test (tests/every_game.py)"
    )
    if config.getoption("--stand-in-registered"):
        import sheetgen.games as games

        games.GAMES["stand-in"] = "tests.standin_game"
    try:  # a browser check waits up to 15 s for the page (two cores running the suite two at a time)
        from playwright.sync_api import expect

        expect.set_options(timeout=15_000)
    except ImportError:  # without the test tools, the browser tests skip
        pass


@pytest.fixture(autouse=True)
def _stand_in_registered(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test (or a parametrized case) marked ``stand_in`` runs with the stand-in game
    registered (tests/every_game.py)."""
    if request.node.get_closest_marker("stand_in") is None or request.config.getoption(
        "--stand-in-registered"
    ):
        yield
        return
    from tests.every_game import registered

    with registered():
        yield


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def invoke(runner: CliRunner) -> Callable[..., object]:
    """Run ``sheetgen ARGS`` in-process; returns the click Result (exit_code, stdout, stderr)."""

    def run(*args: str) -> object:
        return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)

    return run


@pytest.fixture
def not_stopping(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process is not stopping on a signal, before the test nor after it
    (:mod:`sheetgen.core.stopping` lets later signals pass once a stop has begun; a test that
    stops this process on purpose would otherwise leave every later test's signals unheard)."""
    from sheetgen.core import stopping

    monkeypatch.setattr(stopping, "_stop", None)
    monkeypatch.setattr(stopping, "_deferred", None)
    monkeypatch.setattr(stopping, "_deferring", 0)


@pytest.fixture
def disk_fills(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], Callable[[], None]]:
    """``disk_fills(n)``: from now, flushing the ``n``-th file to disk fails as on a full disk
    (``ENOSPC``, the error sheetgen's atomic writes meet); returns a call that gives the disk
    its room back."""
    import errno

    real = os.fsync

    def fill(n: int) -> Callable[[], None]:
        calls: list[int] = []

        def filling(fd: int) -> None:
            calls.append(fd)
            if len(calls) == n:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(fd)

        monkeypatch.setattr(os, "fsync", filling)
        return lambda: monkeypatch.setattr(os, "fsync", real)

    return fill


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write ``text`` to ``tmp_path/name`` and return the path."""

    def put(name: str, text: str) -> Path:
        p = tmp_path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
        return p

    return put


# --- scheduling ---------------------------------------------------------------------------------

#: Session fixtures that build many files in one go (every bundled kit, the default kit, the
#: VASSAL engine checks of tests/render/test_vassal_engine.py).
SHARED_BUILDS = ("bundled_kits", "default_kit", "engine_checks")

#: Tests that wait on a tool in a subprocess (mypy, ruff, import-linter): run first, so
#: the tool works on one core while the other core runs tests, instead of at the end.
FIRST = ("tests/test_quality.py", "tests/test_architecture.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Order the tests for two xdist workers (``--dist worksteal``: each worker starts on
    one half of the list and takes work from the other's when it runs dry): the
    subprocess tools first, then the first test that needs each shared build (it builds
    it), the other tests, and last the rest of the tests that read a shared build, so
    that by the time either worker reaches them the build is done and no worker waits
    on its lock. Without xdist the order is the same, and harmless."""
    builders: dict[str, str] = {}
    readers = set()
    for item in items:
        for name in SHARED_BUILDS:
            if name in getattr(item, "fixturenames", ()):
                builders.setdefault(name, item.nodeid)
                readers.add(item.nodeid)

    def rank(item: pytest.Item) -> int:
        if item.nodeid.startswith(FIRST):
            return 0
        if item.nodeid in builders.values():
            return 1
        return 3 if item.nodeid in readers else 2

    items.sort(key=rank)


# --- outputs built once per session ---------------------------------------------------------------


@dataclass(frozen=True)
class Built:
    """One ``sheetgen`` run made once per session: what it wrote (``path``, a file or
    a folder) and what it said (exit status, standard output and error)."""

    path: Path
    exit_code: int
    stdout: str
    stderr: str


Build = Callable[..., Built]


def _session_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every worker of this session shares: under pytest-xdist each worker's
    base temp folder sits in the session's own folder, so its parent is shared."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "built-once"


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """``built(name, *args)``: run ``sheetgen ARGS -o <shared>/name`` once per session,
    whichever test or xdist worker asks first (the others wait on a file lock and
    read the record it left); every later call returns the same :class:`Built`."""
    root = _session_root(tmp_path_factory)
    root.mkdir(parents=True, exist_ok=True)

    def build(name: str, *args: object) -> Built:
        out = root / name
        record = root / f"{name}.json"
        with FileLock(str(root / f"{name}.lock")):
            if not record.exists():
                r = CliRunner().invoke(app, [*(str(a) for a in args), "-o", str(out)], catch_exceptions=False)
                said = {"exit_code": r.exit_code, "stdout": r.stdout, "stderr": r.stderr}
                record.write_text(json.dumps(said), encoding="utf-8")
        return Built(out, **json.loads(record.read_text(encoding="utf-8")))

    return build


@pytest.fixture(scope="session")
def bundled_kits(built: Build) -> Built:
    """``sheetgen kit --all --single``: every bundled scenario's kit (with kit.pdf), one
    folder per scenario named as its file; built once per session."""
    return built("kits", "kit", "--all", "--single")


def kit_stderr(kits: Built, scenario: str) -> str:
    """The lines ``kit --all`` printed for ``scenario`` (its warnings, then its
    ``kit for '...'`` listing of the files written)."""
    chunks: list[list[str]] = [[]]
    listing = False
    for line in kits.stderr.splitlines():
        if listing and not line.startswith("  "):
            chunks.append([])
            listing = False
        chunks[-1].append(line)
        listing = listing or line.startswith("kit for '")
    for chunk in chunks:
        if any(line.startswith("  ") and Path(line.strip()).parent.name == scenario for line in chunk):
            return "\n".join(chunk) + "\n"
    raise KeyError(scenario)


@pytest.fixture(scope="session")
def default_kit(built: Build) -> Built:
    """``sheetgen kit`` with no scenario (the bundled default) and no --single."""
    return built("default-kit", "kit")


@pytest.fixture(scope="session")
def reference_card(built: Build) -> Callable[[str, str], Built]:
    """``reference_card(game, fmt)``: ``sheetgen reference GAME -o card.FMT`` (pdf or
    html, the format from the suffix), once per session."""

    def card(game: str, fmt: str) -> Built:
        return built(f"{game}-card.{fmt}", "reference", game)

    return card


@pytest.fixture(scope="session")
def bundled_sheets(built: Build) -> Callable[[Path], Built]:
    """``bundled_sheets(path)``: ``sheetgen sheets PATH -o sheets.pdf`` for a file or
    folder under ``designs/``, once per session."""

    def sheets(path: Path) -> Built:
        name = "-".join(path.relative_to(DESIGNS).with_suffix("").parts)
        return built(f"sheets-{name}.pdf", "sheets", path)

    return sheets


# --- reading PDFs --------------------------------------------------------------------------------


def pdf_text(path: Path | bytes) -> list[str]:
    """The text of each page of a PDF (PDFium, through pypdfium2), lines as laid out."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path if isinstance(path, bytes) else str(path))
    try:
        return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in pdf]
    finally:
        pdf.close()


def pdf_text_lines(
    data: bytes, page: int, needle: str, nth: int = 0
) -> list[tuple[float, float, float, float]]:
    """Where ``needle`` (its ``nth`` occurrence, from 0) is printed on ``page``: one box per printed
    line it takes, ``(left, bottom, right, top)`` in pt from the page's lower left (PDFium
    character boxes). White space is left out of the match (a line may break at a space).
    Empty when it is not on the page."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        textpage = pdf[page].get_textpage()
        text = textpage.get_text_range().replace("\ufffe", "-")  # PDFium writes some hyphens as U+FFFE
        printed = [k for k, c in enumerate(text) if not c.isspace()]
        flat = "".join(text[k] for k in printed)
        target = "".join(needle.split())
        start = -1
        for _ in range(nth + 1):
            start = flat.find(target, start + 1)
            if start < 0:
                return []
        lines: list[list[tuple[float, float, float, float]]] = [[]]
        chars = printed[start : start + len(target)]
        for n, k in enumerate(chars):
            lines[-1].append(textpage.get_charbox(k))
            if n + 1 < len(chars) and "\n" in text[k : chars[n + 1]]:
                lines.append([])
        return [
            (
                min(b[0] for b in line),
                min(b[1] for b in line),
                max(b[2] for b in line),
                max(b[3] for b in line),
            )
            for line in lines
        ]
    finally:
        pdf.close()


def pdf_page_sizes(path: Path | bytes) -> list[tuple[float, float]]:
    """(width, height) in pt of each page's media box (pypdf)."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(path) if isinstance(path, bytes) else str(path))
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]


# --- scenario totals --------------------------------------------------------------------------


def side_blocks(stdout: str) -> dict[str, list[str]]:
    """``sheetgen stats`` output's ``side NAME (SCENARIO)  [game]`` blocks: each header
    line with the rows under it, as printed (indent and label column included)."""
    blocks: dict[str, list[str]] = {}
    for chunk in stdout.split("\n\n"):
        head, *rows = chunk.strip("\n").splitlines()
        if head.startswith("side "):
            blocks[head] = rows
    return blocks


def briefing_totals(scenario_file: Path) -> list[str]:
    """The totals line under each side of ``scenario_file``'s briefing (its HTML, tags
    dropped), side by side in scenario order."""
    import html
    import re

    from sheetgen.render.briefing import briefing_view
    from sheetgen.render.html import render_html
    from sheetgen.scenarios.scenario import load_scenario

    scenario, result = load_scenario(scenario_file)
    assert scenario is not None, result.input_errors
    page = render_html("briefing.html.j2", {"b": briefing_view(scenario, []), "paper": {}})
    lines = re.findall(r'<p class="totals">(.*?)</p>', page, flags=re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in lines]


@pytest.fixture(autouse=True, scope="module")
def _server_print_workers_closed() -> Iterator[None]:
    """The designer's and play mode's print workers (``sheetgen.serve.printing``) live as long
    as their server: a test module that started them closes them, so the next module's
    process checks (``multiprocessing.active_children()``) see only their own."""
    yield
    printing = sys.modules.get("sheetgen.serve.printing")
    if printing is not None:
        printing.close_workers()


#: Debian's Chromium, which every browser test drives through Playwright.
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium (Debian's) driven by Playwright, for one test module at a time: every
    browser test of every folder (tests/serve, tests/play) uses this one and none starts
    its own, as one sync Playwright may run at a time in a process. It lives no longer
    than its module: a sync Playwright left running holds an asyncio loop in the thread,
    and a later test of the same process that calls ``asyncio.run`` (the server's tests)
    then fails. Module fixtures never overlap, however a distributed run orders them."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM)
        yield b
        b.close()


def resumed_vigilant(root: Path) -> Path:
    """A copy of the bundled Kill Radius designs under ``root`` in which the Concord's
    Vigilant (light carrier, Number 7, 7 fighters) is fielded at Number 4 (``condition:``);
    returns the copy's folder."""
    game = root / "kill-radius"
    shutil.copytree(DESIGNS / "kill-radius", game)
    fleet = game / "fleets" / "concord-home-guard.yaml"
    text = fleet.read_text(encoding="utf-8")
    built = "    number: 7\n    fighters: 7\n"
    assert built in text  # Vigilant, light carrier
    fleet.write_text(text.replace(built, built + "    condition: {number: 4}\n"), encoding="utf-8")
    return game
