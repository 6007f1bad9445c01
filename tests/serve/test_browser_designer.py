"""The designer never loses work (issue 25), in Chromium at a laptop and a tablet size: a
changed buffer is marked, leaving it asks in the page, every buffer is kept as a draft in
the browser and offered back after a reload, "Save as" makes new folders, previews are
marked stale while the YAML cannot be read, and a hull chosen in the form leaves no
starter comment about the old hull.

Screenshots go to ``output/serve/`` (look at them).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DESIGNS
from tests.serve.test_browser import CHROMIUM, SHOTS, _serving, _type

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="no Chromium at /usr/bin/chromium (scripts/install.sh --test installs it)",
)

SIZES = {"laptop": (1280, 720), "tablet": (1024, 768)}


@pytest.fixture(scope="module")
def space(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("drafts")
    (root / "ships").mkdir()
    ships = DESIGNS / "starfire" / "ships"
    shutil.copy(ships / "corvette-arrow.yaml", root / "ships" / "warden.yaml")
    shutil.copy(ships / "destroyer-anvil.yaml", root / "ships" / "harrier.yaml")
    return root


@pytest.fixture(scope="module")
def server(space: Path) -> Iterator[str]:
    with _serving(space) as address:
        yield address


@pytest.fixture(params=sorted(SIZES))
def page(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Any]:
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    pg = context.new_page()
    pg.size_name = request.param
    pg.goto(server)
    pg.wait_for_selector("body[data-ready=yes]")
    yield pg
    context.close()


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"drafts-{name}-{page.size_name}.png"))


def _editor_text(page: Any) -> str:
    return page.locator("[data-testid=editor] .cm-content").inner_text()


def _open(page: Any, path: str) -> None:
    page.get_by_test_id("files").select_option(path)


def _rename(page: Any, old: str, new: str) -> None:
    """Change the design's name in the form (one edit, as a player makes it)."""
    field = page.get_by_test_id("field-name")
    assert field.input_value() == old
    field.fill(new)


def test_switching_file_asks_and_a_kept_draft_comes_back(page: Any, space: Path) -> None:
    from playwright.sync_api import expect

    dirty = page.get_by_test_id("dirty")
    _open(page, "ships/warden.yaml")
    expect(page.get_by_test_id("save-path")).to_have_value("ships/warden.yaml", timeout=15_000)
    expect(dirty).to_be_hidden()
    _rename(page, "Arrow", "Warden Mk II")
    expect(dirty).to_be_visible()
    expect(dirty).to_have_attribute("data-dirty", "yes")
    # switching file asks first, in the page; cancelling keeps the edit and the file
    _open(page, "ships/harrier.yaml")
    dialog = page.get_by_test_id("confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("ships/warden.yaml has unsaved changes")
    _shot(page, "1-confirm")
    page.get_by_test_id("confirm-cancel").click()
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("files")).to_have_value("ships/warden.yaml")
    assert "name: Warden Mk II" in _editor_text(page)
    # keep it as a draft, open the other file, come back: the draft is offered
    _open(page, "ships/harrier.yaml")
    page.get_by_test_id("confirm-keep").click()
    expect(page.get_by_test_id("save-path")).to_have_value("ships/harrier.yaml", timeout=15_000)
    expect(dirty).to_be_hidden()
    assert "name: Anvil" in _editor_text(page)
    page.locator("[data-testid=editor] .cm-content").click()
    page.keyboard.press("Control+z")  # opening a file is no edit: Ctrl+Z does not bring warden back
    page.wait_for_timeout(300)
    assert "name: Anvil" in _editor_text(page)
    expect(dirty).to_be_hidden()
    _open(page, "ships/warden.yaml")  # harrier is unchanged: no question
    draft = page.get_by_test_id("draft")
    expect(draft).to_be_visible(timeout=15_000)
    expect(draft).to_contain_text("ships/warden.yaml")
    assert "name: Arrow" in _editor_text(page)  # the file as saved, until the draft is restored
    _shot(page, "2-draft-offered")
    page.get_by_test_id("draft-restore").click()
    expect(draft).to_be_hidden()
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text("name: Warden Mk II")
    expect(dirty).to_be_visible()
    expect(page.get_by_test_id("field-name")).to_have_value("Warden Mk II")
    # the restore is one edit: undone with Ctrl+Z
    page.locator("[data-testid=editor] .cm-content").click()
    page.keyboard.press("Control+z")
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text("name: Arrow")
    expect(dirty).to_be_hidden()
    # discarding on the way out drops the draft for good
    _rename(page, "Arrow", "Scrap")
    _open(page, "ships/harrier.yaml")
    page.get_by_test_id("confirm-discard").click()
    expect(page.get_by_test_id("save-path")).to_have_value("ships/harrier.yaml", timeout=15_000)
    _open(page, "ships/warden.yaml")
    expect(page.get_by_test_id("save-path")).to_have_value("ships/warden.yaml", timeout=15_000)
    expect(draft).to_be_hidden()
    assert "name: Arrow" in (space / "ships" / "warden.yaml").read_text(encoding="utf-8")


