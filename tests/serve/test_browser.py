"""The designer page in a real browser (Debian's Chromium driven by Playwright): typing
shows findings at their lines, previews follow, downloads are the CLI's outputs.

Screenshots of each step go to ``output/serve/`` (look at them). Skipped only when no
Chromium is installed (``scripts/install.sh --test`` installs it; CI does).
"""

from __future__ import annotations

import io
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS, ROOT

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = ROOT / "output" / "serve"
OVERFULL = "game: starfire\nname: Overfull\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n"
FIXED = "game: starfire\nname: Overfull\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``sheetgen serve`` on a free loopback port in a thread, over a workspace with one design."""
    import uvicorn

    from sheetgen.serve.app import create_app

    space = tmp_path_factory.mktemp("workspace")
    (space / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", space / "ships" / "arrow.yaml")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # Nagle off per connection
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(space), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
    pg = context.new_page()
    pg.goto(server)
    pg.wait_for_selector("body[data-ready=yes]")
    yield pg
    context.close()


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _type(page: Any, text: str) -> None:
    """Replace the editor's text as a user does: select all, then type (pasted, for speed)."""
    page.locator("[data-testid=editor] .cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(text)


def test_typing_an_overfull_design_shows_sf7_at_its_line_and_fixing_it_clears_it(page: Any) -> None:
    from playwright.sync_api import expect

    _shot(page, "1-open")
    page.get_by_test_id("game").select_option("starfire")
    _type(page, OVERFULL)
    finding = page.locator("[data-testid=findings] li[data-rule='SF-7']")
    expect(finding).to_have_attribute("data-line", "4", timeout=5000)
    expect(finding).to_contain_text("4 too many")
    expect(page.get_by_test_id("verdict")).to_have_text("illegal")
    expect(page.locator(".cm-lint-marker-error")).to_have_count(1)
    finding.get_by_role("link", name="SF-7").click()
    expect(page.get_by_test_id("ruling")).to_contain_text("SF-7")
    _shot(page, "2-overfull")
    _type(page, FIXED)
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=5000)
    expect(page.locator("[data-testid=findings] li.empty")).to_be_visible()
    expect(page.get_by_test_id("stats")).to_contain_text("16")
    _shot(page, "3-fixed")


def test_previews_follow_the_text(page: Any) -> None:
    from playwright.sync_api import expect

    _type(page, FIXED.replace("Overfull", "Lantern"))
    sheet = page.frame_locator("[data-testid=sheet-preview]")
    expect(sheet.get_by_text("Lantern").first).to_be_visible(timeout=5000)
    front = page.locator("#counter-front")
    expect(front).to_have_attribute("src", __import__("re").compile("^blob:"))
    width = front.evaluate("img => img.naturalWidth")
    assert width > 0
    _type(page, FIXED.replace("Overfull", "Beacon"))
    expect(sheet.get_by_text("Beacon").first).to_be_visible(timeout=5000)
    _shot(page, "4-preview")


def test_download_pdf_is_the_record_sheet(page: Any) -> None:
    from pypdf import PdfReader

    _type(page, FIXED.replace("Overfull", "Downloaded"))
    page.locator("[data-testid=findings] li.empty").wait_for(timeout=5000)
    with page.expect_download(timeout=30000) as info:
        page.get_by_test_id("download-pdf").click()
    download = info.value
    data = Path(download.path()).read_bytes()
    assert data.startswith(b"%PDF")
    assert download.suggested_filename == "Downloaded.pdf"
    assert "Downloaded" in PdfReader(io.BytesIO(data)).pages[0].extract_text()


def test_workspace_open_and_save(page: Any, server: str) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("files").select_option("ships/arrow.yaml")
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=5000)
    expect(page.get_by_test_id("stats")).to_contain_text("Arrow")
    page.get_by_test_id("save-path").fill("ships/arrow-copy.yaml")
    page.get_by_test_id("save").click()
    expect(page.locator("#notice")).to_have_text("saved ships/arrow-copy.yaml", timeout=5000)
    _shot(page, "5-saved")


