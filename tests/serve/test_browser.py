"""The designer page in a real browser (Debian's Chromium driven by Playwright): typing
shows findings at their lines, previews follow, downloads are the CLI's outputs.

Screenshots of each step go to ``output/serve/`` (look at them). Skipped only when no
Chromium is installed (``scripts/install.sh --test`` installs it; CI does).
"""

from __future__ import annotations

import io
import json
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml

from sheetgen.serve.service import games as served_games

from tests.conftest import DESIGNS, ROOT

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = ROOT / "output" / "serve"
OVERFULL = "game: starfire\nname: Overfull\nhull: CT\nsystems: SSAA(I)(I)(I)QLRL\n"
FIXED = "game: starfire\nname: Overfull\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\nmunitions: {R: 10}\n"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)


@contextmanager
def _serving(space: Path) -> Iterator[str]:
    """``sheetgen serve SPACE`` on a free loopback port in a thread; yields its address."""
    import uvicorn

    from sheetgen.serve.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # Nagle off per connection
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(space), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``sheetgen serve`` over a workspace with one design."""
    space = tmp_path_factory.mktemp("workspace")
    (space / "ships").mkdir()
    shutil.copy(DESIGNS / "starfire" / "ships" / "corvette-arrow.yaml", space / "ships" / "arrow.yaml")
    with _serving(space) as address:
        yield address


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


def _map_drawn(page: Any) -> None:
    """Wait until the scenario's map image has loaded the SVG it was last given."""
    page.locator("#scenario-map").evaluate(
        "img => img.complete && img.naturalWidth > 0 ? null"
        " : new Promise((ok) => img.addEventListener('load', ok, { once: true }))"
    )


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
    expect(finding).to_have_attribute("data-line", "4", timeout=15_000)
    expect(finding).to_contain_text("4 too many")
    expect(page.get_by_test_id("verdict")).to_have_text("illegal")
    expect(page.locator(".cm-lint-marker-error")).to_have_count(1)
    finding.get_by_role("link", name="SF-7").click()
    expect(page.get_by_test_id("ruling")).to_contain_text("SF-7")
    _shot(page, "2-overfull")
    _type(page, FIXED)
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    expect(page.locator("[data-testid=findings] li.empty")).to_be_visible()
    expect(page.get_by_test_id("stats")).to_contain_text("16")
    _shot(page, "3-fixed")


def test_previews_follow_the_text(page: Any) -> None:
    from playwright.sync_api import expect

    _type(page, FIXED.replace("Overfull", "Lantern"))
    sheet = page.frame_locator("[data-testid=sheet-preview]")
    expect(sheet.get_by_text("Lantern").first).to_be_visible(timeout=15_000)
    front = page.locator("#counter-front")
    expect(front).to_have_attribute("src", re.compile("^blob:"))
    width = front.evaluate("img => img.naturalWidth")
    assert width > 0
    _type(page, FIXED.replace("Overfull", "Beacon"))
    expect(sheet.get_by_text("Beacon").first).to_be_visible(timeout=15_000)
    _shot(page, "4-preview")


def test_download_pdf_is_the_record_sheet(page: Any) -> None:
    from pypdf import PdfReader

    _type(page, FIXED.replace("Overfull", "Downloaded"))
    page.locator("[data-testid=findings] li.empty").wait_for(timeout=15_000)
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
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    expect(page.get_by_test_id("stats")).to_contain_text("Arrow")
    page.get_by_test_id("save-path").fill("ships/arrow-copy.yaml")
    page.get_by_test_id("save").click()
    # saved: the new file is listed and chosen (a later notice may replace "saved ...")
    expect(page.get_by_test_id("files")).to_have_value("ships/arrow-copy.yaml", timeout=15_000)
    _shot(page, "5-saved")


def test_the_page_works_from_the_keyboard(page: Any) -> None:
    page.get_by_test_id("game").focus()
    order = []
    for _ in range(
        15
    ):  # from the game picker: the workspace, saving, importing, the form, the palette, the editor
        page.keyboard.press("Tab")
        order.append(
            page.evaluate("document.activeElement.dataset.testid || document.activeElement.textContent")
        )
    assert order == [
        "files",
        "save-path",
        "save",
        "play-link",  # the play mode's page, in the bar
        "import",
        "Import",
        "field-name",
        "field-class",
        "field-hull",
        "field-speed",
        "field-turn_mode",
        "field-systems",
        "palette-item",  # the palette is one stop (arrow keys move within it)
        "editor-text",
        "download-pdf",
    ], order