def test_switching_game_asks_first(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    _rename(page, "New design", "Unsaved")
    page.get_by_test_id("game").select_option("kill-radius")
    expect(page.get_by_test_id("confirm")).to_be_visible()
    expect(page.get_by_test_id("confirm")).to_contain_text("The new design has unsaved changes")
    page.get_by_test_id("confirm-cancel").click()
    expect(page.get_by_test_id("game")).to_have_value("starfire")
    assert "name: Unsaved" in _editor_text(page)
    page.get_by_test_id("game").select_option("kill-radius")
    page.get_by_test_id("confirm-discard").click()
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text(
        "game: kill-radius", timeout=5000
    )
    expect(page.get_by_test_id("dirty")).to_be_hidden()


def test_a_reload_offers_the_draft_back_and_closing_asks(page: Any) -> None:
    from playwright.sync_api import expect

    _open(page, "ships/harrier.yaml")
    expect(page.get_by_test_id("save-path")).to_have_value("ships/harrier.yaml", timeout=15_000)
    _rename(page, "Anvil", "Harrier")
    expect(page.get_by_test_id("dirty")).to_be_visible()
    page.reload()  # as after a crash: the page comes back on the same file, its draft offered
    page.wait_for_selector("body[data-ready=yes]")
    expect(page.get_by_test_id("save-path")).to_have_value("ships/harrier.yaml", timeout=15_000)
    expect(page.get_by_test_id("draft")).to_be_visible()
    _shot(page, "3-after-reload")
    page.get_by_test_id("draft-restore").click()
    expect(page.locator("[data-testid=editor] .cm-content")).to_contain_text("name: Harrier")
    expect(page.get_by_test_id("dirty")).to_be_visible()
    # closing (or reloading) the tab with unsaved changes asks (beforeunload)
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.accept()

    page.on("dialog", answer)
    page.close(run_before_unload=True)
    page.wait_for_event("close", timeout=15_000)
    assert asked == ["beforeunload"]


def test_save_as_into_a_new_folder(page: Any, space: Path) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    path = f"ships/{page.size_name}/vigilant.yaml"
    _rename(page, "New design", "Vigilant")
    page.get_by_test_id("save-path").fill(path)
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("dirty")).to_have_attribute(
        "data-dirty", "no", timeout=15_000
    )  # saved (a later notice may replace "saved ...")
    expect(page.get_by_test_id("dirty")).to_be_hidden()
    expect(page.get_by_test_id("files")).to_have_value(path)
    assert "name: Vigilant" in (space / path).read_text(encoding="utf-8")
    _shot(page, "4-saved-in-new-folder")


