"""Renderers return warnings as data; the command line prints them, nothing else does."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sheetgen import kit as kit_module
from sheetgen.core.output import OutputError
from sheetgen.core.rendered import Rendered
from sheetgen.games import find_game
from sheetgen.render import html as html_module
from sheetgen.render import parts as render_parts
from sheetgen.render.cards import render_card
from sheetgen.render.html import html_to_pdf, weasyprint_warnings
from sheetgen.scenarios.scenario import load_scenario

from tests.conftest import DESIGNS, Built
from tests.every_game import every_game

Invoke = Callable[..., Any]
Write = Callable[[str, str], Path]

BAD_CSS = "<style>p { colr: red; }</style>"
SCENARIO = DESIGNS / "starfire" / "scenarios" / "small-task-groups.yaml"


def test_a_template_problem_comes_back_as_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    html = f"<html><head>{BAD_CSS}</head><body><p>Arrow</p><img src='no-such-image.png'></body></html>"
    with caplog.at_level(logging.DEBUG):
        rendered = html_to_pdf(html)
    assert rendered.data.startswith(b"%PDF-")
    assert rendered.warnings[0] == "Ignored `colr: red` at 1:5, unknown property."
    assert len(rendered.warnings) == 2
    assert rendered.warnings[1].startswith("Failed to load image at ")
    assert "no-such-image.png" in rendered.warnings[1]
    # returned, not logged as well
    assert [r for r in caplog.records if r.name.startswith("weasyprint")] == []


def test_the_weasyprint_logger_is_left_as_it_was() -> None:
    logger = logging.getLogger("weasyprint")
    handlers = list(logger.handlers)
    logger.setLevel(logging.ERROR)
    try:
        with weasyprint_warnings() as found:
            assert logger.propagate is False
            assert logger.getEffectiveLevel() == logging.WARNING
            logging.getLogger("weasyprint.progress").warning("from a child logger")
        assert found == ["from a child logger"]
        assert logger.propagate is True
        assert logger.level == logging.ERROR
        assert logger.handlers == handlers
    finally:
        logger.setLevel(logging.NOTSET)


def test_warnings_of_another_thread_are_not_collected() -> None:
    logger = logging.getLogger("weasyprint")
    with weasyprint_warnings() as found:
        other = threading.Thread(target=lambda: logger.warning("another render"))
        other.start()
        other.join()
        logger.warning("this render")
        logger.warning("this render")
    assert found == ["this render"]  # each message once


@pytest.mark.parametrize("game", every_game())
def test_bundled_reference_cards_warn_nothing(game: str, reference_card: Callable[[str, str], Built]) -> None:
    card = reference_card(game, "pdf")  # sheetgen reference GAME -o card.pdf, once per session
    assert card.exit_code == 0 and "warning" not in card.stderr, card.stderr
    assert render_card(find_game(game), fmt="json") == Rendered(rendered_json(game))


def rendered_json(game: str) -> bytes:
    from sheetgen.core.card import card_to_json

    return card_to_json(find_game(game).reference()).encode("utf-8")


def test_a_template_problem_is_printed_by_the_command_line(
    invoke: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = html_module.render_html

    def broken(template: str, context: dict[str, Any]) -> str:
        return real(template, context).replace("</head>", f"{BAD_CSS}</head>", 1)

    monkeypatch.setattr(html_module, "render_html", broken)
    out = tmp_path / "card.pdf"
    result = invoke("reference", "starfire", "-o", out)
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [
        "sheetgen: warning: Ignored `colr: red` at 1:5, unknown property.",
        f"wrote {out}",
    ]


def test_the_kit_returns_its_warnings_and_prints_nothing(
    write: Write, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kit's warnings come back as data, each once however many parts make it
    (a name WeasyPrint cannot print warns in every part that prints it)."""
    text = SCENARIO.read_text(encoding="utf-8").replace("../ships/", f"{SCENARIO.parent.parent}/ships/")
    path = write("big.yaml", text + "options:\n  counter_size: 3/4in\n")
    scenario, _ = load_scenario(path)
    assert scenario is not None
    real_draw = render_parts.draw_part

    def parts_that_all_warn(part: Any) -> Any:
        return real_draw(part).warned(["every part says this"])

    monkeypatch.setattr(kit_module, "draw_part", parts_that_all_warn)
    kit = kit_module.build_kit(scenario, tmp_path / "kit")
    assert [f.name for f in kit.files] == [
        "briefing.pdf",
        "record-sheets.pdf",
        "counters.pdf",
        "map.pdf",
        "reference-card.pdf",
        "quick-card.pdf",
    ]
    assert kit.name_warnings == []
    warning, same = kit.warnings
    assert warning.startswith(f"{path}: options.counter_size 3/4in does not fit the map's 1in hexes")
    assert same == "every part says this"
    assert capsys.readouterr() == ("", "")


def test_a_failed_kit_keeps_the_warnings_made_before_it_failed(
    write: Write, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = SCENARIO.read_text(encoding="utf-8").replace("../ships/", f"{SCENARIO.parent.parent}/ships/")
    text = text.replace("scenario: Small task groups", "scenario: Small task groups ☃☃")
    path = write("big.yaml", text + "options:\n  counter_size: 3/4in\n")
    scenario, _ = load_scenario(path)
    assert scenario is not None

    def no_map(*args: object) -> object:
        raise OutputError("the map will not print")

    monkeypatch.setattr(kit_module, "map_part", no_map)
    with pytest.raises(kit_module.KitError) as failed:
        kit_module.build_kit(scenario, tmp_path / "kit")
    assert str(failed.value) == "the map will not print"
    assert len(failed.value.warnings) == 1 and "counter_size 3/4in" in failed.value.warnings[0]
    assert failed.value.name_warnings == kit_module.name_warnings(scenario)
    assert not (tmp_path / "kit" / "briefing.pdf").exists()


def test_characters_no_font_has_are_one_warning_line() -> None:
    """WeasyPrint warns once a character no font has; a document is one line naming them all
    (a seven-character name gave seven lines)."""
    from sheetgen.render.html import font_face_css

    page = f"<html><head><style>{font_face_css()} p {{ font-family: SheetSans; }}</style></head>"
    rendered = html_to_pdf(page + "<body><p>星際 Arrow 星</p><p>way</p></body></html>")
    assert rendered.warnings == (
        "the bundled fonts have no glyph for '星' (U+661F), '際' (U+969B); they print as empty boxes",
    )