def test_the_form_writes_the_yaml(page: Any) -> None:
    from playwright.sync_api import expect

    _type(page, FIXED)
    expect(page.get_by_test_id("field-name")).to_have_value("Overfull", timeout=15_000)
    page.get_by_test_id("field-name").fill("Yes")  # a name YAML would read as true: quoted
    page.get_by_test_id("field-class").fill("Formed-class corvette")
    editor = page.locator("[data-testid=editor] .cm-content")
    expect(editor).to_contain_text('name: "Yes"')
    expect(editor).to_contain_text("class: Formed-class corvette")
    expect(page.get_by_test_id("stats")).to_contain_text("Formed-class corvette", timeout=15_000)
    sheet = page.frame_locator("[data-testid=sheet-preview]")
    expect(sheet.get_by_text("Yes", exact=True).first).to_be_visible(timeout=15_000)
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
    expect(page.locator("[data-testid=findings] li[data-rule='SF-9']")).to_be_visible(timeout=15_000)
    expect(page.get_by_test_id("verdict")).to_have_text("legal")
    expect(page.get_by_test_id("stats")).to_contain_text("CT-[2]-SSAA(I)(I)(I)QLR-[6]")
    _shot(page, "6-imported")


@pytest.fixture(scope="session")
def starfire_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``sheetgen serve`` over a copy of the bundled Starfire designs and scenarios."""
    space = tmp_path_factory.mktemp("sf") / "starfire"
    shutil.copytree(DESIGNS / "starfire", space)
    with _serving(space) as address:
        yield address, space


def test_a_bundled_scenario_shows_every_ship_on_its_map(
    browser: Any, starfire_server: tuple[str, Path]
) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1440, "height": 900}, accept_downloads=True)
    try:
        pg = context.new_page()
        pg.goto(starfire_server[0])
        pg.wait_for_selector("body[data-ready=yes]")
        pg.get_by_test_id("files").select_option("scenarios/set-piece-battle.yaml")
        expect(pg.get_by_test_id("scenario")).to_be_visible(timeout=10000)
        expect(pg.get_by_test_id("scenario-map")).to_have_attribute("src", re.compile("^blob:"))
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


# --- the form: each game's common fields, from its JSON Schema -------------------------------------

#: Each game's form fields as /api/games serves them, the common ones first.
FORM_FIELDS = {g["id"]: g["fields"] for g in served_games()}


def _keys(game: str) -> list[str]:
    return [f["key"] for f in FORM_FIELDS[game]]


@pytest.mark.parametrize("game", sorted(FORM_FIELDS))
def test_the_form_shows_each_games_fields_from_its_schema(page: Any, game: str) -> None:
    from playwright.sync_api import expect

    from sheetgen.core.resources import starting_design
    from sheetgen.scenarios.json_schemas import schema_file

    page.get_by_test_id("game").select_option(game)
    expect(page.get_by_test_id("fields")).to_have_attribute("data-game", game, timeout=15_000)
    inputs = page.locator("[data-testid=fields] [data-key]")
    assert inputs.evaluate_all("els => els.map(e => e.dataset.key)") == _keys(game)
    design = json.loads(schema_file(game).read_text(encoding="utf-8"))["$defs"]["design"]
    start = yaml.safe_load(starting_design(game, "New design"))
    for key in _keys(game):
        field = page.get_by_test_id(f"field-{key}")
        prop = design["properties"][key]
        expect(field).to_be_enabled()
        assert field.evaluate("e => e.labels.length") == 1  # labelled
        if "enum" in prop:
            options = field.locator("option").evaluate_all("os => os.map(o => o.value)")
            assert [o for o in options if o] == prop["enum"]
        elif prop.get("type") == "integer":
            assert field.get_attribute("type") == "number"
            for bound, attr in (("minimum", "min"), ("maximum", "max")):
                assert field.get_attribute(attr) == (str(prop[bound]) if bound in prop else None)
        value = start.get(key)
        shown = "" if value is None or isinstance(value, list | dict) else str(value).lower()
        assert field.input_value().lower() == shown, key
    _shot(page, f"9-form-{game}")


def test_the_starfire_hull_chosen_in_the_form_rewrites_the_yaml_and_the_stats(page: Any) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("game").select_option("starfire")
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    stats = page.get_by_test_id("stats")
    expect(stats).to_contain_text("Corvette")
    editor = page.locator("[data-testid=editor] .cm-content")
    page.get_by_test_id("field-hull").select_option("DD")
    expect(editor).to_contain_text("hull: DD")
    expect(editor).to_contain_text("# ES CT DD CL CA (warships)")  # the line's comment is kept
    expect(stats).to_contain_text("Destroyer", timeout=15_000)
    expect(page.locator("[data-testid=findings] li[data-rule='SF-2']")).to_contain_text("at least 2 Q")
    page.get_by_test_id("field-speed").fill("5")  # a commented-out key, written back
    expect(editor).to_contain_text("speed: 5")
    page.get_by_test_id("field-systems").fill("SSAAAA(I)(I)(I)QQLLRR")
    expect(stats).to_contain_text("SSAAAA(I)(I)(I)QQLLRR", timeout=15_000)
    expect(page.get_by_test_id("field-hull")).to_have_value("DD")
    _shot(page, "10-form-hull")
    # and the YAML, edited, updates the form
    with page.expect_download() as info:  # the text as the YAML button gives it
        page.get_by_test_id("download-yaml").click()
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert "speed: 5" in text and "# ES CT DD CL CA (warships)" in text
    _type(page, text.replace("hull: DD", "hull: CA").replace("speed: 5", "speed: 4"))
    expect(page.get_by_test_id("field-hull")).to_have_value("CA")
    expect(page.get_by_test_id("field-speed")).to_have_value("4")
    expect(stats).to_contain_text("Heavy Cruiser", timeout=15_000)


def test_the_knight_hawks_hull_size_in_the_form_changes_the_stats(page: Any) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("game").select_option("knight-hawks-2000")
    expect(page.get_by_test_id("field-hull_size")).to_have_value("1", timeout=15_000)
    stats = page.get_by_test_id("stats")
    expect(stats).to_contain_text("maneuver points", timeout=15_000)
    page.get_by_test_id("field-hull_size").fill("3")
    page.get_by_test_id("field-adf").fill("4")
    editor = page.locator("[data-testid=editor] .cm-content")
    expect(editor).to_contain_text("hull_size: 3")
    expect(editor).to_contain_text("adf: 4                              # acceleration/deceleration factor")
    hull_size = page.locator("[data-testid=stats] dt:text-is('hull size') + dd")
    expect(hull_size).to_contain_text("HS 3", timeout=15_000)
    expect(page.locator("[data-testid=stats] dt:text-is('ADF / MR') + dd")).to_have_text("4 / 5")
    page.get_by_test_id("field-role").select_option("civilian")
    expect(editor).to_contain_text("role: civilian")
    expect(page.locator("[data-testid=stats] dt:text-is('role') + dd")).to_have_text(
        "civilian", timeout=15_000
    )
    _shot(page, "11-form-knight-hawks")
    # a value a number input cannot hold is shown as its hint, and the check says what is wrong
    start = (DESIGNS / "knight-hawks-2000" / "ships" / "kestrel.yaml").read_text(encoding="utf-8")
    _type(page, re.sub(r"(?m)^hull_size: .*$", "hull_size: big", start))
    field = page.get_by_test_id("field-hull_size")
    expect(field).to_have_attribute("placeholder", "big", timeout=15_000)
    expect(field).to_have_value("")
    _type(page, re.sub(r"(?m)^hull_size: .*$", "hull_size:", start))
    expect(field).to_have_attribute("placeholder", "", timeout=15_000)


def _value(prop: dict[str, Any], current: object) -> tuple[str, object]:
    """A value to write for a key of schema ``prop``: (the input's text, what YAML reads)."""
    if "enum" in prop:
        choice = next(v for v in prop["enum"] if v != current)
        return str(choice), choice
    if prop.get("type") == "integer":
        return "7", 7
    if prop.get("type") == "boolean":
        return "true", True
    return "Yes: a #1 test", "Yes: a #1 test"  # quoted: YAML would read a bool, a mapping, a comment


def test_a_form_edit_changes_that_key_and_nothing_else(page: Any) -> None:
    """The form's line edit (form.js), on every bundled design and starting design of each game
    and every key of the form: YAML then reads the same mapping but that key, and every other
    line of the text is kept as it was (comments included)."""
    from sheetgen.core.resources import starting_design
    from sheetgen.scenarios.json_schemas import schema_file

    cases: list[tuple[str, str, str, str | None, object]] = []
    for game in FORM_FIELDS:
        design = json.loads(schema_file(game).read_text(encoding="utf-8"))["$defs"]["design"]
        texts = [starting_design(game, "New design")]
        texts += [p.read_text(encoding="utf-8") for p in sorted((DESIGNS / game).glob("*/*.yaml"))]
        for text in texts:
            try:
                data = yaml.safe_load(text)
            except yaml.YAMLError:  # a bundled example of a syntax error
                continue
            if not isinstance(data, dict) or "designs" in data or "scenario" in data:
                continue
            for key in _keys(game):
                prop = design["properties"][key]
                typed, read = _value(prop, data.get(key))
                kind = prop.get("type") if prop.get("type") in ("integer", "boolean") else "string"
                cases.append((text, key, typed, kind, read))
                cases.append((text, key, "", None, None))  # cleared: commented out
    order = {game: _keys(game) for game in FORM_FIELDS}
    results = page.evaluate(
        """([cases, order]) => cases.map(([text, key, typed, kind]) => {
             const game = /^game:\\s*(\\S+)/m.exec(text)[1];
             if (!SheetgenForm.editable(text)) return null;
             const yaml = kind === null ? null : SheetgenForm.scalar(typed, kind);
             return [SheetgenForm.find(text, key).state, SheetgenForm.apply(text, key, yaml, order[game])];
           })""",
        [[c[:4] for c in cases], order],
    )
    checked = 0
    for (text, key, _typed, kind, read), result in zip(cases, results, strict=True):
        assert result is not None, text[:80]
        state, new = result
        before, after = yaml.safe_load(text), yaml.safe_load(new)
        old_lines, new_lines = text.splitlines(), new.splitlines()
        if state == "complex":  # a list or mapping: left to the YAML
            assert new == text
            continue
        if kind is None:
            assert key not in after or after[key] is None, (key, new)
            assert {k: v for k, v in after.items() if k != key} == {
                k: v for k, v in before.items() if k != key
            }
            assert len(new_lines) == len(old_lines)
        else:
            assert after == {**before, key: read}, (key, new)
            kept = [line for line in old_lines if line in new_lines]
            assert len(kept) >= len(old_lines) - 1, (key, text, new)  # at most its own line rewritten
            assert len(new_lines) - len(old_lines) in (0, 1)
            changed = [line for line in new_lines if line not in old_lines]
            assert len(changed) <= 1 and all(line.startswith(f"{key}: ") for line in changed), changed
            old_comments = [line.split(" #", 1)[1] for line in old_lines if " #" in line]
            assert all(any(c in line for line in new_lines) for c in old_comments), (key, new)
        checked += 1
    assert checked > 100


#: (text, key, the value written (None: cleared), the text after it)
EDITS = [
    # a value replaced, its comment kept at its column
    (
        "game: starfire\nhull: CT     # a corvette\n",
        "hull",
        "DD",
        "game: starfire\nhull: DD     # a corvette\n",
    ),
    # a longer value pushes the comment on, two spaces from it
    ("game: x\nhull: CT  # c\n", "hull", "FT1x", "game: x\nhull: FT1x  # c\n"),
    # cleared: commented out, the comment staying at its column; filled again: back in place
    ("game: x\nspeed: 6      # mp\n", "speed", None, "game: x\n# speed: 6    # mp\n"),
    ("game: x\n# speed: 6    # mp\n", "speed", "4", "game: x\nspeed: 4      # mp\n"),
    # a new key goes after the form's key before it that is set
    (
        "game: x\nname: A\nhull: CT\nmunitions: {R: 1}\n",
        "speed",
        "5",
        "game: x\nname: A\nhull: CT\nspeed: 5\nmunitions: {R: 1}\n",
    ),
    ("game: x\nname: A\n", "turn_mode", "2", "game: x\nname: A\nturn_mode: 2\n"),
    # quoted when YAML would read it as something else; quotes read back
    ("game: x\nname: A\n", "name", "Yes", 'game: x\nname: "Yes"\n'),
    ("game: x\nname: A\n", "name", "Ship: #2", 'game: x\nname: "Ship: #2"\n'),
    ("game: x\nname: 'It''s'  # q\n", "name", "Its", "game: x\nname: Its      # q\n"),
    # a list, a mapping or a block of text is left to the YAML
    ("game: x\nsystems: [A, B]\n", "systems", "SS", None),
    ("game: x\nsystems:\n  - A\n", "systems", "SS", None),
    ("game: x\nnotes: |\n  text\n", "notes", "n", None),
    # a key inside a mapping is not the top-level key
    ("game: x\ncrew:\n  name: Bo\nname: A\n", "name", "B", "game: x\ncrew:\n  name: Bo\nname: B\n"),
]


@pytest.mark.parametrize(("text", "key", "value", "after"), EDITS)
def test_a_form_edit_rewrites_one_line(
    page: Any, text: str, key: str, value: str | None, after: str | None
) -> None:
    order = ["name", "class", "hull", "speed", "turn_mode", "systems"]
    state, new = page.evaluate(
        """([text, key, value, order, kind]) => [SheetgenForm.find(text, key).state,
             SheetgenForm.apply(text, key, value === null ? null : SheetgenForm.scalar(value, kind), order)]""",
        [text, key, value, order, "integer" if value and value.isdigit() else "string"],
    )
    if after is None:
        assert state == "complex" and new == text
        return
    assert new == after
    read = yaml.safe_load(new)
    assert read.get(key) == (None if value is None else (int(value) if value.isdigit() else value))
    back = page.evaluate("([t, k]) => SheetgenForm.find(t, k)", [new, key])
    assert back["state"] == ("commented" if value is None else "set")


def test_the_form_reads_what_yaml_reads(page: Any) -> None:
    lines = [
        "name: 'It''s'  # q",
        'name: "Tab\\there \\"q\\"" # c',
        "name: Plain words # c",
        "name: a#b",
        "name:",
        "name:    # nothing",
        "name: 12",
    ]
    for line in lines:
        found = page.evaluate("(t) => SheetgenForm.find(t, 'name')", f"game: x\n{line}\n")
        read = yaml.safe_load(f"game: x\n{line}\n")["name"]
        assert found["state"] == "set" and found["value"] == ("" if read is None else str(read)), line


def test_the_form_stands_aside_for_a_fleet(page: Any) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("game").select_option("kill-radius")
    _type(page, (DESIGNS / "kill-radius" / "fleets" / "varn-raiders.yaml").read_text(encoding="utf-8"))
    expect(page.get_by_test_id("field-name")).to_be_disabled(timeout=15_000)
    expect(page.get_by_test_id("fields")).to_have_class(re.compile(r"\boff\b"))


# --- the scenario view follows the editor's text ----------------------------------------------------


def test_a_scenario_edit_redraws_the_map_before_it_is_saved(
    browser: Any, starfire_server: tuple[str, Path]
) -> None:
    from playwright.sync_api import expect

    address, space = starfire_server
    path = space / "scenarios" / "scouts-meet.yaml"
    saved = path.read_bytes()
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    try:
        pg = context.new_page()
        pg.goto(address)
        pg.wait_for_selector("body[data-ready=yes]")
        pg.get_by_test_id("files").select_option("scenarios/scouts-meet.yaml")
        expect(pg.get_by_test_id("verdict")).to_have_text("legal", timeout=10000)
        expect(pg.get_by_test_id("fields")).to_be_hidden()
        _map_drawn(pg)
        drawn: list[Any] = []  # the scenario answers the page drew its map from
        pg.on("response", lambda r: drawn.append(r) if "/api/scenario?" in r.url else None)
        before = pg.get_by_test_id("scenario-map").get_attribute("src")
        # Player B's scout renamed and moved to 2012: 14 hexes from Player A's, where 25 are needed
        edited = saved.decode().replace("Seeker", "Pathfinder").replace('"3112"', '"2012"')
        _type(pg, edited)
        sides = pg.get_by_test_id("scenario-sides")
        expect(sides).to_contain_text("Player B: Pathfinder", timeout=10000)
        finding = pg.locator("[data-testid=findings] li[data-rule='SCENARIO']")
        expect(finding).to_contain_text("starts 14 hexes from Pathfinder; the set-up needs exactly 25")
        expect(pg.get_by_test_id("verdict")).to_have_text("illegal")
        expect(pg.get_by_test_id("scenario")).to_have_attribute("data-text", "edited")
        expect(pg.locator(".cm-lint-marker-error")).to_have_count(1)
        assert pg.get_by_test_id("scenario-map").get_attribute("src") != before  # a new map drawn
        last = drawn[-1]
        assert last.request.method == "POST" and last.request.post_data == edited
        svg = last.json()["map"]
        assert "Pathfinder" in svg and "Seeker" not in svg
        _map_drawn(pg)
        _shot(pg, "12-scenario-edited")
        assert path.read_bytes() == saved  # not saved: the view followed the text
        _type(pg, edited.replace("map:\n", "map: [\n", 1))
        expect(pg.get_by_test_id("verdict")).to_have_text("cannot be read", timeout=10000)
        expect(pg.get_by_test_id("scenario-map")).to_have_class(re.compile(r"\bstale\b"))
        expect(pg.locator("[data-testid=findings] li[data-rule='YAML']")).to_be_visible()
        _shot(pg, "13-scenario-unreadable")
        _type(pg, saved.decode())
        expect(pg.get_by_test_id("verdict")).to_have_text("legal", timeout=10000)
        expect(pg.get_by_test_id("scenario")).to_have_attribute("data-text", "saved")
        expect(sides).to_contain_text("Player B: Seeker")
    finally:
        context.close()