def test_the_page_works_from_the_keyboard(page: Any) -> None:
    page.get_by_test_id("game").focus()
    order = []
    for _ in range(9):  # from the game picker: the workspace, saving, importing, the form, the editor
        page.keyboard.press("Tab")
        order.append(
            page.evaluate("document.activeElement.dataset.testid || document.activeElement.textContent")
        )
    assert order == [
        "files",
        "save-path",
        "save",
        "import",
        "Import",
        "field-name",
        "field-class",
        "editor-text",
        "download-pdf",
    ], order


def test_the_form_writes_the_yaml(page: Any) -> None:
    from playwright.sync_api import expect

    _type(page, FIXED)
    expect(page.get_by_test_id("field-name")).to_have_value("Overfull", timeout=5000)
    page.get_by_test_id("field-name").fill("Yes")  # a name YAML would read as true: quoted
    page.get_by_test_id("field-class").fill("Formed-class corvette")
    editor = page.locator("[data-testid=editor] .cm-content")
    expect(editor).to_contain_text('name: "Yes"')
    expect(editor).to_contain_text("class: Formed-class corvette")
    expect(page.get_by_test_id("stats")).to_contain_text("Formed-class corvette", timeout=5000)
    sheet = page.frame_locator("[data-testid=sheet-preview]")
    expect(sheet.get_by_text("Yes", exact=True).first).to_be_visible(timeout=5000)
    expect(page.get_by_test_id("verdict")).to_have_text("legal")
    _shot(page, "8-form")


def test_a_pasted_starfire_string_is_imported(page: Any) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("game").select_option("starfire")
    page.get_by_test_id("import").fill("CT-[2]-SSAA(I)(I)(I)QLR-[6]")
    page.get_by_test_id("import").press("Enter")
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text(
        "systems: SSAA(I)(I)(I)QLR", timeout=5000
    )
    # the imported design states no munitions: the check of the new text notes it (SF-9)
    expect(page.locator("[data-testid=findings] li[data-rule='SF-9']")).to_be_visible(timeout=5000)
    expect(page.get_by_test_id("verdict")).to_have_text("legal")
    expect(page.get_by_test_id("stats")).to_contain_text("CT-[2]-SSAA(I)(I)(I)QLR-[6]")
    _shot(page, "6-imported")


def test_a_bundled_scenario_shows_every_ship_on_its_map(browser: Any, tmp_path: Path) -> None:
    import uvicorn
    from playwright.sync_api import expect

    from sheetgen.serve.app import create_app

    space = tmp_path / "starfire"
    shutil.copytree(DESIGNS / "starfire", space)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(space), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    context = browser.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
    try:
        pg = context.new_page()
        pg.goto(f"http://127.0.0.1:{sock.getsockname()[1]}/")
        pg.wait_for_selector("body[data-ready=yes]")
        pg.get_by_test_id("files").select_option("scenarios/set-piece-battle.yaml")
        expect(pg.get_by_test_id("scenario")).to_be_visible(timeout=10000)
        expect(pg.get_by_test_id("scenario-map")).to_have_attribute("src", __import__("re").compile("^blob:"))
        sides = pg.locator("[data-testid=scenario-sides] li")
        expect(sides).to_have_count(2)
        ships = [s.strip() for line in sides.all_inner_texts() for s in line.split(":", 1)[1].split(",")]
        assert len(ships) == 10
        url = "/api/scenario/map.svg?path=scenarios/set-piece-battle.yaml&page=1"  # what the page drew
        svg = pg.evaluate("async (u) => await (await fetch(u)).text()", url)
        assert all(name in svg for name in ships), ships
        pg.wait_for_function("document.getElementById('scenario-map').naturalWidth > 0")
        _shot(pg, "7-scenario")
        with pg.expect_download(timeout=60000) as info:
            pg.get_by_test_id("download-kit").click()
        assert info.value.suggested_filename == "set-piece-battle-kit.zip"
    finally:
        context.close()
        server.should_exit = True
        thread.join(10)
