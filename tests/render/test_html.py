"""WeasyPrint as sheetgen loads it (docs/performance.md)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

#: Runs in a fresh interpreter: no process may be started while WeasyPrint is
#: first imported and a page is printed, and the lookup is restored afterwards.
NO_SUBPROCESS = textwrap.dedent(
    """
    import ctypes.util, os, subprocess
    lookup = ctypes.util.find_library
    def refuse(*args, **kwargs):
        raise AssertionError(f"a process was started: {args[:1]}")
    subprocess.Popen.__init__ = refuse
    os.posix_spawn = refuse
    from sheetgen.render.html import html_to_pdf
    pdf = html_to_pdf("<p>Arrow</p>").data
    assert pdf.startswith(b"%PDF-"), pdf[:8]
    assert ctypes.util.find_library is lookup
    print("ok")
    """
)


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the library search is skipped on Linux only"
)
def test_weasyprint_is_imported_without_starting_a_process() -> None:
    run = subprocess.run([sys.executable, "-c", NO_SUBPROCESS], capture_output=True, text=True, check=False)
    assert (run.returncode, run.stdout.strip()) == (0, "ok"), run.stderr


def _bundled_documents() -> list[str]:
    """Three documents of the default kit's kinds, each from its own template: the record
    sheets, the reference card and the briefing of small-task-groups."""
    from sheetgen.games import find_game
    from sheetgen.render.briefing import briefing_document
    from sheetgen.render.cards import render_card
    from sheetgen.render.record_sheets import Ship, record_sheets_html
    from sheetgen.scenarios.scenario import load_scenario

    from tests.conftest import DESIGNS

    scenario, _ = load_scenario(DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml")
    assert scenario is not None
    card = render_card(find_game("starfire"), paper="letter", fmt="html").data.decode("utf-8")
    briefing = briefing_document(scenario, [], paper="letter").html
    ships = [Ship(scenario.game, s.stats, s.entry.findings, s.side, s.colour) for s in scenario.ships]
    return [*record_sheets_html(ships, paper="letter"), card, briefing]


def test_a_stylesheet_is_parsed_once_a_thread_and_prints_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """html_to_pdf gives the very bytes WeasyPrint gives for the HTML as written, while each
    template's stylesheet and the bundled fonts are parsed once for all its documents."""
    import threading

    from sheetgen.render import html
    from sheetgen.render.html import html_to_pdf, import_weasyprint

    weasyprint = import_weasyprint()
    documents = _bundled_documents()
    base_url = str(html.templates_dir())
    as_written = [weasyprint.HTML(string=d, base_url=base_url).write_pdf() for d in documents]

    parsed: list[str] = []
    real_css = weasyprint.CSS

    def counting(*args: object, **kwargs: object) -> object:
        parsed.append(str(kwargs.get("string", ""))[:40])
        return real_css(*args, **kwargs)

    monkeypatch.setattr(weasyprint, "CSS", counting)
    printed: list[list[bytes]] = []

    def print_twice() -> None:  # a thread of its own: nothing kept from the test's other prints
        printed.append([html_to_pdf(d).data for d in documents + documents])

    thread = threading.Thread(target=print_twice)
    thread.start()
    thread.join()
    assert printed[0] == as_written + as_written
    # each style element once (a record sheet's two), fontconfig giving the fonts
    styles = [html._styles(d) for d in documents]
    assert len(parsed) == sum(len(s[0]) for s in styles if s is not None) > len(documents)


def test_a_kept_stylesheet_gives_its_warnings_each_time() -> None:
    from sheetgen.render.html import html_to_pdf

    html = "<html><head><style>p { colr: blue; }</style></head><body><p>Lance</p></body></html>"
    first, second = html_to_pdf(html), html_to_pdf(html)
    assert first.warnings == second.warnings == ("Ignored `colr: blue` at 1:5, unknown property.",)