def test_previews_are_marked_stale_while_the_yaml_cannot_be_read(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    stale = page.get_by_test_id("stale")
    expect(stale).to_be_hidden()
    _type(page, "game: starfire\nname: [Broken\nhull: CT\n")
    expect(page.get_by_test_id("verdict")).to_have_text("cannot be read", timeout=15_000)
    expect(stale).to_be_visible()
    expect(page.get_by_test_id("preview-stale")).to_be_visible()
    expect(page.get_by_test_id("stats")).to_have_class("stats stale")
    expect(page.get_by_test_id("sheet-preview")).to_have_class("stale")
    _shot(page, "5-stale")
    _type(page, "game: starfire\nname: Fixed\nhull: CT\nsystems: SSAA(I)(I)(I)QLR\n")
    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    expect(stale).to_be_hidden()
    expect(page.get_by_test_id("stats")).to_have_class("stats")


def test_a_hull_chosen_in_the_form_leaves_no_comment_about_the_old_one(page: Any) -> None:
    from playwright.sync_api import expect

    expect(page.get_by_test_id("verdict")).to_have_text("legal", timeout=15_000)
    page.get_by_test_id("field-hull").select_option("CL")
    editor = page.locator("[data-testid=editor] .cm-content")
    expect(editor).to_contain_text("hull: CL")
    assert "CT's" not in _editor_text(page)


def test_stats_are_a_players_table_and_typos_get_did_you_mean(page: Any) -> None:
    from playwright.sync_api import expect

    page.get_by_test_id("game").select_option("knight-hawks-2000")
    stats = page.get_by_test_id("stats")
    maneuvers = page.locator("[data-testid=stats] dt:text-is('maneuver points') + dd")
    expect(maneuvers).to_have_text("30 a turn; one maneuver takes 1/30 turns", timeout=15_000)
    expect(page.locator("[data-testid=stats] dt:text-is('structure') + dd")).to_contain_text("60 SP")
    for raw in ("0.0333", "count", "maneuver turns", "_"):
        assert raw not in stats.inner_text()
    _shot(page, "6-stats-knight-hawks")
    page.get_by_test_id("game").select_option("starfire")
    expect(page.get_by_test_id("field-hull")).to_have_value("CT", timeout=15_000)
    _type(page, "game: starfire\nname: Typo\nhull: LC\nsystems: SSAP(I)QLR\nmunitions: {PT: 6}\n")
    findings = page.get_by_test_id("findings")
    expect(findings).to_contain_text("unknown hull 'LC' (did you mean CL?)", timeout=15_000)
    _type(page, "game: starfire\nname: Typo\nhull: CT\nsystems: SSAP(I)QLR\nmunitions: {PT: 6}\n")
    expect(findings).to_contain_text("unknown system 'P' (did you mean Pt?)", timeout=15_000)
    expect(findings).to_contain_text("PT does not use munitions (did you mean Pt?)")
    _shot(page, "7-did-you-mean")


def test_breaking_the_budget_turns_the_lamp_and_marks_the_bar(page: Any) -> None:
    from playwright.sync_api import expect

    lamp = page.get_by_test_id("legal-lamp")
    expect(lamp).to_have_attribute("data-errors", "0", timeout=15_000)
    expect(lamp).to_have_class("lamp legal")
    hs = page.locator("[data-testid=budget] .meter[data-budget='hull spaces']")
    expect(hs).to_have_attribute("aria-valuenow", "16")
    expect(hs).to_have_attribute("data-ok", "yes")
    page.get_by_test_id("field-systems").fill("SSAA(I)(I)(I)QLRL")  # 20 HS on the CT's 16
    expect(hs).to_have_attribute("data-ok", "no", timeout=15_000)
    expect(hs).to_have_attribute("aria-valuenow", "20")
    expect(page.locator("[data-testid=budget] .text[data-budget='hull spaces']")).to_contain_text(
        "20 / 16 HS"
    )
    expect(lamp).to_have_class("lamp illegal")
    expect(lamp).to_have_attribute("data-errors", "1")
    expect(lamp).to_have_text("1 error, 0 warnings")
    _shot(page, "8-budget-broken")
    page.get_by_test_id("field-hull").select_option("DD")  # 30 HS, but 2 quarters needed
    expect(hs).to_have_attribute("data-ok", "yes", timeout=15_000)
    q = page.locator("[data-testid=budget] .meter[data-budget='crew quarters']")
    expect(q).to_have_attribute("data-ok", "no")
    expect(page.locator("[data-testid=budget] .text[data-budget='crew quarters']")).to_contain_text(
        "1 of 2 Q needed"
    )
    _type(page, "game: starfire\nname: [Broken\n")
    expect(lamp).to_have_class("lamp unreadable", timeout=15_000)
    expect(page.get_by_test_id("budget")).to_have_class("budget stale")
